/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The N slowest I/Os of one tag key, with their full context: a min-heap on
 * latency whose root is the fastest of the kept ones, so the common case (an
 * I/O faster than all kept outliers) costs one comparison.
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
	struct tag_io *heap;
};

/* Allocates room for @cap records; -1 with errno on failure. */
int tag_outliers_init(struct tag_outliers *o, uint32_t cap);
void tag_outliers_free(struct tag_outliers *o);

void tag_outliers_insert(struct tag_outliers *o, const struct tag_io *io);

static inline void tag_outliers_add(struct tag_outliers *o, const struct tag_io *io)
{
	if (io->lat_ns >= o->admit)
		tag_outliers_insert(o, io);
}

/*
 * Copies the kept records into @out (room for o->n), slowest first; equal
 * latencies by submission time.  Returns the number copied.
 */
size_t tag_outliers_sorted(const struct tag_outliers *o, struct tag_io *out);

#endif
