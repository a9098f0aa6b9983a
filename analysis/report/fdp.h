/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The noisy neighbor with Flexible Data Placement beside the same drive's
 * run without (the runner's noisy-neighbor-fdp suite: engines ssdnvme-fdp
 * and ssdnvme, two drives in the model, never merged): the victims' read
 * tails per namespace of each run, their ratio, and each run's WAF.
 * Computed here once per report (fr_report_build(): fr_report.fdp);
 * out/out_fdp.c prints it in every format.
 */
#ifndef FIORANK_REPORT_FDP_H
#define FIORANK_REPORT_FDP_H

#include <stddef.h>
#include <stdio.h>

#include "model/health.h"
#include "model/model.h"

/* One victim namespace of a pair. */
struct fr_fdp_victim {
	unsigned nsid;		  /* 0: the readers' job as a whole */
	const struct fr_lat *off; /* the unplaced run's reads there, NULL none */
	const struct fr_lat *on;  /* the placed run's */
	struct fr_lat ratio;	  /* on / off per figure, NAN where either lacks it */
};

struct fr_fdp_pair {
	const struct fr_drive *placed;	 /* a run whose writers placed (placement.h) */
	const struct fr_drive *unplaced; /* the same drive's run without, NULL when none */
	struct fr_fdp_victim *v;	 /* namespace order */
	size_t nv;
	struct fr_waf waf_off, waf_on; /* of each run's writers' step */
};

struct fr_fdp_cmp {
	struct fr_fdp_pair *p;
	size_t n;
};

/**
 * fr_fdp_compare() - pair the placed noisy-neighbor runs of a report
 * @m: the report's model; its drives are read, reference drives skipped
 * @basis: the report's latency basis
 * @c: the pairs, one per placed run (cleared first); free with
 *     fr_fdp_compare_free()
 *
 * Each placed run is paired with the unplaced noisy-neighbor run of the same
 * drive (same model and serial), if any; its victims are the namespaces it
 * read that its writers did not write, in namespace order, on @basis; each
 * run's WAF is that of its writers' step.
 *
 * Return: 0, or -ENOMEM (@c then empty).
 */
int fr_fdp_compare(const struct fr_model *m, enum fr_basis basis, struct fr_fdp_cmp *c);

/**
 * fr_fdp_compare_free() - free what fr_fdp_compare() allocated
 * @c: the pairs; left empty
 */
void fr_fdp_compare_free(struct fr_fdp_cmp *c);

/**
 * fr_fdp_writer_step() - the noisy neighbor's writers' step with health
 * @d: the drive
 *
 * The write step of @d's noisy neighbor whose health was recorded (the fio
 * job, whose window the drive's counters cover).
 *
 * Return: that step, or NULL when @d has no noisy neighbor or none of its
 * write steps has health recorded.
 */
const struct fr_step *fr_fdp_writer_step(const struct fr_drive *d);

#endif
