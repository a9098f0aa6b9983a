/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fio groups: which jobs of one output may be added up.  A fio group
 * (groupid: a stonewall or new_group starts the next one) is the unit of
 * concurrency; jobs of different groups ran one after the other (stonewall)
 * or at least are reported apart, so their figures are never summed.
 */
#ifndef FIORANK_GROUP_H
#define FIORANK_GROUP_H

#include <stdbool.h>
#include <stddef.h>

#include "model/model.h"

/* One job of an output as read, before it goes into the model. */
struct fr_pending {
	struct fr_job job; /* figures; its strings point at the fields below */
	char *drive, *profile, *step;
	char *jobname;
	char *host;	    /* client/server: the client, else NULL */
	long groupid;	    /* fio's groupid, -1 when absent */
	char *workload;	    /* the job's own options but pacing ones, "k=v\n"... */
	char *rate;	    /* its rate caps, the same way */
	char *filename;	    /* its filename= (job.run.filename points here), or NULL */
	bool step_named;    /* step from the job name, the manifest or -s */
	bool profile_named; /* profile from the job name, the manifest or -p */
	char *excluded;	    /* why the job is not used, or NULL */
};

/**
 * fr_pending_free() - free the strings a pending job holds (not the job itself)
 * @p: the job
 */
void fr_pending_free(struct fr_pending *p);

/**
 * fr_group_resolve() - keep apart what must not be added up
 * @v: the jobs of one output as read
 * @n: how many
 *
 * Jobs of one group with the same drive, profile and step are one result
 * (numjobs); the same drive, profile and step claimed by jobs of several
 * groups become:
 *
 * - the steps of one curve, named after the jobs, when those jobs differ
 *   only by their rate caps (rate_iops=, rate=, ...) and the step was not
 *   named by the job name, the manifest or -s;
 * - else separate results (profiles) named after their jobs, when the
 *   profile was not named that way;
 * - else the first group's is kept and the others are excluded, with the
 *   reason.
 *
 * Return: 0, or -ENOMEM.
 */
int fr_group_resolve(struct fr_pending *v, size_t n);

/**
 * fr_pair_roles() - exclude jobs whose partner did not run with them
 * @v: the jobs of one output as read
 * @n: how many
 *
 * Jobs whose figures mean something only beside another job of the same
 * fio output: a write-pressure reader wp-read@<MBps> and its writer
 * wp-write@<MBps>, a noisy-neighbor reader (nn-read[-ns<N>]) and a writer
 * (nn-write[-ns<N>]).  One without the other is excluded with the reason
 * (two fio runs did not run together).  A tq-sweep step
 * tq-sweep@t<numjobs>q<iodepth> must have run that many jobs at that depth
 * in its fio group: entries of its name in the group (fio reports each
 * clone), or numjobs= of a single entry (group_reporting), and its
 * iodepth=.
 *
 * Return: 0, or -ENOMEM.
 */
int fr_pair_roles(struct fr_pending *v, size_t n);

#endif
