// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the reader keeps of a fio output for the stages after it
 * (read_fio_keep.c, fr_step.fio_doc): the options, and the json+ bins
 * summed into log-spaced buckets, so that no later stage opens the file
 * again.  On the committed real json+ output; every expected figure is
 * taken here from the same file, none is typed in.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "util/json_get.h"
#include "model/label.h"
#include "read/read_fio.h"
#include "util/slurp.h"

#define JSONPLUS FIORANK_SRC_TOP "/tests/data/fio/shapes/jsonplus.json"

/* The only step of the model. */
static const struct fr_step *only_step(const struct fr_model *m)
{
	assert_int_equal(m->ndrives, 1);
	assert_int_equal(m->drives[0].nprofiles, 1);
	assert_int_equal(m->drives[0].profiles[0].nsteps, 1);
	return &m->drives[0].profiles[0].steps[0];
}

static void test_jsonplus_kept(void **state)
{
	struct fr_label label = {.fallback_drive = "d"};
	struct json_object *orig, *job, *kjob, *bins, *buckets;
	const struct fr_step *s;
	struct fr_model m;
	double want[FR_DIST_NBUCKETS] = {0}, got[FR_DIST_NBUCKETS] = {0}, total = 0;
	char err[128];
	size_t len;
	char *buf = fr_slurp(JSONPLUS, &len);

	(void)state;
	assert_non_null(buf);
	orig = fr_json_parse(buf, len, err, sizeof(err));
	assert_non_null(orig);
	fr_model_init(&m);
	assert_int_equal(fr_read_fio_buffer(&m, buf, len, JSONPLUS, &label, NULL), 0);
	s = only_step(&m);
	assert_non_null(s->fio_doc);

	job = json_object_array_get_idx(fr_json_get(orig, "jobs"), 0);
	kjob = json_object_array_get_idx(fr_json_get(s->fio_doc, "jobs"), 0);
	/* the options, as fio wrote them */
	assert_string_equal(fr_json_str(kjob, "jobname"), fr_json_str(job, "jobname"));
	assert_true(json_object_equal(fr_json_get(kjob, "job options"),
				      fr_json_get(job, "job options")));
	/* the bins in buckets, summed here from the original */
	bins = fr_json_get(fr_json_get(fr_json_get(job, "write"), "clat_ns"), "bins");
	assert_non_null(bins);
	json_object_object_foreach(bins, ns, count)
	{
		long k = lround(floor(log10(strtod(ns, NULL)) * FR_DIST_PER_DECADE));

		want[k] += json_object_get_double(count);
		total += json_object_get_double(count);
	}
	assert_float_equal(total, s->dir[FR_WRITE].ios, 0); /* every I/O binned */
	buckets = fr_json_get(fr_json_get(fr_json_get(kjob, "write"), "clat_ns"), "buckets");
	assert_non_null(buckets);
	json_object_object_foreach(buckets, key, val)
	{
		long k = strtol(key, NULL, 10);

		got[k] = json_object_get_double(val);
	}
	assert_memory_equal(got, want, sizeof(want));
	/* no bins and no read distribution (the job did no reads) */
	assert_null(fr_json_get(fr_json_get(fr_json_get(kjob, "write"), "clat_ns"), "bins"));
	assert_null(fr_json_get(kjob, "read"));

	json_object_put(orig);
	fr_model_free(&m);
	free(buf);
}

/* A rejected input keeps nothing (and leaks nothing under ASan). */
static void test_rejected_keeps_nothing(void **state)
{
	static const char bad[] = "{\"fio version\": \"fio-3.33\", \"jobs\": [";
	struct fr_label label = {.fallback_drive = "d"};
	struct fr_model m;

	(void)state;
	fr_model_init(&m);
	assert_int_not_equal(fr_read_fio_buffer(&m, bad, sizeof(bad) - 1, "bad", &label, NULL), 0);
	assert_int_equal(m.ndrives, 0);
	fr_model_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_jsonplus_kept),
		cmocka_unit_test(test_rejected_keeps_nothing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
