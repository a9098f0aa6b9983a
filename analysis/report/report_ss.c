// SPDX-License-Identifier: GPL-2.0-only
/*
 * The steady-state rounds and the rule's figures (report_ss.h).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "report/pts_ss.h"
#include "report/report_ss.h"

const char *const fr_ss_tail_name[FR_SS_NTAILS] = {"p99", "p99.99"};

/* Round number of a preconditioning step named ss-round<N>, or 0. */
static unsigned round_of(const struct fr_step *s)
{
	char *end;
	unsigned long n;

	if (s->kind != FR_KIND_PRECOND || strncmp(s->name, "ss-round", 8))
		return 0;
	n = strtoul(s->name + 8, &end, 10);
	return *end || !n || n > FR_SS_MAX_ROUNDS ? 0 : (unsigned)n;
}

/* The drive's rounds' IOPS by round number into iops[1..]; returns the
 * highest round, 0 when it has none (a round missing in between is NAN). */
static unsigned drive_rounds(const struct fr_drive *d, double *iops)
{
	const struct fr_profile *p = fr_drive_find_profile(d, "precondition");
	unsigned last = 0;

	for (unsigned r = 0; r <= FR_SS_MAX_ROUNDS; r++)
		iops[r] = NAN;
	for (size_t i = 0; p && i < p->nsteps; i++) {
		unsigned r = round_of(&p->steps[i]);

		if (!r)
			continue;
		iops[r] = fr_step_iops(&p->steps[i]);
		if (r > last)
			last = r;
	}
	return last;
}

/* Least squares over the window's rounds: slope and intercept of IOPS on
 * the round number, and the window's average. */
static void window_fit(const double *iops, struct fr_ss_drive *s)
{
	double sx = 0, sy = 0, sxx = 0, sxy = 0, n = 0;

	for (unsigned r = s->first; r <= s->last; r++) {
		if (isnan(iops[r]))
			continue;
		sx += r;
		sy += iops[r];
		sxx += (double)r * r;
		sxy += r * iops[r];
		n++;
	}
	s->avg = n ? sy / n : NAN;
	s->slope = n > 1 && n * sxx - sx * sx != 0 ? (n * sxy - sx * sy) / (n * sxx - sx * sx) : 0;
	s->icept = n ? (sy - s->slope * sx) / n : NAN;
}

/* A tail's rounds (the drive's steps' round_tail_us, by round number) and
 * the PTS rule on them, as fiorank pts judges a tail (pts_ss_judge()). */
static int tail_ss(const struct fr_drive *d, unsigned last, int t, struct fr_ss_tail *out)
{
	const struct fr_profile *p = fr_drive_find_profile(d, "precondition");
	double *v = calloc(last + 1, sizeof(*v));
	struct json_object *j;

	if (!v)
		return -ENOMEM;
	for (unsigned r = 0; r < last; r++)
		v[r] = NAN;
	for (size_t i = 0; p && i < p->nsteps; i++) {
		unsigned r = round_of(&p->steps[i]);

		if (r)
			v[r - 1] = p->steps[i].round_tail_us[t];
	}
	out->us = v;
	for (unsigned r = 0; r < last; r++)
		if (isnan(v[r])) {
			snprintf(out->why, sizeof(out->why),
				 "round %u has no fio json+ latency bins", r + 1);
			return 0;
		}
	out->complete = true;
	if (last < FR_SS_WINDOW) {
		snprintf(out->why, sizeof(out->why), "fewer than %d rounds", FR_SS_WINDOW);
		return 0;
	}
	if (!(j = json_object_new_object()))
		return -ENOMEM;
	pts_ss_judge(v, last, j);
	out->judged = true;
	out->steady = json_object_get_boolean(json_object_object_get(j, "steady"));
	out->avg = json_object_get_double(json_object_object_get(j, "average"));
	out->range_pct = json_object_get_double(json_object_object_get(j, "range_pct"));
	out->excursion_pct = json_object_get_double(json_object_object_get(j, "excursion_pct"));
	json_object_put(j);
	return 0;
}

/* One drive's rounds (iops by round number, up to last) and its figures. */
static int drive_ss(const struct fr_drive *d, const double *iops, unsigned last,
		    struct fr_ss_drive *s)
{
	double excursion;

	*s = (struct fr_ss_drive){.drive = d, .last = last};
	s->first = last > FR_SS_WINDOW ? last - FR_SS_WINDOW + 1 : 1;
	s->round = calloc(last, sizeof(*s->round));
	s->iops = calloc(last, sizeof(*s->iops));
	if (!s->round || !s->iops)
		return -ENOMEM;
	for (unsigned r = 1; r <= last; r++)
		if (!isnan(iops[r])) {
			s->round[s->n] = r;
			s->iops[s->n++] = iops[r];
		}
	window_fit(iops, s);
	s->band_hi = s->avg * (1 + FR_SS_RANGE_PCT / 100);
	s->band_lo = s->avg * (1 - FR_SS_RANGE_PCT / 100);
	s->fit_first = s->icept + s->slope * s->first;
	s->fit_last = s->icept + s->slope * s->last;
	excursion = fabs(s->slope) * (last - s->first);
	s->excursion_pct = s->avg > 0 ? 100 * excursion / s->avg : NAN;
	for (int t = 0; t < FR_SS_NTAILS; t++)
		if (tail_ss(d, last, t, &s->tail[t]))
			return -ENOMEM;
	return 0;
}

int fr_ss_build(const struct fr_model *m, struct fr_ss *ss)
{
	double *iops = calloc(FR_SS_MAX_ROUNDS + 1, sizeof(*iops));

	memset(ss, 0, sizeof(*ss));
	ss->d = calloc(m->ndrives + 1, sizeof(*ss->d));
	if (!iops || !ss->d)
		goto nomem;
	for (size_t d = 0; d < m->ndrives; d++) {
		const struct fr_drive *dr = &m->drives[d];
		unsigned last = dr->reference ? 0 : drive_rounds(dr, iops);

		if (!last)
			continue;
		if (drive_ss(dr, iops, last, &ss->d[ss->nd++]))
			goto nomem;
	}
	free(iops);
	return 0;
nomem:
	free(iops);
	fr_ss_free(ss);
	return -ENOMEM;
}

void fr_ss_free(struct fr_ss *ss)
{
	for (size_t i = 0; ss->d && i < ss->nd; i++) {
		free(ss->d[i].round);
		free(ss->d[i].iops);
		for (int t = 0; t < FR_SS_NTAILS; t++)
			free(ss->d[i].tail[t].us);
	}
	free(ss->d);
	memset(ss, 0, sizeof(*ss));
}
