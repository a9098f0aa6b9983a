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

void fr_health_sum(const struct fr_health *h, struct fr_hsum *s)
{
	size_t read = 0;

	memset(s, 0, sizeof(*s));
	for (size_t i = 0; h && i < h->nctrl; i++) {
		const struct fr_hctrl *c = &h->ctrl[i];

		if (!c->read)
			continue;
		/* a controller of a subsystem already counted adds nothing */
		for (int k = 0; k < FR_HC_N && !fr_health_same_subsys(h, i); k++) {
			int64_t d = fr_hc_delta(c, k);

			s->delta[k] = !read ? d : d < 0 || s->delta[k] < 0 ? -1 : s->delta[k] + d;
		}
		read++;
		s->crit_warning |= c->crit_warning;
		s->temp_before_k =
			c->temp_before_k > s->temp_before_k ? c->temp_before_k : s->temp_before_k;
		s->temp_after_k =
			c->temp_after_k > s->temp_after_k ? c->temp_after_k : s->temp_after_k;
		s->temp_max_k = c->temp_max_k > s->temp_max_k ? c->temp_max_k : s->temp_max_k;
	}
	if (!read)
		for (int k = 0; k < FR_HC_N; k++)
			s->delta[k] = -1;
}

const char *fr_health_verdict_text(const struct fr_health *h, char *buf, size_t len)
{
	if (!h->recorded)
		snprintf(buf, len, "health %s", h->why);
	else if (h->invalid)
		snprintf(buf, len, "INVALID: %s", h->reason);
	else
		snprintf(buf, len, "valid");
	return buf;
}

/* ------------------------------------------------------------------ text, md */

