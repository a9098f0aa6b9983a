// SPDX-License-Identifier: GPL-2.0-only
/*
 * The threads x queue-depth section (out_text_sect.c, out_md_sect.c, out_csv_tq.c, out_json_sect.c,
 * out_tq_html.c) of every format on a model built in code: drives "a" and "b" at t1q1 and t4q4; b
 * leads every figure at t1q1, a at t4q4, so each place is decided by the step and not by the drive.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "out/out_tq.h"
#include "report_build.h"

static int setup(void **state)
{
	struct rb_report *x = calloc(1, sizeof(*x));

	assert_non_null(x);
	fr_model_init(&x->m);
	rb_tq(&x->m, "a", "t1q1", 10000, 100, 900, 20);
	rb_tq(&x->m, "a", "t4q4", 60000, 260, 2000, 50);
	rb_tq(&x->m, "b", "t1q1", 12000, 80, 700, 10);
	rb_tq(&x->m, "b", "t4q4", 50000, 320, 3000, 90);
	rb_build(x);
	*state = x;
	return 0;
}

static void test_text(void **state)
{
	char *t = rb_render(fr_tq_text, &((struct rb_report *)*state)->rep);
	const char *t1 = rb_at(t, "step t1q1 (1 job x queue depth 1 = 1 outstanding):\n");
	const char *t4 = rb_at(t, "step t4q4 (4 jobs x queue depth 4 = 16 outstanding):\n");

	assert_true(t1 < t4);
	/* per step, in place order: b then a at t1q1, a then b at t4q4 */
	rb_at(t1, "  b                                  12000 (1)        80.0 (1)       700.0 (1)"
		  "        10.0 (1)\n"
		  "  a                                  10000 (2)       100.0 (2)       900.0 (2)"
		  "        20.0 (2)\n");
	rb_at(t4, "  a                                  60000 (1)       260.0 (1)      2000.0 (1)"
		  "        50.0 (1)\n"
		  "  b                                  50000 (2)       320.0 (2)      3000.0 (2)"
		  "        90.0 (2)\n");
	free(t);
}

static void test_md(void **state)
{
	char *t = rb_render(fr_tq_md, &((struct rb_report *)*state)->rep);

	rb_at(t, "| step | drive | IOPS | pl. | mean µs | pl. | max µs | pl. | stddev µs | pl. |\n"
		 "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n"
		 "| t1q1 | a | 10000 | 2 | 100.0 | 2 | 900.0 | 2 | 20.0 | 2 |\n"
		 "| t1q1 | b | 12000 | 1 | 80.0 | 1 | 700.0 | 1 | 10.0 | 1 |\n"
		 "| t4q4 | a | 60000 | 1 | 260.0 | 1 | 2000.0 | 1 | 50.0 | 1 |\n"
		 "| t4q4 | b | 50000 | 2 | 320.0 | 2 | 3000.0 | 2 | 90.0 | 2 |\n");
	free(t);
}

static void test_csv(void **state)
{
	char *t = rb_render(fr_tq_csv, &((struct rb_report *)*state)->rep);

	/* one row per figure: IOPS in the iops column, latencies in lat_us */
	rb_at(t, "tq-iops,tq-sweep,a,2,t1q1,10000.000,,,");
	rb_at(t, "tq-lat-mean,tq-sweep,a,2,t1q1,,,100.000,");
	rb_at(t, "tq-lat-max,tq-sweep,b,2,t4q4,,,3000.000,");
	rb_at(t, "tq-lat-stddev,tq-sweep,b,1,t1q1,,,10.000,");
	free(t);
}

static void test_json(void **state)
{
	int err = 0;
	struct json_object *root = fr_tq_json(&((struct rb_report *)*state)->rep, &err), *dr, *st;

	assert_int_equal(err, 0);
	assert_non_null(root);
	assert_string_equal(json_object_get_string(rb_get(root, "latency_basis")), "clat");
	dr = rb_get(root, "drives");
	assert_int_equal(json_object_array_length(dr), 2);
	assert_string_equal(
		json_object_get_string(rb_get(json_object_array_get_idx(dr, 1), "drive")), "b");
	st = rb_get(json_object_array_get_idx(dr, 1), "steps");
	assert_int_equal(json_object_array_length(st), 2);
	st = json_object_array_get_idx(st, 1);
	assert_string_equal(json_object_get_string(rb_get(st, "step")), "t4q4");
	assert_int_equal(json_object_get_int(rb_get(st, "numjobs")), 4);
	assert_int_equal(json_object_get_int(rb_get(st, "iodepth")), 4);
	assert_float_equal(json_object_get_double(rb_get(st, "iops")), 50000, 1e-9);
	assert_int_equal(json_object_get_int(rb_get(st, "place_iops")), 2);
	assert_float_equal(json_object_get_double(rb_get(st, "lat_stddev_us")), 90, 1e-9);
	assert_int_equal(json_object_get_int(rb_get(st, "place_lat_stddev")), 2);
	assert_true(json_object_is_type(rb_get(st, "problem"), json_type_null));
	json_object_put(root);
}

static void test_html(void **state)
{
	char *t = rb_render(fr_tq_html, &((struct rb_report *)*state)->rep);

	rb_at(t, "<tr><td>t4q4</td><td>b</td><td>50000</td><td>2</td><td>320.0</td><td>2</td>"
		 "<td>3000.0</td><td>2</td><td>90.0</td><td>2</td></tr>\n");
	/* a chart per figure, the steps named on the x axis */
	assert_true(rb_at(t, "<title>IOPS per step</title>") <
		    rb_at(t, "<title>latency stddev per step</title>"));
	rb_at(t, "step: 1=t1q1, 2=t4q4");
	rb_at(t, "<title>b @ t4q4: x=2 y=50000</title>");
	free(t);
}

/* No tq-sweep steps: no section in any format. */
static void test_absent(void **state)
{
	struct rb_report x;
	char *t;

	(void)state;
	memset(&x, 0, sizeof(x));
	fr_model_init(&x.m);
	rb_curve(&x.m, "a", "4k-randread", "peak", FR_READ, 1000, 4.1, 10, 20);
	rb_build(&x);
	t = rb_render(fr_tq_text, &x.rep);
	assert_string_equal(t, "");
	free(t);
	t = rb_render(fr_tq_html, &x.rep);
	assert_string_equal(t, "");
	free(t);
	rb_free(&x);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_text, setup, rb_teardown),
		cmocka_unit_test_setup_teardown(test_md, setup, rb_teardown),
		cmocka_unit_test_setup_teardown(test_csv, setup, rb_teardown),
		cmocka_unit_test_setup_teardown(test_json, setup, rb_teardown),
		cmocka_unit_test_setup_teardown(test_html, setup, rb_teardown),
		cmocka_unit_test(test_absent),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
