/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * JSON text read in place: one pass checks a document as strict JSON (plus
 * the NaN and Infinity json-c writes, and json-c's depth limit) and notes,
 * down to a given depth, each member's and element's span of the text,
 * without building anything else (results_splice.c merges the jobs'
 * records this way: parsing and printing them again was most of the last
 * job's time in the test bed, and walking the text once per level was
 * still half of what was left).
 */
#ifndef SSDNVME_JSON_SPAN_H
#define SSDNVME_JSON_SPAN_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* json-c's own limit (JSON_TOKENER_DEFAULT_DEPTH): deeper text is refused */
#define JSON_SPAN_MAX_DEPTH 32

struct json_span {
	const char *p;
	size_t n;
};

/*
 * A value of the document, with its member name when it is one.  Indexes
 * into the document's nodes; node 0 is the document's value, so 0 also
 * says "none".
 */
struct json_node {
	struct json_span key; /* a member's name, quotes included; n 0 for an element */
	struct json_span val;
	size_t child; /* the first member or element, when indexed; 0: none */
	size_t next;  /* the next member or element of the same container; 0: none */
};

struct json_doc {
	struct json_node *v;
	size_t n, room;
};

/**
 * json_doc_read() - check a text and index its values down to a depth
 * @doc: set to the nodes (json_doc_free() them, whatever the outcome)
 * @text: the text (need not end in NUL)
 * @len: its length
 * @depth: the members and elements of containers nested less deep than
 *         this are indexed (1: the document's own members)
 *
 * Return: 0; -EINVAL when @text is not one well-formed JSON value with only
 * white space around it; -ENOMEM.
 */
int json_doc_read(struct json_doc *doc, const char *text, size_t len, int depth);

/**
 * json_doc_free() - free a document's nodes
 * @doc: the document
 */
void json_doc_free(struct json_doc *doc);

/**
 * json_span_is() - what a well-formed value is
 * @v: a node's value
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
 * json_span_same() - whether two spans are the same bytes
 * @a: one
 * @b: the other
 *
 * Return: true when they are.
 */
static inline bool json_span_same(struct json_span a, struct json_span b)
{
	return a.n == b.n && !memcmp(a.p, b.p, a.n);
}

#endif
