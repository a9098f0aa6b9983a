// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests: the engine's integer and time options read whole and
 * range-checked (engine/io/optval.c): what fio's FIO_OPT_INT wrapped or
 * misread (issue 36 row 2) is refused, naming the option and its range.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "optval.h"

static void integers_in_range(void **state)
{
	uint64_t v = 0;
	char msg[256];

	(void)state;
	assert_true(optval_int("apptag", "0x1234", 0, 0xffff, false, &v, msg, sizeof(msg)));
	assert_int_equal(v, 0x1234);
	assert_true(optval_int("apptag", "65535", 0, 0xffff, false, &v, msg, sizeof(msg)));
	assert_int_equal(v, 65535);
	assert_true(optval_int("md_per_io_size", "4k", 0, UINT32_MAX, true, &v, msg, sizeof(msg)));
	assert_int_equal(v, 4096);
	assert_true(optval_int("md_per_io_size", "4294967295", 0, UINT32_MAX, true, &v, msg,
			       sizeof(msg)));
	assert_int_equal(v, UINT32_MAX);
}

static void integers_out_of_range_name_the_range(void **state)
{
	static const char *const bad[] = {"-1", "65536", "4294967297", "0x10000",
					  "18446744073709551616"};
	uint64_t v;
	char msg[256], want[128];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		print_message("# apptag=%s\n", bad[i]);
		assert_false(optval_int("apptag", bad[i], 0, 0xffff, false, &v, msg, sizeof(msg)));
		snprintf(want, sizeof(want), "apptag=%s is out of range: valid 0-65535", bad[i]);
		assert_string_equal(msg, want);
	}
	assert_false(optval_int("md_per_io_size", "4294967296", 0, UINT32_MAX, true, &v, msg,
				sizeof(msg)));
	assert_string_equal(msg, "md_per_io_size=4294967296 is out of range: valid 0-4294967295");
	assert_false(optval_int("md_per_io_size", "4g", 0, UINT32_MAX, true, &v, msg, sizeof(msg)));
}

static void integers_that_are_not_numbers(void **state)
{
	static const char *const bad[] = {"", "x", "1e3", "2s", "0x", "1,2", " 1", "+1", "4k"};
	uint64_t v;
	char msg[256];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		print_message("# tag_outliers=%s\n", bad[i]);
		assert_false(optval_int("tag_outliers", bad[i], 0, 1000000, false, &v, msg,
					sizeof(msg)));
		assert_non_null(strstr(msg, "is not a number"));
	}
}

static void times_in_fio_units(void **state)
{
	static const struct {
		const char *s;
		uint64_t ms;
	} good[] = {
		{"2000", 2000}, {"2s", 2000}, {"500ms", 500},	{"1m", 60000}, {"1h", 3600000},
		{"3000us", 3},	{"0", 0},     {"1d", 86400000}, {"2S", 2000},  {"250msec", 250},
	};
	uint64_t ms;
	char msg[256];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		print_message("# health_interval=%s\n", good[i].s);
		assert_true(optval_ms("health_interval", good[i].s, 0, 86400000, &ms, msg,
				      sizeof(msg)));
		assert_int_equal(ms, good[i].ms);
	}
}

static void times_refused(void **state)
{
	uint64_t ms;
	char msg[256];

	(void)state;
	assert_false(optval_ms("health_interval", "-1", 0, 86400000, &ms, msg, sizeof(msg)));
	assert_string_equal(msg, "health_interval=-1 is out of range: valid 0-86400000 ms");
	assert_false(optval_ms("health_interval", "2d", 0, 86400000, &ms, msg, sizeof(msg)));
	assert_string_equal(msg, "health_interval=2d is out of range: valid 0-86400000 ms");
	assert_false(optval_ms("tag_interval", "0", 1, 86400000, &ms, msg, sizeof(msg)));
	assert_string_equal(msg, "tag_interval=0 is out of range: valid 1-86400000 ms");
	assert_false(optval_ms("health_interval", "1e3", 0, 86400000, &ms, msg, sizeof(msg)));
	assert_non_null(strstr(msg, "health_interval=1e3 is not a time"));
	assert_false(optval_ms("health_interval", "2x", 0, 86400000, &ms, msg, sizeof(msg)));
	assert_non_null(strstr(msg, "is not a time"));
	assert_false(optval_ms("health_interval", "1500us", 0, 86400000, &ms, msg, sizeof(msg)));
	assert_string_equal(msg, "health_interval=1500us is not a whole number of milliseconds");
	assert_false(optval_ms("health_interval", "99999999999999999999", 0, 86400000, &ms, msg,
			       sizeof(msg)));
	assert_non_null(strstr(msg, "out of range"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(integers_in_range),
		cmocka_unit_test(integers_out_of_range_name_the_range),
		cmocka_unit_test(integers_that_are_not_numbers),
		cmocka_unit_test(times_in_fio_units),
		cmocka_unit_test(times_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
