// SPDX-License-Identifier: GPL-2.0-only
/*
 * Drive health per step in the text, markdown, CSV and JSON reports
 * (issue 25; the HTML table and chart are out_html_health.c).
 */
#include <inttypes.h>
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "util/escape.h"
#include "out/out.h"
#include "out/out_cell.h"
#include "out/out_health.h"

/* ------------------------------------------------------------------ text, md */

static const char *delta_text(char *buf, size_t len, int64_t d)
{
	if (d < 0)
		snprintf(buf, len, "?");
	else
		snprintf(buf, len, "+%" PRId64, d);
	return buf;
}

/* "WAF 1.00 (OCP C0: media 52.4 MB / host 52.4 MB by SMART data units written)" or "WAF n/a: ..."
 */
static void waf_text(char *buf, size_t len, const struct fr_waf *w)
{
	if (isnan(w->waf))
		snprintf(buf, len, "%s", w->why);
	else
		snprintf(buf, len, "WAF %.2f (%s: media %.1f MB / host %.1f MB by %s)", w->waf,
			 fr_waf_src_name(w->src), w->media_bytes / 1e6, w->src_host_bytes / 1e6,
			 w->host_counter);
}

/* Writes text from input: as it is, or escaped for Markdown. */
typedef void (*str_fn)(FILE *f, const char *s);

static void plain(FILE *f, const char *s)
{
	fputs(s, f);
}

/* The figures of a recorded step, as lines each led by `lead`. */
static void figures(FILE *f, const char *lead, const struct fr_health_row *r, str_fn str)
{
	const struct fr_health *h = r->step->health;
	const struct fr_hsum *sum = &r->sum;
	const struct fr_waf *w = &r->waf;
	char a[32], b[32], c[32], t1[32], t2[32], waf[256], duw[32];

	fprintf(f, "%stemperature %s -> %s, max %s; critical warning: %s; TMT1 %s, TMT2 %s\n", lead,
		fr_health_celsius(a, sizeof(a), sum->temp_before_k),
		fr_health_celsius(b, sizeof(b), sum->temp_after_k),
		fr_health_celsius(c, sizeof(c), sum->temp_max_k), *r->cw ? r->cw : "none",
		delta_text(t1, sizeof(t1), sum->delta[FR_HC_TMT1_N]),
		delta_text(t2, sizeof(t2), sum->delta[FR_HC_TMT2_N]));
	fprintf(f, "%sdata units written %s", lead,
		delta_text(duw, sizeof(duw), sum->delta[FR_HC_DUW]));
	if (!isnan(w->host_bytes_smart))
		fprintf(f,
			" (%.1f MB: the whole controller's host writes over the step, every job "
			"beside it and the ramp included)",
			w->host_bytes_smart / 1e6);
	if (!isnan(w->host_bytes))
		fprintf(f, "; this step's jobs wrote %.1f MB by fio's count (ramp left out)",
			w->host_bytes / 1e6);
	waf_text(waf, sizeof(waf), w);
	fprintf(f, "; %s\n", waf);
	for (size_t i = 0; i < h->nctrl; i++) {
		const struct fr_hctrl *hc = &h->ctrl[i];

		if (hc->read && hc->samples < 0)
			continue;
		fputs(lead, f);
		str(f, hc->name);
		if (!hc->read) {
			fputs(": not read: ", f);
			str(f, hc->absent);
			fputc('\n', f);
		} else {
			fprintf(f,
				": %" PRId64 " samples during the step, %" PRId64
				" µs CPU in all\n",
				hc->samples, hc->cpu_us);
		}
	}
}

/* A folded run of rows (fr_health_row.fold) as one line (text; Markdown
 * with **). */
