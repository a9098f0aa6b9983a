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

/**
 * fr_gate_parse() - parse a --fail-if expression
 * @expr: "TERM[,TERM]..." with TERM = METRIC ('>'|'<') ('+'|'-')NUMBER '%'
 *        and METRIC one of iops, mbps, mean, p99, p99.99; no spaces, the
 *        number plain decimal ("p99.99>+10%,iops<-5%")
 * @g: filled with the terms in order (free with fr_gate_free()); left
 *     empty on failure
 * @err: where what is wrong is written on failure (terminated, cut to fit)
 * @errlen: @err's size in bytes
 *
 * Return: 0, or -1 with @err quoting the expression and saying what is
 * wrong and at which character (1-based), or "out of memory".
 */
int fr_gate_parse(const char *expr, struct fr_gate *g, char *err, size_t errlen);
/**
 * fr_gate_free() - free a gate's terms
 * @g: the gate; left empty, so freeing twice is safe
 */
void fr_gate_free(struct fr_gate *g);

/**
 * fr_bl_metric_name() - the name of a compared figure, as --fail-if spells it
 * @m: the metric
 *
 * Return: "iops", "mbps", "mean", "p99" or "p99.99"; "?" for a value out of
 * range (a static string).
 */
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

/**
 * fr_bl_median() - the median of some figures
 * @v: the figures, none NaN; sorted in place
 * @n: how many
 *
 * Return: the middle one, or the mean of the two middle ones for an even
 * @n; NAN for @n 0.
 */
double fr_bl_median(double *v, size_t n);
/**
 * fr_bl_noise() - the noise estimate of one figure over the runs of each side
 * @base: the figure in each baseline run (NAN or infinite where a run has
 *        none: left out)
 * @nb: how many baseline runs
 * @cur: the figure in each new run, likewise
 * @nc: how many new runs
 * @nz: filled whole: runs with the figure per side, the smallest and
 *      largest change in % over the pairs, each side's spread and the
 *      confidence; the figures NAN (confidence 0) when false is returned
 *
 * Return: true when both sides have the figure and every baseline figure is
 * positive (a change in percent exists); false otherwise, or when out of
 * memory.
 */
bool fr_bl_noise(const double *base, size_t nb, const double *cur, size_t nc,
		 struct fr_bl_noise *nz);
/**
 * fr_bl_term_crossed() - whether a --fail-if term is crossed
 * @t: the term
 * @change: the change of the medians, in % (NAN: not crossed)
 * @nz: the figure's noise (fr_bl_noise())
 * @within: set to true when the median change crosses the term but, with a
 *          noise estimate, not every pair does (within the noise); else false
 *
 * Return: true when @change is beyond the term and, when @nz holds a noise
 * estimate, so is every pair of runs (the pair least in the term's
 * direction).
 */
bool fr_bl_term_crossed(const struct fr_gate_term *t, double change, const struct fr_bl_noise *nz,
			bool *within);
/**
 * fr_bl_confidence() - the confidence of "every new run beyond every baseline run"
 * @nb: baseline runs that have the figure
 * @nc: new runs that have it
 *
 * The exact one-sided permutation test of struct fr_bl_noise, under
 * exchangeable runs.
 *
 * Return: 1 - 1/C(@nb + @nc, @nb), a fraction (0.833 for 2 + 2); 0 when
 * neither side has two runs (no estimate).
 */
double fr_bl_confidence(size_t nb, size_t nc);
/**
 * fr_bl_has_noise() - whether a noise estimate exists
 * @nz: the figure's noise (fr_bl_noise())
 *
 * Return: true when a side has the figure in two runs or more.
 */
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
	/* compared rows: each metric's figure in every run, the baseline's
	 * runs first, then the new ones (NAN where a run lacks it):
	 * runfig[metric * (nbase_runs + ncur_runs) + run]; malloc'd */
	double *runfig;
	/* compared rows: the runs of each side that hold the step (repeated
	 * runs may lack it; only these give its figures and noise) */
	unsigned base_held, cur_held;
};

