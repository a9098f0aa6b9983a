// SPDX-License-Identifier: GPL-2.0-only
/*
 * The confidence of the gate's verdict (issue 37 item 2): on runs that are
 * noise only, a curve of many steps and terms fails at most as often as
 * the stated confidence allows (1 - 1/C(3+3, 3) = 95 %), however many steps;
 * a real change is still caught; a crossing that another split of the same
 * runs beats is within the noise.  Through fr_baseline_compare(), on
 * seeded synthetic runs (the brute force over real fio files is
 * bench/gate-noise.sh).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gate/baseline.h"
#include "gate_build.h"
#include "test_rng.h"

#define RUNS 3 /* per side */

/* A normal deviate (Box-Muller) from the seeded sequence. */
static double gauss(uint64_t *s)
{
	double u1 = ((double)(test_rng(s) >> 11) + 1) / 9007199254740993.0;
	double u2 = (double)(test_rng(s) >> 11) / 9007199254740992.0;

	return sqrt(-2 * log(u1)) * cos(2 * M_PI * u2);
}

/* One gate over RUNS + RUNS runs of nsteps curve steps, every figure with
 * its own noise (3 % IOPS, 10 % more on each percentile), the new runs'
 * IOPS scaled by factor; its verdict. */
static const char *one_gate(size_t nsteps, double factor, const char *expr, uint64_t *s)
{
	struct fr_model m[2 * RUNS];
	struct fr_baseline b = {.fail_if = expr};
	const char *verdict;
	char step[16];

	for (int i = 0; i < 2 * RUNS; i++) {
		fr_model_init(&m[i]);
		for (size_t k = 0; k < nsteps; k++) {
			double f = exp(0.03 * gauss(s)) * (i >= RUNS ? factor : 1);

			snprintf(step, sizeof(step), k ? "%zu" : "peak", k);
			one_step(&m[i], "4k-randread", step, FR_KIND_CURVE, 0, 1000 * f,
				 200 / f * exp(0.1 * gauss(s)), 900 / f * exp(0.1 * gauss(s)));
		}
	}
	compare_runs(m, RUNS, RUNS, &b);
	verdict = fr_bl_verdict(&b);
	fr_baseline_free(&b);
	free_models(m, 2 * RUNS);
	return verdict;
}

/* The share of ntrials gates that say "regression". */
static double fail_rate(size_t nsteps, double factor, const char *expr, int ntrials)
{
	uint64_t s = 0x37 + nsteps;
	int fails = 0;

	for (int t = 0; t < ntrials; t++)
		fails += !strcmp(one_gate(nsteps, factor, expr, &s), "regression");
	return (double)fails / ntrials;
}

/* Pure noise, thresholds the noise crosses (1 %): each step's own envelope
 * fires on many curves, the verdict at most 5 % of the time (the bound plus
 * three standard errors of 2000 trials, 1.5 points), for 1, 10 and 50
 * steps. */
static void test_noise_false_alarms(void **state)
{
	const char *expr = "iops<-1%,p99>+1%,p99.99>+1%";
	const size_t steps[] = {1, 10, 50};
	double bound = 1 - fr_bl_verdict_confidence(RUNS, RUNS);

	(void)state;
	assert_true(fabs(bound - 0.05) < 1e-12);
	for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++) {
		int trials = steps[i] == 50 ? 600 : 2000;
		double rate = fail_rate(steps[i], 1, expr, trials);
		double se = sqrt(bound * (1 - bound) / trials);

		print_message("%zu steps: %.2f %% of %d noise-only gates failed\n", steps[i],
			      100 * rate, trials);
		assert_true(rate <= bound + 3 * se);
	}
}

/* A real -20 % IOPS change of every step at 3 % spread: caught in at least
 * 90 % of the gates. */
static void test_real_shift_detected(void **state)
{
	double rate = fail_rate(10, 0.8, "iops<-5%,p99>+10%,p99.99>+10%", 500);

	(void)state;
	print_message("a -20 %% change: %.1f %% of 500 gates failed\n", 100 * rate);
	assert_true(rate >= 0.9);
}

/* Two steps, three runs a side: peak's IOPS fall 10 % in every new run
 * (every pair beyond -5 %), but step 1 halves between two groups of runs
 * that mix both sides (runs 0, 1, 3 at 2000, runs 2, 4, 5 at 1000): that
 * split of the runs beats the actual one, so the crossing is noise. */
static void test_other_split_beats(void **state)
{
	const double peak[6] = {1000, 1001, 1002, 900, 901, 902};
	const double one[6] = {2000, 2001, 1000, 2002, 1001, 1002};
	struct fr_model m[6];
	struct fr_baseline b = {.fail_if = "iops<-5%"};

	(void)state;
	for (int i = 0; i < 6; i++) {
		fr_model_init(&m[i]);
		one_step(&m[i], "4k-randread", "peak", FR_KIND_CURVE, 0, peak[i], 100, 200);
		one_step(&m[i], "4k-randread", "1", FR_KIND_CURVE, 0, one[i], 100, 200);
	}
	compare_runs(m, 3, 3, &b);
	assert_int_equal(b.ncrossed, 0);
	assert_int_equal(b.splits, 20);
	assert_true(b.splits_ge > 0);
	assert_int_equal(b.rows[0].within_noise, 1u << FR_BL_IOPS);
	assert_string_equal(fr_bl_verdict(&b), "pass");
	fr_baseline_free(&b);
	/* without step 1's split the actual split is the most extreme */
	free_models(m, 6);
	for (int i = 0; i < 6; i++) {
		fr_model_init(&m[i]);
		one_step(&m[i], "4k-randread", "peak", FR_KIND_CURVE, 0, peak[i], 100, 200);
	}
	compare_runs(m, 3, 3, &b);
	assert_int_equal(b.splits_ge, 0);
	assert_string_equal(fr_bl_verdict(&b), "regression");
	fr_baseline_free(&b);
	free_models(m, 6);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_noise_false_alarms),
		cmocka_unit_test(test_real_shift_detected),
		cmocka_unit_test(test_other_split_beats),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
