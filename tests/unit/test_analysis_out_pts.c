// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PTS pages of `fiorank pts` (the report model report/pts_rank.c
 * makes; out/pts_out.c: text, CSV; out/pts_json.c: JSON; out/pts_html.c:
 * HTML) on drives built in code: two drives ran the PTS
 * latency test (pts-lat) at 4k-r100 and 4k-r65.  Each run's fio output is a
 * small document in fio's JSON shape written here (the figures are inputs
 * to the pages' logic, not measurements):
 * - "alpha", 4k-r100: 20000 read IOPS, 1000 I/Os at a mean of 50 µs, max
 *   400 µs (its json+ bins: 999 at 45 µs, 1 at 400 µs);
 *   4k-r65: 6500 + 3500 IOPS, 650 reads at 60 µs and 350 writes at 100 µs
 *   (mean 74 µs), max 1200 µs (the write's slowest bin);
 * - "beta", 4k-r65 only: 3250 + 1750 IOPS, 650 reads at 100 µs, 350 writes
 *   at 160 µs (mean 121 µs), max 2000 µs.
 * The test's figure of merit is the 4k 65/35 mean, lower is better: alpha
 * is placed 1, beta 2.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "out/pts_out.h"
#include "read/pts.h"
#include "report/pts_fig.h"
#include "report/runinfo.h"
#include "report_build.h"

/* One direction of a job: I/Os, IOPS, clat mean and max (µs), and its
 * json+ bins as "ns": count members. */
static void dir_json(char *buf, size_t len, double ios, double iops, double mean_us, double max_us,
		     const char *bins)
{
	snprintf(buf, len,
		 "{\"total_ios\": %.0f, \"iops\": %.1f, \"bw_bytes\": %.0f, \"clat_ns\": "
		 "{\"mean\": %.1f, \"max\": %.0f, \"bins\": {%s}}}",
		 ios, iops, iops * 4096, mean_us * 1000, max_us * 1000, bins);
}

/* Adds a pts-lat run of step to d: its fio document from read and write. */
static void run(struct fr_pts_drive *d, const char *step, const char *rd, const char *wr)
{
	struct fr_pts_run *r;
	char *doc;

	d->runs = realloc(d->runs, (d->nruns + 1) * sizeof(*d->runs));
	assert_non_null(d->runs);
	r = &d->runs[d->nruns++];
	r->suite = "pts-lat";
	r->test = "lat";
	r->step = step;
	assert_true(asprintf(&r->json, "%s/%s.json", d->dir, step) > 0);
	assert_true(asprintf(&doc,
			     "{\"fio version\": \"fio-3.33\", \"global options\": {\"size\": "
			     "\"10%%\"}, \"jobs\": [{\"jobname\": \"%s\", \"job options\": "
			     "{\"bs\": \"4k\", \"iodepth\": \"1\", \"numjobs\": \"1\"}, "
			     "\"read\": %s, \"write\": %s}]}",
			     step, rd, wr) > 0);
	r->fio = json_tokener_parse(doc);
	assert_non_null(r->fio);
	free(doc);
}

static void drive(struct fr_pts_drive *d, const char *label, const char *serial)
{
	char *m;

	memset(d, 0, sizeof(*d));
	/* a directory that does not exist: no steady-state file beside the runs */
	d->dir = strdup("/nonexistent/test_analysis_out_pts");
	d->label = strdup(label);
	assert_true(asprintf(&m,
			     "{\"fio_version\": \"fio-3.33\", \"engine\": \"ssdnvme\", \"mode\": "
			     "\"full\", \"system\": {\"host\": \"bench\", \"cpu\": \"x\", "
			     "\"kernel\": \"6.1\"}, \"drives\": [{\"model\": \"M\", \"serial\": "
			     "\"%s\"}]}",
			     serial) > 0);
	d->manifest = json_tokener_parse(m);
	free(m);
	assert_non_null(d->manifest);
	d->drive = json_object_array_get_idx(json_object_object_get(d->manifest, "drives"), 0);
}

static int setup(void **state)
{
	struct fr_pts_drive *d = calloc(2, sizeof(*d));
	char rd[512], wr[512], none[512];

	assert_non_null(d);
	dir_json(none, sizeof(none), 0, 0, 0, 0, "");
	drive(&d[0], "alpha", "A1");
	dir_json(rd, sizeof(rd), 1000, 20000, 50, 400, "\"45000\": 999, \"400000\": 1");
	run(&d[0], "4k-r100", rd, none);
	dir_json(rd, sizeof(rd), 650, 6500, 60, 900, "\"55000\": 649, \"900000\": 1");
	dir_json(wr, sizeof(wr), 350, 3500, 100, 1200, "\"95000\": 349, \"1200000\": 1");
	run(&d[0], "4k-r65", rd, wr);
	drive(&d[1], "beta", "B2");
	dir_json(rd, sizeof(rd), 650, 3250, 100, 2000, "\"90000\": 649, \"2000000\": 1");
	dir_json(wr, sizeof(wr), 350, 1750, 160, 1500, "\"150000\": 349, \"1500000\": 1");
	run(&d[1], "4k-r65", rd, wr);
	*state = d;
	return 0;
}

static int teardown(void **state)
{
	struct fr_pts_drive *d = *state;

	fr_pts_drive_free(&d[0]);
	fr_pts_drive_free(&d[1]);
	free(d);
	return 0;
}

/* A renderer of the report model. */
typedef int (*pts_fn)(FILE *, const struct fr_pts_report *);

/* What fn writes for the two drives' report (malloc'd), made as the
 * command makes it (report/pts_fig.h); fn must return 0. */
static char *render_made(pts_fn fn, struct fr_pts_drive *d, const struct fr_run_info *ri)
{
	struct fr_pts_report rep;
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	assert_non_null(f);
	assert_int_equal(fr_pts_report_build(&rep, d, 2, ri), 0);
	assert_int_equal(fn(f, &rep), 0);
	assert_int_equal(fclose(f), 0);
	fr_pts_report_free(&rep);
	return out;
}

static char *render(pts_fn fn, struct fr_pts_drive *d)
{
	return render_made(fn, d, NULL);
}

static void test_text(void **state)
{
	char *t = render(fr_pts_text, *state);
	const char *a = rb_at(t, "== SNIA PTS pts-lat: alpha ==\n");
	const char *b = rb_at(t, "== SNIA PTS pts-lat: beta ==\n");

	assert_true(a < b);
	rb_at(a, "  serial           A1\n");
	rb_at(a, "  purge            none (not fresh-out-of-box)\n");
	rb_at(a, "  threads          1\n  queue_depth      1\n");
	rb_at(a, "steady state: no rounds (this test has none)\n");
	rb_at(a, "figure 4k_65_35_mean_us: 74\n");
	/* the table in run order: IOPS, mean, max, 99.999 % from the bins */
	rb_at(a, "latency:\n"
		 "  block size-read % IOPS           mean (us)      max (us)       99.999 % (us) \n"
		 "  4k-r100        20000          50             400            400           \n"
		 "  4k-r65         10000          74             1200           1200          \n");
	rb_at(a, "chart mean and 99.999 % response time, mean (us against step; 2 points):\n"
		 "  1:50 2:74\n");
	rb_at(a, "place by 4k_65_35_mean_us: 1\n");
	rb_at(b, "figure 4k_65_35_mean_us: 121\n");
	rb_at(b, "  4k-r65         5000           121            2000           2000          \n");
	rb_at(b, "place by 4k_65_35_mean_us: 2\n");
	free(t);
}

static void test_csv(void **state)
{
	char *t = render(fr_pts_csv, *state);

	rb_at(t, "drive,test,table,row,column,value\n"
		 "alpha,pts-lat,figures,,4k_65_35_mean_us,74\n");
	rb_at(t, "alpha,pts-lat,latency,4k-r100,IOPS,20000\n"
		 "alpha,pts-lat,latency,4k-r100,mean (us),50\n"
		 "alpha,pts-lat,latency,4k-r100,max (us),400\n"
		 "alpha,pts-lat,latency,4k-r100,99.999 % (us),400\n"
		 "alpha,pts-lat,latency,4k-r65,IOPS,10000\n");
	rb_at(t, "beta,pts-lat,figures,,4k_65_35_mean_us,121\n");
	rb_at(t, "beta,pts-lat,latency,4k-r65,max (us),2000\n");
	free(t);
}

static void test_json(void **state)
{
	char *t = render(fr_pts_json, *state);
	struct json_object *root = json_tokener_parse(t), *tests, *a, *b, *rows;

	assert_non_null(root);
	assert_string_equal(json_object_get_string(rb_get(root, "schema")), "fiorank-pts/1");
	tests = rb_get(root, "tests");
	assert_int_equal(json_object_array_length(tests), 2);
	a = json_object_array_get_idx(tests, 0);
	b = json_object_array_get_idx(tests, 1);
	assert_string_equal(json_object_get_string(rb_get(a, "drive")), "alpha");
	assert_string_equal(json_object_get_string(rb_get(rb_get(a, "merit"), "name")),
			    "4k_65_35_mean_us");
	assert_false(json_object_get_boolean(rb_get(rb_get(a, "merit"), "higher_is_better")));
	assert_int_equal(json_object_get_int(rb_get(rb_get(a, "merit"), "place")), 1);
	assert_int_equal(json_object_get_int(rb_get(rb_get(b, "merit"), "place")), 2);
	assert_float_equal(json_object_get_double(rb_get(rb_get(b, "merit"), "value")), 121, 1e-9);
	rows = rb_get(json_object_array_get_idx(rb_get(a, "tables"), 0), "rows");
	assert_int_equal(json_object_array_length(rows), 2);
	assert_string_equal(json_object_get_string(json_object_array_get_idx(
				    json_object_array_get_idx(rows, 1), 0)),
			    "4k-r65");
	assert_float_equal(json_object_get_double(json_object_array_get_idx(
				   json_object_array_get_idx(rows, 1), 3)),
			   1200, 1e-9);
	/* no steady-state file beside the runs: no rounds */
	assert_false(json_object_object_get_ex(a, "steady_state", NULL));
	json_object_put(root);
	free(t);
}

static void test_html(void **state)
{
	char *t = render(fr_pts_html, *state);
	const char *a = rb_at(t, "<section class=\"pts-page\"><h2>SNIA PTS pts-lat: alpha</h2>\n");
	const char *b = rb_at(t, "<section class=\"pts-page\"><h2>SNIA PTS pts-lat: beta</h2>\n");

	assert_true(a < b);
	rb_at(a, "<tr><th>serial</th><td>A1</td></tr>");
	rb_at(a, "<p>steady state: no rounds (this test has none)</p>\n");
	rb_at(a, "<li>4k_65_35_mean_us: 74</li><li>place among the drives by 4k_65_35_mean_us: "
		 "1</li>");
	rb_at(a, "<tr><td>4k-r65</td><td>10000</td><td>74</td><td>1200</td><td>1200</td></tr>\n");
	rb_at(b, "<li>4k_65_35_mean_us: 121</li><li>place among the drives by 4k_65_35_mean_us: "
		 "2</li>");
	/* the chart of means and tails, one SVG per chart */
	rb_at(a, "<svg");
	free(t);
}

/* How the report was made leads every format but CSV (issue 38: the PTS
 * page had no date, version, command or specification). */
static void test_made(void **state)
{
	char cmd[] = "fiorank pts -f x 'a b'";
	struct fr_run_info ri = {.version = "9.9", .date = "2026-01-02T03:04:05Z", .cmdline = cmd};
	char *t = render_made(fr_pts_text, *state, &ri);
	struct json_object *root, *r;

	assert_ptr_equal(strstr(t, "report: fiorank 9.9, 2026-01-02T03:04:05Z\n"
				   "command: fiorank pts -f x 'a b'\n"
				   "specification: " FR_PTS_SPEC "\n\n== SNIA PTS pts-lat: alpha"),
			 t);
	free(t);
	t = render_made(fr_pts_json, *state, &ri);
	root = json_tokener_parse(t);
	r = rb_get(root, "report");
	assert_string_equal(json_object_get_string(rb_get(r, "fiorank")), "9.9");
	assert_string_equal(json_object_get_string(rb_get(r, "date")), "2026-01-02T03:04:05Z");
	assert_string_equal(json_object_get_string(rb_get(r, "command")), cmd);
	assert_string_equal(json_object_get_string(rb_get(r, "specification")), FR_PTS_SPEC);
	json_object_put(root);
	free(t);
	t = render_made(fr_pts_html, *state, &ri);
	assert_true(rb_at(t, "<h1>SNIA PTS reports</h1>\n<p class=\"run\">Made by fiorank 9.9 on "
			     "2026-01-02T03:04:05Z. Command: <code>fiorank pts -f x &#39;a "
			     "b&#39;</code>. Specification: ") <
		    rb_at(t, "<section class=\"pts-page\">"));
	free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_text, setup, teardown),
		cmocka_unit_test_setup_teardown(test_csv, setup, teardown),
		cmocka_unit_test_setup_teardown(test_json, setup, teardown),
		cmocka_unit_test_setup_teardown(test_html, setup, teardown),
		cmocka_unit_test_setup_teardown(test_made, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
