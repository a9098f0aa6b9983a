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
#include "chart/svg.h"

/* A step's health summed over its controllers (counts of several drives
 * that ran together add up; temperatures are the hottest). */
struct fr_hsum {
	int temp_before_k, temp_after_k, temp_max_k; /* 0 unknown */
	unsigned crit_warning;
	int64_t delta[FR_HC_N]; /* -1 unknown */
};
void fr_health_sum(const struct fr_health *h, struct fr_hsum *s);

/* "valid", "INVALID: <reason>" or "not recorded (...)". */
const char *fr_health_verdict_text(const struct fr_health *h, char *buf, size_t len);

/* One row's values for the health columns (FR_HEALTH_CSV_COLUMNS, out_cell.h),
 * each field led by its comma; all empty for a NULL step. */
void fr_health_csv_fields(FILE *f, const struct fr_step *s);

/* Calls fn(arg, ...) for every measured step with a health record: those
 * of m, then those the verdict moved to m->invalid. */
typedef void (*fr_health_fn)(void *arg, const struct fr_drive *d, const struct fr_profile *p,
			     const struct fr_step *s);
void fr_health_each(const struct fr_model *m, fr_health_fn fn, void *arg);

void fr_health_text(FILE *f, const struct fr_model *m);
/* md_str writes text from input escaped for Markdown (out_md.c's). */
void fr_health_md(FILE *f, const struct fr_model *m, void (*md_str)(FILE *f, const char *s));
struct json_object;
/* The step's record as a JSON object (NULL when it has none). */
struct json_object *fr_health_json(const struct fr_step *s);
/* Every step's record: [{"drive", "profile", "step", ...record}], or NULL. */
struct json_object *fr_health_json_all(const struct fr_model *m);

/* HTML (out_html_health.c): the per-step table, and the composite
 * temperature over time at each measured drive's peak of a profile. */
void fr_html_health(FILE *f, const struct fr_model *m);
void fr_html_health_temps(FILE *f, const struct fr_profile_rank *pr, struct fr_palette *pal);

#endif
