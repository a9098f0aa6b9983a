// SPDX-License-Identifier: GPL-2.0-only
/*
 * A fio JSON document made small before json-c parses it (compact.h).
 *
 * Why: fio pretty-prints with deep indentation, and most of a job's values
 * are distributions and sample statistics fiorank never reads; json-c spends
 * its time stepping over the spaces byte by byte and building objects that
 * are dropped unread.  About 85 % of a json+ output is either.
 *
 * The copy must mean to json-c exactly what the original means, minus the
 * unread members: it must never parse where the original would not.  So it
 * only drops whitespace next to a structural character ({ } [ ] , : ") or
 * collapses it to one space, copies strings byte for byte, drops a member
 * only when its name is on the list, it sits where a name belongs, and its
 * value is a plain JSON number or an object of such (fio's shape, nothing
 * json-c could refuse), and gives up (the caller parses the original) on
 * anything where json-c's own extensions could make a difference: comments,
 * single-quoted strings, control bytes, NUL, nesting deeper than json-c
 * accepts, a document that does not end.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "read/compact.h"

/* json-c refuses deeper nesting (JSON_TOKENER_DEFAULT_DEPTH 32): past that,
 * leave it to json-c to say so */
#define MAX_DEPTH 32
/* a dropped value nests at most 3 objects: only drop below this depth, so
 * that dropping cannot hide nesting json-c refuses */
#define MAX_DROP_DEPTH (MAX_DEPTH - 4)

struct compactor {
	const char *p, *end; /* the original, read on from p */
	char *out;	     /* the copy */
	size_t n;	     /* bytes in the copy */
	char open[MAX_DEPTH];
	int depth;
	bool want_name; /* the next string, in an object, is a member's name */
};

/* name (of the length the case has checked) is the literal s */
#define IS(s) (!memcmp(name, s, sizeof(s) - 1))

/*
 * Members of fio's output that fiorank never reads (read_fio.c reads the
 * job's name, group, error, options, runtime and steadystate, and per
 * direction total_ios, io_bytes, iops, bw_bytes/bw, runtime and the clat/lat
 * means, stddev, max and percentiles, and the json+ histograms' bins): the
 * latency and I/O depth distributions, the submission latency, the latencies'
 * minimum and sample count, the bandwidth and IOPS sample statistics, CPU
 * and context-switch counts.  Most of a job's values.  By length: every
 * member name of every job passes here.
 */
bool fr_compact_unread(const char *name, size_t len)
{
	switch (len) {
	case 1:
		return IS("N");
	case 3:
		return IS("ctx") || IS("eta") || IS("min");
	case 4:
		/* "bins" (json+) are read: read_fio_keep.c buckets them */
		return IS("majf") || IS("minf") || IS("sync");
	case 6:
		return IS("bw_agg") || IS("bw_dev") || IS("bw_max") || IS("bw_min");
	case 7:
		return IS("elapsed") || IS("slat_ns") || IS("sys_cpu") || IS("usr_cpu") ||
		       IS("bw_mean");
	case 8:
		return IS("drop_ios") || IS("iops_max") || IS("iops_min");
	case 9:
		return IS("io_kbytes") || IS("iops_mean") || IS("short_ios");
	case 10:
		return IS("bw_samples") || IS("latency_ms") || IS("latency_ns") || IS("latency_us");
	case 11:
		return IS("iops_stddev");
	case 12:
		return IS("iops_samples");
	case 13:
		return IS("iodepth_level") || IS("latency_depth");
	case 14:
		return IS("iodepth_submit") || IS("latency_target") || IS("latency_window");
	case 16:
		return IS("iodepth_complete");
	case 18:
		return IS("latency_percentile");
	default:
		return false;
	}
}

const double fr_pct_read[FR_NPCT] = {99.0, 99.9, 99.99};

static bool near(double k, double want)
{
	return fabs(k - want) < 1e-6;
}

