// SPDX-License-Identifier: GPL-2.0-only
/*
 * The JSON cursor of jscan.h.  Every byte the cursor passes is checked
 * against strict JSON (a subset of it): skipping a value checks it as
 * reading it would, so a document the cursor walks through to its end is
 * one json-c parses.  Most of a fio output is skipped (latency
 * distributions, json+ bins), so skipping is one loop over the bytes with
 * no call per token; the helpers work on plain pointers for that loop.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "read/jscan.h"

static const bool ws_byte[256] = {[' '] = true, ['\n'] = true, ['\t'] = true, ['\r'] = true};

/* bytes that end a plain string's run: the quote, and what makes the
 * cursor decline (an escape, a control byte, a byte of a multi-byte
 * character) */
static const bool str_stop[256] = {
	[0 ... 0x1f] = true, ['"'] = true, ['\\'] = true, [0x80 ... 0xff] = true};

/* bytes that may follow a number or a literal */
static const bool after_token[256] = {[' '] = true, ['\n'] = true, ['\t'] = true, ['\r'] = true,
				      [','] = true, ['}'] = true,  [']'] = true};

/* Whitespace.  fio indents its JSON with a newline and a run of spaces
 * (near half of its bytes): the spaces after a newline go eight at a time,
 * and the rest of the run at once where the byte order lets the first
 * byte of eight that is not a space be found by its lowest set bit.
 * Inlined into every caller: a call per gap between tokens cost more than
 * the gap (callgrind: 4 % of a run's instructions). */
static inline __attribute__((always_inline)) const char *ws(const char *p, const char *end)
{
	static const uint64_t spaces = 0x2020202020202020ull;

	while (p < end) {
		uint64_t eight;

		if (*p == '\n') {
			p++;
			while (end - p >= 8) {
				memcpy(&eight, p, 8);
				if (eight != spaces) {
#if defined(__GNUC__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
					p += __builtin_ctzll(eight ^ spaces) / 8;
#endif
					break;
				}
				p += 8;
			}
		} else if (ws_byte[(unsigned char)*p]) {
			p++;
		} else {
			break;
		}
	}
	return p;
}

/* Past the plain string whose opening quote is at p, or NULL. */
static const char *string_end(const char *p, const char *end)
{
	p++;
	while (p < end && !str_stop[(unsigned char)*p])
		p++;
	return p < end && *p == '"' ? p + 1 : NULL;
}

/* Bytes of a word of 8 that are not digits: each one's high nibble set
 * (digits8() says how). */
static inline __attribute__((always_inline)) uint64_t non_digits8(uint64_t w)
{
	w ^= 0x3030303030303030ull;
	return ((w + 0x0606060606060606ull) | w) & 0xf0f0f0f0f0f0f0f0ull;
}

/* Past the run of digits at q: eight bytes at a time where the byte
 * order lets the first that is not one be found by its lowest set bit. */
static inline __attribute__((always_inline)) const char *digits(const char *q, const char *end)
{
#if defined(__GNUC__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	while (end - q >= 8) {
		uint64_t w, flags;

		memcpy(&w, q, 8);
		flags = non_digits8(w);
		if (flags)
			return q + __builtin_ctzll(flags) / 8;
		q += 8;
	}
#endif
	while (q < end && *q >= '0' && *q <= '9')
		q++;
	return q;
}

/*
 * Past the number at q in the subset jscan.h states, or NULL; *is_int
 * when it has neither fraction nor exponent (json-c's int64).
 */
static const char *number_end(const char *q, const char *end, bool *is_int)
{
	const char *d;

	if (q < end && *q == '-')
		q++;
	d = digits(q, end);
	/* one digit or more, no leading zero; past 18, json-c's int64 ends */
	if (d == q || (*q == '0' && d - q > 1) || d - q > 18)
		return NULL;
	*is_int = true;
	q = d;
	if (q < end && *q == '.') {
		d = digits(q + 1, end);
		if (d == q + 1)
			return NULL;
		q = d;
		*is_int = false;
	}
	if (q < end && (*q == 'e' || *q == 'E')) {
		q++;
		if (q < end && (*q == '+' || *q == '-'))
			q++;
		d = digits(q, end);
		if (d == q || d - q > 2)
			return NULL;
		q = d;
		*is_int = false;
	}
	return q < end && after_token[(unsigned char)*q] ? q : NULL;
}

