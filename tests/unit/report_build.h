/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Small fiorank models built in code for the renderer tests
 * (test_analysis_out_*.c): jobs added to a model, the model ranked and its
 * report built, a renderer's output captured as a string.  The figures are
 * inputs to the logic under test, not measurements.  Include after
 * <cmocka.h>.
 */
#ifndef TESTS_REPORT_BUILD_H
#define TESTS_REPORT_BUILD_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "model/model.h"
#include "rank/rank.h"
#include "report/report.h"

/* A job with no figures: every latency NAN, no I/O. */
static inline void rb_blank(struct fr_job *j, const char *drive, const char *profile,
			    const char *step, enum fr_kind kind)
{
	memset(j, 0, sizeof(*j));
	j->drive = drive;
	j->profile = profile;
	j->step = step;
	j->kind = kind;
	j->source = "test";
	j->groupid = -1;
	/* run alike, as fio said (rank.c places only like runs against each
	 * other; a run whose method is not known is like none) */
	j->run = (struct fr_jobrun){.known = true, .iodepth = 1, .numjobs = 1, .read_pct = -1};
	for (int d = 0; d < FR_NDIRS; d++)
		for (int b = 0; b < FR_NBASES; b++)
			j->dir[d].lat[b] = (struct fr_lat){NAN, NAN, NAN, NAN};
}

/* Direction dir of j did 1000 I/Os at iops of bs bytes each. */
static inline void rb_io(struct fr_job *j, enum fr_dir dir, double iops, double bs)
{
	j->dir[dir].ios = 1000;
	j->dir[dir].iops = iops;
	j->dir[dir].bw_bytes = iops * bs;
	j->dir[dir].io_bytes = NAN;
}

/* A curve step of one direction: IOPS, MB/s, clat mean and p99 in µs. */
static inline void rb_curve(struct fr_model *m, const char *drive, const char *profile,
			    const char *step, enum fr_dir dir, double iops, double mbps,
			    double mean_us, double p99_us)
{
	struct fr_job j;

	rb_blank(&j, drive, profile, step, FR_KIND_CURVE);
	j.dir[dir].ios = 1000;
	j.dir[dir].iops = iops;
	j.dir[dir].bw_bytes = mbps * 1e6;
	j.dir[dir].io_bytes = NAN;
	j.dir[dir].lat[FR_CLAT] = (struct fr_lat){mean_us * 1000, p99_us * 1000, NAN, NAN};
	assert_int_equal(fr_model_add(m, &j), 0);
}

/* rb_curve's step capped by fio's rate_iops= at target IOPS (one job). */
static inline void rb_capped(struct fr_model *m, const char *drive, const char *profile,
			     const char *step, double target, double iops, double mean_us,
			     double p99_us)
{
	struct fr_job j;

	rb_blank(&j, drive, profile, step, FR_KIND_CURVE);
	j.jobname = step;
	j.run.known = true;
	j.run.read_pct = -1;
	j.run.target_iops = target;
	rb_io(&j, FR_READ, iops, 4096);
	j.dir[FR_READ].lat[FR_CLAT] = (struct fr_lat){mean_us * 1000, p99_us * 1000, NAN, NAN};
	assert_int_equal(fr_model_add(m, &j), 0);
}

/* A tq-sweep step (t<jobs>q<depth>) of reads: IOPS, clat mean, max and
 * stddev in µs. */
static inline void rb_tq(struct fr_model *m, const char *drive, const char *step, double iops,
			 double mean_us, double max_us, double sd_us)
{
	struct fr_job j;

	rb_blank(&j, drive, "tq-sweep", step, FR_KIND_TQ);
	rb_io(&j, FR_READ, iops, 8192);
	j.dir[FR_READ].lat[FR_CLAT] = (struct fr_lat){mean_us * 1000, NAN, NAN, NAN};
	j.dir[FR_READ].spread[FR_CLAT] =
		(struct fr_spread){.known = true, .stddev = sd_us * 1000, .max = max_us * 1000};
	assert_int_equal(fr_model_add(m, &j), 0);
}

/* A steady-state preconditioning round (the runner's ss-round<N> step) of
 * 128K writes. */
static inline void rb_round(struct fr_model *m, const char *drive, const char *step, double iops)
{
	struct fr_job j;

	rb_blank(&j, drive, "precondition", step, FR_KIND_PRECOND);
	rb_io(&j, FR_WRITE, iops, 131072);
	assert_int_equal(fr_model_add(m, &j), 0);
}

/* A model, its ranking and its report, built together. */
struct rb_report {
	struct fr_model m;
	struct fr_ranking r;
	struct fr_report rep;
	struct fr_report_parts parts;
	const struct fr_baseline *baseline; /* set before rb_build: a --baseline comparison */
};

/* Ranks x->m (clat basis, no published drives) and builds its report. */
static inline void rb_build(struct rb_report *x)
{
	assert_int_equal(fr_rank(&x->m, NULL, FR_CLAT, &x->r), 0);
	x->rep = (struct fr_report){.m = &x->m, .r = &x->r, .baseline = x->baseline};
	assert_int_equal(fr_report_build(&x->rep, &x->parts), 0);
}

static inline void rb_free(struct rb_report *x)
{
	fr_report_parts_free(&x->parts);
	fr_ranking_free(&x->r);
	fr_model_free(&x->m);
}

/* A cmocka teardown for a fixture of one malloc'd struct rb_report. */
static inline int rb_teardown(void **state)
{
	rb_free(*state);
	free(*state);
	return 0;
}

/* What fn writes for rep (malloc'd, NUL-terminated); fn must return 0.  The
 * stream's buffer lives on the heap: gcc takes a returned buffer that a
 * stack variable pointed to for a dangling pointer. */
static inline char *rb_render(int (*fn)(FILE *, const struct fr_report *),
			      const struct fr_report *rep)
{
	struct {
		char *out;
		size_t len;
	} *b = calloc(1, sizeof(*b));
	FILE *f;
	char *out;

	assert_non_null(b);
	f = open_memstream(&b->out, &b->len);
	assert_non_null(f);
	assert_int_equal(fn(f, rep), 0);
	assert_int_equal(fclose(f), 0);
	out = b->out;
	free(b);
	return out;
}

/* Where needle is in hay, failing the test when it is not there. */
static inline const char *rb_at(const char *hay, const char *needle)
{
	const char *p = strstr(hay, needle);

	if (!p)
		fail_msg("'%s' not in:\n%s", needle, hay);
	return p;
}

/* Fails the test when needle is in hay. */
static inline void rb_absent(const char *hay, const char *needle)
{
	if (strstr(hay, needle))
		fail_msg("'%s' should not be in:\n%s", needle, hay);
}

/* Member k of JSON object o, failing the test when it has none. */
static inline struct json_object *rb_get(struct json_object *o, const char *k)
{
	struct json_object *v = NULL;

	if (!json_object_object_get_ex(o, k, &v))
		fail_msg("no \"%s\" in %s", k, json_object_to_json_string(o));
	return v;
}

#endif
