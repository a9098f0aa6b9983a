// SPDX-License-Identifier: GPL-2.0-only
/*
 * The report stage's noisy-neighbor split (report.c, crosscheck.c) and the
 * section each renderer writes from it, on a model built in code: two
 * drives' readers on namespace 4, one drive's writers on namespace 1.  The
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
#include "chart/svg.h"
#include "report_build.h"

static void blank(struct fr_job *j, const char *drive, const char *step, enum fr_kind kind)
{
	memset(j, 0, sizeof(*j));
	j->drive = drive;
	j->profile = "noisy-neighbor";
	j->step = step;
	j->kind = kind;
	j->source = "test";
	for (int d = 0; d < FR_NDIRS; d++)
		for (int b = 0; b < FR_NBASES; b++)
			j->dir[d].lat[b] = (struct fr_lat){NAN, NAN, NAN, NAN};
}

/* A reader on namespace nsid: mean and p99 in µs. */
static void add_reader(struct fr_model *m, const char *drive, unsigned nsid, double mean,
		       double p99)
{
	struct fr_job j;

	blank(&j, drive, "peak", FR_KIND_NN_READ);
	j.nsid = nsid;
	j.dir[FR_READ].ios = 1000;
	j.dir[FR_READ].iops = 1000;
	j.dir[FR_READ].lat[FR_CLAT] = (struct fr_lat){mean * 1000, p99 * 1000, NAN, NAN};
	assert_int_equal(fr_model_add(m, &j), 0);
}

static void add_writer(struct fr_model *m, const char *drive, unsigned nsid)
{
	struct fr_job j;

	blank(&j, drive, "peak", FR_KIND_NN_WRITE);
	j.nsid = nsid;
	j.dir[FR_WRITE].ios = 500;
	j.dir[FR_WRITE].iops = 500;
	j.dir[FR_WRITE].lat[FR_CLAT] = (struct fr_lat){50000, 90000, NAN, NAN};
	assert_int_equal(fr_model_add(m, &j), 0);
}

struct fixture {
	struct fr_model m;
	struct fr_ranking r;
	struct fr_report rep;
	struct fr_report_parts parts;
};

static int setup(void **state)
{
	struct fixture *x = calloc(1, sizeof(*x));

	assert_non_null(x);
	fr_model_init(&x->m);
	add_reader(&x->m, "slow", 4, 140, 520);
	add_reader(&x->m, "fast", 4, 130, 470);
	add_writer(&x->m, "fast", 1);
	/* both run alike (fio options re-read), so both are placed */
	for (size_t d = 0; d < x->m.ndrives; d++)
		for (size_t p = 0; p < x->m.drives[d].nprofiles; p++)
			for (size_t s = 0; s < x->m.drives[d].profiles[p].nsteps; s++)
				x->m.drives[d].profiles[p].steps[s].method =
					(struct fr_method){.known = true,
							   .outstanding = 32,
							   .bs = 4096,
							   .read_pct = 100};
	assert_int_equal(fr_rank(&x->m, NULL, FR_CLAT, &x->r), 0);
	x->rep = (struct fr_report){.m = &x->m, .r = &x->r};
	assert_int_equal(fr_report_build(&x->rep, &x->parts), 0);
	*state = x;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *x = *state;

	fr_report_parts_free(&x->parts);
	fr_ranking_free(&x->r);
	fr_model_free(&x->m);
	free(x);
	return 0;
}

/* Where needle is in hay, failing the test when it is not there. */
static const char *at(const char *hay, const char *needle)
{
	const char *p = strstr(hay, needle);

	if (!p)
		fail_msg("'%s' not in:\n%s", needle, hay);
	return p;
}

/* The split is made once, in the report: the victims on ns4 in latency
 * order, the writer's namespace with the aggressors. */
static void test_split_in_report(void **state)
{
	const struct fixture *x = *state;
	const struct fr_nn_split *sp = x->rep.nn;

	assert_ptr_equal(sp, &x->parts.nn);
	assert_int_equal(sp->nns, 1);
	assert_int_equal(sp->ns[0].nsid, 4);
	assert_int_equal(sp->ns[0].n, 2);
	assert_string_equal(sp->ns[0].e[0]->drive->label, "fast");
	assert_int_equal(sp->ns[0].place[0], 1);
	assert_string_equal(sp->ns[0].e[1]->drive->label, "slow");
	assert_int_equal(sp->ns[0].place[1], 2);
	assert_float_equal(sp->ns[0].gap.p99, 50000, 1e-6);
	assert_int_equal(sp->naggr, 1);
	assert_string_equal(sp->aggr[0].drive->label, "fast");
	assert_int_equal(sp->aggr[0].nsid, 1);
	assert_int_equal(sp->nxc, 0);
}

