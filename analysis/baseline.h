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

#include "model.h"
#include "rank.h"

/* The figures compared, per drive and profile, at the profile's peak. */
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

enum fr_bl_status {
	FR_BL_COMPARED,	     /* both sides, like runs */
	FR_BL_UNLIKE,	     /* both sides but different profile parameters */
	FR_BL_ONLY_INPUT,    /* not in the baseline */
	FR_BL_ONLY_BASELINE, /* in the baseline, not in the inputs */
};

struct fr_bl_row {
	const char *drive, *profile;
	enum fr_bl_status status;
	char *unlike; /* FR_BL_UNLIKE: which parameters differ */
	double base[FR_BL_NMETRICS], cur[FR_BL_NMETRICS];
	double change_pct[FR_BL_NMETRICS]; /* NAN when not computable */
	unsigned crossed;		   /* bit per metric: a --fail-if term crossed */
};

struct fr_baseline {
	const char *dir;
	const char *fail_if; /* the expression as given, or NULL */
	enum fr_basis basis;
	struct fr_bl_row *rows;
	size_t nrows;
	size_t ncrossed;   /* rows with a crossed threshold */
	size_t nunmatched; /* rows not compared (one side only, unlike) */
};

/*
 * Compares the measured drives of cur (ranking rc) with those of the
 * baseline (ranking rb), matched by drive label and profile name only.
 * Returns 0 or -ENOMEM.
 */
int fr_baseline_compare(const struct fr_ranking *rc, const struct fr_ranking *rb,
			const struct fr_gate *g, struct fr_baseline *out);
void fr_baseline_free(struct fr_baseline *b);

/* "bs 4k vs 8k; iodepth 1 vs 8", or NULL when the steps ran alike or what
 * they ran is not known (malloc'd; errno ENOMEM when NULL for lack of it). */
char *fr_bl_unlike(const struct fr_step *cur, const struct fr_step *base);

/* The comparison in each output format (baseline_out.c); nothing for NULL. */
void fr_baseline_text(FILE *f, const struct fr_baseline *b);
void fr_baseline_md(FILE *f, const struct fr_baseline *b);
void fr_baseline_csv(FILE *f, const struct fr_baseline *b);
void fr_baseline_html(FILE *f, const struct fr_baseline *b);
struct json_object;
struct json_object *fr_baseline_json(const struct fr_baseline *b);

#endif
