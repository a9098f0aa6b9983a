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

/**
 * fr_tw_method_text() - the "why the tail" method as one sentence
 *
 * Return: a static string, without its full stop.
 */
const char *fr_tw_method_text(void);
/**
 * fr_tw_key_head() - a tag key's heading, plain
 * @f: where it is written
 * @k: the key: drive, profile and step, job, namespace, direction and
 *	where its I/Os came from
 */
void fr_tw_key_head(FILE *f, const struct fr_tw_key *k);
/**
 * fr_tw_fdp_line() - the drive's FDP events in the run
 * @f: where it is written
 * @k: the key whose run it is
 * @pre: what leads the line
 *
 * Ended by a newline; nothing is written when the events were not read.
 */
void fr_tw_fdp_line(FILE *f, const struct fr_tw_key *k, const char *pre);

#endif
