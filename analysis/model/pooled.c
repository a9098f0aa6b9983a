// SPDX-License-Identifier: GPL-2.0-only
/*
 * Pooled standard deviation (pooled.h).  sum_i n_i (s_i^2 + (m_i - M)^2)
 * expands to sum_i n_i (s_i^2 + m_i^2) - N M^2, which needs one pass; the
 * subtraction loses digits only when the spread is tiny beside the mean
 * (below 1e-8 of it), far under what fio's printed figures carry.
 */
#include <math.h>

#include "model/pooled.h"

void fr_pooled_add(struct fr_pooled *p, uint64_t n, double mean, double sd)
{
	if (!n || isnan(mean) || isnan(sd))
		return;
	p->n += (double)n;
	p->sum += (double)n * mean;
	p->sq += (double)n * (sd * sd + mean * mean);
}

double fr_pooled_mean(const struct fr_pooled *p)
{
	return p->n > 0 ? p->sum / p->n : NAN;
}

double fr_pooled_sd(const struct fr_pooled *p)
{
	double m, var;

	if (!(p->n > 0))
		return NAN;
	m = p->sum / p->n;
	var = p->sq / p->n - m * m;
	return var > 0 ? sqrt(var) : 0.0;
}
