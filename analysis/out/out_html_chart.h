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
#include "out/out_ops.h"

/* The HTML format's own state (struct fr_out.fmt): the page the header
 * and the table of contents go to, the body in memory the sections go to,
 * and the palette every chart shares. */
struct fr_html_fmt {
	FILE *page;
	char *body;
	size_t len;
	struct fr_palette pal;
};

/* Entries of fr_html_ops (out_html_rank.c). */
/**
 * fr_html_profiles() - the HTML report's profile rankings
 * @o: the report being written, an entry of fr_html_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_html_profiles(struct fr_out *o);
/**
 * fr_html_write_pressure() - the HTML report's write-pressure section
 * @o: the report being written, an entry of fr_html_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_html_write_pressure(struct fr_out *o);
/**
 * fr_html_tailwhy() - the HTML report's "why the tail" section (out_html_tailwhy.c)
 * @o: the report being written, an entry of fr_html_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_html_tailwhy(struct fr_out *o);
/**
 * fr_html_copy() - the HTML report's Copy section (out_html_copy.c)
 * @o: the report being written, an entry of fr_html_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_html_copy(struct fr_out *o);

/**
 * fr_html_curve_label() - the label of a step's point on a latency curve
 * @buf: where the label is written (terminated, cut to fit)
 * @len: @buf's size in bytes
 * @s: the step
 *
 * "10 %" for a capped step (a name that is a number), the name itself
 * ("peak", "first") otherwise, with "!" when the step fell short of its
 * rate target (fr_step_target_missed() not NaN: "120 %!").
 */
void fr_html_curve_label(char *buf, size_t len, const struct fr_step *s);

/**
 * fr_html_p99_curves() - a profile's p99 latency curves, one chart per direction
 * @f: the HTML report being written
 * @pr: the profile's ranking, its entries' curves in step order
 * @basis: which latency the chart takes: completion (FR_CLAT) or total (FR_LAT)
 * @pal: the report's palette, so a drive keeps its colour
 * @sc: the section's scales, decided by the report stage over the mean and
 *      the p99 charts' points (fr_report.sect, report/report_sect.h)
 *
 * For read and for write, when some drive has a p99 there (the direction
 * did I/O): achieved IOPS against that direction's 99th percentile
 * latency in µs, beside the mean-latency chart.  Drives without a p99
 * (published curves give means only) are left out, and a note under the
 * chart says how many.  A direction no drive has a p99 of gets no chart;
 * out of memory, a chart is left out silently.
 */
void fr_html_p99_curves(FILE *f, const struct fr_profile_rank *pr, enum fr_basis basis,
			struct fr_palette *pal, const struct fr_scales *sc);

/**
 * fr_html_dist() - a profile's latency distribution and mean over time at the peak
 * @f: the HTML report being written
 * @pr: the profile's ranking
 * @ps: the profile's peak series, one per entry of @pr (fr_report.peak),
 *      or NULL for none
 * @pal: the report's palette
 *
 * At each measured drive's peak step (out_html_dist.c): the completion
 * latency distribution from fio json+ bins (share of the step's I/Os per
 * latency in µs) and the mean completion latency over time from the
 * engine's tag series, each chart drawn only where some drive has its
 * points.  Nothing is read or computed here: the series are the report
 * stage's.
 */
void fr_html_dist(FILE *f, const struct fr_profile_rank *pr, const struct fr_peak_series *ps,
		  struct fr_palette *pal);

/**
 * fr_html_fio_logs() - a profile's latency over time from fio's own logs
 * @f: the HTML report being written
 * @pr: the profile's ranking
 * @ps: the profile's peak series, one per entry of @pr (fr_report.peak),
 *      or NULL for none
 * @pal: the report's palette
 *
 * At each measured drive's peak step (out_html_log.c): mean and p99
 * completion latency per interval over the job's time, each in its own
 * chart only where some drive's logs give it, with a note saying what a
 * point is and why a drive's logs gave none.
 */
void fr_html_fio_logs(FILE *f, const struct fr_profile_rank *pr, const struct fr_peak_series *ps,
		      struct fr_palette *pal);

/**
 * fr_html_steady() - the steady-state convergence section
 * @f: the HTML report being written
 * @rep: the report (its model's drives are read)
 * @pal: the report's palette
 *
 * Per measured drive (not a reference) whose run has the runner's
 * steady-state rounds (out_html_ss.c): IOPS per round with the window's
 * average, the +-20 % band and the least-squares line of the rule.  The
 * verdict stays the runner's.  Nothing, not even the heading, when no
 * drive has rounds.
 */
void fr_html_steady(FILE *f, const struct fr_report *rep, struct fr_palette *pal);

/**
 * fr_html_nn() - the noisy-neighbor section
 * @f: the HTML report being written
 * @rep: the report; its noisy-neighbor split (fr_report.nn, report.c)
 * @pal: the report's palette
 *
 * Victims (readers) ranked per namespace by their read tail, aggressors
 * (writers) apart, and the io_uring_cmd cross-check run as a ratio to the
 * ssdnvme run rather than a competitor (out_html_nn.c).  Nothing when the
 * report has no noisy-neighbor split.
 */
void fr_html_nn(FILE *f, const struct fr_report *rep, struct fr_palette *pal);

#endif
