// SPDX-License-Identifier: GPL-2.0-only
/*
 * Drive health in the JSON report (issue 25, out_json.h): per step its
 * summed temperatures and counter deltas, the WAF with its source and every
 * source's, and per controller its own figures; a value not known is null.
 * Each ranked step carries its record, and the report's "health" lists them.
 */
#include <json-c/json.h>
#include <math.h>
#include <stdint.h>

#include "model/health.h"
#include "report/report.h"
#include "report/report_health.h"
#include "out/out_json.h"

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

/* Every listed step's record with its "drive", "profile", "step", "file"
 * and "job_names"; a member only when a step came with an engine results
 * file (issue 25). */
int fr_json_health(struct fr_out *o)
{
	const struct fr_report_health *h = o->rep->health;
	struct json_object *arr;

	if (!h || !h->any)
		return 0;
	arr = json_object_new_array();
	for (size_t i = 0; i < h->n; i++)
		if (h->rows[i].listed)
			json_step(arr, &h->rows[i]);
	fr_jout_add(((struct fr_json_fmt *)o->fmt)->root, "health", arr);
	return 0;
}
