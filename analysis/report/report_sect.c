// SPDX-License-Identifier: GPL-2.0-only
/*
 * How each profile's section is shown (report_sect.h).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/report_sect.h"

bool fr_step_has_p99(const struct fr_step *s, enum fr_dir d, enum fr_basis basis)
{
	return s->dir[d].ios && isfinite(s->dir[d].lat[basis].p99);
}

static bool section_shown(const struct fr_model *m, const struct fr_profile_rank *pr,
			  bool all_sections)
{
	if (all_sections)
		return true;
	for (size_t i = 0; i < pr->n; i++)
		if (!pr->e[i].drive->reference)
			return true;
	/* published alone is all there is (fiorank -R with no input) */
	return !m->files_read;
}

/* The points one scale rule is taken over: every chart of a section. */
struct scale_points {
	double *x, *y;
	size_t n;
};

static int points_alloc(struct scale_points *v, size_t cap)
{
	v->n = 0;
	v->x = calloc(cap + 1, sizeof(*v->x));
	v->y = calloc(cap + 1, sizeof(*v->y));
	if (v->x && v->y)
		return 0;
	free(v->x);
	free(v->y);
	return -ENOMEM;
}

/* A chart's point, its latency in µs as the charts draw it. */
static void points_add(struct scale_points *v, double x, double y_ns)
{
	v->x[v->n] = x;
	v->y[v->n++] = y_ns / 1000.0;
}

/* Each axis log when the points together span decades; frees them. */
static void points_decide(struct scale_points *v, struct fr_scales *sc)
{
	*sc = (struct fr_scales){fr_wants_log(v->x, v->n), fr_wants_log(v->y, v->n)};
	free(v->x);
	free(v->y);
}

/* A profile's mean curve chart and p99 charts: one rule over all of them,
 * so that the charts side by side read alike. */
static int curve_scales(const struct fr_profile_rank *pr, enum fr_basis basis, struct fr_scales *sc)
{
	struct scale_points v;
	size_t cap = 0;

	/* per curve step: the mean and a p99 per direction (read, write) */
	for (size_t i = 0; i < pr->n; i++)
		cap += 3 * pr->e[i].ncurve;
	if (points_alloc(&v, cap))
		return -ENOMEM;
	for (size_t i = 0; i < pr->n; i++)
		for (size_t k = 0; k < pr->e[i].ncurve; k++) {
			const struct fr_step *st = pr->e[i].curve[k];

			points_add(&v, fr_step_iops(st), fr_step_mean_lat(st, basis));
			for (int d = FR_READ; d <= FR_WRITE; d++)
				if (fr_step_has_p99(st, (enum fr_dir)d, basis))
					points_add(&v, fr_step_iops(st), st->dir[d].lat[basis].p99);
		}
	points_decide(&v, sc);
	return 0;
}

/* The write-pressure mean and p99 charts: one rule over both. */
static int wp_scales(const struct fr_ranking *r, struct fr_scales *sc)
{
	struct scale_points v;
	size_t cap = 0;

	for (size_t d = 0; d < r->nwp; d++)
		cap += 2 * r->wp[d].n;
	if (points_alloc(&v, cap))
		return -ENOMEM;
	for (size_t d = 0; d < r->nwp; d++)
		for (size_t i = 0; i < r->wp[d].n; i++) {
			const struct fr_wp_point *pt = &r->wp[d].pts[i];

			points_add(&v, pt->write_mbps, pt->mean_ns);
			points_add(&v, pt->write_mbps, pt->p99_ns);
		}
	points_decide(&v, sc);
	return 0;
}

int fr_sections_build(const struct fr_model *m, const struct fr_ranking *r, bool all_sections,
		      struct fr_sections *s)
{
	memset(s, 0, sizeof(*s));
	s->p = calloc(r->nprofiles + 1, sizeof(*s->p));
	if (!s->p)
		return -ENOMEM;
	s->np = r->nprofiles;
	for (size_t p = 0; p < r->nprofiles; p++) {
		s->p[p].shown = section_shown(m, &r->profiles[p], all_sections);
		s->nfolded += !s->p[p].shown;
		if (curve_scales(&r->profiles[p], r->basis, &s->p[p].scales))
			goto nomem;
	}
	if (!wp_scales(r, &s->wp))
		return 0;
nomem:
	fr_sections_free(s);
	return -ENOMEM;
}

void fr_sections_free(struct fr_sections *s)
{
	free(s->p);
	memset(s, 0, sizeof(*s));
}
