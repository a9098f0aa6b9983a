/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The SATA roundup's method (issue 15; jobs/tq-sweep): 8K random 70/30 at a
 * series of numjobs x iodepth steps after preconditioning rounds with the
 * workload itself.  Per drive and step four figures, each ranked per step:
 * aggregate IOPS (the jobs of one fio group), mean latency weighted by
 * operations over reads, writes and jobs, max latency (the largest max of
 * any job and direction), and the pooled standard deviation of latency over
 * every job and direction (pooled.h).  The rounds carry the same figures,
 * unranked, as curves.  Pure computation on the model; out_tq*.c print it.
 */
#ifndef FIORANK_TQ_H
#define FIORANK_TQ_H

#include <stdbool.h>
#include <stddef.h>

#include "model/model.h"

enum fr_tq_fig { FR_TQ_IOPS, FR_TQ_MEAN, FR_TQ_MAX, FR_TQ_SD, FR_TQ_NFIGS };

struct fr_tq_point {
	const struct fr_step *step;
	unsigned jobs, depth, round; /* round 0 for a step of the series */
	double fig[FR_TQ_NFIGS];     /* IOPS, then ns; NAN when not known */
	unsigned place[FR_TQ_NFIGS]; /* per step among the drives; 0 unranked */
	const char *problem;	     /* why no figure is printed, or NULL */
};

struct fr_tq_drive {
	const struct fr_drive *drive;
	struct fr_tq_point *steps, *rounds; /* in series / round order */
	size_t nsteps, nrounds;
};

/* The shipped published point of the method (reference/), placed or not. */
struct fr_tq_ref {
	const struct fr_drive *drive; /* published */
	const struct fr_step *step;
	char note[2048]; /* per measured drive: "drive: 2 of 3" or "drive: not comparable: ..." */
};

struct fr_tq {
	enum fr_basis basis;
	struct fr_tq_drive *d;
	size_t nd;
	/* the step series over every drive, light to heavy */
	struct fr_tq_series {
		unsigned jobs, depth;
		const char *name;
	} * series;
	size_t nseries;
	struct fr_tq_ref *ref;
	size_t nref;
};

/**
 * fr_tq_build() - build the threads x queue-depth section
 * @m: the model; its measured drives' tq-sweep steps
 * @ref: published drives (the method's published point), or NULL
 * @basis: the latency basis
 * @t: the section, filled (fr_tq_free() it); t->nd is 0 when no drive ran
 *     the sweep
 *
 * Return: 0, or -ENOMEM.
 */
int fr_tq_build(const struct fr_model *m, const struct fr_model *ref, enum fr_basis basis,
		struct fr_tq *t);

/**
 * fr_tq_free() - free what fr_tq_build() allocated, and clear it
 * @t: the section
 */
void fr_tq_free(struct fr_tq *t);

/**
 * fr_tq_figures() - the four figures of one step
 * @s: the step
 * @basis: the latency basis
 * @pt: where they are written (pt->fig NAN and pt->problem set where a figure
 *      would be wrong, e.g. jobs that did not run in one fio group)
 *
 * Exported for the unit test.
 */
void fr_tq_figures(const struct fr_step *s, enum fr_basis basis, struct fr_tq_point *pt);

/**
 * fr_tq_at() - a drive's point at one step of the series
 * @d: the drive
 * @k: the series step (its jobs and queue depth)
 *
 * Return: the point, or NULL when the drive did not run that step.
 */
const struct fr_tq_point *fr_tq_at(const struct fr_tq_drive *d, const struct fr_tq_series *k);

/**
 * fr_tq_fig_name() - the name of a figure ("IOPS", "mean latency", ...)
 * @f: the figure
 *
 * Return: a static string.
 */
const char *fr_tq_fig_name(enum fr_tq_fig f);

/* The review the method and its published point come from. */
#define FR_TQ_REVIEW  "sata-ri-roundup"
#define FR_TQ_PROFILE "8k-randrw-70-30"

#endif
