// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: one results file per fio run (results_write_run in engine/io/results.c). */
#include <setjmp.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "results.h"

/* A job's results: one file at PATH, a tags section with one key labelled JOB. */
static struct results *job_results(const char *job, const char *path)
{
	struct results *r = results_new("fio-3.33", "0.1", job);
	struct ns_info ni = {.kind = NS_KIND_FILE};
	json_object *tags = json_object_new_object(), *keys = json_object_new_array();
	json_object *key = json_object_new_object();

	snprintf(ni.path, sizeof(ni.path), "%s", path);
	assert_int_equal(results_add_file(r, &ni), 0);
	json_object_object_add(key, "label", json_object_new_string(job));
	json_object_array_add(keys, key);
	json_object_object_add(tags, "version", json_object_new_int(1));
	json_object_object_add(tags, "keys", keys);
	assert_int_equal(results_add_section(r, "tags", tags), 0);
	return r;
}

static json_object *job_entry(const char *job)
{
	json_object *j = json_object_new_object();

	json_object_object_add(j, "name", json_object_new_string(job));
	return j;
}

static void write_job(const char *out, const char *run, const char *job, const char *file)
{
	struct results *r = job_results(job, file);
	char msg[512], seen[RESULTS_RUN_ID_LEN];

	/* as a job that set up just before it writes */
	results_run_in(out, seen, sizeof(seen));
	assert_int_equal(
		results_write_run(r, run, seen, job_entry(job), out, NULL, msg, sizeof(msg)), 0);
	results_free(r);
}

/* Writes a job's results with a "health" section keyed JOB.1 into OUT. */
static void write_health_job(const char *out, const char *run, const char *job)
{
	struct results *r = job_results(job, "/dev/ng0n1");
	json_object *health = json_object_new_object(), *entry = json_object_new_object();
	char key[64], msg[512], seen[RESULTS_RUN_ID_LEN];

	json_object_object_add(entry, "job", json_object_new_string(job));
	snprintf(key, sizeof(key), "%s.1", job);
	json_object_object_add(health, key, entry);
	assert_int_equal(results_add_section(r, "health", health), 0);
	results_run_in(out, seen, sizeof(seen));
	assert_int_equal(
		results_write_run(r, run, seen, job_entry(job), out, NULL, msg, sizeof(msg)), 0);
	results_free(r);
}

static json_object *get(json_object *o, const char *path)
{
	char buf[128], *save = NULL, *part;
	json_object *v = o;

	snprintf(buf, sizeof(buf), "%s", path);
	for (part = strtok_r(buf, ".", &save); part; part = strtok_r(NULL, ".", &save))
		assert_true(json_object_object_get_ex(v, part, &v));
	return v;
}

static const char *str_at(json_object *arr, size_t i, const char *key)
{
	return json_object_get_string(get(json_object_array_get_idx(arr, i), key));
}

static char *tmp_dir(void)
{
	char *d = strdup("/tmp/test_engine_results_run.XXXXXX");

	assert_non_null(mkdtemp(d));
	return d;
}

static void cleanup_dir(char *dir, const char *out)
{
	unlink(out);
	assert_int_equal(rmdir(dir), 0); /* no lock or temporary file left behind */
	free(dir);
}

static void same_run_merges_jobs(void **state)
{
	char *dir = tmp_dir(), out[512];
	json_object *root;

	(void)state;
	snprintf(out, sizeof(out), "%s/r.json", dir);
	write_job(out, "100-5", "nn-write", "/dev/ng0n1");
	write_job(out, "100-5", "nn-read", "/dev/ng0n4");
	write_job(out, "100-5", "nn-read2", "/dev/ng0n4"); /* same file: listed once */
	root = json_object_from_file(out);
	assert_non_null(root);
	assert_string_equal(json_object_get_string(get(root, "run")), "100-5");
	assert_string_equal(json_object_get_string(get(root, "job")), "nn-write");
	assert_int_equal(json_object_array_length(get(root, "jobs")), 3);
	assert_string_equal(str_at(get(root, "jobs"), 1, "name"), "nn-read");
	assert_int_equal(json_object_array_length(get(root, "files")), 2);
	assert_string_equal(str_at(get(root, "files"), 0, "path"), "/dev/ng0n1");
	assert_string_equal(str_at(get(root, "files"), 1, "path"), "/dev/ng0n4");
	assert_int_equal(json_object_array_length(get(root, "tags.keys")), 3);
	assert_string_equal(str_at(get(root, "tags.keys"), 0, "label"), "nn-write");
	assert_string_equal(str_at(get(root, "tags.keys"), 2, "label"), "nn-read2");
	json_object_put(root);
	cleanup_dir(dir, out);
}

/* "health" entries of a run's jobs merge, earlier first; a job without one keeps them. */
static void same_run_merges_health(void **state)
{
	char *dir = tmp_dir(), out[512];
	json_object *root, *health, *entry;
	const char *first = NULL;

	(void)state;
	snprintf(out, sizeof(out), "%s/r.json", dir);
	write_health_job(out, "100-5", "step-a");
	write_job(out, "100-5", "no-health", "/dev/ng0n2");
	write_health_job(out, "100-5", "step-b");
	root = json_object_from_file(out);
	health = get(root, "health");
	assert_int_equal(json_object_object_length(health), 2);
	/* keys hold a dot ("step-a.1"): looked up whole, not through get() */
	assert_true(json_object_object_get_ex(health, "step-a.1", &entry));
	assert_string_equal(json_object_get_string(get(entry, "job")), "step-a");
	assert_true(json_object_object_get_ex(health, "step-b.1", &entry));
	assert_string_equal(json_object_get_string(get(entry, "job")), "step-b");
	json_object_object_foreach(health, key, val)
	{
		(void)val;
		if (!first)
			first = key;
	}
	assert_string_equal(first, "step-a.1");
	json_object_put(root);
	cleanup_dir(dir, out);
}

