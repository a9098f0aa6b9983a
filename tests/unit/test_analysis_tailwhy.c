// SPDX-License-Identifier: GPL-2.0-only
/*
 * "Why the tail"'s statistics (report/tailwhy.h): the one-sided Fisher exact
 * test against hypergeometric probabilities worked out by hand, and the
 * integer ranks of the slow and median I/Os.  The section on real tag logs
 * is tests/script/analysis-tailwhy.sh.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "report/tailwhy.h"

static void test_fisher(void **state)
{
	(void)state;
	/* 3 of 4 slow against 1 of 4 median: P(X >= 3) = (C(4,3) C(4,1) + 1) / C(8,4) */
	assert_true(fabs(fr_tw_fisher_greater(3, 4, 1, 4) - 17.0 / 70.0) < 1e-12);
	/* all 4 slow and none of the median: 1 / C(8,4) */
	assert_true(fabs(fr_tw_fisher_greater(4, 4, 0, 4) - 1.0 / 70.0) < 1e-12);
	/* nothing in common: the whole distribution */
	assert_true(fabs(fr_tw_fisher_greater(0, 30, 0, 300) - 1.0) < 1e-12);
	assert_true(fabs(fr_tw_fisher_greater(0, 4, 3, 4) - 1.0) < 1e-12);
	/* an empty group tells nothing */
	assert_true(fr_tw_fisher_greater(0, 0, 5, 10) == 1.0);
	assert_true(fr_tw_fisher_greater(5, 10, 0, 0) == 1.0);
	/* 50 of 50 slow, none of 5000 median: 1 / C(5050, 50), far below any alpha */
	assert_true(fr_tw_fisher_greater(50, 50, 0, 5000) < 1e-100);
	/* the same share in both: not small */
	assert_true(fr_tw_fisher_greater(10, 100, 100, 1000) > 0.4);
}

static void test_band(void **state)
{
	uint64_t s, lo, hi;

	(void)state;
	fr_tw_band(1000, 99.9, &s, &lo, &hi);
	assert_int_equal(s, 999);
	assert_int_equal(lo, 450);
	assert_int_equal(hi, 550);
	/* floor(3072 x 0.99) = 3041, in integers (0.99 is not exact in binary) */
	fr_tw_band(3072, 99, &s, &lo, &hi);
	assert_int_equal(s, 3041);
	assert_int_equal(lo, 1382);
	assert_int_equal(hi, 1689);
	fr_tw_band(10000, 99.99, &s, &lo, &hi);
	assert_int_equal(s, 9999);
	fr_tw_band(0, 99.9, &s, &lo, &hi);
	assert_int_equal(s, 0);
	assert_int_equal(hi, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fisher),
		cmocka_unit_test(test_band),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
