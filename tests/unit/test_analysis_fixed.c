// SPDX-License-Identifier: GPL-2.0-only
/*
 * fr_fixed() (analysis/util/fixed.c), the CSV's figures without printf:
 * checked against snprintf("%.*f") itself, byte for byte, on the figures
 * where a quick conversion goes wrong (ties, values a hair from a tie, the
 * sign of a negative that rounds to zero, the ends of the quick path) and
 * on 150,000 pseudo-random doubles of every magnitude fiorank writes.
 */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "test_rng.h"

#include "util/fixed.h"

/* fr_fixed's text and length against snprintf's, every precision. */
static void check(double v)
{
	for (int prec = 0; prec <= 7; prec++) {
		char want[400], got[400];
		int nwant = snprintf(want, sizeof(want), "%.*f", prec, v);
		int ngot = fr_fixed(got, sizeof(got), v, prec);

		if (nwant != ngot || strcmp(want, got))
			fail_msg("%.17g at %d digits: printf \"%s\" (%d), fr_fixed \"%s\" (%d)", v,
				 prec, want, nwant, got, ngot);
	}
}

static void test_edges(void **state)
{
	static const double v[] = {
		0,	  -0.0,	     0.5,	  1.5,	      2.5,	 -2.5,
		0.125,	  0.375,     1.0005,	  1.0015,     2.675,	 1.005,
		0.0005,	  -0.0004,   -0.0005,	  -1e-300,    1e-300,	 DBL_MIN,
		DBL_MAX,  -DBL_MAX,  0x1p50,	  0x1p50 - 1, 0x1p53,	 0x1p53 + 2,
		1e15,	  1e16,	     123456.7895, 99.9995,    9.9999995, 0.05,
		0.15,	  0.25,	     0.35,	  1234.5,     -1234.5,	 4294967295.0,
		INFINITY, -INFINITY, NAN,	  -NAN};

	(void)state;
	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		check(v[i]);
		check(nextafter(v[i], INFINITY));
		check(nextafter(v[i], -INFINITY));
	}
}

static void test_random(void **state)
{
	uint64_t s = 0x9e3779b97f4a7c15ull;

	(void)state;
	for (int i = 0; i < 50000; i++) {
		double mant = (double)(test_rng(&s) >> 11) / 0x1p53; /* [0, 1) */
		int exp10 = (int)(test_rng(&s) % 24) - 8;	     /* 1e-8 .. 1e15 */
		double v = mant * pow(10, exp10);
		/* a decimal figure with few digits, as fio writes them */
		double dec = (double)(test_rng(&s) % 100000000) / pow(10, (int)(test_rng(&s) % 7));

		check(test_rng(&s) & 1 ? -v : v);
		check(dec);
		check(-dec);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_edges),
		cmocka_unit_test(test_random),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
