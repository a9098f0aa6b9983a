/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The --baseline comparison as every renderer prints it (issue 24): the
 * gate's rows (gate/baseline.h) turned once per run, by fr_report_build
 * (report.h), into what out/baseline_out.c prints: each row's title,
 * status, figures, noise and crossings, and the comparison's summary and
 * verdict, so that the renderers need none of the gate's types.
 */
#ifndef FIORANK_REPORT_BASELINE_H
#define FIORANK_REPORT_BASELINE_H

#include <stdbool.h>
#include <stddef.h>

#include "model/model.h"

struct fr_baseline;

/* The figures a row compares, in the gate's order (enum fr_bl_metric;
 * report_baseline.c checks that each is the gate's). */
enum fr_rbl_metric {
	FR_RBL_IOPS,
	FR_RBL_MBPS,
	FR_RBL_MEAN, /* this and the ones after it are latencies, in ns */
	FR_RBL_P99,
	FR_RBL_P9999,
	FR_RBL_NMETRICS
};

/* One figure's noise over repeated runs (the gate's struct fr_bl_noise). */
struct fr_rbl_noise {
	unsigned nbase, ncur;		/* runs with the figure on each side */
	bool estimate;			/* a side has two runs or more */
	double change_lo, change_hi;	/* smallest and largest change over the pairs, % */
	double spread_base, spread_cur; /* (max - min) / median, %; NAN for one run */
	double confidence;		/* of the permutation test; 0 without an estimate */
};

/* One step compared (or not) with the baseline. */
struct fr_rbl_row {
	const char *section; /* "curve", "write-pressure", "noisy-neighbor", "tq-sweep" */
	const char *drive, *profile, *step;
	unsigned nsid;	    /* a noisy-neighbor victim's namespace, else 0 */
	char title[512];    /* "curve 4k-randread@peak", "noisy-neighbor victim ns4" */
	const char *status; /* "compared", "not compared: unlike runs", ... */
	/* a compared step some runs lack: "compared in the runs that hold it:
	 * 2 of 2 baseline, 1 of 2 new" (status points here) */
	char held[96];
	unsigned base_held, cur_held; /* runs holding a compared step, per side */
	bool has_base;		      /* the baseline has the step */
	bool has_cur;		      /* the inputs have the step */
	bool compared;		      /* both, alike: figures, changes and noise hold */
	const char *unlike;	      /* which parameters differ, or NULL */
	const char *why;	      /* what could not be evaluated and the fix, or NULL */
	double base[FR_RBL_NMETRICS], cur[FR_RBL_NMETRICS]; /* NAN when absent */
	double change_pct[FR_RBL_NMETRICS];		    /* NAN when not computable */
	struct fr_rbl_noise noise[FR_RBL_NMETRICS];
	unsigned crossed;      /* bit (1u << metric): a --fail-if term crossed */
	unsigned within_noise; /* bit: beyond a term by the median, not every pair */
	unsigned undecided;    /* bit: a term could not be evaluated */
};

/* The comparison as printed. */
struct fr_report_baseline {
	const char *dir;     /* the first baseline directory */
	const char *fail_if; /* the expression as given, or NULL */
	const char *verdict; /* "regression", "cannot decide", "pass", "no gate" */
	const char *why;     /* why the gate cannot decide, or NULL */
	/* the baseline of another drive, said so (fr_bl_other_drives()), or NULL */
	const char *other_drives;
	const char *drive_as; /* --baseline-drive BASE=NEW as given, or NULL */
	enum fr_basis basis;
	const char *metric[FR_RBL_NMETRICS]; /* each figure's name: "iops", "p99.99" */
	size_t nbase_runs, ncur_runs;
	/* of the verdict: at most 1 - confidence of gates on pure noise fail,
	 * whatever the number of steps and terms; 0 for one run per side */
	double confidence;
	/* the verdict's permutation test: splits of the runs weighed (0: not
	 * made) and how many others show as large an exceedance */
	size_t splits, splits_ge;
	size_t ncompared, nunmatched, ncrossed, nundecided;
	size_t nincomplete; /* compared steps some runs lack */
	struct fr_rbl_row *rows;
	size_t nrows;
};

/**
 * fr_report_baseline_build() - the baseline comparison as printed, once
 * @b: the gate's comparison (its rows are pointed at, not copied: it must
 *     outlive @out)
 * @out: filled; fr_report_baseline_free() it
 *
 * Return: 0, or -ENOMEM (@out then empty).
 */
int fr_report_baseline_build(const struct fr_baseline *b, struct fr_report_baseline *out);

/**
 * fr_report_baseline_free() - free what fr_report_baseline_build() made
 * @bl: the comparison as printed
 */
void fr_report_baseline_free(struct fr_report_baseline *bl);

#endif
