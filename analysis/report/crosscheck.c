// SPDX-License-Identifier: GPL-2.0-only
/*
 * The io_uring_cmd cross-check run apart from the noisy-neighbor ranking
 * (report/report.h): which run is one, and its ratios to the ssdnvme run.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

static bool recorded(const char *s)
{
	return *s && strcmp(s, "not recorded");
}

/* Whether d ran the noisy-neighbor method (read steps to compare with). */
static bool ran_nn(const struct fr_drive *d)
{
	const struct fr_profile *p = fr_drive_find_profile(d, "noisy-neighbor");

	for (size_t i = 0; p && i < p->nsteps; i++)
		if (p->steps[i].kind == FR_KIND_NN_READ)
			return true;
	return false;
}

/* How well ssdnvme run o pairs with cross-check run pd: same drive (model
 * and serial) is required (0 otherwise); the same namespaces and the same
 * method (noisy neighbor) count.  The suite writes the cross-check beside
 * its ssdnvme run: a curve on ns1 of the same serial is another run. */
static int pair_score(const struct fr_prov_drive *pd, const struct fr_prov_drive *o)
{
	if (o == pd || strncmp(o->engine, "ssdnvme", 7) || strcmp(o->serial, pd->serial) ||
	    strcmp(o->model, pd->model))
		return 0;
	return 1 + 2 * ran_nn(o->drive) + !strcmp(o->namespaces, pd->namespaces);
}

const struct fr_drive *fr_cross_check_of(const struct fr_report *rep, const struct fr_drive *d)
{
	const struct fr_prov_drive *pd = rep->prov ? fr_prov_find(rep->prov, d) : NULL;
	const struct fr_drive *best = NULL;
	int best_score = 0;

	if (!pd || strcmp(pd->engine, "io_uring_cmd") || !recorded(pd->serial) ||
	    !recorded(pd->model))
		return NULL;
	for (size_t i = 0; i < rep->prov->ndrives; i++) {
		const struct fr_prov_drive *o = &rep->prov->drives[i];
		int score = pair_score(pd, o);

		if (score > best_score) {
			best = o->drive;
			best_score = score;
		}
	}
	return best;
}

static double ratio(double x, double y)
{
	return y > 0 && !isnan(x) ? x / y : NAN;
}

static struct fr_lat lat_ratio(const struct fr_lat *x, const struct fr_lat *y)
{
	return (struct fr_lat){ratio(x->mean, y->mean), ratio(x->p99, y->p99),
			       ratio(x->p999, y->p999), ratio(x->p9999, y->p9999)};
}

/* Places among the view's entries (those rank placed keep a place, counted
 * again without the cross-check runs), and the gap between the first two. */
static void view_places(struct fr_nn_view *v)
{
	const struct fr_nn_entry *first[2] = {NULL, NULL};
	unsigned placed = 0;

	for (size_t i = 0; i < v->n; i++) {
		v->place[i] = v->e[i]->place ? ++placed : 0;
		if (v->place[i] && placed <= 2)
			first[placed - 1] = v->e[i];
	}
	v->gap = (struct fr_lat){NAN, NAN, NAN, NAN};
	if (!first[1])
		return;
	v->gap.mean = first[1]->lat.mean - first[0]->lat.mean;
	v->gap.p99 = first[1]->lat.p99 - first[0]->lat.p99;
	v->gap.p999 = first[1]->lat.p999 - first[0]->lat.p999;
	v->gap.p9999 = first[1]->lat.p9999 - first[0]->lat.p9999;
}

/* The cross-check row of entry run (a cross-check run of drive of) on ns. */
static void add_xcheck(struct fr_nn_split *s, const struct fr_nn_ns *ns,
		       const struct fr_nn_entry *run, const struct fr_drive *of)
{
	struct fr_xcheck *x = &s->xc[s->nxc++];

	*x = (struct fr_xcheck){ns->nsid, run, of, NULL, {NAN, NAN, NAN, NAN}};
	for (size_t k = 0; k < ns->n; k++)
		if (ns->e[k].drive == of)
			x->base = &ns->e[k];
	if (x->base)
		x->ratio = lat_ratio(&run->lat, &x->base->lat);
}

