// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests for the cycle-counter conversion the tags use when fio times
 * with the CPU clock: the rate from one measurement, its bounds, the
 * conversion's accuracy over the histogram's range, and readings that go
 * backwards (two CPUs out of step).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "tag_clock.h"

/* |got - want| <= want * rel + 1 ns (the fixed point truncates) */
static void assert_close(uint64_t got, uint64_t want, double rel)
{
	double d = (double)got - (double)want;

	if (d < 0)
		d = -d;
	if (d > (double)want * rel + 1.0)
		fail_msg("got %llu ns, want %llu ns", (unsigned long long)got,
			 (unsigned long long)want);
}

static void test_identity(void **state)
{
	struct tag_clock c;

	(void)state;
	tag_clock_set_identity(&c);
	assert_int_equal(tag_clock_ns(&c, 1000, 1000), 0);
	assert_int_equal(tag_clock_ns(&c, 1000, 1001), 1);
	assert_int_equal(tag_clock_ns(&c, 5, 17179869184ull + 5), 17179869184ull);
	/* fio's ns clock: an hour after a day of uptime converts exactly */
	assert_int_equal(tag_clock_ns(&c, 86400000000000ull, 86400000000000ull + 3600000000000ull),
			 3600000000000ull);
}

/* A 3 GHz counter measured over 2 ms, converted over the histogram's range. */
static void test_rate(void **state)
{
	const uint64_t hz[] = {1000000000ull, 2100000000ull, 3000000000ull, 3792000000ull,
			       25000000ull};
	struct tag_clock c;
	unsigned int i;

	(void)state;
	for (i = 0; i < sizeof(hz) / sizeof(hz[0]); i++) {
		uint64_t cycles_per_2ms = hz[i] / 500, ns;

		assert_int_equal(tag_clock_set_rate(&c, cycles_per_2ms, 2000000), 0);
		for (ns = 100; ns <= 17179869184ull; ns *= 3) {
			uint64_t cycles = (uint64_t)((unsigned __int128)ns * hz[i] / 1000000000ull);
			uint64_t from = 0xfffffff000000000ull; /* across a 2^64 wrap too */

			/* within the fixed point's 2^-32 of the exact rate */
			assert_close(tag_clock_ns(&c, from, from + cycles), ns,
				     1e-8 + 1e9 / (double)hz[i] / (double)ns);
		}
	}
}

static void test_backwards(void **state)
{
	struct tag_clock c;

	(void)state;
	assert_int_equal(tag_clock_set_rate(&c, 3000000, 1000000), 0);
	assert_int_equal(tag_clock_ns(&c, 5000, 4000), 0);
	assert_int_equal(tag_clock_ns(&c, 5000, 5000), 0);
	assert_close(tag_clock_ns(&c, 5000, 5030), 10, 0); /* 3 cycles a ns, truncated */
}

static void test_bad_rates(void **state)
{
	struct tag_clock c = {.mult = 42};

	(void)state;
	assert_int_equal(tag_clock_set_rate(&c, 0, 2000000), -1);
	assert_int_equal(tag_clock_set_rate(&c, 6000000, 0), -1);
	/* slower than 1 MHz, faster than 100 GHz: not a cycle counter */
	assert_int_equal(tag_clock_set_rate(&c, 1, 2000000), -1);
	assert_int_equal(tag_clock_set_rate(&c, 300000000000ull, 2000000), -1);
	assert_int_equal(c.mult, 42); /* a refused rate leaves the clock alone */
	assert_int_equal(tag_clock_set_rate(&c, 2000, 2000000), 0);	 /* 1 MHz */
	assert_int_equal(tag_clock_set_rate(&c, 200000000, 2000000), 0); /* 100 GHz */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_identity),
		cmocka_unit_test(test_rate),
		cmocka_unit_test(test_backwards),
		cmocka_unit_test(test_bad_rates),
	};

	return cmocka_run_group_tests_name("engine_tags_clock", tests, NULL, NULL);
}
