// SPDX-License-Identifier: GPL-2.0-only
/*
 * fiorank's readers on the committed fixtures (real fio 3.33 output, see
 * tests/data/make-fixtures.sh) and on malformed inputs built here: every fio
 * shape, rejection messages with byte offsets, the engine and manifest files
 * and the shipped reference data.
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

#include <json-c/json.h>

#include "read/read_engine.h"
#include "read/read_fio.h"
#include "read/read_fio_globals.h"
#include "read/read_fio_keep.h"
#include "read/read_manifest.h"
#include "read/read_ref.h"
#include "util/slurp.h"

#define DATA FIORANK_SRC_TOP "/tests/data"

static int read_fixture(struct fr_model *m, const char *name, const char *drive,
			struct fr_read_info *info)
{
	char path[512];
	struct fr_label label = {.fallback_drive = drive};
	size_t len;
	char *buf;
	int ret;

	snprintf(path, sizeof(path), "%s/fio/shapes/%s", DATA, name);
	buf = fr_slurp(path, &len);
	assert_non_null(buf);
	ret = fr_read_fio_buffer(m, buf, len, name, &label, info);
	free(buf);
	return ret;
}

static const struct fr_step *only_step(const struct fr_model *m)
{
	assert_int_equal(m->ndrives, 1);
	assert_int_equal(m->drives[0].nprofiles, 1);
	assert_int_equal(m->drives[0].profiles[0].nsteps, 1);
	return &m->drives[0].profiles[0].steps[0];
}

static void test_plain_json(void **state)
{
	struct fr_model m;
	struct fr_read_info info;
	const struct fr_step *s;

	(void)state;
	fr_model_init(&m);
	assert_int_equal(read_fixture(&m, "json.json", "d", &info), 0);
	assert_int_equal(info.jobs, 1);
	assert_string_equal(info.drive, "d");
	fr_read_info_free(&info);
	s = only_step(&m);
	assert_string_equal(m.drives[0].profiles[0].name, "4k-randread");
	assert_string_equal(s->name, "peak");
	assert_true(s->dir[FR_READ].iops > 0);
	assert_true(s->dir[FR_READ].ios > 0);
	assert_true(s->dir[FR_READ].lat[FR_CLAT].mean > 0);
	assert_true(s->dir[FR_READ].lat[FR_CLAT].p99 > 0);
	assert_false(isnan(s->dir[FR_READ].lat[FR_CLAT].p9999));
	assert_true(s->dir[FR_READ].lat[FR_LAT].mean >= s->dir[FR_READ].lat[FR_CLAT].mean);
	assert_int_equal(s->dir[FR_WRITE].ios, 0);
	fr_model_free(&m);
}

/* The µs shape is derived from json.json: same figures after unit scaling. */
static void test_old_usec_shape(void **state)
{
	struct fr_model a, b;
	const struct fr_dirstat *x, *y;

	(void)state;
	fr_model_init(&a);
	fr_model_init(&b);
	assert_int_equal(read_fixture(&a, "json.json", "d", NULL), 0);
	assert_int_equal(read_fixture(&b, "old-usec.json", "d", NULL), 0);
	x = &only_step(&a)->dir[FR_READ];
	y = &only_step(&b)->dir[FR_READ];
	assert_float_equal(x->lat[FR_CLAT].mean, y->lat[FR_CLAT].mean, 1e-6 * x->lat[FR_CLAT].mean);
	assert_float_equal(x->lat[FR_CLAT].p99, y->lat[FR_CLAT].p99, 1e-6 * x->lat[FR_CLAT].p99);
	assert_float_equal(x->lat[FR_LAT].mean, y->lat[FR_LAT].mean, 1e-6 * x->lat[FR_LAT].mean);
	assert_float_equal(x->iops, y->iops, 1e-9);
	/* bw from KiB/s: within one KiB/s of bw_bytes */
	assert_float_equal(x->bw_bytes, y->bw_bytes, 1024);
	fr_model_free(&a);
	fr_model_free(&b);
}

