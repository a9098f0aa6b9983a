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

/**
 * pts_num() - a figure as a JSON number
 * @v: the figure
 *
 * Return: a new JSON double, or NULL (JSON null) when @v is NaN or infinite:
 * what was not measured.
 */
struct json_object *pts_num(double v);

/**
 * pts_put() - add a member to an object
 * @o: the object
 * @k: the member's name
 * @v: its value, owned by @o from now on (NULL: JSON null)
 */
void pts_put(struct json_object *o, const char *k, struct json_object *v);

/**
 * pts_put_str() - add a string member to an object
 * @o: the object
 * @k: the member's name
 * @v: the string, copied (NULL: JSON null)
 */
void pts_put_str(struct json_object *o, const char *k, const char *v);

/**
 * pts_table() - add a table to the figures
 * @fig: the figures object
 * @name: the table's name
 * @cols: the column names, comma-separated
 *
 * Return: the table's rows array, for pts_row().
 */
struct json_object *pts_table(struct json_object *fig, const char *name, const char *cols);

/**
 * pts_row() - add a row to a table
 * @rows: the table's rows (pts_table())
 * @first: the row's first cell, a name
 *
 * Return: the row, for pts_cell().
 */
struct json_object *pts_row(struct json_object *rows, const char *first);

/**
 * pts_cell() - add a figure to a row
 * @r: the row (pts_row())
 * @v: the figure (NaN: null)
 */
void pts_cell(struct json_object *r, double v);

/**
 * pts_chart() - add a line chart to the figures
 * @fig: the figures object
 * @name: the chart's name
 * @x: the x axis's name
 * @y: the y axis's name
 *
 * Return: the chart's series list, for pts_series().
 */
struct json_object *pts_chart(struct json_object *fig, const char *name, const char *x,
			      const char *y);

/**
 * pts_chart_set() - set a rendering hint on the last chart
 * @fig: the figures object (no chart yet: nothing is set)
 * @key: the hint: "x_scale" ("log2": x ticks at the points' x), "y_scale"
 *       ("log10"), "kind" ("bars3d": the series as rows of bars, one behind
 *       the other, over the x values as categories)
 * @value: its value
 */
void pts_chart_set(struct json_object *fig, const char *key, const char *value);

/**
 * pts_chart_label() - name the last chart's next x value
 * @fig: the figures object (no chart yet: nothing is added)
 * @label: the name of x = 1, 2, ... in turn, added to the chart's "x_labels"
 */
void pts_chart_label(struct json_object *fig, const char *label);

/**
 * pts_series() - add a series to a chart
 * @list: the chart's series list (pts_chart())
 * @name: the series' name
 *
 * Return: the series, for pts_point().
 */
struct json_object *pts_series(struct json_object *list, const char *name);

/**
 * pts_point() - add a point to a series
 * @s: the series (pts_series())
 * @x: its x
 * @y: its y (NaN: null)
 */
void pts_point(struct json_object *s, double x, double y);

/**
 * pts_figure() - add a named figure to the figures' "figures" object
 * @fig: the figures object
 * @k: the figure's name
 * @v: its value (NaN: null)
 */
void pts_figure(struct json_object *fig, const char *k, double v);

/**
 * pts_merit() - set the test's figure of merit, which the drives are ranked by
 * @fig: the figures object
 * @k: the figure's name (also added as a figure)
 * @v: its value (NaN: null)
 * @higher: whether a higher value is better
 */
void pts_merit(struct json_object *fig, const char *k, double v, bool higher);

#endif
