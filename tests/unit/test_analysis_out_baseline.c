// SPDX-License-Identifier: GPL-2.0-only
/*
 * The --baseline section of every renderer (text, md, csv, json, html) and
 * the report stage's rows (report/report_baseline.h), from the gate's own
 * comparison (gate/baseline.h) of models built in code, two runs a side.
 * Drive "d", profile 4k-randread, --fail-if "iops<-5%,mean>+20%":
 * - step peak, in both: baseline 1000 and 1010 IOPS (median 1005), now 940
 *   and 930 (median 935): -7.0 % of the medians, every pair between -7.9 %
 *   (930 / 1010) and -6.0 % (940 / 1000): crossed; mean 100 -> 110 µs
 *   (+10 %): not crossed; p99 200 µs on both sides;
 * - step 50 in the baseline only, step 10 in the inputs only.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "gate/baseline.h"
#include "out/out.h"
#include "report/report_baseline.h"
#include "report_build.h"

#define EXPR "iops<-5%,mean>+20%"

/* The report over the first new run, the gate's comparison it prints, and
 * the other runs. */
struct fixture {
	struct rb_report x;   /* the first new run */
	struct fr_model cur2; /* the second new run */
	struct fr_model base1, base2;
	struct fr_baseline bl;
};

static void peak(struct fr_model *m, double iops, double mean_us)
{
	rb_curve(m, "d", "4k-randread", "peak", FR_READ, iops, iops * 4096 / 1e6, mean_us, 200);
}

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));
	const struct fr_model *cm[2], *bm[2];
	struct fr_bl_runs cr = {cm, 2}, br = {bm, 2};
	struct fr_gate g;
	char err[256];

	assert_non_null(fx);
	fr_model_init(&fx->x.m);
	fr_model_init(&fx->cur2);
	fr_model_init(&fx->base1);
	fr_model_init(&fx->base2);
	peak(&fx->x.m, 940, 110);
	rb_curve(&fx->x.m, "d", "4k-randread", "10", FR_READ, 100, 0.4096, 50, 80);
	peak(&fx->cur2, 930, 110);
	peak(&fx->base1, 1000, 100);
	rb_curve(&fx->base1, "d", "4k-randread", "50", FR_READ, 500, 2.048, 60, 90);
	peak(&fx->base2, 1010, 100);
	cm[0] = &fx->x.m;
	cm[1] = &fx->cur2;
	bm[0] = &fx->base1;
	bm[1] = &fx->base2;
	assert_int_equal(fr_gate_parse(EXPR, &g, err, sizeof(err)), 0);
	fx->bl.dir = "before";
	fx->bl.fail_if = EXPR;
	assert_int_equal(fr_baseline_compare(&cr, &br, FR_CLAT, &g, &fx->bl), 0);
	fr_gate_free(&g);
	fx->x.baseline = &fx->bl;
	rb_build(&fx->x);
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	rb_free(&fx->x);
	fr_baseline_free(&fx->bl);
	fr_model_free(&fx->cur2);
	fr_model_free(&fx->base1);
	fr_model_free(&fx->base2);
	free(fx);
	return 0;
}

static const struct fr_report *rep_of(void **state)
{
	return &((struct fixture *)*state)->x.rep;
}

/* The row of step in the report's rows. */
static const struct fr_rbl_row *row(const struct fr_report_baseline *b, const char *step)
{
	for (size_t i = 0; i < b->nrows; i++)
		if (!strcmp(b->rows[i].step, step))
			return &b->rows[i];
	fail_msg("no baseline row of step %s", step);
	return NULL;
}