static void test_jsonplus_prios_steadystate(void **state)
{
	static const char *const names[] = {"jsonplus.json", "prios.json", "steadystate.json"};

	(void)state;
	for (size_t i = 0; i < 3; i++) {
		struct fr_model m;
		const struct fr_step *s;

		fr_model_init(&m);
		assert_int_equal(read_fixture(&m, names[i], "d", NULL), 0);
		s = only_step(&m);
		assert_true(fr_step_iops(s) > 0);
		assert_false(isnan(fr_step_mean_lat(s, FR_CLAT)));
		fr_model_free(&m);
	}
}

/* Several documents: only the last (final) one counts. */
static void test_status_interval(void **state)
{
	struct fr_model m;
	struct fr_read_info info;
	const struct fr_step *s;

	(void)state;
	fr_model_init(&m);
	assert_int_equal(read_fixture(&m, "status-interval.json", "d", &info), 0);
	assert_int_equal(info.jobs, 1);
	fr_read_info_free(&info);
	s = only_step(&m);
	assert_int_equal(s->njobs, 1);
	assert_int_equal(m.jobs_read, 1);
	fr_model_free(&m);
}

static void test_text_before_and_job_error(void **state)
{
	struct fr_model m;

	(void)state;
	fr_model_init(&m);
	assert_int_equal(read_fixture(&m, "text-before.json", "d", NULL), 0);
	assert_int_equal(m.files_read, 1);
	assert_int_equal(m.nexcluded, 1);
	assert_non_null(strstr(m.excluded[0].reason, "error 28"));
	assert_string_equal(m.drives[0].profiles[0].name, "4k-randread");
	assert_int_equal(read_fixture(&m, "job-error.json", "d", NULL), 0);
	assert_int_equal(m.nexcluded, 2);
	assert_int_equal(m.nskipped, 0);
	fr_model_free(&m);
}

static void test_client_server(void **state)
{
	struct fr_model m;

	(void)state;
	fr_model_init(&m);
	assert_int_equal(read_fixture(&m, "client-server.json", "fallback", NULL), 0);
	assert_int_equal(m.ndrives, 2); /* the "All clients" sum is not a drive */
	assert_int_equal(m.jobs_read, 2);
	assert_non_null(fr_model_find_drive(&m, "127.0.0.1:18765"));
	assert_non_null(fr_model_find_drive(&m, "127.0.0.1:18766"));
	fr_model_free(&m);
}

/* The one step of DRIVE's PROFILE (fr_model_find_drive()). */
static const struct fr_step *step_of(const struct fr_model *m, const char *drive,
				     const char *profile)
{
	const struct fr_drive *d = fr_model_find_drive(m, drive);

	assert_non_null(d);
	assert_int_equal(d->nprofiles, 1);
	assert_string_equal(d->profiles[0].name, profile);
	assert_int_equal(d->profiles[0].nsteps, 1);
	return &d->profiles[0].steps[0];
}

/* fio 3.39+ with two servers: "global options" is one entry per server
 * (hostname, port); each job takes its own server's, so 127.0.0.1's is a
 * 4 KiB and 127.0.0.2's an 8 KiB random reader, figures as fio's. */
static void test_client_server_per_server_globals(void **state)
{
	struct fr_model m;
	const struct fr_step *s;

	(void)state;
	fr_model_init(&m);
	assert_int_equal(read_fixture(&m, "../hosts/client-server-3.41.json", "fallback", NULL), 0);
	assert_int_equal(m.jobs_read, 2);
	assert_int_equal(m.nexcluded, 0);
	assert_int_equal(m.ndrives, 2);
	s = step_of(&m, "127.0.0.1", "4k-randread");
	assert_float_equal(fr_step_iops(s), 512000, 0);
	assert_int_equal(s->method.bs, 4096);
	s = step_of(&m, "127.0.0.2", "8k-randread");
	assert_float_equal(fr_step_iops(s), 44521.73913, 0);
	assert_int_equal(s->method.bs, 8192);
	fr_model_free(&m);
}

