/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The series the HTML report charts per profile at each measured drive's
 * peak step, built once per run by the report stage (report_peak.c) from
 * what the readers kept (read/read_kept.h) and fio's own latency logs
 * (read/read_fio_log.h):
 *   - the completion latency distribution from fio's json+ bins, merged
 *     over the step's jobs into ten log-spaced buckets per decade, as a
 *     share of the step's I/Os;
 *   - the mean completion latency per interval from the engine's tag
 *     series, merged exactly over the keys of the step's jobs;
 *   - mean and p99 per interval from fio's latency logs, with what gave
 *     them and why a drive's logs gave none.
 * All in the direction the charts show: reads when the step did any.
 */
#ifndef FIORANK_REPORT_PEAK_H
#define FIORANK_REPORT_PEAK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "model/model.h"
#include "rank/rank.h"
#include "read/read_fio_log.h"

/* Points of one chart line, x and y of n each. */
struct fr_points {
	double *x, *y;
	size_t n;
};

struct fr_peak_series {
	struct fr_points dist; /* µs, % of I/Os; n 0: no json+ bins */
	struct fr_points tags; /* s since the step's start, mean µs; n 0: no tag series */
	/* the fio logs: charted (with a note) when found or damaged */
	bool has_log;
	struct fr_log_series log;
};

/**
 * fr_peak_dir() - the direction a peak step's charts show
 * @s: the step
 *
 * Return: FR_READ when the step did any reads, else FR_WRITE.
 */
enum fr_dir fr_peak_dir(const struct fr_step *s);

/**
 * fr_peak_series_build() - the chart series of an entry's peak step
 * @e: the ranking entry
 * @ps: filled; zeroed when @e is a published drive or has no peak
 * @err: where fio log lines that cannot be read are said
 *
 * Return: 0, or -ENOMEM.
 */
int fr_peak_series_build(const struct fr_entry *e, struct fr_peak_series *ps, FILE *err);

/**
 * fr_peak_series_free() - free what fr_peak_series_build() made
 * @ps: the series
 */
void fr_peak_series_free(struct fr_peak_series *ps);

/**
 * fr_peak_build_all() - the peak series of every profile and entry
 * @r: the ranking
 * @out: set to the series, (*out)[profile][entry]
 * @n: set to the number of profiles
 * @err: where fio log lines that cannot be read are said
 *
 * Return: 0, or -ENOMEM (then nothing is left allocated).
 */
int fr_peak_build_all(const struct fr_ranking *r, struct fr_peak_series ***out, size_t *n,
		      FILE *err);

/**
 * fr_peak_free_all() - free what fr_peak_build_all() made
 * @r: the ranking it was built for
 * @ps: the series
 * @n: the number of profiles
 */
void fr_peak_free_all(const struct fr_ranking *r, struct fr_peak_series **ps, size_t n);

#endif
