/* SPDX-License-Identifier: GPL-2.0-only */
/* The tq-sweep section (tq.h) in each output format, each in that format's
 * files (out_text_sect.c, out_md_sect.c, out_csv_tq.c, out_json_sect.c,
 * out_tq_html.c), what they share in out_common.c; each renderer calls its
 * own once.  Nothing is printed when no drive ran the method. */
#ifndef FIORANK_OUT_TQ_H
#define FIORANK_OUT_TQ_H

#include <stdio.h>

#include "out/out.h"

/**
 * fr_tq_text() - the tq-sweep section as text
 * @f: the report being written
 * @rep: the report
 *
 * Per step of the series, the drives in place order with each figure's
 * place; nothing when no drive ran the method.
 *
 * Return: 0, or -1 on an allocation failure or a write error.
 */
int fr_tq_text(FILE *f, const struct fr_report *rep);

/**
 * fr_tq_md() - the tq-sweep section as a Markdown table
 * @f: the report being written
 * @rep: the report
 *
 * Return: 0 (nothing written when no drive ran the method), or -1 on an
 * allocation failure or a write error.
 */
int fr_tq_md(FILE *f, const struct fr_report *rep);

/**
 * fr_tq_csv() - the tq-sweep section as CSV rows
 * @f: the report being written
 * @rep: the report
 *
 * One row per drive, step and figure (tq-iops, tq-lat-mean, tq-lat-max,
 * tq-lat-stddev) in the report's columns.
 *
 * Return: 0 (nothing written when no drive ran the method), or -1 on an
 * allocation failure or a write error.
 */
int fr_tq_csv(FILE *f, const struct fr_report *rep);

/**
 * fr_tq_html() - the tq-sweep section as an HTML table and a chart per figure
 * @f: the report being written
 * @rep: the report
 *
 * Write errors are left to the caller's check of @f.
 *
 * Return: 0 (nothing written when no drive ran the method), or -1 on an
 * allocation failure.
 */
int fr_tq_html(FILE *f, const struct fr_report *rep);
struct json_object;
struct fr_tq;
struct fr_tq_point;
struct fr_tq_series;

/**
 * fr_tq_json() - the tq-sweep section as a JSON object
 * @rep: the report
 * @err: set to 0, or to -1 when out of memory
 *
 * Return: a new object (latency_basis, drives with their steps and
 * precondition rounds, the published points; json_object_put() it), or NULL
 * when no drive ran the method or @err is set.
 */
struct json_object *fr_tq_json(const struct fr_report *rep, int *err);

/**
 * fr_tq_section() - the threads x queue-depth sweep the report stage built
 * @rep: the report (report.c)
 *
 * Return: the section, or NULL when no drive ran the method.
 */
const struct fr_tq *fr_tq_section(const struct fr_report *rep);
/**
 * fr_tq_shown() - a sweep point's figure for print
 * @pt: the point
 * @fig: which figure (IOPS or a latency)
 *
 * Return: IOPS as they are, a latency in µs.
 */
double fr_tq_shown(const struct fr_tq_point *pt, int fig);
/**
 * fr_tq_step_rows() - one step's points and their drives in IOPS order
 * @t: the sweep
 * @k: the step's series
 * @pts: filled with the points (t->nd entries room), unranked last
 * @drv: filled with each point's drive, likewise
 *
 * Return: how many were filled.
 */
size_t fr_tq_step_rows(const struct fr_tq *t, const struct fr_tq_series *k,
		       const struct fr_tq_point **pts, const struct fr_drive **drv);

#endif
