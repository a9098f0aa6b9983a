// SPDX-License-Identifier: GPL-2.0-only
/*
 * Log-linear latency histogram: bucket geometry, statistics, merge and
 * percentiles.  The hot-path recording is inline in tag_hist.h.
 */
#include <string.h>

#include "tag_hist.h"

_Static_assert(TAG_HIST_OVERFLOW == 1856, "bucket layout changed: update docs/tags.md");

void tag_hist_init(struct tag_hist *h)
{
	memset(h, 0, sizeof(*h));
	h->min = UINT64_MAX;
}

uint64_t tag_hist_bucket_low(unsigned int idx)
{
	unsigned int shift;

	if (idx < 2 * TAG_HIST_SUB)
		return idx;
	shift = (idx >> TAG_HIST_SUB_BITS) - 1;
	return (uint64_t)(idx - (shift << TAG_HIST_SUB_BITS)) << shift;
}

uint64_t tag_hist_bucket_width(unsigned int idx)
{
	if (idx < 2 * TAG_HIST_SUB)
		return 1;
	return 1ull << ((idx >> TAG_HIST_SUB_BITS) - 1);
}

void tag_hist_merge(struct tag_hist *dst, const struct tag_hist *src)
{
	unsigned int i;

	if (!src->n)
		return;
	for (i = 0; i < TAG_HIST_NBUCKETS; i++)
		dst->bucket[i] += src->bucket[i];
	dst->n += src->n;
	dst->sum += src->sum;
	dst->sumsq += src->sumsq;
	if (src->min < dst->min)
		dst->min = src->min;
	if (src->max > dst->max)
		dst->max = src->max;
}

double tag_hist_mean(const struct tag_hist *h)
{
	return h->n ? (double)((long double)h->sum / h->n) : 0.0;
}

/*
 * Square root by Newton's method from an exponent-halving first guess (within
 * 6 %; six steps reach full precision): the pure objects then link without
 * -lm, which the unit tests' link line does not carry.
 */
static double root(double v)
{
	uint64_t bits;
	double r;
	int i;

	if (!(v > 0.0))
		return 0.0;
	memcpy(&bits, &v, sizeof(bits));
	bits = (bits >> 1) + (0x3ffull << 51);
	memcpy(&r, &bits, sizeof(r));
	for (i = 0; i < 6; i++)
		r = 0.5 * (r + v / r);
	return r;
}

/*
 * (sumsq - sum^2 / n) / (n - 1) in long double (64-bit mantissa): the sums are
 * exact, so the only rounding is here, and the cancellation costs at most
 * (mean / stddev)^2 of 2^-64: 1e-11 relative for a stddev of 1e-4 the mean.
 */
double tag_hist_stddev(const struct tag_hist *h)
{
	long double sum = (long double)h->sum, var;

	if (h->n < 2)
		return 0.0;
	var = ((long double)h->sumsq - sum * sum / h->n) / (h->n - 1);
	return root((double)var);
}

uint64_t tag_pct_rank(double pct, uint64_t n)
{
	const unsigned __int128 scale = 100000000; /* 100 % in millionths of a percent */
	unsigned __int128 micro, rank;

	if (!n || !(pct > 0.0))
		return n ? 1 : 0;
	if (pct >= 100.0)
		return n;
	micro = (unsigned __int128)(pct * 1e6 + 0.5); /* pct > 0: rounds */
	rank = (micro * n + scale - 1) / scale;
	return rank ? (uint64_t)rank : 1;
}

/* The value reported for a percentile landing in bucket @idx. */
static uint64_t bucket_value(unsigned int idx, uint64_t min, uint64_t max)
{
	uint64_t v;

	if (idx >= TAG_HIST_OVERFLOW)
		return max;
	v = tag_hist_bucket_low(idx) + tag_hist_bucket_width(idx) / 2;
	if (v < min)
		v = min;
	if (v > max)
		v = max;
	return v;
}

/* Bucket counts of @now minus those of @then (NULL: nothing to subtract). */
static void walk(const struct tag_hist *now, const struct tag_hist *then, uint64_t min,
		 uint64_t max, const double *pct, unsigned int npct, uint64_t *out)
{
	uint64_t n = now->n - (then ? then->n : 0), seen = 0, count;
	unsigned int idx = 0, i;

	for (i = 0; i < npct; i++) {
		uint64_t rank = tag_pct_rank(pct[i], n);

		if (!n) {
			out[i] = 0;
			continue;
		}
		/* ranks ascend with pct, so the walk resumes where it stopped */
		for (; idx < TAG_HIST_NBUCKETS; idx++) {
			count = now->bucket[idx] - (then ? then->bucket[idx] : 0);
			if (seen + count >= rank)
				break;
			seen += count;
		}
		out[i] = bucket_value(idx, min, max);
	}
}

void tag_hist_percentiles(const struct tag_hist *h, const double *pct, unsigned int npct,
			  uint64_t *out)
{
	walk(h, NULL, h->min, h->max, pct, npct, out);
}

void tag_hist_diff_percentiles(const struct tag_hist *now, const struct tag_hist *then,
			       uint64_t min, uint64_t max, const double *pct, unsigned int npct,
			       uint64_t *out)
{
	walk(now, then, min, max, pct, npct, out);
}

uint64_t tag_hist_percentile(const struct tag_hist *h, double pct)
{
	uint64_t v;

	tag_hist_percentiles(h, &pct, 1, &v);
	return v;
}