static void test_rows(void **state)
{
	const struct fr_report_baseline *b = rep_of(state)->bl;
	const struct fr_rbl_row *pk, *only_base, *only_cur;

	assert_non_null(b);
	assert_string_equal(b->dir, "before");
	assert_string_equal(b->fail_if, EXPR);
	assert_string_equal(b->verdict, "regression");
	assert_int_equal(b->nrows, 3);
	assert_int_equal(b->ncompared, 1);
	assert_int_equal(b->nunmatched, 2);
	assert_int_equal(b->ncrossed, 1);
	assert_int_equal(b->nbase_runs, 2);
	assert_int_equal(b->ncur_runs, 2);
	/* 1 - 1 / C(4, 2) */
	assert_float_equal(b->confidence, 1 - 1 / 6.0, 1e-12);
	assert_string_equal(b->metric[FR_RBL_IOPS], "iops");
	assert_string_equal(b->metric[FR_RBL_P9999], "p99.99");
	pk = row(b, "peak");
	assert_string_equal(pk->title, "curve 4k-randread@peak");
	assert_string_equal(pk->section, "curve");
	assert_string_equal(pk->status, "compared");
	assert_true(pk->compared && pk->has_base && pk->has_cur);
	assert_float_equal(pk->base[FR_RBL_IOPS], 1005, 1e-9);
	assert_float_equal(pk->cur[FR_RBL_IOPS], 935, 1e-9);
	assert_float_equal(pk->change_pct[FR_RBL_IOPS], 100.0 * (935.0 / 1005 - 1), 1e-9);
	assert_true(pk->noise[FR_RBL_IOPS].estimate);
	assert_float_equal(pk->noise[FR_RBL_IOPS].change_lo, 100.0 * (930.0 / 1010 - 1), 1e-9);
	assert_float_equal(pk->noise[FR_RBL_IOPS].change_hi, -6.0, 1e-9);
	assert_float_equal(pk->change_pct[FR_RBL_MEAN], 10.0, 1e-9);
	assert_true(isnan(pk->change_pct[FR_RBL_P9999]));
	assert_int_equal(pk->crossed, 1u << FR_RBL_IOPS);
	assert_int_equal(pk->within_noise, 0);
	only_base = row(b, "50");
	assert_string_equal(only_base->status, "not compared: in the baseline only");
	assert_true(only_base->has_base && !only_base->has_cur && !only_base->compared);
	only_cur = row(b, "10");
	assert_string_equal(only_cur->status, "not compared: not in the baseline");
	assert_true(!only_cur->has_base && only_cur->has_cur && !only_cur->compared);
}

static void test_text(void **state)
{
	char *t = rb_render(fr_out_text, rep_of(state));
	const char *sec = rb_at(t, "\n== Against the baseline before (fail if: " EXPR ")\n");

	rb_at(sec, "  1 compared, 2 not compared, 1 crossing a threshold, 0 where a term cannot "
		   "be decided; gate: regression\n");
	rb_at(sec, "noise from 2 baseline and 2 new runs: ");
	rb_at(sec, "a permutation test over whole runs: the verdict at 83.3 % confidence); 0 of "
		   "the 5 other splits as extreme\n");
	rb_at(sec, "  curve 4k-randread@peak / d: compared\n"
		   "    iops            1005 ->          935       -7.0% [-7.9..-6.0]  THRESHOLD "
		   "CROSSED\n"
		   "    mbps             4.1 ->          3.8       -7.0% [-7.9..-6.0]\n"
		   "    mean          100.00 ->       110.00      +10.0% [+10.0..+10.0]\n"
		   "    p99           200.00 ->       200.00       +0.0% [+0.0..+0.0]\n"
		   "    p99.99             - ->            -          -%\n"
		   /* the gate's order: the inputs' steps, then the baseline's alone */
		   "  curve 4k-randread@10 / d: not compared: not in the baseline\n"
		   "  curve 4k-randread@50 / d: not compared: in the baseline only\n");
	free(t);
}

static void test_md(void **state)
{
	char *t = rb_render(fr_out_md, rep_of(state));
	const char *sec = rb_at(t, "\n## Against the baseline\n\nBaseline `before`, fail if: `" EXPR
				   "`; 1 compared, 2 not compared, 1 crossing a threshold");

	rb_at(sec, "| curve 4k-randread@peak | d | compared | iops | 1005 | 935 | -7.0 | "
		   "[-7.9..-6.0] | THRESHOLD CROSSED |\n"
		   "| curve 4k-randread@peak | d | compared | mbps |");
	rb_at(sec,
	      "| curve 4k-randread@50 | d | not compared: in the baseline only | | | | | | |\n");
	free(t);
}

static void test_csv(void **state)
{
	char *t = rb_render(fr_out_csv, rep_of(state));
	const char *detail = "curve 4k-randread@peak: compared; crossed: iops";

	/* baseline, now, change and the pairs' envelope: one row each */
	rb_at(t, "\nbaseline,4k-randread,d,,baseline,1005,4.1,100.00,200.00,,,,,,,,0,");
	rb_at(t, "\nbaseline,4k-randread,d,,now,935,3.8,110.00,200.00,,,,,,,,0,");
	rb_at(t, "\nbaseline,4k-randread,d,,change_pct,-7,-7.0,10.00,0.00,,,,,,,,0,");
	rb_at(t, "\nbaseline,4k-randread,d,,pairs_lo,-8,-7.9,10.00,0.00,,,,,,,,0,");
	rb_at(t, "\nbaseline,4k-randread,d,,pairs_hi,-6,-6.0,10.00,0.00,,,,,,,,0,");
	rb_at(rb_at(t, "\nbaseline,4k-randread,d,,change_pct,"), detail);
	/* one side only: that side's row alone */
	rb_at(t, "\nbaseline,4k-randread,d,,baseline,500,2.0,60.00,90.00,,,,,,,,0,"
		 "curve 4k-randread@50: not compared: in the baseline only,");
	rb_absent(t, "\nbaseline,4k-randread,d,,now,500,");
	rb_at(t, "\nbaseline,4k-randread,d,,now,100,0.4,50.00,80.00,,,,,,,,0,"
		 "curve 4k-randread@10: not compared: not in the baseline,");
	free(t);
}