static void earlier_run_is_replaced(void **state)
{
	char *dir = tmp_dir(), out[512];
	json_object *root;
	FILE *fp;

	(void)state;
	snprintf(out, sizeof(out), "%s/r.json", dir);
	write_job(out, "100-5", "old", "/dev/ng0n1");
	write_job(out, "200-7", "new", "/dev/ng0n2");
	root = json_object_from_file(out);
	assert_string_equal(json_object_get_string(get(root, "run")), "200-7");
	assert_string_equal(json_object_get_string(get(root, "job")), "new");
	assert_int_equal(json_object_array_length(get(root, "jobs")), 1);
	assert_int_equal(json_object_array_length(get(root, "files")), 1);
	assert_int_equal(json_object_array_length(get(root, "tags.keys")), 1);
	json_object_put(root);
	/* not ours (not JSON, or another schema): replaced, never merged */
	fp = fopen(out, "w");
	fputs("{\"run\": \"200-7\", \"files\": [{\"path\": \"x\"}]}", fp);
	fclose(fp);
	write_job(out, "200-7", "again", "/dev/ng0n3");
	root = json_object_from_file(out);
	assert_int_equal(json_object_array_length(get(root, "files")), 1);
	assert_string_equal(str_at(get(root, "files"), 0, "path"), "/dev/ng0n3");
	json_object_put(root);
	cleanup_dir(dir, out);
}

/*
 * Two fio runs writing one file at once (issue 36 row 7): a file of another
 * run that was not there when this job set up is kept and this write fails
 * saying so; the run the job found at set-up is an earlier run's, replaced.
 * No clock is involved (a file's time on a shared file system is another
 * machine's).
 */
static void concurrent_run_is_never_dropped(void **state)
{
	char *dir = tmp_dir(), out[512], msg[1024], seen[RESULTS_RUN_ID_LEN];
	struct results *r;
	json_object *root;

	(void)state;
	snprintf(out, sizeof(out), "%s/r.json", dir);
	results_run_in(out, seen, sizeof(seen)); /* "mine" sets up: no file yet */
	assert_string_equal(seen, "");
	write_job(out, "100-5", "other", "/dev/ng0n1");
	r = job_results("mine", "/dev/ng0n2");
	assert_int_equal(
		results_write_run(r, "200-7", seen, job_entry("mine"), out, NULL, msg, sizeof(msg)),
		-EEXIST);
	results_free(r);
	print_message("# %s\n", msg);
	assert_non_null(strstr(msg, "holds the results of another fio run (100-5) written there "
				    "after this job started: not replaced"));
	root = json_object_from_file(out);
	assert_string_equal(json_object_get_string(get(root, "job")), "other");
	json_object_put(root);
	/* a job that found 100-5's file at set-up: an earlier run's, replaced */
	results_run_in(out, seen, sizeof(seen));
	assert_string_equal(seen, "100-5");
	/* ... unless a third run wrote it since */
	write_job(out, "300-9", "third", "/dev/ng0n3");
	r = job_results("mine", "/dev/ng0n2");
	assert_int_equal(
		results_write_run(r, "200-7", seen, job_entry("mine"), out, NULL, msg, sizeof(msg)),
		-EEXIST);
	results_free(r);
	assert_non_null(strstr(msg, "another fio run (300-9)"));
	results_run_in(out, seen, sizeof(seen));
	r = job_results("mine", "/dev/ng0n2");
	assert_int_equal(
		results_write_run(r, "200-7", seen, job_entry("mine"), out, NULL, msg, sizeof(msg)),
		0);
	results_free(r);
	root = json_object_from_file(out);
	assert_string_equal(json_object_get_string(get(root, "job")), "mine");
	json_object_put(root);
	cleanup_dir(dir, out);
}

static void run_and_jobs_are_reserved(void **state)
{
	struct results *r = results_new("fio-3.33", "0.1", "j");

	(void)state;
	assert_int_equal(results_add_section(r, "run", json_object_new_object()), -1);
	assert_int_equal(results_add_section(r, "jobs", json_object_new_array()), -1);
	results_free(r);
}

static void missing_directory_is_a_clear_error(void **state)
{
	struct results *r = job_results("j", "/x");
	char msg[512] = "";

	(void)state;
	assert_int_equal(results_write_run(r, "1-1", "", job_entry("j"), "/nonexistent-dir/r.json",
					   NULL, msg, sizeof(msg)),
			 -ENOENT);
	assert_non_null(strstr(msg, "/nonexistent-dir"));
	results_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(same_run_merges_jobs),
		cmocka_unit_test(same_run_merges_health),
		cmocka_unit_test(earlier_run_is_replaced),
		cmocka_unit_test(concurrent_run_is_never_dropped),
		cmocka_unit_test(run_and_jobs_are_reserved),
		cmocka_unit_test(missing_directory_is_a_clear_error),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
