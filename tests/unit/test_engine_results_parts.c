// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests: many jobs' records merged once (engine/io/results_parts.c,
 * results_pending.c; issue 36 row 3).
 */
#include <setjmp.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "results_parts.h"

struct dirs {
	char dir[64];	 /* the results directory */
	char out[128];	 /* the results file */
	char parts[192]; /* run "200-7"'s parts directory */
};

static int setup(void **state)
{
	struct dirs *d = calloc(1, sizeof(*d));

	snprintf(d->dir, sizeof(d->dir), "/tmp/test_engine_results_parts.XXXXXX");
	assert_non_null(mkdtemp(d->dir));
	snprintf(d->out, sizeof(d->out), "%s/r.json", d->dir);
	assert_int_equal(results_parts_dir(d->out, "200-7", d->parts, sizeof(d->parts)), 0);
	*state = d;
	return 0;
}

static int teardown(void **state)
{
	struct dirs *d = *state;
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", d->dir);
	assert_int_equal(system(cmd), 0);
	free(d);
	return 0;
}

/* Job JOB (number SEQ) of RUN on FILE writes its part; a tag key labelled JOB. */
static int write_part(const struct dirs *d, const char *run, unsigned int seq, const char *job,
		      const char *file)
{
	struct results *r = results_new("fio-3.41", "0.1", job);
	struct ns_info ni = {.kind = NS_KIND_FILE};
	json_object *tags = json_object_new_object(), *keys = json_object_new_array();
	json_object *key = json_object_new_object(), *entry = json_object_new_object();
	char msg[1024];
	int ret;

	snprintf(ni.path, sizeof(ni.path), "%s", file);
	assert_int_equal(results_add_file(r, &ni), 0);
	json_object_object_add(key, "label", json_object_new_string(job));
	json_object_array_add(keys, key);
	json_object_object_add(tags, "keys", keys);
	assert_int_equal(results_add_section(r, "tags", tags), 0);
	json_object_object_add(entry, "name", json_object_new_string(job));
	json_object_object_add(entry, "thread", json_object_new_int(seq));
	ret = results_write_part(r, run, entry, seq, d->out, NULL, msg, sizeof(msg));
	results_free(r);
	return ret;
}

static const char *str_at(json_object *root, const char *arr, size_t i, const char *key)
{
	json_object *a, *v;

	assert_true(json_object_object_get_ex(root, arr, &a));
	assert_true(json_object_object_get_ex(json_object_array_get_idx(a, i), key, &v));
	return json_object_get_string(v);
}

static size_t count(json_object *root, const char *arr)
{
	json_object *a;

	assert_true(json_object_object_get_ex(root, arr, &a));
	return json_object_array_length(a);
}

static bool exists(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0;
}

/* Parts finishing out of order are merged once, in job order, then removed. */
static void parts_merge_once_in_job_order(void **state)
{
	struct dirs *d = *state;
	json_object *root, *tags;
	char msg[1024];

	assert_int_equal(write_part(d, "200-7", 3, "c", "/dev/ng0n2"), 0);
	assert_int_equal(write_part(d, "200-7", 1, "a", "/dev/ng0n1"), 0);
	assert_int_equal(write_part(d, "200-7", 2, "b", "/dev/ng0n1"), 0);
	assert_false(exists(d->out)); /* nothing written until the merge */
	assert_int_equal(results_merge_parts(d->out, "200-7", "", NULL, msg, sizeof(msg)), 0);
	root = json_object_from_file(d->out);
	assert_non_null(root);
	assert_int_equal(count(root, "jobs"), 3);
	assert_string_equal(str_at(root, "jobs", 0, "name"), "a");
	assert_string_equal(str_at(root, "jobs", 2, "name"), "c");
	assert_int_equal(count(root, "files"), 2); /* by path, once each */
	assert_string_equal(str_at(root, "files", 1, "path"), "/dev/ng0n2");
	assert_true(json_object_object_get_ex(root, "tags", &tags));
	assert_int_equal(count(tags, "keys"), 3);
	assert_string_equal(str_at(tags, "keys", 1, "label"), "b");
	json_object_put(root);
	assert_false(exists(d->parts));
}