/* BUF read into M, initialised here: fr_read_fio_buffer()'s return. */
static int read_mem(struct fr_model *m, const char *buf)
{
	struct fr_label label = {.fallback_drive = "d"};

	fr_model_init(m);
	return fr_read_fio_buffer(m, buf, strlen(buf), "mem", &label, NULL);
}

static void expect_skip(const char *buf, const char *why)
{
	struct fr_model m;

	assert_int_equal(read_mem(&m, buf), -1);
	assert_int_equal(m.nskipped, 1);
	assert_int_equal(m.ndrives, 0);
	if (!strstr(m.skipped[0].reason, why))
		fail_msg("reason '%s' lacks '%s'", m.skipped[0].reason, why);
	fr_model_free(&m);
}

/* The file is read, the job is not used: excluded with its reason. */
static void expect_exclude(const char *buf, const char *why)
{
	struct fr_model m;

	assert_int_equal(read_mem(&m, buf), 0);
	assert_int_equal(m.nexcluded, 1);
	assert_int_equal(m.ndrives, 0);
	if (!strstr(m.excluded[0].reason, why))
		fail_msg("reason '%s' lacks '%s'", m.excluded[0].reason, why);
	fr_model_free(&m);
}

#define DOC(job)     "{\"fio version\": \"fio-3.33\", \"jobs\": [" job "]}"
#define JOB(dirs)    "{\"jobname\": \"x\", \"groupid\": 0, \"error\": 0, " dirs "}"
#define READ(fields) "\"read\": {" fields "}"

static void test_nonsense_excluded(void **state)
{
	(void)state;
	expect_exclude(DOC("{\"error\": 0}"), "no \"jobname\"");
	expect_exclude(DOC(JOB(READ("\"iops\": \"many\""))), "no numeric \"iops\"");
	expect_exclude(DOC(JOB("\"read\": []")), "not a JSON object");
	expect_exclude(DOC(JOB(READ("\"iops\": 1e400, \"total_ios\": 10"))), "infinite");
	expect_exclude(DOC(JOB(READ("\"iops\": -5, \"total_ios\": 10"))), "negative");
	expect_exclude(DOC(JOB(READ("\"iops\": 10, \"total_ios\": 1e30"))),
		       "not a count of operations");
	expect_exclude(DOC(JOB(READ("\"iops\": 10, \"total_ios\": -1"))),
		       "not a count of operations");
	expect_exclude(DOC(JOB(READ("\"iops\": 10, \"total_ios\": 0"))), "total_ios 0");
	expect_exclude(DOC(JOB(READ("\"iops\": 10, \"total_ios\": 10, \"clat_ns\": "
				    "{\"mean\": -3.0}"))),
		       "negative or infinite latency");
	expect_exclude(DOC(JOB("\"elapsed\": 1")), "no \"read\", \"write\" or \"trim\"");
	expect_exclude(DOC(JOB(READ("\"iops\": 0, \"total_ios\": 0"))), "completed no I/O");
	/* the contract's step of the wrong kind */
	expect_exclude(DOC("{\"jobname\": \"wp-read@10MBps\", \"read\": {\"iops\": 10, "
			   "\"total_ios\": 10}}"),
		       "not a number of MB/s");
}

/* A job the user named "All clients" in jobs[] is a job like any other; only
 * client_stats' "All clients" is fio's sum. */
static void test_all_clients_in_jobs(void **state)
{
	static const char doc[] =
		DOC("{\"jobname\": \"All clients\", \"read\": {\"iops\": 10, \"total_ios\": 10}}");
	struct fr_model m;

	(void)state;
	assert_int_equal(read_mem(&m, doc), 0);
	assert_int_equal(m.jobs_read, 1);
	assert_int_equal(m.nexcluded, 0);
	fr_model_free(&m);
}

