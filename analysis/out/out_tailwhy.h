/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * "Why the tail" in the reports (out_tailwhy.c, issue 40): what the report
 * stage attributed (report/tailwhy.h), nothing when no step had tag logs.
 */
#ifndef FIORANK_OUT_TAILWHY_H
#define FIORANK_OUT_TAILWHY_H

#include <stdio.h>

#include "report/tailwhy.h"

struct json_object;

/**
 * fr_tailwhy_text() - the section of the text report: one sentence per key
 * @f: where it is written
 * @tw: the section (fr_report.tw), or NULL: nothing written
 */
void fr_tailwhy_text(FILE *f, const struct fr_tailwhy *tw);
/**
 * fr_tailwhy_md() - the section of the Markdown report: a list of the same sentences
 * @f: where it is written
 * @tw: the section, or NULL: nothing written
 */
void fr_tailwhy_md(FILE *f, const struct fr_tailwhy *tw);
/**
 * fr_tailwhy_html() - the section of the HTML report, with a chart of
 * latency against writes in flight per key
 * @f: where it is written
 * @tw: the section, or NULL: nothing written
 */
void fr_tailwhy_html(FILE *f, const struct fr_tailwhy *tw);

#endif