static void fold_line(FILE *f, const char *lead, const char *bold, const struct fr_health_row *rows,
		      str_fn str)
{
	fputs(lead, f);
	fputs(bold, f);
	str(f, rows[0].drive->label);
	fputs(bold, f);
	fputs(" / ", f);
	str(f, rows[0].profile->name);
	fputs(" steps ", f);
	for (size_t i = 0; i < rows[0].fold; i++) {
		fputs(i ? ", " : "", f);
		str(f, rows[i].step_label);
	}
	fprintf(f, ": %s\n", rows[0].fold_text);
}

static void text_step(FILE *f, const struct fr_health_row *r)
{
	fprintf(f, "  %s / %s step %s: %s\n", r->drive->label, r->profile->name, r->step_label,
		r->verdict);
	if (r->step->health->recorded)
		figures(f, "      ", r, plain);
}

void fr_health_text(FILE *f, const struct fr_report_health *h)
{
	if (!h || !h->any)
		return;
	fputs("\nDrive health per step (read by the ssdnvme engine; an invalid step is left "
	      "out of ranks unless --include-invalid):\n",
	      f);
	for (size_t i = 0; i < h->n; i += h->rows[i].fold ? h->rows[i].fold : 1) {
		if (h->rows[i].fold)
			fold_line(f, "  ", "", &h->rows[i], plain);
		else if (h->rows[i].listed)
			text_step(f, &h->rows[i]);
	}
}

static void md_step(FILE *f, const struct fr_health_row *r, str_fn str)
{
	fputs("- **", f);
	str(f, r->drive->label);
	fputs("** / ", f);
	str(f, r->profile->name);
	fputs(" step ", f);
	str(f, r->step_label);
	fputs(": ", f);
	str(f, r->verdict);
	fputc('\n', f);
	if (r->step->health->recorded)
		figures(f, "  - ", r, str);
}

void fr_health_md(FILE *f, const struct fr_report_health *h, void (*md_str)(FILE *f, const char *s))
{
	if (!h || !h->any)
		return;
	fputs("\n## Drive health per step\n\nRead by the ssdnvme engine; an invalid step is left "
	      "out of ranks unless `--include-invalid`.\n\n",
	      f);
	for (size_t i = 0; i < h->n; i += h->rows[i].fold ? h->rows[i].fold : 1) {
		if (h->rows[i].fold)
			fold_line(f, "- ", "**", &h->rows[i], md_str);
		else if (h->rows[i].listed)
			md_step(f, &h->rows[i], md_str);
	}
}

/* ------------------------------------------------------------------ CSV */

static void csv_int(FILE *f, int64_t v)
{
	fputc(',', f);
	if (v >= 0)
		fprintf(f, "%" PRId64, v);
}

static void csv_num(FILE *f, double v, int prec)
{
	fputc(',', f);
	if (isfinite(v))
		fprintf(f, "%.*f", prec, v);
}

void fr_health_csv_fields(FILE *f, const struct fr_health_row *r)
{
	const struct fr_health *h = r ? r->step->health : NULL;
	static const enum fr_hc deltas[] = {FR_HC_TMT1_N, FR_HC_TMT2_N,	  FR_HC_TMT1_S,
					    FR_HC_TMT2_S, FR_HC_WARN_MIN, FR_HC_CRIT_MIN,
					    FR_HC_DUW};

	if (!h || !h->recorded) {
		/* one comma per column; a step without a record says why in valid's place */
		fr_csv_commas(f, FR_HEALTH_CSV_COLUMNS);
		return;
	}
	fprintf(f, ",%d,", h->invalid ? 0 : 1);
	fr_csv_str(f, h->reason);
	csv_int(f, r->sum.temp_before_k > 0 ? r->sum.temp_before_k : -1);
	csv_int(f, r->sum.temp_after_k > 0 ? r->sum.temp_after_k : -1);
	csv_int(f, r->sum.temp_max_k > 0 ? r->sum.temp_max_k : -1);
	csv_int(f, r->sum.crit_warning);
	for (size_t i = 0; i < sizeof(deltas) / sizeof(deltas[0]); i++)
		csv_int(f, r->sum.delta[deltas[i]]);
	csv_num(f, r->waf.host_bytes, 0);
	csv_num(f, r->waf.host_bytes_smart, 0);
	csv_num(f, r->waf.media_bytes, 0);
	csv_num(f, r->waf.waf, 3);
	fputc(',', f);
	fr_csv_str(f, fr_waf_src_name(r->waf.src));
}

