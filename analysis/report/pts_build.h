/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Building a PTS page (report/pts_report.h's struct fr_pts_fig, pts_build.c):
 * its tables, rows, charts, lines and figures, shared by the tests' figure
 * functions.  Out of memory, a piece is left out of the page (never a
 * figure shown for another); the page says what it has.
 */
#ifndef FIORANK_PTS_BUILD_H
#define FIORANK_PTS_BUILD_H

#include <stdbool.h>
#include <stddef.h>

#include "report/pts_report.h"

/**
 * pts_table() - add a table to a page
 * @fig: the page
 * @name: the table's name
 * @cols: the column names, comma-separated
 *
 * Return: the table, for pts_row() (NULL out of memory: pts_row() on it
 * adds nothing).
 */
struct fr_pts_table *pts_table(struct fr_pts_fig *fig, const char *name, const char *cols);

/**
 * pts_row() - add a row to a table
 * @t: the table (pts_table())
 * @first: the row's first cell, a name
 *
 * Return: the row, for pts_cell() (NULL out of memory).
 */
struct fr_pts_row *pts_row(struct fr_pts_table *t, const char *first);

/**
 * pts_cell() - add a figure to a row
 * @r: the row (pts_row())
 * @v: the figure (NaN: not measured)
 */
void pts_cell(struct fr_pts_row *r, double v);

/**
 * pts_cell_str() - add a name to a row
 * @r: the row (pts_row())
 * @s: the name, copied
 */
void pts_cell_str(struct fr_pts_row *r, const char *s);

/**
 * pts_chart() - add a line chart to a page
 * @fig: the page
 * @name: the chart's name
 * @x: the x axis's name
 * @y: the y axis's name
 *
 * Return: the chart, for pts_series() and pts_chart_label().
 */
struct fr_pts_chart *pts_chart(struct fr_pts_fig *fig, const char *name, const char *x,
			       const char *y);

/**
 * pts_chart_label() - name a chart's next x value
 * @c: the chart
 * @label: the name of x = 1, 2, ... in turn
 */
void pts_chart_label(struct fr_pts_chart *c, const char *label);

/**
 * pts_series() - add a line to a chart
 * @c: the chart (pts_chart())
 * @name: the line's name
 *
 * Return: the line, for pts_point().
 */
struct fr_pts_line *pts_series(struct fr_pts_chart *c, const char *name);

/**
 * pts_point() - add a point to a line
 * @s: the line (pts_series())
 * @x: its x
 * @y: its y (NaN: none)
 */
void pts_point(struct fr_pts_line *s, double x, double y);

/**
 * pts_figure() - set a named figure of the page
 * @fig: the page
 * @k: the figure's name (a figure set again keeps its place)
 * @v: its value (NaN: not measured)
 */
void pts_figure(struct fr_pts_fig *fig, const char *k, double v);

/**
 * pts_merit() - set the test's figure of merit, which the drives are ranked by
 * @fig: the page
 * @k: the figure's name (also set as a figure)
 * @v: its value (NaN: not measured)
 * @higher: whether a higher value is better
 */
void pts_merit(struct fr_pts_fig *fig, const char *k, double v, bool higher);

/**
 * pts_note() - set the page's note
 * @fig: the page
 * @note: what the page's figures are not, copied
 */
void pts_note(struct fr_pts_fig *fig, const char *note);

/**
 * pts_grow() - an array with room for one more element
 * @arr: the array (NULL: none yet)
 * @n: how many elements it holds
 * @size: an element's size
 *
 * Return: the array realloc'd to n + 1 elements, the last zeroed; NULL out
 * of memory (@arr is then still the caller's).
 */
void *pts_grow(void *arr, size_t n, size_t size);

#endif
