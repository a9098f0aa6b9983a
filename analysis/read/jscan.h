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

/* The bytes between two members as the cursor last passed them at one
 * depth (fio's ',', newline and indent), 8 .. 16 of them held as their
 * first and last eight; len 0 when none is known. */
struct fr_js_gap {
	size_t len;
	uint64_t head, tail;
};

struct fr_js {
	const char *p, *end;
	unsigned depth;
	bool bad;
	struct fr_js_gap gap[FR_JS_MAX_DEPTH + 1]; /* per depth, for fr_js_key() */
};

/**
 * fr_js_init() - set a cursor at the start of a JSON text
 * @s: the cursor (overwritten whole: depth 0, not bad)
 * @p: the text's first byte; it need not be terminated, and must outlive
 *     the cursor (the strings it returns point into it)
 * @end: one past its last byte
 */
void fr_js_init(struct fr_js *s, const char *p, const char *end);

/**
 * fr_js_open() - enter the object or array that must come next
 * @s: the cursor
 * @open: '{' for an object, '[' for an array
 *
 * Return: true, the cursor past @open one level deeper; false (the cursor
 * marked bad) when the next byte is not @open, when nesting would pass
 * FR_JS_MAX_DEPTH, or when the cursor was already bad.
 */
bool fr_js_open(struct fr_js *s, char open);

/**
 * fr_js_key() - the next member's name in the object entered
 * @s: the cursor, inside an object (fr_js_open() with '{')
 * @first: true before the object's first member; the call clears it and
 *         checks the ',' before each later member
 * @key: set to the name's bytes in the text (not terminated, no quotes)
 * @len: set to the name's length in bytes
 *
 * On true the cursor is past the member's ':', at its value, which the
 * caller must then read or fr_js_skip().
 *
 * Return: true when a member follows; false at the object's '}' (the
 * cursor then past it, one level up, not bad) or when the text is not the
 * JSON jscan.h accepts (the cursor bad).
 */
bool fr_js_key(struct fr_js *s, bool *first, const char **key, size_t *len);

/**
 * fr_js_int_members() - read a run of members whose names and values are
 *                       plain integers
 * @s: the cursor, inside an object
 * @first: true before the object's first member (no ',' expected before
 *         the run's first)
 * @names: set to each member's name's value ("2128" gives 2128)
 * @values: set to each member's value
 * @max: room in @names and @values
 *
 * A fast path for fio's json+ latency bins ("2128" : 1): one loop over the
 * run, for names and values of at most 15 decimal digits each (exact in a
 * double), the values non-negative without a leading zero.  A member laid
 * out byte for byte as the one before it (fio's indent) is compared at
 * once; any other is checked as fr_js_key() and fr_js_number() would.
 *
 * Return: how many members were read (0 .. @max), the cursor past the
 * last; the run ends, the cursor not marked bad, at @max or at a member
 * of any other form (the object's end included, or a cursor already bad),
 * which fr_js_key() and fr_js_number() then read, checking it as they
 * check every member.
 */
size_t fr_js_int_members(struct fr_js *s, bool first, uint64_t *names, uint64_t *values,
			 size_t max);

/**
 * fr_js_elem() - step to the next element of the array entered
 * @s: the cursor, inside an array (fr_js_open() with '[')
 * @first: true before the array's first element; the call clears it and
 *         checks the ',' before each later element
 *
 * Return: true when an element follows (the cursor at it, to read or
 * fr_js_skip()); false at the array's ']' (the cursor past it, one level
 * up, not bad) or on text jscan.h does not accept (the cursor bad).
 */
bool fr_js_elem(struct fr_js *s, bool *first);

/**
 * fr_js_peek() - the next byte that is not whitespace
 * @s: the cursor; moved past the whitespace, not past the byte
 *
 * Return: that byte, or 0 at the end of the text or when the cursor is bad.
 */
char fr_js_peek(struct fr_js *s);

/**
 * fr_js_string() - read a value that must be a string
 * @s: the cursor, at a value
 * @str: set to the string's bytes in the text (not terminated, no quotes)
 * @len: set to its length in bytes
 *
 * Return: true, the cursor past the closing quote; false (the cursor bad)
 * when the value is not a string, or holds an escape, a control byte or a
 * byte >= 0x80.
 */
bool fr_js_string(struct fr_js *s, const char **str, size_t *len);

/**
 * fr_js_number() - read a value that must be a number
 * @s: the cursor, at a value
 * @v: set to the number's value as json-c gives it
 *     (json_object_get_double()): an integer converted from int64, any
 *     other by strtod()
 *
 * Return: true, the cursor past the number; false (the cursor bad) when
 * the value is not a number of the subset jscan.h states, or is not
 * followed by whitespace, ',', '}' or ']'.
 */
bool fr_js_number(struct fr_js *s, double *v);

/**
 * fr_js_skip() - step over one value of any kind, checking it
 * @s: the cursor, at a value
 *
 * Every byte passed is checked as reading it would be, containers whole
 * (nesting counted on top of the cursor's own depth).
 *
 * Return: true, the cursor past the value; false (the cursor bad) when the
 * value is not JSON of the subset jscan.h accepts.
 */
bool fr_js_skip(struct fr_js *s);

#endif