/* ------------------------------------------------------------------ JSON */

static struct json_object *jint(int64_t v)
{
	return v >= 0 ? json_object_new_int64(v) : NULL;
}

static struct json_object *jnum(double v)
{
	return isfinite(v) ? json_object_new_double(v) : NULL;
}

/* A controller's record; delta: its counters' deltas (fr_hc_delta). */
static struct json_object *ctrl_json(const struct fr_hctrl *c, const int64_t *delta)
{
	static const char *const names[FR_HC_N] = {
		[FR_HC_DUW] = "data_units_written",
		[FR_HC_TMT1_N] = "tmt1_count",
		[FR_HC_TMT2_N] = "tmt2_count",
		[FR_HC_TMT1_S] = "tmt1_time_s",
		[FR_HC_TMT2_S] = "tmt2_time_s",
		[FR_HC_WARN_MIN] = "warning_temp_time_min",
		[FR_HC_CRIT_MIN] = "critical_temp_time_min",
		[FR_HC_OCP_MEDIA] = "ocp_physical_media_units_written",
		[FR_HC_OCP_THROTTLE] = "ocp_thermal_throttling_count",
		[FR_HC_FDP_MBMW] = "fdp_mbmw",
		[FR_HC_FDP_HBMW] = "fdp_hbmw",
		[FR_HC_EG_MEDIA] = "endurance_group_media_units_written",
		[FR_HC_EG_HOST] = "endurance_group_data_units_written",
	};
	struct json_object *o = json_object_new_object(), *d = json_object_new_object();
	struct json_object *temps = json_object_new_array();

	json_object_object_add(o, "controller", json_object_new_string(c->name));
	json_object_object_add(o, "serial", json_object_new_string(c->serial));
	json_object_object_add(o, "absent", c->read ? NULL : json_object_new_string(c->absent));
	json_object_object_add(o, "temp_before_k", jint(c->temp_before_k ? c->temp_before_k : -1));
	json_object_object_add(o, "temp_after_k", jint(c->temp_after_k ? c->temp_after_k : -1));
	json_object_object_add(o, "temp_max_k", jint(c->temp_max_k ? c->temp_max_k : -1));
	json_object_object_add(o, "critical_warning", json_object_new_int((int)c->crit_warning));
	for (int k = 0; k < FR_HC_N; k++)
		json_object_object_add(d, names[k], jint(delta[k]));
	json_object_object_add(o, "delta", d);
	for (size_t i = 0; i < c->ntemps; i++) {
		struct json_object *pt = json_object_new_array();

		json_object_array_add(pt, json_object_new_int64(c->temps[i].t_ms));
		json_object_array_add(pt, json_object_new_int(c->temps[i].temp_k));
		json_object_array_add(temps, pt);
	}
	json_object_object_add(o, "temperature_ms_k", temps);
	json_object_object_add(o, "samples", jint(c->samples));
	json_object_object_add(o, "sample_cpu_us", jint(c->cpu_us));
	return o;
}

struct json_object *fr_health_json(const struct fr_health_row *r)
{
	const struct fr_health *h = r ? r->step->health : NULL;
	const struct fr_hsum *sum;
	const struct fr_waf *w;
	struct json_object *o, *ctrls, *by;