struct fr_baseline {
	const char *dir;     /* the first baseline directory */
	const char *fail_if; /* the expression as given, or NULL */
	enum fr_basis basis;
	size_t nbase_runs, ncur_runs;
	struct fr_bl_row *rows;
	size_t nrows;
	size_t ncompared;   /* rows compared */
	size_t ncrossed;    /* rows with a crossed threshold */
	size_t nunmatched;  /* rows not compared (one side only, unlike) */
	size_t nundecided;  /* compared rows where a term could not be evaluated */
	size_t nincomplete; /* compared rows some run of a side lacks */
	/* with --fail-if: the gate cannot decide (a term evaluated nowhere or
	 * on some pair not at all, or nothing compared); why says so */
	bool undecided;
	char *why;
	/* the inputs' drives the baseline has no drive of, and what it holds
	 * instead ("the baseline holds no drive 'A' (it holds 'B')..."), or NULL */
	char *other_drives;
	const char *drive_as; /* --baseline-drive BASE=NEW as given, or NULL */
	/* the verdict's permutation test (fr_bl_verdict_test()): splits of
	 * the runs weighed (0: no test), and how many of them other than the
	 * actual one show as large an exceedance */
	size_t splits, splits_ge;
};

/**
 * fr_baseline_compare() - compare the inputs with the baseline, and gate
 * @cur: the new runs (the inputs, then each --repeat); at least one
 * @base: the baseline runs (each --baseline); at least one
 * @basis: the latency basis (-b)
 * @g: the --fail-if gate, or NULL for none
 * @out: the result; the caller zeroes it and sets dir and fail_if first;
 *       rows are added, counts and the verdict set (free with
 *       fr_baseline_free(), also after a failure)
 *
 * Every curve, write-pressure, noisy-neighbor and tq-sweep step of the
 * measured drives of @cur's first run is matched with the same step (drive
 * label, profile, step name, namespace) of @base's first run, never a near
 * one; then the baseline's steps the inputs lack.  A step on one side only
 * or a pair run with different parameters is a row that is not compared.
 * The figures (medians) and the noise come from every run that has the
 * step.  A term a compared row cannot evaluate, a term evaluated nowhere or
 * nothing compared makes the gate undecided, with why.  A measured drive of
 * the inputs that the baseline has no drive of is named in other_drives,
 * with the baseline's drives (a baseline of another drive).
 *
 * Return: 0, or -ENOMEM.
 */
int fr_baseline_compare(const struct fr_bl_runs *cur, const struct fr_bl_runs *base,
			enum fr_basis basis, const struct fr_gate *g, struct fr_baseline *out);
/**
 * fr_bl_verdict_confidence() - the confidence of the gate's verdict
 * @nb: baseline runs
 * @nc: new runs
 *
 * Return: 1 - 1/C(@nb + @nc, @nb) (1 - 1/10000 beyond 10000 splits), the
 * share of gates on pure noise that do not fail, whatever the number of
 * steps and terms; 0 when neither side has two runs (no estimate).
 */
double fr_bl_verdict_confidence(size_t nb, size_t nc);
/**
 * fr_bl_verdict_test() - whether the crossed rows hold as a whole
 * @b: a comparison whose rows are gated (fr_baseline_compare() calls it)
 * @g: the gate
 *
 * With repeated runs, a regression stands only when no other split of the
 * same runs into groups of the same sizes shows an exceedance as large
 * (the largest, over the compared rows and terms, of how far the least
 * extreme pair is beyond its threshold): an exact permutation test over
 * whole runs at fr_bl_verdict_confidence().  Otherwise the crossed rows
 * become "within the noise" and ncrossed 0.  Sets splits and splits_ge.
 *
 * Return: 0, or -ENOMEM (nothing changed).
 */
int fr_bl_verdict_test(struct fr_baseline *b, const struct fr_gate *g);
/**
 * fr_bl_other_drives() - whether the baseline is of other drives
 * @cur: the inputs' first run
 * @base: the baseline's first run
 *
 * Return: NULL when each measured drive of @cur has a drive of its label in
 * @base (or out of memory); else "the baseline holds no drive 'A' (its
 * measured drives: 'B'): it is of another drive; --baseline-drive 'B=A'
 * compares them on purpose" (malloc'd, the caller frees it).
 */
char *fr_bl_other_drives(const struct fr_model *cur, const struct fr_model *base);
/**
 * fr_baseline_free() - free a comparison's rows and texts
 * @b: the comparison; its rows and why are freed and left empty (dir and
 *     fail_if are the caller's)
 */
