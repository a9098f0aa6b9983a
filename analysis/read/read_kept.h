/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the readers kept of a step's documents (fr_step.fio_doc: the json+
 * buckets, read_fio_keep.h; fr_step.engine_doc: the engine's tag series)
 * turned into plain arrays, so that no stage after the readers walks a
 * json-c tree: the report stage (report/report_peak.c) calls these once
 * per run for each drive's peak step.
 */
#ifndef FIORANK_READ_KEPT_H
#define FIORANK_READ_KEPT_H

#include <stddef.h>

#include "model/model.h"
#include "read/read_fio_keep.h"

/* The engine tag series' intervals taken at most (later ones ignored). */
#define FR_KEPT_MAX_INTERVALS 4096

/**
 * fr_kept_buckets() - add up the json+ buckets a step's jobs kept
 * @s: the step
 * @dir: the direction
 * @b: FR_DIST_NBUCKETS counts the buckets are added into (bucket k:
 *     [10^(k/10), 10^((k+1)/10)) ns)
 *
 * Return: the I/Os added, 0 when the step kept none.
 */
double fr_kept_buckets(const struct fr_step *s, enum fr_dir dir, double *b);

/**
 * fr_kept_tag_sums() - a step's engine tag series, merged over its keys
 * @s: the step
 * @dir: the direction
 * @n_at: FR_KEPT_MAX_INTERVALS completion counts per interval, zeroed by
 *        the caller
 * @sum_at: FR_KEPT_MAX_INTERVALS summed latencies (ns) per interval,
 *          zeroed by the caller
 * @interval_ms: the series' interval, NAN without one
 *
 * The keys (one per job thread) are merged exactly: counts and sums add
 * up; percentiles of several keys cannot be merged and are not taken.
 *
 * Return: the number of intervals filled.
 */
size_t fr_kept_tag_sums(const struct fr_step *s, enum fr_dir dir, double *n_at, double *sum_at,
			double *interval_ms);

#endif
