// SPDX-License-Identifier: GPL-2.0-only
/*
 * `fiorank pts -f json`: the report model (report/pts_report.h) as the
 * fiorank-pts/1 document, made with json-c's writers: {schema, report,
 * tests: [{drive, test, part, header, figures, tables: [{name, columns[],
 * rows[]}], charts: [{name, x, y, series: [{name, x[], y[]}], hints},
 * steady_state, note, merit}]}.  A figure that was not measured is null.
 */
#include <math.h>
#include <stdlib.h>

#include <json-c/json.h>

#include "out/pts_out.h"
#include "report/pts_ss.h"
#include "report/runinfo.h"

/* A figure, or JSON null (NULL) for what was not measured. */
static struct json_object *num(double v)
{
	return isnan(v) || isinf(v) ? NULL : json_object_new_double(v);
}

static struct json_object *str(const char *s)
{
	return s ? json_object_new_string(s) : NULL;
}

static void put(struct json_object *o, const char *k, struct json_object *v)
{
	json_object_object_add(o, k, v);
}

static struct json_object *nums(const double *v, size_t n)
{
	struct json_object *a = json_object_new_array();

	for (size_t i = 0; i < n; i++)
		json_object_array_add(a, num(v[i]));
	return a;
}

/* A header field as the manifest typed it: a number or a nested value
 * from its JSON text, so that it is printed as the manifest has it. */
static struct json_object *field(const struct fr_pts_field *h)
{
	switch (h->type) {
	case FR_PTS_STR:
		return str(h->s);
	case FR_PTS_BOOL:
		return json_object_new_boolean(h->b);
	case FR_PTS_INT:
	case FR_PTS_DBL:
	case FR_PTS_JSON:
		return h->s ? json_tokener_parse(h->s) : NULL;
	case FR_PTS_NULL:
		break;
	}
	return NULL;
}

static struct json_object *table(const struct fr_pts_table *t)
{
	struct json_object *o = json_object_new_object(), *cols = json_object_new_array(),
			   *rows = json_object_new_array();

	for (size_t i = 0; i < t->ncols; i++)
		json_object_array_add(cols, str(t->cols[i]));
	for (size_t i = 0; i < t->nrows; i++) {
		struct json_object *r = json_object_new_array();

		for (size_t k = 0; k < t->rows[i]->n; k++) {
			const struct fr_pts_cell *c = &t->rows[i]->cells[k];

			json_object_array_add(r, c->s ? str(c->s) : num(c->v));
		}
		json_object_array_add(rows, r);
	}
	put(o, "name", str(t->name));
	put(o, "columns", cols);
	put(o, "rows", rows);
	return o;
}

static struct json_object *chart(const struct fr_pts_chart *c)
{
	struct json_object *o = json_object_new_object(), *list = json_object_new_array();

	for (size_t i = 0; i < c->nlines; i++) {
		const struct fr_pts_line *l = c->lines[i];
		struct json_object *s = json_object_new_object(), *x = json_object_new_array();

		for (size_t k = 0; k < l->n; k++)
			json_object_array_add(x, json_object_new_double(l->x[k]));
		put(s, "name", str(l->name));
		put(s, "x", x);
		put(s, "y", nums(l->y, l->n));
		json_object_array_add(list, s);
	}
	put(o, "name", str(c->name));
	put(o, "x", str(c->x));
	put(o, "y", str(c->y));
	put(o, "series", list);
	if (c->x_scale)
		put(o, "x_scale", str(c->x_scale));
	if (c->y_scale)
		put(o, "y_scale", str(c->y_scale));
	if (c->kind)
		put(o, "kind", str(c->kind));
	if (c->nlabels) {
		struct json_object *l = json_object_new_array();

		for (size_t i = 0; i < c->nlabels; i++)
			json_object_array_add(l, str(c->x_labels[i]));
		put(o, "x_labels", l);
	}
	return o;
}

/* One measure's verdict; IOPS's (the first) repeats the page's own
 * figures, leaving out those not measured. */
static struct json_object *measure(const struct fr_pts_verdict *m, bool iops)
{
	struct json_object *o = json_object_new_object();

