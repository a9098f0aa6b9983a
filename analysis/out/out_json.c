// SPDX-License-Identifier: GPL-2.0-only
/*
 * JSON for lab automation, schema "fiorank/2" (docs/fiorank.md): built with
 * json-c, figures as numbers (null when there is none), latencies in µs.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <json-c/json.h>

#include "report/report.h"
#include "util/escape.h"
#include "out/out.h"
#include "out/baseline_out.h"
#include "out/out_fdp.h"
#include "out/out_tailwhy.h"
#include "out/out_copy.h"
#include "out/out_fleet.h"
#include "out/out_health.h"
#include "out/out_endurance.h"
#include "out/out_ai.h"
#include "out/out_tq.h"

static struct json_object *jnum(double v)
{
	char buf[64];

	if (isnan(v) || isinf(v))
		return NULL; /* json-c prints a NULL member as null */
	/* fixed 3 decimals, not json-c's %.17g: stable golden files */
	snprintf(buf, sizeof(buf), "%.3f", v);
	return json_object_new_double_s(strtod(buf, NULL), buf);
}

/* Strings from input may hold bytes that are not UTF-8: they are written as
 * the text "\xNN", so the document always parses. */
static struct json_object *jstr(const char *s)
{
	char *e = fr_escape_str(s, FR_ESC_UTF8);
	struct json_object *o;

	if (!e)
		return NULL;
	o = json_object_new_string(e);
	free(e);
	return o;
}

static void add(struct json_object *o, const char *key, struct json_object *v)
{
	json_object_object_add(o, key, v);
}

static struct json_object *lat_obj(const struct fr_lat *l)
{
	struct json_object *o = json_object_new_object();

	add(o, "mean_us", jnum(fr_us(l->mean)));
	add(o, "p99_us", jnum(fr_us(l->p99)));
	add(o, "p99_9_us", jnum(fr_us(l->p999)));
	add(o, "p99_99_us", jnum(fr_us(l->p9999)));
	return o;
}

static struct json_object *drive_obj(const struct fr_drive *d)
{
	struct json_object *o = json_object_new_object();

	add(o, "label", jstr(d->label));
	add(o, "reference", json_object_new_boolean(d->reference));
	add(o, "review", jstr(d->review));
	add(o, "model", jstr(d->ident.model));
	add(o, "serial", jstr(d->ident.serial));
	add(o, "firmware", jstr(d->ident.firmware));
	add(o, "config", *d->config ? jstr(d->config) : NULL);
	add(o, "group", d->group > 1 ? json_object_new_int((int)d->group) : NULL);
	return o;
}

/* Origin block: the fio job names, groupid and file of a measured step
 * (null for a published drive's). */
static void add_origin(struct json_object *o, const struct fr_step *s, bool reference)
{
	struct json_object *names = NULL;

	if (s && !reference) {
		names = json_object_new_array();
		for (size_t i = 0; i < s->njobnames; i++)
			json_object_array_add(names, jstr(s->jobnames[i]));
	}
	add(o, "job_names", names);
	add(o, "groupid",
	    s && !reference && s->groupid >= 0 ? json_object_new_int64(s->groupid) : NULL);
	add(o, "file", s && !reference ? jstr(s->source) : NULL);
}

/* p99_us, p99_9_us, p99_99_us of a one-direction step (null for a mix),
 * and "dirs": each direction's own figures (a mix's are never added up). */
static void add_percentiles(struct json_object *o, const struct fr_step *s, enum fr_basis basis)
{
	enum fr_dir only = fr_step_only_dir(s);
	const struct fr_lat *l = only != FR_NDIRS ? &s->dir[only].lat[basis] : NULL;
	struct json_object *dirs = json_object_new_object();

	add(o, "p99_us", l ? jnum(fr_us(l->p99)) : NULL);
	add(o, "p99_9_us", l ? jnum(fr_us(l->p999)) : NULL);
	add(o, "p99_99_us", l ? jnum(fr_us(l->p9999)) : NULL);
	for (int d = 0; d < FR_NDIRS; d++) {
		struct json_object *x;

		if (!s->dir[d].ios)
			continue;
		l = &s->dir[d].lat[basis];
		x = json_object_new_object();
		add(x, "iops", jnum(s->dir[d].iops));
		add(x, "lat_us", jnum(fr_us(l->mean)));
		add(x, "p99_us", jnum(fr_us(l->p99)));
		add(x, "p99_9_us", jnum(fr_us(l->p999)));
		add(x, "p99_99_us", jnum(fr_us(l->p9999)));
		add(dirs, fr_dir_name((enum fr_dir)d), x);
	}
	add(o, "dirs", dirs);
}

