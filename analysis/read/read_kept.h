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

/* Adds the kept json+ buckets of step s's jobs in direction dir into
 * b[FR_DIST_NBUCKETS] (bucket k: [10^(k/10), 10^((k+1)/10)) ns); returns
 * the I/Os added, 0 when the step kept none. */
double fr_kept_buckets(const struct fr_step *s, enum fr_dir dir, double *b);

/* The engine's tag series of step s's jobs in direction dir, merged
 * exactly over their keys (one per job thread): per interval t (0 ..
 * returned count - 1) n_at[t] completions and sum_at[t] their summed
 * latency (ns), both of FR_KEPT_MAX_INTERVALS, zeroed by the caller;
 * *interval_ms the series' interval (NAN without one).  Percentiles of
 * several keys cannot be merged and are not taken. */
size_t fr_kept_tag_sums(const struct fr_step *s, enum fr_dir dir, double *n_at, double *sum_at,
			double *interval_ms);

#endif
