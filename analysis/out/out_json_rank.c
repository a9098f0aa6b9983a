// SPDX-License-Identifier: GPL-2.0-only
/*
 * The JSON report's ranking (out_json.h): drives, profiles with their
 * entries and curves, write pressure, the noisy neighbor's victims,
 * aggressors and cross-checks.
 */
#include <math.h>
#include <stdio.h>

#include <json-c/json.h>

#include "report/report.h"
#include "out/out.h"
#include "out/out_json.h"

static struct json_object *lat_obj(const struct fr_lat *l)
{
	struct json_object *o = json_object_new_object();

	fr_jout_add(o, "mean_us", fr_jout_num(fr_us(l->mean)));
	fr_jout_add(o, "p99_us", fr_jout_num(fr_us(l->p99)));
	fr_jout_add(o, "p99_9_us", fr_jout_num(fr_us(l->p999)));
	fr_jout_add(o, "p99_99_us", fr_jout_num(fr_us(l->p9999)));
	return o;
}

static struct json_object *drive_obj(const struct fr_drive *d)
{
	struct json_object *o = json_object_new_object();

	fr_jout_add(o, "label", fr_jout_str(d->label));
	fr_jout_add(o, "reference", json_object_new_boolean(d->reference));
	fr_jout_add(o, "review", fr_jout_str(d->review));
	fr_jout_add(o, "model", fr_jout_str(d->ident.model));
	fr_jout_add(o, "serial", fr_jout_str(d->ident.serial));
	fr_jout_add(o, "firmware", fr_jout_str(d->ident.firmware));
	fr_jout_add(o, "config", *d->config ? fr_jout_str(d->config) : NULL);
	fr_jout_add(o, "group", d->group > 1 ? json_object_new_int((int)d->group) : NULL);
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
			json_object_array_add(names, fr_jout_str(s->jobnames[i]));
	}
	fr_jout_add(o, "job_names", names);
	fr_jout_add(o, "groupid",
		    s && !reference && s->groupid >= 0 ? json_object_new_int64(s->groupid) : NULL);
	fr_jout_add(o, "file", s && !reference ? fr_jout_str(s->source) : NULL);
}

/* p99_us, p99_9_us, p99_99_us of a one-direction step (null for a mix),
 * and "dirs": each direction's own figures (a mix's are never added up). */
static void add_percentiles(struct json_object *o, const struct fr_step *s, enum fr_basis basis)
{
	enum fr_dir only = fr_step_only_dir(s);
	const struct fr_lat *l = only != FR_NDIRS ? &s->dir[only].lat[basis] : NULL;
	struct json_object *dirs = json_object_new_object();

	fr_jout_add(o, "p99_us", l ? fr_jout_num(fr_us(l->p99)) : NULL);
	fr_jout_add(o, "p99_9_us", l ? fr_jout_num(fr_us(l->p999)) : NULL);
	fr_jout_add(o, "p99_99_us", l ? fr_jout_num(fr_us(l->p9999)) : NULL);
	for (int d = 0; d < FR_NDIRS; d++) {
		struct json_object *x;

		if (!s->dir[d].ios)
			continue;
		l = &s->dir[d].lat[basis];
		x = json_object_new_object();
		fr_jout_add(x, "iops", fr_jout_num(s->dir[d].iops));
		fr_jout_add(x, "lat_us", fr_jout_num(fr_us(l->mean)));
		fr_jout_add(x, "p99_us", fr_jout_num(fr_us(l->p99)));
		fr_jout_add(x, "p99_9_us", fr_jout_num(fr_us(l->p999)));
		fr_jout_add(x, "p99_99_us", fr_jout_num(fr_us(l->p9999)));
		fr_jout_add(dirs, fr_dir_name((enum fr_dir)d), x);
	}
	fr_jout_add(o, "dirs", dirs);
}

/* health: every step's health rows (the report's) */
static struct json_object *step_obj(const struct fr_step *s, enum fr_basis basis, bool reference,
				    const struct fr_report_health *health)
{
	struct json_object *o = json_object_new_object();

	fr_jout_add(o, "step", fr_jout_str(s->name));
	fr_jout_add(o, "iops", fr_jout_num(fr_step_iops(s)));
	fr_jout_add(o, "mbps", fr_jout_num(fr_step_mbps(s)));
	fr_jout_add(o, "lat_us", fr_jout_num(fr_us(fr_step_mean_lat(s, basis))));
	fr_jout_add(o, "read_iops", fr_jout_num(s->dir[FR_READ].iops));
	fr_jout_add(o, "write_iops", fr_jout_num(s->dir[FR_WRITE].iops));
	add_percentiles(o, s, basis);
	fr_jout_add(o, "target_iops", s->target_iops > 0 ? fr_jout_num(s->target_iops) : NULL);
	fr_jout_add(o, "target_missed",
		    s->target_iops > 0 ? json_object_new_boolean(!isnan(fr_step_target_missed(s)))
				       : NULL);
	fr_jout_add(o, "jobs", json_object_new_int((int)s->njobs));
	add_origin(o, s, reference);
	if (s->health)
		fr_jout_add(o, "health", fr_health_json(fr_health_row_of(health, s)));
	return o;
}

