// SPDX-License-Identifier: GPL-2.0-only
/*
 * Noisy neighbor: the victims' read latency per namespace, drives ranked by
 * their tail.  A measured drive is placed beside published ones only when
 * its run matches the published method, and beside other measured drives
 * only when their runs are alike (compare.c); the rest are listed unplaced
 * with the reason.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rank/rank.h"

static double nn_key(const struct fr_lat *l, int i)
{
	double v = i == 0 ? l->p9999 : i == 1 ? l->p999 : i == 2 ? l->p99 : l->mean;

	return isnan(v) ? INFINITY : v;
}

/* Lower tail first: 99.99th, then 99.9th, 99th, mean. */
static int cmp_nn(const void *a, const void *b)
{
	const struct fr_nn_entry *x = a, *y = b;

	if (!*x->note != !*y->note) /* the placed first, the unlike after them */
		return *x->note ? 1 : -1;
	for (int i = 0; i < 4; i++)
		if (nn_key(&x->lat, i) != nn_key(&y->lat, i))
			return nn_key(&x->lat, i) < nn_key(&y->lat, i) ? -1 : 1;
	return strcmp(x->drive->label, y->drive->label);
}

static struct fr_nn_ns *nn_slot(struct fr_ranking *r, unsigned nsid, size_t ndrives)
{
	struct fr_nn_ns *t;

	for (size_t i = 0; i < r->nnn; i++)
		if (r->nn[i].nsid == nsid)
			return &r->nn[i];
	t = realloc(r->nn, (r->nnn + 1) * sizeof(*t));
	if (!t)
		return NULL;
	r->nn = t;
	t = &t[r->nnn];
	memset(t, 0, sizeof(*t));
	t->nsid = nsid;
	t->e = calloc(ndrives + 1, sizeof(*t->e));
	if (!t->e)
		return NULL;
	r->nnn++;
	return t;
}

static int cmp_nsid(const void *a, const void *b)
{
	const struct fr_nn_ns *x = a, *y = b;

	return x->nsid < y->nsid ? -1 : x->nsid > y->nsid;
}

static void nn_gaps(struct fr_nn_ns *ns)
{
	size_t placed = 0;

	ns->gap = (struct fr_lat){NAN, NAN, NAN, NAN};
	for (size_t i = 0; i < ns->n; i++)
		ns->e[i].place = *ns->e[i].note ? 0 : (unsigned)++placed;
	if (placed < 2)
		return;
	ns->gap.mean = ns->e[1].lat.mean - ns->e[0].lat.mean;
	ns->gap.p99 = ns->e[1].lat.p99 - ns->e[0].lat.p99;
	ns->gap.p999 = ns->e[1].lat.p999 - ns->e[0].lat.p999;
	ns->gap.p9999 = ns->e[1].lat.p9999 - ns->e[0].lat.p9999;
}

/*
 * A measured drive stands beside published ones only when its run matches
 * the published noisy-neighbor method (compare.c); otherwise it is listed
 * unplaced with the reasons.  @run holds each entry's run.
 */
static void nn_like_published(struct fr_nn_ns *ns, const struct fr_nn_run *run)
{
	for (size_t i = 0; i < ns->n; i++) {
		struct fr_nn_entry *e = &ns->e[i];
		struct fr_reasons rs = {.n = 0};
		bool like = true;

		if (e->drive->reference)
			continue;
		for (size_t k = 0; k < ns->n; k++)
			if (ns->e[k].drive->reference)
				like &= fr_nn_comparable(&run[i], &ns->e[k].step->method,
							 ns->e[k].drive->review, &rs);
		if (!like)
			fr_reasons_text(&rs, e->note, sizeof(e->note));
	}
}

/* One namespace's entries and their runs, as fr_like_largest() asks. */
struct nn_table {
	const struct fr_nn_ns *ns;
	const struct fr_nn_run *run;
};

static bool nn_placeable(const void *ctx, size_t i)
{
	const struct nn_table *t = ctx;

	return !t->ns->e[i].drive->reference && !*t->ns->e[i].note;
}

