/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fio's json+ latency bins kept exactly (hist.c): a bin's value (ns) and
 * its count.  The fleet view sums them over hosts and reads percentiles
 * from them as fio reads its own (report/fleet.h).
 */
#ifndef FIORANK_MODEL_HIST_H
#define FIORANK_MODEL_HIST_H

#include <stddef.h>

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
 * fr_hist_add() - add one bin
 * @h: the bins so far (zeroed before the first)
 * @ns: its value
 * @count: its count (not checked)
 *
 * Return: 0, or -ENOMEM (@h unchanged).
 */
int fr_hist_add(struct fr_hist *h, double ns, double count);
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
 * fr_hist_copy() - a copy of bins, its array just large enough
 * @dst: filled (zeroed first)
 * @src: the bins
 *
 * Return: 0, or -ENOMEM (@dst then empty).
 */
int fr_hist_copy(struct fr_hist *dst, const struct fr_hist *src);
/**
 * fr_hist_free() - free the bins and zero @h
 * @h: the histogram
 */
void fr_hist_free(struct fr_hist *h);

#endif