static struct json_object *entry_obj(const struct fr_entry *e, enum fr_basis basis,
				     const struct fr_report_health *health)
{
	struct json_object *o = json_object_new_object(), *curve = json_object_new_array();

	fr_jout_add(o, "place", e->place ? json_object_new_int((int)e->place) : NULL);
	fr_jout_add(o, "drive", fr_jout_str(e->drive->label));
	fr_jout_add(o, "reference", json_object_new_boolean(e->drive->reference));
	fr_jout_add(o, "peak_step", fr_jout_str(e->peak->name));
	fr_jout_add(o, "iops", fr_jout_num(e->iops));
	fr_jout_add(o, "mbps", fr_jout_num(e->mbps));
	fr_jout_add(o, "lat_us", fr_jout_num(fr_us(e->lat_ns)));
	fr_jout_add(o, "margin_pct", fr_jout_num(e->margin_pct));
	fr_jout_add(o, "margin_abs", fr_jout_num(e->margin_abs));
	fr_jout_add(o, "ref_place", e->ref_total ? json_object_new_int((int)e->ref_place) : NULL);
	fr_jout_add(o, "ref_total", e->ref_total ? json_object_new_int((int)e->ref_total) : NULL);
	fr_jout_add(o, "ref_note", *e->ref_note ? fr_jout_str(e->ref_note) : NULL);
	fr_jout_add(o, "place_note", *e->place_note ? fr_jout_str(e->place_note) : NULL);
	fr_jout_add(o, "per_drive_of",
		    e->drive->reference && e->drive->group > 1
			    ? json_object_new_int((int)e->drive->group)
			    : NULL);
	for (size_t i = 0; i < e->ncurve; i++)
		json_object_array_add(curve,
				      step_obj(e->curve[i], basis, e->drive->reference, health));
	fr_jout_add(o, "curve", curve);
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
		fr_jout_add(o, "profile", fr_jout_str(pr->name));
		fr_jout_add(o, "ranked_by", fr_jout_str(pr->by_mbps ? "mbps" : "iops"));
		for (size_t i = 0; i < pr->n; i++)
			json_object_array_add(rk, entry_obj(&pr->e[i], r->basis, rep->health));
		fr_jout_add(o, "ranking", rk);
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

		fr_jout_add(w, "drive", fr_jout_str(r->wp[d].drive->label));
		for (size_t i = 0; i < r->wp[d].n; i++) {
			struct json_object *p = json_object_new_object();

			fr_jout_add(p, "write_mbps", fr_jout_num(r->wp[d].pts[i].write_mbps));
			fr_jout_add(p, "read_mean_us", fr_jout_num(fr_us(r->wp[d].pts[i].mean_ns)));
			fr_jout_add(p, "read_p99_us", fr_jout_num(fr_us(r->wp[d].pts[i].p99_ns)));
			add_origin(p, r->wp[d].pts[i].step, r->wp[d].drive->reference);
			json_object_array_add(pts, p);
		}
		fr_jout_add(w, "points", pts);
		if (*r->wp[d].note) /* only on a run unlike the like runs */
			fr_jout_add(w, "crossover_note", fr_jout_str(r->wp[d].note));
		json_object_array_add(drives, w);
	}
	for (size_t i = 0; i < r->ncross; i++) {
		struct json_object *c = json_object_new_object();
		char s[512];

		fr_cross_sentence(s, sizeof(s), &r->cross[i]);
		fr_jout_add(c, "metric", fr_jout_str(fr_wp_metric_name(r->cross[i].metric)));
		fr_jout_add(c, "from_write_mbps", fr_jout_num(r->cross[i].from_mbps));
		fr_jout_add(c, "lower", fr_jout_str(r->cross[i].lower->label));
		fr_jout_add(c, "higher", fr_jout_str(r->cross[i].higher->label));
		fr_jout_add(c, "holds", json_object_new_boolean(r->cross[i].holds));
		fr_jout_add(c, "after_write_mbps", fr_jout_num(r->cross[i].after_mbps));
		fr_jout_add(c, "published", json_object_new_boolean(r->cross[i].published));
		fr_jout_add(c, "text", fr_jout_str(s));
		json_object_array_add(cross, c);
	}
	fr_jout_add(o, "drives", drives);
	fr_jout_add(o, "crossovers", cross);
	return o;
}

