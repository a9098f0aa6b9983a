// SPDX-License-Identifier: GPL-2.0-only
/*
 * The JSON report's method sections (out_json.h): the Copy runs, per run
 * the Copy phase and the host's copy with their ratio (the figures as
 * json-c prints doubles); the endurance method's steps and WAF (report/
 * endurance.h); why the tail, per tag key its sentence and factors
 * (report/tailwhy.h); the tq-sweep, per drive its steps and preconditioning
 * rounds, and the published points.  Each is a member only when some drive ran the method, so
 * that other reports keep their shape.
 */
#include <math.h>
#include <stdint.h>

#include <json-c/json.h>

#include "model/copy.h"
#include "report/report.h"
#include "report/tailwhy.h"
#include "out/out.h"
#include "out/out_endurance.h"
#include "out/out_json.h"
#include "out/out_tq.h"
#include "rank/tq.h"

/* ---- Copy */

static void copy_num(struct json_object *o, const char *key, double v)
{
	json_object_object_add(o, key, isfinite(v) ? json_object_new_double(v) : NULL);
}

static struct json_object *phase_json(const struct fr_copy_phase *p)
{
	struct json_object *o = json_object_new_object();

	json_object_object_add(o, "jobs", json_object_new_string(p->movers));
	json_object_object_add(o, "reader",
			       p->reader[0] ? json_object_new_string(p->reader) : NULL);
	copy_num(o, "landed_bytes", p->landed_bytes);
	copy_num(o, "mbps", p->mbps);
	json_object_object_add(o, "commands", json_object_new_int64((int64_t)p->commands));
	copy_num(o, "bus_bytes", p->bus_bytes);
	copy_num(o, "cpu_pct", p->cpu_pct);
	copy_num(o, "cpu_s", p->cpu_s);
	copy_num(o, "cpu_s_per_gb", p->cpu_s_per_gb);
	copy_num(o, "reader_iops", p->rd_iops);
	copy_num(o, "reader_clat_p50_us", p->rd_p50 / 1000);
	copy_num(o, "reader_clat_p99_us", p->rd_p99 / 1000);
	copy_num(o, "reader_clat_p99_9_us", p->rd_p999 / 1000);
	return o;
}

/* "copy": only when a Copy method run was read (issue 41) */
int fr_json_copy(struct fr_out *out)
{
	const struct fr_model *m = out->rep->m;
	struct json_object *arr;

	if (!m->ncopy)
		return 0;
	arr = json_object_new_array();
	for (size_t i = 0; i < m->ncopy; i++) {
		const struct fr_copy_run *r = &m->copy[i];
		struct json_object *o = json_object_new_object(), *ratio;

		json_object_object_add(o, "drive", json_object_new_string(r->drive));
		json_object_object_add(o, "source", json_object_new_string(r->source));
		json_object_object_add(o, "compared", json_object_new_boolean(!r->why[0]));
		if (r->why[0]) {
			json_object_object_add(o, "why", json_object_new_string(r->why));
			json_object_array_add(arr, o);
			continue;
		}
		json_object_object_add(o, "range_bytes", json_object_new_int64(r->range_bytes));
		json_object_object_add(o, "copy", phase_json(&r->copy));
		json_object_object_add(o, "host", phase_json(&r->host));
		copy_num(o, "bus_bytes_saved", r->bus_saved);
		ratio = json_object_new_object();
		copy_num(ratio, "mbps", r->r_mbps);
		copy_num(ratio, "cpu_s_per_gb", r->r_cpu_gb);
		copy_num(ratio, "reader_clat_p50", r->r_p50);
		copy_num(ratio, "reader_clat_p99", r->r_p99);
		copy_num(ratio, "reader_clat_p99_9", r->r_p999);
		json_object_object_add(o, "copy_over_host", ratio);
		json_object_array_add(arr, o);
	}
	fr_jout_add(((struct fr_json_fmt *)out->fmt)->root, "copy", arr);
	return 0;
}

/* ---- endurance */

static struct json_object *point_json(const struct fr_ei_point *p)
{
	struct json_object *o = json_object_new_object();
	bool waf = !isnan(p->waf.waf);

	fr_jout_add(o, "step", fr_jout_str(p->step->name));
	fr_jout_add(o, "nsid", p->nsid ? json_object_new_int((int)p->nsid) : NULL);
	fr_jout_add(o, "host_bytes", fr_jout_fixed(p->host_bytes, 0));
	fr_jout_add(o, "cum_host_bytes", fr_jout_fixed(p->cum_host, 0));
	fr_jout_add(o, "drive_host_bytes", fr_jout_fixed(fr_ei_drive_host(p), 0));
	fr_jout_add(o, "drive_host_counter",
		    fr_jout_str(waf ? p->waf.host_counter : "SMART data units written"));
	fr_jout_add(o, "media_bytes", fr_jout_fixed(p->waf.media_bytes, 0));
	fr_jout_add(o, "waf", fr_jout_num(p->waf.waf));
	fr_jout_add(o, "waf_source", waf ? fr_jout_str(fr_waf_src_name(p->waf.src)) : NULL);
	fr_jout_add(o, "waf_note", waf ? NULL : fr_jout_str(p->waf.why));
	fr_jout_add(o, "cum_media_bytes", fr_jout_fixed(p->cum_media, 0));
	fr_jout_add(o, "cum_drive_host_bytes", fr_jout_fixed(p->cum_src_host, 0));
	fr_jout_add(o, "cum_waf", fr_jout_num(p->cum_waf));
	fr_jout_add(o, "write_clat_p99_us", fr_jout_num(fr_us(p->p99)));
	fr_jout_add(o, "write_clat_p99_99_us", fr_jout_num(fr_us(p->p9999)));
	return o;
}

