// SPDX-License-Identifier: GPL-2.0-only
/*
 * Ranking: peaks, places, margins, curves, write-pressure crossovers,
 * noisy-neighbor tails, wins, and places among published drives.  Reads the
 * model, never changes it; the renderers print what this computes.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/label.h"
#include "rank/rank.h"

static int cmp_profile_names(const void *a, const void *b)
{
	return fr_profile_cmp(*(const char *const *)a, *(const char *const *)b);
}

static bool has_curve(const struct fr_profile *p)
{
	for (size_t i = 0; i < p->nsteps; i++)
		if (p->steps[i].kind == FR_KIND_CURVE)
			return true;
	return false;
}

/* Distinct names of profiles with curve steps, in report order. */
static const char **curve_profiles(const struct fr_model *m, size_t *n)
{
	const char **names = NULL;
	size_t cnt = 0, cap = 0;

	for (size_t d = 0; d < m->ndrives; d++) {
		const struct fr_drive *dr = &m->drives[d];

		for (size_t p = 0; p < dr->nprofiles; p++) {
			bool seen = false;

			if (!has_curve(&dr->profiles[p]))
				continue;
			for (size_t i = 0; i < cnt && !seen; i++)
				seen = !strcmp(names[i], dr->profiles[p].name);
			if (seen)
				continue;
			if (cnt == cap) {
				const char **t =
					realloc(names, (cap = cap ? cap * 2 : 16) * sizeof(*names));
				if (!t) {
					free(names);
					return NULL;
				}
				names = t;
			}
			names[cnt++] = dr->profiles[p].name;
		}
	}
	if (cnt)
		qsort(names, cnt, sizeof(*names), cmp_profile_names);
	*n = cnt;
	return names ? names : calloc(1, sizeof(*names));
}

static double step_value(const struct fr_step *s, bool by_mbps)
{
	return by_mbps ? fr_step_mbps(s) : fr_step_iops(s);
}

/* Curves are listed and drawn in step order, as the method ran them (a
 * step that fell short of its rate shows where it did, not re-sorted). */
static int cmp_curve(const void *a, const void *b)
{
	const struct fr_step *x = *(const struct fr_step *const *)a;
	const struct fr_step *y = *(const struct fr_step *const *)b;

	return fr_step_name_cmp(x->name, y->name);
}

static int fill_entry(struct fr_entry *e, const struct fr_drive *d, const struct fr_profile *p,
		      bool by_mbps, enum fr_basis basis)
{
	e->drive = d;
	e->curve = calloc(p->nsteps + 1, sizeof(*e->curve));
	if (!e->curve)
		return -ENOMEM;
	for (size_t i = 0; i < p->nsteps; i++) {
		const struct fr_step *s = &p->steps[i];

		if (s->kind != FR_KIND_CURVE)
			continue;
		e->curve[e->ncurve++] = s;
		if (!e->peak || step_value(s, by_mbps) > step_value(e->peak, by_mbps))
			e->peak = s;
	}
	qsort(e->curve, e->ncurve, sizeof(*e->curve), cmp_curve);
	e->value = step_value(e->peak, by_mbps);
	e->iops = fr_step_iops(e->peak);
	e->mbps = fr_step_mbps(e->peak);
	e->lat_ns = fr_step_mean_lat(e->peak, basis);
	return 0;
}

/* Higher figure first; on equal figures the lower latency first. */
static int cmp_entry(const void *a, const void *b)
{
	const struct fr_entry *x = a, *y = b;
	double lx = isnan(x->lat_ns) ? INFINITY : x->lat_ns;
	double ly = isnan(y->lat_ns) ? INFINITY : y->lat_ns;

	if (x->value != y->value)
		return x->value > y->value ? -1 : 1;
	if (lx != ly)
		return lx < ly ? -1 : 1;
	return strcmp(x->drive->label, y->drive->label);
}

