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

/**
 * tag_clock_set_rate() - set the counter's rate from one measurement
 * @c: the clock
 * @cycles: counter cycles that took @ns
 * @ns: nanoseconds of the reference clock
 *
 * Return: 0, or -1 when either is 0 or the rate is not a plausible counter
 * (between 1 MHz and 100 GHz).
 */
int tag_clock_set_rate(struct tag_clock *c, uint64_t cycles, uint64_t ns);

/**
 * tag_clock_set_identity() - readings already in ns: the conversion is the identity
 * @c: the clock
 */
static inline void tag_clock_set_identity(struct tag_clock *c)
{
	c->mult = 1ull << TAG_CLOCK_SHIFT;
}

/**
 * tag_clock_ns() - nanoseconds between two counter readings
 * @c: the clock
 * @from: the earlier reading
 * @to: the later reading
 *
 * Return: the nanoseconds, 0 when @to is not later (readings on two CPUs
 * whose counters are not in step).
 */
static inline uint64_t tag_clock_ns(const struct tag_clock *c, uint64_t from, uint64_t to)
{
	int64_t d = (int64_t)(to - from);

	if (d <= 0)
		return 0;
	return (uint64_t)(((unsigned __int128)(uint64_t)d * c->mult) >> TAG_CLOCK_SHIFT);
}

#endif
