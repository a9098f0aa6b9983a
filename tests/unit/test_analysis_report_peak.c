// SPDX-License-Identifier: GPL-2.0-only
/*
 * The report stage's peak-step series (report_peak.c, read_kept.c) and the
 * tq-sweep section it holds (report.c), on a model built in code: one
 * drive's 4k-randread peak step from job "j1", with kept json+ buckets and
 * engine tag series for j1 and for a job not merged into the step; and the
 * provenance rows it makes once for every renderer (report_prov.c).  The
 * figures are inputs to the logic, not measurements.
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

#include "out/out_html_chart.h"
#include "rank/rank.h"
#include "report/report.h"

/* What the fio reader keeps (read_fio_keep.c): j1's read buckets 30 and
 * 40 (3 and 1 I/Os), and a job of another step whose bins must not count. */
static const char fio_kept[] =
	"{\"jobs\": [{\"jobname\": \"j1\", \"read\": {\"clat_ns\": {\"buckets\": "
	"{\"30\": 3, \"40\": 1, \"-1\": 5, \"999\": 5}}}},"
	"{\"jobname\": \"other\", \"read\": {\"clat_ns\": {\"buckets\": {\"50\": 100}}}}]}";

/* Two read keys of j1 (two threads), 500 ms intervals; a write key of j1
 * and a key of another job, which must not count. */
static const char engine_doc[] =
	"{\"tags\": {\"keys\": ["
	"{\"job\": \"j1\", \"direction\": \"read\", \"series\": {\"interval_ms\": 500, \"points\": "
	"[{\"t_ms\": 0, \"N\": 10, \"mean\": 1000}, {\"t_ms\": 1000, \"N\": 30, \"mean\": 2000}]}},"
	"{\"job\": \"j1\", \"direction\": \"read\", \"series\": {\"interval_ms\": 500, \"points\": "
	"[{\"t_ms\": 0, \"N\": 30, \"mean\": 3000}, {\"t_ms\": 500, \"N\": 0, \"mean\": 9}]}},"
	"{\"job\": \"j1\", \"direction\": \"write\", \"series\": {\"interval_ms\": 500, "
	"\"points\": "
	"[{\"t_ms\": 0, \"N\": 1000, \"mean\": 99000}]}},"
	"{\"job\": \"other\", \"direction\": \"read\", \"series\": {\"interval_ms\": 500, "
	"\"points\": [{\"t_ms\": 0, \"N\": 1000, \"mean\": 99000}]}}]}}";

struct fixture {
	struct fr_model m;
	struct fr_ranking r;
	struct fr_report rep;
	struct fr_report_parts parts;
};

static void add_peak(struct fr_model *m)
{
	struct fr_job j;

	memset(&j, 0, sizeof(j));
	j.drive = "d1";
	j.profile = "4k-randread";
	j.step = "peak";
	j.kind = FR_KIND_CURVE;
	j.source = "peak.json";
	j.jobname = "j1";
	for (int d = 0; d < FR_NDIRS; d++)
		for (int b = 0; b < FR_NBASES; b++)
			j.dir[d].lat[b] = (struct fr_lat){NAN, NAN, NAN, NAN};
	j.dir[FR_READ].ios = 4;
	j.dir[FR_READ].iops = 1000;
	j.dir[FR_READ].lat[FR_CLAT] = (struct fr_lat){2000, 9000, NAN, NAN};
	assert_int_equal(fr_model_add(m, &j), 0);
}

static struct fixture *build(bool html)
{
	struct fixture *x = calloc(1, sizeof(*x));
	struct json_object *fio = json_tokener_parse(fio_kept),
			   *eng = json_tokener_parse(engine_doc);

	assert_non_null(x);
	assert_non_null(fio);
	assert_non_null(eng);
	fr_model_init(&x->m);
	add_peak(&x->m);
	fr_model_keep_docs(&x->m, "peak.json", fio, eng);
	json_object_put(fio);
	json_object_put(eng);
	assert_int_equal(fr_rank(&x->m, NULL, FR_CLAT, &x->r), 0);
	x->rep = (struct fr_report){.m = &x->m, .r = &x->r, .want_peak_series = html};
	assert_int_equal(fr_report_build(&x->rep, &x->parts), 0);
	return x;
}

static void done(struct fixture *x)
{
	fr_report_parts_free(&x->parts);
	fr_ranking_free(&x->r);
	fr_model_free(&x->m);
	free(x);
}

static const struct fr_peak_series *the_peak(const struct fixture *x)
{
	assert_int_equal(x->r.nprofiles, 1);
	assert_int_equal(x->r.profiles[0].n, 1);
	assert_non_null(x->rep.peak);
	return &x->rep.peak[0][0];
}

/* Buckets at their middle in µs, as a share of the step's own jobs' I/Os;
 * buckets out of range and other jobs' bins left out. */
