/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Flexible Data Placement in the reports (issue 26, out_fdp.c): the placed
 * noisy-neighbor run beside the same drive's unplaced run (victims' tails
 * per namespace, their ratio, each run's WAF; fdp.h), and the placed writes'
 * tails per placement ID next to their namespace's.  Printed only when some
 * run placed its writes, so that other reports are unchanged.  CSV rows are
 * out_csv.c's (sections nn_fdp and placement), through fr_fdp_each_pid.
 */
#ifndef FIORANK_OUT_FDP_H
#define FIORANK_OUT_FDP_H

#include <stdio.h>

#include "model/health.h"
#include "out/out.h"

struct json_object;

/**
 * fr_fdp_text() - the FDP sections of the text report
 * @f: where they are written
 * @rep: the report
 *
 * The placed runs beside the unplaced ones, then the placed writes per
 * placement ID.  Nothing is written when no run placed its writes, or when
 * out of memory.
 */
void fr_fdp_text(FILE *f, const struct fr_report *rep);
/**
 * fr_fdp_md() - the FDP sections of the Markdown report
 * @f: where they are written
 * @rep: the report
 * @md_str: writes text from input escaped for Markdown (out_md.c's)
 *
 * As fr_fdp_text(), in Markdown tables.
 */
void fr_fdp_md(FILE *f, const struct fr_report *rep, void (*md_str)(FILE *f, const char *s));
/**
 * fr_fdp_html() - the FDP section of the HTML report
 * @f: where it is written
 * @rep: the report
 *
 * As fr_fdp_text(), in one <section class="fdp">, text from input escaped.
 */
void fr_fdp_html(FILE *f, const struct fr_report *rep);
/**
 * fr_fdp_json() - the FDP section of the JSON report
 * @rep: the report
 *
 * Return: a new {"pairs": [...], "placement": [...]} object, or NULL when no
 * run placed its writes or when out of memory.
 */
struct json_object *fr_fdp_json(const struct fr_report *rep);

/* Calls fn for every placed write step of a measured drive's noisy neighbor. */
typedef void (*fr_pid_fn)(void *arg, const struct fr_drive *d, const struct fr_step *s);
/**
 * fr_fdp_each_placed() - visit every placed write step
 * @m: the model
 * @fn: called for every placed write step of a measured (not reference)
 *      drive's noisy neighbor, in drive then step order
 * @arg: passed to @fn
 */
void fr_fdp_each_placed(const struct fr_model *m, fr_pid_fn fn, void *arg);

/**
 * fr_fdp_waf_short() - a WAF in a few words
 * @buf: where it is written
 * @len: its size
 * @w: the WAF
 *
 * Writes "WAF 1.00 (FDP)" (the figure and the source it came from) or, when
 * it is n/a, the reason.
 */
void fr_fdp_waf_short(char *buf, size_t len, const struct fr_waf *w);

#endif
