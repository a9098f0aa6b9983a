/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Outputs the reader parses whole after reading their jobs (read_whole.c).
 */
#ifndef FIORANK_READ_WHOLE_H
#define FIORANK_READ_WHOLE_H

#include <stddef.h>

#include "model/group.h"
#include "model/model.h"

/**
 * fr_read_copy_run() - keep an output as a Copy method run when it is one
 * @m: the model (its copy runs; its jobs read and excluded)
 * @source: the output's path
 * @v: its jobs as read
 * @n: how many
 * @buf: the output
 * @len: its length
 *
 * A job with write_mode=copy in its own options makes the output a Copy
 * run (model/copy.h): its jobs are the two phases of one comparison, not
 * profiles, and are not added to the ranking.
 *
 * Return: 1 when it was one (kept), 0 when not, -ENOMEM.
 */
int fr_read_copy_run(struct fr_model *m, const char *source, const struct fr_pending *v, size_t n,
		     const char *buf, size_t len);

/**
 * fr_read_round_tails() - a steady-state round's tails onto its steps
 * @m: the model its jobs were added to
 * @source: the output's path (the steps' source)
 * @v: its jobs as read
 * @n: how many
 * @buf: the output
 * @len: its length
 *
 * For a preconditioning round (ss-round<N>): p99 and p99.99 from the raw
 * json+ bins of its first job, as the runner's --ss-measures and fiorank
 * pts take them (json_bins.h), into fr_step.round_tail_us; the kept tree
 * holds the bins bucketed or not at all, so the few round outputs are
 * parsed whole.  Nothing for other outputs.
 *
 * Return: 0.
 */
int fr_read_round_tails(struct fr_model *m, const char *source, const struct fr_pending *v,
			size_t n, const char *buf, size_t len);

#endif