static bool same_result(const struct fr_entry *a, const struct fr_entry *b)
{
	return a->value == b->value &&
	       (a->lat_ns == b->lat_ns || (isnan(a->lat_ns) && isnan(b->lat_ns)));
}

/* A measured drive beside published ones that are not all comparable with
 * its run: listed after the placed entries, with its reason, no place.
 * Without a published drive in the table (no -R) the measured drives are
 * placed among themselves; the published column still gives the reason. */
static void mark_unplaced(struct fr_entry *e, size_t n)
{
	bool beside_published = false;

	for (size_t i = 0; i < n; i++)
		beside_published |= e[i].drive->reference;
	for (size_t i = 0; i < n; i++)
		e[i].unplaced = beside_published && !e[i].drive->reference && *e[i].ref_note;
}

static bool unplaced(const struct fr_entry *e)
{
	return e->unplaced;
}

/* A measured entry still to be placed among the measured ones. */
static bool measured_placeable(const struct fr_entry *e)
{
	return !e->drive->reference && !e->unplaced;
}

static bool runs_like(const struct fr_entry *a, const struct fr_entry *b, char *why, size_t len)
{
	return fr_runs_like(&a->peak->method, &b->peak->method, why, len);
}

static bool entry_placeable(const void *ctx, size_t i)
{
	return measured_placeable(&((const struct fr_entry *)ctx)[i]);
}

static bool entry_known(const void *ctx, size_t i)
{
	return ((const struct fr_entry *)ctx)[i].peak->method.known;
}

static bool entry_like(const void *ctx, size_t i, size_t j)
{
	const struct fr_entry *e = ctx;

	return runs_like(&e[i], &e[j], NULL, 0);
}

/*
 * Measured drives are ranked against each other only when their runs are
 * alike (compare.c: fr_runs_like()).  The largest group of like runs keeps
 * its places; of groups of one size, the one holding the drive read first
 * (the report's first drive section: name the reference drive first).  A
 * group is never chosen by its figures: a faster unlike run would decide
 * what the table ranks.  Every other measured entry is listed unplaced,
 * with what differs from the placed group's first drive.  @e is in the
 * model's drive order.
 *
 * "Alike" is an equivalence among runs whose method is known (equal values
 * on every point), so fr_like_largest() holds each run against the first
 * run of each group so far, not against every other run: the cost grows
 * with runs x groups, and a table of 50,000 like runs stays linear.  A run
 * whose method is not known is like none: a group of its own.
 */
static int place_like_runs(struct fr_entry *e, size_t n)
{
	static const struct fr_like_ops ops = {entry_placeable, entry_known, entry_like};
	size_t best = fr_like_largest(n, &ops, e);
	char why[400];

	if (best == SIZE_MAX)
		return -ENOMEM;
	for (size_t k = 0; best < n && k < n; k++) {
		if (k == best || !measured_placeable(&e[k]) ||
		    runs_like(&e[k], &e[best], why, sizeof(why)))
			continue;
		snprintf(e[k].place_note, sizeof(e[k].place_note),
			 "unlike the placed runs (%s): %s", e[best].drive->label, why);
		e[k].unplaced = true;
	}
	return 0;
}

static int cmp_entry_placed(const void *a, const void *b)
{
	const struct fr_entry *x = a, *y = b;

	if (unplaced(x) != unplaced(y))
		return unplaced(x) ? 1 : -1;
	return cmp_entry(a, b);
}

static size_t assign_places(struct fr_entry *e, size_t n)
{
	size_t placed = 0;

	for (size_t i = 0; i < n; i++) {
		if (unplaced(&e[i]))
			e[i].place = 0;
		else
			e[i].place = (i && same_result(&e[i], &e[i - 1])) ? e[i - 1].place
									  : (unsigned)i + 1;
		placed += e[i].place != 0;
		e[i].margin_pct = e[i].margin_abs = NAN;
		/* no margin between a measured and a published drive: whether
		 * they compare at all is the published place's to say; none
		 * from or to an unplaced drive either: its run is not comparable
		 * (its reason says why), so there is no next place to be ahead of */
		if (i + 1 < n && e[i].drive->reference == e[i + 1].drive->reference &&
		    !unplaced(&e[i]) && !unplaced(&e[i + 1])) {
			e[i].margin_abs = e[i].value - e[i + 1].value;
			if (e[i + 1].value > 0)
				e[i].margin_pct = 100.0 * e[i].margin_abs / e[i + 1].value;
		}
	}
	return placed;
}

