/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The SNIA PTS tests of jobs/ssdnvme-suite (issue 27: pts-wsat, pts-hir,
 * pts-xsr, pts-dirth, pts-lat, pts-iops, pts-tp): `fiorank pts [-f text|json|csv|html]
 * [-o FILE] DIR...` reads each results directory's manifest, the runs'
 * fio JSON and the per-second logs beside them (pts.c), and prints one
 * PTS-style report per drive and test (pts_out.c: text, JSON, CSV;
 * pts_html.c: HTML pages with SVG charts).  Every figure is read from fio's
 * output or summed from fio's logs; what is missing is said, not guessed.
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

/* main of `fiorank pts` (argv[0] is "pts"). */
int fr_pts_main(int argc, char **argv);

/* Output (pts_out.c, pts_html.c). */
int fr_pts_text(FILE *f, struct fr_pts_drive *d, size_t n);
int fr_pts_csv(FILE *f, struct fr_pts_drive *d, size_t n);
int fr_pts_json(FILE *f, struct fr_pts_drive *d, size_t n);
int fr_pts_html(FILE *f, struct fr_pts_drive *d, size_t n);
/* One chart of the figures as an inline SVG figure (pts_svg.c). */
void fr_pts_svg_chart(FILE *f, struct json_object *chart);
struct fr_pts_page;
/* The figures as JSON: one object per drive and page (pts_fig.c). */
struct json_object *fr_pts_figures(struct fr_pts_drive *d, const struct fr_pts_page *page);
/* The IOPS and throughput tests' figures (pts_iops.c). */
void fr_pts_iops_fig(struct json_object *fig, struct fr_pts_run **runs);
void fr_pts_tp_fig(struct json_object *fig, struct fr_pts_run **runs, const char *part);

/* The report's pages in order: one per test, the throughput test one per
 * block size (PTS's 128 KiB and 1024 KiB tests); main_test is the test
 * whose job options the header shows (NULL: the first measured run). */
struct fr_pts_page {
	const char *suite, *part, *main_test;
};
#define FR_PTS_NPAGES 8
extern const struct fr_pts_page fr_pts_pages[FR_PTS_NPAGES];

#endif
