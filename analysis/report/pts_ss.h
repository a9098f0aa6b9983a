/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A SNIA PTS test's steady state as fiorank judges it (pts_ss.c).
 */
#ifndef FIORANK_PTS_SS_H
#define FIORANK_PTS_SS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "read/pts.h"
#include "report/pts_report.h"

struct json_object;

/* PTS's measurement window: five rounds */
#define PTS_SS_WINDOW 5

/**
 * pts_steady_state() - the PTS steady-state rule on a test's rounds
 * @file: the runner's verdict (steady-state[-<part>].json), as read
 * @path: its path, named when it is refused
 * @runs: the test's runs (NULL-terminated): the wdpc rounds' fio outputs
 *        (ss-round<N>) give the rounds' IOPS when there are any, else the
 *        file's round_iops do
 *
 * The last five rounds: max - min <= 20 % of their average and the
 * least-squares excursion over them <= 10 %.  A file whose rounds are not
 * fio's, or whose steady, range_pct or excursion_pct disagree with the rule
 * on its rounds, is refused: "refused" says so, naming it, and steady is
 * false.
 *
 * Return: a new steady state (its iops verdict: the rounds judged), NULL
 * out of memory.
 */
struct fr_pts_ss *pts_steady_state(struct json_object *file, const char *path,
				   struct fr_pts_run **runs);

/**
 * pts_ss_judge_v() - the PTS window rule on a measure's rounds
 * @v: the measure per round, first round first
 * @n: how many rounds (at least PTS_SS_WINDOW)
 * @out: where first_round, average, max, min, range_pct, slope,
 *       excursion_pct and steady are set (has_window true)
 *
 * The last five rounds: max - min <= 20 % of their average and the
 * least-squares excursion over them (|slope| x 4 rounds) <= 10 %.
 */
void pts_ss_judge_v(const double *v, size_t n, struct fr_pts_verdict *out);

/**
 * pts_verdict_put() - a verdict's window figures as JSON members
 * @o: the object they are added to: first_round, average, max, min,
 *     range_pct, slope, excursion_pct (null when NaN), steady
 * @v: the verdict (has_window)
 * @skip_nan: leave a NaN figure out instead of writing null
 */
void pts_verdict_put(struct json_object *o, const struct fr_pts_verdict *v, bool skip_nan);

/**
 * pts_ss_judge() - pts_ss_judge_v() into a JSON object
 * @v: the measure per round
 * @n: how many rounds (at least PTS_SS_WINDOW)
 * @ss: where the figures are put (pts_verdict_put())
 */
void pts_ss_judge(const double *v, size_t n, struct json_object *ss);

#endif