/* "endurance": only when a drive ran the method (issue 41) */
int fr_json_endurance(struct fr_out *out)
{
	const struct fr_endurance *e = out->rep->ei;
	struct json_object *arr;

	if (!e || !e->n)
		return 0;
	arr = json_object_new_array();
	for (size_t i = 0; i < e->n; i++) {
		const struct fr_ei_series *se = &e->s[i];
		struct json_object *o = json_object_new_object(), *steps = json_object_new_array();

		fr_jout_add(o, "drive", fr_jout_str(se->drive->label));
		fr_jout_add(o, "mix", fr_jout_str(se->profile->name));
		fr_jout_add(o, "jesd219", json_object_new_boolean(se->jesd219));
		fr_jout_add(o, "write_unit", fr_jout_str(se->unit));
		fr_jout_add(o, "namespace_write_unit", fr_jout_str(se->drive_unit));
		fr_jout_add(o, "cum_waf_note", *se->cum_why ? fr_jout_str(se->cum_why) : NULL);
		for (size_t k = 0; k < se->n; k++)
			json_object_array_add(steps, point_json(&se->p[k]));
		fr_jout_add(o, "steps", steps);
		json_object_array_add(arr, o);
	}
	fr_jout_add(((struct fr_json_fmt *)out->fmt)->root, "endurance", arr);
	return 0;
}

/* ---- why the tail */

static struct json_object *tw_num(double v)
{
	return isfinite(v) ? json_object_new_double(v) : NULL;
}

static struct json_object *factor_json(const struct fr_tw_key *k, enum fr_tw_factor fi)
{
	const struct fr_tw_test *t = &k->t[fi];
	struct json_object *o = json_object_new_object();

	json_object_object_add(o, "name", json_object_new_string(fr_tw_factor_name(fi)));
	json_object_object_add(o, "tested", json_object_new_boolean(t->tested));
	json_object_object_add(o, "why_not",
			       t->why_not ? json_object_new_string(t->why_not) : NULL);
	json_object_object_add(o, "k", fi == FR_TW_HEALTH ? NULL : json_object_new_int64(t->k));
	json_object_object_add(o, "k_unit",
			       json_object_new_string(fi == FR_TW_SLAT	   ? "ns"
						      : fi == FR_TW_HEALTH ? "interval"
									   : "I/Os"));
	if (t->tested) {
		json_object_object_add(o, "slow_hits", json_object_new_int64(t->slow_hits));
		json_object_object_add(o, "median_hits", json_object_new_int64(t->med_hits));
		json_object_object_add(o, "p", tw_num(t->p));
		json_object_object_add(o, "alpha",
				       json_object_new_double(FR_TW_ALPHA / k->ntested));
		json_object_object_add(o, "cause", json_object_new_boolean(t->cause));
	}
	return o;
}

static struct json_object *key_json(const struct fr_tw_key *k)
{
	struct json_object *o = json_object_new_object(), *fs = json_object_new_array();
	enum fr_tw_factor fi;

#define ADD(n, v) json_object_object_add(o, n, v)
	ADD("drive", json_object_new_string(k->drive->label));
	ADD("profile", json_object_new_string(k->profile));
	ADD("step", json_object_new_string(k->step && k->step->name ? k->step->name : ""));
	ADD("job", k->job ? json_object_new_string(k->job) : NULL);
	ADD("label", k->label ? json_object_new_string(k->label) : NULL);
	ADD("nsid", json_object_new_int64(k->nsid));
	ADD("direction", json_object_new_string(fr_dir_name(k->dir)));
	ADD("source", json_object_new_string(k->source == FR_TW_TAGLOG ? "taglog" : "outliers"));
	ADD("truncated", json_object_new_boolean(k->truncated));
	ADD("n", json_object_new_int64(k->n));
	ADD("n_slow", json_object_new_int64(k->n_slow));
	ADD("n_median", json_object_new_int64(k->n_med));
	ADD("tail_ns", json_object_new_int64(k->tail_ns));
	ADD("median_lo_ns", json_object_new_int64(k->med_lo_ns));
	ADD("median_hi_ns", json_object_new_int64(k->med_hi_ns));
	ADD("writes_on", k->writes_on ? json_object_new_string(k->writes_on) : NULL);
	ADD("fdp_events", k->fdp_events >= 0 ? json_object_new_int64(k->fdp_events) : NULL);
	ADD("verdict", json_object_new_string(fr_tw_verdict_name(k->verdict)));
	ADD("sentence", json_object_new_string(k->sentence ? k->sentence : ""));
	for (fi = 0; k->source == FR_TW_TAGLOG && fi < FR_TW_NFACTORS; fi++)
		json_object_array_add(fs, factor_json(k, fi));
	ADD("factors", fs);
#undef ADD
	return o;
}

