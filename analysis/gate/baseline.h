/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fiorank --baseline DIR: the inputs against an earlier run of the same
 * drives and profiles, and the --fail-if gate ("p99.99>+10%,iops<-5%").
 * Logic only; baseline_out.c prints it in every format.
 */
#ifndef FIORANK_BASELINE_H
#define FIORANK_BASELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "model/model.h"
#include "rank/rank.h"

/* The figures compared, per drive and step of every section. */
enum fr_bl_metric { FR_BL_IOPS, FR_BL_MBPS, FR_BL_MEAN, FR_BL_P99, FR_BL_P9999, FR_BL_NMETRICS };

/* One term of --fail-if: fail when the change of metric is beyond pct. */
struct fr_gate_term {
	enum fr_bl_metric metric;
	bool above; /* '>': fail when change > pct; '<': when change < pct */
	double pct;
};

struct fr_gate {
	struct fr_gate_term *terms;
	size_t nterms;
};

/*
 * Parses "TERM[,TERM]..." with TERM = METRIC ('>'|'<') ('+'|'-')NUMBER '%'
 * and METRIC one of iops, mbps, mean, p99, p99.99.  Returns 0, or -1 with
 * err saying what is wrong and at which character (1-based).
 */
int fr_gate_parse(const char *expr, struct fr_gate *g, char *err, size_t errlen);
void fr_gate_free(struct fr_gate *g);

const char *fr_bl_metric_name(enum fr_bl_metric m);

/*
 * The noise of one figure over repeated runs (baseline_noise.c).  The
 * statistic is the min/max envelope of the changes between every baseline
 * run and every new run: a term is crossed only when every pair crosses it,
 * i.e. every new run is worse than every baseline run by more than the
 * threshold.  Under no change (runs exchangeable) that order has the
 * probability 1 / C(nb + nc, nb), so it is an exact one-sided permutation
 * test at confidence 1 - 1/C(nb + nc, nb): 83.3 % for 2 + 2 runs, 95 % for
 * 3 + 3, 98.6 % for 4 + 4.  It assumes no distribution, which a handful of
 * runs cannot show.  With one run per side there is no estimate.
 */
struct fr_bl_noise {
	unsigned nbase, ncur;		/* runs with the figure on each side */
	double change_lo, change_hi;	/* smallest and largest change over the pairs, % */
	double spread_base, spread_cur; /* (max - min) / median, %; NAN for one run */
	double confidence;		/* 1 - 1/C(nb+nc, nb); 0 for 1 + 1 (no estimate) */
};

/* The median of v[0..n) (sorts v); NAN for n == 0. */
double fr_bl_median(double *v, size_t n);
/* Fills nz from the runs' figures of each side (NAN entries ignored);
 * false when a side has no figure or a baseline figure is not positive. */
bool fr_bl_noise(const double *base, size_t nb, const double *cur, size_t nc,
		 struct fr_bl_noise *nz);
/* Whether term t is crossed: by the median change and, with a noise
 * estimate, by every pair (*within set when only the median crosses). */
bool fr_bl_term_crossed(const struct fr_gate_term *t, double change, const struct fr_bl_noise *nz,
			bool *within);
/* 1 - 1/C(nb + nc, nb); 0 for one run per side. */
double fr_bl_confidence(size_t nb, size_t nc);
/* Whether nz holds a noise estimate (a side with two runs or more). */
bool fr_bl_has_noise(const struct fr_bl_noise *nz);

enum fr_bl_status {
	FR_BL_COMPARED,	     /* both sides, like runs */
	FR_BL_UNLIKE,	     /* both sides but different profile parameters */
	FR_BL_ONLY_INPUT,    /* not in the baseline */
	FR_BL_ONLY_BASELINE, /* in the baseline, not in the inputs */
};

/* What a row compares: every section a run can have (issue 21). */
enum fr_bl_section {
	FR_BL_CURVE, /* a curve step: <profile>@peak, @50, ... */
	FR_BL_WP,    /* a write-pressure read step, per write rate */
	FR_BL_NN,    /* a noisy-neighbor victim (reader), per namespace */
	FR_BL_TQ,    /* a tq-sweep step */
	FR_BL_NSECTIONS,
};

