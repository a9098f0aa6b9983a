// SPDX-License-Identifier: GPL-2.0-only
/* A CSV row built in memory, one fwrite() a row (csv_line.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "util/escape.h"
#include "util/fixed.h"
#include "out/csv_line.h"

int fr_csv_line_flush(struct fr_csv_line *l)
{
	if (l->n && fwrite(l->buf, 1, l->n, l->f) != l->n)
		l->failed = 1;
	l->n = 0;
	return l->failed ? -1 : 0;
}

int fr_csv_line_spill(struct fr_csv_line *l, const char *s, size_t n)
{
	if (fr_csv_line_flush(l))
		return -1;
	if (n > sizeof(l->buf)) /* a cell longer than the buffer: as it is */
		return fwrite(s, 1, n, l->f) == n ? 0 : (l->failed = 1, -1);
	memcpy(l->buf, s, n);
	l->n = n;
	return 0;
}

void fr_csv_line_text(struct fr_csv_line *l, const char *s)
{
	fr_csv_each(s, fr_csv_line_put, l);
}

void fr_csv_line_num(struct fr_csv_line *l, double v, int prec)
{
	char text[FR_FIXED_LEN + 1];
	int n;

	text[0] = ',';
	if (!isfinite(v)) {
		fr_csv_line_put(l, text, 1);
		return;
	}
	n = fr_fixed(text + 1, sizeof(text) - 1, v, prec);
	if (n >= 0 && (size_t)n < sizeof(text) - 1) {
		fr_csv_line_put(l, text, (size_t)n + 1);
		return;
	}
	/* longer than text (a figure past 10^30): printf's own */
	fr_csv_line_put(l, text, 1);
	if (!fr_csv_line_flush(l) && fprintf(l->f, "%.*f", prec, v) < 0)
		l->failed = 1;
}

/* The digits of v, written from the end of a buffer of 24. */
static size_t digits(char *end, unsigned long v)
{
	size_t n = 0;

	do {
		*--end = (char)('0' + v % 10);
		n++;
	} while (v /= 10);
	return n;
}

void fr_csv_line_count(struct fr_csv_line *l, unsigned v)
{
	char text[24];
	size_t n = v ? digits(text + sizeof(text), v) : 0;

	text[sizeof(text) - 1 - n] = ',';
	fr_csv_line_put(l, text + sizeof(text) - 1 - n, n + 1);
}

void fr_csv_line_long(struct fr_csv_line *l, long v)
{
	char text[24];
	unsigned long mag = v < 0 ? 0ul - (unsigned long)v : (unsigned long)v;
	size_t n = digits(text + sizeof(text), mag);

	if (v < 0)
		text[sizeof(text) - 1 - n++] = '-';
	fr_csv_line_put(l, text + sizeof(text) - n, n);
}

void fr_csv_line_commas(struct fr_csv_line *l, size_t n)
{
	static const char run[] = ",,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,";

	for (size_t k; n; n -= k) {
		k = n < sizeof(run) - 1 ? n : sizeof(run) - 1;
		fr_csv_line_put(l, run, k);
	}
}
