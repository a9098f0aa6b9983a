// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fleet view in the JSON report (out_fleet.h): report/fleet.h's structs
 * written with json-c's writers, a figure that is not a number as null.
 */
#include <math.h>
#include <stdint.h>

#include <json-c/json.h>

#include "out/out_fleet.h"
#include "report/fleet_view.h"

static const char *const pct_keys[FR_FLEET_NPCT] = {"p99_us", "p99_9_us", "p99_99_us"};
static const char *const fig_keys[FR_FLEET_NFIGS] = {"iops", "p99_us", "p99_99_us"};

static struct json_object *jnum(double v)
{
	return isfinite(v) ? json_object_new_double(v) : NULL;
}

static void add(struct json_object *o, const char *k, struct json_object *v)
{
	json_object_object_add(o, k, v);
}

static void add_str(struct json_object *o, const char *k, const char *s)
{
	add(o, k, s ? json_object_new_string(s) : NULL);
}

/* {ios, iops, mean_us, p99_us, p99_9_us, p99_99_us} into o. */
static void figs(struct json_object *o, const struct fr_fleet_figs *f)
{
	add(o, "ios", json_object_new_double(f->ios));
	add(o, "iops", jnum(f->iops));
	add(o, "mean_us", jnum(f->mean_us));
	for (int k = 0; k < FR_FLEET_NPCT; k++)
		add(o, pct_keys[k], jnum(f->pct_us[k]));
}

static struct json_object *row(const struct fr_fleet_row *r)
{
	struct json_object *o = json_object_new_object();

	if (!o)
		return NULL;
	if (r->measured)
		figs(o, &r->figs);
	add_str(o, "host", r->host);
	add_str(o, "drive", r->drive);
	add_str(o, "serial", r->serial);
	add_str(o, "hostname", r->hostname);
	add_str(o, "kernel", r->kernel);
	add_str(o, "cpu", r->cpu);
	add_str(o, "fio", r->fio);
	if (r->missing)
		add_str(o, "missing", r->missing);
	return o;
}

static struct json_object *spread(const struct fr_fleet_dir *d, const struct fr_fleet_spread *sp)
{
	struct json_object *o = json_object_new_object();

	if (!o)
		return NULL;
	add(o, "n", json_object_new_int64((int64_t)sp->s.n));
	add(o, "min", jnum(sp->s.min));
	add(o, "median", jnum(sp->s.median));
	add(o, "max", jnum(sp->s.max));
	add(o, "cv", jnum(sp->s.cv));
	add(o, "mad_scaled", jnum(sp->s.mad));
	add_str(o, "rule", sp->rule);
	if (sp->outliers) {
		struct json_object *list = json_object_new_array();

		for (size_t i = 0; list && i < sp->noutliers; i++)
			json_object_array_add(
				list, json_object_new_string(d->rows[sp->outliers[i]].drive));
		add(o, "outliers", list);
	}
	return o;
}

static struct json_object *dir(const struct fr_fleet_dir *d)
{
	struct json_object *o = json_object_new_object(), *rows = json_object_new_array();
	struct json_object *sp = json_object_new_object();

	if (!o || !rows || !sp) {
		json_object_put(o);
		json_object_put(rows);
		json_object_put(sp);
		return NULL;
	}
	add_str(o, "dir", fr_dir_name(d->dir));
	add(o, "hosts", rows);
	for (size_t i = 0; i < d->nrows; i++)
		json_object_array_add(rows, row(&d->rows[i]));
	if (d->withheld) {
		add_str(o, "withheld", d->withheld);
	} else {
		struct json_object *fleet = json_object_new_object();

		if (fleet) {
			figs(fleet, &d->fleet);
			add(fleet, "hosts", json_object_new_int64((int64_t)d->fleet_hosts));
		}
		add(o, "fleet", fleet);
		add_str(o, "all_clients", d->all_clients);
	}
	add(o, "spread", sp);
	for (int k = 0; k < FR_FLEET_NFIGS; k++)
		add(sp, fig_keys[k], spread(d, &d->spread[k]));
	return o;
}

static struct json_object *step(const struct fr_fleet_step *st)
{
	struct json_object *o = json_object_new_object(), *dirs;

	if (!o)
		return NULL;
	add_str(o, "run", st->run);
	add_str(o, "profile", st->profile);
	add_str(o, "step", st->step);
	add_str(o, "status", st->status);
	if (!st->has_dirs) {
		add_str(o, "problem", st->problem);
		return o;
	}
	add(o, "dirs", dirs = json_object_new_array());
	for (size_t k = 0; dirs && k < st->ndirs; k++)
		json_object_array_add(dirs, dir(&st->dirs[k]));
	if (st->note)
		add_str(o, "note", st->note);
	if (st->problem)
		add_str(o, "problem", st->problem);
	return o;
}

static struct json_object *one(const struct fr_fleet_one *fo)
{
	struct json_object *o = json_object_new_object(), *hosts, *steps;

	if (!o)
		return NULL;
	add_str(o, "manifest", fo->manifest);
	add(o, "hosts", hosts = json_object_new_array());
	for (size_t i = 0; hosts && i < fo->nhosts; i++)
		json_object_array_add(hosts, json_object_new_string(fo->hosts[i]));
	add(o, "steps", steps = json_object_new_array());
	for (size_t i = 0; steps && i < fo->nsteps; i++)
		json_object_array_add(steps, step(&fo->steps[i]));
	return o;
}

struct json_object *fr_fleet_json(const struct fr_fleet *fleet)
{
	struct json_object *root, *list;

	if (!fleet || !(root = json_object_new_object()))
		return NULL;
	add(root, "fleets", list = json_object_new_array());
	for (size_t i = 0; list && i < fleet->n; i++)
		json_object_array_add(list, one(&fleet->fleets[i]));
	return root;
}
