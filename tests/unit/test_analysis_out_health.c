// SPDX-License-Identifier: GPL-2.0-only
/*
 * The drive health section of every renderer (text, md, csv, json, html)
 * and the report stage's health rows (report/report_health.h) on a model
 * built in code.  Three drives ran one write step, in this order:
 * - "cool": one controller, 37 -> 42 °C (47 at most), SMART data units
 *   written +200 (102.4 MB), OCP C0 media +204.8 MB: WAF 2.00; valid;
 * - "pair": two controllers of two subsystems, +100 data units each
 *   (summed: +200), the hotter one's temperatures (45 °C at most), no media
 *   counter: no WAF; valid;
 * - "hot": the temperature critical warning bit set: INVALID.
 * A fourth, "bare", has a step whose health was not recorded; a fifth,
 * "plain", a step with no record at all (no engine results file).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h> /* model/health.h uses FILE */

#include <cmocka.h>
#include <json-c/json.h>

#include "model/health.h"
#include "out/out.h"
#include "report/report_health.h"
#include "report_build.h"

/* A write step of 100 MB by fio on drive, profile 4k-randwrite. */
static void write_step(struct fr_model *m, const char *drive)
{
	struct fr_job j;

	rb_blank(&j, drive, "4k-randwrite", "peak", FR_KIND_CURVE);
	j.jobname = "w@peak";
	j.dir[FR_WRITE].ios = 1000;
	j.dir[FR_WRITE].iops = 25000;
	j.dir[FR_WRITE].bw_bytes = 25000 * 4096.0;
	j.dir[FR_WRITE].io_bytes = 100e6;
	j.dir[FR_WRITE].lat[FR_CLAT] = (struct fr_lat){40e3, 90e3, NAN, NAN};
	assert_int_equal(fr_model_add(m, &j), 0);
}

static struct fr_step *step_of(struct fr_model *m, const char *drive)
{
	for (size_t d = 0; d < m->ndrives; d++)
		if (!strcmp(m->drives[d].label, drive))
			return &m->drives[d].profiles[0].steps[0];
	fail_msg("no drive %s", drive);
	return NULL;
}

/* A controller read before and after, every counter unknown but the
 * thermal ones (0 -> 0) and data units written (duw0 -> duw1). */
static void ctrl(struct fr_hctrl *c, const char *name, const char *subsys, int64_t duw0,
		 int64_t duw1, int t0, int t1, int tmax)
{
	memset(c, 0, sizeof(*c));
	snprintf(c->name, sizeof(c->name), "%s", name);
	snprintf(c->subsys, sizeof(c->subsys), "%s", subsys);
	c->read = true;
	for (int k = 0; k < FR_HC_N; k++)
		c->c[k] = (struct fr_hcount){-1, -1};
	for (int k = FR_HC_TMT1_N; k <= FR_HC_CRIT_MIN; k++)
		c->c[k] = (struct fr_hcount){0, 0};
	c->c[FR_HC_DUW] = (struct fr_hcount){duw0, duw1};
	c->temp_before_k = t0;
	c->temp_after_k = t1;
	c->temp_max_k = tmax;
	c->samples = 12;
	c->cpu_us = 340;
}

/* Gives step s a record of n controllers (filled by the caller) and judges it. */
static struct fr_health *record(struct fr_step *s, size_t n)
{
	struct fr_health *h = calloc(1, sizeof(*h));

	assert_non_null(h);
	h->ctrl = calloc(n, sizeof(*h->ctrl));
	assert_non_null(h->ctrl);
	h->nctrl = n;
	h->recorded = true;
	s->health = h;
	return h;
}