/* Place among the comparable published drives of the same profile: 1 +
 * those ahead; the others are named in ref_note with the reason. */
static void place_among_ref(struct fr_entry *e, const struct fr_model *ref, const char *profile,
			    bool by_mbps, enum fr_basis basis)
{
	unsigned ahead = 0, total = 0;
	struct fr_reasons rs = {.n = 0};
	struct fr_run_memo memo = {0};

	for (size_t d = 0; d < ref->ndrives; d++) {
		const struct fr_profile *p = fr_drive_find_profile(&ref->drives[d], profile);
		struct fr_entry re = {0}, mine = *e;
		unsigned per_drive;

		if (!p || !has_curve(p) || fill_entry(&re, &ref->drives[d], p, by_mbps, basis))
			continue;
		if (fr_comparable_memo(e, &ref->drives[d], &re, &per_drive, &rs, &memo)) {
			mine.value /= per_drive;
			total++;
			if (cmp_entry(&re, &mine) < 0)
				ahead++;
		}
		free(re.curve);
	}
	fr_reasons_text(&rs, e->ref_note, sizeof(e->ref_note));
	if (total) {
		e->ref_place = ahead + 1;
		e->ref_total = total + 1;
	}
}

static int rank_profile(const struct fr_model *m, const struct fr_model *ref, const char *name,
			enum fr_basis basis, struct fr_profile_rank *pr)
{
	pr->name = name;
	pr->by_mbps = fr_profile_by_mbps(name);
	pr->e = calloc(m->ndrives + 1, sizeof(*pr->e));
	if (!pr->e)
		return -ENOMEM;
	for (size_t d = 0; d < m->ndrives; d++) {
		const struct fr_profile *p = fr_drive_find_profile(&m->drives[d], name);

		if (!p || !has_curve(p))
			continue;
		if (fill_entry(&pr->e[pr->n], &m->drives[d], p, pr->by_mbps, basis))
			return -ENOMEM;
		pr->n++;
	}
	for (size_t i = 0; ref && i < pr->n; i++)
		if (!pr->e[i].drive->reference)
			place_among_ref(&pr->e[i], ref, name, pr->by_mbps, basis);
	mark_unplaced(pr->e, pr->n);
	if (place_like_runs(pr->e, pr->n))
		return -ENOMEM;
	qsort(pr->e, pr->n, sizeof(*pr->e), cmp_entry_placed);
	pr->nplaced = assign_places(pr->e, pr->n);
	return 0;
}

static int cmp_wp(const void *a, const void *b)
{
	const struct fr_wp_point *x = a, *y = b;

	return x->write_mbps < y->write_mbps ? -1 : x->write_mbps > y->write_mbps;
}

/* The writer's step paired with reader step RD of profile P: the
 * wp-write step of the same rate (the same step name). */
static const struct fr_step *wp_writer(const struct fr_profile *p, const struct fr_step *rd)
{
	for (size_t i = 0; i < p->nsteps; i++)
		if (p->steps[i].kind == FR_KIND_WP_WRITE && !strcmp(p->steps[i].name, rd->name))
			return &p->steps[i];
	return NULL;
}