	if (!h)
		return NULL;
	sum = &r->sum;
	w = &r->waf;
	o = json_object_new_object();
	json_object_object_add(o, "recorded", json_object_new_boolean(h->recorded));
	json_object_object_add(o, "why", h->recorded ? NULL : json_object_new_string(h->why));
	json_object_object_add(o, "valid", json_object_new_boolean(!h->invalid));
	json_object_object_add(o, "health_unknown", json_object_new_boolean(h->unknown));
	json_object_object_add(o, "reason", h->invalid ? json_object_new_string(h->reason) : NULL);
	json_object_object_add(o, "temp_before_k",
			       jint(sum->temp_before_k ? sum->temp_before_k : -1));
	json_object_object_add(o, "temp_after_k", jint(sum->temp_after_k ? sum->temp_after_k : -1));
	json_object_object_add(o, "temp_max_k", jint(sum->temp_max_k ? sum->temp_max_k : -1));
	json_object_object_add(o, "critical_warning", json_object_new_int((int)sum->crit_warning));
	json_object_object_add(o, "critical_warning_names", json_object_new_string(r->cw));
	json_object_object_add(o, "tmt1_count_delta", jint(sum->delta[FR_HC_TMT1_N]));
	json_object_object_add(o, "tmt2_count_delta", jint(sum->delta[FR_HC_TMT2_N]));
	json_object_object_add(o, "tmt1_time_s_delta", jint(sum->delta[FR_HC_TMT1_S]));
	json_object_object_add(o, "tmt2_time_s_delta", jint(sum->delta[FR_HC_TMT2_S]));
	json_object_object_add(o, "data_units_written_delta", jint(sum->delta[FR_HC_DUW]));
	json_object_object_add(o, "host_bytes", jnum(w->host_bytes));
	json_object_object_add(o, "host_bytes_smart", jnum(w->host_bytes_smart));
	json_object_object_add(o, "media_bytes", jnum(w->media_bytes));
	/* the divisor when the media counter's own log counts host bytes */
	json_object_object_add(o, "waf_host_bytes", jnum(w->src_host_bytes));
	json_object_object_add(o, "waf_host_counter",
			       *w->host_counter ? json_object_new_string(w->host_counter) : NULL);
	json_object_object_add(o, "waf", jnum(w->waf));
	json_object_object_add(o, "waf_source",
			       w->src ? json_object_new_string(fr_waf_src_name(w->src)) : NULL);
	json_object_object_add(o, "waf_note",
			       isnan(w->waf) ? json_object_new_string(w->why) : NULL);
	by = json_object_new_object();
	for (int i = FR_WAF_OCP; i < FR_WAF_NSRC; i++)
		if (!isnan(w->by_src[i]))
			json_object_object_add(by, fr_waf_src_name(i),
					       json_object_new_double(w->by_src[i]));
	json_object_object_add(o, "waf_by_source", by);
	ctrls = json_object_new_array();
	for (size_t i = 0; i < h->nctrl; i++)
		json_object_array_add(ctrls, ctrl_json(&h->ctrl[i], r->ctrl_delta[i]));
	json_object_object_add(o, "controllers", ctrls);
	return o;
}

static void json_step(struct json_object *arr, const struct fr_health_row *r)
{
	const struct fr_step *s = r->step;
	struct json_object *o = fr_health_json(r), *names = json_object_new_array();

	for (size_t i = 0; i < s->njobnames; i++)
		json_object_array_add(names, json_object_new_string(s->jobnames[i]));
	json_object_object_add(o, "drive", json_object_new_string(r->drive->label));
	json_object_object_add(o, "profile", json_object_new_string(r->profile->name));
	json_object_object_add(o, "step", json_object_new_string(s->name));
	json_object_object_add(o, "file", json_object_new_string(s->source));
	json_object_object_add(o, "job_names", names);
	json_object_array_add(arr, o);
}

struct json_object *fr_health_json_all(const struct fr_report_health *h)
{
	struct json_object *arr;

	if (!h || !h->any)
		return NULL;
	arr = json_object_new_array();
	for (size_t i = 0; i < h->n; i++)
		if (h->rows[i].listed)
			json_step(arr, &h->rows[i]);
	return arr;
}
