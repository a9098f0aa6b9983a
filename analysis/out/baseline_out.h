/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The --baseline comparison (gate/baseline.h) in each output format
 * (baseline_out.c), apart from the gate's header so that the renderers
 * that print it need none of the gate's.
 */
#ifndef FIORANK_BASELINE_OUT_H
#define FIORANK_BASELINE_OUT_H

#include <stdio.h>

struct fr_baseline;
struct json_object;

/* Nothing for NULL. */
void fr_baseline_text(FILE *f, const struct fr_baseline *b);
void fr_baseline_md(FILE *f, const struct fr_baseline *b);
void fr_baseline_csv(FILE *f, const struct fr_baseline *b);
void fr_baseline_html(FILE *f, const struct fr_baseline *b);
struct json_object *fr_baseline_json(const struct fr_baseline *b);

#endif
