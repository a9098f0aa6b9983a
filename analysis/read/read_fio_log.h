/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fio's own latency logs as a latency-over-time source (issue 14).  A
 * step's logs are found through its fio output: for each of the step's
 * jobs, its write_lat_log / write_hist_log options (job, then global
 * options of the JSON) name the files, which are looked for beside the
 * JSON as fio names them: NAME_clat.T.log and NAME_clat_hist.T.log, T the
 * job's thread number in the run (per_job_logs=0: NAME_clat.log).  A name
 * with a directory is taken by its last component, beside the JSON.
 *
 * Per interval, exactly or not at all:
 *   - per-I/O logs (no log_avg_msec: a line per completion): the mean and
 *     the p99 (nearest rank) of the interval's completions, over every
 *     thread's log;
 *   - averaged logs (log_avg_msec): the mean only, and only from one
 *     thread's log (averages carry no counts: several cannot be merged);
 *   - histogram logs (log_hist_msec): the p99 from the interval's bins
 *     merged over threads, at fio's bin resolution (1/64 of a power of
 *     two: the bin's middle is within 0.8 % of any value in it).
 * A damaged line is refused with file:line on stderr and that step's logs
 * give no point at all.
 */
#ifndef FIORANK_READ_FIO_LOG_H
#define FIORANK_READ_FIO_LOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "model/model.h"

struct json_object;

/* A p99 needs this many completions in the interval (fewer: not shown). */
#define FR_LOG_P99_MIN_IOS 100

struct fr_log_series {
	bool found;			  /* the step's jobs named logs that were read */
	bool damaged;			  /* a log could not be read: no points */
	double window_ms;		  /* interval length */
	size_t n;			  /* intervals */
	double *t_s;			  /* interval start, seconds since the job's start */
	double *mean_us;		  /* NAN where not known */
	double *p99_us;			  /* NAN where not known (or < FR_LOG_P99_MIN_IOS) */
	const char *mean_from, *p99_from; /* what gave them, NULL: nothing */
	char note[256];			  /* why the logs are not (all) read, "" */
	char mean_note[160];		  /* why there is no mean, "" */
};

/**
 * fr_fio_log_series() - the latency-over-time series of a step from fio's logs
 * @s: the step, whose fio output names the logs
 * @dir: the direction read
 * @out: the series (cleared first); free with fr_log_series_free()
 * @err: where damaged lines are reported (file:line)
 *
 * Return: 0 (@out filled; found false when there are no logs or a log is
 * damaged, with why in its notes) or -ENOMEM (@out's arrays then freed).
 */
int fr_fio_log_series(const struct fr_step *s, enum fr_dir dir, struct fr_log_series *out,
		      FILE *err);
/**
 * fr_log_series_free() - free a series' arrays
 * @ls: the series; its arrays NULL and n 0 after, its notes kept
 */
void fr_log_series_free(struct fr_log_series *ls);

/**
 * fr_json_load_file() - a file as one JSON document
 * @path: the file, or NULL
 *
 * Text before the file's first '{' is skipped (fiorank pts reads its inputs
 * with it).
 *
 * Return: the document (json_object_put() it), or NULL when @path is NULL,
 * the file cannot be read, has no '{' or is not JSON from there.
 */
struct json_object *fr_json_load_file(const char *path);

/**
 * fr_fio_log_parse_lat() - parse one line of a latency log
 * @line: "t_ms, value, ddir, bs, offset[, prio]"
 * @t_ms: the time, ms
 * @value: the latency
 * @ddir: the direction (0 .. 2)
 *
 * Exposed for the unit test.
 *
 * Return: 0, or -1 when @line is not one (not five or six non-negative whole
 * numbers, or a direction above 2); the outputs are set only on 0.
 */
int fr_fio_log_parse_lat(const char *line, double *t_ms, double *value, unsigned *ddir);

#endif