	put(o, "measure", str(m->measure));
	put(o, "unit", str(m->unit));
	if (!iops)
		put(o, "rounds", json_object_new_int((int)m->rounds));
	put(o, "round_values", nums(m->round_values, m->rounds));
	if (iops)
		put(o, "rounds", json_object_new_int((int)m->rounds));
	put(o, "window", json_object_new_int(m->window));
	if (m->has_window) {
		pts_verdict_put(o, m, iops);
	} else {
		put(o, "steady", json_object_new_boolean(m->steady));
		put(o, "reason", str(m->reason));
	}
	put(o, "chosen", json_object_new_boolean(m->chosen));
	return o;
}

static struct json_object *steady_state(const struct fr_pts_ss *ss)
{
	struct json_object *o = json_object_new_object();

	put(o, "verdict_file", str(ss->verdict_file));
	put(o, "rounds_from", str(ss->rounds_from));
	put(o, "rounds", json_object_new_int((int)ss->iops.rounds));
	put(o, "round_iops", nums(ss->iops.round_values, ss->iops.rounds));
	put(o, "window", json_object_new_int(ss->iops.window));
	if (ss->iops.has_window) {
		pts_verdict_put(o, &ss->iops, false);
	} else {
		put(o, "steady", json_object_new_boolean(ss->iops.steady));
		put(o, "reason", str(ss->iops.reason));
	}
	if (ss->refused && !ss->refused_late)
		put(o, "refused", str(ss->refused));
	if (ss->nmeasures) {
		struct json_object *a = json_object_new_array();

		for (size_t i = 0; i < ss->nmeasures; i++)
			json_object_array_add(a, measure(&ss->measures[i], i == 0));
		put(o, "measures", a);
		put(o, "steady_measures", str(ss->steady_measures));
	}
	if (ss->has_chosen)
		put(o, "chosen_steady", json_object_new_boolean(ss->chosen_steady));
	if (ss->refused && ss->refused_late)
		put(o, "refused", str(ss->refused));
	return o;
}

static struct json_object *merit(const struct fr_pts_merit *m)
{
	struct json_object *o = json_object_new_object();

	put(o, "name", str(m->name));
	put(o, "value", num(m->value));
	put(o, "higher_is_better", json_object_new_boolean(m->higher));
	if (m->steady_measures)
		put(o, "steady_measures", str(m->steady_measures));
	if (m->no_place)
		put(o, "no_place", str(m->no_place));
	else if (m->place)
		put(o, "place", json_object_new_int(m->place));
	return o;
}

static struct json_object *page(const struct fr_pts_fig *fig)
{
	struct json_object *o = json_object_new_object(), *h = json_object_new_object(),
			   *figs = json_object_new_object(), *ts = json_object_new_array(),
			   *cs = json_object_new_array();

	for (size_t i = 0; i < fig->nheader; i++)
		put(h, fig->header[i].key, field(&fig->header[i]));
	for (size_t i = 0; i < fig->nfigures; i++)
		put(figs, fig->figures[i].name, num(fig->figures[i].v));
	for (size_t i = 0; i < fig->ntables; i++)
		json_object_array_add(ts, table(fig->tables[i]));
	for (size_t i = 0; i < fig->ncharts; i++)
		json_object_array_add(cs, chart(fig->charts[i]));
	put(o, "drive", str(fig->drive));
	put(o, "test", str(fig->test));
	put(o, "part", str(fig->part));
	put(o, "header", h);
	put(o, "figures", figs);
	put(o, "tables", ts);
	put(o, "charts", cs);
	if (fig->ss)
		put(o, "steady_state", steady_state(fig->ss));
	if (fig->note)
		put(o, "note", str(fig->note));
	if (fig->merit)
		put(o, "merit", merit(fig->merit));
	return o;
}

/* How the report was made, as the ranking report says it, and the
 * specification. */
static struct json_object *made(const struct fr_pts_report *r)
{
	struct json_object *o = json_object_new_object();

	put(o, "fiorank", str(r->ri->version));
	put(o, "date", str(r->ri->date));
	put(o, "command", str(r->ri->cmdline));
	put(o, "specification", str(r->spec));
	return o;
}

int fr_pts_json(FILE *f, const struct fr_pts_report *r)
{
	struct json_object *root = json_object_new_object(), *tests = json_object_new_array();

	for (size_t i = 0; i < r->n; i++)
		json_object_array_add(tests, page(r->figs[i]));
	put(root, "schema", str("fiorank-pts/1"));
	if (r->ri)
		put(root, "report", made(r));
	put(root, "tests", tests);
	fprintf(f, "%s\n",
		json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY |
							     JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(root);
	return ferror(f) ? -1 : 0;
}
