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
#include "out/out_endurance.h"
#include "out/out_ai.h"
#include "out/out_tq.h"
#include "out/out_ops.h"
#include "out/out_json.h"

/* Which drive and which run (provenance.h): one object per measured drive. */
static struct json_object *provenance_obj(const struct fr_report *rep)
{
	struct json_object *o = json_object_new_object(), *a = json_object_new_array();

	for (size_t d = 0; d < rep->nprov_rows; d++) {
		const struct fr_prov_row *row = &rep->prov_rows[d];
		struct json_object *x = json_object_new_object();

		fr_jout_add(x, "drive", fr_jout_str(row->d->drive->label));
		for (size_t k = 0; k < row->n; k++)
			fr_jout_add(x, row->f[k].name, fr_jout_str(row->f[k].value));
		fr_jout_add(x, "steady_state_not_reached",
			    json_object_new_boolean(row->d->steady_not_reached));
		json_object_array_add(a, x);
	}
	fr_jout_add(o, "drives", a);
	fr_jout_add(o, "steady_state_not_reached",
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
		fr_jout_add(o, "review", fr_jout_str(st->review));
		fr_jout_add(o, "metric", fr_jout_str(st->metric));
		fr_jout_add(o, "write_mbps", fr_jout_num(st->write_mbps));
		fr_jout_add(o, "value_us", fr_jout_num(st->value_us));
		fr_jout_add(o, "published", fr_jout_str(st->text));
		fr_jout_add(o, "text", fr_jout_str(s));
		json_object_array_add(a, o);
	}
	return a;
}

static struct json_object *problems_arr(const struct fr_problem *p, size_t n)
{
	struct json_object *a = json_object_new_array();

	for (size_t i = 0; i < n; i++) {
		struct json_object *o = json_object_new_object();

		fr_jout_add(o, "source", fr_jout_str(p[i].source));
		fr_jout_add(o, "reason", fr_jout_str(p[i].reason));
		json_object_array_add(a, o);
	}
	return a;
}

static struct json_object *summary_obj(const struct fr_report *rep)
{
	struct json_object *o = json_object_new_array();
	const struct fr_ranking *r = rep->r;

