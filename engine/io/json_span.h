/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * JSON text read in place: a value's extent, an object's members, an
 * array's elements, as spans of the text, checked as strict JSON (plus the
 * NaN and Infinity json-c writes, and json-c's depth limit) without building
 * anything (results_splice.c merges the jobs' records this way: parsing and
 * printing them again was most of the last job's time in the test bed).
 */
#ifndef SSDNVME_JSON_SPAN_H
#define SSDNVME_JSON_SPAN_H

#include <stdbool.h>
#include <stddef.h>

/* json-c's own limit (JSON_TOKENER_DEFAULT_DEPTH): deeper text is refused */
#define JSON_SPAN_MAX_DEPTH 32

struct json_span {
	const char *p;
	size_t n;
};

/* One object's members or one array's elements, in order. */
struct json_iter {
	const char *p, *end;
	char close; /* '}' or ']' */
	bool first;
};

/**
 * json_span_doc() - the one value a text holds
 * @text: the text (need not end in NUL)
 * @len: its length
 * @value: the value's span (no white space around it)
 *
 * Return: true when @text is one well-formed JSON value with only white
 * space around it; json-c's NaN and Infinity literals are taken, as json-c
 * writes and reads them.
 */
bool json_span_doc(const char *text, size_t len, struct json_span *value);

/**
 * json_span_is() - what a well-formed value is
 * @v: a span from json_span_doc() or json_iter_next()
 * @c: '{' for an object, '[' for an array
 *
 * Return: true when @v begins with @c.
 */
static inline bool json_span_is(struct json_span v, char c)
{
	return v.n && v.p[0] == c;
}

/**
 * json_span_eq() - whether a span is the given text byte for byte
 * @v: the span (a member's name keeps its quotes)
 * @s: the text, NUL-terminated
 *
 * Return: true when they are the same bytes.
 */
bool json_span_eq(struct json_span v, const char *s);

/**
 * json_iter_open() - start on an object's members or an array's elements
 * @it: the cursor
 * @v: a well-formed object or array (json_span_doc() checked it)
 */
void json_iter_open(struct json_iter *it, struct json_span v);

/**
 * json_iter_next() - the next member or element
 * @it: the cursor
 * @key: a member's name, quotes included (NULL for an array's element)
 * @val: its value
 *
 * Return: true while there is one.
 */
bool json_iter_next(struct json_iter *it, struct json_span *key, struct json_span *val);

#endif
