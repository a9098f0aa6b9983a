// SPDX-License-Identifier: GPL-2.0-only
/*
 * A step's figures over its directions, and the names of kinds and
 * directions (model.h).
 */
#include <math.h>

#include "model/model.h"

double fr_step_iops(const struct fr_step *s)
{
	return s->dir[FR_READ].iops + s->dir[FR_WRITE].iops + s->dir[FR_TRIM].iops;
}

double fr_step_mbps(const struct fr_step *s)
{
	return (s->dir[FR_READ].bw_bytes + s->dir[FR_WRITE].bw_bytes + s->dir[FR_TRIM].bw_bytes) /
	       1e6;
}

double fr_step_mean_lat(const struct fr_step *s, enum fr_basis b)
{
	double sum = 0, n = 0;

	for (int d = 0; d < FR_NDIRS; d++) {
		const struct fr_dirstat *ds = &s->dir[d];

		if (!ds->ios || isnan(ds->lat[b].mean))
			continue;
		sum += ds->lat[b].mean * (double)ds->ios;
		n += (double)ds->ios;
	}
	return n ? sum / n : NAN;
}

const char *fr_kind_name(enum fr_kind k)
{
	static const char *const names[] = {
		[FR_KIND_CURVE] = "curve",	 [FR_KIND_WP_READ] = "wp-read",
		[FR_KIND_WP_WRITE] = "wp-write", [FR_KIND_NN_READ] = "nn-read",
		[FR_KIND_NN_WRITE] = "nn-write", [FR_KIND_PRECOND] = "precondition",
		[FR_KIND_TQ] = "tq-step",	 [FR_KIND_TQ_PRECOND] = "tq-precond",
	};
	return names[k];
}

const char *fr_dir_name(enum fr_dir d)
{
	static const char *const names[] = {"read", "write", "trim"};
	return names[d];
}
