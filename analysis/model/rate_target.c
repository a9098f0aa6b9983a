// SPDX-License-Identifier: GPL-2.0-only
/*
 * A capped curve step's rate target, from its rate_iops= option: fio's
 * rate_iops is per job and per direction ("READ,WRITE[,TRIM]"; one number
 * caps each direction at that number), so the step's total target is the
 * sum over the directions the job does, times numjobs.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/label.h"

/* The cap of direction idx (0 read, 1 write) in a rate_iops value: 0 when
 * that field is empty or 0 (uncapped), NAN when it does not read. */
static double field_cap(const char *value, int idx)
{
	const char *at = value;
	char *end;
	double v;

	if (!strchr(value, ',')) /* one number: every direction */
		idx = 0;
	for (int i = 0; i < idx; i++) {
		at = strchr(at, ',');
		if (!at)
			return 0;
		at++;
	}
	if (*at == ',' || !*at)
		return 0;
	v = strtod(at, &end);
	return (end == at || (*end && *end != ',') || v < 0) ? NAN : v;
}

double fr_jobopts_target_iops(const struct fr_jobopts *o)
{
	int read_pct = fr_jobopts_read_pct(o);
	double total = 0;

	if (!o->rate_capped)
		return 0;
	if (o->rate_bytes || !o->rate_iops || read_pct < 0 || !o->numjobs)
		return NAN;
	/* one number on a mix caps reads and writes at it each: the total
	 * depends on which direction reaches it first */
	if (read_pct > 0 && read_pct < 100 && !strchr(o->rate_iops, ','))
		return NAN;
	for (int dir = 0; dir < 2; dir++) {
		bool does = dir == 0 ? read_pct > 0 : read_pct < 100;
		double cap = field_cap(o->rate_iops, dir);

		if (!does)
			continue;
		if (isnan(cap) || cap <= 0)
			return NAN; /* a direction it does runs uncapped */
		total += cap;
	}
	return total * o->numjobs;
}
