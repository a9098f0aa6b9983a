/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A SNIA PTS test's steady state judged on its tails as well as its IOPS
 * (issue 41 item 5; pts_tails.c).
 */
#ifndef FIORANK_PTS_TAILS_H
#define FIORANK_PTS_TAILS_H

#include "read/pts.h"
#include "report/pts_report.h"

struct json_object;

/**
 * pts_window_lines() - PTS's steady-state plot lines over a window
 * @c: the chart (pts_chart())
 * @v: a verdict with first_round, window, average and slope (pts_ss_judge_v())
 * @prefix: put before each line's name ("" for the IOPS chart)
 *
 * Across the measurement window: the window's average, the average +10 %
 * and -10 % (a range of 20 % of it), and the least-squares line (the
 * verdict's slope through the window's middle round at its average).
 * Nothing when @v has no window (fewer than five rounds).
 */
void pts_window_lines(struct fr_pts_chart *c, const struct fr_pts_verdict *v, const char *prefix);

/**
 * pts_tails() - the per-measure steady state of a test's rounds
 * @fig: the page's figures: gets the table "steady state per measure" and
 *       the chart "tail convergence" (p99 and p99.99 per round, µs)
 * @ss: the page's steady state (pts_steady_state()): gets measures (one
 *      verdict per measure: iops, p99, p99.99, each with chosen),
 *      steady_measures and chosen_steady; refused when the verdict file
 *      names an unknown measure or its word on a tail disagrees
 * @file: the runner's verdict file; its "measures" are the ones the runner
 *        waited for (--ss-measures; iops when it names none)
 * @runs: the test's runs: each round's run (wdpc ss-round<N>, or the
 *        tracking step of round<N>) gives that round's p99 and p99.99 from
 *        fio's json+ completion-latency bins (fr_pts_pct_us())
 */
void pts_tails(struct fr_pts_fig *fig, struct fr_pts_ss *ss, struct json_object *file,
	       struct fr_pts_run **runs);

#endif
