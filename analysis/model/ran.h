/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What a fio job did (issue 21): the I/Os and bytes fio counted per
 * direction, held against what its options asked for and what its name
 * claims.  A name or options that disagree with the figures do not win: the
 * job is excluded with the reason (docs/fiorank.md, "Labels from what ran").
 */
#ifndef FIORANK_RAN_H
#define FIORANK_RAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/label.h"
#include "model/model.h"

struct fr_ran {
	uint64_t ios[FR_NDIRS];
	unsigned bs[FR_NDIRS]; /* io_bytes / total_ios when whole; 0 unknown */
	bool verify;	       /* the read direction was fio's verify pass (dropped) */
	/* the entry's jobname is not its options' name=: fio's group_reporting
	 * entry of several jobs (the first one's name, the last one's options) */
	bool merged;
	/* a rate-capped mix whose share drifted (see fr_ran_check): the read
	 * share fio achieved, else -1 */
	int drifted_pct;
};

/**
 * fr_ran_check() - whether a job ran what its label claims
 * @r: what the job's figures show it ran; r->drifted_pct set for a capped
 *     mix (below)
 * @o: the job's options
 * @l: the label (a profile id such as 4k-randread, a noisy-neighbor or
 *     write-pressure role; a tq-sweep step's jobs are counted over the
 *     output by fr_pair_roles())
 * @jobname: the job's name, for the reason
 * @groupid: the entry's fio group (for the mixed-group reason)
 * @buf: where the reason is written
 * @len: its room
 *
 * A mix (randrw) under a rate cap is the exception: fio caps reads and
 * writes each at the rate given, so below the drive's limit the share
 * drifts towards the caps' (50 % for one value).  That is what such a run
 * does, not a wrong name: the job is kept and r->drifted_pct set to the
 * share achieved, which the step's method then states.
 *
 * Return: NULL when the figures agree with the options and the label, else
 * @buf holding why not.
 */
const char *fr_ran_check(struct fr_ran *r, const struct fr_jobopts *o, const struct fr_job_label *l,
			 const char *jobname, long groupid, char *buf, size_t len);

#endif
