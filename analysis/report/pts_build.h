/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The pieces of a PTS test's figures object (pts_build.c), which every
 * output format renders: {drive, test, header, steady_state, figures,
 * merit, tables: [{name, columns[], rows[]}], charts: [{name, x, y,
 * series: [{name, x[], y[]}]}]}.  A value that was not measured is null.
 */
#ifndef FIORANK_PTS_BUILD_H
#define FIORANK_PTS_BUILD_H

#include <stdbool.h>

struct json_object;

struct json_object *pts_num(double v);
void pts_put(struct json_object *o, const char *k, struct json_object *v);
void pts_put_str(struct json_object *o, const char *k, const char *v);
/* A table with comma-separated column names; returns its rows. */
struct json_object *pts_table(struct json_object *fig, const char *name, const char *cols);
/* A row whose first cell is first; returns it for pts_cell. */
struct json_object *pts_row(struct json_object *rows, const char *first);
void pts_cell(struct json_object *r, double v);
/* A line chart; returns its series list for pts_series. */
struct json_object *pts_chart(struct json_object *fig, const char *name, const char *x,
			      const char *y);
/* A rendering hint on the last chart: "x_scale": "log2" (x ticks at the
 * points' x), "y_scale": "log10", "kind": "bars3d" (the series as rows of
 * bars, one behind the other, over the x values as categories). */
void pts_chart_set(struct json_object *fig, const char *key, const char *value);
/* The name of the last chart's next x (1, 2, ...): its "x_labels". */
void pts_chart_label(struct json_object *fig, const char *label);
struct json_object *pts_series(struct json_object *list, const char *name);
void pts_point(struct json_object *s, double x, double y);
void pts_figure(struct json_object *fig, const char *k, double v);
/* The test's figure of merit (also a figure): the drives are ranked by it. */
void pts_merit(struct json_object *fig, const char *k, double v, bool higher);

#endif