	for (size_t i = 0; fr_wins_shown(r) && i < r->nwins; i++) {
		struct json_object *w = json_object_new_object();

		fr_jout_add(w, "drive", fr_jout_str(r->wins[i].drive->label));
		fr_jout_add(w, "wins", json_object_new_int((int)r->wins[i].wins));
		fr_jout_add(w, "profiles", json_object_new_int((int)r->wins[i].profiles));
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
	fr_jout_add(o, "fiorank_version", fr_jout_str(ri->version));
	fr_jout_add(o, "date", fr_jout_str(ri->date));
	fr_jout_add(o, "command", fr_jout_str(ri->cmdline));
	for (size_t i = 0; i < ri->ninputs; i++)
		json_object_array_add(in, fr_jout_str(ri->inputs[i]));
	fr_jout_add(o, "inputs", in);
	return o;
}

static struct json_object *root_of(struct fr_out *o)
{
	return ((struct fr_json_fmt *)o->fmt)->root;
}

static int json_header(struct fr_out *o)
{
	const struct fr_report *rep = o->rep;
	struct json_object *root = root_of(o);

	fr_jout_add(root, "schema", fr_jout_str("fiorank/2"));
	fr_jout_add(root, "latency_basis", fr_jout_str(fr_basis_name(rep->r->basis)));
	fr_jout_add(root, "units",
		    fr_jout_str("iops: operations/s; mbps: 10^6 bytes/s; *_us: microseconds"));
	fr_jout_add(root, "report", run_obj(rep->run));
	fr_jout_add(root, "reference_data", fr_jout_str(rep->ref_note));
	return 0;
}

/* "inputs": what was read, then the lists of what was not. */
static int json_unused(struct fr_out *o)
{
	struct fr_json_fmt *j = o->fmt;
	const struct fr_model *m = o->rep->m;
	const struct fr_unused *u = o->rep->unused;

	j->inputs = json_object_new_object();
	fr_jout_add(j->inputs, "files_read", json_object_new_int64((int64_t)m->files_read));
	fr_jout_add(j->inputs, "jobs_read", json_object_new_int64((int64_t)m->jobs_read));
	for (size_t k = 0; u && k < FR_UNUSED_NLISTS; k++)
		fr_jout_add(j->inputs, u->l[k].key, problems_arr(u->l[k].p, u->l[k].n));
	fr_jout_add(j->root, "inputs", j->inputs);
	return 0;
}

static int json_notes(struct fr_out *o)
{
	struct fr_json_fmt *j = o->fmt;

	fr_jout_add(j->inputs, "notes", problems_arr(o->rep->m->notes, o->rep->m->nnotes));
	return 0;
}

static int json_provenance(struct fr_out *o)
{
	fr_jout_add(root_of(o), "provenance", provenance_obj(o->rep));
	return 0;
}

static int json_statements(struct fr_out *o)
{
	fr_jout_add(((struct fr_json_fmt *)o->fmt)->wp, "statements", statements_arr(o->rep));
	return 0;
}

/* A member a section file built, or NULL when the report has none (then
 * the document keeps its shape without it). */
static void add_some(struct fr_out *o, const char *key, struct json_object *v)
{
	if (v)
		fr_jout_add(root_of(o), key, v);
}

static int json_fdp(struct fr_out *o) /* only when some run placed its writes (issue 26) */
{
	add_some(o, "fdp", fr_fdp_json(o->rep));
	return 0;
}

static int json_fleet(struct fr_out *o) /* only when a manifest ran on hosts (issue 39) */
{
	add_some(o, "fleet", o->rep->fleet ? fr_fleet_json(o->rep->fleet) : NULL);
	return 0;
}

static int json_wins(struct fr_out *o)
{
	fr_jout_add(root_of(o), "wins", summary_obj(o->rep));
	return 0;
}

static int json_baseline(struct fr_out *o)
{
	if (o->rep->bl)
		fr_jout_add(root_of(o), "baseline", fr_baseline_json(o->rep->bl));
	return 0;
}

static int json_ai(struct fr_out *o)
{
	/* only when a drive ran the method: other reports keep their shape */
	fr_ai_json(root_of(o), o->rep);
	return 0;
}

static int json_tq(struct fr_out *o)
{
	int err;

	add_some(o, "tq_sweep", fr_tq_json(o->rep, &err));
	return err;
}

static int json_begin(struct fr_out *o)
{
	((struct fr_json_fmt *)o->fmt)->root = json_object_new_object();
	return 0;
}

/* The document printed once whole; not when a section failed. */
static int json_end(struct fr_out *o, int rc)
{
	struct json_object *root = root_of(o);

	rc = rc || fputs(json_object_to_json_string_ext(
				 root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
					       JSON_C_TO_STRING_NOSLASHESCAPE),
			 o->f) < 0;
	fputc('\n', o->f);
	json_object_put(root);
	return rc || ferror(o->f) ? -1 : 0;
}

/* The members in the order schema "fiorank/2" has always had them. */
static const enum fr_out_sect json_order[] = {
	FR_SECT_HEADER,
	FR_SECT_UNUSED,
	FR_SECT_NOTES,
	FR_SECT_PROVENANCE,
	FR_SECT_DRIVES,
	FR_SECT_PROFILES,
	FR_SECT_WRITE_PRESSURE,
	FR_SECT_STATEMENTS,
	FR_SECT_NN,
	FR_SECT_FDP,
	FR_SECT_TAILWHY,
	FR_SECT_FLEET,
	FR_SECT_COPY,
	FR_SECT_WINS,
	FR_SECT_HEALTH,
	FR_SECT_BASELINE,
	FR_SECT_ENDURANCE,
	FR_SECT_AI,
	FR_SECT_TQ,
};

const struct fr_out_ops fr_json_ops = {
	.begin = json_begin,
	.end = json_end,
	.sect =
		{
			[FR_SECT_HEADER] = json_header,
			[FR_SECT_UNUSED] = json_unused,
			[FR_SECT_NOTES] = json_notes,
			[FR_SECT_PROVENANCE] = json_provenance,
			[FR_SECT_DRIVES] = fr_json_drives,
			[FR_SECT_PROFILES] = fr_json_profiles,
			[FR_SECT_WRITE_PRESSURE] = fr_json_write_pressure,
			[FR_SECT_STATEMENTS] = json_statements,
			[FR_SECT_NN] = fr_json_nn,
			[FR_SECT_FDP] = json_fdp,
			[FR_SECT_TAILWHY] = fr_json_tailwhy,
			[FR_SECT_FLEET] = json_fleet,
			[FR_SECT_COPY] = fr_json_copy,
			[FR_SECT_WINS] = json_wins,
			[FR_SECT_HEALTH] = fr_json_health,
			[FR_SECT_BASELINE] = json_baseline,
			[FR_SECT_ENDURANCE] = fr_json_endurance,
			[FR_SECT_AI] = json_ai,
			[FR_SECT_TQ] = json_tq,
		},
	.order = json_order,
	.norder = sizeof(json_order) / sizeof(json_order[0]),
};

int fr_out_json(FILE *f, const struct fr_report *rep)
{
	struct fr_json_fmt j = {0};

	return fr_out_walk(f, rep, &fr_json_ops, &j);
}
