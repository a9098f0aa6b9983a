/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The SNIA PTS tests of jobs/ssdnvme-suite (issue 27: pts-wsat, pts-hir,
 * pts-xsr, pts-dirth, pts-lat, pts-iops, pts-tp): `fiorank pts [-f text|json|csv|html]
 * [-o FILE] DIR...` reads each results directory's manifest, the runs'
 * fio JSON and the per-second logs beside them (pts.c), and prints one
 * PTS-style report per drive and test.  This header is the reading stage's
 * part: the runs and the figures fio gives for each.  The report stage
 * gathers each test's figures (report/pts_fig.h), the renderers print them
 * (out/pts_out.h), cli/pts_main.c is the command line.  Every figure is read
 * from fio's output or summed from fio's logs; what is missing is said, not
 * guessed.
 */
#ifndef FIORANK_PTS_H
#define FIORANK_PTS_H

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

int fr_pts_load(const char *dir, struct fr_pts_drive **drives, size_t *n, FILE *err);
void fr_pts_drive_free(struct fr_pts_drive *d);

/* The runs of suite in order (a NULL-terminated array to free), or NULL. */
struct fr_pts_run **fr_pts_runs(const struct fr_pts_drive *d, const char *suite);
/* Reads <json without .json>_<kind>.<N>.log for every N; 0, or -1 when none. */
int fr_pts_log(const struct fr_pts_run *r, const char *kind, struct fr_pts_series *s);
void fr_pts_series_free(struct fr_pts_series *s);

/* Figures of a run's first job (fio group_reporting: one per run). */
double fr_pts_iops(const struct fr_pts_run *r);
double fr_pts_mbps(const struct fr_pts_run *r);
double fr_pts_mean_us(const struct fr_pts_run *r); /* over reads and writes, by I/Os */
double fr_pts_max_us(const struct fr_pts_run *r);
/* The p-th percentile (nearest rank) over reads and writes from json+'s
 * latency bins (fio's own resolution), NAN without bins. */
double fr_pts_pct_us(const struct fr_pts_run *r, double p);
/* A job option (job, then global), or NULL. */
const char *fr_pts_opt(const struct fr_pts_run *r, const char *key);

#endif
