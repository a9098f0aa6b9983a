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
#include "read/placement.h"

struct json_object;

void fr_fdp_text(FILE *f, const struct fr_report *rep);
/* md_str writes text from input escaped for Markdown (out_md.c's). */
void fr_fdp_md(FILE *f, const struct fr_report *rep, void (*md_str)(FILE *f, const char *s));
void fr_fdp_html(FILE *f, const struct fr_report *rep);
/* {"pairs": [...], "placement": [...]}, or NULL when no run placed. */
struct json_object *fr_fdp_json(const struct fr_report *rep);

/* Calls fn for every placed write step of a measured drive's noisy neighbor. */
typedef void (*fr_pid_fn)(void *arg, const struct fr_drive *d, const struct fr_step *s);
void fr_fdp_each_placed(const struct fr_model *m, fr_pid_fn fn, void *arg);

/* "WAF 1.00 (FDP)" or the reason it is n/a. */
void fr_fdp_waf_short(char *buf, size_t len, const struct fr_waf *w);

#endif
