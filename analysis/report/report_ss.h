/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The steady-state rounds (report_ss.c): per measured drive whose run has
 * the runner's steady-state rounds (preconditioning steps ss-round<N>,
 * jobs/lib/suite-lib.sh), the IOPS of every round and, over the window of
 * the last rounds the rule looks at, the window's average, the +-20 % band
 * the rounds must stay within and the least-squares line whose excursion
 * across the window must stay within 10 % of the average (SNIA PTS, as the
 * runner applies it).  The verdict itself is the runner's (the provenance's
 * steady_state); this is what it was taken on, for the HTML's chart.
 * Beside IOPS, the rounds' p99 and p99.99 (issue 41 item 5), judged by the
 * same rule as fiorank pts judges them (pts_ss_judge()).
 */
#ifndef FIORANK_REPORT_SS_H
#define FIORANK_REPORT_SS_H

#include <stddef.h>

#include "model/model.h"

/* The runner's rule: a window of 5 rounds, max - min within 20 % of the
 * average, the fit's excursion across the window within 10 %. */
#define FR_SS_WINDOW	    5
#define FR_SS_RANGE_PCT	    20.0
#define FR_SS_EXCURSION_PCT 10.0
/* Rounds above this number are not taken for rounds. */
#define FR_SS_MAX_ROUNDS 256

/* One drive's rounds and the rule's figures over its window. */
/* The tails judged beside IOPS: p99 and p99.99 completion latency. */
enum { FR_SS_P99, FR_SS_P9999, FR_SS_NTAILS };
extern const char *const fr_ss_tail_name[FR_SS_NTAILS];

/* One tail's rounds and verdict. */
struct fr_ss_tail {
	double *us;    /* per round of fr_ss_drive.round, µs; NAN without bins */
	bool complete; /* every round has the figure */
	bool judged;   /* complete, and five rounds or more */
	bool steady;
	double avg, range_pct, excursion_pct; /* over the window, when judged */
	char why[96];			      /* why not judged, "" when judged */
};

struct fr_ss_drive {
	const struct fr_drive *drive;
	/* the rounds that have a figure, ascending: number and IOPS */
	double *round, *iops;
	size_t n;
	/* the window: rounds first to last, last the drive's highest round */
	unsigned first, last;
	double avg;		    /* the window's average IOPS, NAN when none there */
	double band_hi, band_lo;    /* avg +- FR_SS_RANGE_PCT % */
	double slope, icept;	    /* least squares of IOPS on the round number */
	double fit_first, fit_last; /* the fit at the window's ends */
	/* |slope| x (last - first) as a share of avg, %; NAN when avg <= 0 */
	double excursion_pct;
	struct fr_ss_tail tail[FR_SS_NTAILS];
};

struct fr_ss {
	struct fr_ss_drive *d; /* the model's drive order */
	size_t nd;
};

/**
 * fr_ss_build() - the steady-state rounds and fit of each measured drive
 * @m: the model (its measured drives' "precondition" profiles)
 * @ss: filled, one entry per measured drive that has rounds (fr_ss_free() it)
 *
 * Return: 0, or -ENOMEM (@ss is then empty).
 */
int fr_ss_build(const struct fr_model *m, struct fr_ss *ss);

/**
 * fr_ss_free() - free what fr_ss_build() allocated, and clear it
 * @ss: the rounds
 */
void fr_ss_free(struct fr_ss *ss);

#endif
