// SPDX-License-Identifier: GPL-2.0-only
/*
 * JSON text read in place (json_span.h): one pass over the bytes checks a
 * value and finds where it ends; nothing is built.
 */
#include <string.h>

#include "json_span.h"

static const char *skip_ws(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
		p++;
	return p;
}

static bool is_hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* After the string opening at P (its quote), or NULL: no control bytes, known escapes. */
static const char *skip_string(const char *p, const char *end)
{
	int i;

	for (p++; p < end; p++) {
		if (*p == '"')
			return p + 1;
		if ((unsigned char)*p < 0x20)
			return NULL;
		if (*p != '\\')
			continue;
		if (++p == end)
			return NULL;
		if (*p == 'u') {
			for (i = 0; i < 4; i++)
				if (++p == end || !is_hex(*p))
					return NULL;
		} else if (!*p || !strchr("\"\\/bfnrt", *p)) {
			return NULL;
		}
	}
	return NULL;
}

static const char *skip_digits(const char *p, const char *end)
{
	const char *start = p;

	while (p < end && *p >= '0' && *p <= '9')
		p++;
	return p > start ? p : NULL;
}

/* After the literal WORD at P, or NULL. */
static const char *skip_word(const char *p, const char *end, const char *word)
{
	size_t n = strlen(word);

	return (size_t)(end - p) >= n && !memcmp(p, word, n) ? p + n : NULL;
}

/* After the number at P, or NULL: -?int(.digits)?([eE][+-]?digits)?, or json-c's -Infinity. */
static const char *skip_number(const char *p, const char *end)
{
	if (*p == '-' && ++p < end && *p == 'I')
		return skip_word(p, end, "Infinity");
	if (p == end)
		return NULL;
	if (*p == '0')
		p++;
	else if (!(p = skip_digits(p, end)))
		return NULL;
	if (p < end && *p == '.' && !(p = skip_digits(p + 1, end)))
		return NULL;
	if (p < end && (*p == 'e' || *p == 'E')) {
		p++;
		if (p < end && (*p == '+' || *p == '-'))
			p++;
		p = skip_digits(p, end);
	}
	return p;
}

static const char *skip_value(const char *p, const char *end, int depth);

/* After the object or array opening at P, or NULL. */
static const char *skip_container(const char *p, const char *end, int depth)
{
	char close = *p == '{' ? '}' : ']';
	bool first = true;

	if (depth >= JSON_SPAN_MAX_DEPTH)
		return NULL;
	for (p = skip_ws(p + 1, end); p < end; first = false) {
		if (*p == close && first)
			return p + 1;
		if (close == '}') {
			if (*p != '"' || !(p = skip_string(p, end)))
				return NULL;
			p = skip_ws(p, end);
			if (p == end || *p != ':')
				return NULL;
			p = skip_ws(p + 1, end);
		}
		if (!(p = skip_value(p, end, depth + 1)))
			return NULL;
		p = skip_ws(p, end);
		if (p < end && *p == close)
			return p + 1;
		if (p == end || *p != ',')
			return NULL;
		p = skip_ws(p + 1, end);
		if (p < end && *p == close)
			return NULL; /* a trailing comma */
	}
	return NULL;
}

static const char *skip_value(const char *p, const char *end, int depth)
{
	if (p >= end)
		return NULL;
	switch (*p) {
	case '{':
	case '[':
		return skip_container(p, end, depth);
	case '"':
		return skip_string(p, end);
	case 't':
		return skip_word(p, end, "true");
	case 'f':
		return skip_word(p, end, "false");
	case 'n':
		return skip_word(p, end, "null");
	case 'N':
		return skip_word(p, end, "NaN");
	case 'I':
		return skip_word(p, end, "Infinity");
	default:
		return *p == '-' || (*p >= '0' && *p <= '9') ? skip_number(p, end) : NULL;
	}
}

bool json_span_doc(const char *text, size_t len, struct json_span *value)
{
	const char *end = text + len, *p = skip_ws(text, end), *after = skip_value(p, end, 0);

	if (!after || skip_ws(after, end) != end)
		return false;
	*value = (struct json_span){.p = p, .n = (size_t)(after - p)};
	return true;
}

bool json_span_eq(struct json_span v, const char *s)
{
	return strlen(s) == v.n && !memcmp(v.p, s, v.n);
}

void json_iter_open(struct json_iter *it, struct json_span v)
{
	*it = (struct json_iter){
		.p = v.p + 1, .end = v.p + v.n, .close = v.p[0] == '{' ? '}' : ']', .first = true};
}

/* The value starting at P, checked already (json_span_doc()). */
static struct json_span value_at(const char *p, const char *end)
{
	return (struct json_span){.p = p, .n = (size_t)(skip_value(p, end, 0) - p)};
}

bool json_iter_next(struct json_iter *it, struct json_span *key, struct json_span *val)
{
	const char *p = skip_ws(it->p, it->end);

	if (!it->first && *p == ',')
		p = skip_ws(p + 1, it->end);
	if (p >= it->end || *p == it->close)
		return false;
	it->first = false;
	if (it->close == '}') {
		*key = value_at(p, it->end);
		p = skip_ws(skip_ws(p + key->n, it->end) + 1, it->end); /* past ':' */
	}
	*val = value_at(p, it->end);
	it->p = p + val->n;
	return true;
}