/* health: every step's health rows (the report's) */
static struct json_object *step_obj(const struct fr_step *s, enum fr_basis basis, bool reference,
				    const struct fr_report_health *health)
{
	struct json_object *o = json_object_new_object();

	add(o, "step", jstr(s->name));
	add(o, "iops", jnum(fr_step_iops(s)));
	add(o, "mbps", jnum(fr_step_mbps(s)));
	add(o, "lat_us", jnum(fr_us(fr_step_mean_lat(s, basis))));
	add(o, "read_iops", jnum(s->dir[FR_READ].iops));
	add(o, "write_iops", jnum(s->dir[FR_WRITE].iops));
	add_percentiles(o, s, basis);
	add(o, "target_iops", s->target_iops > 0 ? jnum(s->target_iops) : NULL);
	add(o, "target_missed",
	    s->target_iops > 0 ? json_object_new_boolean(!isnan(fr_step_target_missed(s))) : NULL);
	add(o, "jobs", json_object_new_int((int)s->njobs));
	add_origin(o, s, reference);
	if (s->health)
		add(o, "health", fr_health_json(fr_health_row_of(health, s)));
	return o;
}

static struct json_object *entry_obj(const struct fr_entry *e, enum fr_basis basis,
				     const struct fr_report_health *health)
{
	struct json_object *o = json_object_new_object(), *curve = json_object_new_array();

	add(o, "place", e->place ? json_object_new_int((int)e->place) : NULL);
	add(o, "drive", jstr(e->drive->label));
	add(o, "reference", json_object_new_boolean(e->drive->reference));
	add(o, "peak_step", jstr(e->peak->name));
	add(o, "iops", jnum(e->iops));
	add(o, "mbps", jnum(e->mbps));
	add(o, "lat_us", jnum(fr_us(e->lat_ns)));
	add(o, "margin_pct", jnum(e->margin_pct));
	add(o, "margin_abs", jnum(e->margin_abs));
	add(o, "ref_place", e->ref_total ? json_object_new_int((int)e->ref_place) : NULL);
	add(o, "ref_total", e->ref_total ? json_object_new_int((int)e->ref_total) : NULL);
	add(o, "ref_note", *e->ref_note ? jstr(e->ref_note) : NULL);
	add(o, "place_note", *e->place_note ? jstr(e->place_note) : NULL);
	add(o, "per_drive_of",
	    e->drive->reference && e->drive->group > 1 ? json_object_new_int((int)e->drive->group)
						       : NULL);
	for (size_t i = 0; i < e->ncurve; i++)
		json_object_array_add(curve,
				      step_obj(e->curve[i], basis, e->drive->reference, health));
	add(o, "curve", curve);
	add_origin(o, e->peak, e->drive->reference);
	return o;
}

static struct json_object *profiles_arr(const struct fr_report *rep)
{
	const struct fr_ranking *r = rep->r;
	struct json_object *a = json_object_new_array();

	for (size_t p = 0; p < r->nprofiles; p++) {
		const struct fr_profile_rank *pr = &r->profiles[p];
		struct json_object *o, *rk;

		if (!rep->sect->p[p].shown)
			continue;
		o = json_object_new_object();
		rk = json_object_new_array();
		add(o, "profile", jstr(pr->name));
		add(o, "ranked_by", jstr(pr->by_mbps ? "mbps" : "iops"));
		for (size_t i = 0; i < pr->n; i++)
			json_object_array_add(rk, entry_obj(&pr->e[i], r->basis, rep->health));
		add(o, "ranking", rk);
		json_object_array_add(a, o);
	}
	return a;
}

