/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The Copy method in the reports (issue 41 item 4, out_copy.c): per run
 * (model/copy.h), the Copy phase and the host's copy side by side (MB/s
 * landed, host CPU, bus bytes, the reader's p50/p99/p99.9), their ratio and
 * the bus bytes saved; a run that is no comparison with the reason.
 * Printed only when a Copy run was read.  Not in the CSV report.
 */
#ifndef FIORANK_OUT_COPY_H
#define FIORANK_OUT_COPY_H

#include <stdio.h>

#include "model/model.h"

struct json_object;

/**
 * fr_copy_text() - the Copy section of the text report
 * @f: where it is written
 * @m: the model (its Copy runs)
 */
void fr_copy_text(FILE *f, const struct fr_model *m);
/**
 * fr_copy_md() - the Copy section of the Markdown report
 * @f: where it is written
 * @m: the model
 * @md_str: writes text from input escaped for Markdown (out_md.c's)
 */
void fr_copy_md(FILE *f, const struct fr_model *m, void (*md_str)(FILE *f, const char *s));
/**
 * fr_copy_html() - the Copy section of the HTML report
 * @f: where it is written
 * @m: the model
 */
void fr_copy_html(FILE *f, const struct fr_model *m);

#endif
