// SPDX-License-Identifier: GPL-2.0-only
/*
 * The JSON cursor of the fast reader (analysis/read/jscan.h): once a call
 * has failed, the cursor is bad and every later call fails too, whatever
 * the text after it (the reader then hands the document to json-c, and a
 * call that went on would read from a place nothing checked).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "read/jscan.h"

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_skip_reads_a_value),
		cmocka_unit_test(test_skip_fails_on_bad_json),
		cmocka_unit_test(test_bad_cursor_stays_bad),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
