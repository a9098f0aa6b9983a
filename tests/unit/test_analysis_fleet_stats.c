// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fleet view's arithmetic (analysis/report/fleet_stats.h): fio's bins
 * of several hosts summed (equal bin values merged), percentiles by fio's
 * rule, and the spread of a figure across drives with the outlier rule
 * (beyond median +- 3 x scaled MAD, applied with >= 5 drives only).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "read/read_clients.h"
#include "report/fleet_stats.h"

static void add_bins(struct fr_hist *h, const char *json)
{
	struct json_object *o = json_tokener_parse(json);

	assert_int_equal(fr_hist_add_json(h, o), 0);
	json_object_put(o);
}

/* Two hosts' bins share values: summed, sorted; p50 and p99 as fio's
 * rule gives them (the first bin whose running count reaches p% of all). */
static void test_hist_sum(void **state)
{
	struct fr_hist h = {0};

	(void)state;
	add_bins(&h, "{\"3000\": 10, \"1000\": 40}");
	add_bins(&h, "{\"1000\": 40, \"2000\": 9, \"9000\": 1}");
	fr_hist_sort(&h);
	assert_int_equal(h.n, 4);
	assert_true(h.total == 100);
	assert_true(h.b[0].ns == 1000 && h.b[0].count == 80);
	assert_true(fr_hist_pct(&h, 80) == 1000); /* 80 reached exactly at 1000 */
	assert_true(fr_hist_pct(&h, 81) == 2000);
	assert_true(fr_hist_pct(&h, 99) == 3000);
	assert_true(fr_hist_pct(&h, 99.99) == 9000);
	fr_hist_free(&h);
	assert_true(isnan(fr_hist_pct(&h, 50)));
}

/* Bins that are not fio's are refused, the total unchanged. */
static void test_hist_bad(void **state)
{
	struct fr_hist h = {0};
	struct json_object *o = json_tokener_parse("{\"12x\": 3}");

	(void)state;
	assert_int_equal(fr_hist_add_json(&h, o), -1);
	json_object_put(o);
	o = json_tokener_parse("{\"5\": -1}");
	assert_int_equal(fr_hist_add_json(&h, o), -1);
	json_object_put(o);
	assert_int_equal(fr_hist_add_json(&h, NULL), -1);
	assert_true(h.total == 0 && h.n == 0);
	fr_hist_free(&h);
}

/* Six drives, one far from the others: named; its removal leaves none. */
static void test_spread_outlier(void **state)
{
	double v[6] = {100, 102, 98, 101, 99, 160};
	struct fr_drive_spread s;

	(void)state;
	assert_int_equal(fr_drive_spread_of(v, 6, &s), 0);
	assert_int_equal(s.n, 6);
	assert_true(s.min == 98 && s.max == 160 && s.median == 100.5);
	assert_true(s.rule_applied);
	assert_int_equal(s.outlier, 5);
	/* MAD of {0.5,1.5,2.5,0.5,1.5,59.5} is 1.5, scaled 2.2239 */
	assert_true(fabs(s.mad - 1.5 * 1.4826) < 1e-9);
	assert_int_equal(fr_drive_spread_of(v, 5, &s), 0);
	assert_int_equal(s.outlier, -1);
	assert_true(s.rule_applied);
}

/* Three drives: the figures, no rule; NaN figures (a lost host) not counted. */
static void test_spread_small(void **state)
{
	double v[4] = {10, NAN, 30, 20};
	struct fr_drive_spread s;

	(void)state;
	assert_int_equal(fr_drive_spread_of(v, 4, &s), 0);
	assert_int_equal(s.n, 3);
	assert_true(s.median == 20 && s.min == 10 && s.max == 30);
	assert_true(fabs(s.cv - 0.5) < 1e-12); /* sample sd 10 over mean 20 */
	assert_false(s.rule_applied);
	assert_int_equal(s.outlier, -1);
}

/* Half the drives equal: the scaled MAD is 0, the rule is not applied. */
static void test_spread_mad_zero(void **state)
{
	double v[5] = {7, 7, 7, 8, 50};
	struct fr_drive_spread s;

	(void)state;
	assert_int_equal(fr_drive_spread_of(v, 5, &s), 0);
	assert_true(s.mad == 0);
	assert_false(s.rule_applied);
	assert_int_equal(s.outlier, -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hist_sum),	cmocka_unit_test(test_hist_bad),
		cmocka_unit_test(test_spread_outlier),	cmocka_unit_test(test_spread_small),
		cmocka_unit_test(test_spread_mad_zero),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
