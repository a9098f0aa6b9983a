// SPDX-License-Identifier: GPL-2.0-only
/*
 * The confidence of the gate's verdict, not of one step (issue 37 item 2).
 * Each compared row's envelope test ("every new run beyond every baseline
 * run") holds its level for that row alone; over a curve of many steps and
 * terms some row crosses on pure noise far more often.  So a regression is
 * declared only when the runs as they were split (baseline, new) show a
 * larger exceedance than every other split of the same runs into groups of
 * the same sizes: the statistic is the largest exceedance beyond its
 * threshold of the least extreme pair, over every compared row and term.
 * Under no change (whole runs exchangeable, whatever the steps do inside a
 * run) each of the C(nb + nc, nb) splits is equally likely to be the
 * largest, so the verdict's false-alarm rate is at most 1 / C whatever the
 * number of steps and terms: an exact permutation test over whole runs.
 * Beyond MAX_SPLITS splits a fixed sample of MAX_SPLITS - 1 random ones
 * stands for them (level 1 / MAX_SPLITS).
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gate/baseline.h"

#define MAX_SPLITS 10000u

/* C(n, k), or MAX_SPLITS + 1 when larger. */
static size_t splits_of(size_t n, size_t k)
{
	double c = 1;

	for (size_t i = 1; i <= k; i++)
		c = c * (double)(n - k + i) / (double)i;
	return c > MAX_SPLITS ? MAX_SPLITS + 1 : (size_t)llround(c);
}

double fr_bl_verdict_confidence(size_t nb, size_t nc)
{
	size_t c = splits_of(nb + nc, nb);

	if (nb < 2 && nc < 2)
		return 0;
	return 1 - 1.0 / (double)(c > MAX_SPLITS ? MAX_SPLITS : c);
}

/* The exceedance of term t on figures v[0..n) split by in_base: how far
 * the least extreme (baseline, new) pair is beyond the threshold, in
 * percentage points; -INFINITY when a side has none of the figure. */
static double exceedance(const struct fr_gate_term *t, const double *v, const bool *in_base,
			 size_t n)
{
	double bmin = INFINITY, bmax = -INFINITY, cmin = INFINITY, cmax = -INFINITY;

	for (size_t i = 0; i < n; i++) {
		if (isnan(v[i]))
			continue;
		if (in_base[i]) {
			bmin = fmin(bmin, v[i]);
			bmax = fmax(bmax, v[i]);
		} else {
			cmin = fmin(cmin, v[i]);
			cmax = fmax(cmax, v[i]);
		}
	}
	if (isinf(bmin) || isinf(cmin) || bmin <= 0)
		return -INFINITY;
	return t->above ? (cmin / bmax - 1) * 100.0 - t->pct : t->pct - (cmax / bmin - 1) * 100.0;
}

/* The statistic of one split: the largest exceedance over the compared
 * rows and the terms. */
static double statistic(const struct fr_baseline *b, const struct fr_gate *g, const bool *in_base)
{
	size_t n = b->nbase_runs + b->ncur_runs;
	double best = -INFINITY;

	for (size_t r = 0; r < b->nrows; r++) {
		const struct fr_bl_row *row = &b->rows[r];

		if (row->status != FR_BL_COMPARED || !row->runfig)
			continue;
		for (size_t t = 0; t < g->nterms; t++)
			best = fmax(best, exceedance(&g->terms[t],
						     row->runfig + (size_t)g->terms[t].metric * n,
						     in_base, n));
	}
	return best;
}

/* The next nb-subset of 0..n-1 in lexicographic order (idx ascending);
 * false after the last. */
static bool next_subset(size_t *idx, size_t k, size_t n)
{
	size_t i = k;

	while (i > 0 && idx[i - 1] == n - k + i - 1)
		i--;
	if (!i)
		return false;
	idx[i - 1]++;
	for (size_t j = i; j < k; j++)
		idx[j] = idx[j - 1] + 1;
	return true;
}

/* A random nb-subset (a fixed xorshift sequence: the same report twice). */
static void random_subset(bool *in_base, size_t n, size_t k, uint64_t *seed)
{
	memset(in_base, 0, n * sizeof(*in_base));
	for (size_t chosen = 0; chosen < k;) {
		size_t i;

		*seed ^= *seed << 13;
		*seed ^= *seed >> 7;
		*seed ^= *seed << 17;
		i = (size_t)(*seed % n);
		if (!in_base[i]) {
			in_base[i] = true;
			chosen++;
		}
	}
}

/* Whether split in_base is the one the runs came in (the first nb). */
static bool is_actual(const bool *in_base, size_t nb)
{
	for (size_t i = 0; i < nb; i++)
		if (!in_base[i])
			return false;
	return true;
}

/* Counts the other splits whose statistic reaches t0 into *ge, over every
 * split or a sample of them. */
static void count_splits(const struct fr_baseline *b, const struct fr_gate *g, double t0,
			 bool *in_base, size_t *idx, size_t *ge)
{
	size_t nb = b->nbase_runs, n = nb + b->ncur_runs;
	uint64_t seed = 0x9e3779b97f4a7c15ULL;

	*ge = 0;
	if (splits_of(n, nb) > MAX_SPLITS) {
		for (size_t s = 0; s + 1 < MAX_SPLITS; s++) {
			random_subset(in_base, n, nb, &seed);
			*ge += !is_actual(in_base, nb) && statistic(b, g, in_base) >= t0;
		}
		return;
	}
	for (size_t i = 0; i < nb; i++)
		idx[i] = i;
	while (next_subset(idx, nb, n)) { /* the first subset is the actual split */
		memset(in_base, 0, n * sizeof(*in_base));
		for (size_t i = 0; i < nb; i++)
			in_base[idx[i]] = true;
		*ge += statistic(b, g, in_base) >= t0;
	}
}

int fr_bl_verdict_test(struct fr_baseline *b, const struct fr_gate *g)
{
	size_t nb = b->nbase_runs, n = nb + b->ncur_runs;
	bool *in_base;
	size_t *idx;
	double t0;

	b->splits = 0;
	b->splits_ge = 0;
	if (!g || !g->nterms || (nb < 2 && b->ncur_runs < 2) || !b->ncrossed)
		return 0;
	in_base = calloc(n, sizeof(*in_base));
	idx = calloc(n, sizeof(*idx));
	if (!in_base || !idx) {
		free(in_base);
		free(idx);
		return -ENOMEM;
	}
	for (size_t i = 0; i < nb; i++)
		in_base[i] = true;
	t0 = statistic(b, g, in_base);
	count_splits(b, g, t0, in_base, idx, &b->splits_ge);
	b->splits = splits_of(n, nb) > MAX_SPLITS ? MAX_SPLITS : splits_of(n, nb);
	free(in_base);
	free(idx);
	if (!b->splits_ge)
		return 0;
	/* as large a change in another split of the same runs: noise */
	for (size_t r = 0; r < b->nrows; r++) {
		b->rows[r].within_noise |= b->rows[r].crossed;
		b->rows[r].crossed = 0;
	}
	b->ncrossed = 0;
	return 0;
}
