// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests: an engine file from before jobs[].tags_ramp (read_engine.c,
 * fr_engine_ramp_check(), docs/fiorank.md), on the real FDP fixture
 * (tests/data/make-fdp-fixtures.sh: jobs run with ramp_time=1): as
 * written, nothing is marked; with tags_ramp dropped from the engine file's
 * jobs (done here, in memory), each job's tag keys are marked as including
 * the ramp, a note names the file and the job, and no tails come from them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "model/model.h"
#include "read/read_engine.h"
#include "read/read_fio.h"
#include "util/slurp.h"

#define RUN FIORANK_SRC_TOP "/tests/data/fio/fdp/nn/ng0n1/noisy-neighbor-fdp/noisy-neighbor/"

/* The placed run's fio output into M (its kept tree on the steps) and its engine file into E. */
static void read_run(struct fr_model *m, struct fr_engine *e, struct fr_read_info *info)
{
	struct fr_label label = {.fallback_drive = "d"};
	char err[256];
	size_t len;
	char *buf;

	fr_model_init(m);
	buf = fr_slurp(RUN "ssdnvme-fdp.json", &len);
	assert_non_null(buf);
	assert_int_equal(fr_read_fio_buffer(m, buf, len, "fio.json", &label, info), 0);
	free(buf);
	buf = fr_slurp(RUN "ssdnvme-fdp.engine.json", &len);
	assert_non_null(buf);
	assert_int_equal(fr_read_engine(buf, len, e, err, sizeof(err)), 0);
	free(buf);
}

static void with_tags_ramp_nothing_marked(void **state)
{
	struct fr_model m;
	struct fr_engine e;
	struct fr_read_info info = {0};

	(void)state;
	read_run(&m, &e, &info);
	assert_int_equal(fr_engine_ramp_check(&m, &e, "e.json"), 0);
	assert_int_equal(m.nnotes, 0);
	fr_engine_free(&e);
	fr_read_info_free(&info);
	fr_model_free(&m);
}

static void without_tags_ramp_marked_and_noted(void **state)
{
	struct fr_model m;
	struct fr_engine e;
	struct fr_read_info info = {0};
	struct json_object *jobs;
	size_t marked, i, ramped = 0;

	(void)state;
	read_run(&m, &e, &info);
	jobs = json_object_object_get(e.root, "jobs");
	for (i = 0; i < json_object_array_length(jobs); i++)
		json_object_object_del(json_object_array_get_idx(jobs, i), "tags_ramp");
	marked = fr_engine_ramp_check(&m, &e, "e.json");
	for (i = 0; i < e.ntags; i++)
		ramped += e.tags[i].ramp_included;
	assert_true(marked > 0);
	assert_int_equal(marked, ramped);
	assert_int_equal(marked, e.ntags); /* every job of the run had the ramp */
	assert_int_equal(m.nnotes, 2);
	assert_string_equal(m.notes[0].source, "e.json");
	/* one note per job, in the engine file's job order (the order the
	 * jobs ended in, so either) */
	{
		int read = strstr(m.notes[0].reason, "job 'nn-read'") ? 0 : 1;

		assert_non_null(strstr(m.notes[read].reason,
				       "job 'nn-read' ran with a ramp_time and this "
				       "engine file has no \"tags_ramp\""));
		assert_non_null(
			strstr(m.notes[!read].reason, "job 'nn-write' ran with a ramp_time"));
	}
	/* the per-namespace steps made of them are labelled, and only they */
	{
		size_t labelled = 0, with_ns = 0;

		assert_int_equal(fr_engine_add_tails(&m, &e, info.drive, info.nn_step, "e.json"),
				 0);
		for (size_t p = 0; p < m.drives[0].nprofiles; p++)
			for (size_t k = 0; k < m.drives[0].profiles[p].nsteps; k++) {
				const struct fr_step *st = &m.drives[0].profiles[p].steps[k];

				labelled += st->tags_incl_ramp;
				with_ns += st->nsid > 0;
				if (st->tags_incl_ramp)
					assert_true(st->nsid > 0);
			}
		assert_true(with_ns > 0);
		assert_int_equal(labelled, with_ns);
	}
	fr_engine_free(&e);
	fr_read_info_free(&info);
	fr_model_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(with_tags_ramp_nothing_marked),
		cmocka_unit_test(without_tags_ramp_marked_and_noted),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
