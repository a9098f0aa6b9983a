/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The N slowest I/Os of one tag key, with their full context: a min-heap on
 * latency whose root is the fastest of the kept ones, so the common case (an
 * I/O faster than all kept outliers) costs one comparison.  The heap orders
 * latencies and slots; each record stays in its slot (tag_outliers.c).
 */
#ifndef SSDNVME_TAG_OUTLIERS_H
#define SSDNVME_TAG_OUTLIERS_H

#include <stddef.h>
#include <stdint.h>

#include "tag_types.h"

struct tag_outliers {
	uint64_t admit; /* lowest latency that changes the set: 0 until full */
	uint32_t cap;	/* N; 0 keeps none */
	uint32_t n;
	struct tag_io *recs; /* N slots, then the heap of their latencies */
};

/**
 * tag_outliers_init() - set up an empty outlier keeper
 * @o: the keeper
 * @cap: how many records to keep; 0 keeps none (nothing is allocated and no
 *       latency is admitted)
 *
 * Allocates room for @cap records.
 *
 * Return: 0; -1 with errno (from calloc) when the room cannot be allocated.
 */
int tag_outliers_init(struct tag_outliers *o, uint32_t cap);
/**
 * tag_outliers_free() - free an outlier keeper's records
 * @o: the keeper
 *
 * Leaves @o empty, with no room, admitting nothing.
 */
void tag_outliers_free(struct tag_outliers *o);

/**
 * tag_outliers_insert() - offer one I/O to the keeper, unconditionally
 * @o: the keeper
 * @io: the I/O, copied when kept
 *
 * Keeps @io while the keeper is not full; once full, @io replaces the fastest
 * kept record when it is slower than it, else it is dropped.  Updates the
 * admission threshold tag_outliers_add() checks.  Does nothing when @o keeps
 * none.
 */
void tag_outliers_insert(struct tag_outliers *o, const struct tag_io *io);

/**
 * tag_outliers_add() - offer one I/O to the keeper
 * @o: the keeper
 * @io: the I/O, copied when kept
 *
 * The fast path: one comparison with the admission threshold, and
 * tag_outliers_insert() only for an I/O that may change the kept set.
 */
static inline void tag_outliers_add(struct tag_outliers *o, const struct tag_io *io)
{
	if (io->lat_ns >= o->admit)
		tag_outliers_insert(o, io);
}

/**
 * tag_outliers_sorted() - the kept records, slowest first
 * @o: the keeper
 * @out: where the records are copied (room for @o->n)
 *
 * Copies the kept records into @out, slowest first; equal latencies by
 * submission time, earliest first.
 *
 * Return: the number copied (@o->n).
 */
size_t tag_outliers_sorted(const struct tag_outliers *o, struct tag_io *out);

#endif
