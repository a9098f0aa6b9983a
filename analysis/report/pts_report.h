/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The report model of `fiorank pts` (issue 38): what the report stage
 * gathers from the runs read (read/pts.h) for every drive and page, as
 * plain structs the renderers (out/pts_out.h) print without opening an
 * input or walking a JSON tree.  A figure that was not measured is NaN.
 * Made by pts_fig.c (one page), pts_rank.c (all pages, the places);
 * pts_fig.h says how.
 */
#ifndef FIORANK_PTS_REPORT_H
#define FIORANK_PTS_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct fr_run_info;

/* The specification the pages follow, as the suites read it (jobs/README.md,
 * "SNIA PTS tests"): every page says so under its title. */
#define FR_PTS_SPEC                                                                        \
	"SNIA Solid State Storage Performance Test Specification (PTS) 2.0.x, Enterprise " \
	"(as ssdnvme's jobs/README.md reads it)"

/* A header value as the manifest types it (JSON: a nested value's text). */
enum fr_pts_vtype { FR_PTS_NULL, FR_PTS_STR, FR_PTS_INT, FR_PTS_DBL, FR_PTS_BOOL, FR_PTS_JSON };

struct fr_pts_field {
	char *key;
	enum fr_pts_vtype type;
	char *s; /* FR_PTS_STR, FR_PTS_JSON */
	int64_t i;
	double d;
	bool b;
};

/* A table cell: a name (s) or a figure (v; NaN: not measured). */
struct fr_pts_cell {
	char *s;
	double v;
};

struct fr_pts_row {
	struct fr_pts_cell *cells;
	size_t n;
};

struct fr_pts_table {
	char *name;
	char **cols;
	size_t ncols;
	struct fr_pts_row **rows;
	size_t nrows;
};

/* A chart's line: its points in order (y NaN: none at that x). */
struct fr_pts_line {
	char *name;
	double *x, *y;
	size_t n;
	bool guide; /* a guide of the steady-state plot (average, +-10 %, slope) */
};

/* A line chart, with how it is drawn: x_scale "log2" (ticks at the points'
 * x), y_scale "log10", kind "bars3d" (the lines as rows of bars over the x
 * values as categories), x_labels (a name per x = 1, 2, ...); the
 * measurement window (rounds window_lo..window_hi) shaded when has_window. */
struct fr_pts_chart {
	char *name, *x, *y;
	const char *x_scale, *y_scale, *kind;
	char **x_labels;
	size_t nlabels;
	bool has_window;
	double window_lo, window_hi;
	struct fr_pts_line **lines;
	size_t nlines;
};

/* PTS's window rule on one measure's rounds (report/pts_ss.h). */
struct fr_pts_verdict {
	const char *measure, *unit; /* the per-measure verdicts' */
	size_t rounds;
	double *round_values; /* rounds of them */
	int window;
	bool has_window; /* at least a window of rounds: the figures below */
	int first_round;
	double average, max, min, range_pct, slope, excursion_pct;
	bool steady;
	char reason[128]; /* why there is no window, or "" */
	bool chosen;	  /* the runner waited for this measure */
};

/* A test's steady state: fiorank's IOPS verdict, the measures' verdicts. */
struct fr_pts_ss {
	char *verdict_file;
	const char *rounds_from;
	struct fr_pts_verdict iops;
	char *refused;	   /* the verdict file refused, why; or NULL */
	bool refused_late; /* refused on the measures (said after them in JSON) */
	struct fr_pts_verdict *measures;
	size_t nmeasures;
	char *steady_measures;
	bool has_chosen, chosen_steady;
};

struct fr_pts_figure {
	char *name;
	double v;
};

/* The figure the drives are ranked by on a page. */
struct fr_pts_merit {
	char *name;
	double value;
	bool higher;
	char *steady_measures; /* beside it, from the steady state; or NULL */
	int place;	       /* among the drives that ran the page; 0: none */
	const char *no_place;  /* why it has none, or NULL */
};

/* One drive's page of one test. */
struct fr_pts_fig {
	char *label; /* the drive's label in the results */
	char *drive; /* its name on the page */
	const char *test, *part;
	struct fr_pts_field *header;
	size_t nheader;
	struct fr_pts_figure *figures;
	size_t nfigures;
	struct fr_pts_table **tables;
	size_t ntables;
	struct fr_pts_chart **charts;
	size_t ncharts;
	struct fr_pts_ss *ss; /* NULL: the test has no rounds */
	char *note;
	struct fr_pts_merit *merit;
};

/* The report: every drive's pages in page order, and how it was made. */
struct fr_pts_report {
	struct fr_pts_fig **figs;
	size_t n;
	const struct fr_run_info *ri; /* NULL: not said */
	const char *spec;
};

#endif
