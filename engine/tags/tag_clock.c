// SPDX-License-Identifier: GPL-2.0-only
/*
 * Cycle counter rate (see tag_clock.h).
 */
#include "tag_clock.h"

int tag_clock_set_rate(struct tag_clock *c, uint64_t cycles, uint64_t ns)
{
	unsigned __int128 mult;

	if (!cycles || !ns)
		return -1;
	/* 1 MHz .. 100 GHz: 1000 .. 0.01 ns per cycle */
	if (ns > cycles * 1000ull || ns * 100ull < cycles)
		return -1;
	mult = ((unsigned __int128)ns << TAG_CLOCK_SHIFT) / cycles;
	c->mult = (uint64_t)mult;
	return 0;
}