static int rank_wp(const struct fr_model *m, enum fr_basis basis, struct fr_ranking *r)
{
	r->wp = calloc(m->ndrives + 1, sizeof(*r->wp));
	if (!r->wp)
		return -ENOMEM;
	for (size_t d = 0; d < m->ndrives; d++) {
		const struct fr_profile *p = fr_drive_find_profile(&m->drives[d], "write-pressure");
		struct fr_wp_drive *w = &r->wp[r->nwp];

		if (!p)
			continue;
		w->pts = calloc(p->nsteps + 1, sizeof(*w->pts));
		if (!w->pts)
			return -ENOMEM;
		for (size_t i = 0; i < p->nsteps; i++) {
			const struct fr_step *s = &p->steps[i];
			char *end;
			double mbps = strtod(s->name, &end);

			if (s->kind != FR_KIND_WP_READ || *end || isnan(mbps))
				continue;
			w->pts[w->n++] = (struct fr_wp_point){mbps, s->dir[FR_READ].lat[basis].mean,
							      s->dir[FR_READ].lat[basis].p99, s,
							      wp_writer(p, s)};
		}
		if (!w->n) {
			free(w->pts);
			w->pts = NULL;
			continue;
		}
		qsort(w->pts, w->n, sizeof(*w->pts), cmp_wp);
		w->drive = &m->drives[d];
		if (!w->drive->reference)
			fr_wp_run_of(p, &w->run);
		r->nwp++;
	}
	return 0;
}

static bool wp_placeable(const void *ctx, size_t i)
{
	return !((const struct fr_wp_drive *)ctx)[i].drive->reference;
}

static bool wp_known(const void *ctx, size_t i)
{
	return ((const struct fr_wp_drive *)ctx)[i].run.known;
}

static bool wp_like(const void *ctx, size_t i, size_t j)
{
	const struct fr_wp_drive *w = ctx;

	return fr_wp_runs_like(&w[i].run, &w[j].run, NULL, 0);
}

/*
 * A crossover between two measured drives is stated only when their
 * wp-read steps were run alike (cross_pair()).  Each measured drive unlike
 * the largest group of like runs (of groups of one size, the one of the
 * drive read first, as in the profile tables) is noted once, with what
 * differs from that group's first drive.
 */
static int wp_like_runs(struct fr_ranking *r)
{
	static const struct fr_like_ops ops = {wp_placeable, wp_known, wp_like};
	size_t best = fr_like_largest(r->nwp, &ops, r->wp);
	char why[400];

	if (best == SIZE_MAX)
		return -ENOMEM;
	for (size_t k = 0; best < r->nwp && k < r->nwp; k++) {
		struct fr_wp_drive *w = &r->wp[k];

		if (k == best || w->drive->reference ||
		    fr_wp_runs_like(&w->run, &r->wp[best].run, why, sizeof(why)))
			continue;
		snprintf(w->note, sizeof(w->note), "no crossover with the like runs (%s): %s",
			 r->wp[best].drive->label, why);
	}
	return 0;
}

static const struct fr_wp_point *wp_at(const struct fr_wp_drive *w, double mbps)
{
	for (size_t i = 0; i < w->n; i++)
		if (w->pts[i].write_mbps == mbps)
			return &w->pts[i];
	return NULL;
}

static double wp_metric(const struct fr_wp_point *p, enum fr_wp_metric metric)
{
	return metric == FR_WP_MEAN ? p->mean_ns : p->p99_ns;
}

static int add_cross(struct fr_ranking *r, const struct fr_crossover *c, size_t *cap)
{
	if (r->ncross == *cap) {
		struct fr_crossover *t =
			realloc(r->cross, (*cap = *cap ? *cap * 2 : 8) * sizeof(*t));

		if (!t)
			return -ENOMEM;
		r->cross = t;
	}
	r->cross[r->ncross++] = *c;
	return 0;
}

/* Walks the common write steps of two drives; each change of which drive is
 * lower is a crossover at the first step where the new order shows.  None
 * between two measured drives whose runs are unlike (wp_like_runs()). */
