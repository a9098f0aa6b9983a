/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Log-linear latency histogram with running statistics.
 *
 * Values below 128 ns get one bucket per nanosecond; above, every power of two
 * [2^k, 2^(k+1)) is split into 64 equal buckets.  A bucket's midpoint is then
 * within 1/128 (0.79 %) of any value in it, so every percentile is exact to
 * 0.79 % from 0 ns up to 2^34 ns (17.2 s).  Larger values land in one overflow
 * bucket; a percentile that falls there reports the exact maximum.
 *
 * Mean and standard deviation come from exact integer sums of the values and
 * (128-bit) of their squares (no rounding while recording, exact merges); the variance
 * is formed once, in long double, when asked for.
 *
 * Memory: fixed, sizeof(struct tag_hist) = 14,928 bytes.  Recording is O(1)
 * and branch-light: count leading zeros, a shift, an increment, two compares,
 * a multiply and three adds.
 */
#ifndef SSDNVME_TAG_HIST_H
#define SSDNVME_TAG_HIST_H

#include <stdbool.h>
#include <stdint.h>

#define TAG_HIST_SUB_BITS  6
#define TAG_HIST_SUB	   (1u << TAG_HIST_SUB_BITS) /* buckets per power of two */
#define TAG_HIST_MAX_SHIFT 27			     /* bucket width 2^27 ns at the top */
#define TAG_HIST_LIMIT_NS  (1ull << (TAG_HIST_MAX_SHIFT + TAG_HIST_SUB_BITS + 1)) /* 2^34 */
#define TAG_HIST_OVERFLOW  ((TAG_HIST_MAX_SHIFT + 2) * TAG_HIST_SUB)		  /* index 1856 */
#define TAG_HIST_NBUCKETS  (TAG_HIST_OVERFLOW + 1)

struct tag_hist {
	uint64_t n;
	uint64_t min;
	uint64_t max;
	uint64_t sum;		 /* of values: wraps after 584 years of summed latency */
	unsigned __int128 sumsq; /* of squared values: 2^128 ns^2 is 10^19 1 s I/Os */
	uint64_t bucket[TAG_HIST_NBUCKETS];
};

void tag_hist_init(struct tag_hist *h);

static inline unsigned int tag_hist_index(uint64_t ns)
{
	unsigned int shift;

	/* the limit itself indexes the overflow bucket: a clamp, not a branch */
	if (ns > TAG_HIST_LIMIT_NS)
		ns = TAG_HIST_LIMIT_NS;
	/* | 127: below 128 the shift is 0, one bucket per ns; no branch */
	shift = 63 - __builtin_clzll(ns | (2 * TAG_HIST_SUB - 1)) - TAG_HIST_SUB_BITS;
	/* (shift + 1) * SUB + (ns >> shift) - SUB, folded */
	return (shift << TAG_HIST_SUB_BITS) + (unsigned int)(ns >> shift);
}

static inline void tag_hist_add(struct tag_hist *h, uint64_t ns)
{
	h->bucket[tag_hist_index(ns)]++;
	h->n++;
	if (ns < h->min)
		h->min = ns;
	if (ns > h->max)
		h->max = ns;
	h->sum += ns;
	h->sumsq += (unsigned __int128)ns * ns;
}

/* Lowest value and width of bucket @idx (idx < TAG_HIST_OVERFLOW). */
uint64_t tag_hist_bucket_low(unsigned int idx);
uint64_t tag_hist_bucket_width(unsigned int idx);

/* dst += src. */
void tag_hist_merge(struct tag_hist *dst, const struct tag_hist *src);

/* Mean; 0 for an empty histogram. */
double tag_hist_mean(const struct tag_hist *h);

/* Sample standard deviation (n - 1, as fio), 0 for fewer than two samples. */
double tag_hist_stddev(const struct tag_hist *h);

/*
 * Nearest-rank position of percentile @pct (0 < pct <= 100) among @n sorted
 * samples, 1-based: ceil(pct / 100 * n), computed in integers on the
 * percentile's six decimals so that 99.99 % of 10000 is exactly 9999.
 */
uint64_t tag_pct_rank(double pct, uint64_t n);

/*
 * Percentile @pct: the midpoint of the bucket holding the sample of rank
 * tag_pct_rank(pct, n), clamped to [min, max].  0 for an empty histogram.
 */
uint64_t tag_hist_percentile(const struct tag_hist *h, double pct);

/* Several at once in one pass; @pct must be ascending. */
void tag_hist_percentiles(const struct tag_hist *h, const double *pct, unsigned int npct,
			  uint64_t *out);

/*
 * Percentiles of the samples added to @now since it was equal to @then (a
 * copy taken earlier), whose extremes were @min and @max: the time series
 * uses this to summarise an interval without a histogram of its own.
 */
void tag_hist_diff_percentiles(const struct tag_hist *now, const struct tag_hist *then,
			       uint64_t min, uint64_t max, const double *pct, unsigned int npct,
			       uint64_t *out);

#endif
