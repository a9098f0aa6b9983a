/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The renderers of `fiorank pts` (pts_out.c: text, JSON, CSV; pts_html.c:
 * HTML pages with SVG charts, pts_svg.c).  Each prints the figures the
 * report stage gathers per drive and page (report/pts_fig.h) and opens no
 * input.
 */
#ifndef FIORANK_PTS_OUT_H
#define FIORANK_PTS_OUT_H

#include <stddef.h>
#include <stdio.h>

#include "read/pts.h"

struct json_object;
struct fr_run_info;

/**
 * fr_pts_text() - the PTS report as text
 * @f: where it is written
 * @d: the drives
 * @n: how many
 * @ri: how the report was made, printed first with the PTS specification
 *      the tests follow; NULL leaves that out
 *
 * Return: 0, or -1 on a write error.
 */
int fr_pts_text(FILE *f, struct fr_pts_drive *d, size_t n, const struct fr_run_info *ri);

/**
 * fr_pts_csv() - the PTS report as CSV
 * @f: where it is written
 * @d: the drives
 * @n: how many
 *
 * One figure or table cell a row: drive, test, table, row, column, value.
 *
 * Return: 0, or -1 on a write error.
 */
int fr_pts_csv(FILE *f, struct fr_pts_drive *d, size_t n);

/**
 * fr_pts_json() - the PTS report as JSON
 * @f: where it is written
 * @d: the drives
 * @n: how many
 * @ri: how the report was made ("report": fiorank, date, command,
 *      specification); NULL leaves it out
 *
 * Return: 0, or -1 on a write error.
 */
int fr_pts_json(FILE *f, struct fr_pts_drive *d, size_t n, const struct fr_run_info *ri);

/**
 * fr_pts_html() - the PTS report as one HTML page with SVG charts
 * @f: where it is written
 * @d: the drives
 * @n: how many
 * @ri: how the report was made, said under the title; NULL leaves it out
 *
 * Return: 0, or -1 on a write error.
 */
int fr_pts_html(FILE *f, struct fr_pts_drive *d, size_t n, const struct fr_run_info *ri);

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
 * fr_pts_svg_chart() - one chart of the figures as an inline SVG figure
 * @f: where it is written
 * @chart: the chart's object of the figures (its series, axes' names and
 *         scale hints)
 */
void fr_pts_svg_chart(FILE *f, struct json_object *chart);

/**
 * fr_pts_steady_problems() - say each test whose steady state was not reached
 * @d: the drives
 * @n: how many
 * @err: where each is said ("fiorank pts: DRIVE TEST: steady state NOT
 *       reached ..." or the refusal), or NULL
 *
 * Return: how many pages of the report are not in steady state.
 */
size_t fr_pts_steady_problems(struct fr_pts_drive *d, size_t n, FILE *err);

#endif
