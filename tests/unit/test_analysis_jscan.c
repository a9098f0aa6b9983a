// SPDX-License-Identifier: GPL-2.0-only
/*
 * The JSON cursor of the fast reader (analysis/read/jscan.h): once a call
 * has failed, the cursor is bad and every later call fails too, whatever
 * the text after it (the reader then hands the document to json-c, and a
 * call that went on would read from a place nothing checked).  And a
 * number is read as strtod() reads it, bit for bit.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "read/jscan.h"
#include "test_rng.h"

static void cursor(struct fr_js *s, const char *text)
{
	fr_js_init(s, text, text + strlen(text));
}

/* A number where an object was wanted marks the cursor bad. */
static void make_bad(struct fr_js *s, const char *text)
{
	cursor(s, text);
	assert_false(fr_js_open(s, '{'));
}

static void test_skip_reads_a_value(void **state)
{
	struct fr_js s;

	(void)state;
	cursor(&s, "{\"a\": [1, 2, {\"b\": \"c\"}]} 7");
	assert_true(fr_js_skip(&s));
	assert_int_equal(fr_js_peek(&s), '7'); /* past the whole object */
}

static void test_skip_fails_on_bad_json(void **state)
{
	struct fr_js s;

	(void)state;
	cursor(&s, "{\"a\": [1, 2,, 3]}");
	assert_false(fr_js_skip(&s));
	/* and the cursor stays bad */
	assert_int_equal(fr_js_peek(&s), 0);
}

static void test_bad_cursor_stays_bad(void **state)
{
	const char *after = "1 {\"x\": 1} \"s\" [2]";
	struct fr_js s;
	const char *str;
	size_t len;
	double v;
	bool first = true;

	(void)state;
	make_bad(&s, after);
	assert_false(fr_js_skip(&s)); /* a valid value next: still refused */
	make_bad(&s, after);
	assert_false(fr_js_number(&s, &v));
	make_bad(&s, after);
	assert_false(fr_js_string(&s, &str, &len));
	make_bad(&s, after);
	assert_false(fr_js_elem(&s, &first));
	make_bad(&s, after);
	assert_int_equal(fr_js_peek(&s), 0);
}

/* The number read from text, checked bit for bit against strtod()'s. */
static void assert_reads_as_strtod(const char *text)
{
	char doc[64];
	struct fr_js s;
	double v, want = strtod(text, NULL);

	snprintf(doc, sizeof(doc), "%s,", text);
	cursor(&s, doc);
	if (!fr_js_number(&s, &v))
		fail_msg("%s: not read", text);
	if (memcmp(&v, &want, sizeof(v)))
		fail_msg("%s: read %.17g, strtod() gives %.17g", text, v, want);
}

/*
 * A fraction or exponent is read as strtod() reads it, bit for bit, on both
 * sides of the one-rounding path's bounds (15 digits, 10^+-22) and beyond:
 * fio's own shapes, edge cases and 200,000 pseudo-random decimals.
 */
static void test_number_as_strtod(void **state)
{
	static const char *const fixed[] = {"43690.666667",
					    "0.1",
					    "-0.0",
					    "0.000000",
					    "-2.5",
					    "123456789012345.6",
					    "12345678901234.5",
					    "1234567890123456.7",
					    "9007199254740993.0",
					    "0.30000000000000004",
					    "1e22",
					    "1e23",
					    "1.5e-22",
					    "1.5e-23",
					    "4.9e-24",
					    "7.0e+22",
					    "1E5",
					    "2.2250738585072014e-8",
					    "999999999999999.9",
					    "0.000000000000000000001"};
	uint64_t rng = 0x9e3779b97f4a7c15ull;

	(void)state;
	for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		assert_reads_as_strtod(fixed[i]);
	for (int n = 0; n < 200000; n++) {
		char text[48];
		int len = 0;
		unsigned whole = (unsigned)(test_rng(&rng) % 12) + 1;
		unsigned frac = (unsigned)(test_rng(&rng) % 12) + 1;
		unsigned ex = (unsigned)(test_rng(&rng) % 4);

		if (test_rng(&rng) % 4 == 0)
			text[len++] = '-';
		/* no leading zero but a lone one (JSON) */
		text[len++] = whole == 1 && test_rng(&rng) % 3 == 0
				      ? '0'
				      : (char)('1' + test_rng(&rng) % 9);
		for (unsigned d = 1; d < whole; d++)
			text[len++] = (char)('0' + test_rng(&rng) % 10);
		text[len++] = '.';
		for (unsigned d = 0; d < frac; d++)
			text[len++] = (char)('0' + test_rng(&rng) % 10);
		if (ex)
			len += snprintf(text + len, sizeof(text) - (size_t)len, "e%c%u",
					ex == 1 ? '+' : '-', (unsigned)(test_rng(&rng) % 30));
		text[len] = '\0';
		assert_reads_as_strtod(text);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_skip_reads_a_value),
		cmocka_unit_test(test_skip_fails_on_bad_json),
		cmocka_unit_test(test_bad_cursor_stays_bad),
		cmocka_unit_test(test_number_as_strtod),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