static int setup(void **state)
{
	struct rb_report *x = calloc(1, sizeof(*x));
	struct fr_health *h;

	assert_non_null(x);
	fr_model_init(&x->m);
	write_step(&x->m, "cool");
	write_step(&x->m, "pair");
	write_step(&x->m, "hot");
	write_step(&x->m, "bare");
	write_step(&x->m, "plain");
	h = record(step_of(&x->m, "cool"), 1);
	ctrl(&h->ctrl[0], "nvme0", "nqn.cool", 1000, 1200, 310, 315, 320);
	h->ctrl[0].c[FR_HC_OCP_MEDIA] = (struct fr_hcount){0, 204800000};
	fr_health_verdict(h);
	h = record(step_of(&x->m, "pair"), 2);
	ctrl(&h->ctrl[0], "nvme1", "nqn.a", 500, 600, 300, 305, 310);
	ctrl(&h->ctrl[1], "nvme2", "nqn.b", 700, 800, 305, 312, 318);
	fr_health_verdict(h);
	h = record(step_of(&x->m, "hot"), 1);
	ctrl(&h->ctrl[0], "nvme3", "nqn.hot", 10, 20, 340, 350, 355);
	h->ctrl[0].crit_warning = 0x2;
	fr_health_verdict(h);
	h = record(step_of(&x->m, "bare"), 0);
	h->recorded = false;
	snprintf(h->why, sizeof(h->why), "not recorded: the engine read no controller");
	rb_build(x);
	*state = x;
	return 0;
}

/* The rows: one per step with a record, in the model's order, each with its
 * sums, WAF and verdict; found again by step. */
static void test_rows(void **state)
{
	struct rb_report *x = *state;
	const struct fr_report_health *h = x->rep.health;
	const struct fr_health_row *cool, *pair, *hot, *bare;

	assert_non_null(h);
	assert_true(h->any);
	assert_int_equal(h->n, 4);
	cool = fr_health_row_of(h, step_of(&x->m, "cool"));
	pair = fr_health_row_of(h, step_of(&x->m, "pair"));
	hot = fr_health_row_of(h, step_of(&x->m, "hot"));
	bare = fr_health_row_of(h, step_of(&x->m, "bare"));
	assert_ptr_equal(cool, &h->rows[0]);
	assert_ptr_equal(pair, &h->rows[1]);
	assert_ptr_equal(hot, &h->rows[2]);
	assert_ptr_equal(bare, &h->rows[3]);
	assert_true(cool->listed && bare->listed);
	assert_int_equal(cool->sum.delta[FR_HC_DUW], 200);
	assert_int_equal(cool->sum.temp_max_k, 320);
	assert_int_equal(cool->waf.src, FR_WAF_OCP);
	assert_float_equal(cool->waf.waf, 2.0, 1e-12);
	assert_float_equal(cool->waf.src_host_bytes, 102.4e6, 1e-3);
	assert_string_equal(cool->waf.host_counter, "SMART data units written");
	assert_string_equal(cool->verdict, "valid");
	assert_string_equal(cool->cw, "");
	assert_int_equal(cool->ctrl_delta[0][FR_HC_DUW], 200);
	assert_int_equal(cool->ctrl_delta[0][FR_HC_OCP_MEDIA], 204800000);
	assert_int_equal(cool->ctrl_delta[0][FR_HC_FDP_MBMW], -1);
	/* two subsystems add up; temperatures are the hotter controller's */
	assert_int_equal(pair->sum.delta[FR_HC_DUW], 200);
	assert_int_equal(pair->sum.temp_before_k, 305);
	assert_int_equal(pair->sum.temp_max_k, 318);
	assert_true(isnan(pair->waf.waf));
	assert_string_equal(pair->waf.why, "WAF n/a: the drive reports no media counter");
	assert_int_equal(pair->ctrl_delta[1][FR_HC_DUW], 100);
	assert_string_equal(hot->cw, "temperature");
	assert_non_null(strstr(hot->verdict, "INVALID: "));
	assert_non_null(strstr(hot->verdict, "temperature"));
	assert_string_equal(bare->verdict, "health not recorded: the engine read no controller");
	/* a step without a record has no row */
	assert_null(fr_health_row_of(h, step_of(&x->m, "plain")));
	assert_null(fr_health_row_of(h, NULL));
}