/* "36 °C" of a temperature in kelvin, "?" when not known. */
static const char *celsius(char *buf, size_t len, int k)
{
	if (k <= 0)
		snprintf(buf, len, "?");
	else
		snprintf(buf, len, "%d °C", k - 273);
	return buf;
}

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
static void figures(FILE *f, const char *lead, const struct fr_step *s, str_fn str)
{
	struct fr_hsum sum;
	struct fr_waf w;
	char a[32], b[32], c[32], t1[32], t2[32], cw[128], waf[256], duw[32];

	fr_health_sum(s->health, &sum);
	fr_health_waf(s, &w);
	fr_health_cw_names(sum.crit_warning, cw, sizeof(cw));
	fprintf(f, "%stemperature %s -> %s, max %s; critical warning: %s; TMT1 %s, TMT2 %s\n", lead,
		celsius(a, sizeof(a), sum.temp_before_k), celsius(b, sizeof(b), sum.temp_after_k),
		celsius(c, sizeof(c), sum.temp_max_k), *cw ? cw : "none",
		delta_text(t1, sizeof(t1), sum.delta[FR_HC_TMT1_N]),
		delta_text(t2, sizeof(t2), sum.delta[FR_HC_TMT2_N]));
	fprintf(f, "%sdata units written %s", lead,
		delta_text(duw, sizeof(duw), sum.delta[FR_HC_DUW]));
	if (!isnan(w.host_bytes_smart))
		fprintf(f, " (%.1f MB, the drive's count of host writes: a cross-check)",
			w.host_bytes_smart / 1e6);
	if (!isnan(w.host_bytes))
		fprintf(f, "; fio wrote %.1f MB", w.host_bytes / 1e6);
	waf_text(waf, sizeof(waf), &w);
	fprintf(f, "; %s\n", waf);
	for (size_t i = 0; i < s->health->nctrl; i++) {
		const struct fr_hctrl *hc = &s->health->ctrl[i];

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

static void each_in(const struct fr_model *m, fr_health_fn fn, void *arg)
{
	for (size_t d = 0; d < m->ndrives; d++)
		for (size_t p = 0; !m->drives[d].reference && p < m->drives[d].nprofiles; p++)
			for (size_t k = 0; k < m->drives[d].profiles[p].nsteps; k++)
				if (m->drives[d].profiles[p].steps[k].health)
					fn(arg, &m->drives[d], &m->drives[d].profiles[p],
					   &m->drives[d].profiles[p].steps[k]);
}

void fr_health_each(const struct fr_model *m, fr_health_fn fn, void *arg)
{
	each_in(m, fn, arg);
	if (m->invalid)
		each_in(m->invalid, fn, arg);
}

static void text_step(void *arg, const struct fr_drive *d, const struct fr_profile *p,
		      const struct fr_step *s)
{
	FILE *f = arg;
	char v[512];

	fprintf(f, "  %s / %s step %s: %s\n", d->label, p->name, s->name,
		fr_health_verdict_text(s->health, v, sizeof(v)));
	if (s->health->recorded)
		figures(f, "      ", s, plain);
}

void fr_health_text(FILE *f, const struct fr_model *m)
{
	if (!fr_health_any(m))
		return;
	fputs("\nDrive health per step (read by the ssdnvme engine; an invalid step is left "
	      "out of ranks unless --include-invalid):\n",
	      f);
	fr_health_each(m, text_step, f);
}

struct md_arg {
	FILE *f;
	str_fn str;
};

static void md_step(void *arg, const struct fr_drive *d, const struct fr_profile *p,
		    const struct fr_step *s)
{
	const struct md_arg *a = arg;
	char v[512];

	fputs("- **", a->f);
	a->str(a->f, d->label);
	fputs("** / ", a->f);
	a->str(a->f, p->name);
	fputs(" step ", a->f);
	a->str(a->f, s->name);
	fputs(": ", a->f);
	a->str(a->f, fr_health_verdict_text(s->health, v, sizeof(v)));
	fputc('\n', a->f);
	if (s->health->recorded)
		figures(a->f, "  - ", s, a->str);
}

void fr_health_md(FILE *f, const struct fr_model *m, void (*md_str)(FILE *f, const char *s))
{
	struct md_arg a = {f, md_str};

	if (!fr_health_any(m))
		return;
	fputs("\n## Drive health per step\n\nRead by the ssdnvme engine; an invalid step is left "
	      "out of ranks unless `--include-invalid`.\n\n",
	      f);
	fr_health_each(m, md_step, &a);
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

void fr_health_csv_fields(FILE *f, const struct fr_step *s)
{
	const struct fr_health *h = s ? s->health : NULL;
	static const enum fr_hc deltas[] = {FR_HC_TMT1_N, FR_HC_TMT2_N,	  FR_HC_TMT1_S,
					    FR_HC_TMT2_S, FR_HC_WARN_MIN, FR_HC_CRIT_MIN,
					    FR_HC_DUW};
	struct fr_hsum sum;
	struct fr_waf w;

	if (!h || !h->recorded) {
		/* one comma per column; a step without a record says why in valid's place */
		fr_csv_commas(f, FR_HEALTH_CSV_COLUMNS);
		return;
	}
	fr_health_sum(h, &sum);
	fr_health_waf(s, &w);
	fprintf(f, ",%d,", h->invalid ? 0 : 1);
	fr_csv_str(f, h->reason);
	csv_int(f, sum.temp_before_k > 0 ? sum.temp_before_k : -1);
	csv_int(f, sum.temp_after_k > 0 ? sum.temp_after_k : -1);
	csv_int(f, sum.temp_max_k > 0 ? sum.temp_max_k : -1);
	csv_int(f, sum.crit_warning);
	for (size_t i = 0; i < sizeof(deltas) / sizeof(deltas[0]); i++)
		csv_int(f, sum.delta[deltas[i]]);
	csv_num(f, w.host_bytes, 0);
	csv_num(f, w.host_bytes_smart, 0);
	csv_num(f, w.media_bytes, 0);
	csv_num(f, w.waf, 3);
	fputc(',', f);
	fr_csv_str(f, fr_waf_src_name(w.src));
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

static struct json_object *ctrl_json(const struct fr_hctrl *c)
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
		json_object_object_add(d, names[k], jint(fr_hc_delta(c, k)));
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

struct json_object *fr_health_json(const struct fr_step *s)
{
	const struct fr_health *h = s->health;
	struct json_object *o, *ctrls, *by;
	struct fr_hsum sum;
	struct fr_waf w;
	char cw[128];

	if (!h)
		return NULL;
	o = json_object_new_object();
	json_object_object_add(o, "recorded", json_object_new_boolean(h->recorded));
	json_object_object_add(o, "why", h->recorded ? NULL : json_object_new_string(h->why));
	json_object_object_add(o, "valid", json_object_new_boolean(!h->invalid));
	json_object_object_add(o, "reason", h->invalid ? json_object_new_string(h->reason) : NULL);
	fr_health_sum(h, &sum);
	fr_health_cw_names(sum.crit_warning, cw, sizeof(cw));
	json_object_object_add(o, "temp_before_k",
			       jint(sum.temp_before_k ? sum.temp_before_k : -1));
	json_object_object_add(o, "temp_after_k", jint(sum.temp_after_k ? sum.temp_after_k : -1));
	json_object_object_add(o, "temp_max_k", jint(sum.temp_max_k ? sum.temp_max_k : -1));
	json_object_object_add(o, "critical_warning", json_object_new_int((int)sum.crit_warning));
	json_object_object_add(o, "critical_warning_names", json_object_new_string(cw));
	json_object_object_add(o, "tmt1_count_delta", jint(sum.delta[FR_HC_TMT1_N]));
	json_object_object_add(o, "tmt2_count_delta", jint(sum.delta[FR_HC_TMT2_N]));
	json_object_object_add(o, "tmt1_time_s_delta", jint(sum.delta[FR_HC_TMT1_S]));
	json_object_object_add(o, "tmt2_time_s_delta", jint(sum.delta[FR_HC_TMT2_S]));
	json_object_object_add(o, "data_units_written_delta", jint(sum.delta[FR_HC_DUW]));
	fr_health_waf(s, &w);
	json_object_object_add(o, "host_bytes", jnum(w.host_bytes));
	json_object_object_add(o, "host_bytes_smart", jnum(w.host_bytes_smart));
	json_object_object_add(o, "media_bytes", jnum(w.media_bytes));
	/* the divisor when the media counter's own log counts host bytes */
	json_object_object_add(o, "waf_host_bytes", jnum(w.src_host_bytes));
	json_object_object_add(o, "waf_host_counter",
			       *w.host_counter ? json_object_new_string(w.host_counter) : NULL);
	json_object_object_add(o, "waf", jnum(w.waf));
	json_object_object_add(o, "waf_source",
			       w.src ? json_object_new_string(fr_waf_src_name(w.src)) : NULL);
	json_object_object_add(o, "waf_note", isnan(w.waf) ? json_object_new_string(w.why) : NULL);
	by = json_object_new_object();
	for (int i = FR_WAF_OCP; i < FR_WAF_NSRC; i++)
		if (!isnan(w.by_src[i]))
			json_object_object_add(by, fr_waf_src_name(i),
					       json_object_new_double(w.by_src[i]));
	json_object_object_add(o, "waf_by_source", by);
	ctrls = json_object_new_array();
	for (size_t i = 0; i < h->nctrl; i++)
		json_object_array_add(ctrls, ctrl_json(&h->ctrl[i]));
	json_object_object_add(o, "controllers", ctrls);
	return o;
}

static void json_step(void *arr, const struct fr_drive *d, const struct fr_profile *p,
		      const struct fr_step *s)
{
	struct json_object *o = fr_health_json(s), *names = json_object_new_array();

	for (size_t i = 0; i < s->njobnames; i++)
		json_object_array_add(names, json_object_new_string(s->jobnames[i]));
	json_object_object_add(o, "drive", json_object_new_string(d->label));
	json_object_object_add(o, "profile", json_object_new_string(p->name));
	json_object_object_add(o, "step", json_object_new_string(s->name));
	json_object_object_add(o, "file", json_object_new_string(s->source));
	json_object_object_add(o, "job_names", names);
	json_object_array_add(arr, o);
}

struct json_object *fr_health_json_all(const struct fr_model *m)
{
	struct json_object *arr;

	if (!fr_health_any(m))
		return NULL;
	arr = json_object_new_array();
	fr_health_each(m, json_step, arr);
	return arr;
}
