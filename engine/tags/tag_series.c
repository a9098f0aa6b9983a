// SPDX-License-Identifier: GPL-2.0-only
/*
 * Latency time series: the key's histogram minus its copy from the start of
 * the interval, summarised into a point whenever completion time crosses an
 * interval boundary.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tag_series.h"

const double tag_series_pct[TAG_SERIES_NPCT] = {50.0, 90.0, 99.0, 99.9, 99.99};

int tag_series_init(struct tag_series *s, const struct tag_hist *live, uint64_t origin_ns,
		    uint64_t interval_ns, size_t max_points)
{
	*s = (struct tag_series){.origin_ns = origin_ns,
				 .interval_ns = interval_ns,
				 .max_points = max_points,
				 .live = live};
	if (!interval_ns || !max_points) {
		errno = EINVAL;
		return -1;
	}
	s->base = malloc(sizeof(*s->base));
	if (!s->base)
		return -1;
	memcpy(s->base, live, sizeof(*live));
	s->cur_start = origin_ns;
	s->cur_end = origin_ns + interval_ns;
	return 0;
}

void tag_series_free(struct tag_series *s)
{
	free(s->base);
	free(s->pts);
	s->base = NULL;
	s->pts = NULL;
	s->npts = s->cap = 0;
}

/*
 * The first (@dir 1) or last (@dir -1) bucket that grew since the base, as
 * its midpoint: within 0.79 % of the interval's minimum or maximum.  Clamped
 * to the run's exact extremes, which bound the interval's.
 */
static uint64_t extreme(const struct tag_series *s, int dir)
{
	int i = dir > 0 ? 0 : TAG_HIST_NBUCKETS - 1;
	uint64_t v;

	while (s->live->bucket[i] == s->base->bucket[i])
		i += dir;
	if (i == TAG_HIST_OVERFLOW)
		return s->live->max;
	v = tag_hist_bucket_low(i) + tag_hist_bucket_width(i) / 2;
	if (v < s->live->min)
		v = s->live->min;
	if (v > s->live->max)
		v = s->live->max;
	return v;
}

/* Called only when the interval holds completions. */
static void summarise(const struct tag_series *s, struct tag_point *p)
{
	const struct tag_hist *now = s->live, *then = s->base;

	p->t_ns = s->cur_start - s->origin_ns;
	p->n = now->n - then->n;
	p->min = extreme(s, 1);
	p->max = extreme(s, -1);
	p->mean = (double)(now->sum - then->sum) / (double)p->n;
	tag_hist_diff_percentiles(now, then, p->min, p->max, tag_series_pct, TAG_SERIES_NPCT,
				  p->pct);
}

int tag_series_current(const struct tag_series *s, struct tag_point *p)
{
	if (!s->base || s->live->n == s->base->n)
		return 0;
	summarise(s, p);
	return 1;
}

/* Room for one more point; 0 when the cap is reached or memory is short. */
static int reserve_point(struct tag_series *s)
{
	struct tag_point *grown;
	size_t cap;

	if (s->npts < s->cap)
		return 1;
	if (s->npts >= s->max_points)
		return 0;
	cap = s->cap ? s->cap * 2 : 64;
	if (cap > s->max_points)
		cap = s->max_points;
	grown = realloc(s->pts, cap * sizeof(*grown));
	if (!grown)
		return 0;
	s->pts = grown;
	s->cap = cap;
	return 1;
}

/* Closes the current interval and opens the one holding @t_ns. */
void tag_series_roll(struct tag_series *s, uint64_t t_ns)
{
	uint64_t rel = t_ns - s->origin_ns; /* t_ns >= cur_end > origin */

	if (s->live->n != s->base->n) {
		if (reserve_point(s))
			summarise(s, &s->pts[s->npts++]);
		else
			s->dropped++;
		memcpy(s->base, s->live, sizeof(*s->live));
	}
	s->cur_start = s->origin_ns + rel - rel % s->interval_ns;
	s->cur_end = s->cur_start + s->interval_ns;
}