static struct json_object *nn_ns_obj(const struct fr_nn_view *v)
{
	struct json_object *o = json_object_new_object(), *rk = json_object_new_array();

	fr_jout_add(o, "nsid", json_object_new_int((int)v->nsid));
	for (size_t i = 0; i < v->n; i++) {
		struct json_object *e = lat_obj(&v->e[i]->lat);

		fr_jout_add(e, "place", v->place[i] ? json_object_new_int((int)v->place[i]) : NULL);
		if (*v->e[i]->note) /* place_note as a profile entry's */
			fr_jout_add(e, v->e[i]->unlike_placed ? "place_note" : "ref_note",
				    fr_jout_str(v->e[i]->note));
		fr_jout_add(e, "drive", fr_jout_str(v->e[i]->drive->label));
		add_origin(e, v->e[i]->step, v->e[i]->drive->reference);
		json_object_array_add(rk, e);
	}
	fr_jout_add(o, "ranking", rk);
	fr_jout_add(o, "gap", !isnan(v->gap.mean) ? lat_obj(&v->gap) : NULL);
	return o;
}

static struct json_object *xcheck_obj(const struct fr_xcheck *x)
{
	struct json_object *o = lat_obj(&x->run->lat);

	fr_jout_add(o, "nsid", json_object_new_int((int)x->nsid));
	fr_jout_add(o, "drive", fr_jout_str(x->run->drive->label));
	fr_jout_add(o, "place", NULL);
	fr_jout_add(o, "cross_check_of", fr_jout_str(x->of->label));
	fr_jout_add(o, "mean_ratio", fr_jout_num(x->ratio.mean));
	fr_jout_add(o, "p99_ratio", fr_jout_num(x->ratio.p99));
	fr_jout_add(o, "p99_9_ratio", fr_jout_num(x->ratio.p999));
	fr_jout_add(o, "p99_99_ratio", fr_jout_num(x->ratio.p9999));
	add_origin(o, x->run->step, x->run->drive->reference);
	return o;
}

/* An aggressor: its write figures and its reads on that namespace. */
static struct json_object *aggr_obj(const struct fr_nn_aggr *a, enum fr_basis basis)
{
	const struct fr_dirstat *w = &a->write->dir[FR_WRITE];
	struct json_object *o = json_object_new_object(), *wo = lat_obj(&w->lat[basis]);

	fr_jout_add(o, "nsid", json_object_new_int((int)a->nsid));
	fr_jout_add(o, "drive", fr_jout_str(a->drive->label));
	fr_jout_add(o, "place", NULL);
	fr_jout_add(wo, "iops",
		    fr_jout_num(w->iops > 0 ? w->iops : NAN)); /* a tag share has no rate */
	fr_jout_add(o, "write", wo);
	fr_jout_add(o, "own_reads", a->own_reads ? lat_obj(a->own_reads) : NULL);
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
	fr_jout_add(root, "noisy_neighbor", a);
	fr_jout_add(root, "noisy_neighbor_aggressors", ag);
	fr_jout_add(root, "cross_checks", xc);
}

int fr_json_drives(struct fr_out *o)
{
	struct json_object *drives = json_object_new_array();

	for (size_t i = 0; i < o->rep->m->ndrives; i++)
		json_object_array_add(drives, drive_obj(&o->rep->m->drives[i]));
	fr_jout_add(((struct fr_json_fmt *)o->fmt)->root, "drives", drives);
	return 0;
}

int fr_json_profiles(struct fr_out *o)
{
	fr_jout_add(((struct fr_json_fmt *)o->fmt)->root, "profiles", profiles_arr(o->rep));
	return 0;
}

int fr_json_write_pressure(struct fr_out *o)
{
	struct fr_json_fmt *j = o->fmt;

	j->wp = wp_obj(o->rep->r);
	fr_jout_add(j->root, "write_pressure", j->wp);
	return 0;
}

int fr_json_nn(struct fr_out *o)
{
	add_nn(((struct fr_json_fmt *)o->fmt)->root, o->rep);
	return 0;
}
