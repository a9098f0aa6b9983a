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

/* A ',' then the object's end is refused, not read as the end. */
static void test_key_refuses_trailing_comma(void **state)
{
	struct fr_js s;
	const char *key;
	size_t len;
	double v;
	bool first = true;

	(void)state;
	cursor(&s, "{\"a\": 1 , } 7");
	assert_true(fr_js_open(&s, '{'));
	assert_true(fr_js_key(&s, &first, &key, &len));
	assert_true(fr_js_number(&s, &v));
	assert_false(fr_js_key(&s, &first, &key, &len));
	assert_int_equal(fr_js_peek(&s), 0); /* bad, not past the '}' */
}

/* Whether {"name" SEP 5} is read as one member of value 5; then the
 * cursor is past the object. */
static bool reads_member(const char *text)
{
	struct fr_js s;
	const char *key;
	size_t len;
	double v;
	bool first = true;

	cursor(&s, text);
	return fr_js_open(&s, '{') && fr_js_key(&s, &first, &key, &len) && len == 4 &&
	       !memcmp(key, "name", 4) && fr_js_number(&s, &v) && v == 5 &&
	       !fr_js_key(&s, &first, &key, &len) && !s.bad;
}

/* fio's " : " after a name, taken at once, and every other spelling of
 * the ':' read or refused as JSON has it. */
static void test_key_colon_forms(void **state)
{
	static const char *const taken[] = {"{\"name\" : 5}",	"{\"name\":5}",	 "{\"name\"  :  5}",
					    "{\"name\"\n:\t5}", "{\"name\" :5}", "{\"name\": 5}"};
	static const char *const refused[] = {"{\"name\" ; 5}", "{\"name\" 5}", "{\"name\" :: 5}",
					      "{\"name\" : }",	"{\"name\" : ", "{\"name\" ,: 5}"};

	(void)state;
	for (size_t i = 0; i < sizeof(taken) / sizeof(taken[0]); i++)
		if (!reads_member(taken[i]))
			fail_msg("refused: %s", taken[i]);
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++)
		if (reads_member(refused[i]))
			fail_msg("taken: %s", refused[i]);
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

/* fio's plain numbers, read in one pass, as strtod() reads them, at the
 * bounds of that pass (15 digits, the point's places); and forms JSON
 * does not have refused. */
static void test_number_forms(void **state)
{
	static const char *const taken[] = {"0",
					    "7",
					    "4001",
					    "123456789012345",
					    "1234567890123456",
					    "0.5",
					    "0.000000",
					    "4715.266933",
					    "99.990000",
					    "12345678901234.5",
					    "1.5e3",
					    "-12.5",
					    "100000000000000000",
					    "0.123456789012345",
					    "9.99999999999999"};
	static const char *const refused[] = {"05",
					      "00.5",
					      "1.",
					      ".5",
					      "1.2.3",
					      "1e",
					      "-",
					      "0x10",
					      "1..2",
					      "+1",
					      "1.5.",
					      "0005",
					      "1234567890123456789"};
	struct fr_js s;
	double v;

	(void)state;
	for (size_t i = 0; i < sizeof(taken) / sizeof(taken[0]); i++)
		assert_reads_as_strtod(taken[i]);
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		char doc[64];

		snprintf(doc, sizeof(doc), "%s,", refused[i]);
		cursor(&s, doc);
		if (fr_js_number(&s, &v))
			fail_msg("taken: %s", refused[i]);
	}
}

/* Members read from a bins object: names and values as read, and how the
 * reading ended. */
struct members {
	size_t n, fast; /* fast: read by fr_js_int_members() */
	double name[512], value[512];
	bool ok;
	const char *at; /* the cursor where it ended */
};

/* One member by fr_js_key() and fr_js_number(), its name by strtod():
 * false at the object's end or when it is refused (then !m->ok). */
static bool read_member(struct fr_js *s, bool *first, struct members *m)
{
	const char *key;
	size_t len;
	char name[64];

	if (!fr_js_key(s, first, &key, &len))
		return false;
	snprintf(name, sizeof(name), "%.*s", (int)len, key);
	m->ok = m->n < 512 && fr_js_number(s, &m->value[m->n]);
	m->name[m->n++] = strtod(name, NULL);
	return m->ok;
}

/* Every member by read_member(), or runs of run members by
 * fr_js_int_members() and any other member by read_member(), as
 * fastread_scan.c's read_bins() reads them (run 0: none). */
static void read_members(const char *text, size_t run, struct members *m)
{
	struct fr_js s;
	bool first = true;

	memset(m, 0, sizeof(*m));
	cursor(&s, text);
	m->ok = fr_js_open(&s, '{');
	while (m->ok) {
		uint64_t names[64], values[64];
		size_t got = run ? fr_js_int_members(&s, first, names, values, run) : 0;

		assert_true(got <= run && m->n + got <= 512);
		for (size_t i = 0; i < got; i++) {
			m->name[m->n] = (double)names[i];
			m->value[m->n++] = (double)values[i];
		}
		m->fast += got;
		first = first && !got;
		if ((!got || got < run) && !read_member(&s, &first, m))
			break;
	}
	m->ok = m->ok && !s.bad;
	m->at = s.p;
}

static void assert_read_alike(const char *text, size_t run, size_t *fast)
{
	struct members slow, runs;

	read_members(text, 0, &slow);
	read_members(text, run, &runs);
	if (slow.ok != runs.ok || slow.n != runs.n ||
	    memcmp(slow.name, runs.name, slow.n * sizeof(double)) ||
	    memcmp(slow.value, runs.value, slow.n * sizeof(double)) ||
	    (slow.ok && slow.at != runs.at))
		fail_msg("read in runs of %zu (%s, %zu members) unlike member by member (%s, %zu "
			 "members): %s",
			 run, runs.ok ? "taken" : "refused", runs.n, slow.ok ? "taken" : "refused",
			 slow.n, text);
	*fast += runs.fast;
}