/*
 * More parts than the merge reads side by side (8 threads) and unlinks in
 * one io_uring batch (64): every one merged once, in job order, all removed.
 */
static void many_parts_merge_in_job_order(void **state)
{
	struct dirs *d = *state;
	json_object *root;
	char msg[1024], job[16];
	unsigned int seq, n = 70;

	for (seq = n; seq >= 1; seq--) {
		snprintf(job, sizeof(job), "j%u", seq);
		assert_int_equal(write_part(d, "200-7", seq, job, "/dev/ng0n1"), 0);
	}
	assert_int_equal(results_merge_parts(d->out, "200-7", "", NULL, msg, sizeof(msg)), 0);
	root = json_object_from_file(d->out);
	assert_non_null(root);
	assert_int_equal(count(root, "jobs"), n);
	for (seq = 1; seq <= n; seq++) {
		snprintf(job, sizeof(job), "j%u", seq);
		assert_string_equal(str_at(root, "jobs", seq - 1, "name"), job);
	}
	json_object_put(root);
	assert_false(exists(d->parts));
}

/* A part that is not JSON fails the merge, naming it; the parts are kept. */
static void broken_part_fails_the_merge(void **state)
{
	struct dirs *d = *state;
	char msg[1024], part[PATH_MAX];
	FILE *f;

	assert_int_equal(write_part(d, "200-7", 1, "a", "/dev/ng0n1"), 0);
	assert_int_equal(write_part(d, "200-7", 2, "b", "/dev/ng0n1"), 0);
	snprintf(part, sizeof(part), "%s/job-2.json", d->parts);
	f = fopen(part, "w");
	assert_non_null(f);
	fputs("{\"jobs\": [", f);
	fclose(f);
	assert_int_equal(results_merge_parts(d->out, "200-7", "", NULL, msg, sizeof(msg)), -EINVAL);
	assert_non_null(strstr(msg, "job-2.json is not a results part"));
	assert_false(exists(d->out));
	assert_true(exists(part));
}

/* A second merge of the run (a later stonewalled group) adds to the first's file. */
static void later_merge_adds_to_the_run_file(void **state)
{
	struct dirs *d = *state;
	json_object *root, *job;
	char msg[1024];

	assert_int_equal(write_part(d, "200-7", 1, "early", "/dev/ng0n1"), 0);
	assert_int_equal(results_merge_parts(d->out, "200-7", "", NULL, msg, sizeof(msg)), 0);
	assert_int_equal(write_part(d, "200-7", 2, "late", "/dev/ng0n2"), 0);
	assert_int_equal(results_merge_parts(d->out, "200-7", "", NULL, msg, sizeof(msg)), 0);
	root = json_object_from_file(d->out);
	assert_int_equal(count(root, "jobs"), 2);
	assert_string_equal(str_at(root, "jobs", 1, "name"), "late");
	assert_true(json_object_object_get_ex(root, "job", &job));
	assert_string_equal(json_object_get_string(job), "early");
	json_object_put(root);
}

/* A killed run's parts (under its own run id) and stray names are never merged. */
static void other_runs_parts_are_not_taken(void **state)
{
	struct dirs *d = *state;
	char msg[1024], old[256], stray[320];
	json_object *root;
	FILE *fp;

	assert_int_equal(write_part(d, "100-5", 1, "killed", "/dev/ng0n3"), 0);
	assert_int_equal(results_parts_dir(d->out, "100-5", old, sizeof(old)), 0);
	assert_int_equal(write_part(d, "200-7", 1, "mine", "/dev/ng0n1"), 0);
	snprintf(stray, sizeof(stray), "%s/job-2.json.tmp", d->parts);
	fp = fopen(stray, "w");
	fputs("{}", fp);
	fclose(fp);
	assert_int_equal(results_merge_parts(d->out, "200-7", "", NULL, msg, sizeof(msg)), 0);
	root = json_object_from_file(d->out);
	assert_int_equal(count(root, "jobs"), 1);
	assert_string_equal(str_at(root, "jobs", 0, "name"), "mine");
	json_object_put(root);
	assert_true(exists(old));   /* the killed run's, left as it was */
	assert_true(exists(stray)); /* not a part: left, and so the directory */
}

