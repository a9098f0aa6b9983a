/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The --baseline comparison in each output format (baseline_out.c), printed
 * from what the report stage made of the gate's rows
 * (report/report_baseline.h): the renderers need none of the gate's
 * headers.
 */
#ifndef FIORANK_BASELINE_OUT_H
#define FIORANK_BASELINE_OUT_H

#include <stdio.h>

struct fr_report_baseline;
struct json_object;

/**
 * fr_baseline_text() - the baseline comparison as plain text
 * @f: where it is written
 * @b: the comparison as printed, or NULL (nothing is written)
 */
void fr_baseline_text(FILE *f, const struct fr_report_baseline *b);

/**
 * fr_baseline_md() - the baseline comparison as Markdown
 * @f: where it is written
 * @b: the comparison as printed, or NULL (nothing is written)
 */
void fr_baseline_md(FILE *f, const struct fr_report_baseline *b);

/**
 * fr_baseline_csv() - the baseline comparison as CSV rows
 * @f: where they are written
 * @b: the comparison as printed, or NULL (nothing is written)
 */
void fr_baseline_csv(FILE *f, const struct fr_report_baseline *b);

/**
 * fr_baseline_html() - the baseline comparison as an HTML section
 * @f: where it is written
 * @b: the comparison as printed, or NULL (nothing is written)
 */
void fr_baseline_html(FILE *f, const struct fr_report_baseline *b);

/**
 * fr_baseline_json() - the baseline comparison as a JSON object
 * @b: the comparison as printed, or NULL
 *
 * Return: a new object owned by the caller, or NULL for a NULL @b (or
 * when out of memory).
 */
struct json_object *fr_baseline_json(const struct fr_report_baseline *b);

#endif
