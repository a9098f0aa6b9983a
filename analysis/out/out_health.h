/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Drive health per step in the reports (issue 25): a section listing every
 * measured step that came with an engine results file, its verdict, the
 * drive's temperatures and counters and the WAF.  Printed only when some
 * step has a record, so that reports of other engines are unchanged.
 */
#ifndef FIORANK_OUT_HEALTH_H
#define FIORANK_OUT_HEALTH_H

#include <stdio.h>

#include "model/health.h"
#include "model/model.h"
#include "rank/rank.h"
#include "report/report_health.h"
#include "chart/svg.h"

/**
 * fr_health_csv_fields() - one CSV row's values for the health columns
 * @f: the CSV being written
 * @r: the row's health row (report_health.h), or NULL
 *
 * Writes FR_HEALTH_CSV_COLUMNS fields (out_cell.h), each led by its comma:
 * valid (1/0), reason, temperatures in kelvin, critical warning, the
 * counters' deltas, host, SMART-host and media bytes, WAF and its source;
 * a value not known is an empty field.  All are empty for a NULL row.
 */
void fr_health_csv_fields(FILE *f, const struct fr_health_row *r);

/**
 * fr_health_text() - the text report's health section
 * @f: the report being written
 * @h: the health rows the report stage built (report_health.h)
 *
 * A heading, then per row its verdict and, when recorded, its
 * temperatures, counters, WAF and per-controller sampling.  Nothing when
 * no step has a record.
 */
void fr_health_text(FILE *f, const struct fr_report_health *h);
/**
 * fr_health_md() - the Markdown report's health section
 * @f: the report being written
 * @h: the health rows the report stage built
 * @md_str: writes text from input escaped for Markdown (fr_md_escape())
 *
 * The text section's content as a Markdown list.  Nothing when no step has
 * a record.
 */
void fr_health_md(FILE *f, const struct fr_report_health *h,
		  void (*md_str)(FILE *f, const char *s));
struct json_object;
/**
 * fr_health_json() - a step's health record as JSON
 * @r: the step's health row, or NULL
 *
 * Summed temperatures and counter deltas, the WAF with its source and
 * every source's, and per controller its own figures; a value not known
 * is null.
 *
 * Return: a new object the caller owns (json_object_put()), or NULL for a
 * NULL row.
 */
struct json_object *fr_health_json(const struct fr_health_row *r);
/**
 * fr_health_json_all() - every step's health record as JSON
 * @h: the health rows the report stage built
 *
 * Return: a new array the caller owns, one fr_health_json() object per
 * row with its "drive", "profile", "step", "file" and "job_names" added;
 * NULL when no step has a record.
 */
struct json_object *fr_health_json_all(const struct fr_report_health *h);

/**
 * fr_html_health() - the HTML report's per-step health table
 * @f: the report being written
 * @h: the health rows the report stage built
 *
 * One table row per health row (out_html_health.c).  Nothing when no step
 * has a record.
 */
void fr_html_health(FILE *f, const struct fr_report_health *h);
/**
 * fr_html_health_temps() - a profile's drive temperature over time at the peak
 * @f: the report being written
 * @pr: the profile's ranking
 * @pal: the report's palette
 *
 * Per measured drive whose peak step has temperature samples: the
 * composite temperature in °C against seconds since the job's start, from
 * the step's first read controller that has samples.  No chart when no
 * drive has any.
 */
void fr_html_health_temps(FILE *f, const struct fr_profile_rank *pr, struct fr_palette *pal);

#endif