static void test_text(void **state)
{
	struct rb_report *x = *state;
	char *t = rb_render(fr_out_text, &x->rep);
	const char *sec = rb_at(t, "\nDrive health per step (read by the ssdnvme engine; ");
	const char *cool, *pair, *hot, *bare;

	cool = rb_at(sec, "  cool / 4k-randwrite step peak: valid\n"
			  "      temperature 37 °C -> 42 °C, max 47 °C; critical warning: none; "
			  "TMT1 +0, TMT2 +0\n"
			  "      data units written +200 (102.4 MB: the whole controller's host "
			  "writes over the step, every job beside it and the ramp included); this "
			  "step's jobs wrote 100.0 MB by fio's count (ramp left out); WAF 2.00 "
			  "(OCP C0: media "
			  "204.8 MB / host 102.4 MB by SMART data units written)\n"
			  "      nvme0: 12 samples during the step, 340 µs CPU in all\n");
	pair = rb_at(sec, "  pair / 4k-randwrite step peak: valid\n"
			  "      temperature 32 °C -> 39 °C, max 45 °C; critical warning: none; "
			  "TMT1 +0, TMT2 +0\n"
			  "      data units written +200 (102.4 MB: the whole controller's host "
			  "writes over the step, every job beside it and the ramp included); this "
			  "step's jobs wrote 100.0 MB by fio's count (ramp left out); WAF n/a: the "
			  "drive reports "
			  "no media counter\n");
	hot = rb_at(sec, "  hot / 4k-randwrite step peak: INVALID: ");
	rb_at(hot, "critical warning: temperature; TMT1 +0, TMT2 +0\n");
	bare = rb_at(sec, "  bare / 4k-randwrite step peak: health not recorded: the engine read "
			  "no controller\n");
	assert_true(cool < pair && pair < hot && hot < bare);
	free(t);
}

static void test_md(void **state)
{
	char *t = rb_render(fr_out_md, &((struct rb_report *)*state)->rep);
	const char *sec = rb_at(t, "\n## Drive health per step\n");

	rb_at(sec, "- **cool** / 4k-randwrite step peak: valid\n"
		   "  - temperature 37 °C -> 42 °C, max 47 °C; critical warning: none; TMT1 +0, "
		   "TMT2 +0\n");
	rb_at(sec, "WAF 2.00 (OCP C0: media 204.8 MB / host 102.4 MB by SMART data units "
		   "written)\n");
	rb_at(sec, "- **bare** / 4k-randwrite step peak: health not recorded: the engine read no "
		   "controller\n");
	free(t);
}

static void test_csv(void **state)
{
	char *t = rb_render(fr_out_csv, &((struct rb_report *)*state)->rep);
	const char *cool = rb_at(t, "\nhealth,4k-randwrite,cool,,peak,");
	const char *pair = rb_at(t, "\nhealth,4k-randwrite,pair,,peak,");
	const char *bare = rb_at(t, "\nhealth,4k-randwrite,bare,,peak,");

	assert_true(cool < pair && pair < bare);
	/* valid, no reason, K before/after/max, warning bits, the thermal
	 * deltas, data units, fio's bytes, SMART's, media, WAF, its source */
	rb_at(cool, ",1,,310,315,320,0,0,0,0,0,0,0,200,100000000,102400000,204800000,2.000,"
		    "OCP C0\n");
	rb_at(pair, ",1,,305,312,318,0,0,0,0,0,0,0,200,100000000,102400000,,,\n");
	/* no record: the verdict says why; nine columns before the health
	 * columns (per_drive_of .. target_reached_pct), all 18 empty */
	rb_at(bare, ",health not recorded: the engine read no controller,w@peak,,test"
		    ",,,,,,,,,"
		    ",,,,,,,,,,,,,,,,,,\n");
	free(t);
}