static int split_ns(const struct fr_report *rep, const struct fr_nn_ns *ns, struct fr_nn_split *s)
{
	struct fr_nn_view *v = &s->ns[s->nns];

	v->nsid = ns->nsid;
	v->e = calloc(ns->n + 1, sizeof(*v->e));
	v->place = calloc(ns->n + 1, sizeof(*v->place));
	if (!v->e || !v->place) {
		free(v->e);
		free(v->place);
		return -ENOMEM;
	}
	for (size_t i = 0; i < ns->n; i++) {
		const struct fr_drive *of = fr_cross_check_of(rep, ns->e[i].drive);

		if (of) {
			if (!fr_nn_writer_ns(of, ns->nsid))
				add_xcheck(s, ns, &ns->e[i], of);
		} else if (!fr_nn_writer_ns(ns->e[i].drive, ns->nsid)) {
			v->e[v->n++] = &ns->e[i];
		}
	}
	if (!v->n) { /* only writers' own reads (or cross-checks) here */
		free(v->e);
		free(v->place);
		*v = (struct fr_nn_view){0};
		return 0;
	}
	view_places(v);
	s->nns++;
	return 0;
}

/* The drive's reads on namespace nsid (its writers' own mix), or NULL. */
static const struct fr_nn_entry *own_reads(const struct fr_ranking *r, const struct fr_drive *d,
					   unsigned nsid)
{
	for (size_t n = 0; nsid && n < r->nnn; n++)
		for (size_t i = 0; r->nn[n].nsid == nsid && i < r->nn[n].n; i++)
			if (r->nn[n].e[i].drive == d)
				return &r->nn[n].e[i];
	return NULL;
}

static void add_aggressor(struct fr_nn_aggr *a, const struct fr_report *rep,
			  const struct fr_drive *d, const struct fr_step *st)
{
	const struct fr_nn_entry *e = own_reads(rep->r, d, st->nsid);

	*a = (struct fr_nn_aggr){d, st->nsid, st, NULL, NULL};
	if (e) {
		a->own_reads = &e->lat;
		a->own_reads_step = e->step;
	} else if (st->dir[FR_READ].ios) {
		a->own_reads = &st->dir[FR_READ].lat[rep->r->basis];
		a->own_reads_step = st;
	}
}

/* Every drive's noisy-neighbor write steps, with their own reads. */
static int split_aggressors(const struct fr_report *rep, struct fr_nn_split *s)
{
	const struct fr_model *m = rep->m;
	size_t cap = 0;

	for (size_t d = 0; d < m->ndrives; d++) {
		const struct fr_profile *p = fr_drive_find_profile(&m->drives[d], "noisy-neighbor");

		for (size_t i = 0; p && i < p->nsteps; i++) {
			const struct fr_step *st = &p->steps[i];

			if (st->kind != FR_KIND_NN_WRITE || !st->dir[FR_WRITE].ios)
				continue;
			if (s->naggr == cap) {
				size_t ncap = cap ? 2 * cap : 8;
				struct fr_nn_aggr *t = realloc(s->aggr, ncap * sizeof(*t));

				if (!t)
					return -ENOMEM;
				s->aggr = t;
				cap = ncap;
			}
			add_aggressor(&s->aggr[s->naggr++], rep, &m->drives[d], st);
		}
	}
	return 0;
}

int fr_nn_split(const struct fr_report *rep, struct fr_nn_split *s)
{
	const struct fr_ranking *r = rep->r;
	size_t total = 0;

	memset(s, 0, sizeof(*s));
	for (size_t n = 0; n < r->nnn; n++)
		total += r->nn[n].n;
	s->ns = calloc(r->nnn + 1, sizeof(*s->ns));
	s->xc = calloc(total + 1, sizeof(*s->xc));
	if (!s->ns || !s->xc)
		goto nomem;
	for (size_t n = 0; n < r->nnn; n++)
		if (split_ns(rep, &r->nn[n], s))
			goto nomem;
	if (split_aggressors(rep, s))
		goto nomem;
	return 0;
nomem:
	fr_nn_split_free(s);
	return -ENOMEM;
}

void fr_nn_split_free(struct fr_nn_split *s)
{
	for (size_t n = 0; s->ns && n < s->nns; n++) {
		free(s->ns[n].e);
		free(s->ns[n].place);
	}
	free(s->ns);
	free(s->xc);
	free(s->aggr);
	memset(s, 0, sizeof(*s));
}
