// SPDX-License-Identifier: GPL-2.0-only
/*
 * The byte layer of every report (analysis/util/escape.c): fr_render_escaped()
 * escapes the report as it streams, buffer by buffer, so a character cut by
 * a buffer's end must come out as it does in the whole text.  Each text is
 * written in two and three pieces, split at every byte, and compared with
 * fr_escape() of the whole; and each single byte value is placed at every
 * offset of a plain line, where the eight-at-a-time scan must still see it.
 * And HTML's entities and Markdown's escapes, written between runs of
 * plain text.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "util/escape.h"

static const enum fr_escape_mode modes[] = {FR_ESC_UTF8, FR_ESC_CONTROLS, FR_ESC_CONTROLS_NL};

/* Texts with characters of every length, C1 controls, and sequences that
 * are invalid only at their second, third or fourth byte or at the end. */
static const char *const texts[] = {
	"plain ascii, no escapes at all\n",
	"\xc3\xa9t\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xc2\xb5s\n",
	"C1 \xc2\x85 and \xc2\x9b[31m and \x1b[0m, DEL \x7f, tab\t\r\n",
	"cut \xe2\x82 then \xf0\x9f\x98 then \xc3 end",
	"bad \xe0\x80\x80 \xed\xa0\x80 \xf4\x90\x80\x80 \xf5 \xc0\xaf \xff\xfe",
	"\xf0\x9f\x98\x80\xf0\x9f\x98\x80\xe2\x82\xac\xc2\x85\xc2\xb5",
	"ends inside a character \xf0\x9f\x98",
	"ends on a lead \xe2",
};

struct pieces {
	const char *s;
	size_t cut[2]; /* piece ends; the last piece ends at the text's end */
};

/* Writes the text in pieces, flushing after each: every piece reaches the
 * escaping layer as a buffer of its own. */
static int render_pieces(FILE *f, const void *arg)
{
	const struct pieces *p = arg;
	size_t len = strlen(p->s), from = 0;

	for (size_t i = 0; i <= 2; i++) {
		size_t to = i < 2 ? p->cut[i] : len;

		if (fwrite(p->s + from, 1, to - from, f) != to - from || fflush(f))
			return -1;
		from = to;
	}
	return 0;
}

static void check_pieces(const char *s, size_t a, size_t b, enum fr_escape_mode mode)
{
	struct pieces p = {.s = s, .cut = {a, b}};
	char *got = NULL, *want = fr_escape(s, strlen(s), mode);
	size_t len = 0;
	FILE *out = open_memstream(&got, &len);

	assert_non_null(want);
	assert_non_null(out);
	assert_int_equal(fr_render_escaped(out, render_pieces, &p, mode), 0);
	assert_int_equal(fclose(out), 0);
	if (strcmp(got, want))
		fail_msg("mode %d, cut at %zu and %zu: \"%s\", whole \"%s\"", mode, a, b, got,
			 want);
	free(got);
	free(want);
}

static void test_split_anywhere(void **state)
{
	(void)state;
	for (size_t t = 0; t < sizeof(texts) / sizeof(texts[0]); t++) {
		size_t len = strlen(texts[t]);

		for (size_t m = 0; m < sizeof(modes) / sizeof(modes[0]); m++)
			for (size_t a = 0; a <= len; a++)
				for (size_t b = a; b <= len; b++)
					check_pieces(texts[t], a, b, modes[m]);
	}
}

/* Whether byte c, alone among printable ASCII, is written as "\xNN". */
static int escaped_alone(unsigned char c, enum fr_escape_mode mode)
{
	if (c >= 0x80)
		return 1; /* a lone byte of a multi-byte character is invalid */
	if (mode == FR_ESC_UTF8)
		return 0;
	if (c == '\n' && mode == FR_ESC_CONTROLS_NL)
		return 0;
	return c < 0x20 || c == 0x7f;
}

static void test_every_byte_every_offset(void **state)
{
	(void)state;
	for (size_t m = 0; m < sizeof(modes) / sizeof(modes[0]); m++)
		for (unsigned c = 1; c < 256; c++)
			for (size_t at = 0; at < 24; at++) {
				char line[25], want[40], *got;

				memset(line, 'a' + (int)(at % 26), sizeof(line) - 1);
				line[24] = '\0';
				line[at] = (char)c;
				if (escaped_alone((unsigned char)c, modes[m]))
					snprintf(want, sizeof(want), "%.*s\\x%02x%s", (int)at, line,
						 c, line + at + 1);
				else
					snprintf(want, sizeof(want), "%s", line);
				got = fr_escape(line, 24, modes[m]);
				assert_non_null(got);
				if (strcmp(got, want))
					fail_msg("byte 0x%02x at %zu, mode %d: \"%s\", want \"%s\"",
						 c, at, modes[m], got, want);
				free(got);
			}
}

struct io_case {
	const char *in, *out;
};

/* Each case's text through write, against what it must become. */
static void check_cases(void (*write)(FILE *, const char *), const struct io_case *c, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char *got = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&got, &len);

		assert_non_null(f);
		write(f, c[i].in);
		assert_int_equal(fclose(f), 0);
		assert_string_equal(got, c[i].out);
		free(got);
	}
}

/* HTML text: each of the five characters as its entity, at the start, the
 * end and side by side, the runs between them as they are. */
static void test_html_entities(void **state)
{
	static const struct io_case cases[] = {
		{"", ""},
		{"plain", "plain"},
		{"&", "&amp;"},
		{"a&b<c>d\"e'f", "a&amp;b&lt;c&gt;d&quot;e&#39;f"},
		{"<<>>''\"\"&&", "&lt;&lt;&gt;&gt;&#39;&#39;&quot;&quot;&amp;&amp;"},
		{"<img src=x>", "&lt;img src=x&gt;"},
	};

	(void)state;
	check_cases(fr_html_escape, cases, sizeof(cases) / sizeof(cases[0]));
}

/* A Markdown cell: the table's and emphasis characters behind a backslash,
 * HTML's three as entities (quotes as they are), line breaks as spaces. */
static void test_md_cells(void **state)
{
	static const struct io_case cases[] = {
		{"", ""},
		{"plain \"'", "plain \"'"},
		{"a|b\\c*d_e`f[g]h#i", "a\\|b\\\\c\\*d\\_e\\`f\\[g\\]h\\#i"},
		{"&<>", "&amp;&lt;&gt;"},
		{"||\n\r|", "\\|\\|  \\|"},
	};

	(void)state;
	check_cases(fr_md_escape, cases, sizeof(cases) / sizeof(cases[0]));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_split_anywhere),
		cmocka_unit_test(test_every_byte_every_offset),
		cmocka_unit_test(test_html_entities),
		cmocka_unit_test(test_md_cells),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
