/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The unit tests' pseudo-random numbers: xorshift64*, the same sequence on
 * every run from the same seed (a failure repeats), no libc state shared.
 */
#ifndef SSDNVME_TEST_RNG_H
#define SSDNVME_TEST_RNG_H

#include <stdint.h>

/**
 * test_rng() - the next pseudo-random number of a sequence
 * @s: the sequence's state (a non-zero seed to start), advanced
 *
 * Return: the next 64-bit value.
 */
static inline uint64_t test_rng(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545f4914f6cdd1dull;
}

#endif