/* Past the literal word (n bytes) at p, or NULL. */
static const char *word_end(const char *p, const char *end, const char *word, size_t n)
{
	return (size_t)(end - p) > n && !memcmp(p, word, n) && after_token[(unsigned char)p[n]]
		       ? p + n
		       : NULL;
}

/* Past a scalar value at p (string, number, literal), or NULL. */
static const char *scalar_end(const char *p, const char *end)
{
	bool is_int;

	switch (*p) {
	case '"':
		return string_end(p, end);
	case 't':
		return word_end(p, end, "true", 4);
	case 'f':
		return word_end(p, end, "false", 5);
	case 'n':
		return word_end(p, end, "null", 4);
	default:
		return number_end(p, end, &is_int);
	}
}

static bool decline(struct fr_js *s)
{
	s->bad = true;
	return false;
}

void fr_js_init(struct fr_js *s, const char *p, const char *end)
{
	*s = (struct fr_js){.p = p, .end = end};
}

char fr_js_peek(struct fr_js *s)
{
	s->p = ws(s->p, s->end);
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

bool fr_js_string(struct fr_js *s, const char **str, size_t *len)
{
	const char *q;

	if (fr_js_peek(s) != '"' || !(q = string_end(s->p, s->end)))
		return decline(s);
	*str = s->p + 1;
	*len = (size_t)(q - s->p - 2);
	s->p = q;
	return true;
}

/* The gap g, as fr_js_gap holds it, learnt from the bytes from .. quote
 * that ws(), ',' and ws() passed; none when not 8 .. 16 bytes. */
static void learn_gap(struct fr_js_gap *g, const char *from, const char *quote)
{
	g->len = 0;
	if (quote - from >= 8 && quote - from <= 16) {
		g->len = (size_t)(quote - from);
		memcpy(&g->head, from, 8);
		memcpy(&g->tail, quote - 8, 8);
	}
}

/* Whether the bytes at p are the gap g, then a '"' (a name's), with
 * g->len + 1 bytes or more readable from p. */
static inline __attribute__((always_inline)) bool same_gap(const char *p, const struct fr_js_gap *g)
{
	uint64_t head, tail;

	memcpy(&head, p, 8);
	memcpy(&tail, p + g->len - 8, 8);
	return head == g->head && tail == g->tail && p[g->len] == '"';
}

/*
 * next_item(), fr_js_string() and the ':' in one pass, whitespace passed
 * inline: a member's name is read about a million times in 2,000 files.
 * A '}' after a ',' is refused as not a name, as next_item() refuses it.
 */
bool fr_js_key(struct fr_js *s, bool *first, const char **key, size_t *len)
{
	const char *end = s->end, *from = s->p, *p, *q;
	struct fr_js_gap *g = &s->gap[s->depth];

	if (s->bad)
		return false;
	if (!*first && g->len && (size_t)(end - from) > g->len && same_gap(from, g)) {
		p = from + g->len; /* laid out as the member before */
	} else {
		p = ws(from, end);
		if (p < end && *p == '}') {
			s->p = p + 1;
			s->depth--;
			return false;
		}
		if (!*first) {
			if (p >= end || *p != ',')
				return decline(s);
			p = ws(p + 1, end);
			learn_gap(g, from, p);
		}
	}
	*first = false;
	if (p >= end || *p != '"' || !(q = string_end(p, end)))
		return decline(s);
	*key = p + 1;
	*len = (size_t)(q - p - 2);
	if (end - q >= 3 && q[0] == ' ' && q[1] == ':' && q[2] == ' ') {
		s->p = q + 3; /* fio's " : " */
		return true;
	}
	p = ws(q, end);
	if (p >= end || *p != ':')
		return decline(s);
	s->p = p + 1;
	return true;
}

bool fr_js_elem(struct fr_js *s, bool *first)
{
	return next_item(s, first, ']');
}

/* Past the digits at p that make a plain integer of at most 15 of them
 * (exact in a double), its value in *v; NULL when there are none or more.
 * Inlined: it runs twice per json+ bin (callgrind: 1.6 % of a run). */
static inline __attribute__((always_inline)) const char *short_int(const char *p, const char *end,
								   uint64_t *v)
{
	const char *q = p, *stop = end - p > 16 ? p + 16 : end;

	*v = 0;
	while (q < stop && (unsigned char)(*q - '0') < 10)
		*v = *v * 10 + (uint64_t)(*q++ - '0');
	return q == p || q - p > 15 ? NULL : q;
}

/*
 * One "name" : value member of plain integers at p (past the ',' of the
 * member before unless first), whitespace anywhere JSON allows it: past
 * the value, or NULL when the member is not of that form.
 */
static inline __attribute__((always_inline)) const char *
int_member(const char *p, const char *end, bool first, uint64_t *name, uint64_t *value)
{
	const char *q;

	p = ws(p, end);
	if (!first) {
		if (p >= end || *p != ',')
			return NULL;
		p = ws(p + 1, end);
	}
	if (p >= end || *p != '"' || !(q = short_int(p + 1, end, name)) || q >= end || *q != '"')
		return NULL;
	p = ws(q + 1, end);
	if (p >= end || *p != ':')
		return NULL;
	p = ws(p + 1, end);
	/* a number as number_end() takes it: no leading zero but a lone 0 */
	if (!(q = short_int(p, end, value)) || (*p == '0' && q - p > 1) || q >= end ||
	    !after_token[(unsigned char)*q])
		return NULL;
	return q;
}

/*
 * The run of digits that starts the 8 bytes at p, eight at a time: its
 * length (0 .. 8) and, in *v, its value.  XOR with '0' leaves a digit's
 * byte 0 .. 9; any other byte has a high nibble set or, 6 added, carries
 * into it.  A carry only moves up, to later bytes, so the lowest byte
 * flagged is the first that is not a digit.  The digits, moved up so that
 * the bytes left below are leading zeros, are then summed in pairs, fours
 * and eights: one multiply each, as a byte times 10 plus the next, etc.
 */
static inline __attribute__((always_inline)) unsigned digits8(const char *p, uint64_t *v)
{
	uint64_t w, flags;
	unsigned n;

	memcpy(&w, p, 8);
	flags = non_digits8(w);
	w ^= 0x3030303030303030ull;
	n = flags ? (unsigned)__builtin_ctzll(flags) / 8 : 8;
	if (!n) {
		*v = 0;
		return 0;
	}
	w <<= 8 * (8 - n);
	w = ((w * (1 + (10ull << 8))) >> 8) & 0x00ff00ff00ff00ffull;
	w = ((w * (1 + (100ull << 16))) >> 16) & 0x0000ffff0000ffffull;
	*v = (w * (1 + (10000ull << 32))) >> 32;
	return n;
}

/* Up to 15 digits at p as short_int() takes them, with no bound check:
 * the caller has 16 bytes or more readable from p. */
static inline __attribute__((always_inline)) const char *short_int_near(const char *p, uint64_t *v)
{
	static const uint64_t pow10[8] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000};
	uint64_t high, low;
	unsigned n = digits8(p, &high), more;

	if (n < 8) {
		*v = high;
		return n ? p + n : NULL;
	}
	more = digits8(p + 8, &low);
	if (more == 8)
		return NULL; /* 16 digits or more */
	*v = high * pow10[more] + low;
	return p + 8 + more;
}