static struct json_object *wp_obj(const struct fr_ranking *r)
{
	struct json_object *o = json_object_new_object(), *drives = json_object_new_array();
	struct json_object *cross = json_object_new_array();

	for (size_t d = 0; d < r->nwp; d++) {
		struct json_object *w = json_object_new_object(), *pts = json_object_new_array();

		add(w, "drive", jstr(r->wp[d].drive->label));
		for (size_t i = 0; i < r->wp[d].n; i++) {
			struct json_object *p = json_object_new_object();

			add(p, "write_mbps", jnum(r->wp[d].pts[i].write_mbps));
			add(p, "read_mean_us", jnum(fr_us(r->wp[d].pts[i].mean_ns)));
			add(p, "read_p99_us", jnum(fr_us(r->wp[d].pts[i].p99_ns)));
			add_origin(p, r->wp[d].pts[i].step, r->wp[d].drive->reference);
			json_object_array_add(pts, p);
		}
		add(w, "points", pts);
		if (*r->wp[d].note) /* only on a run unlike the like runs */
			add(w, "crossover_note", jstr(r->wp[d].note));
		json_object_array_add(drives, w);
	}
	for (size_t i = 0; i < r->ncross; i++) {
		struct json_object *c = json_object_new_object();
		char s[512];

		fr_cross_sentence(s, sizeof(s), &r->cross[i]);
		add(c, "metric", jstr(fr_wp_metric_name(r->cross[i].metric)));
		add(c, "from_write_mbps", jnum(r->cross[i].from_mbps));
		add(c, "lower", jstr(r->cross[i].lower->label));
		add(c, "higher", jstr(r->cross[i].higher->label));
		add(c, "holds", json_object_new_boolean(r->cross[i].holds));
		add(c, "after_write_mbps", jnum(r->cross[i].after_mbps));
		add(c, "published", json_object_new_boolean(r->cross[i].published));
		add(c, "text", jstr(s));
		json_object_array_add(cross, c);
	}
	add(o, "drives", drives);
	add(o, "crossovers", cross);
	return o;
}

/* Which drive and which run (provenance.h): one object per measured drive. */
static struct json_object *provenance_obj(const struct fr_report *rep)
{
	struct json_object *o = json_object_new_object(), *a = json_object_new_array();

	for (size_t d = 0; d < rep->nprov_rows; d++) {
		const struct fr_prov_row *row = &rep->prov_rows[d];
		struct json_object *x = json_object_new_object();

		add(x, "drive", jstr(row->d->drive->label));
		for (size_t k = 0; k < row->n; k++)
			add(x, row->f[k].name, jstr(row->f[k].value));
		add(x, "steady_state_not_reached",
		    json_object_new_boolean(row->d->steady_not_reached));
		json_object_array_add(a, x);
	}
	add(o, "drives", a);
	add(o, "steady_state_not_reached",
	    json_object_new_boolean(rep->prov && rep->prov->steady_not_reached));
	return o;
}

/* The reviews' own statements, as published, with what their points allow. */
static struct json_object *statements_arr(const struct fr_report *rep)
{
	struct json_object *a = json_object_new_array();

	for (size_t i = 0; i < rep->m->nstatements; i++) {
		const struct fr_statement *st = &rep->m->statements[i];
		struct json_object *o;
		char s[640];

		fr_statement_text(rep->r, st, s, sizeof(s));
		if (!*s)
			continue;
		o = json_object_new_object();
		add(o, "review", jstr(st->review));
		add(o, "metric", jstr(st->metric));
		add(o, "write_mbps", jnum(st->write_mbps));
		add(o, "value_us", jnum(st->value_us));
		add(o, "published", jstr(st->text));
		add(o, "text", jstr(s));
		json_object_array_add(a, o);
	}
	return a;
}

static struct json_object *nn_ns_obj(const struct fr_nn_view *v)
{
	struct json_object *o = json_object_new_object(), *rk = json_object_new_array();

