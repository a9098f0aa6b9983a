// SPDX-License-Identifier: GPL-2.0-only
/*
 * Building the figures object of a PTS test (pts_build.h): tables, rows,
 * chart series and figures, shared by the tests' figure functions.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "util/json_get.h"
#include "report/pts_build.h"

/* A number, or JSON null for what was not measured. */
struct json_object *pts_num(double v)
{
	return isnan(v) || isinf(v) ? NULL : json_object_new_double(v);
}

void pts_put(struct json_object *o, const char *k, struct json_object *v)
{
	json_object_object_add(o, k, v);
}

void pts_put_str(struct json_object *o, const char *k, const char *v)
{
	pts_put(o, k, v ? json_object_new_string(v) : NULL);
}

/* A table: {name, columns[], rows[]}; rows are added with pts_row(). */
struct json_object *pts_table(struct json_object *fig, const char *name, const char *cols)
{
	struct json_object *t = json_object_new_object(), *c = json_object_new_array();
	char *dup = strdup(cols), *save = NULL, *w;

	for (w = strtok_r(dup, ",", &save); w; w = strtok_r(NULL, ",", &save))
		json_object_array_add(c, json_object_new_string(w));
	free(dup);
	pts_put_str(t, "name", name);
	pts_put(t, "columns", c);
	pts_put(t, "rows", json_object_new_array());
	json_object_array_add(fr_json_get(fig, "tables"), t);
	return fr_json_get(t, "rows");
}

struct json_object *pts_row(struct json_object *rows, const char *first)
{
	struct json_object *r = json_object_new_array();

	json_object_array_add(r, json_object_new_string(first));
	json_object_array_add(rows, r);
	return r;
}

void pts_cell(struct json_object *r, double v)
{
	json_object_array_add(r, pts_num(v));
}

/* A chart: {name, x, y, series: [{name, x[], y[]}]}; returns its series. */
struct json_object *pts_chart(struct json_object *fig, const char *name, const char *x,
			      const char *y)
{
	struct json_object *c = json_object_new_object();

	pts_put_str(c, "name", name);
	pts_put_str(c, "x", x);
	pts_put_str(c, "y", y);
	pts_put(c, "series", json_object_new_array());
	json_object_array_add(fr_json_get(fig, "charts"), c);
	return fr_json_get(c, "series");
}

struct json_object *pts_series(struct json_object *list, const char *name)
{
	struct json_object *s = json_object_new_object();

	pts_put_str(s, "name", name);
	pts_put(s, "x", json_object_new_array());
	pts_put(s, "y", json_object_new_array());
	json_object_array_add(list, s);
	return s;
}

void pts_point(struct json_object *s, double x, double y)
{
	json_object_array_add(fr_json_get(s, "x"), json_object_new_double(x));
	json_object_array_add(fr_json_get(s, "y"), pts_num(y));
}

void pts_figure(struct json_object *fig, const char *k, double v)
{
	pts_put(fr_json_get(fig, "figures"), k, pts_num(v));
}

void pts_merit(struct json_object *fig, const char *k, double v, bool higher)
{
	struct json_object *m = json_object_new_object();

	pts_put_str(m, "name", k);
	pts_put(m, "value", pts_num(v));
	pts_put(m, "higher_is_better", json_object_new_boolean(higher));
	pts_put(fig, "merit", m);
	pts_figure(fig, k, v);
}

void pts_chart_set(struct json_object *fig, const char *key, const char *value)
{
	struct json_object *cs = fr_json_get(fig, "charts");
	size_t n = json_object_array_length(cs);

	if (n)
		pts_put_str(json_object_array_get_idx(cs, n - 1), key, value);
}

void pts_chart_label(struct json_object *fig, const char *label)
{
	struct json_object *cs = fr_json_get(fig, "charts"), *c, *l;
	size_t n = json_object_array_length(cs);

	if (!n)
		return;
	c = json_object_array_get_idx(cs, n - 1);
	l = fr_json_get(c, "x_labels");
	if (!l) {
		l = json_object_new_array();
		pts_put(c, "x_labels", l);
	}
	json_object_array_add(l, json_object_new_string(label));
}
