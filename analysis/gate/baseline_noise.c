// SPDX-License-Identifier: GPL-2.0-only
/*
 * The noise of repeated runs (issue 21): a fixed +-N % gate flips on
 * run-to-run noise, so with several runs per side a term counts as crossed
 * only when every new run is worse than every baseline run by more than the
 * threshold (the min/max envelope of the pairwise changes; baseline.h says
 * why this statistic and at what confidence).
 */
#include <math.h>
#include <stdlib.h>

#include "gate/baseline.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

double fr_bl_median(double *v, size_t n)
{
	if (!n)
		return NAN;
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The figures of v that exist, copied to out; their number. */
static size_t present(const double *v, size_t n, double *out)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (!isnan(v[i]) && !isinf(v[i]))
			out[k++] = v[i];
	return k;
}

/* (max - min) / median in percent of sorted v[0..n); NAN for one run. */
static double spread(const double *v, size_t n)
{
	double med;

	if (n < 2)
		return NAN;
	med = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	return med > 0 ? (v[n - 1] - v[0]) / med * 100.0 : NAN;
}

/* 1 - 1 / C(a + b, a): the confidence of "every new run beyond every
 * baseline run" under exchangeable runs; 0 without an estimate. */
double fr_bl_confidence(size_t a, size_t b)
{
	double c = 1;

	if (a < 2 && b < 2)
		return 0;
	for (size_t i = 1; i <= b; i++)
		c = c * (double)(a + i) / (double)i;
	return 1 - 1 / c;
}

bool fr_bl_noise(const double *base, size_t nb, const double *cur, size_t nc,
		 struct fr_bl_noise *nz)
{
	double *b = malloc((nb + nc + 1) * sizeof(*b)), *c = b ? b + nb : NULL;
	size_t kb, kc;
	bool ok;

	nz->nbase = nz->ncur = 0;
	nz->change_lo = nz->change_hi = nz->spread_base = nz->spread_cur = NAN;
	nz->confidence = 0;
	if (!b)
		return false;
	kb = present(base, nb, b);
	kc = present(cur, nc, c);
	nz->nbase = (unsigned)kb;
	nz->ncur = (unsigned)kc;
	fr_bl_median(b, kb); /* sorts */
	fr_bl_median(c, kc);
	/* change = cur / base - 1: smallest at the lowest new run over the
	 * highest baseline run, largest at the highest over the lowest */
	ok = kb && kc && b[0] > 0;
	if (ok) {
		nz->change_lo = (c[0] - b[kb - 1]) / b[kb - 1] * 100.0;
		nz->change_hi = (c[kc - 1] - b[0]) / b[0] * 100.0;
		nz->spread_base = spread(b, kb);
		nz->spread_cur = spread(c, kc);
		nz->confidence = fr_bl_confidence(kb, kc);
	}
	free(b);
	return ok;
}

bool fr_bl_has_noise(const struct fr_bl_noise *nz)
{
	return nz->nbase > 1 || nz->ncur > 1;
}

static bool beyond(const struct fr_gate_term *t, double change)
{
	return !isnan(change) && (t->above ? change > t->pct : change < t->pct);
}

bool fr_bl_term_crossed(const struct fr_gate_term *t, double change, const struct fr_bl_noise *nz,
			bool *within)
{
	*within = false;
	if (!beyond(t, change))
		return false;
	if (!fr_bl_has_noise(nz))
		return true;
	/* every pair: the pair least in the term's direction crosses too */
	if (beyond(t, t->above ? nz->change_lo : nz->change_hi))
		return true;
	*within = true;
	return false;
}