	add(o, "nsid", json_object_new_int((int)v->nsid));
	for (size_t i = 0; i < v->n; i++) {
		struct json_object *e = lat_obj(&v->e[i]->lat);

		add(e, "place", v->place[i] ? json_object_new_int((int)v->place[i]) : NULL);
		if (*v->e[i]->note) /* place_note as a profile entry's */
			add(e, v->e[i]->unlike_placed ? "place_note" : "ref_note",
			    jstr(v->e[i]->note));
		add(e, "drive", jstr(v->e[i]->drive->label));
		add_origin(e, v->e[i]->step, v->e[i]->drive->reference);
		json_object_array_add(rk, e);
	}
	add(o, "ranking", rk);
	add(o, "gap", !isnan(v->gap.mean) ? lat_obj(&v->gap) : NULL);
	return o;
}

static struct json_object *xcheck_obj(const struct fr_xcheck *x)
{
	struct json_object *o = lat_obj(&x->run->lat);

	add(o, "nsid", json_object_new_int((int)x->nsid));
	add(o, "drive", jstr(x->run->drive->label));
	add(o, "place", NULL);
	add(o, "cross_check_of", jstr(x->of->label));
	add(o, "mean_ratio", jnum(x->ratio.mean));
	add(o, "p99_ratio", jnum(x->ratio.p99));
	add(o, "p99_9_ratio", jnum(x->ratio.p999));
	add(o, "p99_99_ratio", jnum(x->ratio.p9999));
	add_origin(o, x->run->step, x->run->drive->reference);
	return o;
}

/* An aggressor: its write figures and its reads on that namespace. */
static struct json_object *aggr_obj(const struct fr_nn_aggr *a, enum fr_basis basis)
{
	const struct fr_dirstat *w = &a->write->dir[FR_WRITE];
	struct json_object *o = json_object_new_object(), *wo = lat_obj(&w->lat[basis]);

	add(o, "nsid", json_object_new_int((int)a->nsid));
	add(o, "drive", jstr(a->drive->label));
	add(o, "place", NULL);
	add(wo, "iops", jnum(w->iops > 0 ? w->iops : NAN)); /* a tag share has no rate */
	add(o, "write", wo);
	add(o, "own_reads", a->own_reads ? lat_obj(a->own_reads) : NULL);
	add_origin(o, a->write, a->drive->reference);
	return o;
}

/* The victims' ranking without the io_uring_cmd cross-check runs, the
 * aggressors and the cross-checks apart (crosscheck.c). */
static void add_nn(struct json_object *root, const struct fr_report *rep)
{
	struct json_object *a = json_object_new_array(), *xc = json_object_new_array();
	struct json_object *ag = json_object_new_array();
	const struct fr_nn_split *sp = rep->nn; /* report.c */

	if (sp) {
		for (size_t n = 0; n < sp->nns; n++)
			json_object_array_add(a, nn_ns_obj(&sp->ns[n]));
		for (size_t i = 0; i < sp->naggr; i++)
			json_object_array_add(ag, aggr_obj(&sp->aggr[i], rep->r->basis));
		for (size_t i = 0; i < sp->nxc; i++)
			json_object_array_add(xc, xcheck_obj(&sp->xc[i]));
	}
	add(root, "noisy_neighbor", a);
	add(root, "noisy_neighbor_aggressors", ag);
	add(root, "cross_checks", xc);
}

static struct json_object *problems_arr(const struct fr_problem *p, size_t n)
{
	struct json_object *a = json_object_new_array();

	for (size_t i = 0; i < n; i++) {
		struct json_object *o = json_object_new_object();

		add(o, "source", jstr(p[i].source));
		add(o, "reason", jstr(p[i].reason));
		json_object_array_add(a, o);
	}
	return a;
}

static struct json_object *inputs_obj(const struct fr_model *m)
{
	struct json_object *o = json_object_new_object();

	add(o, "files_read", json_object_new_int64((int64_t)m->files_read));
	add(o, "jobs_read", json_object_new_int64((int64_t)m->jobs_read));
	add(o, "skipped", problems_arr(m->skipped, m->nskipped));
	add(o, "excluded", problems_arr(m->excluded, m->nexcluded));
	add(o, "notes", problems_arr(m->notes, m->nnotes));
	return o;
}

