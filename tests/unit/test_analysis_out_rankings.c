// SPDX-License-Identifier: GPL-2.0-only
/*
 * The rankings and curves sections of every renderer (text, md, csv, json,
 * html) on a model built in code: two drives ("quick", "slow") run the same
 * profile at its peak and at 50 %; quick has twice slow's peak IOPS, and
 * quick's 50 % step was capped at 500000 IOPS and reached 400000 (80 %, a
 * missed target).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "out/out.h"
#include "report_build.h"

static int setup(void **state)
{
	struct rb_report *x = calloc(1, sizeof(*x));

	assert_non_null(x);
	fr_model_init(&x->m);
	rb_curve(&x->m, "slow", "4k-randread", "peak", FR_READ, 400000, 1638.4, 300, 900);
	rb_curve(&x->m, "slow", "4k-randread", "50", FR_READ, 200000, 819.2, 100, 250);
	rb_curve(&x->m, "quick", "4k-randread", "peak", FR_READ, 800000, 3276.8, 150, 480);
	rb_capped(&x->m, "quick", "4k-randread", "50", 500000, 400000, 60, 130);
	rb_build(x);
	*state = x;
	return 0;
}

static void test_text(void **state)
{
	char *t = rb_render(fr_out_text, &((struct rb_report *)*state)->rep);
	const char *sec = rb_at(t, "== 4k-randread: ranked by peak IOPS ==\n");

	/* quick first, its margin to slow: 800000 / 400000 - 1 */
	rb_at(sec, "  1 quick                                 800000   3276.8   150.0 peak  "
		   "+100.0% (+400000)  -\n"
		   "  2 slow                                  400000   1638.4   300.0 peak  -");
	/* curves in step order, the missed target flagged */
	rb_at(sec, "    quick: 50 400000@60.0! peak 800000@150.0\n");
	rb_at(sec, "      ! missed its rate target: 50: target 500000 IOPS, reached 400000 (80 %)");
	rb_at(sec, "    slow: 50 200000@100.0 peak 400000@300.0\n");
	free(t);
}

static void test_md(void **state)
{
	char *t = rb_render(fr_out_md, &((struct rb_report *)*state)->rep);
	const char *sec = rb_at(t, "## 4k-randread (ranked by peak IOPS)\n");

	rb_at(sec, "| 1 | quick | 800000 | 3276.8 | 150.0 | peak | +100.0% | - |\n"
		   "| 2 | slow | 400000 | 1638.4 | 300.0 | peak | - | - |\n");
	rb_at(sec, "- slow: 50: 200000 @ 100.0; peak: 400000 @ 300.0\n");
	rb_at(sec, "target 500000 IOPS, reached 400000 (80 %)");
	free(t);
}

static void test_csv(void **state)
{
	char *t = rb_render(fr_out_csv, &((struct rb_report *)*state)->rep);
	const char *quick = rb_at(t, "\npeak,4k-randread,quick,1,peak,800000.0,3276.800,150.000,,,,"
				     "100.000,");
	const char *slow =
		rb_at(t, "\npeak,4k-randread,slow,2,peak,400000.0,1638.400,300.000,,,,,");

	assert_true(quick < slow);
	/* curve rows carry p99, in step order after their drive's peak row */
	assert_true(
		rb_at(quick, "\ncurve,4k-randread,quick,,50,400000.0,1638.400,60.000,130.000,") <
		rb_at(quick, "\ncurve,4k-randread,quick,,peak,800000.0,3276.800,150.000,480.000,"));
	rb_at(slow, "\ncurve,4k-randread,slow,,50,200000.0,819.200,100.000,250.000,");
	/* the capped step: its target and the share reached */
	rb_at(t, ",500000.0,80.0,");
	free(t);
}

static void test_json(void **state)
{
	char *t = rb_render(fr_out_json, &((struct rb_report *)*state)->rep);
	struct json_object *root = json_tokener_parse(t), *pr, *rk, *first, *curve, *step;

	assert_non_null(root);
	pr = rb_get(root, "profiles");
	assert_int_equal(json_object_array_length(pr), 1);
	pr = json_object_array_get_idx(pr, 0);
	assert_string_equal(json_object_get_string(rb_get(pr, "profile")), "4k-randread");
	assert_string_equal(json_object_get_string(rb_get(pr, "ranked_by")), "iops");
	rk = rb_get(pr, "ranking");
	assert_int_equal(json_object_array_length(rk), 2);
	first = json_object_array_get_idx(rk, 0);
	assert_string_equal(json_object_get_string(rb_get(first, "drive")), "quick");
	assert_int_equal(json_object_get_int(rb_get(first, "place")), 1);
	assert_float_equal(json_object_get_double(rb_get(first, "margin_pct")), 100.0, 1e-9);
	assert_float_equal(json_object_get_double(rb_get(first, "margin_abs")), 400000.0, 1e-9);
	curve = rb_get(first, "curve");
	assert_int_equal(json_object_array_length(curve), 2);
	step = json_object_array_get_idx(curve, 0);
	assert_string_equal(json_object_get_string(rb_get(step, "step")), "50");
	assert_float_equal(json_object_get_double(rb_get(step, "p99_us")), 130.0, 1e-9);
	assert_float_equal(json_object_get_double(rb_get(step, "target_iops")), 500000.0, 1e-9);
	assert_true(json_object_get_boolean(rb_get(step, "target_missed")));
	assert_string_equal(
		json_object_get_string(rb_get(json_object_array_get_idx(curve, 1), "step")),
		"peak");
	assert_string_equal(
		json_object_get_string(rb_get(json_object_array_get_idx(rk, 1), "drive")), "slow");
	json_object_put(root);
	free(t);
}

static void test_html(void **state)
{
	char *t = rb_render(fr_out_html, &((struct rb_report *)*state)->rep);
	const char *sec = rb_at(t, "4k-randread");

	/* the ranking table: quick placed before slow, figures as the text's */
	rb_at(sec, "<tr><td>1</td><td class=\"l\">quick</td><td>800000</td><td>3276.8</td>"
		   "<td>150.0</td><td class=\"l\">peak</td><td>100.0</td><td>-</td></tr>\n"
		   "<tr><td>2</td><td class=\"l\">slow</td><td>400000</td><td>1638.4</td>"
		   "<td>300.0</td><td class=\"l\">peak</td><td>-</td><td>-</td></tr>\n");
	rb_at(sec, "<p class=\"missed\">! missed its rate target: quick, step 50: target 500000 "
		   "IOPS, reached 400000 (80 %)</p>");
	/* the curve chart: IOPS against mean latency */
	rb_at(sec, "<title>4k-randread: achieved IOPS vs mean clat latency</title>");
	free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_text, setup, rb_teardown),
		cmocka_unit_test_setup_teardown(test_md, setup, rb_teardown),
		cmocka_unit_test_setup_teardown(test_csv, setup, rb_teardown),
		cmocka_unit_test_setup_teardown(test_json, setup, rb_teardown),
		cmocka_unit_test_setup_teardown(test_html, setup, rb_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
