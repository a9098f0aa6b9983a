// SPDX-License-Identifier: GPL-2.0-only
/*
 * JSON text read in place (json_span.h): one pass over the bytes checks a
 * document and notes its values' spans down to the depth asked for.
 */
#include <errno.h>
#include <stdlib.h>
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

/* The text being read, and where its nodes go. */
struct reader {
	const char *end;
	struct json_doc *doc;
	int index_depth;
	bool nomem;
};

static const char *skip_value(struct reader *r, const char *p, int depth, size_t node);

/* A new node for a member or element of the container NODE at P; 0 when out of memory. */
static size_t add_node(struct reader *r, size_t node, size_t *last, struct json_span key,
		       const char *p)
{
	struct json_doc *d = r->doc;
	struct json_node *grown;
	size_t room = d->room ? 2 * d->room : 64;

	if (d->n == d->room) {
		grown = realloc(d->v, room * sizeof(*d->v));
		if (!grown) {
			r->nomem = true;
			return 0;
		}
		d->v = grown;
		d->room = room;
	}
	d->v[d->n] = (struct json_node){.key = key, .val = {.p = p}};
	if (*last)
		d->v[*last].next = d->n;
	else
		d->v[node].child = d->n;
	*last = d->n;
	return d->n++;
}

/*
 * One member's or element's value at P, of the container NODE at DEPTH:
 * indexed (a node of its own) when the container is shallower than the
 * index depth.  After it, or NULL.
 */
static const char *read_child(struct reader *r, const char *p, int depth, size_t node, size_t *last,
			      struct json_span key)
{
	size_t child = 0;
	const char *after;

	if (depth < r->index_depth && !(child = add_node(r, node, last, key, p)))
		return NULL;
	after = skip_value(r, p, depth + 1, child);
	if (after && child)
		r->doc->v[child].val.n = (size_t)(after - p);
	return after;
}

/* After the object or array opening at P (node NODE when its members are indexed), or NULL. */
static const char *skip_container(struct reader *r, const char *p, int depth, size_t node)
{
	const char *end = r->end;
	char close = *p == '{' ? '}' : ']';
	struct json_span key = {0};
	size_t last = 0;
	bool first = true;

	if (depth >= JSON_SPAN_MAX_DEPTH)
		return NULL;
	for (p = skip_ws(p + 1, end); p < end; first = false) {
		if (*p == close && first)
			return p + 1;
		if (close == '}') {
			key.p = p;
			if (*p != '"' || !(p = skip_string(p, end)))
				return NULL;
			key.n = (size_t)(p - key.p);
			p = skip_ws(p, end);
			if (p == end || *p != ':')
				return NULL;
			p = skip_ws(p + 1, end);
		}
		if (!(p = read_child(r, p, depth, node, &last, key)))
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

static const char *skip_value(struct reader *r, const char *p, int depth, size_t node)
{
	const char *end = r->end;

	if (p >= end)
		return NULL;
	switch (*p) {
	case '{':
	case '[':
		return skip_container(r, p, depth, node);
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

int json_doc_read(struct json_doc *doc, const char *text, size_t len, int depth)
{
	struct reader r = {.end = text + len, .doc = doc, .index_depth = depth};
	const char *p = skip_ws(text, r.end), *after;

	*doc = (struct json_doc){.v = malloc(64 * sizeof(*doc->v)), .n = 1, .room = 64};
	if (!doc->v)
		return -ENOMEM;
	doc->v[0] = (struct json_node){.val = {.p = p}};
	after = skip_value(&r, p, 0, 0);
	if (r.nomem)
		return -ENOMEM;
	if (!after || skip_ws(after, r.end) != r.end)
		return -EINVAL;
	doc->v[0].val.n = (size_t)(after - p);
	return 0;
}

void json_doc_free(struct json_doc *doc)
{
	free(doc->v);
	*doc = (struct json_doc){0};
}

bool json_span_eq(struct json_span v, const char *s)
{
	return strlen(s) == v.n && !memcmp(v.p, s, v.n);
}
