/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The AI methods' sections (report/ai.h) in the text, JSON and HTML reports:
 * nothing when no drive ran them, so other reports keep their shape.
 */
#ifndef FIORANK_OUT_AI_H
#define FIORANK_OUT_AI_H

#include <stdio.h>

#include "report/report.h"

struct json_object;

/**
 * fr_ai_text() - the checkpoint and KV-cache sections as text
 * @f: the report being written
 * @rep: the report
 */
void fr_ai_text(FILE *f, const struct fr_report *rep);

/**
 * fr_ai_html() - the same as HTML sections with a table each
 * @f: the report being written
 * @rep: the report
 */
void fr_ai_html(FILE *f, const struct fr_report *rep);

/**
 * fr_ai_json() - add "checkpoint" and "kvcache" arrays to the report's root
 * @root: the JSON report's root object
 * @rep: the report
 */
void fr_ai_json(struct json_object *root, const struct fr_report *rep);

#endif
