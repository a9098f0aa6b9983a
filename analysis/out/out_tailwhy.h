/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * "Why the tail" in the reports (issue 40): what every format says of a
 * tag key (out_common.c); each format's section is in its files
 * (out_text_sect.c, out_md_sect.c, out_json_sect.c, out_html_tailwhy.c),
 * nothing when no step had tag logs.
 */
#ifndef FIORANK_OUT_TAILWHY_H
#define FIORANK_OUT_TAILWHY_H

#include <stdio.h>

#include "report/tailwhy.h"

/* The method as one sentence, without its full stop. */
const char *fr_tw_method_text(void);
/* A key's heading, plain: drive, profile and step, job, namespace,
 * direction and where its I/Os came from. */
void fr_tw_key_head(FILE *f, const struct fr_tw_key *k);
/* The drive's FDP events in the run, led by pre and ended by a newline;
 * nothing when they were not read. */
void fr_tw_fdp_line(FILE *f, const struct fr_tw_key *k, const char *pre);

#endif
