// SPDX-License-Identifier: GPL-2.0-only
/*
 * The statistics of "why the tail" (tailwhy.h): which ranks are slow and
 * which are the median, and the one-sided Fisher exact test.  Integer rank
 * arithmetic throughout, so that a separate reader (the test's python)
 * picks the very same I/Os.
 */
#include <math.h>

#include "report/tailwhy.h"

void fr_tw_band(uint64_t n, double pct, uint64_t *slow_from, uint64_t *med_from, uint64_t *med_to)
{
	/* pct in millionths of a percent point: 99.9 -> 99900000 of 1e8 */
	uint64_t micro = (uint64_t)llround(pct * 1e6);

	/* n * micro fits in 64 bits for n below 1.8e11 I/Os */
	*slow_from = n * micro / 100000000ull;
	*med_from = n * FR_TW_BAND_LO / 100;
	*med_to = n * FR_TW_BAND_HI / 100;
}

/* log of the hypergeometric probability of k hits in n1 draws. */
static double log_hyper(uint64_t k, uint64_t n1, uint64_t hits, uint64_t total)
{
	double r =
		lgamma((double)hits + 1) - lgamma((double)k + 1) - lgamma((double)(hits - k) + 1);

	r += lgamma((double)(total - hits) + 1) - lgamma((double)(n1 - k) + 1) -
	     lgamma((double)(total - hits - n1 + k) + 1);
	r -= lgamma((double)total + 1) - lgamma((double)n1 + 1) - lgamma((double)(total - n1) + 1);
	return r;
}

double fr_tw_fisher_greater(uint64_t a, uint64_t n1, uint64_t b, uint64_t n2)
{
	uint64_t hits = a + b, total = n1 + n2, top = hits < n1 ? hits : n1, k;
	double p = 0;

	if (!n1 || !n2)
		return 1;
	/* the tail from a up: the slow group holding a or more of the hits */
	for (k = a; k <= top; k++)
		p += exp(log_hyper(k, n1, hits, total));
	return p > 1 ? 1 : p;
}