static struct json_object *summary_obj(const struct fr_report *rep)
{
	struct json_object *o = json_object_new_array();
	const struct fr_ranking *r = rep->r;

	for (size_t i = 0; fr_wins_shown(r) && i < r->nwins; i++) {
		struct json_object *w = json_object_new_object();

		add(w, "drive", jstr(r->wins[i].drive->label));
		add(w, "wins", json_object_new_int((int)r->wins[i].wins));
		add(w, "profiles", json_object_new_int((int)r->wins[i].profiles));
		json_object_array_add(o, w);
	}
	return o;
}

/* How the report was made: version, date, command line, inputs as given. */
static struct json_object *run_obj(const struct fr_run_info *ri)
{
	struct json_object *o, *in;

	if (!ri)
		return NULL;
	o = json_object_new_object();
	in = json_object_new_array();
	add(o, "fiorank_version", jstr(ri->version));
	add(o, "date", jstr(ri->date));
	add(o, "command", jstr(ri->cmdline));
	for (size_t i = 0; i < ri->ninputs; i++)
		json_object_array_add(in, jstr(ri->inputs[i]));
	add(o, "inputs", in);
	return o;
}

int fr_out_json(FILE *f, const struct fr_report *rep)
{
	struct json_object *root = json_object_new_object(), *drives = json_object_new_array(), *tq;
	struct json_object *wp = wp_obj(rep->r);
	int ret;

	add(root, "schema", jstr("fiorank/2"));
	add(root, "latency_basis", jstr(fr_basis_name(rep->r->basis)));
	add(root, "units", jstr("iops: operations/s; mbps: 10^6 bytes/s; *_us: microseconds"));
	add(root, "report", run_obj(rep->run));
	add(root, "reference_data", jstr(rep->ref_note));
	add(root, "inputs", inputs_obj(rep->m));
	add(root, "provenance", provenance_obj(rep));
	for (size_t i = 0; i < rep->m->ndrives; i++)
		json_object_array_add(drives, drive_obj(&rep->m->drives[i]));
	add(root, "drives", drives);
	add(root, "profiles", profiles_arr(rep));
	add(root, "write_pressure", wp);
	add(wp, "statements", statements_arr(rep));
	add_nn(root, rep);
	/* only when some run placed its writes (issue 26) */
	{
		struct json_object *fdp = fr_fdp_json(rep);

		if (fdp)
			add(root, "fdp", fdp);
	}
	/* only when some step had tag logs (issue 40) */
	{
		struct json_object *tw = fr_tailwhy_json(rep->tw);

		if (tw)
			add(root, "tail_why", tw);
	}
	/* only when a manifest ran on hosts (issue 39) */
	if (rep->fleet)
		add(root, "fleet", fr_fleet_json(rep->fleet));
	/* only when a Copy method run was read (issue 41) */
	{
		struct json_object *copy = fr_copy_json(rep->m);

		if (copy)
			add(root, "copy", copy);
	}
	add(root, "wins", summary_obj(rep));
	/* only when a step came with an engine results file (issue 25) */
	if (rep->health && rep->health->any)
		add(root, "health", fr_health_json_all(rep->health));
	if (rep->bl)
		add(root, "baseline", fr_baseline_json(rep->bl));
	/* only when a drive ran the endurance method (issue 41) */
	if (rep->ei && rep->ei->n)
		add(root, "endurance", fr_endurance_json(rep->ei));
	/* only when a drive ran the method: other reports keep their shape */
	fr_ai_json(root, rep);
	tq = fr_tq_json(rep, &ret);
	if (tq)
		add(root, "tq_sweep", tq);
	ret = ret || fputs(json_object_to_json_string_ext(
				   root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
						 JSON_C_TO_STRING_NOSLASHESCAPE),
			   f) < 0;
	fputc('\n', f);
	json_object_put(root);
	return ret || ferror(f) ? -1 : 0;
}