bool fr_pct_key_is(const char *key, double want)
{
	char *end;
	double k = strtod(key, &end);

	return end != key && !*end && near(k, want);
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/*
 * fio writes every percentile key as "%f": one to three digits, a point and
 * six ("1.000000", "99.990000", "100.000000").  Those are judged without
 * strtod(), which would take most of the compact copy's time (17 keys per
 * latency object), in millionths, exactly: a key that is one of fr_pct_read
 * to the millionth is that one, and one 2 or more millionths from each is
 * none (near() allows less than one).  -2 for any other key, and for one a
 * millionth away from one: judged by value, with strtod().
 */
static int fio_pct_key(const char *key)
{
	static const long want[FR_NPCT] = {99000000, 99900000, 99990000};
	size_t whole = 0;
	long v = 0;

	while (whole < 4 && is_digit(key[whole]))
		v = v * 10 + (key[whole++] - '0');
	if (whole < 1 || whole > 3 || key[whole] != '.')
		return -2;
	for (size_t i = whole + 1; i < whole + 7; i++) {
		if (!is_digit(key[i]))
			return -2;
		v = v * 10 + (key[i] - '0');
	}
	if (key[whole + 7])
		return -2;
	for (int i = 0; i < FR_NPCT; i++) {
		if (v == want[i])
			return i;
		if (labs(v - want[i]) < 2)
			return -2;
	}
	return -1;
}

int fr_pct_key_which(const char *key)
{
	int fast = fio_pct_key(key);
	char *end;
	double k;

	if (fast > -2)
		return fast;
	k = strtod(key, &end);

	for (int i = 0; end != key && !*end && i < FR_NPCT; i++)
		if (near(k, fr_pct_read[i]))
			return i;
	return -1;
}

/* JSON's whitespace (json-c's too: not \v or \f) */
static const bool ws_byte[256] = {[' '] = true, ['\n'] = true, ['\t'] = true, ['\r'] = true};
/* bytes that end a token whatever is next to them */
static const bool structural_byte[256] = {['{'] = true, ['}'] = true, ['['] = true, [']'] = true,
					  [','] = true, [':'] = true, ['"'] = true};

/* bytes that end a member name fr_compact_doc() may drop: a quote, an
 * escape, a control byte */
static const bool name_stop[256] = {[0 ... 0x1f] = true, ['"'] = true, ['\\'] = true};

static bool is_ws(char c)
{
	return ws_byte[(unsigned char)c];
}

static bool is_structural(char c)
{
	return structural_byte[(unsigned char)c];
}

/* Whitespace from p (the common cases first: none, or fio's " : "). */
static inline const char *skip_ws(const char *p, const char *end)
{
	if (p >= end || !is_ws(*p))
		return p;
	if (end - p > 1 && p[0] == ' ' && !is_ws(p[1]))
		return p + 1;
	while (p < end) {
#if defined(__GNUC__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		/* fio indents with runs of spaces: eight at a time, the first
		 * other byte found by its position in the word */
		if (*p == ' ' && end - p >= 8) {
			uint64_t w;

			memcpy(&w, p, 8);
			w ^= 0x2020202020202020ull;
			if (!w) {
				p += 8;
				continue;
			}
			p += __builtin_ctzll(w) / 8;
		}
#endif
		if (!is_ws(*p))
			return p;
		p++;
	}
	return p;
}

static const char *skip_digits(const char *p, const char *end)
{
	while (p < end && *p >= '0' && *p <= '9')
		p++;
	return p;
}

/* A strict JSON number; NULL when p does not start one. */
static const char *json_number(const char *p, const char *end)
{
	const char *d;

	p += p < end && *p == '-';
	if ((d = skip_digits(p, end)) == p)
		return NULL;
	p = d;
	if (p < end && *p == '.' && (d = skip_digits(p + 1, end)) == p + 1)
		return NULL;
	p = d;
	if (p < end && (*p == 'e' || *p == 'E')) {
		p++;
		p += p < end && (*p == '+' || *p == '-');
		if ((d = skip_digits(p, end)) == p)
			return NULL;
		p = d;
	}
	return p;
}

/* A member name without escapes or control bytes: just past its closing
 * quote, or NULL. */
static const char *plain_name(const char *p, const char *end)
{
	if (p >= end || *p++ != '"')
		return NULL;
	while (p < end && !name_stop[(unsigned char)*p])
		p++;
	return p < end && *p == '"' ? p + 1 : NULL;
}

static const char *plain_value(const char *p, const char *end, int depth);

/* After the "{" of an object of "name" : plain values: just past its "}",
 * or NULL (a trailing comma too: strict JSON only). */
static const char *plain_object(const char *p, const char *end, int depth)
{
	p = skip_ws(p, end);
	if (p < end && *p == '}')
		return p + 1;
	for (;;) {
		if (!(p = plain_name(p, end)))
			return NULL;
		p = skip_ws(p, end);
		if (p >= end || *p++ != ':' || !(p = plain_value(skip_ws(p, end), end, depth)))
			return NULL;
		p = skip_ws(p, end);
		if (p < end && *p == '}')
			return p + 1;
		if (p >= end || *p++ != ',')
			return NULL;
		p = skip_ws(p, end);
	}
}

/* A number or an object of such (nested at most 3 deep), as fio writes
 * the members it drops: just past it, or NULL when it is anything else. */
static const char *plain_value(const char *p, const char *end, int depth)
{
	if (p < end && *p == '{')
		return depth < 3 ? plain_object(p + 1, end, depth + 1) : NULL;
	return json_number(p, end);
}

/*
 * At a member's name (c->p on its quote, c->want_name): drops the member
 * when it is unread and of fio's shape, together with the comma after it
 * (when another member follows) or before it (when it is the last one and
 * follows a member).  Either way what is left is valid exactly when the
 * original was.  Returns whether it dropped it.
 */
static bool drop_member(struct compactor *c)
{
	const char *name = c->p + 1, *after_name = plain_name(c->p, c->end), *val, *next;

	if (!after_name || c->depth > MAX_DROP_DEPTH ||
	    !fr_compact_unread(name, (size_t)(after_name - 1 - name)))
		return false;
	val = skip_ws(after_name, c->end);
	if (val >= c->end || *val != ':' ||
	    !(val = plain_value(skip_ws(val + 1, c->end), c->end, 0)))
		return false;
	next = skip_ws(val, c->end);
	if (next < c->end && *next == ',') {
		const char *follow = skip_ws(next + 1, c->end);

		if (follow >= c->end || *follow != '"')
			return false; /* "{..., x,}": json-c's own leniency, left to it */
		c->p = follow;	      /* want_name stays */
		return true;
	}
	if (next >= c->end || *next != '}')
		return false;
	/* the last member: "{x}" -> "{}", "{a:1,x}" -> "{a:1}" (the comma
	 * after a value only: "{,x}" stays json-c's to refuse) */
	if (c->out[c->n - 1] == ',') {
		char before = c->n >= 2 ? c->out[c->n - 2] : '{';

		if (before == '{' || before == '[' || before == ',' || before == ':')
			return false;
		c->n--;
	}
	c->p = next;
	return true;
}

/* json-c would keep the member a member of the percentile object: only
 * those read_fio.c can look up (matched by value, as it matches them) */
bool fr_compact_pct_kept(const char *key, size_t len)
{
	char k[64];

	if (len >= sizeof(k))
		return true; /* not fio's: kept, whatever it says */
	memcpy(k, key, len);
	k[len] = '\0';
	return fr_pct_key_which(k) >= 0;
}

static void emit(struct compactor *c, const char *s, size_t n)
{
	memcpy(c->out + c->n, s, n);
	c->n += n;
}

/*
 * At a member's name: a "percentile" object of numbers (fio's
 * {"1.000000" : 2128, ...}) is copied with only the entries
 * fr_compact_pct_kept() keeps.  The copy is valid JSON as the original
 * value is (checked first, strictly).  Returns whether it copied it.
 */
static bool trim_percentiles(struct compactor *c)
{
	static const char name[] = "\"percentile\"";
	const char *after_name = plain_name(c->p, c->end), *val, *val_end, *q;
	bool first = true;

	if (!after_name || (size_t)(after_name - c->p) != sizeof(name) - 1 ||
	    memcmp(c->p, name, sizeof(name) - 1))
		return false;
	val = skip_ws(after_name, c->end);
	if (val >= c->end || *val != ':')
		return false;
	val = skip_ws(val + 1, c->end);
	/* depth 2: an object whose values are numbers, nothing nested */
	if (val >= c->end || *val != '{' || !(val_end = plain_value(val, c->end, 2)))
		return false;
	emit(c, name, sizeof(name) - 1);
	emit(c, ":{", 2);
	for (q = skip_ws(val + 1, c->end); *q != '}';) {
		const char *key = q, *key_end = plain_name(q, c->end);
		const char *num = skip_ws(skip_ws(key_end, c->end) + 1, c->end);
		const char *num_end = json_number(num, c->end);

		if (fr_compact_pct_kept(key + 1, (size_t)(key_end - 1 - (key + 1)))) {
			if (!first)
				emit(c, ",", 1);
			emit(c, key, (size_t)(key_end - key));
			emit(c, ":", 1);
			emit(c, num, (size_t)(num_end - num));
			first = false;
		}
		q = skip_ws(num_end, c->end);
		if (*q == ',')
			q = skip_ws(q + 1, c->end);
	}
	emit(c, "}", 1);
	c->p = val_end;
	c->want_name = false;
	return true;
}

/* A string copied byte for byte: false when it does not end or holds a
 * NUL (json-c may stop there). */
static bool copy_string(struct compactor *c)
{
	const char *s = c->p++;

	while (c->p < c->end && *c->p != '"') {
		if (*c->p == '\\' && ++c->p == c->end)
			return false;
		if (!*c->p++)
			return false;
	}
	if (c->p >= c->end)
		return false;
	c->p++;
	emit(c, s, (size_t)(c->p - s));
	return true;
}

/* One structural or literal byte; false where json-c's extensions start
 * (comments, single quotes) or on a control byte. */
static bool copy_byte(struct compactor *c)
{
	char ch = *c->p;

	if (ch == '/' || ch == '\'' || (unsigned char)ch < 0x20)
		return false;
	c->want_name = false;
	if (ch == '{' || ch == '[') {
		if (c->depth == MAX_DEPTH)
			return false;
		c->open[c->depth++] = ch;
		c->want_name = ch == '{';
	} else if (ch == '}' || ch == ']') {
		c->depth--;
	} else if (ch == ',') {
		c->want_name = c->open[c->depth - 1] == '{';
	}
	c->out[c->n++] = ch;
	c->p++;
	return true;
}

bool fr_compact_doc(const char *doc, size_t len, char *out, size_t *out_len, size_t *doc_len)
{
	struct compactor c = {.p = doc, .end = doc + len, .out = out};

	if (!len || *doc != '{')
		return false;
	do {
		const char *ws = c.p;

		c.p = skip_ws(c.p, c.end);
		if (c.p >= c.end)
			return false; /* the document does not end: json-c says how */
		/* "1 2" stays "1 2" (an error), "1 ," becomes "1," */
		if (c.p > ws && c.n && !is_structural(c.out[c.n - 1]) && !is_structural(*c.p))
			c.out[c.n++] = ' ';
		if (*c.p == '"') {
			if (c.want_name && c.open[c.depth - 1] == '{' &&
			    (drop_member(&c) || trim_percentiles(&c)))
				continue;
			if (!copy_string(&c))
				return false;
			c.want_name = false;
		} else if (!copy_byte(&c)) {
			return false;
		}
	} while (c.depth > 0);
	/* json-c takes the whitespace after the document with it, and a
	 * comment there too: then ask json-c */
	c.p = skip_ws(c.p, c.end);
	if (c.p < c.end && *c.p == '/')
		return false;
	*out_len = c.n;
	*doc_len = (size_t)(c.p - doc);
	return true;
}