static void test_json(void **state)
{
	char *t = rb_render(fr_out_json, &((struct rb_report *)*state)->rep);
	struct json_object *root = json_tokener_parse(t), *all, *cool, *hot, *bare, *rk, *peak;

	assert_non_null(root);
	all = rb_get(root, "health");
	assert_int_equal(json_object_array_length(all), 4);
	cool = json_object_array_get_idx(all, 0);
	assert_string_equal(json_object_get_string(rb_get(cool, "drive")), "cool");
	assert_true(json_object_get_boolean(rb_get(cool, "valid")));
	assert_int_equal(json_object_get_int(rb_get(cool, "data_units_written_delta")), 200);
	assert_float_equal(json_object_get_double(rb_get(cool, "waf")), 2.0, 1e-12);
	assert_string_equal(json_object_get_string(rb_get(cool, "waf_source")), "OCP C0");
	assert_float_equal(json_object_get_double(rb_get(cool, "waf_host_bytes")), 102.4e6, 1e-3);
	assert_int_equal(
		json_object_get_int64(rb_get(
			rb_get(json_object_array_get_idx(rb_get(cool, "controllers"), 0), "delta"),
			"ocp_physical_media_units_written")),
		204800000);
	hot = json_object_array_get_idx(all, 2);
	assert_false(json_object_get_boolean(rb_get(hot, "valid")));
	assert_string_equal(json_object_get_string(rb_get(hot, "critical_warning_names")),
			    "temperature");
	bare = json_object_array_get_idx(all, 3);
	assert_false(json_object_get_boolean(rb_get(bare, "recorded")));
	assert_string_equal(json_object_get_string(rb_get(bare, "why")),
			    "not recorded: the engine read no controller");
	/* each curve step carries its own row: cool's peak its WAF */
	rk = rb_get(json_object_array_get_idx(rb_get(root, "profiles"), 0), "ranking");
	for (size_t i = 0; i < json_object_array_length(rk); i++) {
		struct json_object *e = json_object_array_get_idx(rk, i);

		peak = json_object_array_get_idx(rb_get(e, "curve"), 0);
		if (!strcmp(json_object_get_string(rb_get(e, "drive")), "cool"))
			assert_float_equal(
				json_object_get_double(rb_get(rb_get(peak, "health"), "waf")), 2.0,
				1e-12);
		if (!strcmp(json_object_get_string(rb_get(e, "drive")), "pair"))
			assert_int_equal(json_object_get_int(rb_get(rb_get(peak, "health"),
								    "data_units_written_delta")),
					 200);
	}
	json_object_put(root);
	free(t);
}

static void test_html(void **state)
{
	char *t = rb_render(fr_out_html, &((struct rb_report *)*state)->rep);
	const char *sec = rb_at(t, "<section class=\"health\"><h2 "
				   "id=\"drive-health-per-step\">Drive health per step</h2>");

	rb_at(sec, "<tr><td class=\"l\">cool</td><td class=\"l\">4k-randwrite</td>"
		   "<td class=\"l\">peak</td><td class=\"l\">valid</td><td>37</td><td>42</td>"
		   "<td>47</td><td class=\"l\">none</td><td>0</td><td>0</td><td>200</td>"
		   "<td class=\"l\">2.00 (OCP C0 over SMART data units written)</td></tr>\n");
	rb_at(sec, "<td>32</td><td>39</td><td>45</td><td class=\"l\">none</td><td>0</td>"
		   "<td>0</td><td>200</td><td class=\"l\">WAF n/a: the drive reports no media "
		   "counter</td></tr>\n");
	rb_at(sec, "<td class=\"l\">temperature</td>");
	rb_at(sec, "<tr><td class=\"l\">bare</td><td class=\"l\">4k-randwrite</td>"
		   "<td class=\"l\">peak</td><td class=\"l\">health not recorded: the engine read "
		   "no controller</td><td>-</td><td>-</td><td>-</td><td class=\"l\">-</td>"
		   "<td>-</td><td>-</td><td>-</td>");
	free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_rows, setup, rb_teardown),
		cmocka_unit_test_setup_teardown(test_text, setup, rb_teardown),
		cmocka_unit_test_setup_teardown(test_md, setup, rb_teardown),
		cmocka_unit_test_setup_teardown(test_csv, setup, rb_teardown),
		cmocka_unit_test_setup_teardown(test_json, setup, rb_teardown),
		cmocka_unit_test_setup_teardown(test_html, setup, rb_teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