/* Row 7 kept: another run's file written after set-up is not replaced; the parts stay. */
static void another_runs_file_keeps_the_parts(void **state)
{
	struct dirs *d = *state;
	char msg[1024], part[256];
	json_object *root, *run;

	assert_int_equal(write_part(d, "100-5", 1, "other", "/dev/ng0n1"), 0);
	assert_int_equal(results_merge_parts(d->out, "100-5", "", NULL, msg, sizeof(msg)), 0);
	assert_int_equal(write_part(d, "200-7", 1, "mine", "/dev/ng0n2"), 0);
	assert_int_equal(results_merge_parts(d->out, "200-7", "", NULL, msg, sizeof(msg)), -EEXIST);
	print_message("# %s\n", msg);
	assert_non_null(strstr(msg, "holds the results of another fio run (100-5)"));
	assert_non_null(strstr(msg, d->parts));
	snprintf(part, sizeof(part), "%s/job-1.json", d->parts);
	assert_true(exists(part));
	root = json_object_from_file(d->out);
	assert_true(json_object_object_get_ex(root, "run", &run));
	assert_string_equal(json_object_get_string(run), "100-5");
	json_object_put(root);
	/* the run 100-5 was already there when this one set up: an earlier run's */
	assert_int_equal(results_merge_parts(d->out, "200-7", "100-5", NULL, msg, sizeof(msg)), 0);
	assert_false(exists(d->parts));
}

/* A parts directory that is a symlink (e.g. planted to lead elsewhere) is refused. */
static void symlinked_parts_directory_is_refused(void **state)
{
	struct dirs *d = *state;

	assert_int_equal(symlink(d->dir, d->parts), 0);
	assert_int_equal(write_part(d, "200-7", 1, "j", "/dev/ng0n1"), -EEXIST);
}

/* The run found at the path is read once per path: every job of the run gets the first's. */
static void seen_run_is_read_once(void **state)
{
	struct dirs *d = *state;
	char seen[RESULTS_RUN_ID_LEN], msg[1024];
	int slot;

	assert_int_equal(write_part(d, "100-5", 1, "earlier", "/dev/ng0n1"), 0);
	assert_int_equal(results_merge_parts(d->out, "100-5", "", NULL, msg, sizeof(msg)), 0);
	slot = results_pending_slot(d->out, seen, sizeof(seen));
	assert_true(slot > 0);
	assert_string_equal(seen, "100-5");
	assert_int_equal(unlink(d->out), 0);
	assert_int_equal(results_pending_slot(d->out, seen, sizeof(seen)), slot);
	assert_string_equal(seen, "100-5");
}

/* The count is shared with forked jobs: the last to leave, in any process, merges. */
static void pending_count_is_shared_with_forked_jobs(void **state)
{
	struct dirs *d = *state;
	char seen[RESULTS_RUN_ID_LEN];
	int slot = results_pending_slot(d->out, seen, sizeof(seen)), status;
	pid_t pid;

	assert_true(slot > 0);
	assert_int_equal(results_pending_slot(d->out, seen, sizeof(seen)), slot);
	assert_int_not_equal(results_pending_slot(d->parts, seen, sizeof(seen)), slot);
	results_pending_join(slot);
	results_pending_join(slot);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid)
		_exit(results_pending_leave(slot) ? 1 : 0);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_int_equal(WEXITSTATUS(status), 0); /* the child was not the last */
	assert_true(results_pending_leave(slot)); /* its leave counted here */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(parts_merge_once_in_job_order, setup, teardown),
		cmocka_unit_test_setup_teardown(many_parts_merge_in_job_order, setup, teardown),
		cmocka_unit_test_setup_teardown(broken_part_fails_the_merge, setup, teardown),
		cmocka_unit_test_setup_teardown(later_merge_adds_to_the_run_file, setup, teardown),
		cmocka_unit_test_setup_teardown(other_runs_parts_are_not_taken, setup, teardown),
		cmocka_unit_test_setup_teardown(another_runs_file_keeps_the_parts, setup, teardown),
		cmocka_unit_test_setup_teardown(symlinked_parts_directory_is_refused, setup,
						teardown),
		cmocka_unit_test_setup_teardown(seen_run_is_read_once, setup, teardown),
		cmocka_unit_test_setup_teardown(pending_count_is_shared_with_forked_jobs, setup,
						teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
