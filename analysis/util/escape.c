// SPDX-License-Identifier: GPL-2.0-only
/* How strings from input are written safely, every format (escape.h). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/escape.h"

/* Length of the valid UTF-8 sequence at s (n bytes left), 0 if invalid
 * (overlong forms, surrogates and code points past U+10FFFF included). */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	unsigned char c = s[0];
	size_t k;
	unsigned char lo = 0x80, hi = 0xbf;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		k = 2;
	else if (c >= 0xe0 && c <= 0xef)
		k = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		k = 4;
	else
		return 0;
	if (c == 0xe0)
		lo = 0xa0;
	else if (c == 0xed)
		hi = 0x9f;
	else if (c == 0xf0)
		lo = 0x90;
	else if (c == 0xf4)
		hi = 0x8f;
	if (n < k || s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < k; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return k;
}

static bool is_control(const unsigned char *s, size_t k, enum fr_escape_mode mode)
{
	if (mode == FR_ESC_UTF8)
		return false;
	if (k == 1)
		return (s[0] < 0x20 && !(s[0] == '\n' && mode == FR_ESC_CONTROLS_NL)) ||
		       s[0] == 0x7f;
	return k == 2 && s[0] == 0xc2 && s[1] < 0xa0; /* C1: U+0080..U+009F */
}

/* Calls emit for each piece of the escaped text. */
static int escape_each(const char *str, size_t len, enum fr_escape_mode mode,
		       int (*emit)(void *, const char *, size_t), void *arg)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, start = 0;

	while (i < len) {
		size_t k;

		/* printable ASCII, most of every report, passes as it is */
		if (s[i] >= 0x20 && s[i] < 0x7f) {
			i++;
			continue;
		}
		k = utf8_len(s + i, len - i);

		if (k && !is_control(s + i, k, mode)) {
			i += k;
			continue;
		}
		if (k == 0)
			k = 1;
		if (emit(arg, str + start, i - start))
			return -1;
		for (size_t j = 0; j < k; j++) {
			char hex[5];

			hex[0] = '\\';
			hex[1] = 'x';
			hex[2] = "0123456789abcdef"[s[i + j] >> 4];
			hex[3] = "0123456789abcdef"[s[i + j] & 15];
			hex[4] = '\0';
			if (emit(arg, hex, 4))
				return -1;
		}
		i += k;
		start = i;
	}
	return emit(arg, str + start, len - start);
}

struct sbuf {
	char *p;
	size_t n, cap;
};

static int to_buf(void *arg, const char *s, size_t n)
{
	struct sbuf *b = arg;

	if (b->n + n + 1 > b->cap) {
		size_t ncap = (b->n + n + 1) * 2;
		char *t = realloc(b->p, ncap);

		if (!t)
			return -1;
		b->p = t;
		b->cap = ncap;
	}
	memcpy(b->p + b->n, s, n);
	b->n += n;
	b->p[b->n] = '\0';
	return 0;
}

char *fr_escape(const char *s, size_t len, enum fr_escape_mode mode)
{
	struct sbuf b = {0};

	if (to_buf(&b, "", 0) || escape_each(s, len, mode, to_buf, &b)) {
		free(b.p);
		return NULL;
	}
	return b.p;
}

char *fr_escape_str(const char *s, enum fr_escape_mode mode)
{
	return s ? fr_escape(s, strlen(s), mode) : NULL;
}

static int to_file(void *arg, const char *s, size_t n)
{
	return n && fwrite(s, 1, n, arg) != n ? -1 : 0;
}

int fr_write_escaped(FILE *f, const char *s, size_t len, enum fr_escape_mode mode)
{
	return escape_each(s, len, mode, to_file, f);
}

int fr_render_escaped(FILE *out, int (*render)(FILE *, const void *), const void *arg,
		      enum fr_escape_mode mode)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int ret;

	if (!f)
		return -1;
	ret = render(f, arg) || ferror(f);
	if (fclose(f) || ret) {
		free(buf);
		return -1;
	}
	ret = fr_write_escaped(out, buf, len, mode);
	free(buf);
	return ret || ferror(out) ? -1 : 0;
}

/* The HTML entity of C, or NULL: &, <, > always; " and ' with QUOTES (an
 * attribute value; Markdown text leaves them as they are). */
static const char *html_entity(char c, bool quotes)
{
	switch (c) {
	case '&':
		return "&amp;";
	case '<':
		return "&lt;";
	case '>':
		return "&gt;";
	case '"':
		return quotes ? "&quot;" : NULL;
	case '\'':
		return quotes ? "&#39;" : NULL;
	default:
		return NULL;
	}
}

void fr_html_escape(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		const char *ent = html_entity(*s, true);

		if (ent)
			fputs(ent, f);
		else
			fputc(*s, f);
	}
}

/* Markdown's table and emphasis characters take a backslash; HTML's three
 * become entities (a rendered page would run them); a line break would end
 * the table row, so it becomes a space. */
void fr_md_escape(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		const char *ent = html_entity(*s, false);

		if (ent)
			fputs(ent, f);
		else if (strchr("|\\*_`[]#", *s))
			fprintf(f, "\\%c", *s);
		else
			fputc(*s == '\n' || *s == '\r' ? ' ' : *s, f);
	}
}

void fr_md_code(FILE *f, const char *s)
{
	size_t run = 0, fence = 1, n = s ? strlen(s) : 0;
	bool pad;

	/* a fence one backtick longer than the longest run inside */
	for (size_t i = 0; i < n; i++) {
		run = s[i] == '`' ? run + 1 : 0;
		if (run >= fence)
			fence = run + 1;
	}
	/* Markdown strips one space at each end when both are there, and a
	 * backtick at an end would join the fence */
	pad = n && (strchr("` ", s[0]) || strchr("` ", s[n - 1]));
	for (size_t i = 0; i < fence; i++)
		fputc('`', f);
	if (pad)
		fputc(' ', f);
	for (size_t i = 0; i < n; i++)
		fputc(s[i] == '\n' || s[i] == '\r' ? ' ' : s[i], f);
	if (pad)
		fputc(' ', f);
	for (size_t i = 0; i < fence; i++)
		fputc('`', f);
}

/*
 * A text cell a spreadsheet would run as a formula (OWASP's "CSV injection"
 * rule): one that starts with '=', '+', '-', '@', a tab or a carriage return.
 * Only text cells come here; the numbers fiorank formats itself (-5.2 in
 * change_pct) are written by field_num and stay numbers.
 */
static bool formula_lead(const char *s)
{
	return *s && strchr("=+-@\t\r", *s);
}

void fr_csv_str(FILE *f, const char *s)
{
	bool lead;

	if (!s)
		return;
	lead = formula_lead(s);
	if (!strpbrk(s, ",\"\n\r")) {
		if (lead)
			fputc('\'', f);
		fputs(s, f);
		return;
	}
	fputc('"', f);
	if (lead)
		fputc('\'', f);
	/* the text between quotes at once, each quote doubled */
	for (const char *q; (q = strchr(s, '"')); s = q + 1) {
		fwrite(s, 1, (size_t)(q + 1 - s), f);
		fputc('"', f);
	}
	fputs(s, f);
	fputc('"', f);
}
