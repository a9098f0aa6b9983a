/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Latency from a cycle counter.  When fio times with the CPU's cycle counter
 * (its clocksource=cpu, the default where the TSC is reliable), every
 * fio_gettime() turns a counter reading into seconds and nanoseconds with
 * two 64-bit divisions; the tags read the same counter at completion and
 * convert only the difference, at a rate measured against fio's clock when
 * the job starts.  docs/tags.md has the error budget.
 */
#ifndef SSDNVME_TAG_CLOCK_H
#define SSDNVME_TAG_CLOCK_H

#include <stdint.h>

#define TAG_CLOCK_SHIFT 32

struct tag_clock {
	uint64_t mult; /* ns per cycle, fixed point: ns = cycles * mult >> 32 */
};

/*
 * The rate from one measurement: @cycles of the counter took @ns of the
 * reference clock.  -1 when either is 0 or the rate is not a plausible
 * counter (between 1 MHz and 100 GHz).
 */
int tag_clock_set_rate(struct tag_clock *c, uint64_t cycles, uint64_t ns);

/* Readings already in ns: the conversion is the identity. */
static inline void tag_clock_set_identity(struct tag_clock *c)
{
	c->mult = 1ull << TAG_CLOCK_SHIFT;
}

/* Nanoseconds from counter reading @from to @to; 0 if @to is not later
 * (readings on two CPUs whose counters are not in step). */
static inline uint64_t tag_clock_ns(const struct tag_clock *c, uint64_t from, uint64_t to)
{
	int64_t d = (int64_t)(to - from);

	if (d <= 0)
		return 0;
	return (uint64_t)(((unsigned __int128)(uint64_t)d * c->mult) >> TAG_CLOCK_SHIFT);
}

#endif
