// SPDX-License-Identifier: GPL-2.0-only
/*
 * The steady-state section: the rounds and the rule's figures the report
 * stage works out (report/report_ss.c) and the HTML section that prints
 * them (out/out_html_ss.c), on a model built in code.  Drive "a" ran seven
 * rounds, its window (rounds 3 to 7) rising by 200 IOPS a round; "b" ran
 * rounds 1, 2 and 4 (3 missing), under the window's length; "c" ran no
 * rounds, only a curve.  The figures are chosen so that the fit is exact
 * in decimal: a's average 10400, slope 200, fit 10000 to 10800.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "out/out_html_chart.h"
#include "report_build.h"

static int setup(void **state)
{
	static const double a_iops[] = {50000, 30000, 10000, 10200, 10400, 10600, 10800};
	struct rb_report *x = calloc(1, sizeof(*x));
	char step[32];

	assert_non_null(x);
	fr_model_init(&x->m);
	/* out of order, as a results folder lists them */
	for (int r = 7; r >= 1; r--) {
		snprintf(step, sizeof(step), "ss-round%d", r);
		rb_round(&x->m, "a", step, a_iops[r - 1]);
	}
	/* not rounds: the number is missing or not one */
	rb_round(&x->m, "a", "ss-round", 99999);
	rb_round(&x->m, "a", "ss-round8x", 99999);
	rb_round(&x->m, "b", "ss-round4", 23000);
	rb_round(&x->m, "b", "ss-round1", 20000);
	rb_round(&x->m, "b", "ss-round2", 21000);
	rb_curve(&x->m, "c", "4k-randread", "peak", FR_READ, 90000, 368.6, 100, 300);
	rb_build(x);
	*state = x;
	return 0;
}

static const struct fr_ss_drive *ss_of(void **state, size_t i)
{
	const struct fr_ss *ss = ((struct rb_report *)*state)->rep.ss;

	assert_non_null(ss);
	assert_int_equal(ss->nd, 2); /* a and b; c ran no rounds */
	return &ss->d[i];
}

/* The report stage: the rounds in number order, the window, the fit. */
static void test_figures(void **state)
{
	const struct fr_ss_drive *a = ss_of(state, 0), *b = ss_of(state, 1);

	assert_string_equal(a->drive->label, "a");
	assert_int_equal(a->n, 7);
	for (size_t i = 0; i < a->n; i++)
		assert_float_equal(a->round[i], (double)i + 1, 0);
	assert_float_equal(a->iops[0], 50000, 0);
	assert_float_equal(a->iops[6], 10800, 0);
	assert_int_equal(a->first, 3);
	assert_int_equal(a->last, 7);
	assert_float_equal(a->avg, 10400, 1e-9);
	assert_float_equal(a->band_hi, 12480, 1e-9);
	assert_float_equal(a->band_lo, 8320, 1e-9);
	assert_float_equal(a->slope, 200, 1e-9);
	assert_float_equal(a->fit_first, 10000, 1e-6);
	assert_float_equal(a->fit_last, 10800, 1e-6);
	/* 200 IOPS x 4 rounds of 10400 */
	assert_float_equal(a->excursion_pct, 100.0 * 800 / 10400, 1e-9);

	assert_string_equal(b->drive->label, "b");
	assert_int_equal(b->n, 3);
	assert_float_equal(b->round[2], 4, 0);
	assert_int_equal(b->first, 1);
	assert_int_equal(b->last, 4);
	assert_float_equal(b->avg, 64000.0 / 3, 1e-9);
	/* x 1, 2, 4 and y 20000, 21000, 23000 lie on one line of slope 1000 */
	assert_float_equal(b->slope, 1000, 1e-9);
	assert_float_equal(b->fit_first, 20000, 1e-6);
	assert_float_equal(b->fit_last, 23000, 1e-6);
	assert_float_equal(b->excursion_pct, 100.0 * 3000 / (64000.0 / 3), 1e-9);
}

static int steady(FILE *f, const struct fr_report *rep)
{
	struct fr_palette pal = {0};

	fr_html_steady(f, rep, &pal);
	fr_palette_free(&pal);
	return 0;
}

/* The HTML section prints those figures, a chart per drive in model order. */
static void test_html(void **state)
{
	char *t = rb_render(steady, &((struct rb_report *)*state)->rep);
	const char *a, *b;

	rb_at(t, "<h2>Steady state: convergence of the preconditioning rounds</h2>\n");
	a = rb_at(t, "<title>a: steady-state rounds (IOPS per round)</title>");
	b = rb_at(t, "<title>b: steady-state rounds (IOPS per round)</title>");
	assert_true(a < b);
	rb_absent(t, "c: steady-state");
	rb_at(a, "<p class=\"note\">Window: rounds 3 to 7 of 7 (the rule looks at the last 5); "
		 "average 10400 IOPS; max - min must stay within 20 % of it (the band), and the "
		 "fit's excursion across the window (|slope| x rounds) within 10 %: here 7.7 %.");
	rb_at(b, "Window: rounds 1 to 4 of 4 (the rule looks at the last 5); average 21333 IOPS;");
	rb_at(b, "here 14.1 %.");
	/* the band and the fit are named in the legend */
	rb_at(a, "+20 % of the average");
	rb_at(a, "-20 % of the average");
	rb_at(a, "least-squares fit over the window");
	free(t);
}

/* A report without rounds has no section at all. */
static void test_none(void **state)
{
	struct rb_report x;
	char *t;

	(void)state;
	memset(&x, 0, sizeof(x));
	fr_model_init(&x.m);
	rb_curve(&x.m, "c", "4k-randread", "peak", FR_READ, 90000, 368.6, 100, 300);
	rb_build(&x);
	assert_int_equal(x.rep.ss->nd, 0);
	t = rb_render(steady, &x.rep);
	assert_string_equal(t, "");
	free(t);
	rb_free(&x);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_figures, setup, rb_teardown),
		cmocka_unit_test_setup_teardown(test_html, setup, rb_teardown),
		cmocka_unit_test(test_none),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
