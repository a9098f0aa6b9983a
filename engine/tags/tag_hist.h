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

/**
 * tag_hist_init() - empty a histogram
 * @h: the histogram (caller's memory, 14,928 bytes)
 *
 * Zeroes every count and sum and sets the minimum to UINT64_MAX, so that the
 * first tag_hist_add() sets it.  Call before the first add or merge into @h.
 */
void tag_hist_init(struct tag_hist *h);

/**
 * tag_hist_index() - the bucket a latency falls in
 * @ns: the latency, ns
 *
 * Below 128 ns one bucket per ns; above, 64 buckets per power of two; from
 * TAG_HIST_LIMIT_NS (2^34 ns) up, the overflow bucket.  Branch-free: it runs
 * for every I/O.
 *
 * Return: the bucket's index, at most TAG_HIST_OVERFLOW.
 */
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

/**
 * tag_hist_add() - record one latency
 * @h: the histogram (tag_hist_init() first)
 * @ns: the latency, ns
 *
 * Counts @ns in its bucket and in the count, minimum, maximum, sum and sum
 * of squares.  O(1), no allocation: the hot path.
 */
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

/**
 * tag_hist_bucket_low() - the lowest value of a bucket
 * @idx: the bucket's index, below TAG_HIST_OVERFLOW (the overflow bucket has
 *       no upper bound, so no geometry)
 *
 * Return: the lowest latency, ns, that tag_hist_index() puts in bucket @idx.
 */
uint64_t tag_hist_bucket_low(unsigned int idx);
/**
 * tag_hist_bucket_width() - the width of a bucket
 * @idx: the bucket's index, below TAG_HIST_OVERFLOW
 *
 * Return: how many ns bucket @idx spans: 1 below 128 ns, then a power of two.
 */
uint64_t tag_hist_bucket_width(unsigned int idx);

/**
 * tag_hist_merge() - add one histogram to another
 * @dst: the histogram added to
 * @src: the histogram added, unchanged; an empty one changes nothing
 *
 * Exact: the buckets, count and sums add, the extremes combine, so merging
 * gives what recording every sample into @dst would have.
 */
void tag_hist_merge(struct tag_hist *dst, const struct tag_hist *src);

/**
 * tag_hist_mean() - the mean latency
 * @h: the histogram
 *
 * Return: the mean of the samples, ns, from the exact sum; 0 for an empty
 * histogram.
 */
double tag_hist_mean(const struct tag_hist *h);

/**
 * tag_hist_stddev() - the samples' standard deviation
 * @h: the histogram
 *
 * The sample standard deviation (divided by n - 1, as fio), from the exact
 * sums, the variance formed in long double.
 *
 * Return: the standard deviation, ns; 0 for fewer than two samples.
 */
double tag_hist_stddev(const struct tag_hist *h);

/**
 * tag_pct_rank() - the nearest-rank position of a percentile
 * @pct: the percentile, 0 < pct <= 100 (at most 0 counts as the first rank,
 *       100 and above as the last)
 * @n: how many samples, sorted
 *
 * ceil(pct / 100 * n), computed in integers on the percentile's six decimals
 * so that 99.99 % of 10000 is exactly 9999.
 *
 * Return: the sample's rank, 1-based (1..@n); 0 when @n is 0.
 */
uint64_t tag_pct_rank(double pct, uint64_t n);

/**
 * tag_hist_percentile() - one percentile of the samples
 * @h: the histogram
 * @pct: the percentile, 0 < pct <= 100
 *
 * Return: the midpoint of the bucket holding the sample of rank
 * tag_pct_rank(@pct, n), clamped to [min, max]; the exact maximum when that
 * bucket is the overflow bucket; 0 for an empty histogram.  In ns.
 */
uint64_t tag_hist_percentile(const struct tag_hist *h, double pct);

/**
 * tag_hist_percentiles() - several percentiles in one pass
 * @h: the histogram
 * @pct: the percentiles, ascending (the walk over the buckets resumes where
 *       the previous one stopped)
 * @npct: how many
 * @out: @npct values, ns, each as tag_hist_percentile() gives it
 */
void tag_hist_percentiles(const struct tag_hist *h, const double *pct, unsigned int npct,
			  uint64_t *out);

/**
 * tag_hist_diff_percentiles() - percentiles of the samples added since a copy
 * @now: the histogram
 * @then: a copy of @now taken earlier: its samples are left out
 * @min: the smallest sample added since, ns (the clamp's floor)
 * @max: the largest sample added since, ns (the clamp's ceiling, and the
 *       value of a percentile in the overflow bucket)
 * @pct: the percentiles, ascending
 * @npct: how many
 * @out: @npct values, ns; all 0 when nothing was added since
 *
 * The time series uses this to summarise an interval without a histogram of
 * its own.
 */
void tag_hist_diff_percentiles(const struct tag_hist *now, const struct tag_hist *then,
			       uint64_t min, uint64_t max, const double *pct, unsigned int npct,
			       uint64_t *out);

#endif
