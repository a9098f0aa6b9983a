// SPDX-License-Identifier: GPL-2.0-only
/*
 * The JSON cursor of jscan.h.  Every byte the cursor passes is checked
 * against strict JSON (a subset of it): skipping a value checks it as
 * reading it would, so a document the cursor walks through to its end is
 * one json-c parses.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "jscan.h"

static const bool ws_byte[256] = {[' '] = true, ['\n'] = true, ['\t'] = true, ['\r'] = true};

/* bytes that end a plain string's run: the quote, and what makes the
 * cursor decline (an escape, a control byte, a byte of a multi-byte
 * character) */
static const bool str_stop[256] = {
	[0 ... 0x1f] = true, ['"'] = true, ['\\'] = true, [0x80 ... 0xff] = true};

/* bytes that may follow a number or a literal */
static const bool after_token[256] = {[' '] = true, ['\n'] = true, ['\t'] = true, ['\r'] = true,
				      [','] = true, ['}'] = true,  [']'] = true};

static bool decline(struct fr_js *s)
{
	s->bad = true;
	return false;
}

void fr_js_init(struct fr_js *s, const char *p, const char *end)
{
	*s = (struct fr_js){.p = p, .end = end};
}

static void skip_ws(struct fr_js *s)
{
	while (s->p < s->end && ws_byte[(unsigned char)*s->p])
		s->p++;
}

char fr_js_peek(struct fr_js *s)
{
	skip_ws(s);
	return s->p < s->end && !s->bad ? *s->p : 0;
}

bool fr_js_open(struct fr_js *s, char open)
{
	if (fr_js_peek(s) != open || s->depth >= FR_JS_MAX_DEPTH)
		return decline(s);
	s->p++;
	s->depth++;
	return true;
}

/* At the separator before a member or element, or the closing byte:
 * true when one follows. */
static bool next_item(struct fr_js *s, bool *first, char close)
{
	char c = fr_js_peek(s);

	if (c == close) {
		s->p++;
		s->depth--;
		return false;
	}
	if (!*first) {
		if (c != ',')
			return decline(s);
		s->p++;
		if (fr_js_peek(s) == close) /* a trailing comma */
			return decline(s);
	}
	*first = false;
	return !s->bad;
}

static bool plain_string(struct fr_js *s, const char **str, size_t *len)
{
	const char *q;

	if (fr_js_peek(s) != '"')
		return decline(s);
	q = ++s->p;
	while (q < s->end && !str_stop[(unsigned char)*q])
		q++;
	if (q >= s->end || *q != '"')
		return decline(s);
	*str = s->p;
	*len = (size_t)(q - s->p);
	s->p = q + 1;
	return true;
}

bool fr_js_key(struct fr_js *s, bool *first, const char **key, size_t *len)
{
	if (!next_item(s, first, '}') || !plain_string(s, key, len))
		return false;
	if (fr_js_peek(s) != ':')
		return decline(s);
	s->p++;
	return true;
}

bool fr_js_elem(struct fr_js *s, bool *first)
{
	return next_item(s, first, ']');
}

bool fr_js_string(struct fr_js *s, const char **str, size_t *len)
{
	return plain_string(s, str, len);
}

static const char *digits(const char *q, const char *end)
{
	while (q < end && *q >= '0' && *q <= '9')
		q++;
	return q;
}

/*
 * The extent of a number at s->p in the subset jscan.h states; *is_int
 * when it has neither fraction nor exponent (json-c's int64).  NULL when
 * it is not one.
 */
static const char *number_end(const struct fr_js *s, bool *is_int)
{
	const char *q = s->p, *d;

	if (q < s->end && *q == '-')
		q++;
	d = digits(q, s->end);
	/* one digit or more, no leading zero */
	if (d == q || (*q == '0' && d - q > 1))
		return NULL;
	*is_int = true;
	if (d - q > 18)
		return NULL; /* past int64 for json-c, or a long mantissa */
	q = d;
	if (q < s->end && *q == '.') {
		d = digits(q + 1, s->end);
		if (d == q + 1)
			return NULL;
		q = d;
		*is_int = false;
	}
	if (q < s->end && (*q == 'e' || *q == 'E')) {
		q++;
		if (q < s->end && (*q == '+' || *q == '-'))
			q++;
		d = digits(q, s->end);
		if (d == q || d - q > 2)
			return NULL;
		q = d;
		*is_int = false;
	}
	return q < s->end && after_token[(unsigned char)*q] ? q : NULL;
}

static double int_value(const char *p, const char *end)
{
	bool neg = *p == '-';
	int64_t v = 0;

	for (p += neg; p < end; p++)
		v = v * 10 + (*p - '0');
	return (double)(neg ? -v : v);
}

bool fr_js_number(struct fr_js *s, double *v)
{
	char text[48];
	const char *end;
	bool is_int;

	skip_ws(s);
	if (s->bad || !(end = number_end(s, &is_int)) || (size_t)(end - s->p) >= sizeof(text))
		return decline(s);
	if (is_int) {
		*v = int_value(s->p, end);
	} else {
		/* json-c's own conversion, on a terminated copy */
		memcpy(text, s->p, (size_t)(end - s->p));
		text[end - s->p] = '\0';
		*v = strtod(text, NULL);
	}
	s->p = end;
	return true;
}

static bool literal(struct fr_js *s, const char *word, size_t n)
{
	if ((size_t)(s->end - s->p) <= n || memcmp(s->p, word, n) ||
	    !after_token[(unsigned char)s->p[n]])
		return decline(s);
	s->p += n;
	return true;
}

bool fr_js_skip(struct fr_js *s)
{
	const char *str;
	size_t len;
	bool first = true, is_int;

	switch (fr_js_peek(s)) {
	case '{':
		if (!fr_js_open(s, '{'))
			return false;
		while (fr_js_key(s, &first, &str, &len))
			if (!fr_js_skip(s))
				return false;
		return !s->bad;
	case '[':
		if (!fr_js_open(s, '['))
			return false;
		while (fr_js_elem(s, &first))
			if (!fr_js_skip(s))
				return false;
		return !s->bad;
	case '"':
		return plain_string(s, &str, &len);
	case 't':
		return literal(s, "true", 4);
	case 'f':
		return literal(s, "false", 5);
	case 'n':
		return literal(s, "null", 4);
	default:
		if (!(str = number_end(s, &is_int)))
			return decline(s);
		s->p = str;
		return true;
	}
}