static void test_dist(void **state)
{
	struct fixture *x = build(true);
	const struct fr_peak_series *ps = the_peak(x);

	(void)state;
	assert_int_equal(ps->dist.n, 2);
	assert_float_equal(ps->dist.x[0], pow(10, 3.05) / 1000, 1e-9);
	assert_float_equal(ps->dist.y[0], 75, 1e-9);
	assert_float_equal(ps->dist.x[1], pow(10, 4.05) / 1000, 1e-9);
	assert_float_equal(ps->dist.y[1], 25, 1e-9);
	done(x);
}

/* The read keys of the step's job merged exactly per interval: sum(N x
 * mean) / sum(N); an interval without completions has no point; the write
 * key and the other job's key are not merged. */
static void test_tags(void **state)
{
	struct fixture *x = build(true);
	const struct fr_peak_series *ps = the_peak(x);

	(void)state;
	assert_int_equal(ps->tags.n, 2);
	assert_float_equal(ps->tags.x[0], 0, 1e-12);
	assert_float_equal(ps->tags.y[0], 2.5, 1e-12);
	assert_float_equal(ps->tags.x[1], 1.0, 1e-12);
	assert_float_equal(ps->tags.y[1], 2.0, 1e-12);
	/* no write_lat_log option: no fio log to chart */
	assert_false(ps->has_log);
	done(x);
}

/* Only a report that charts them builds the series (the logs are read for
 * no other format); the tq-sweep section is built either way, empty here. */
static void test_built_for_html_only(void **state)
{
	struct fixture *x = build(false);

	(void)state;
	assert_null(x->rep.peak);
	assert_non_null(x->rep.tq);
	assert_int_equal(x->rep.tq->nd, 0);
	done(x);
}

/* A published drive's entry gets no series, whatever its step kept. */
static void test_reference_none(void **state)
{
	struct fixture *x = build(true);
	struct fr_drive pub = *x->r.profiles[0].e[0].drive;
	struct fr_entry e = x->r.profiles[0].e[0];
	struct fr_peak_series ps;

	(void)state;
	pub.reference = true;
	e.drive = &pub;
	assert_int_equal(fr_peak_series_build(&e, &ps, stderr), 0);
	assert_int_equal(ps.dist.n + ps.tags.n, 0);
	assert_false(ps.has_log);
	fr_peak_series_free(&ps);
	done(x);
}

/* The HTML charts draw what the report holds, and nothing without it. */
static void test_html_draws_built(void **state)
{
	struct fixture *x = build(true);
	const struct fr_profile_rank *pr = &x->r.profiles[0];
	struct fr_palette pal = {0};
	char *html = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&html, &len);

	(void)state;
	assert_non_null(f);
	fr_html_dist(f, pr, x->rep.peak[0], &pal);
	fclose(f);
	assert_non_null(strstr(html, "completion latency distribution (fio json+)"));
	assert_non_null(strstr(html, "mean completion latency over time (engine tags)"));
	free(html);
	html = NULL;
	f = open_memstream(&html, &len);
	assert_non_null(f);
	fr_html_dist(f, pr, NULL, &pal);
	fclose(f);
	assert_int_equal(len, 0);
	free(html);
	fr_palette_free(&pal);
	done(x);
}

/* One row per drive, the fields in the renderers' order, the device node
 * "not recorded" when unknown, protection only when the report shows PI. */
static void test_prov_rows(void **state)
{
	struct fr_prov_drive pd[2] = {{.model = "M1", .node = "/dev/ng0n1"}, {.model = "M2"}};
	struct fr_prov p = {.drives = pd, .ndrives = 2};
	struct fr_prov_row *rows = NULL;

	(void)state;
	assert_int_equal(fr_prov_rows_build(&p, &rows), 0);
	assert_ptr_equal(rows[1].d, &pd[1]);
	assert_int_equal(rows[0].n, rows[1].n);
	assert_string_equal(rows[0].f[0].name, "model");
	assert_string_equal(rows[1].f[0].value, "M2");
	assert_string_equal(rows[0].f[7].name, "device");
	assert_string_equal(rows[0].f[7].value, "/dev/ng0n1");
	assert_string_equal(rows[1].f[7].value, "not recorded");
	assert_string_not_equal(rows[0].f[rows[0].n - 1].name, "protection");
	free(rows);
	pd[0].show_pi = pd[1].show_pi = true;
	assert_int_equal(fr_prov_rows_build(&p, &rows), 0);
	assert_string_equal(rows[1].f[rows[1].n - 1].name, "protection");
	assert_string_equal(rows[1].f[rows[1].n - 1].value, "not recorded");
	free(rows);
	/* no provenance (published data alone): no row */
	assert_int_equal(fr_prov_rows_build(NULL, &rows), 0);
	free(rows);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dist),
		cmocka_unit_test(test_tags),
		cmocka_unit_test(test_built_for_html_only),
		cmocka_unit_test(test_reference_none),
		cmocka_unit_test(test_html_draws_built),
		cmocka_unit_test(test_prov_rows),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