/* The runs of one side: the first is the one shown; the others (repeated
 * runs, --baseline given again or --repeat) estimate the noise. */
struct fr_bl_runs {
	const struct fr_model *const *m;
	size_t n;
};

struct fr_bl_row {
	enum fr_bl_section section;
	const char *drive, *profile, *step;
	unsigned nsid; /* FR_BL_NN: the victim's namespace */
	enum fr_bl_status status;
	char *unlike; /* FR_BL_UNLIKE: which parameters differ */
	/* per metric: the median over the runs of a side that have the figure
	 * (the one run's figure without repeats), NAN when none has */
	double base[FR_BL_NMETRICS], cur[FR_BL_NMETRICS];
	double change_pct[FR_BL_NMETRICS]; /* of the medians; NAN when not computable */
	struct fr_bl_noise noise[FR_BL_NMETRICS];
	unsigned crossed;      /* bit per metric: a --fail-if term crossed */
	unsigned within_noise; /* bit per metric: the change crossed a term, not every pair */
	unsigned undecided;    /* bit per metric: a term could not be evaluated */
	char *why;	       /* what could not be evaluated, where, and the fix (malloc'd) */
};

struct fr_baseline {
	const char *dir;     /* the first baseline directory */
	const char *fail_if; /* the expression as given, or NULL */
	enum fr_basis basis;
	size_t nbase_runs, ncur_runs;
	struct fr_bl_row *rows;
	size_t nrows;
	size_t ncompared;  /* rows compared */
	size_t ncrossed;   /* rows with a crossed threshold */
	size_t nunmatched; /* rows not compared (one side only, unlike) */
	size_t nundecided; /* compared rows where a term could not be evaluated */
	/* with --fail-if: the gate cannot decide (a term evaluated nowhere or
	 * on some pair not at all, or nothing compared); why says so */
	bool undecided;
	char *why;
};

/*
 * Compares every curve, write-pressure, noisy-neighbor and tq-sweep step of
 * the measured drives of cur with the same step (drive label, profile, step
 * name, namespace) of base: never a near one.  The first run of each side
 * makes the rows; the figures and the noise come from every run that has
 * the step.  basis: the latency basis (-b).  Returns 0 or -ENOMEM.
 */
int fr_baseline_compare(const struct fr_bl_runs *cur, const struct fr_bl_runs *base,
			enum fr_basis basis, const struct fr_gate *g, struct fr_baseline *out);
void fr_baseline_free(struct fr_baseline *b);

/* The figure m of step s on basis b, NAN when the output has none: p99 and
 * p99.99 are the worse of the directions that did I/O, NAN when one of
 * them lacks it. */
double fr_bl_figure(const struct fr_step *s, enum fr_bl_metric m, enum fr_basis b);
/* Why figure m of s is absent on basis b, and the fix ("fio printed no
 * total-latency percentiles (lat_percentiles=0, its default): use -b clat,
 * or run fio with lat_percentiles=1"). */
void fr_bl_why_absent(const struct fr_step *s, enum fr_bl_metric m, enum fr_basis b, char *buf,
		      size_t len);
const char *fr_bl_section_name(enum fr_bl_section s);
/* What a row compares, for people: "curve 4k-randread@peak",
 * "noisy-neighbor victim ns4", "write-pressure reads @40 MB/s". */
const char *fr_bl_row_title(char *buf, size_t len, const struct fr_bl_row *r);
/* The gate's verdict: "regression", "cannot decide", "pass", or "no gate"
 * without --fail-if. */
const char *fr_bl_verdict(const struct fr_baseline *b);

/* "bs 4k vs 8k; iodepth 1 vs 8", or NULL when the steps ran alike or what
 * they ran is not known (malloc'd; errno ENOMEM when NULL for lack of it).
 * mode_cache (a JSON object, or NULL) remembers each directory's runner
 * manifest, so that a manifest is read once, not once per step. */
struct json_object;
char *fr_bl_unlike(const struct fr_step *cur, const struct fr_step *base,
		   struct json_object *mode_cache);
/* Puts the runner modes of the manifests the walk of m read into
 * mode_cache, so that fr_bl_unlike reads none of them again. */
void fr_bl_modes_seed(struct json_object *mode_cache, const struct fr_model *m);

/* Its renderers are in out/baseline_out.h. */

#endif
