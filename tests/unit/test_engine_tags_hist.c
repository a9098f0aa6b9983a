// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests for the latency histogram: bucket geometry, the nearest-rank
 * definition, percentiles against exact percentiles of synthetic
 * distributions, running statistics and merge.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_rng.h"

#include "tag_hist.h"

#define MAX_REL_ERR (1.0 / 128) /* the documented bound, under the 1 % required */

static const double pcts[] = {1,  5,  10, 20,	30,   40,    50,    60,	    70,	     80,
			      90, 95, 99, 99.5, 99.9, 99.95, 99.99, 99.999, 99.9999, 100};
#define NPCT (sizeof(pcts) / sizeof(pcts[0]))

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t rng(void)
{
	return test_rng(&rng_state);
}

static double uniform01(void)
{
	return (rng() >> 11) * (1.0 / 9007199254740992.0);
}

/* Standard normal, Irwin-Hall: the sum of 12 uniforms minus 6 (tails cut at 6). */
static double gauss(void)
{
	double s = -6.0;
	int i;

	for (i = 0; i < 12; i++)
		s += uniform01();
	return s;
}

/* e^y by range reduction and Taylor series: the tests link without -lm. */
static double exp_(double y)
{
	const double ln2 = 0.69314718055994530942;
	double k = (double)(long long)(y / ln2 + (y < 0 ? -0.5 : 0.5)), r = y - k * ln2;
	double term = 1.0, sum = 1.0, scale = 1.0;
	int i;

	for (i = 1; i < 20; i++) {
		term *= r / i;
		sum += term;
	}
	for (i = 0; i < (k < 0 ? -k : k); i++)
		scale *= 2.0;
	return k < 0 ? sum / scale : sum * scale;
}

