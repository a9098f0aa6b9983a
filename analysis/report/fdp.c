// SPDX-License-Identifier: GPL-2.0-only
/*
 * A placed noisy-neighbor run beside the same drive's unplaced run (fdp.h).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"
#include "report/fdp.h"

static const struct fr_profile *nn_of(const struct fr_drive *d)
{
	return fr_drive_find_profile(d, "noisy-neighbor");
}

/* Whether some write step of d's noisy neighbor was placed. */
static bool placed_run(const struct fr_drive *d)
{
	const struct fr_profile *p = nn_of(d);

	for (size_t i = 0; p && i < p->nsteps; i++)
		if (p->steps[i].kind == FR_KIND_NN_WRITE && p->steps[i].placement)
			return true;
	return false;
}

static bool same(const char *a, const char *b)
{
	return a && b && *a && !strcmp(a, b);
}

/* The unplaced noisy-neighbor run of the same drive (model and serial) as d. */
static const struct fr_drive *unplaced_of(const struct fr_model *m, const struct fr_drive *d)
{
	for (size_t i = 0; i < m->ndrives; i++) {
		const struct fr_drive *o = &m->drives[i];

		if (o != d && !o->reference && nn_of(o) && !placed_run(o) &&
		    same(o->ident.model, d->ident.model) && same(o->ident.serial, d->ident.serial))
			return o;
	}
	return NULL;
}

const struct fr_step *fr_fdp_writer_step(const struct fr_drive *d)
{
	const struct fr_profile *p = nn_of(d);

	for (size_t i = 0; p && i < p->nsteps; i++)
		if (p->steps[i].kind == FR_KIND_NN_WRITE && p->steps[i].health)
			return &p->steps[i];
	return NULL;
}

/* d's reads on namespace nsid (0: the readers' job), NULL none. */
static const struct fr_lat *reads_on(const struct fr_drive *d, unsigned nsid, enum fr_basis b)
{
	const struct fr_profile *p = nn_of(d);

	for (size_t i = 0; p && i < p->nsteps; i++) {
		const struct fr_step *s = &p->steps[i];

		if (s->kind == FR_KIND_NN_READ && s->nsid == nsid && s->dir[FR_READ].ios)
			return &s->dir[FR_READ].lat[b];
	}
	return NULL;
}

static double ratio(double x, double y)
{
	return y > 0 && !isnan(x) ? x / y : NAN;
}

/* The victims: namespaces the placed run read and its writers did not write. */
static int victims(struct fr_fdp_pair *pr, enum fr_basis b)
{
	const struct fr_profile *p = nn_of(pr->placed);

	pr->v = calloc(p->nsteps ? p->nsteps : 1, sizeof(*pr->v));
	if (!pr->v)
		return -ENOMEM;
	for (size_t i = 0; i < p->nsteps; i++) {
		const struct fr_step *s = &p->steps[i];
		struct fr_fdp_victim *v = &pr->v[pr->nv];

		if (s->kind != FR_KIND_NN_READ || !s->dir[FR_READ].ios ||
		    (s->nsid && fr_nn_writer_ns(pr->placed, s->nsid)))
			continue;
		v->nsid = s->nsid;
		v->on = &s->dir[FR_READ].lat[b];
		v->off = pr->unplaced ? reads_on(pr->unplaced, s->nsid, b) : NULL;
		v->ratio = (struct fr_lat){NAN, NAN, NAN, NAN};
		if (v->off)
			v->ratio = (struct fr_lat){ratio(v->on->mean, v->off->mean),
						   ratio(v->on->p99, v->off->p99),
						   ratio(v->on->p999, v->off->p999),
						   ratio(v->on->p9999, v->off->p9999)};
		pr->nv++;
	}
	return 0;
}

static int by_nsid(const void *a, const void *b)
{
	const struct fr_fdp_victim *x = a, *y = b;

	return (x->nsid > y->nsid) - (x->nsid < y->nsid);
}

static void waf_of(const struct fr_drive *d, struct fr_waf *w)
{
	const struct fr_step *s = d ? fr_fdp_writer_step(d) : NULL;

	if (s) {
		fr_health_waf(s, w);
		return;
	}
	memset(w, 0, sizeof(*w));
	w->host_bytes = w->host_bytes_smart = w->media_bytes = w->src_host_bytes = w->waf = NAN;
	w->host_counter = "";
	for (int i = 0; i < FR_WAF_NSRC; i++)
		w->by_src[i] = NAN;
	snprintf(w->why, sizeof(w->why), "WAF n/a: %s",
		 d ? "the writers' step has no drive health recorded" : "no run without placement");
}

int fr_fdp_compare(const struct fr_model *m, enum fr_basis basis, struct fr_fdp_cmp *c)
{
	memset(c, 0, sizeof(*c));
	for (size_t i = 0; i < m->ndrives; i++) {
		struct fr_fdp_pair *grown, *pr;

		if (m->drives[i].reference || !placed_run(&m->drives[i]))
			continue;
		grown = realloc(c->p, (c->n + 1) * sizeof(*c->p));
		if (!grown)
			goto nomem;
		c->p = grown;
		pr = memset(&c->p[c->n++], 0, sizeof(*pr));
		pr->placed = &m->drives[i];
		pr->unplaced = unplaced_of(m, pr->placed);
		if (victims(pr, basis))
			goto nomem;
		qsort(pr->v, pr->nv, sizeof(pr->v[0]), by_nsid);
		waf_of(pr->placed, &pr->waf_on);
		waf_of(pr->unplaced, &pr->waf_off);
	}
	return 0;
nomem:
	fr_fdp_compare_free(c);
	return -ENOMEM;
}

void fr_fdp_compare_free(struct fr_fdp_cmp *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->p[i].v);
	free(c->p);
	memset(c, 0, sizeof(*c));
}
