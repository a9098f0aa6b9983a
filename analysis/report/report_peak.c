// SPDX-License-Identifier: GPL-2.0-only
/*
 * The peak steps' series (report_peak.h).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "read/read_kept.h"
#include "report/report_peak.h"

/* ns -> µs: the charts' unit, like fio log series' (read_fio_log.h) */
static double us(double ns)
{
	return ns / 1000.0;
}

enum fr_dir fr_peak_dir(const struct fr_step *s)
{
	return s->dir[FR_READ].ios ? FR_READ : FR_WRITE;
}

static int points_alloc(struct fr_points *p, size_t max)
{
	p->x = calloc(max + 1, sizeof(*p->x));
	p->y = calloc(max + 1, sizeof(*p->y));
	return p->x && p->y ? 0 : -ENOMEM;
}

static void points_free(struct fr_points *p)
{
	free(p->x);
	free(p->y);
	memset(p, 0, sizeof(*p));
}

/* The json+ distribution: each non-empty bucket at its middle (µs) with
 * its share of the step's I/Os. */
static int dist_build(const struct fr_step *s, struct fr_points *p)
{
	double b[FR_DIST_NBUCKETS] = {0};
	double total = fr_kept_buckets(s, fr_peak_dir(s), b);

	if (!(total > 0))
		return 0;
	if (points_alloc(p, FR_DIST_NBUCKETS))
		return -ENOMEM;
	for (size_t k = 0; k < FR_DIST_NBUCKETS; k++)
		if (b[k] > 0) {
			p->x[p->n] = us(pow(10, ((double)k + 0.5) / FR_DIST_PER_DECADE));
			p->y[p->n++] = 100 * b[k] / total;
		}
	return 0;
}

/* The tag series: per interval with completions, sum(N x mean) / sum(N). */
static int tags_build(const struct fr_step *s, struct fr_points *p)
{
	double *n_at = calloc(FR_KEPT_MAX_INTERVALS, sizeof(*n_at));
	double *sum_at = calloc(FR_KEPT_MAX_INTERVALS, sizeof(*sum_at));
	double ms;
	size_t slots;
	int ret = -ENOMEM;

	if (!n_at || !sum_at)
		goto out;
	slots = fr_kept_tag_sums(s, fr_peak_dir(s), n_at, sum_at, &ms);
	ret = 0;
	if (!slots)
		goto out;
	ret = points_alloc(p, slots);
	for (size_t t = 0; !ret && t < slots; t++)
		if (n_at[t] > 0) {
			p->x[p->n] = (double)t * ms / 1000;
			p->y[p->n++] = us(sum_at[t] / n_at[t]);
		}
out:
	free(n_at);
	free(sum_at);
	return ret;
}

static int log_build(const struct fr_step *s, struct fr_peak_series *ps, FILE *err)
{
	if (fr_fio_log_series(s, fr_peak_dir(s), &ps->log, err))
		return -ENOMEM;
	ps->has_log = ps->log.found || ps->log.damaged;
	if (!ps->has_log)
		fr_log_series_free(&ps->log);
	return 0;
}

int fr_peak_series_build(const struct fr_entry *e, struct fr_peak_series *ps, FILE *err)
{
	memset(ps, 0, sizeof(*ps));
	if (e->drive->reference || !e->peak)
		return 0;
	if (dist_build(e->peak, &ps->dist) || tags_build(e->peak, &ps->tags) ||
	    log_build(e->peak, ps, err)) {
		fr_peak_series_free(ps);
		return -ENOMEM;
	}
	return 0;
}

void fr_peak_series_free(struct fr_peak_series *ps)
{
	points_free(&ps->dist);
	points_free(&ps->tags);
	fr_log_series_free(&ps->log);
	memset(ps, 0, sizeof(*ps));
}

int fr_peak_build_all(const struct fr_ranking *r, struct fr_peak_series ***out, size_t *n,
		      FILE *err)
{
	struct fr_peak_series **ps = calloc(r->nprofiles + 1, sizeof(*ps));
	size_t p = 0;

	for (; ps && p < r->nprofiles; p++) {
		const struct fr_profile_rank *pr = &r->profiles[p];

		ps[p] = calloc(pr->n + 1, sizeof(**ps));
		if (!ps[p])
			break;
		for (size_t i = 0; i < pr->n; i++)
			if (fr_peak_series_build(&pr->e[i], &ps[p][i], err)) {
				fr_peak_free_all(r, ps, p + 1);
				return -ENOMEM;
			}
	}
	if (!ps || p < r->nprofiles) {
		fr_peak_free_all(r, ps, p);
		return -ENOMEM;
	}
	*out = ps;
	*n = p;
	return 0;
}

void fr_peak_free_all(const struct fr_ranking *r, struct fr_peak_series **ps, size_t n)
{
	for (size_t p = 0; ps && p < n; p++) {
		for (size_t i = 0; ps[p] && i < r->profiles[p].n; i++)
			fr_peak_series_free(&ps[p][i]);
		free(ps[p]);
	}
	free(ps);
}