static double fabs_(double x)
{
	return x < 0 ? -x : x;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Feeds @v to a histogram and checks every percentile against the exact one. */
static void check_against_exact(uint64_t *v, size_t n)
{
	struct tag_hist *h = malloc(sizeof(*h));
	double sum = 0, sq = 0, mean;
	size_t i;

	assert_non_null(h);
	tag_hist_init(h);
	for (i = 0; i < n; i++) {
		tag_hist_add(h, v[i]);
		sum += (double)v[i];
	}
	qsort(v, n, sizeof(*v), cmp_u64);
	for (i = 0; i < NPCT; i++) {
		uint64_t exact = v[tag_pct_rank(pcts[i], n) - 1];
		uint64_t got = tag_hist_percentile(h, pcts[i]);
		double err = fabs_((double)got - (double)exact);

		if (exact < TAG_HIST_LIMIT_NS && err > MAX_REL_ERR * (double)exact) {
			fail_msg("p%g of %zu: histogram %llu, exact %llu (%.3f %%)", pcts[i], n,
				 (unsigned long long)got, (unsigned long long)exact,
				 100.0 * err / (double)exact);
		}
		if (exact >= TAG_HIST_LIMIT_NS && got != v[n - 1])
			fail_msg("overflow percentile should report the max");
	}
	mean = sum / (double)n;
	for (i = 0; i < n; i++)
		sq += ((double)v[i] - mean) * ((double)v[i] - mean);
	assert_int_equal(h->n, n);
	assert_int_equal(h->min, v[0]);
	assert_int_equal(h->max, v[n - 1]);
	assert_true(fabs_(tag_hist_mean(h) - mean) <= 1e-9 * mean + 1e-9);
	if (n > 1) {
		double var = sq / (double)(n - 1), sd = tag_hist_stddev(h);

		assert_true(fabs_(sd * sd - var) <= 1e-7 * var + 1e-9);
	}
	free(h);
}

static void test_geometry(void **state)
{
	unsigned int i, prev = 0;
	uint64_t v;

	(void)state;
	/* every bucket starts where the previous one ended */
	for (i = 1; i < TAG_HIST_OVERFLOW; i++)
		assert_int_equal(tag_hist_bucket_low(i),
				 tag_hist_bucket_low(i - 1) + tag_hist_bucket_width(i - 1));
	assert_int_equal(tag_hist_bucket_low(TAG_HIST_OVERFLOW - 1) +
				 tag_hist_bucket_width(TAG_HIST_OVERFLOW - 1),
			 TAG_HIST_LIMIT_NS);
	/* every value lands in the bucket that covers it, narrow enough */
	for (v = 0; v < TAG_HIST_LIMIT_NS; v = v < 4096 ? v + 1 : v + v / 333 + 1) {
		unsigned int idx = tag_hist_index(v);
		uint64_t lo = tag_hist_bucket_low(idx), w = tag_hist_bucket_width(idx);

		assert_true(idx >= prev);
		assert_true(lo <= v && v < lo + w);
		if (w > 1)
			assert_true((double)(w / 2) <= MAX_REL_ERR * (double)lo);
		prev = idx;
	}
	assert_int_equal(tag_hist_index(TAG_HIST_LIMIT_NS - 1), TAG_HIST_OVERFLOW - 1);
	assert_int_equal(tag_hist_index(TAG_HIST_LIMIT_NS), TAG_HIST_OVERFLOW);
	assert_int_equal(tag_hist_index(UINT64_MAX), TAG_HIST_OVERFLOW);
	/* the brief's range: 100 ns to 10 s inside the exact buckets */
	assert_true(10000000000ull < TAG_HIST_LIMIT_NS);
}

static void test_rank(void **state)
{
	(void)state;
	assert_int_equal(tag_pct_rank(50, 10), 5);
	assert_int_equal(tag_pct_rank(50, 11), 6);
	assert_int_equal(tag_pct_rank(99.99, 10000), 9999);
	assert_int_equal(tag_pct_rank(99.9, 1000), 999);
	assert_int_equal(tag_pct_rank(99.999, 100000), 99999);
	assert_int_equal(tag_pct_rank(99.999, 100001), 100000);
	assert_int_equal(tag_pct_rank(1, 10), 1);
	assert_int_equal(tag_pct_rank(100, 7), 7);
	assert_int_equal(tag_pct_rank(0.0001, 7), 1);
	assert_int_equal(tag_pct_rank(50, 0), 0);
	assert_int_equal(tag_pct_rank(99.9999, 10000000000000ull), 9999990000000ull);
}

static void test_empty(void **state)
{
	struct tag_hist h;

	(void)state;
	tag_hist_init(&h);
	assert_int_equal(tag_hist_percentile(&h, 99.0), 0);
	assert_int_equal(h.n, 0);
	assert_true(tag_hist_stddev(&h) == 0.0);
}

#define N_SAMPLES 1000000

static void test_uniform(void **state)
{
	uint64_t *v = malloc(N_SAMPLES * sizeof(*v));
	size_t i;

	(void)state;
	assert_non_null(v);
	for (i = 0; i < N_SAMPLES; i++)
		v[i] = 1000 + rng() % 999000; /* 1 us .. 1 ms */
	check_against_exact(v, N_SAMPLES);
	free(v);
}

static void test_lognormal(void **state)
{
	uint64_t *v = malloc(N_SAMPLES * sizeof(*v));
	size_t i;

	(void)state;
	assert_non_null(v);
	/* median 80 us, sigma 1.2: spans ~100 ns to tens of ms */
	for (i = 0; i < N_SAMPLES; i++)
		v[i] = (uint64_t)80000.0 * exp_(1.2 * gauss());
	check_against_exact(v, N_SAMPLES);
	free(v);
}

static void test_bimodal(void **state)
{
	uint64_t *v = malloc(N_SAMPLES * sizeof(*v));
	size_t i;

	(void)state;
	assert_non_null(v);
	/* 99.9 % fast reads around 90 us, 0.1 % stuck behind a 6 ms erase */
	for (i = 0; i < N_SAMPLES; i++) {
		double mode = rng() % 1000 ? 90000.0 : 6000000.0;

		v[i] = (uint64_t)(mode * (1.0 + 0.05 * gauss()));
	}
	check_against_exact(v, N_SAMPLES);
	free(v);
}

static void test_extremes(void **state)
{
	uint64_t v[] = {0,
			1,
			99,
			100,
			127,
			128,
			129,
			255,
			256,
			1000003,
			9999999999ull,
			10000000000ull,
			TAG_HIST_LIMIT_NS - 1,
			5,
			100};
	size_t n = sizeof(v) / sizeof(v[0]);

	(void)state;
	check_against_exact(v, n);
}

static void test_overflow(void **state)
{
	uint64_t v[100];
	size_t i;

	(void)state;
	for (i = 0; i < 100; i++)
		v[i] = 50000;
	v[99] = 25000000000ull; /* 25 s, beyond the exact range */
	check_against_exact(v, 100);
}

static void test_single(void **state)
{
	struct tag_hist h;

	(void)state;
	tag_hist_init(&h);
	tag_hist_add(&h, 123457);
	/* clamped to [min, max], a lone sample is reported exactly */
	assert_int_equal(tag_hist_percentile(&h, 50), 123457);
	assert_int_equal(tag_hist_percentile(&h, 99.999), 123457);
}

static void test_merge(void **state)
{
	struct tag_hist *a = malloc(sizeof(*a)), *b = malloc(sizeof(*b)),
			*all = malloc(sizeof(*all));
	size_t i;

	(void)state;
	assert_true(a && b && all);
	tag_hist_init(a);
	tag_hist_init(b);
	tag_hist_init(all);
	for (i = 0; i < 200000; i++) {
		uint64_t x = (uint64_t)50000.0 * exp_((i & 1 ? 0.4 : 1.5) * gauss());

		tag_hist_add(i < 50000 ? a : b, x);
		tag_hist_add(all, x);
	}
	tag_hist_merge(a, b);
	assert_int_equal(a->n, all->n);
	assert_int_equal(a->min, all->min);
	assert_int_equal(a->max, all->max);
	assert_memory_equal(a->bucket, all->bucket, sizeof(a->bucket));
	/* the sums are exact, so the merged statistics are identical */
	assert_true(a->sum == all->sum && a->sumsq == all->sumsq);
	assert_true(tag_hist_mean(a) == tag_hist_mean(all));
	assert_true(tag_hist_stddev(a) == tag_hist_stddev(all));
	assert_true(tag_hist_stddev(a) > 0);
	/* merging an empty one changes nothing */
	tag_hist_init(b);
	tag_hist_merge(a, b);
	assert_int_equal(a->n, all->n);
	/* merging into an empty one copies */
	tag_hist_merge(b, all);
	assert_int_equal(b->min, all->min);
	assert_true(tag_hist_mean(b) == tag_hist_mean(all));
	free(a);
	free(b);
	free(all);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_geometry),  cmocka_unit_test(test_rank),
		cmocka_unit_test(test_empty),	  cmocka_unit_test(test_uniform),
		cmocka_unit_test(test_lognormal), cmocka_unit_test(test_bimodal),
		cmocka_unit_test(test_extremes),  cmocka_unit_test(test_overflow),
		cmocka_unit_test(test_single),	  cmocka_unit_test(test_merge),
	};

	return cmocka_run_group_tests_name("engine_tags_hist", tests, NULL, NULL);
}