static bool nn_known(const void *ctx, size_t i)
{
	const struct nn_table *t = ctx;

	return t->run[i].known && t->run[i].read.known;
}

static bool nn_like(const void *ctx, size_t i, size_t j)
{
	const struct nn_table *t = ctx;

	return fr_nn_runs_like(&t->run[i], &t->run[j], NULL, 0);
}

/*
 * Measured drives are placed against each other only when their runs are
 * alike, as in the profile tables (rank.c place_like_runs()): the largest
 * group of like runs keeps its places, of groups of one size the one of the
 * drive read first; every other measured entry is unplaced with what
 * differs from the placed group's first drive.  @ns is in the model's
 * drive order.
 */
static int nn_like_measured(struct fr_nn_ns *ns, const struct fr_nn_run *run)
{
	static const struct fr_like_ops ops = {nn_placeable, nn_known, nn_like};
	const struct nn_table t = {ns, run};
	size_t best = fr_like_largest(ns->n, &ops, &t);
	char why[400];

	if (best == SIZE_MAX)
		return -ENOMEM;
	for (size_t k = 0; best < ns->n && k < ns->n; k++) {
		struct fr_nn_entry *e = &ns->e[k];

		if (k == best || !nn_placeable(&t, k) ||
		    fr_nn_runs_like(&run[k], &run[best], why, sizeof(why)))
			continue;
		if (!*why) /* a run whose method is not known */
			snprintf(why, sizeof(why), "how the run was set up is not known");
		snprintf(e->note, sizeof(e->note), "not placed: unlike the placed runs (%s): %s",
			 ns->e[best].drive->label, why);
		e->unlike_placed = true;
	}
	return 0;
}

static int nn_like_for_like(struct fr_nn_ns *ns)
{
	struct fr_nn_run *run = calloc(ns->n + 1, sizeof(*run));
	int ret;

	if (!run)
		return -ENOMEM;
	for (size_t i = 0; i < ns->n; i++)
		if (!ns->e[i].drive->reference)
			fr_nn_run_of(fr_drive_find_profile(ns->e[i].drive, "noisy-neighbor"),
				     &run[i]);
	nn_like_published(ns, run);
	ret = nn_like_measured(ns, run);
	free(run);
	return ret;
}

int fr_rank_nn(const struct fr_model *m, enum fr_basis basis, struct fr_ranking *r)
{
	for (size_t d = 0; d < m->ndrives; d++) {
		const struct fr_profile *p = fr_drive_find_profile(&m->drives[d], "noisy-neighbor");

		for (size_t i = 0; p && i < p->nsteps; i++) {
			const struct fr_step *s = &p->steps[i];
			struct fr_nn_ns *ns;
			bool dup = false;

			if (s->kind != FR_KIND_NN_READ || !s->dir[FR_READ].ios)
				continue;
			ns = nn_slot(r, s->nsid, m->ndrives);
			if (!ns)
				return -ENOMEM;
			for (size_t k = 0; k < ns->n; k++)
				dup |= ns->e[k].drive == &m->drives[d];
			if (dup) /* one figure per drive and namespace: the first step */
				continue;
			ns->e[ns->n].drive = &m->drives[d];
			ns->e[ns->n].lat = s->dir[FR_READ].lat[basis];
			ns->e[ns->n].step = s;
			if (s->tags_incl_ramp) /* not the interval of fio's figures */
				snprintf(
					ns->e[ns->n].note, sizeof(ns->e[ns->n].note),
					"the engine's tags, which include fio's ramp (an engine "
					"file without tags_ramp): not ranked beside fio's figures");
			ns->n++;
		}
	}
	if (r->nnn) /* qsort's base must not be NULL, even for 0 elements */
		qsort(r->nn, r->nnn, sizeof(*r->nn), cmp_nsid);
	for (size_t i = 0; i < r->nnn; i++) {
		if (nn_like_for_like(&r->nn[i]))
			return -ENOMEM;
		qsort(r->nn[i].e, r->nn[i].n, sizeof(*r->nn[i].e), cmp_nn);
		nn_gaps(&r->nn[i]);
	}
	return 0;
}
