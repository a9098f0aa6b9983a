/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The SNIA PTS tests of jobs/ssdnvme-suite (issue 27: pts-wsat, pts-hir,
 * pts-xsr, pts-dirth, pts-lat, pts-iops, pts-tp): `fiorank pts [-f text|json|csv|html]
 * [-o FILE] DIR...` reads each results directory's manifest, the runs'
 * fio JSON and the per-second logs beside them (pts.c), and prints one
 * PTS-style report per drive and test.  This header is the reading stage's
 * part: the runs and the figures fio gives for each.  The report stage
 * gathers each test's figures into the report model (report/pts_fig.h,
 * report/pts_report.h), the renderers print it (out/pts_out.h), cli/pts_main.c is the command line.
 * Every figure is read from fio's output or summed from fio's logs; what is missing is said, not
 * guessed.
 */
#ifndef FIORANK_PTS_H
#define FIORANK_PTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct json_object;

struct fr_pts_run {
	const char *suite, *test, *step; /* the manifest's fields */
	char *json;			 /* the fio output's path */
	struct json_object *fio;	 /* its contents, NULL when unreadable */
};

/* One drive's runs of one results directory, with what the header needs. */
struct fr_pts_drive {
	char *dir, *label;
	struct json_object *manifest, *drive; /* drive: its manifest.drives entry */
	const char *purge;		      /* --purge of the command line, or NULL */
	struct fr_pts_run *runs;
	size_t nruns;
};

/* A time series read from fio's averaged logs (per-second samples summed
 * over the jobs' logs by interval).  Only intervals every job's log has are
 * kept: a job that ended early, or the last partial second, which fio does
 * not log, would make a sum of only some jobs. */
struct fr_pts_series {
	size_t n;
	double *t_s, *v; /* interval end (s), the summed value */
	double bs;	 /* the block size the log lines carry (-1: mixed) */
	size_t dropped;	 /* intervals left out: not every job's log had them */
};

/**
 * fr_pts_load() - read one results directory of ssdnvme-suite
 * @dir: the directory (its manifest.json names the drives and runs)
 * @drives: set to the drives, one per manifest drive (fr_pts_drive_free()
 *          each, then free() the array)
 * @n: set to how many
 * @err: where a directory that is not a results directory is said
 *
 * Return: 0; -1 when @dir holds no readable manifest.json with drives and
 * runs (said on @err); -ENOMEM.  On failure *@drives is NULL and *@n 0:
 * nothing is left to free.
 */
int fr_pts_load(const char *dir, struct fr_pts_drive **drives, size_t *n, FILE *err);

/**
 * fr_pts_drive_free() - free what one drive holds (not the drive itself)
 * @d: the drive
 */
void fr_pts_drive_free(struct fr_pts_drive *d);

/**
 * fr_pts_runs() - a drive's runs of one PTS suite, in order
 * @d: the drive
 * @suite: the suite ("pts-wsat", ...)
 *
 * Return: a NULL-terminated array to free(), or NULL when the drive has no
 * run of @suite (or out of memory).
 */
struct fr_pts_run **fr_pts_runs(const struct fr_pts_drive *d, const char *suite);

/**
 * fr_pts_log() - a time series from a run's per-second fio logs
 * @r: the run; its logs are <json without .json>_<kind>.<N>.log
 * @kind: the log kind fio names the file by ("iops", "bw")
 * @s: the series (fr_pts_series_free() it), summed over the logs by
 *     interval; only intervals every log has are kept (s->dropped counts the
 *     others)
 *
 * Return: 0, or -1 when no interval is left (no log, or none in common).
 */
int fr_pts_log(const struct fr_pts_run *r, const char *kind, struct fr_pts_series *s);

/**
 * fr_pts_series_free() - free a series' samples
 * @s: the series
 */
void fr_pts_series_free(struct fr_pts_series *s);

/**
 * fr_pts_iops() - a run's IOPS, reads and writes, from its first job
 * @r: the run (fio group_reporting: one job per run)
 *
 * Return: the IOPS, NaN without a job.
 */
double fr_pts_iops(const struct fr_pts_run *r);

/**
 * fr_pts_mbps() - a run's throughput, reads and writes, from its first job
 * @r: the run
 *
 * Return: MB/s (10^6 bytes/s), NaN without a job.
 */
double fr_pts_mbps(const struct fr_pts_run *r);

/**
 * fr_pts_mean_us() - a run's mean completion latency
 * @r: the run
 *
 * Return: µs, over reads and writes weighted by their I/Os; NaN when it did
 * no I/O.
 */
double fr_pts_mean_us(const struct fr_pts_run *r);

/**
 * fr_pts_max_us() - a run's largest completion latency
 * @r: the run
 *
 * Return: µs, the larger of the directions that did I/O; NaN when none did.
 */
double fr_pts_max_us(const struct fr_pts_run *r);

/**
 * fr_pts_pct_us() - a completion-latency percentile from json+'s bins
 * @r: the run
 * @p: the percentile (99.0, 99.99, ...)
 *
 * Nearest rank over reads and writes, at fio's own bin resolution.
 *
 * Return: µs, NaN without bins.
 */
double fr_pts_pct_us(const struct fr_pts_run *r, double p);

/**
 * fr_pts_opt() - a run's job option
 * @r: the run
 * @key: the option's name
 *
 * Return: the job's value, else the global one, or NULL when neither says.
 */
const char *fr_pts_opt(const struct fr_pts_run *r, const char *key);

#endif
