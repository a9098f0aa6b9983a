// SPDX-License-Identifier: GPL-2.0-only
/*
 * Number lists of the engine's options (idlist.h).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "idlist.h"

/* Where one parse is: the rule, the whole list and the current item's start. */
struct idlist_ctx {
	const struct idlist_rule *r;
	const char *spec;
	const char *item;
	char *msg;
	size_t len;
};

/* "a" or "an" before WORD. */
static const char *article(const char *word)
{
	return word[0] && strchr("aeiou", word[0]) ? "an" : "a";
}

static size_t position(const struct idlist_ctx *c, const char *p)
{
	return (size_t)(p - c->spec) + 1;
}

/* One entry at *P within the rule's bounds; advances *P.  False with a message. */
static bool parse_one(struct idlist_ctx *c, const char **p, uint32_t *out)
{
	const char *start = *p;
	unsigned long long v;
	char *end;

	if (!isdigit((unsigned char)*start)) {
		snprintf(c->msg, c->len,
			 "%s=%s: bad item at \"%s\": expected %s %s at position %zu", c->r->opt,
			 c->spec, c->item, article(c->r->item), c->r->item, position(c, start));
		return false;
	}
	errno = 0;
	v = strtoull(start, &end, 10);
	if (errno || v < c->r->min || v > c->r->max) {
		snprintf(c->msg, c->len,
			 "%s=%s: bad item at \"%s\": %s '%.*s' at position %zu is out of range "
			 "(%u..%u)",
			 c->r->opt, c->spec, c->item, c->r->item, (int)(end - start), start,
			 position(c, start), c->r->min, c->r->max);
		return false;
	}
	*out = (uint32_t)v;
	*p = end;
	return true;
}

/* Adds ID to IDS[*N]: in order (sorted rule) or at the end; false with a message. */
static bool add_one(struct idlist_ctx *c, uint32_t *ids, unsigned int *n, uint32_t id)
{
	unsigned int i, pos = 0;

	if (c->r->sorted) {
		while (pos < *n && ids[pos] < id)
			pos++;
		if (pos < *n && ids[pos] == id)
			return true;
	} else {
		for (pos = 0; pos < *n; pos++)
			if (ids[pos] == id) {
				snprintf(c->msg, c->len, "%s=%s: %s %u given twice", c->r->opt,
					 c->spec, c->r->item, id);
				return false;
			}
	}
	if (*n == c->r->cap) {
		snprintf(c->msg, c->len, "%s=%s: more than %u %s", c->r->opt, c->spec, c->r->cap,
			 c->r->items);
		return false;
	}
	for (i = *n; i > pos; i--)
		ids[i] = ids[i - 1];
	ids[pos] = id;
	(*n)++;
	return true;
}

/*
 * Adds LO..HI.  A range longer than the cap fails within cap + 1 new
 * entries, so even 1-4294967294 costs little.
 */
static bool add_range(struct idlist_ctx *c, uint32_t *ids, unsigned int *n, uint32_t lo,
		      uint32_t hi)
{
	uint32_t id;

	for (id = lo;; id++) {
		if (!add_one(c, ids, n, id))
			return false;
		if (id == hi)
			return true;
	}
}

int idlist_parse(const struct idlist_rule *r, const char *spec, uint32_t *ids, char *msg,
		 size_t len)
{
	struct idlist_ctx c = {r, spec, spec, msg, len};
	const char *p = spec;
	unsigned int n = 0;
	uint32_t lo, hi;

	if (!spec || !*spec) {
		snprintf(msg, len, "%s= is empty (want e.g. %s)", r->opt, r->example);
		return -1;
	}
	for (;;) {
		c.item = p;
		if (!parse_one(&c, &p, &lo))
			return -1;
		hi = lo;
		if (*p == '-') {
			p++;
			if (!parse_one(&c, &p, &hi))
				return -1;
			if (hi < lo) {
				snprintf(msg, len,
					 "%s=%s: bad item at \"%s\": range %u-%u is backwards",
					 r->opt, spec, c.item, lo, hi);
				return -1;
			}
		}
		if (!add_range(&c, ids, &n, lo, hi))
			return -1;
		if (*p == '\0')
			return (int)n;
		if (*p != ',') {
			snprintf(msg, len,
				 "%s=%s: bad item at \"%s\": unexpected '%c' at position %zu",
				 r->opt, spec, c.item, *p, position(&c, p));
			return -1;
		}
		p++;
	}
}
