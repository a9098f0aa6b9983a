// SPDX-License-Identifier: GPL-2.0-only
/*
 * One line of fio's latency log (analysis/read/read_fio_log.c): "time (ms),
 * value (ns), data direction, block size, offset" and, with log_prio, a
 * priority.  Lines fio writes are read as they are; anything else is
 * refused, never read as a point.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "read/read_fio_log.h"

static void test_fio_lines(void **state)
{
	double t, v;
	unsigned d;

	(void)state;
	/* as fio 3.33 wrote them (tests/data/fio/latlog/perio, avg) */
	assert_int_equal(fr_fio_log_parse_lat("1003, 42749, 0, 4096, 0\n", &t, &v, &d), 0);
	assert_true(t == 1003 && v == 42749 && d == 0);
	assert_int_equal(fr_fio_log_parse_lat("250, 14235, 1, 0, 0", &t, &v, &d), 0);
	assert_true(t == 250 && v == 14235 && d == 1);
	/* log_prio adds a sixth field; trim is direction 2 */
	assert_int_equal(fr_fio_log_parse_lat("7, 28581, 2, 4096, 8192, 1\r\n", &t, &v, &d), 0);
	assert_int_equal(d, 2);
}

static void test_damaged_lines(void **state)
{
	static const char *const bad[] = {
		"1003, 42749, 0, 4096",			  /* cut short */
		"1003, 42749, 0, 4096, 0, 1, 9",	  /* too many fields */
		"1003, 42749, 3, 4096, 0",		  /* no such direction */
		"1003, -5, 0, 4096, 0",			  /* negative */
		"1003, 4e3, 0, 4096, 0",		  /* not an integer */
		"1003, 42749x, 0, 4096, 0",		  /* trailing garbage in a field */
		"1003 42749 0 4096 0",			  /* not comma separated */
		"",					  /* nothing */
		"1003, , 0, 4096, 0",			  /* an empty field */
		"99999999999999999999999, 1, 0, 4096, 0", /* out of range */
	};
	double t, v;
	unsigned d;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(fr_fio_log_parse_lat(bad[i], &t, &v, &d), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fio_lines),
		cmocka_unit_test(test_damaged_lines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