/* fio 3.39+'s per-server global options, and hand-damaged ones: a 4 KiB
 * random reader's output with "global options" GOPTS and client_stats JOBS. */
#define CSDOC(gopts, jobs)                                                                        \
	"{\"fio version\": \"fio-3.41\", \"global options\": " gopts ", \"client_stats\": [" jobs \
	"]}"
#define CSJOB(host, port, opts)                                                                  \
	"{\"jobname\": \"4k-randread@peak\", \"hostname\": \"" host "\", \"port\": " port        \
	", \"groupid\": 0, \"error\": 0, \"job options\": {" opts "}, \"read\": {\"iops\": 10, " \
	"\"bw_bytes\": 40960, \"io_bytes\": 40960, \"total_ios\": 10}}"
#define GOPT(host, port) "{\"hostname\": \"" host "\", \"port\": " port ", \"rw\": \"randread\"}"
#define ALL(host, port) \
	"{\"jobname\": \"All clients\", \"hostname\": \"" host "\", \"port\": " port "}"

/* Read, its one job used: a 4 KiB random reader of drive h1. */
static void expect_read(const char *buf)
{
	struct fr_model m;

	assert_int_equal(read_mem(&m, buf), 0);
	assert_int_equal(m.nexcluded, 0);
	assert_int_equal(m.jobs_read, 1);
	assert_float_equal(fr_step_iops(step_of(&m, "h1", "4k-randread")), 10, 0);
	fr_model_free(&m);
}

static void test_per_server_globals(void **state)
{
	(void)state;
	/* its own server's entry (the same hostname and port) among others */
	expect_read(CSDOC("[" GOPT("h2", "1") ", " GOPT("h1", "2") ", " GOPT("h1", "1") "]",
			  CSJOB("h1", "1", "") ", " ALL("h1", "1")));
	/* fio < 3.39, or one server: one object for every job */
	expect_read(CSDOC("{\"rw\": \"randread\"}", CSJOB("h1", "1", "") ", " ALL("h1", "1")));
	/* a server without global options has no entry: none */
	expect_read(CSDOC("[]", CSJOB("h1", "1", "\"rw\": \"randread\"")));
	expect_exclude(CSDOC("[]", CSJOB("h1", "1", "")), "did 4 KiB sequential reads only");
	/* two entries for one server: alike is one, else not known */
	expect_read(CSDOC("[" GOPT("h1", "1") ", " GOPT("h1", "1") "]", CSJOB("h1", "1", "")));
	expect_exclude(CSDOC("[" GOPT("h1", "1") ", {\"hostname\": \"h1\", \"port\": 1}]",
			     CSJOB("h1", "1", "")),
		       "job '4k-randread@peak' on h1: fio's \"global options\" have two different "
		       "entries for its server");
	/* no entry for its server, and one for a server no job ran on */
	expect_exclude(CSDOC("[" GOPT("h9", "1") "]", CSJOB("h1", "1", "\"rw\": \"randread\"")),
		       "have no entry for its server and one for a server no job ran on");
	/* per-server options, but a job of no server */
	expect_exclude("{\"fio version\": \"fio-3.41\", \"global options\": [" GOPT(
			       "h1", "1") "], "
					  "\"jobs\": [{\"jobname\": \"4k-randread@peak\", "
					  "\"read\": {\"iops\": 10, "
					  "\"total_ios\": 10}}]}",
		       "job '4k-randread@peak': fio's \"global options\" are per server");
	/* an entry that is not one, or names no server: the file is not read */
	expect_skip(CSDOC("[" GOPT("h1", "1") ", 3]", CSJOB("h1", "1", "")),
		    "\"global options\" entry #2 is not a JSON object");
	expect_skip(CSDOC("[{\"hostname\": \"h1\", \"rw\": \"randread\"}]", CSJOB("h1", "1", "")),
		    "\"global options\" entry #1 does not name its server");
}

/* The stages after the reader find a client's global options in what the
 * reader kept (its server's "hostname" and "port" kept with it), and never
 * take the server's name for an option. */