void fr_baseline_free(struct fr_baseline *b);

/**
 * fr_bl_figure() - one compared figure of a step
 * @s: the step
 * @m: the metric
 * @b: the latency basis
 *
 * Return: IOPS, MB/s (fr_step_mbps()), or latency in ns: the mean over the
 * directions weighted by operations, p99 and p99.99 the worse of the
 * directions that did I/O; NAN when the output has none (for a percentile,
 * when one direction that did I/O lacks it).
 */
double fr_bl_figure(const struct fr_step *s, enum fr_bl_metric m, enum fr_basis b);
/**
 * fr_bl_why_absent() - why a figure of a step is absent, and the fix
 * @s: the step
 * @m: the metric fr_bl_figure() gave NAN for
 * @b: the latency basis
 * @buf: where the text is written (terminated, cut to fit)
 * @len: @buf's size in bytes
 *
 * "fio printed no total-latency percentiles (lat_percentiles=0, its
 * default): use -b clat, or run fio with lat_percentiles=1".  A mean or
 * completion-latency percentile points to the other basis only when the
 * step has it there; a percentile fio printed others of is one missing
 * from its percentile_list.
 */
void fr_bl_why_absent(const struct fr_step *s, enum fr_bl_metric m, enum fr_basis b, char *buf,
		      size_t len);
/**
 * fr_bl_section_name() - the name of a compared section
 * @s: the section
 *
 * Return: "curve", "write-pressure", "noisy-neighbor" or "tq-sweep"; "?"
 * for a value out of range (a static string).
 */
const char *fr_bl_section_name(enum fr_bl_section s);
/**
 * fr_bl_row_title() - what a row compares, for people
 * @buf: where the title is written (terminated, cut to fit)
 * @len: @buf's size in bytes
 * @r: the row
 *
 * Return: @buf, holding "curve 4k-randread@peak", "tq-sweep
 * tq-sweep@t4q4", "noisy-neighbor victim ns4" or "write-pressure reads
 * @40 MB/s".
 */
const char *fr_bl_row_title(char *buf, size_t len, const struct fr_bl_row *r);
/**
 * fr_bl_verdict() - the gate's verdict
 * @b: the comparison
 *
 * Return: "no gate" without --fail-if, else "regression" when some row
 * crossed a term, "cannot decide" when the gate is undecided, "pass"
 * otherwise (a static string).
 */
const char *fr_bl_verdict(const struct fr_baseline *b);

struct json_object;
/**
 * fr_bl_unlike() - the parameters two steps ran with differently
 * @cur: the new run's step
 * @base: the baseline's step
 * @mode_cache: a JSON object remembering each directory's runner mode from
 *              its manifest.json, so that a manifest is read once, not once
 *              per step; or NULL (read every time)
 *
 * The fio options each step's output applied (global, then the job's
 * own; from the tree its reader kept, for a step of one job name) are
 * compared in fr_opt_canon()'s spelling, leaving out rate caps, pacing,
 * logs and where the data went (filename, directory); then the runner
 * modes (short, full) when both are known.
 *
 * Return: "bs 4096 here, 8192 in the baseline; iodepth 1 here, 8 in the
 * baseline" (malloc'd, the caller frees it), or NULL when the steps ran
 * alike or what they ran is not known.  NULL for lack of memory sets errno
 * to ENOMEM, so a caller that tells the two apart clears errno first.
 */
char *fr_bl_unlike(const struct fr_step *cur, const struct fr_step *base,
		   struct json_object *mode_cache);
/**
 * fr_bl_modes_seed() - fill the runner-mode cache from a model's manifests
 * @mode_cache: the cache fr_bl_unlike() takes (a JSON object, not NULL)
 * @m: a model whose walk read manifest.json files
 *
 * Each directory whose manifest the walk kept gets its mode ("" for none),
 * so that fr_bl_unlike() reads none of them again.  Out of memory, an
 * entry is left out (fr_bl_unlike() then reads the file).
 */
void fr_bl_modes_seed(struct json_object *mode_cache, const struct fr_model *m);

/* Its renderers are in out/baseline_out.h. */

#endif
