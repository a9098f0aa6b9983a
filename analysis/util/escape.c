// SPDX-License-Identifier: GPL-2.0-only
/* How strings from input are written safely, every format (escape.h). */
#include <stdint.h>
#include <sys/types.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/escape.h"

/*
 * The character the lead byte s[0] starts, against UTF-8's rules (overlong
 * forms, surrogates and code points past U+10FFFF are not valid): *need is
 * its length (0: s[0] starts none), and the return how many of its first
 * bytes among the n at s (n >= 1) conform, so the character is all there
 * and valid when the two agree, and cut short by the end of s when every
 * byte conforms but fewer than *need are there.
 */
static size_t utf8_scan(const unsigned char *s, size_t n, size_t *need)
{
	unsigned char c = s[0], lo = 0x80, hi = 0xbf;
	size_t k, i;

	if (c < 0x80)
		k = 1;
	else if (c >= 0xc2 && c <= 0xdf)
		k = 2;
	else if (c >= 0xe0 && c <= 0xef)
		k = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		k = 4;
	else
		k = 0;
	*need = k;
	if (k < 2)
		return k;
	if (c == 0xe0)
		lo = 0xa0;
	else if (c == 0xed)
		hi = 0x9f;
	else if (c == 0xf0)
		lo = 0x90;
	else if (c == 0xf4)
		hi = 0x8f;
	if (n > k)
		n = k;
	if (n < 2 || s[1] < lo || s[1] > hi)
		return 1;
	for (i = 2; i < n && (s[i] & 0xc0) == 0x80; i++)
		;
	return i;
}

/* Length of the valid UTF-8 sequence at s (n bytes left), 0 if invalid. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t need, ok = utf8_scan(s, n, &need);

	return need && ok == need ? need : 0;
}

/* Whether the n bytes at s begin a valid character that goes on past them. */
static bool utf8_cut(const unsigned char *s, size_t n)
{
	size_t need, ok = utf8_scan(s, n, &need);

	return ok == n && n < need;
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

#define BYTES(b) (0x0101010101010101ull * (b))

/* Whether none of the 8 bytes in w is a control, DEL, backslash or
 * non-ASCII byte.  A byte below 0x20 leaves a borrow in its top bit of
 * w - 0x20..., DEL (backslash) a zero byte in w ^ 0x7f... (0x5c...); a borrow can also mark a byte
 * above the one that caused it, but only ever when some byte of w is one of them. */
static bool plain_word(uint64_t w)
{
	uint64_t below_space = (w - BYTES(0x20)) & ~w;
	uint64_t del = ((w ^ BYTES(0x7f)) - BYTES(0x01)) & ~(w ^ BYTES(0x7f));
	uint64_t bsl = ((w ^ BYTES('\\')) - BYTES(0x01)) & ~(w ^ BYTES('\\'));

	return !((w | below_space | del | bsl) & BYTES(0x80));
}

/* How many bytes at s are printable ASCII but the backslash, most of every
 * report: eight at a time while they last, then one by one. */
static size_t plain_run(const unsigned char *s, size_t n)
{
	size_t i = 0;

	for (uint64_t w; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, sizeof(w));
		if (!plain_word(w))
			break;
	}
	while (i < n && s[i] >= 0x20 && s[i] < 0x7f && s[i] != '\\')
		i++;
	return i;
}

/* Writes byte C as "\xNN". */
static int emit_hex(fr_put_fn emit, void *arg, unsigned char c)
{
	char hex[5];

	hex[0] = '\\';
	hex[1] = 'x';
	hex[2] = "0123456789abcdef"[c >> 4];
	hex[3] = "0123456789abcdef"[c & 15];
	hex[4] = '\0';
	return emit(arg, hex, 4);
}

/* Calls emit for each piece of the escaped text.  With MORE (a stream whose
 * next bytes are still to come) a valid character cut short by the end of
 * str is left unescaped and unwritten for the caller to carry over.
 * Return: how many bytes were taken (len, or less by that cut character),
 * or -1 when emit failed. */
static long escape_each(const char *str, size_t len, enum fr_escape_mode mode, bool more,
			fr_put_fn emit, void *arg)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, start = 0;

	while ((i += plain_run(s + i, len - i)) < len) {
		size_t k = utf8_len(s + i, len - i);

		if (s[i] == '\\') {
			/* a backslash that would read as the start of "\xNN" is
			 * one itself, "\x5c", so the escape is one-to-one */
			if (i + 1 == len && more)
				break; /* the next byte decides: carried over */
			if (i + 1 == len || s[i + 1] != 'x') {
				i++;
				continue;
			}
			if (emit(arg, str + start, i - start) || emit_hex(emit, arg, s[i]))
				return -1;
			start = ++i;
			continue;
		}
		if (k && !is_control(s + i, k, mode)) {
			i += k;
			continue;
		}
		if (more && utf8_cut(s + i, len - i))
			break;
		if (k == 0)
			k = 1;
		if (emit(arg, str + start, i - start))
			return -1;
		for (size_t j = 0; j < k; j++)
			if (emit_hex(emit, arg, s[i + j]))
				return -1;
		i += k;
		start = i;
	}
	return emit(arg, str + start, i - start) ? -1 : (long)i;
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

	if (to_buf(&b, "", 0) || escape_each(s, len, mode, false, to_buf, &b) < 0) {
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
	return escape_each(s, len, mode, false, to_file, f) < 0 ? -1 : 0;
}
/*
 * The report's stream: stdio hands each buffer it fills (and what is left
 * at a flush or the close) to esc_write(), which escapes it straight to the
 * output, so no copy of the whole report is held.  A buffer can end inside
 * a character: its first bytes wait in held for the rest, so every byte is
 * judged as it would be in the whole report.
 */
