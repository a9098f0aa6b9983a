// SPDX-License-Identifier: GPL-2.0-only
/*
 * The pooled latency deviation of the tq-sweep section (analysis/model/pooled.c,
 * the model's merge, tq.c): checked against the deviation computed directly
 * from every sample, which the per-part figures never see.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/model.h"
#include "model/pooled.h"
#include "rank/tq.h"

/* Mean and population deviation of n samples. */
static void stats(const double *v, size_t n, double *mean, double *sd)
{
	double s = 0, q = 0;

	for (size_t i = 0; i < n; i++)
		s += v[i];
	*mean = s / (double)n;
	for (size_t i = 0; i < n; i++)
		q += (v[i] - *mean) * (v[i] - *mean);
	*sd = sqrt(q / (double)n);
}

/* Three parts with different means and sizes: the pooled deviation is the
 * deviation of all samples together, not the mean of the three. */
static void test_pooled_equals_all_samples(void **state)
{
	static const size_t len[] = {7, 300, 41};
	double all[348], *p = all, mean, sd, m, s, avg_sd = 0;
	struct fr_pooled pool = {0};

	(void)state;
	srand(15);
	for (size_t k = 0; k < 3; k++) {
		for (size_t i = 0; i < len[k]; i++)
			p[i] = 100.0 * (double)(k + 1) +
			       (double)(rand() % 1000) / (10.0 * (double)(k + 1));
		stats(p, len[k], &m, &s);
		fr_pooled_add(&pool, len[k], m, s);
		avg_sd += s / 3;
		p += len[k];
	}
	stats(all, 348, &mean, &sd);
	assert_true(fabs(fr_pooled_mean(&pool) - mean) < 1e-9 * mean);
	assert_true(fabs(fr_pooled_sd(&pool) - sd) < 1e-9 * sd);
	/* the spread between the parts' means is part of it */
	assert_true(fr_pooled_sd(&pool) > avg_sd * 1.5);
}

static void test_pooled_empty_and_nan(void **state)
{
	struct fr_pooled pool = {0};

	(void)state;
	assert_true(isnan(fr_pooled_sd(&pool)));
	assert_true(isnan(fr_pooled_mean(&pool)));
	fr_pooled_add(&pool, 0, 5.0, 1.0);
	fr_pooled_add(&pool, 10, NAN, 1.0);
	assert_true(isnan(fr_pooled_sd(&pool)));
	fr_pooled_add(&pool, 4, 50.0, 0.0);
	assert_true(fabs(fr_pooled_sd(&pool)) < 1e-12);
	assert_true(fabs(fr_pooled_mean(&pool) - 50.0) < 1e-12);
}

/* One fio job's direction: n operations of mean m and deviation s (ns). */
static void dir(struct fr_dirstat *d, uint64_t n, double m, double s, double max)
{
	d->ios = n;
	d->iops = (double)n / 10;
	for (int b = 0; b < FR_NBASES; b++) {
		d->lat[b] = (struct fr_lat){m, NAN, NAN, NAN};
		d->spread[b] = (struct fr_spread){true, s, max};
	}
}

/* Two jobs of one fio group, each with reads and writes, through the
 * model's merge and the section's figures: IOPS summed, mean weighted,
 * max the largest, deviation pooled over the four job-directions. */
static void test_step_figures(void **state)
{
	struct fr_job a = {.drive = "d",
			   .profile = "tq-sweep",
			   .step = "t2q4",
			   .kind = FR_KIND_TQ,
			   .source = "x.json",
			   .jobname = "tq-sweep@t2q4",
			   .groupid = 0};
	struct fr_job b = a;
	struct fr_tq_point pt;
	struct fr_pooled want = {0};
	struct fr_model m;
	const struct fr_step *s;

	(void)state;
	for (int i = 0; i < FR_NDIRS; i++) {
		for (int k = 0; k < FR_NBASES; k++) {
			a.dir[i].lat[k] = b.dir[i].lat[k] = (struct fr_lat){NAN, NAN, NAN, NAN};
		}
	}
	dir(&a.dir[FR_READ], 7000, 100e3, 20e3, 900e3);
	dir(&a.dir[FR_WRITE], 3000, 400e3, 90e3, 2500e3);
	dir(&b.dir[FR_READ], 6500, 120e3, 25e3, 1100e3);
	dir(&b.dir[FR_WRITE], 2900, 380e3, 70e3, 3100e3);
	fr_pooled_add(&want, 7000, 100e3, 20e3);
	fr_pooled_add(&want, 3000, 400e3, 90e3);
	fr_pooled_add(&want, 6500, 120e3, 25e3);
	fr_pooled_add(&want, 2900, 380e3, 70e3);
	fr_model_init(&m);
	assert_int_equal(fr_model_add(&m, &a), 0);
	assert_int_equal(fr_model_add(&m, &b), 0);
	s = &m.drives[0].profiles[0].steps[0];
	fr_tq_figures(s, FR_CLAT, &pt);
	assert_null(pt.problem);
	assert_true(fabs(pt.fig[FR_TQ_IOPS] - 1940.0) < 1e-9);
	assert_true(fabs(pt.fig[FR_TQ_MEAN] - fr_pooled_mean(&want)) < 1e-6);
	assert_true(fabs(pt.fig[FR_TQ_MAX] - 3100e3) < 1e-9);
	assert_true(fabs(pt.fig[FR_TQ_SD] - fr_pooled_sd(&want)) < 1e-6);
	/* by hand: M = (7000*100 + 3000*400 + 6500*120 + 2900*380) / 19400 µs */
	assert_true(fabs(pt.fig[FR_TQ_MEAN] / 1e3 - 194.94845360824743) < 1e-6);
	fr_model_free(&m);
}

/* Jobs of two fio groups did not run together: no figure. */
static void test_two_groups_refused(void **state)
{
	struct fr_job a = {.drive = "d",
			   .profile = "tq-sweep",
			   .step = "t1q1",
			   .kind = FR_KIND_TQ,
			   .source = "x.json",
			   .jobname = "tq-sweep@t1q1",
			   .groupid = 0};
	struct fr_job b = a;
	struct fr_tq_point pt;
	struct fr_model m;

	(void)state;
	for (int i = 0; i < FR_NDIRS; i++)
		for (int k = 0; k < FR_NBASES; k++)
			a.dir[i].lat[k] = b.dir[i].lat[k] = (struct fr_lat){NAN, NAN, NAN, NAN};
	dir(&a.dir[FR_READ], 100, 10e3, 1e3, 20e3);
	dir(&b.dir[FR_READ], 100, 10e3, 1e3, 20e3);
	b.groupid = 1;
	fr_model_init(&m);
	assert_int_equal(fr_model_add(&m, &a), 0);
	assert_int_equal(fr_model_add(&m, &b), 0);
	fr_tq_figures(&m.drives[0].profiles[0].steps[0], FR_CLAT, &pt);
	assert_non_null(pt.problem);
	assert_true(isnan(pt.fig[FR_TQ_IOPS]));
	fr_model_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pooled_equals_all_samples),
		cmocka_unit_test(test_pooled_empty_and_nan),
		cmocka_unit_test(test_step_figures),
		cmocka_unit_test(test_two_groups_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
