// SPDX-License-Identifier: GPL-2.0-only
/*
 * "Why the tail" for one key (tailwhy.h): its I/Os in latency order, the
 * slow ranks against the median ranks, each factor's shares and test, the
 * verdict and its sentence, the chart's points.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/tailwhy.h"
#include "report/tailwhy_priv.h"

static int by_latency(const void *a, const void *b)
{
	const struct fr_tw_rec *x = a, *y = b;

	if (x->lat != y->lat)
		return x->lat < y->lat ? -1 : 1;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

static int by_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* The median I/Os' nearest-rank FR_TW_K_PCT of a count, at least 1: fixed
 * before the slow I/Os are looked at, so no threshold is searched for. */
static uint32_t field(const struct fr_tw_rec *r, enum fr_tw_factor f)
{
	return f == FR_TW_WRITES ? r->w : f == FR_TW_READS ? r->rd : r->slat;
}

static int fix_k(const struct fr_tw_rec *r, size_t n, enum fr_tw_factor f, uint32_t *k)
{
	uint32_t *v = malloc((n ? n : 1) * sizeof(*v));
	size_t i, rank;

	if (!v)
		return -ENOMEM;
	for (i = 0; i < n; i++)
		v[i] = field(&r[i], f);
	qsort(v, n, sizeof(*v), by_u32);
	rank = (n * FR_TW_K_PCT + 99) / 100; /* ceil(n * 0.9) */
	*k = n ? v[rank ? rank - 1 : 0] : 0;
	if (*k < 1)
		*k = 1;
	free(v);
	return 0;
}

static bool hit(const struct fr_tw_rec *r, enum fr_tw_factor f, uint32_t k,
		const struct fr_tw_health *h)
{
	if (f == FR_TW_HEALTH)
		return fr_tw_in_spans(h, r->t);
	return field(r, f) >= k;
}

static uint64_t count_hits(const struct fr_tw_rec *r, size_t n, enum fr_tw_factor f, uint32_t k,
			   const struct fr_tw_health *h)
{
	uint64_t c = 0;
	size_t i;

	for (i = 0; i < n; i++)
		c += hit(&r[i], f, k, h);
	return c;
}

static int pick_points(const struct fr_tw_rec *r, size_t n, double **x, double **y, size_t *np)
{
	size_t i, m = n < FR_TW_CHART_PTS ? n : FR_TW_CHART_PTS;

	*x = calloc(m ? m : 1, sizeof(double));
	*y = calloc(m ? m : 1, sizeof(double));
	if (!*x || !*y)
		return -ENOMEM;
	for (i = 0; i < m; i++) {
		const struct fr_tw_rec *p = &r[i * n / m];

		(*x)[i] = p->w;
		(*y)[i] = (double)p->lat / 1000.0;
	}
	*np = m;
	return 0;
}

static bool has_slat(const struct fr_tw_rec *a, size_t na, const struct fr_tw_rec *b, size_t nb)
{
	size_t i;

	for (i = 0; i < na; i++)
		if (a[i].slat)
			return true;
	for (i = 0; i < nb; i++)
		if (b[i].slat)
			return true;
	return false;
}

static void test_factors(struct fr_tw_key *k, const struct fr_tw_rec *slow,
			 const struct fr_tw_rec *med, const struct fr_tw_health *h)
{
	enum fr_tw_factor f;
	double alpha;

	for (f = 0; f < FR_TW_NFACTORS; f++) {
		struct fr_tw_test *t = &k->t[f];

		if (f == FR_TW_HEALTH && !h->known) {
			t->why_not = "no health snapshots for its controller";
			continue;
		}
		if (f == FR_TW_SLAT && !has_slat(slow, k->n_slow, med, k->n_med)) {
			t->why_not = "the tag log has no submission latencies (an older engine)";
			continue;
		}
		t->tested = true;
		k->ntested++;
		t->slow_hits = count_hits(slow, k->n_slow, f, t->k, h);
		t->med_hits = count_hits(med, k->n_med, f, t->k, h);
		t->p = fr_tw_fisher_greater(t->slow_hits, k->n_slow, t->med_hits, k->n_med);
	}
	/* Bonferroni over the factors tested, and a gap worth naming */
	alpha = FR_TW_ALPHA / (k->ntested ? k->ntested : 1);
	for (f = 0; f < FR_TW_NFACTORS; f++) {
		struct fr_tw_test *t = &k->t[f];
		double gap;

		if (!t->tested)
			continue;
		gap = (double)t->slow_hits / k->n_slow - (double)t->med_hits / k->n_med;
		t->cause = t->p < alpha && gap >= FR_TW_MIN_GAP;
		if (t->cause)
			k->verdict = FR_TW_CAUSE;
	}
}

int fr_tw_attribute(struct fr_tw_key *k, struct fr_tw_recs *v, const struct fr_tw_health *h,
		    double pct)
{
	uint64_t slow_from, med_from, med_to;
	const struct fr_tw_rec *slow, *med;

	qsort(v->r, v->n, sizeof(*v->r), by_latency);
	k->n = v->n;
	fr_tw_band(v->n, pct, &slow_from, &med_from, &med_to);
	k->n_slow = v->n - slow_from;
	k->n_med = med_to - med_from;
	slow = v->r + slow_from;
	med = v->r + med_from;
	if (k->n_slow)
		k->tail_ns = slow[0].lat;
	if (k->n_med) {
		k->med_lo_ns = med[0].lat;
		k->med_hi_ns = med[k->n_med - 1].lat;
	}
	if (fix_k(med, k->n_med, FR_TW_WRITES, &k->t[FR_TW_WRITES].k) ||
	    fix_k(med, k->n_med, FR_TW_READS, &k->t[FR_TW_READS].k) ||
	    fix_k(med, k->n_med, FR_TW_SLAT, &k->t[FR_TW_SLAT].k))
		return -ENOMEM;
	if (pick_points(slow, k->n_slow, &k->slow_x, &k->slow_y, &k->nslow_pts) ||
	    pick_points(med, k->n_med, &k->med_x, &k->med_y, &k->nmed_pts))
		return -ENOMEM;
	if (k->n_slow < FR_TW_MIN_SLOW || !k->n_med) {
		k->verdict = FR_TW_TOO_FEW;
		return 0;
	}
	k->verdict = FR_TW_NONE;
	test_factors(k, slow, med, h);
	return 0;
}