struct esc_stream {
	FILE *out;
	enum fr_escape_mode mode;
	/* a valid character cut short, at most 3 bytes, or a backslash */
	unsigned char held[4];
	size_t nheld;
};

/* Writes what is held as the end of the text, and forgets it. */
static int flush_held(struct esc_stream *e)
{
	size_t n = e->nheld;

	e->nheld = 0;
	return escape_each((const char *)e->held, n, e->mode, false, to_file, e->out) < 0 ? -1 : 0;
}

/* Takes from buf (n bytes) what the held character goes on with, while it
 * stays valid and unfinished; writes it once it is complete or shown not
 * to be.  Return: the bytes of buf taken, or -1 on a write error. */
static ssize_t finish_held(struct esc_stream *e, const unsigned char *buf, size_t n)
{
	size_t used = 0;

	if (e->nheld == 1 && e->held[0] == '\\') {
		/* a backslash at the end of the last buffer: its next byte says */
		e->nheld = 0;
		if (n && buf[0] == 'x')
			return emit_hex(to_file, e->out, '\\') ? -1 : 0;
		return n && fputc('\\', e->out) == EOF ? -1 : n ? 0 : (e->nheld = 1, 0);
	}
	while (used < n && utf8_cut(e->held, e->nheld)) {
		e->held[e->nheld] = buf[used];
		if (!utf8_cut(e->held, e->nheld + 1) && !utf8_len(e->held, e->nheld + 1))
			return flush_held(e) ? -1 : (ssize_t)used; /* invalid as held */
		e->nheld++;
		used++;
	}
	if (utf8_cut(e->held, e->nheld))
		return (ssize_t)used; /* still cut: all of buf went to it */
	return flush_held(e) ? -1 : (ssize_t)used;
}

static ssize_t esc_write(void *cookie, const char *buf, size_t n)
{
	struct esc_stream *e = cookie;
	ssize_t used = 0;
	long taken;

	if (e->nheld && (used = finish_held(e, (const unsigned char *)buf, n)) < 0)
		return -1;
	buf += used;
	n -= (size_t)used;
	taken = escape_each(buf, n, e->mode, true, to_file, e->out);
	if (taken < 0)
		return -1;
	memcpy(e->held + e->nheld, buf + taken, n - (size_t)taken);
	e->nheld += n - (size_t)taken;
	return (ssize_t)(used + (ssize_t)n);
}

#define RENDER_BUF ((size_t)64 << 10)

int fr_render_escaped(FILE *out, int (*render)(FILE *, const void *), const void *arg,
		      enum fr_escape_mode mode)
{
	struct esc_stream e = {.out = out, .mode = mode};
	cookie_io_functions_t io = {.write = esc_write};
	FILE *f = fopencookie(&e, "w", io);
	char *buf = malloc(RENDER_BUF);
	int ret;

	if (!f || !buf) {
		free(buf);
		if (f)
			fclose(f);
		return -1;
	}
	/* escaped in pieces of this size rather than stdio's 8 KiB: fewer
	 * passes of escape_each() and fewer, larger writes to the output */
	setvbuf(f, buf, _IOFBF, RENDER_BUF);
	ret = render(f, arg) || ferror(f);
	ret = fclose(f) || ret;
	free(buf);
	if (ret)
		return -1;
	return flush_held(&e) || ferror(out) ? -1 : 0;
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
	while (s && *s) {
		size_t plain = strcspn(s, "&<>\"'");

		/* the run without an entity at once, then the entity */
		fwrite(s, 1, plain, f);
		s += plain;
		if (*s)
			fputs(html_entity(*s++, true), f);
	}
}

/* Markdown's table and emphasis characters take a backslash; HTML's three
 * become entities (a rendered page would run them); a line break would end
 * the table row, so it becomes a space. */
void fr_md_escape(FILE *f, const char *s)
{
	while (s && *s) {
		/* the run with nothing to escape at once, then the one character */
		size_t plain = strcspn(s, "&<>|\\*_`[]#\n\r");
		const char *ent;

		fwrite(s, 1, plain, f);
		s += plain;
		if (!*s)
			break;
		ent = html_entity(*s, false);
		if (ent) {
			fputs(ent, f);
		} else if (*s == '\n' || *s == '\r') {
			fputc(' ', f);
		} else {
			fputc('\\', f);
			fputc(*s, f);
		}
		s++;
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

int fr_csv_each(const char *s, fr_put_fn put, void *arg)
{
	size_t plain;
	bool lead;

	if (!s)
		return 0;
	lead = formula_lead(s);
	plain = strcspn(s, ",\"\n\r");
	if (!s[plain])
		return (lead && put(arg, "'", 1)) || put(arg, s, plain) ? -1 : 0;
	if (put(arg, "\"'", lead ? 2 : 1))
		return -1;
	/* the text between quotes at once, each quote doubled */
	for (const char *q; (q = strchr(s, '"')); s = q + 1)
		if (put(arg, s, (size_t)(q + 1 - s)) || put(arg, "\"", 1))
			return -1;
	return put(arg, s, strlen(s)) || put(arg, "\"", 1) ? -1 : 0;
}

void fr_csv_str(FILE *f, const char *s)
{
	fr_csv_each(s, to_file, f);
}
