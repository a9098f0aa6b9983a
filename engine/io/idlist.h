/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The one parser of the engine's number lists, "1,2,5-6": namespaces= (nsids,
 * sorted, repeats dropped) and ssdnvme_plids= (placement handle indices, in
 * the order given, a repeat refused).  Messages name the option, the item
 * and its position.  No fio types.
 */
#ifndef SSDNVME_IDLIST_H
#define SSDNVME_IDLIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What a list of one option may hold. */
struct idlist_rule {
	const char *opt;     /* option name in messages: "namespaces" */
	const char *item;    /* one entry, in messages: "namespace id" */
	const char *items;   /* several: "namespaces" */
	const char *example; /* a valid list, for the empty case: "1,2,5-6" */
	uint32_t min, max;   /* each entry's bounds, inclusive */
	unsigned int cap;    /* most entries kept (room in the output) */
	bool sorted; /* true: ascending, repeats dropped; false: as given, repeats refused */
};

/**
 * idlist_parse() - parse a number list ("1,2,5-6") under a rule
 * @r: what the list may hold (bounds, order, room, names for messages)
 * @spec: the option's value
 * @ids: where the entries are written (room for @r->cap)
 * @msg: where what is wrong and where is written
 * @len: its room
 *
 * Return: how many entries, or -1 with the reason in @msg.
 */
int idlist_parse(const struct idlist_rule *r, const char *spec, uint32_t *ids, char *msg,
		 size_t len);

#endif