static void test_json(void **state)
{
	char *t = rb_render(fr_out_json, rep_of(state));
	struct json_object *root = json_tokener_parse(t), *b, *rows, *pk = NULL, *r;

	assert_non_null(root);
	b = rb_get(root, "baseline");
	assert_string_equal(json_object_get_string(rb_get(b, "verdict")), "regression");
	assert_int_equal(json_object_get_int(rb_get(b, "compared")), 1);
	assert_int_equal(json_object_get_int(rb_get(b, "not_compared")), 2);
	rows = rb_get(b, "rows");
	assert_int_equal(json_object_array_length(rows), 3);
	for (size_t i = 0; i < 3; i++) {
		r = json_object_array_get_idx(rows, i);
		if (!strcmp(json_object_get_string(rb_get(r, "step")), "peak"))
			pk = r;
		else if (!strcmp(json_object_get_string(rb_get(r, "step")), "50"))
			/* in the baseline only: no "now", no change */
			assert_false(json_object_object_get_ex(r, "now", NULL) ||
				     json_object_object_get_ex(r, "change", NULL));
	}
	assert_non_null(pk);
	assert_string_equal(json_object_get_string(rb_get(pk, "section")), "curve");
	assert_true(json_object_get_boolean(rb_get(pk, "compared")));
	assert_float_equal(json_object_get_double(rb_get(rb_get(pk, "baseline"), "iops")), 1005,
			   1e-9);
	assert_float_equal(json_object_get_double(rb_get(rb_get(pk, "now"), "mean_us")), 110, 1e-9);
	assert_float_equal(json_object_get_double(rb_get(rb_get(pk, "change"), "mean_pct")), 10,
			   1e-9);
	r = rb_get(rb_get(pk, "noise"), "iops");
	assert_int_equal(json_object_get_int(rb_get(r, "baseline_runs")), 2);
	assert_float_equal(json_object_get_double(rb_get(r, "pairs_hi_pct")), -6.0, 1e-9);
	assert_float_equal(json_object_get_double(rb_get(r, "confidence")), 1 - 1 / 6.0, 1e-9);
	assert_int_equal(json_object_array_length(rb_get(pk, "crossed")), 1);
	assert_string_equal(
		json_object_get_string(json_object_array_get_idx(rb_get(pk, "crossed"), 0)),
		"iops");
	json_object_put(root);
	free(t);
}

static void test_html(void **state)
{
	char *t = rb_render(fr_out_html, rep_of(state));
	const char *sec =
		rb_at(t, "<section class=\"baseline\"><h2 id=\"against-the-baseline\">Against the "
			 "baseline</h2>\n"
			 "<p>Baseline before, fail if: iops&lt;-5%,mean&gt;+20%; 1 compared");

	rb_at(sec, "<tr><td class=\"l\">curve 4k-randread@peak</td><td class=\"l\">d</td>"
		   "<td class=\"l\">compared</td><td class=\"l\">iops</td><td>1005</td>"
		   "<td>935</td><td>-7.0</td><td>[-7.9..-6.0]</td>"
		   "<td class=\"l\">threshold crossed</td></tr>\n");
	rb_at(sec, "<tr><td class=\"l\">curve 4k-randread@50</td><td class=\"l\">d</td>"
		   "<td class=\"l\">not compared: in the baseline only</td><td class=\"l\"></td>"
		   "<td></td><td></td><td></td><td></td><td class=\"l\"></td></tr>\n");
	free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_rows, setup, teardown),
		cmocka_unit_test_setup_teardown(test_text, setup, teardown),
		cmocka_unit_test_setup_teardown(test_md, setup, teardown),
		cmocka_unit_test_setup_teardown(test_csv, setup, teardown),
		cmocka_unit_test_setup_teardown(test_json, setup, teardown),
		cmocka_unit_test_setup_teardown(test_html, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
