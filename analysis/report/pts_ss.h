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
 * pts_steady() - whether a page's test is in steady state
 * @fig: a page's figures (fr_pts_figures())
 *
 * Return: false when the page has a steady state (rounds) that fiorank
 * judged NOT reached or refused; true otherwise (also a test without rounds).
 */
bool pts_steady(struct json_object *fig);

#endif
