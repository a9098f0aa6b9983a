// SPDX-License-Identifier: GPL-2.0-only
/*
 * When an axis is drawn on a log scale (logscale.h).
 */
#include <math.h>

#include "util/logscale.h"

void fr_value_span(const double *v, size_t n, double *max, double *minpos)
{
	*max = 0;
	*minpos = INFINITY;
	for (size_t i = 0; i < n; i++) {
		if (!isfinite(v[i]))
			continue;
		if (v[i] > *max)
			*max = v[i];
		if (v[i] > 0 && v[i] < *minpos)
			*minpos = v[i];
	}
}

bool fr_wants_log(const double *v, size_t n)
{
	double max, minpos;

	fr_value_span(v, n, &max, &minpos);
	return isfinite(minpos) && max > 0 && log10(max) - log10(minpos) > FR_LOG_DECADES;
}