static void test_per_server_globals_kept(void **state)
{
	struct json_object *root = json_tokener_parse(
		CSDOC("[" GOPT("h2", "1") ", " GOPT("h1", "1") "]",
		      CSJOB("h1", "1", "") ", " CSJOB("h2", "1", "\"rw\": \"read\"")));
	struct json_object *kept, *jobs;

	(void)state;
	assert_non_null(root);
	kept = fr_fio_keep(root, false);
	assert_non_null(kept);
	jobs = json_object_object_get(kept, "client_stats");
	for (size_t i = 0; i < 2; i++) {
		struct json_object *job = json_object_array_get_idx(jobs, i);

		assert_string_equal(fr_fio_global_str(kept, job, "rw"), "randread");
		assert_null(fr_fio_global(kept, job, "hostname"));
		assert_null(fr_fio_global(kept, job, "port"));
	}
	json_object_put(kept);
	json_object_put(root);
}

static void test_rejections(void **state)
{
	static const char good[] = "{\"fio version\": \"fio-3.33\", \"jobs\": [{\"jobname\": "
				   "\"4k-randread@peak\", \"error\": 0, \"read\": {\"iops\": 10, "
				   "\"bw_bytes\": 40960, \"total_ios\": 10}}]}\n";
	char buf[1024];

	(void)state;
	expect_skip("{\"name\": \"package\"}", "not fio output");
	expect_skip("3;fio-3.33;job;0;0;1024\n", "terse");
	expect_skip("", "no JSON document");
	expect_skip("hello\nworld\n", "no JSON document");
	expect_skip("{\"fio version\": \"fio-3.33\", \"jobs\": [", "truncated");
	expect_skip("{\"fio version\": \"fio-3.33\"}", "no \"jobs\"");
	/* a valid document, then a damaged one: the byte offset points into it */
	snprintf(buf, sizeof(buf), "%s{\"fio version\": x}\n", good);
	{
		char want[64];

		snprintf(want, sizeof(want), "parse error at byte %zu", strlen(good) + 16);
		expect_skip(buf, want);
	}
	/* the good document alone is read, with text before it */
	{
		struct fr_model m;

		snprintf(buf, sizeof(buf), "fio: some warning {not json\n<host> line\n%s", good);
		assert_int_equal(read_mem(&m, buf), 0);
		assert_float_equal(fr_step_iops(only_step(&m)), 10, 0);
		fr_model_free(&m);
	}
}

static void test_labels(void **state)
{
	static const char doc[] =
		"{\"fio version\": \"fio-3.33\", \"global options\": {\"bs\": "
		"\"8k\"}, \"jobs\": [{\"jobname\": \"job1\", \"job options\": "
		"{\"rw\": \"randrw\", \"rwmixread\": \"70\"}, \"read\": {\"iops\": "
		"7, \"bw_bytes\": 1, \"total_ios\": 7}, \"write\": {\"iops\": 3, \"bw_bytes\": "
		"1, \"total_ios\": 3}}]}";
	struct fr_model m;
	struct fr_label label = {.fallback_drive = "d"};

	(void)state;
	fr_model_init(&m);
	assert_int_equal(fr_read_fio_buffer(&m, doc, strlen(doc), "mem", &label, NULL), 0);
	assert_int_equal(m.nexcluded, 0); /* 7 reads and 3 writes: the 70/30 asked */
	assert_string_equal(m.drives[0].profiles[0].name, "8k-randrw-70-30");
	label.drive = "forced";
	label.profile = "sql";
	label.step = "50";
	assert_int_equal(fr_read_fio_buffer(&m, doc, strlen(doc), "mem", &label, NULL), 0);
	assert_string_equal(m.drives[1].label, "forced");
	assert_string_equal(m.drives[1].profiles[0].name, "sql");
	assert_string_equal(m.drives[1].profiles[0].steps[0].name, "50");
	fr_model_free(&m);
}

