/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The arithmetic of the fleet view (fleet_stats.c): fio's json+ latency
 * bins summed over hosts, percentiles read from them as fio reads its own,
 * and the spread of one figure across the fleet's drives.
 */
#ifndef FIORANK_FLEET_STATS_H
#define FIORANK_FLEET_STATS_H

#include <stdbool.h>
#include <stddef.h>

struct json_object;

/* Latency bins: fio's bin value (ns) and its count, any order until
 * fr_hist_sort(). */
struct fr_hist {
	struct fr_bin {
		double ns, count;
	} * b;
	size_t n, cap;
	double total; /* sum of the counts */
};

/**
 * fr_hist_add_json() - add one of fio's json+ "bins" objects
 * @h: the bins so far (zeroed before the first)
 * @bins: {"<ns>": count, ...} as fio writes it under clat_ns
 *
 * Return: 0; -1 when @bins is not an object of non-negative counts with
 * numeric keys (@h then unchanged in its total), -2 when out of memory.
 */
int fr_hist_add_json(struct fr_hist *h, struct json_object *bins);
/**
 * fr_hist_sort() - sort by value and merge equal values (fio's bins of
 * different hosts share fio's one bin layout)
 * @h: the bins
 */
void fr_hist_sort(struct fr_hist *h);
/**
 * fr_hist_pct() - a percentile as fio computes it from its bins
 * @h: sorted bins (fr_hist_sort())
 * @p: the percentile, 0..100
 *
 * fio's rule (stat.c, calc_clat_percentiles): the value of the first bin at
 * which the running count reaches p/100 of the total.
 *
 * Return: the bin value in ns; NaN when @h is empty.
 */
double fr_hist_pct(const struct fr_hist *h, double p);
/**
 * fr_hist_free() - free the bins and zero @h
 * @h: the histogram
 */
void fr_hist_free(struct fr_hist *h);

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
