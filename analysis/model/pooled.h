/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The pooled standard deviation of parts of one population (issue 15):
 * fio's per-job, per-direction latency figures combined into one deviation
 * of every operation.  With part i of n_i operations, mean m_i and standard
 * deviation s_i, and M the operation-weighted mean of all parts,
 *
 *     var = sum_i n_i (s_i^2 + (m_i - M)^2) / N,   N = sum_i n_i
 *
 * (docs/fiorank.md).  Not the average of the deviations: parts with
 * different means add the spread between them.
 */
#ifndef FIORANK_POOLED_H
#define FIORANK_POOLED_H

#include <stdint.h>

/* Running sums; zero-initialise ({0}) before the first part. */
struct fr_pooled {
	double n;   /* operations so far */
	double sum; /* sum of n_i m_i */
	double sq;  /* sum of n_i (s_i^2 + m_i^2) */
};

/**
 * fr_pooled_add() - add one part to the running sums
 * @p: the sums
 * @n: the part's operations (0: the part is ignored)
 * @mean: its mean (NaN: ignored)
 * @sd: its standard deviation (NaN: ignored)
 */
void fr_pooled_add(struct fr_pooled *p, uint64_t n, double mean, double sd);

/**
 * fr_pooled_mean() - the operation-weighted mean of every part added
 * @p: the sums
 *
 * Return: the mean; NaN when nothing was added.
 */
double fr_pooled_mean(const struct fr_pooled *p);

/**
 * fr_pooled_sd() - the pooled standard deviation of every part added
 * @p: the sums
 *
 * Return: the deviation of all operations (the formula above); NaN when
 * nothing was added.
 */
double fr_pooled_sd(const struct fr_pooled *p);

#endif