static void test_engine_file(void **state)
{
	struct fr_engine e;
	struct fr_model m;
	char err[256];
	size_t len;
	char *buf = fr_slurp(DATA "/engine/schema-example.engine.json", &len);

	(void)state;
	assert_non_null(buf);
	assert_int_equal(fr_read_engine(buf, len, &e, err, sizeof(err)), 0);
	free(buf);
	assert_string_equal(e.model, "QEMU NVMe Ctrl");
	assert_string_equal(e.serial, "deadbeef");
	assert_int_equal(e.ntags, 2); /* the flush key is not ranked */
	fr_model_init(&m);
	assert_int_equal(fr_engine_add_tails(&m, &e, "drive", "peak", "x"), 0);
	assert_int_equal(m.drives[0].profiles[0].nsteps, 2);
	assert_int_equal(m.drives[0].profiles[0].steps[1].nsid, 5);
	assert_float_equal(m.drives[0].profiles[0].steps[0].dir[FR_READ].lat[FR_CLAT].p9999, 800000,
			   0);
	fr_model_free(&m);
	fr_engine_free(&e);
	assert_int_equal(fr_read_engine("{\"schema\": \"other\"}", 19, &e, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "not an ssdnvme engine file"));
	assert_int_equal(fr_read_engine("{\"schema\": ", 11, &e, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "truncated"));
}

static void test_manifest(void **state)
{
	struct fr_manifest mf;
	const struct fr_run *r;
	char err[256];
	size_t len;
	char *buf = fr_slurp(DATA "/fio/results/manifest.json", &len);

	(void)state;
	assert_non_null(buf);
	assert_int_equal(fr_read_manifest(buf, len, &mf, err, sizeof(err)), 0);
	free(buf);
	assert_int_equal(mf.ndrives, 2);
	r = fr_manifest_find(&mf, "psync-capped/profiles/4k-randread/50.json");
	assert_non_null(r);
	assert_string_equal(r->drive, "psync-capped");
	assert_string_equal(r->status, "done");
	assert_null(fr_manifest_find(&mf, "nope.json"));
	fr_manifest_free(&mf);
	assert_int_equal(
		fr_read_manifest("{\"schema\": \"ssdnvme-manifest/1\"}", 32, &mf, err, sizeof(err)),
		-1);
	assert_non_null(strstr(err, "runs"));
	/* two runs naming one output: the first is the output's run (the
	 * look-up is an index now, not a search from the start) */
	{
		static const char two[] =
			"{\"schema\": \"ssdnvme-manifest/1\", \"runs\": ["
			"{\"id\": \"a\", \"drive\": \"d1\", \"output\": \"x.json\"}, "
			"{\"id\": \"b\", \"drive\": \"d2\", \"output\": \"x.json\"}, "
			"{\"id\": \"c\", \"drive\": \"d3\", \"output\": \"y.json\"}]}";

		assert_int_equal(fr_read_manifest(two, strlen(two), &mf, err, sizeof(err)), 0);
		assert_string_equal(fr_manifest_find(&mf, "x.json")->id, "a");
		assert_string_equal(fr_manifest_find(&mf, "y.json")->id, "c");
		assert_null(fr_manifest_find(&mf, "x"));
		fr_manifest_free(&mf);
	}
}

static size_t count_records(const char *path)
{
	size_t len, n = 0;
	char *buf = fr_slurp(path, &len);

	assert_non_null(buf);
	for (size_t i = 0; i < len; i++)
		n += buf[i] == '\n';
	free(buf);
	return n - 1; /* header */
}

