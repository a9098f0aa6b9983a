/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The arithmetic of the fleet view (fleet_stats.c): the spread of one
 * figure across the fleet's drives (fio's bins summed over hosts and read
 * as fio reads them: model/hist.h).
 */
#ifndef FIORANK_FLEET_STATS_H
#define FIORANK_FLEET_STATS_H

#include <stdbool.h>
#include <stddef.h>

#include "model/hist.h"

/* The spread of one figure across drives. */
struct fr_drive_spread {
	size_t n;
	double min, median, max;
	double cv;	   /* sample standard deviation / mean; NaN for n < 2 */
	double mad;	   /* median absolute deviation, scaled by 1.4826 */
	long outlier;	   /* index of the one outlier, -1 none, -2 several */
	bool rule_applied; /* n >= FR_OUTLIER_MIN_N and mad > 0 */
};

/* The outlier rule: beyond median +- 3 x scaled MAD, with at least this
 * many drives (with fewer, one odd drive moves the median and the MAD as
 * much as it is odd: the rule would say nothing that can be trusted). */
#define FR_OUTLIER_MIN_N 5
#define FR_OUTLIER_K	 3.0

/**
 * fr_drive_spread_of() - min, median, max, CV and the outlier of n figures
 * @v: the figures (NaN ones are not counted; their index is kept)
 * @n: how many
 * @s: filled
 *
 * Return: 0, or -1 when out of memory.
 */
int fr_drive_spread_of(const double *v, size_t n, struct fr_drive_spread *s);

#endif
