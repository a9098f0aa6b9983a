/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Drive health per step in the HTML report (issue 25, out_html_health.c):
 * the table of every measured step that came with an engine results file,
 * and the temperature chart at a profile's peak.  The other formats' health
 * sections are in their own files (out_text_sect.c, out_md_sect.c,
 * out_csv_row.c, out_json_health.c).
 */
#ifndef FIORANK_OUT_HTML_HEALTH_H
#define FIORANK_OUT_HTML_HEALTH_H

#include <stdio.h>

#include "model/health.h"
#include "model/model.h"
#include "rank/rank.h"
#include "report/report_health.h"
#include "chart/svg.h"

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