static void test_reference(void **state)
{
	struct fr_ref ref;
	struct fr_model m;
	char err[512];

	(void)state;
	assert_int_equal(
		fr_read_ref_dir(FIORANK_SRC_TOP "/analysis/reference", &ref, err, sizeof(err)), 0);
	assert_int_equal(ref.ncurves,
			 count_records(FIORANK_SRC_TOP "/analysis/reference/vdbench-curves.csv"));
	assert_int_equal(ref.nwp,
			 count_records(FIORANK_SRC_TOP "/analysis/reference/write-pressure.csv"));
	assert_int_equal(ref.nnn,
			 count_records(FIORANK_SRC_TOP "/analysis/reference/noisy-neighbor.csv"));
	assert_int_equal(ref.nmethods,
			 count_records(FIORANK_SRC_TOP "/analysis/reference/methods.csv"));
	fr_model_init(&m);
	/* one name per drive model: the group-of-8 curves, the write-pressure
	 * and the noisy-neighbor figures are the same two drives */
	assert_int_equal(fr_ref_to_model(&ref, "p5510-vs-pm9a3", &m), 2);
	assert_true(m.drives[0].reference);
	assert_int_equal(m.drives[0].group, 8);
	assert_int_equal(m.nstatements, 3);
	{
		const struct fr_profile *p = fr_drive_find_profile(&m.drives[0], "4k-randread");

		assert_non_null(p);
		/* 6,670,000 IOPS for 8 drives: 833,750 per drive */
		assert_true(fabs(fr_step_iops(&p->steps[1]) - 833750) < 1e-6);
		/* the review states no thread counts: a method with its reason */
		assert_false(p->steps[1].method.known);
		assert_non_null(strstr(p->steps[1].method.note, "no thread counts"));
	}
	fr_model_free(&m);
	fr_model_init(&m);
	assert_int_equal(fr_ref_to_model(&ref, "p5800x-review", &m), 1);
	{
		const struct fr_profile *p = fr_drive_find_profile(&m.drives[0], "4k-randwrite");
		const struct fr_profile *q = fr_drive_find_profile(&m.drives[0], "sql");

		assert_true(p->steps[0].method.known);
		assert_int_equal(p->steps[0].method.outstanding, 64);
		assert_int_equal(p->steps[0].method.bs, 4096);
		assert_int_equal(p->steps[0].method.read_pct, 0);
		assert_false(q->steps[0].method.known); /* sql*: a prefix row */
		assert_non_null(strstr(q->steps[0].method.note, "SQL"));
	}
	fr_model_free(&m);
	fr_ref_free(&ref);

	/* a method row that states nothing must say why */
	memset(&ref, 0, sizeof(ref));
	assert_int_equal(fr_read_ref_csv("review,profile,load,outstanding,note\nr,p,normal,,\n", 50,
					 "methods", "m.csv", &ref, err, sizeof(err)),
			 -1);
	assert_non_null(strstr(err, "m.csv: record 2"));
	fr_ref_free(&ref);

	memset(&ref, 0, sizeof(ref));
	assert_int_equal(fr_read_ref_csv("review,device,profile,iops\n\"x,1,2\n", 31, "curves",
					 "t.csv", &ref, err, sizeof(err)),
			 -1);
	assert_non_null(strstr(err, "t.csv"));
	fr_ref_free(&ref);
	assert_int_equal(fr_read_ref_csv("review,device,profile,iops\nr,d,p,lots\n", 38, "curves",
					 "t.csv", &ref, err, sizeof(err)),
			 -1);
	assert_non_null(strstr(err, "record 2"));
	fr_ref_free(&ref);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain_json),
		cmocka_unit_test(test_old_usec_shape),
		cmocka_unit_test(test_jsonplus_prios_steadystate),
		cmocka_unit_test(test_status_interval),
		cmocka_unit_test(test_text_before_and_job_error),
		cmocka_unit_test(test_client_server),
		cmocka_unit_test(test_client_server_per_server_globals),
		cmocka_unit_test(test_per_server_globals),
		cmocka_unit_test(test_per_server_globals_kept),
		cmocka_unit_test(test_rejections),
		cmocka_unit_test(test_nonsense_excluded),
		cmocka_unit_test(test_all_clients_in_jobs),
		cmocka_unit_test(test_labels),
		cmocka_unit_test(test_engine_file),
		cmocka_unit_test(test_manifest),
		cmocka_unit_test(test_reference),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
