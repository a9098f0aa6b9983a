/* SPDX-License-Identifier: GPL-2.0-only */
/* The tq-sweep section (tq.h) in each output format; each renderer calls
 * its own once.  Nothing is printed when no drive ran the method; -1 on an
 * allocation failure. */
#ifndef FIORANK_OUT_TQ_H
#define FIORANK_OUT_TQ_H

#include <stdio.h>

#include "out/out.h"

int fr_tq_text(FILE *f, const struct fr_report *rep);
int fr_tq_md(FILE *f, const struct fr_report *rep);
int fr_tq_csv(FILE *f, const struct fr_report *rep);
int fr_tq_html(FILE *f, const struct fr_report *rep);
struct json_object;
/* The section as a JSON array (NULL when empty or out of memory: *err). */
struct json_object *fr_tq_json(const struct fr_report *rep, int *err);

#endif
