// SPDX-License-Identifier: GPL-2.0-only
/*
 * The spread of a figure across drives (fleet_stats.h).
 */
#include <math.h>
#include <stdlib.h>

#include "report/fleet_stats.h"

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median_of_sorted(const double *v, size_t n)
{
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* n > 0 finite figures of v, sorted, in w. */
static size_t sorted_finite(const double *v, size_t n, double *w)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (isfinite(v[i]))
			w[k++] = v[i];
	qsort(w, k, sizeof(*w), by_value);
	return k;
}

static void outliers(const double *v, size_t n, struct fr_drive_spread *s)
{
	s->outlier = -1;
	s->rule_applied = s->n >= FR_OUTLIER_MIN_N && s->mad > 0;
	if (!s->rule_applied)
		return;
	for (size_t i = 0; i < n; i++)
		if (isfinite(v[i]) && fabs(v[i] - s->median) > FR_OUTLIER_K * s->mad)
			s->outlier = s->outlier == -1 ? (long)i : -2;
}

int fr_drive_spread_of(const double *v, size_t n, struct fr_drive_spread *s)
{
	double *w = malloc((n ? n : 1) * sizeof(*w)), sum = 0, sq = 0, mean;
	size_t k = sorted_finite(v, n, w);

	if (!w)
		return -1;
	*s = (struct fr_drive_spread){.n = k,
				      .min = NAN,
				      .median = NAN,
				      .max = NAN,
				      .cv = NAN,
				      .mad = NAN,
				      .outlier = -1};
	if (k) {
		s->min = w[0];
		s->max = w[k - 1];
		s->median = median_of_sorted(w, k);
		for (size_t i = 0; i < k; i++)
			sum += w[i];
		mean = sum / (double)k;
		for (size_t i = 0; i < k; i++)
			sq += (w[i] - mean) * (w[i] - mean);
		if (k >= 2 && mean != 0)
			s->cv = sqrt(sq / (double)(k - 1)) / mean;
		for (size_t i = 0; i < k; i++)
			w[i] = fabs(w[i] - s->median);
		qsort(w, k, sizeof(*w), by_value);
		/* 1.4826: the MAD of a normal sample estimates its sigma so */
		s->mad = 1.4826 * median_of_sorted(w, k);
	}
	free(w);
	outliers(v, n, s);
	return 0;
}