/* short_int_near() for a few digits (a bin's count: most are one to
 * three), a byte at a time: fewer instructions than digits8() there. */
static inline __attribute__((always_inline)) const char *small_int_near(const char *p, uint64_t *v)
{
	uint64_t sum = 0;
	unsigned d;
	const char *q = p;

	while ((d = (unsigned char)(*q - '0')) < 10 && q - p < 16) {
		sum = sum * 10 + d;
		q++;
	}
	*v = sum;
	return q == p || q - p > 15 ? NULL : q;
}

/*
 * The member after another at p when it is laid out as the one before
 * (the gap g, then "name" : value with one space either side of the
 * ':'): past its value, or NULL for int_member() to read it.  The caller
 * has FAST_MEMBER_MAX bytes readable from p; bytes compared equal to ones
 * int_member() checked are checked as well.
 */
#define FAST_MEMBER_MAX 64 /* gap 16 + "15" 17 + " : " 3 + 15 + 1, rounded up */

static inline __attribute__((always_inline)) const char *
fast_member(const char *p, const struct fr_js_gap *g, uint64_t *name, uint64_t *value)
{
	static const char colon[4] = {'"', ' ', ':', ' '};
	uint32_t sep, want;
	const char *q, *v;

	/* digits8() reads a word's bytes lowest first as the text's order */
	if (!g->len || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__)
		return NULL;
	if (!same_gap(p, g))
		return NULL;
	p += g->len;
	if (!(q = short_int_near(p + 1, name)))
		return NULL;
	memcpy(&sep, q, 4);
	memcpy(&want, colon, 4);
	if (sep != want)
		return NULL;
	v = q + 4;
	if (!(q = small_int_near(v, value)) || (*v == '0' && q - v > 1) ||
	    !after_token[(unsigned char)*q])
		return NULL;
	return q;
}