/* No noisy-neighbor ranking: no split, and no section in any format. */
static void test_no_split_without_nn(void **state)
{
	struct fr_model m;
	struct fr_ranking r;
	struct fr_report rep;
	struct fr_report_parts parts;
	char *html = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	fr_model_init(&m);
	assert_int_equal(fr_rank(&m, NULL, FR_CLAT, &r), 0);
	rep = (struct fr_report){.m = &m, .r = &r};
	assert_int_equal(fr_report_build(&rep, &parts), 0);
	assert_null(rep.nn);
	f = open_memstream(&html, &len);
	assert_non_null(f);
	fr_html_nn(f, &rep, NULL);
	fclose(f);
	assert_int_equal(len, 0);
	free(html);
	fr_report_parts_free(&parts);
	fr_ranking_free(&r);
	fr_model_free(&m);
}

static void test_text_section(void **state)
{
	char *t = rb_render(fr_out_text, &((struct fixture *)*state)->rep);

	/* the victims ranked on ns4, fast first; the writer's row apart */
	assert_true(at(t, "fast") < at(at(t, "fast"), "slow"));
	at(t, "ns4");
	at(t, "ns1");
	free(t);
}

static void test_csv_section(void **state)
{
	char *c = rb_render(fr_out_csv, &((struct fixture *)*state)->rep);
	/* place, then mean and p99 in µs, namespace */
	const char *fast = at(c, "\nnn,noisy-neighbor,fast,1,,,,130.000,470.000,,,,,,,4,");
	const char *slow = at(c, "\nnn,noisy-neighbor,slow,2,,,,140.000,520.000,,,,,,,4,");

	assert_true(fast < slow);
	/* the writer: not placed, its write figures, its namespace */
	at(c, "\nnn_aggressor,noisy-neighbor,fast,,write,500.0,,50.000,90.000,,,,,,,1,");
	free(c);
}

static void test_json_section(void **state)
{
	char *j = rb_render(fr_out_json, &((struct fixture *)*state)->rep);
	struct json_object *root = json_tokener_parse(j), *nn, *ns4, *rk, *ag;

	assert_non_null(root);
	assert_true(json_object_object_get_ex(root, "noisy_neighbor", &nn));
	assert_int_equal(json_object_array_length(nn), 1);
	ns4 = json_object_array_get_idx(nn, 0);
	assert_int_equal(json_object_get_int(json_object_object_get(ns4, "nsid")), 4);
	rk = json_object_object_get(ns4, "ranking");
	assert_int_equal(json_object_array_length(rk), 2);
	assert_string_equal(json_object_get_string(json_object_object_get(
				    json_object_array_get_idx(rk, 0), "drive")),
			    "fast");
	assert_int_equal(json_object_get_int(
				 json_object_object_get(json_object_array_get_idx(rk, 1), "place")),
			 2);
	assert_true(json_object_object_get_ex(root, "noisy_neighbor_aggressors", &ag));
	assert_int_equal(json_object_array_length(ag), 1);
	json_object_put(root);
	free(j);
}

static void test_html_section(void **state)
{
	const struct fixture *x = *state;
	struct fr_palette pal = {0};
	char *h = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&h, &len);

	assert_non_null(f);
	fr_html_nn(f, &x->rep, &pal);
	fclose(f);
	at(h, "<h2>Noisy neighbor</h2>");
	assert_true(at(h, ">fast<") < at(h, ">slow<"));
	free(h);
	fr_palette_free(&pal);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_split_in_report, setup, teardown),
		cmocka_unit_test(test_no_split_without_nn),
		cmocka_unit_test_setup_teardown(test_text_section, setup, teardown),
		cmocka_unit_test_setup_teardown(test_csv_section, setup, teardown),
		cmocka_unit_test_setup_teardown(test_json_section, setup, teardown),
		cmocka_unit_test_setup_teardown(test_html_section, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
