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
 * Return: a new object: verdict_file, rounds_from, rounds, round_iops (the
 * rounds judged), window,
 * first_round, average, max, min, range_pct, slope, excursion_pct, steady
 * (fiorank's), and refused or reason when they apply.
 */
struct json_object *pts_steady_state(struct json_object *file, const char *path,
				     struct fr_pts_run **runs);

/**
 * pts_ss_judge() - the PTS window rule on a measure's rounds
 * @v: the measure per round, first round first
 * @n: how many rounds (at least PTS_SS_WINDOW)
 * @ss: where first_round, average, max, min, range_pct, slope,
 *      excursion_pct and steady are put
 *
 * The last five rounds: max - min <= 20 % of their average and the
 * least-squares excursion over them (|slope| x 4 rounds) <= 10 %.
 */
void pts_ss_judge(const double *v, size_t n, struct json_object *ss);

/**
 * pts_steady() - whether a page's test is in steady state
 * @fig: a page's figures (fr_pts_figures())
 *
 * Return: false when the page has a steady state (rounds) that fiorank
 * judged NOT reached or refused, or whose rounds' measures the runner was
 * told to wait for (--ss-measures) are not all steady; true otherwise (also
 * a test without rounds).
 */
bool pts_steady(struct json_object *fig);

#endif
