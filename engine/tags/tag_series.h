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

/* Series over histogram @live, intervals counted from @origin_ns; -1 with
 * errno on failure (EINVAL for a zero interval or max_points). */
int tag_series_init(struct tag_series *s, const struct tag_hist *live, uint64_t origin_ns,
		    uint64_t interval_ns, size_t max_points);
void tag_series_free(struct tag_series *s);

void tag_series_roll(struct tag_series *s, uint64_t t_ns);

/*
 * Call for each completion at @t_ns (engine clock), just BEFORE adding
 * its latency to the live histogram: crossing into a new interval summarises
 * the old one from the histogram as it stands.
 */
static inline void tag_series_tick(struct tag_series *s, uint64_t t_ns)
{
	if (t_ns >= s->cur_end)
		tag_series_roll(s, t_ns);
}

/* Summary of the current, unfinished interval; 0 when it holds nothing. */
int tag_series_current(const struct tag_series *s, struct tag_point *p);

#endif
