/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * "Why the tail" (issue 40 item 1): per tag key of a step whose engine
 * results file names tag logs (jobs[].taglog, docs/tags.md), the I/Os above
 * a percentile (--tail-pct) set against the median I/Os (p45-p55) of the
 * same key: what share of each had many writes or reads in flight on the
 * controller, or was submitted while the drive's health samples show
 * throttling or a critical warning.  A factor is named only when a
 * the time fio and the engine held each before the device had it (the
 * records' slat_ns), or
 * one-sided Fisher exact test passes at 0.01 over the factors tested
 * (Bonferroni) and the slow share is 20 points above the median share; no
 * factor is tested with fewer than FR_TW_MIN_SLOW slow I/Os.  The tag logs
 * are opened here, as report_peak.c opens fio's logs: only for a report.
 * Without a tag log, a key's kept outliers are described, never compared.
 */
#ifndef FIORANK_TAILWHY_H
#define FIORANK_TAILWHY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "model/model.h"

#define FR_TW_DEFAULT_PCT 99.9
#define FR_TW_MIN_SLOW	  30   /* fewer slow I/Os: not attributed */
#define FR_TW_ALPHA	  0.01 /* before the correction for the factors tested */
#define FR_TW_MIN_GAP	  0.20 /* slow share at least this much above the median's */
#define FR_TW_BAND_LO	  45   /* the median I/Os: ranks [N*45/100, N*55/100) */
#define FR_TW_BAND_HI	  55
#define FR_TW_K_PCT	  90  /* K: the median I/Os' p90 of the count, at least 1 */
#define FR_TW_CHART_PTS	  300 /* points per chart series at most, evenly picked */

enum fr_tw_factor {
	FR_TW_WRITES, /* writes in flight on the controller at submission >= K */
	FR_TW_READS,  /* reads in flight on the controller at submission >= K */
	FR_TW_SLAT,   /* fio's and the engine's time before the device had it >= K ns */
	FR_TW_HEALTH, /* submitted in a health interval with throttling or a warning */
	FR_TW_NFACTORS,
};

/* One factor's comparison. */
struct fr_tw_test {
	bool tested;	     /* false: not applicable (why_not says why) */
	const char *why_not; /* static text */
	uint32_t k;	     /* the threshold (writes, reads, ns), fixed from the median I/Os */
	uint64_t slow_hits, med_hits;
	double p; /* one-sided Fisher exact, slow share above the median share */
	bool cause;
};

enum fr_tw_source {
	FR_TW_TAGLOG,	/* every I/O, from the tag log */
	FR_TW_OUTLIERS, /* no tag log: the key's kept outliers only */
};

enum fr_tw_verdict {
	FR_TW_CAUSE,	 /* some factor passed */
	FR_TW_NONE,	 /* tested, none passed: "no common cause found" */
	FR_TW_TOO_FEW,	 /* fewer than FR_TW_MIN_SLOW slow I/Os */
	FR_TW_NO_MEDIAN, /* outliers only: nothing to compare with */
};

/* One key's section. */
struct fr_tw_key {
	const struct fr_drive *drive;
	const struct fr_step *step; /* the first step holding the engine file */
	const char *profile;
	char *job;   /* the fio job of the key */
	char *label; /* the key's label (tag=) */
	unsigned nsid;
	enum fr_dir dir;
	enum fr_tw_source source;
	bool truncated;	 /* the tag log ended early: the I/Os it holds */
	char *writes_on; /* "ns1-3": the run's write keys, none on this namespace; NULL: the
			    controller's */
	uint64_t n;	 /* successful I/Os of the key in the log */
	uint64_t n_slow, n_med;
	uint64_t tail_ns;	       /* the fastest slow I/O's latency */
	uint64_t med_lo_ns, med_hi_ns; /* the median band's latencies */
	struct fr_tw_test t[FR_TW_NFACTORS];
	unsigned ntested;
	enum fr_tw_verdict verdict;
	char *sentence;	 /* what every format prints */
	long fdp_events; /* FDP events the drive logged in the run, -1 none known */
	/* the chart: latency (us) against writes in flight, evenly picked */
	double *slow_x, *slow_y, *med_x, *med_y;
	size_t nslow_pts, nmed_pts;
};

struct fr_tailwhy {
	double pct;
	struct fr_tw_key *k;
	size_t n;
};

/**
 * fr_tailwhy_build() - the "why the tail" section of every step with tag logs
 * @m: the model (the steps' engine_doc and source)
 * @pct: the tail's percentile, in (FR_TW_BAND_HI, 100)
 * @tw: filled (fr_tailwhy_free() it); n 0 when no step has tag logs or outliers
 * @err: where a tag log's problem is said (one line each), or NULL
 *
 * Return: 0, or -ENOMEM.
 */
int fr_tailwhy_build(const struct fr_model *m, double pct, struct fr_tailwhy *tw, FILE *err);

/**
 * fr_tailwhy_free() - free what fr_tailwhy_build() made
 * @tw: the section, left empty
 */
void fr_tailwhy_free(struct fr_tailwhy *tw);

/**
 * fr_tw_factor_name() - a factor's name in JSON
 * @f: the factor
 *
 * Return: "writes_inflight", "reads_inflight", "submit_delay" or "health".
 */
const char *fr_tw_factor_name(enum fr_tw_factor f);

/**
 * fr_tw_verdict_name() - a verdict's name in JSON
 * @v: the verdict
 *
 * Return: "cause", "no_common_cause", "too_few" or "no_median".
 */
const char *fr_tw_verdict_name(enum fr_tw_verdict v);

/* The statistics (tailwhy_stat.c), exposed for the unit test. */

/**
 * fr_tw_fisher_greater() - one-sided Fisher exact test
 * @a: hits among the first group (slow)
 * @n1: its size
 * @b: hits among the second group (median)
 * @n2: its size
 *
 * Return: P(X >= @a) for X hypergeometric with @n1 draws from @n1 + @n2
 * items of which @a + @b are hits; 1 when a group is empty.
 */
double fr_tw_fisher_greater(uint64_t a, uint64_t n1, uint64_t b, uint64_t n2);

/**
 * fr_tw_band() - the ranks of the slow and the median I/Os
 * @n: the I/Os
 * @pct: the tail's percentile
 * @slow_from: the first slow rank (ascending latency): floor(@n * pct / 100),
 *             pct taken in millionths
 * @med_from: the first median rank, @n * FR_TW_BAND_LO / 100
 * @med_to: one past the last, @n * FR_TW_BAND_HI / 100
 */
void fr_tw_band(uint64_t n, double pct, uint64_t *slow_from, uint64_t *med_from, uint64_t *med_to);

#endif
