/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The renderers of `fiorank pts` (pts_out.c: text, JSON, CSV; pts_html.c:
 * HTML pages with SVG charts, pts_svg.c; pts_json.c: JSON).  Each prints
 * the report model the report stage makes (report/pts_report.h) and opens
 * no input.
 */
#ifndef FIORANK_PTS_OUT_H
#define FIORANK_PTS_OUT_H

#include <stddef.h>
#include <stdio.h>

#include "report/pts_report.h"

/**
 * fr_pts_text() - the PTS report as text
 * @f: where it is written
 * @r: the report; how it was made (r->ri) is printed first with the PTS
 *     specification the tests follow, when it says
 *
 * Return: 0, or -1 on a write error.
 */
int fr_pts_text(FILE *f, const struct fr_pts_report *r);

/**
 * fr_pts_csv() - the PTS report as CSV
 * @f: where it is written
 * @r: the report
 *
 * One figure or table cell a row: drive, test, table, row, column, value.
 *
 * Return: 0, or -1 on a write error.
 */
int fr_pts_csv(FILE *f, const struct fr_pts_report *r);

/**
 * fr_pts_json() - the PTS report as JSON
 * @f: where it is written
 * @r: the report; how it was made ("report": fiorank, date, command,
 *     specification) when r->ri says
 *
 * Return: 0, or -1 on a write error.
 */
int fr_pts_json(FILE *f, const struct fr_pts_report *r);

/**
 * fr_pts_html() - the PTS report as one HTML page with SVG charts
 * @f: where it is written
 * @r: the report; how it was made (r->ri) is said under the title
 *
 * Return: 0, or -1 on a write error.
 */
int fr_pts_html(FILE *f, const struct fr_pts_report *r);

/**
 * fr_pts_num() - a figure as the text and HTML pages print it
 * @buf: where it is written
 * @len: its size
 * @v: the figure
 *
 * Whole numbers and figures of 1000 or more without decimals (a capacity
 * in bytes in full, not 6.71089e+07), 100 to 1000 with one, 1 to 100 with
 * two, smaller ones to three significant digits; "-" for NaN.  JSON and
 * CSV keep the figures as computed.
 *
 * Return: @buf.
 */
char *fr_pts_num(char *buf, size_t len, double v);

/**
 * fr_pts_field_str() - a header value as the text and HTML pages print it
 * @buf: room for a number
 * @len: its size
 * @h: the value
 *
 * Return: the manifest's string (a nested value's JSON text), "yes"/"no",
 * or the number in @buf (fr_pts_num()); NULL for none.
 */
const char *fr_pts_field_str(char *buf, size_t len, const struct fr_pts_field *h);

/**
 * fr_pts_svg_chart() - one chart of the figures as an inline SVG figure
 * @f: where it is written
 * @chart: the chart (its lines, axes' names and scale hints)
 */
void fr_pts_svg_chart(FILE *f, const struct fr_pts_chart *chart);

#endif
