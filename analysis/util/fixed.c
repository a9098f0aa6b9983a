// SPDX-License-Identifier: GPL-2.0-only
/*
 * "%.*f" without printf for most figures (fixed.h).  printf rounds the
 * double's exact binary value to prec decimals, to the nearest (a tie by
 * the rounding mode).  Here m is the integer nearest to v * 10^prec as a
 * double sees it, and fma() gives the remainder v * 10^prec - m with one
 * rounding of a value below 1 (error under 2^-53): when that remainder is
 * clearly less than a half, m is the exact value's nearest integer beyond
 * doubt and its digits are printf's.  A remainder near a half (a tie, or
 * too close to tell), a figure too large for the quick path or not finite,
 * goes to snprintf().
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "util/fixed.h"

static const double pow10_of[] = {1, 10, 100, 1e3, 1e4, 1e5, 1e6};

/* below 2^50 the product's ulp is at most 1/4: m is within one of it */
#define QUICK_MAX 0x1p50

/* Digits of m with prec of them after a point, at least one before it. */
static int write_digits(char *buf, bool neg, uint64_t m, int prec)
{
	char rev[24];
	int n = 0, len = 0;

	do {
		rev[n++] = (char)('0' + m % 10);
		m /= 10;
	} while (m);
	while (n <= prec)
		rev[n++] = '0';
	if (neg)
		buf[len++] = '-';
	while (n > prec)
		buf[len++] = rev[--n];
	if (prec) {
		buf[len++] = '.';
		while (n)
			buf[len++] = rev[--n];
	}
	buf[len] = '\0';
	return len;
}

int fr_fixed(char *buf, size_t len, double v, int prec)
{
	double a = fabs(v), scale, m;

	if (prec < 0 || prec >= (int)(sizeof(pow10_of) / sizeof(pow10_of[0])) ||
	    len < FR_FIXED_LEN || !isfinite(v))
		return snprintf(buf, len, "%.*f", prec, v);
	scale = pow10_of[prec];
	if (!(a * scale < QUICK_MAX))
		return snprintf(buf, len, "%.*f", prec, v);
	m = nearbyint(a * scale);
	if (!(fabs(fma(a, scale, -m)) < 0.5 - 1e-9))
		return snprintf(buf, len, "%.*f", prec, v);
	/* printf writes the sign of a negative figure that rounds to zero,
	 * and of -0.0: signbit(), not v < 0 */
	return write_digits(buf, signbit(v), (uint64_t)m, prec);
}
