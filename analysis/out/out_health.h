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

/* One row's values for the health columns (FR_HEALTH_CSV_COLUMNS, out_cell.h),
 * each field led by its comma; all empty for a NULL row. */
void fr_health_csv_fields(FILE *f, const struct fr_health_row *r);

void fr_health_text(FILE *f, const struct fr_report_health *h);
/* md_str writes text from input escaped for Markdown (out_md.c's). */
void fr_health_md(FILE *f, const struct fr_report_health *h,
		  void (*md_str)(FILE *f, const char *s));
struct json_object;
/* A step's record as a JSON object (NULL for a NULL row). */
struct json_object *fr_health_json(const struct fr_health_row *r);
/* Every step's record: [{"drive", "profile", "step", ...record}], or NULL. */
struct json_object *fr_health_json_all(const struct fr_report_health *h);

/* HTML (out_html_health.c): the per-step table, and the composite
 * temperature over time at each measured drive's peak of a profile. */
void fr_html_health(FILE *f, const struct fr_report_health *h);
void fr_html_health_temps(FILE *f, const struct fr_profile_rank *pr, struct fr_palette *pal);

#endif