/* A bins object as fio lays it out, pseudo-random names (1 .. 16 digits)
 * and counts (some with a leading zero), then text after it. */
static size_t bins_text(char *text, size_t size, uint64_t *rng)
{
	size_t len = (size_t)snprintf(text, size, "{\n");
	unsigned n = (unsigned)(test_rng(rng) % 40) + 1;

	for (unsigned i = 0; i < n; i++) {
		unsigned digits = (unsigned)(test_rng(rng) % 16) + 1;
		unsigned long long name = test_rng(rng) % 10 + 1, count = test_rng(rng) % 3000;

		while (--digits)
			name = name * 10 + test_rng(rng) % 10;
		/* now and then a count of 14 .. 19 digits */
		for (unsigned more = test_rng(rng) % 8 == 0 ? (unsigned)(test_rng(rng) % 6) + 11
							    : 0;
		     more; more--)
			count = count * 10 + test_rng(rng) % 10;
		len += (size_t)snprintf(text + len, size - len, "%s            \"%llu\" : %s%llu",
					i ? ",\n" : "", name, test_rng(rng) % 50 == 0 ? "0" : "",
					count);
	}
	len += (size_t)snprintf(text + len, size - len, "\n          },\n          \"N\" : 1%.*s",
				(int)(test_rng(rng) % 80),
				"                                                                "
				"                ");
	return len;
}

/*
 * fr_js_int_members(), fast path and all, reads what fr_js_key() and
 * fr_js_number() read, and refuses (stops at) what they refuse or read
 * otherwise: on fio's layout of bins, on every one-byte change of it, on
 * every prefix of it, in runs of every length.
 */
static void test_int_members_as_member_by_member(void **state)
{
	static const char bytes[] = " \n\t0159\",:x-.}{e";
	uint64_t rng = 0x2545f4914f6cdd1dull;
	size_t fast = 0, members = 0;
	char text[4096];

	(void)state;
	for (int round = 0; round < 60; round++) {
		size_t len = bins_text(text, sizeof(text), &rng);
		struct members all;

		read_members(text, 0, &all);
		members += all.n;
		for (size_t run = 1; run <= 64; run += run < 4 ? 1 : 20)
			assert_read_alike(text, run, &fast);
		for (size_t at = 0; at < len; at++) {
			char was = text[at];

			for (size_t b = 0; b < sizeof(bytes) - 1; b++) {
				text[at] = bytes[b];
				assert_read_alike(text, 64, &fast);
			}
			text[at] = '\0';
			assert_read_alike(text, 64, &fast);
			text[at] = was;
		}
	}
	/* the fast path was taken, not only the member-by-member one */
	assert_true(fast > members * 50);
}

/* An object walked member by member with fr_js_key(), objects entered
 * the same way, other values fr_js_skip()ped. */
static bool walk(struct fr_js *s)
{
	const char *key;
	size_t len;
	bool first = true;

	if (!fr_js_open(s, '{'))
		return false;
	while (fr_js_key(s, &first, &key, &len))
		if (!(fr_js_peek(s) == '{' ? walk(s) : fr_js_skip(s)))
			return false;
	return !s->bad;
}

/* Walked as fr_js_skip() (which learns no gap) steps over it: taken or
 * refused alike, and when taken, ended at the same byte. */
static void assert_walked_as_skipped(const char *text)
{
	struct fr_js walked, skipped;
	bool w, k;

	cursor(&walked, text);
	cursor(&skipped, text);
	w = walk(&walked);
	k = fr_js_peek(&skipped) == '{' && fr_js_skip(&skipped);
	if (w != k || (w && walked.p != skipped.p))
		fail_msg("walked %s, skipped %s: %s", w ? "taken" : "refused",
			 k ? "taken" : "refused", text);
}

/*
 * fr_js_key()'s gap between members, learnt per depth and then compared
 * at once, takes what the whitespace-by-whitespace path takes and nothing
 * else: fio's layout at two depths, each one-byte change of it and each
 * prefix.
 */
static void test_key_gaps(void **state)
{
	static const char fio[] = "{\n"
				  "        \"a\" : 1,\n"
				  "        \"bb\" : {\n"
				  "            \"c\" : 2,\n"
				  "            \"d\" : 3,\n"
				  "            \"e\" : 4\n"
				  "        },\n"
				  "        \"f\" : \"x\",\n"
				  "        \"g\" : 5,\n"
				  "         \"h\" : 6,\n"
				  "        \"i\" : 7\n"
				  "}                ";
	static const char bytes[] = " \n\t,:\"}{x1";
	char text[sizeof(fio)];

	(void)state;
	memcpy(text, fio, sizeof(fio));
	assert_walked_as_skipped(text);
	for (size_t at = 0; at < sizeof(fio) - 1; at++) {
		for (size_t b = 0; b < sizeof(bytes) - 1; b++) {
			text[at] = bytes[b];
			assert_walked_as_skipped(text);
		}
		text[at] = '\0';
		assert_walked_as_skipped(text);
		text[at] = fio[at];
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_skip_reads_a_value),
		cmocka_unit_test(test_key_refuses_trailing_comma),
		cmocka_unit_test(test_key_colon_forms),
		cmocka_unit_test(test_key_gaps),
		cmocka_unit_test(test_skip_fails_on_bad_json),
		cmocka_unit_test(test_bad_cursor_stays_bad),
		cmocka_unit_test(test_number_as_strtod),
		cmocka_unit_test(test_number_forms),
		cmocka_unit_test(test_int_members_as_member_by_member),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
