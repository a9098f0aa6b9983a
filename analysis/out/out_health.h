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
/**
 * fr_health_sum() - a step's health summed over its controllers
 * @h: the step's health record, or NULL (nothing read)
 * @s: filled whole: temperatures in kelvin the hottest of the read
 *     controllers (0 unknown), critical warning bits OR-ed, each counter's
 *     delta added over the subsystems (a second controller of a subsystem
 *     already counted adds nothing; -1 when any delta is unknown or no
 *     controller was read)
 */
void fr_health_sum(const struct fr_health *h, struct fr_hsum *s);

/**
 * fr_health_verdict_text() - a step's health verdict in words
 * @h: the step's health record
 * @buf: where the text is written (terminated, cut to fit)
 * @len: @buf's size in bytes
 *
 * Return: @buf, holding "valid", "INVALID: <reason>" or, for a step without
 * a record, "health " and why ("health not recorded (...)").
 */
const char *fr_health_verdict_text(const struct fr_health *h, char *buf, size_t len);

/**
 * fr_health_csv_fields() - one CSV row's values for the health columns
 * @f: the CSV being written
 * @s: the row's step, or NULL
 *
 * Writes FR_HEALTH_CSV_COLUMNS fields (out_cell.h), each led by its comma:
 * valid (1/0), reason, temperatures in kelvin, critical warning, the
 * counters' deltas, host, SMART-host and media bytes, WAF and its source;
 * a value not known is an empty field.  All are empty for a NULL step or a
 * step without a health record.
 */
void fr_health_csv_fields(FILE *f, const struct fr_step *s);

/* What fr_health_each() calls per step. */
typedef void (*fr_health_fn)(void *arg, const struct fr_drive *d, const struct fr_profile *p,
			     const struct fr_step *s);
/**
 * fr_health_each() - call a function for every measured step with a health record
 * @m: the model
 * @fn: called with @arg, the drive, the profile and the step
 * @arg: passed to @fn as it is
 *
 * Reference drives are passed over.  The steps of @m come first, then
 * those the verdict moved to @m->invalid, each in drive, profile and step
 * order.
 */
void fr_health_each(const struct fr_model *m, fr_health_fn fn, void *arg);

/**
 * fr_health_text() - the text report's health section
 * @f: the report being written
 * @m: the model
 *
 * A heading, then per step with a record its verdict and, when recorded,
 * its temperatures, counters, WAF and per-controller sampling.  Nothing
 * when no step has a record (fr_health_any()).
 */
void fr_health_text(FILE *f, const struct fr_model *m);
/**
 * fr_health_md() - the Markdown report's health section
 * @f: the report being written
 * @m: the model
 * @md_str: writes text from input escaped for Markdown (out_md.c's)
 *
 * The text section's content as a Markdown list.  Nothing when no step has
 * a record.
 */
void fr_health_md(FILE *f, const struct fr_model *m, void (*md_str)(FILE *f, const char *s));
struct json_object;
/**
 * fr_health_json() - a step's health record as JSON
 * @s: the step
 *
 * Summed temperatures and counter deltas, the WAF with its source and
 * every source's, and per controller its own figures; a value not known
 * is null.
 *
 * Return: a new object the caller owns (json_object_put()), or NULL when
 * the step has no health record.
 */
struct json_object *fr_health_json(const struct fr_step *s);
/**
 * fr_health_json_all() - every step's health record as JSON
 * @m: the model
 *
 * Return: a new array the caller owns, one fr_health_json() object per
 * step of fr_health_each() with its "drive", "profile", "step", "file"
 * and "job_names" added; NULL when no step has a record.
 */
struct json_object *fr_health_json_all(const struct fr_model *m);

/**
 * fr_html_health() - the HTML report's per-step health table
 * @f: the report being written
 * @m: the model
 *
 * One row per step of fr_health_each() (out_html_health.c).  Nothing when
 * no step has a record.
 */
void fr_html_health(FILE *f, const struct fr_model *m);
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
