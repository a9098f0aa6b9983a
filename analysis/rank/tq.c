// SPDX-License-Identifier: GPL-2.0-only
/* The tq-sweep section (tq.h): figures, series, places, published point. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rank/rank.h"
#include "model/pooled.h"
#include "rank/tq.h"

const char *fr_tq_fig_name(enum fr_tq_fig f)
{
	static const char *const names[] = {"IOPS", "mean latency", "max latency",
					    "latency stddev"};
	return names[f];
}

void fr_tq_figures(const struct fr_step *s, enum fr_basis basis, struct fr_tq_point *pt)
{
	struct fr_pooled pool = {0};
	double max = 0;
	bool spread = true;

	for (int f = 0; f < FR_TQ_NFIGS; f++)
		pt->fig[f] = NAN;
	pt->problem = NULL;
	if (s->njobs > 1 && s->groupid < 0) {
		/* never a sum of runs that did not run together */
		pt->problem = "its jobs are in several fio groups: not one figure";
		return;
	}
	for (int d = 0; d < FR_NDIRS; d++) {
		const struct fr_dirstat *ds = &s->dir[d];

		if (!ds->ios)
			continue;
		if (!ds->spread[basis].known) {
			spread = false;
			continue;
		}
		fr_pooled_add(&pool, ds->ios, ds->lat[basis].mean, ds->spread[basis].stddev);
		if (ds->spread[basis].max > max)
			max = ds->spread[basis].max;
	}
	pt->fig[FR_TQ_IOPS] = fr_step_iops(s);
	pt->fig[FR_TQ_MEAN] = fr_step_mean_lat(s, basis);
	if (!pool.n) {
		pt->problem = spread ? "no I/O completed" : "fio printed no latency stddev/max";
		return;
	}
	if (!spread) {
		pt->problem = "fio printed no latency stddev/max for every direction";
		return;
	}
	pt->fig[FR_TQ_MAX] = max;
	pt->fig[FR_TQ_SD] = fr_pooled_sd(&pool);
}

/* "t16q4" -> 16, 4; "t16q16-r3" -> 16, 16, round 3.  Names were checked by
 * the reader (fr_step_problem). */
static void parse_name(const char *name, struct fr_tq_point *pt)
{
	char *end;

	pt->jobs = (unsigned)strtoul(name + 1, &end, 10);
	pt->depth = (unsigned)strtoul(end + 1, &end, 10);
	pt->round = !strncmp(end, "-r", 2) ? (unsigned)strtoul(end + 2, NULL, 10) : 0;
}

static int cmp_point(const void *a, const void *b)
{
	const struct fr_tq_point *x = a, *y = b;
	unsigned long ox = (unsigned long)x->jobs * x->depth,
		      oy = (unsigned long)y->jobs * y->depth;

	if (x->round != y->round)
		return x->round < y->round ? -1 : 1;
	if (ox != oy)
		return ox < oy ? -1 : 1;
	return x->jobs < y->jobs ? -1 : x->jobs > y->jobs;
}

static int fill_drive(const struct fr_drive *dr, const struct fr_profile *p, enum fr_basis basis,
		      struct fr_tq_drive *td)
{
	td->drive = dr;
	td->steps = calloc(p->nsteps + 1, sizeof(*td->steps));
	td->rounds = calloc(p->nsteps + 1, sizeof(*td->rounds));
	if (!td->steps || !td->rounds)
		return -ENOMEM;
	for (size_t i = 0; i < p->nsteps; i++) {
		const struct fr_step *s = &p->steps[i];
		struct fr_tq_point *pt;

		if (s->kind == FR_KIND_TQ)
			pt = &td->steps[td->nsteps++];
		else if (s->kind == FR_KIND_TQ_PRECOND)
			pt = &td->rounds[td->nrounds++];
		else
			continue;
		pt->step = s;
		parse_name(s->name, pt);
		fr_tq_figures(s, basis, pt);
	}
	qsort(td->steps, td->nsteps, sizeof(*td->steps), cmp_point);
	qsort(td->rounds, td->nrounds, sizeof(*td->rounds), cmp_point);
	return 0;
}

const struct fr_tq_point *fr_tq_at(const struct fr_tq_drive *d, const struct fr_tq_series *k)
{
	for (size_t i = 0; i < d->nsteps; i++)
		if (d->steps[i].jobs == k->jobs && d->steps[i].depth == k->depth)
			return &d->steps[i];
	return NULL;
}

static int add_series(struct fr_tq *t, const struct fr_tq_point *pt, size_t cap)
{
	for (size_t i = 0; i < t->nseries; i++)
		if (t->series[i].jobs == pt->jobs && t->series[i].depth == pt->depth)
			return 0;
	if (t->nseries == cap)
		return -ENOMEM;
	t->series[t->nseries++] = (struct fr_tq_series){pt->jobs, pt->depth, pt->step->name};
	return 0;
}

static int cmp_series(const void *a, const void *b)
{
	const struct fr_tq_series *x = a, *y = b;
	struct fr_tq_point px = {.jobs = x->jobs, .depth = x->depth},
			   py = {.jobs = y->jobs, .depth = y->depth};

	return cmp_point(&px, &py);
}

/* Places per step and figure: 1 + the drives strictly better (a tie shares
 * the place).  IOPS higher is better, latencies lower. */
