/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Latency time series of one tag key: completions are binned into fixed
 * intervals of completion time (default 1 s).  The series has no histogram of
 * its own: it keeps a copy of the key's histogram as it was when the current
 * interval began, and at the interval's end summarises the difference into a
 * compact point (count, min, max, mean, five percentiles: 80 bytes).  Per I/O
 * it costs one time comparison.  An interval's min and max are known to the
 * histogram's resolution (0.79 %), its count and mean exactly.
 *
 * Memory: one struct tag_hist (the copy) plus 80 bytes per finished interval,
 * up to max_points; past that further intervals are counted in `dropped` and
 * not kept.  Intervals without completions produce no point.
 */
#ifndef SSDNVME_TAG_SERIES_H
#define SSDNVME_TAG_SERIES_H

#include <stddef.h>
#include <stdint.h>

#include "tag_hist.h"

#define TAG_SERIES_NPCT 5 /* p50, p90, p99, p99.9, p99.99 */

extern const double tag_series_pct[TAG_SERIES_NPCT];

struct tag_point {
	uint64_t t_ns; /* interval start, since the run start */
	uint64_t n;
	uint64_t min;
	uint64_t max;
	double mean;
	uint64_t pct[TAG_SERIES_NPCT];
};

struct tag_series {
	uint64_t origin_ns; /* the run start, engine clock */
	uint64_t interval_ns;
	uint64_t cur_start; /* current interval [cur_start, cur_end) */
	uint64_t cur_end;
	const struct tag_hist *live; /* the key's histogram */
	struct tag_hist *base;	     /* *live when the current interval began */
	struct tag_point *pts;
	size_t npts;
	size_t cap;
	size_t max_points;
	uint64_t dropped; /* intervals not kept because max_points was reached */
};

/**
 * tag_series_init() - set up a series over a key's histogram
 * @s: the series
 * @live: the key's histogram, copied now as the first interval's base
 * @origin_ns: the run start, engine clock: intervals are counted from it
 * @interval_ns: the interval length
 * @max_points: how many finished intervals to keep at most
 *
 * Return: 0; -1 with errno on failure (EINVAL for a zero interval or
 * max_points, malloc's errno when the copy cannot be allocated).
 */
int tag_series_init(struct tag_series *s, const struct tag_hist *live, uint64_t origin_ns,
		    uint64_t interval_ns, size_t max_points);
/**
 * tag_series_free() - free a series's histogram copy and points
 * @s: the series
 */
void tag_series_free(struct tag_series *s);

/**
 * tag_series_roll() - close the current interval and open the one holding a time
 * @s: the series
 * @t_ns: a completion time, engine clock, at or past the current interval's end
 *
 * An interval that holds completions is summarised into a point (counted in
 * @s->dropped instead when max_points is reached or memory is short) and the
 * histogram is copied again as the next base; an empty one produces nothing.
 */
void tag_series_roll(struct tag_series *s, uint64_t t_ns);

/**
 * tag_series_tick() - note one completion's time
 * @s: the series
 * @t_ns: the completion time, engine clock
 *
 * Call for each completion just BEFORE adding its latency to the live
 * histogram: crossing into a new interval summarises the old one from the
 * histogram as it stands (tag_series_roll()).
 */
static inline void tag_series_tick(struct tag_series *s, uint64_t t_ns)
{
	if (t_ns >= s->cur_end)
		tag_series_roll(s, t_ns);
}

/**
 * tag_series_current() - summary of the current, unfinished interval
 * @s: the series
 * @p: where the summary is written
 *
 * Return: 1 with @p written; 0 when the interval holds nothing (or @s was not
 * set up), @p untouched.
 */
int tag_series_current(const struct tag_series *s, struct tag_point *p);

#endif
