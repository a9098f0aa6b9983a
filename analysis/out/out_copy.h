/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The Copy method in the reports (issue 41 item 4; text and Markdown:
 * out_copy.c, HTML: out_html_copy.c, JSON: out_json_sect.c): per run
 * (model/copy.h), the Copy phase and the host's copy side by side (MB/s
 * landed, host CPU, bus bytes, the reader's p50/p99/p99.9), their ratio and
 * the bus bytes saved; a run that is no comparison with the reason.
 * Printed only when a Copy run was read.  Not in the CSV report.
 */
#ifndef FIORANK_OUT_COPY_H
#define FIORANK_OUT_COPY_H

#include <stdio.h>

#include "model/model.h"

/* How the bus bytes and the CPU figures are counted, one sentence each
 * without its full stop (every format's Copy section says them). */
extern const char *const fr_copy_how_bus;
extern const char *const fr_copy_how_cpu;

#endif