size_t fr_js_int_members(struct fr_js *s, bool first, uint64_t *names, uint64_t *values, size_t max)
{
	const char *p = s->p, *end = s->end, *q;
	struct fr_js_gap g = {0};
	size_t n = 0;

	if (s->bad)
		return 0;
	while (n < max) {
		if (!first && end - p >= FAST_MEMBER_MAX &&
		    (q = fast_member(p, &g, &names[n], &values[n]))) {
			p = q;
		} else {
			if (!(q = int_member(p, end, first, &names[n], &values[n])))
				break;
			/* the gap before the name, as passed */
			if (!first)
				learn_gap(&g, p, memchr(p, '"', (size_t)(q - p)));
			p = q;
		}
		first = false;
		n++;
	}
	s->p = p;
	return n;
}

static double int_value(const char *p, const char *end)
{
	bool neg = *p == '-';
	int64_t v = 0;

	for (p += neg; p < end; p++)
		v = v * 10 + (*p - '0');
	return (double)(neg ? -v : v);
}

/* The powers of ten a double holds exactly */
static const double exact_pow10[] = {1e0,  1e1,	 1e2,  1e3,  1e4,  1e5,	 1e6,  1e7,
				     1e8,  1e9,	 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
				     1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/*
 * A decimal with a fraction or exponent (checked by number_end()) as
 * strtod() converts it, when that takes one rounding: its digits, point
 * dropped, make an integer m of at most 15 digits (exact in a double) and
 * the power of ten p it is scaled by is within 10^-22 .. 10^22 (exact in a
 * double too); then m * 10^p or m / 10^-p is one correctly rounded IEEE
 * operation on exact operands, the correctly rounded value strtod() gives.
 * fio's fractions ("iops" : 43690.666667) are such.  False otherwise.
 */
static bool exact_decimal(const char *p, const char *end, double *v)
{
	bool neg = *p == '-';
	uint64_t m = 0;
	int ndigits = 0, scale = 0, exp = 0, exp_sign = 1;
	double r;

	for (p += neg; p < end && *p != 'e' && *p != 'E'; p++) {
		if (*p == '.') {
			scale = -1; /* counts the fraction's digits from here */
			continue;
		}
		m = m * 10 + (uint64_t)(*p - '0');
		scale -= scale < 0;
		if (++ndigits > 15)
			return false;
	}
	scale = scale < 0 ? scale + 1 : 0;
	if (p < end) { /* the exponent: at most two digits (number_end()) */
		p++;
		if (*p == '+' || *p == '-')
			exp_sign = *p++ == '-' ? -1 : 1;
		for (; p < end; p++)
			exp = exp * 10 + (*p - '0');
	}
	scale += exp_sign * exp;
	if (scale < -22 || scale > 22)
		return false;
	r = scale < 0 ? (double)m / exact_pow10[-scale] : (double)m * exact_pow10[scale];
	*v = neg ? -r : r;
	return true;
}

/*
 * fio's own numbers, "4001" or "4715.266933", in one pass: no sign, no
 * leading zero, no exponent, at most 15 digits in all, followed by a byte
 * number_end() takes after a number.  Past it, its value in *v as
 * int_value() or exact_decimal() gives it (m, or m / 10^fraction digits);
 * NULL for any other text, which number_end() then judges.
 */
static inline __attribute__((always_inline)) const char *plain_number(const char *p,
								      const char *end, double *v)
{
	const char *q = p, *point = NULL;
	uint64_t m = 0;
	unsigned d;

	for (; q < end && q - p <= 16; q++) {
		if ((d = (unsigned char)(*q - '0')) < 10)
			m = m * 10 + d;
		else if (*q == '.' && !point && q > p)
			point = q;
		else
			break;
	}
	if (q == p || q >= end || !after_token[(unsigned char)*q] || q - p - (point != NULL) > 15 ||
	    (point && point == q - 1) || (*p == '0' && q - p > 1 && p[1] != '.'))
		return NULL;
	*v = point ? (double)m / exact_pow10[q - point - 1] : (double)m;
	return q;
}

bool fr_js_number(struct fr_js *s, double *v)
{
	char text[48];
	const char *end;
	bool is_int;

	s->p = ws(s->p, s->end);
	if (!s->bad && (end = plain_number(s->p, s->end, v))) {
		s->p = end;
		return true;
	}
	if (s->bad || !(end = number_end(s->p, s->end, &is_int)) ||
	    (size_t)(end - s->p) >= sizeof(text))
		return decline(s);
	if (is_int) {
		*v = int_value(s->p, end);
	} else if (!exact_decimal(s->p, end, v)) {
		/* json-c's own conversion, on a terminated copy */
		memcpy(text, s->p, (size_t)(end - s->p));
		text[end - s->p] = '\0';
		*v = strtod(text, NULL);
	}
	s->p = end;
	return true;
}

/*
 * Steps over one value, checking it, in one loop: at each turn p is where
 * a value must start; containers open push a bit (1 object, 0 array) on
 * `object`, and after a value comes a ',' (then a member's name or an
 * element) or the closing byte of the innermost container.
 */
bool fr_js_skip(struct fr_js *s)
{
	const char *p = s->p, *end = s->end;
	uint64_t object = 0; /* FR_JS_MAX_DEPTH < 64 levels */
	unsigned depth = 0;
	bool want_key = false;

	if (s->bad)
		return false; /* every call after a failure fails (jscan.h) */
	for (;;) {
		p = ws(p, end);
		if (want_key) {
			if (p >= end || *p != '"' || !(p = string_end(p, end)))
				return decline(s);
			p = ws(p, end);
			if (p >= end || *p != ':')
				return decline(s);
			p = ws(p + 1, end);
			want_key = false;
		}
		if (p >= end)
			return decline(s);
		if (*p == '{' || *p == '[') {
			if (s->depth + depth >= FR_JS_MAX_DEPTH)
				return decline(s);
			object = object << 1 | (*p == '{');
			depth++;
			p = ws(p + 1, end);
			if (p < end && *p == (object & 1 ? '}' : ']')) {
				p++; /* empty */
				object >>= 1;
				depth--;
			} else {
				want_key = object & 1;
				continue;
			}
		} else if (!(p = scalar_end(p, end))) {
			return decline(s);
		}
		/* after a value: a separator or the end of containers */
		for (;;) {
			if (!depth) {
				s->p = p;
				return true;
			}
			p = ws(p, end);
			if (p >= end)
				return decline(s);
			if (*p == ',') {
				p++;
				want_key = object & 1;
				break;
			}
			if (*p != (object & 1 ? '}' : ']'))
				return decline(s);
			p++;
			object >>= 1;
			depth--;
		}
	}
}
