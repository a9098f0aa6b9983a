// SPDX-License-Identifier: GPL-2.0-only
/*
 * The CSV report's rows built in memory (analysis/out/csv_line.c): a row
 * must hold the bytes the per-cell stdio calls wrote (fr_csv_str(),
 * "%.*f", "%u", "%ld"), also when a cell does not fit in what is left of
 * the buffer or is longer than the whole buffer.
 */
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "util/escape.h"
#include "out/csv_line.h"

/* Cells of every kind: plain, formula-led, quoted, longer than the buffer. */
static char *texts[6];

static int make_texts(void **state)
{
	static const char *const fixed[] = {"plain", "=1+1", "a,\"b\"\nc", "-2+3"};

	(void)state;
	for (size_t i = 0; i < 4; i++)
		texts[i] = strdup(fixed[i]);
	for (size_t i = 4; i < 6; i++) {
		size_t len = 5000 + i;

		texts[i] = malloc(len + 1);
		for (size_t k = 0; k < len; k++)
			texts[i][k] = i == 4 && k % 97 == 3 ? '"' : (char)('a' + k % 26);
		texts[i][len] = '\0';
	}
	texts[5][0] = '@';
	return 0;
}

static int free_texts(void **state)
{
	(void)state;
	for (size_t i = 0; i < 6; i++)
		free(texts[i]);
	return 0;
}

/* One row of pad bytes then every cell kind, built both ways. */
static void check_row(size_t pad)
{
	static const double nums[] = {0, -0.0004, 1.5, 2.675, 123456.7895, 1e40, NAN, -INFINITY};
	static const long longs[] = {0, 7, -1, LONG_MIN, LONG_MAX};
	char *want = NULL, *got = NULL, *padding = malloc(pad + 1);
	size_t nwant = 0, ngot = 0;
	FILE *fw = open_memstream(&want, &nwant), *fg = open_memstream(&got, &ngot);
	struct fr_csv_line *l = calloc(1, sizeof(*l));

	assert_non_null(padding);
	assert_non_null(l);
	memset(padding, 'p', pad);
	padding[pad] = '\0';
	l->f = fg;
	fputs(padding, fw);
	assert_int_equal(fr_csv_line_put(l, padding, pad), 0);
	for (size_t i = 0; i < 6; i++) {
		fputc(',', fw);
		fr_csv_str(fw, texts[i]);
		fr_csv_line_put(l, ",", 1);
		fr_csv_line_text(l, texts[i]);
	}
	for (size_t i = 0; i < sizeof(nums) / sizeof(nums[0]); i++)
		for (int prec = 0; prec <= 3; prec++) {
			fputc(',', fw);
			if (isfinite(nums[i]))
				fprintf(fw, "%.*f", prec, nums[i]);
			fr_csv_line_num(l, nums[i], prec);
		}
	for (unsigned v = 0; v < 3000000000u; v = v * 7 + 1) {
		fputc(',', fw);
		if (v)
			fprintf(fw, "%u", v);
		fr_csv_line_count(l, v);
	}
	for (size_t i = 0; i < sizeof(longs) / sizeof(longs[0]); i++) {
		fprintf(fw, "%ld", longs[i]);
		fr_csv_line_long(l, longs[i]);
	}
	assert_int_equal(fr_csv_line_flush(l), 0);
	assert_int_equal(fclose(fw), 0);
	assert_int_equal(fclose(fg), 0);
	if (nwant != ngot || memcmp(want, got, nwant))
		fail_msg("pad %zu: %zu bytes built, %zu by stdio", pad, ngot, nwant);
	free(want);
	free(got);
	free(padding);
	free(l);
}

static void test_rows(void **state)
{
	(void)state;
	for (size_t pad = 0; pad <= sizeof(((struct fr_csv_line *)0)->buf) + 10; pad += 7)
		check_row(pad);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rows),
	};

	return cmocka_run_group_tests(tests, make_texts, free_texts);
}