static void place_all(struct fr_tq *t)
{
	for (size_t k = 0; k < t->nseries; k++)
		for (size_t i = 0; i < t->nd; i++) {
			struct fr_tq_point *pi =
				(struct fr_tq_point *)fr_tq_at(&t->d[i], &t->series[k]);

			if (!pi)
				continue;
			for (int f = 0; f < FR_TQ_NFIGS; f++) {
				unsigned better = 0;

				if (isnan(pi->fig[f]) || pi->problem)
					continue;
				for (size_t j = 0; j < t->nd; j++) {
					const struct fr_tq_point *pj =
						fr_tq_at(&t->d[j], &t->series[k]);

					if (!pj || pj->problem || isnan(pj->fig[f]))
						continue;
					if (f == FR_TQ_IOPS ? pj->fig[f] > pi->fig[f]
							    : pj->fig[f] < pi->fig[f])
						better++;
				}
				pi->place[f] = better + 1;
			}
		}
}

/* The drive's heaviest-IOPS step: the figure a published peak is set beside. */
static const struct fr_tq_point *best_step(const struct fr_tq_drive *d)
{
	const struct fr_tq_point *best = NULL;

	for (size_t i = 0; i < d->nsteps; i++)
		if (!d->steps[i].problem &&
		    (!best || d->steps[i].fig[FR_TQ_IOPS] > best->fig[FR_TQ_IOPS]))
			best = &d->steps[i];
	return best;
}

/* Each published point of the method's review and profile, with every
 * measured drive placed against it by compare.c's like-for-like rules. */
static int place_reference(struct fr_tq *t, const struct fr_model *ref)
{
	size_t n = 0;

	for (size_t i = 0; ref && i < ref->ndrives; i++)
		n += ref->drives[i].review && !strcmp(ref->drives[i].review, FR_TQ_REVIEW);
	t->ref = calloc(n + 1, sizeof(*t->ref));
	if (!t->ref)
		return -ENOMEM;
	for (size_t i = 0; ref && i < ref->ndrives; i++) {
		const struct fr_drive *pub = &ref->drives[i];
		const struct fr_profile *p = fr_drive_find_profile(pub, FR_TQ_PROFILE);
		struct fr_tq_ref *r = &t->ref[t->nref];
		size_t used = 0;

		if (!pub->review || strcmp(pub->review, FR_TQ_REVIEW) || !p || !p->nsteps)
			continue;
		r->drive = pub;
		r->step = &p->steps[0];
		t->nref++;
		for (size_t d = 0; d < t->nd && used < sizeof(r->note); d++) {
			const struct fr_tq_point *b = best_step(&t->d[d]);
			struct fr_entry e = {.drive = t->d[d].drive}, re = {.drive = pub};
			struct fr_reasons rs = {0};
			char why[512];
			unsigned per_drive;
			int w;

			if (!b)
				continue;
			e.peak = b->step;
			re.peak = r->step;
			if (fr_comparable(&e, pub, &re, &per_drive, &rs))
				snprintf(why, sizeof(why), "%s at %s %s the published %.0f IOPS",
					 t->d[d].drive->label, b->step->name,
					 b->fig[FR_TQ_IOPS] / per_drive >= fr_step_iops(r->step)
						 ? "reaches"
						 : "stays below",
					 fr_step_iops(r->step));
			else {
				char rt[400];

				fr_reasons_text(&rs, rt, sizeof(rt));
				snprintf(why, sizeof(why), "%s: %s", t->d[d].drive->label, rt);
			}
			w = snprintf(r->note + used, sizeof(r->note) - used, "%s%s",
				     used ? "; " : "", why);
			used += w > 0 ? (size_t)w : 0;
		}
	}
	return 0;
}

int fr_tq_build(const struct fr_model *m, const struct fr_model *ref, enum fr_basis basis,
		struct fr_tq *t)
{
	size_t cap = 0;

	memset(t, 0, sizeof(*t));
	t->basis = basis;
	t->d = calloc(m->ndrives + 1, sizeof(*t->d));
	if (!t->d)
		return -ENOMEM;
	for (size_t i = 0; i < m->ndrives; i++) {
		const struct fr_drive *dr = &m->drives[i];
		const struct fr_profile *p = fr_drive_find_profile(dr, "tq-sweep");

		if (dr->reference || !p)
			continue;
		if (fill_drive(dr, p, basis, &t->d[t->nd++]))
			return -ENOMEM;
		cap += t->d[t->nd - 1].nsteps;
	}
	t->series = calloc(cap + 1, sizeof(*t->series));
	if (!t->series)
		return -ENOMEM;
	for (size_t i = 0; i < t->nd; i++)
		for (size_t k = 0; k < t->d[i].nsteps; k++)
			if (add_series(t, &t->d[i].steps[k], cap))
				return -ENOMEM;
	qsort(t->series, t->nseries, sizeof(*t->series), cmp_series);
	place_all(t);
	return t->nd ? place_reference(t, ref) : 0;
}

void fr_tq_free(struct fr_tq *t)
{
	for (size_t i = 0; i < t->nd; i++) {
		free(t->d[i].steps);
		free(t->d[i].rounds);
	}
	free(t->d);
	free(t->series);
	free(t->ref);
	memset(t, 0, sizeof(*t));
}
