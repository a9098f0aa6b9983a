/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef FIORANK_JSCAN_H
#define FIORANK_JSCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * A cursor over JSON text for a reader that takes a few values and steps
 * over the rest, without building a tree.  It accepts only the plain JSON
 * fio writes, a subset of what json-c accepts: strings without escapes,
 * control bytes or bytes >= 0x80; numbers of at most 18 integer digits, or
 * with a fraction or an exponent of at most two digits; nesting at most
 * FR_JS_MAX_DEPTH deep; whitespace of space, tab, CR and LF.  On anything
 * else the cursor is marked bad and every later call fails: the caller
 * declines and json-c reads the text, so what the cursor accepts always
 * means to it what it means to json-c.
 */
#define FR_JS_MAX_DEPTH 20

struct fr_js {
	const char *p, *end;
	unsigned depth;
	bool bad;
};

void fr_js_init(struct fr_js *s, const char *p, const char *end);

/* Enters the object (or array) that must be next; false (bad) if it is not. */
bool fr_js_open(struct fr_js *s, char open);

/*
 * The next member's name of the object entered, and past its ':' (first:
 * true before the first member, kept by the call).  false at the object's
 * end (left) or when bad.
 */
bool fr_js_key(struct fr_js *s, bool *first, const char **key, size_t *len);

/*
 * The next member, in one pass, when it is a plain integer name and value
 * of at most 15 digits each ("2128" : 1, a json+ bin): both in *name and
 * *value, the cursor past it (first: true before the object's first
 * member; the caller clears it).  false, the cursor unmoved, on anything
 * else (the object's end included): fr_js_key() and fr_js_number() then
 * read it, checking it as they check every member.
 */
bool fr_js_int_member(struct fr_js *s, bool first, uint64_t *name, uint64_t *value);

/* The same for an array's elements: true when one follows. */
bool fr_js_elem(struct fr_js *s, bool *first);

/* The next byte that is not whitespace, or 0 at the end. */
char fr_js_peek(struct fr_js *s);

/* A value that must be a string: its bytes (not terminated), in the text. */
bool fr_js_string(struct fr_js *s, const char **str, size_t *len);

/* A value that must be a number: its value as json-c gives it
 * (json_object_get_double()). */
bool fr_js_number(struct fr_js *s, double *v);

/* Steps over any value, checking it. */
bool fr_js_skip(struct fr_js *s);

#endif