/* "tail_why": only when some step had tag logs (issue 40) */
int fr_json_tailwhy(struct fr_out *out)
{
	const struct fr_tailwhy *tw = out->rep->tw;
	struct json_object *o, *keys;
	size_t i;

	if (!tw || !tw->n)
		return 0;
	o = json_object_new_object();
	keys = json_object_new_array();
	json_object_object_add(o, "tail_pct", json_object_new_double(tw->pct));
	json_object_object_add(o, "median_band", json_object_new_string("p45-p55"));
	json_object_object_add(o, "k_rule", json_object_new_string("median I/Os' p90, at least 1"));
	json_object_object_add(o, "min_slow", json_object_new_int(FR_TW_MIN_SLOW));
	json_object_object_add(o, "alpha", json_object_new_double(FR_TW_ALPHA));
	json_object_object_add(o, "min_gap", json_object_new_double(FR_TW_MIN_GAP));
	for (i = 0; i < tw->n; i++)
		json_object_array_add(keys, key_json(&tw->k[i]));
	json_object_object_add(o, "keys", keys);
	fr_jout_add(((struct fr_json_fmt *)out->fmt)->root, "tail_why", o);
	return 0;
}

/* ---- tq-sweep */

/* A figure, null for one not known. */
static struct json_object *tq_num(double v)
{
	return isnan(v) ? NULL : json_object_new_double(v);
}

static struct json_object *point_obj(const struct fr_tq_point *pt)
{
	static const char *const keys[] = {"iops", "lat_mean_us", "lat_max_us", "lat_stddev_us"};
	static const char *const pkeys[] = {"place_iops", "place_lat_mean", "place_lat_max",
					    "place_lat_stddev"};
	struct json_object *o = json_object_new_object();

	json_object_object_add(o, "step", json_object_new_string(pt->step->name));
	json_object_object_add(o, "numjobs", json_object_new_int64(pt->jobs));
	json_object_object_add(o, "iodepth", json_object_new_int64(pt->depth));
	if (pt->round)
		json_object_object_add(o, "round", json_object_new_int64(pt->round));
	for (int g = 0; g < FR_TQ_NFIGS; g++) {
		json_object_object_add(o, keys[g], tq_num(fr_tq_shown(pt, g)));
		if (!pt->round)
			json_object_object_add(o, pkeys[g],
					       pt->place[g] ? json_object_new_int64(pt->place[g])
							    : NULL);
	}
	json_object_object_add(o, "problem",
			       pt->problem ? json_object_new_string(pt->problem) : NULL);
	json_object_object_add(o, "file", json_object_new_string(pt->step->source));
	return o;
}

struct json_object *fr_tq_json(const struct fr_report *rep, int *err)
{
	struct json_object *o, *drives, *refs;
	const struct fr_tq *t = fr_tq_section(rep);

	*err = 0;
	if (!t)
		return NULL;
	o = json_object_new_object();
	drives = json_object_new_array();
	refs = json_object_new_array();
	json_object_object_add(o, "latency_basis", json_object_new_string(fr_basis_name(t->basis)));
	for (size_t i = 0; i < t->nd; i++) {
		struct json_object *d = json_object_new_object(), *s = json_object_new_array(),
				   *r = json_object_new_array();

		json_object_object_add(d, "drive", json_object_new_string(t->d[i].drive->label));
		for (size_t k = 0; k < t->d[i].nsteps; k++)
			json_object_array_add(s, point_obj(&t->d[i].steps[k]));
		for (size_t k = 0; k < t->d[i].nrounds; k++)
			json_object_array_add(r, point_obj(&t->d[i].rounds[k]));
		json_object_object_add(d, "steps", s);
		json_object_object_add(d, "precondition_rounds", r);
		json_object_array_add(drives, d);
	}
	for (size_t i = 0; i < t->nref; i++) {
		struct json_object *r = json_object_new_object();

		json_object_object_add(r, "review",
				       json_object_new_string(t->ref[i].drive->review));
		json_object_object_add(r, "drive", json_object_new_string(t->ref[i].drive->label));
		json_object_object_add(r, "iops", tq_num(fr_step_iops(t->ref[i].step)));
		json_object_object_add(r, "placing", json_object_new_string(t->ref[i].note));
		json_object_array_add(refs, r);
	}
	json_object_object_add(o, "drives", drives);
	json_object_object_add(o, "published", refs);
	return o;
}