static int cross_pair(struct fr_ranking *r, const struct fr_wp_drive *a,
		      const struct fr_wp_drive *b, enum fr_wp_metric metric, size_t *cap)
{
	int prev = 0;
	double prev_mbps = NAN;
	size_t first = r->ncross;

	/* two measured runs are held against each other only when alike */
	if (!a->drive->reference && !b->drive->reference &&
	    !fr_wp_runs_like(&a->run, &b->run, NULL, 0))
		return 0;
	for (size_t i = 0; i < a->n; i++) {
		const struct fr_wp_point *pb = wp_at(b, a->pts[i].write_mbps);
		double va = wp_metric(&a->pts[i], metric), vb;
		int sign;

		if (!pb || isnan(va) || isnan(vb = wp_metric(pb, metric)) || va == vb)
			continue;
		sign = va < vb ? -1 : 1;
		if (prev && sign != prev) {
			struct fr_crossover c = {metric,
						 a->pts[i].write_mbps,
						 sign < 0 ? a->drive : b->drive,
						 sign < 0 ? b->drive : a->drive,
						 true,
						 prev_mbps,
						 a->drive->reference && b->drive->reference};

			for (size_t k = first; k < r->ncross; k++)
				r->cross[k].holds = false;
			if (add_cross(r, &c, cap))
				return -ENOMEM;
		}
		prev = sign;
		prev_mbps = a->pts[i].write_mbps;
	}
	return 0;
}

static int rank_cross(struct fr_ranking *r)
{
	size_t cap = 0;

	for (size_t i = 0; i < r->nwp; i++)
		for (size_t j = i + 1; j < r->nwp; j++)
			for (int mt = FR_WP_MEAN; mt <= FR_WP_P99; mt++)
				if (cross_pair(r, &r->wp[i], &r->wp[j], mt, &cap))
					return -ENOMEM;
	return 0;
}

static int count_wins(const struct fr_model *m, struct fr_ranking *r)
{
	r->wins = calloc(m->ndrives + 1, sizeof(*r->wins));
	if (!r->wins)
		return -ENOMEM;
	r->nwins = m->ndrives;
	for (size_t d = 0; d < m->ndrives; d++)
		r->wins[d].drive = &m->drives[d];
	for (size_t p = 0; p < r->nprofiles; p++) {
		const struct fr_profile_rank *pr = &r->profiles[p];

		for (size_t i = 0; i < pr->n; i++) {
			size_t d = (size_t)(pr->e[i].drive - m->drives);

			r->wins[d].profiles++;
			if (pr->nplaced > 1 && pr->e[i].place == 1)
				r->wins[d].wins++;
		}
	}
	return 0;
}

int fr_rank(const struct fr_model *m, const struct fr_model *ref, enum fr_basis basis,
	    struct fr_ranking *r)
{
	const char **names;
	size_t n = 0;

	memset(r, 0, sizeof(*r));
	r->basis = basis;
	r->have_ref = ref && ref->ndrives;
	names = curve_profiles(m, &n);
	if (!names)
		return -ENOMEM;
	r->profiles = calloc(n + 1, sizeof(*r->profiles));
	if (!r->profiles) {
		free(names);
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++) {
		r->nprofiles++;
		if (rank_profile(m, r->have_ref ? ref : NULL, names[i], basis, &r->profiles[i])) {
			free(names);
			return -ENOMEM;
		}
	}
	free(names);
	if (rank_wp(m, basis, r) || wp_like_runs(r) || rank_cross(r) || fr_rank_nn(m, basis, r) ||
	    count_wins(m, r))
		return -ENOMEM;
	return 0;
}

void fr_ranking_free(struct fr_ranking *r)
{
	for (size_t i = 0; i < r->nprofiles; i++) {
		for (size_t k = 0; k < r->profiles[i].n; k++)
			free(r->profiles[i].e[k].curve);
		free(r->profiles[i].e);
	}
	free(r->profiles);
	for (size_t i = 0; i < r->nwp; i++)
		free(r->wp[i].pts);
	free(r->wp);
	free(r->cross);
	for (size_t i = 0; i < r->nnn; i++)
		free(r->nn[i].e);
	free(r->nn);
	free(r->wins);
	memset(r, 0, sizeof(*r));
}
