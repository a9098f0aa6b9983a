/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The HTML report's chart sections beyond out_html.c's own (one file per
 * concern: out_html_lat.c latency percentiles, out_html_nn.c noisy
 * neighbor, out_html_dist.c distributions and time series).  Each takes the
 * report's palette, so that a drive keeps its colour in every chart.
 */
#ifndef FIORANK_OUT_HTML_CHART_H
#define FIORANK_OUT_HTML_CHART_H

#include <stdio.h>

#include "out/out.h"
#include "chart/svg.h"
#include "report/report_peak.h"

/* A curve point's label: "10 %" for a capped step, the name itself
 * ("peak", "first") otherwise, with "!" when the step fell short of its
 * rate target ("120 %!"). */
void fr_html_curve_label(char *buf, size_t len, const struct fr_step *s);

/* Per direction that did I/O in the profile: achieved IOPS against that
 * direction's 99th percentile latency, beside the mean-latency chart.
 * Drives without a p99 (published curves give means only) are left out
 * of it, and the chart says so. */
void fr_html_p99_curves(FILE *f, const struct fr_profile_rank *pr, enum fr_basis basis,
			struct fr_palette *pal, const struct fr_scales *sc);

/* Per profile, at each measured drive's peak (out_html_dist.c): the latency
 * distribution from fio json+ bins and the mean over time from the engine's
 * tag series, each only where some drive has it; ps: the profile's series
 * per entry (fr_report.peak), NULL for none. */
void fr_html_dist(FILE *f, const struct fr_profile_rank *pr, const struct fr_peak_series *ps,
		  struct fr_palette *pal);

/* Per profile, at each measured drive's peak (out_html_log.c): mean and
 * p99 completion latency over time from fio's own latency logs, each only
 * where some drive's logs give it. */
void fr_html_fio_logs(FILE *f, const struct fr_profile_rank *pr, const struct fr_peak_series *ps,
		      struct fr_palette *pal);

/* Steady state (out_html_ss.c): per measured drive with the runner's
 * steady-state rounds, IOPS per round with the window's average, the
 * +-20 % band and the least-squares line of the rule. */
void fr_html_steady(FILE *f, const struct fr_report *rep, struct fr_palette *pal);

/* Noisy neighbor (out_html_nn.c): victims (readers) per namespace,
 * aggressors (writers) apart, the io_uring_cmd cross-check as a ratio. */
void fr_html_nn(FILE *f, const struct fr_report *rep, struct fr_palette *pal);

#endif
