// SPDX-License-Identifier: GPL-2.0-only
/*
 * The method's order of step names, a step's figures over its
 * directions, the write count of its placed writes' rows, whether a
 * drive's noisy-neighbor writers wrote to a namespace, and the names of
 * kinds and directions (model.h).
 */
#include <ctype.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

/* Where a step stands in the method: a published "first" point, the
 * suite's capped steps by their share of the peak ("10" .. "120"), then
 * the uncapped peak; other names between the numbers and the peak. */
static double step_order(const char *name)
{
	char *end;
	double pct = strtod(name, &end);

	if (!strcmp(name, "first"))
		return -INFINITY;
	if (!strcmp(name, "peak"))
		return INFINITY;
	/* DBL_MAX, not HUGE_VAL / 2: that is still infinite, and tied names
	 * after "peak" in byte order ("write") with the peak. */
	return end != name && !*end && isfinite(pct) ? pct : DBL_MAX;
}

/* A run of digits at *p, its length in *len (leading zeros skipped). */
static const char *digit_run(const char *p, size_t *len)
{
	const char *start;

	while (*p == '0' && isdigit((unsigned char)p[1]))
		p++;
	start = p;
	while (isdigit((unsigned char)*p))
		p++;
	*len = (size_t)(p - start);
	return start;
}

/*
 * Names with numbers inside ("q8" < "q32" < "q128", "t2q16" < "t16q1",
 * "s2" < "s10") by those numbers, as a reader counts them; byte order
 * elsewhere, and between names equal that way ("q08", "q8").
 */
static int natural_cmp(const char *a, const char *b)
{
	const char *x = a, *y = b;

	while (*x && *y) {
		if (isdigit((unsigned char)*x) && isdigit((unsigned char)*y)) {
			size_t lx, ly;
			const char *dx = digit_run(x, &lx), *dy = digit_run(y, &ly);
			int c = lx != ly ? (lx < ly ? -1 : 1) : memcmp(dx, dy, lx);

			if (c)
				return c;
			x = dx + lx;
			y = dy + ly;
			continue;
		}
		if (*x != *y)
			return (unsigned char)*x < (unsigned char)*y ? -1 : 1;
		x++;
		y++;
	}
	if (*x || *y)
		return *x ? 1 : -1;
	return strcmp(a, b);
}

int fr_step_name_cmp(const char *a, const char *b)
{
	double oa = step_order(a), ob = step_order(b);

	if (oa != ob)
		return oa < ob ? -1 : 1;
	return natural_cmp(a, b);
}

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

uint64_t fr_placement_writes(const struct fr_placement *p)
{
	uint64_t n = 0;

	for (size_t i = 0; i < p->n; i++)
		n += p->t[i].count;
	return n;
}

bool fr_placement_writes_note(const struct fr_step *s, char *buf, size_t len)
{
	const struct fr_placement *p = s->placement;
	uint64_t rows = fr_placement_writes(p), errors = 0, step = s->dir[FR_WRITE].ios;
	int n = 0;

	for (size_t i = 0; i < p->n; i++)
		errors += p->t[i].errors;
	*buf = '\0';
	if (s->tags_incl_ramp)
		n = snprintf(
			buf, len,
			"these rows are the engine's tags, which include fio's ramp (an engine "
			"file without tags_ramp): not fio's interval");
	if (rows == step || n < 0 || (size_t)n >= len)
		return n > 0;
	if (step == rows + errors)
		snprintf(buf + n, len - (size_t)n,
			 "%sthe PIDs' tags count %llu completed writes, the step %llu: the tags "
			 "count its %llu failed writes apart",
			 n ? "; " : "", (unsigned long long)rows, (unsigned long long)step,
			 (unsigned long long)errors);
	else
		snprintf(
			buf + n, len - (size_t)n,
			"%sthe PIDs' tags count %llu completed writes (%llu failed apart), the "
			"step %llu: fio's total_ios counts submitted writes, failed ones and those "
			"in flight when a ramp ended included (docs/tags.md \"Ramp\")",
			n ? "; " : "", (unsigned long long)rows, (unsigned long long)errors,
			(unsigned long long)step);
	return true;
}

bool fr_nn_writer_ns(const struct fr_drive *d, unsigned nsid)
{
	/* by name, not fr_drive_find_profile(): model_merge.c uses this file */
	for (size_t k = 0; nsid && k < d->nprofiles; k++) {
		const struct fr_profile *p = &d->profiles[k];

		for (size_t i = 0; !strcmp(p->name, "noisy-neighbor") && i < p->nsteps; i++)
			if (p->steps[i].kind == FR_KIND_NN_WRITE && p->steps[i].nsid == nsid &&
			    p->steps[i].dir[FR_WRITE].ios)
				return true;
	}
	return false;
}
