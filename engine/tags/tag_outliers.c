// SPDX-License-Identifier: GPL-2.0-only
/*
 * Outlier keeper: a bounded binary min-heap keyed on latency.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tag_outliers.h"

int tag_outliers_init(struct tag_outliers *o, uint32_t cap)
{
	o->cap = cap;
	o->n = 0;
	o->heap = NULL;
	o->admit = 0;
	if (!cap) {
		o->admit = UINT64_MAX;
		return 0;
	}
	o->heap = calloc(cap, sizeof(*o->heap));
	return o->heap ? 0 : -1;
}

void tag_outliers_free(struct tag_outliers *o)
{
	free(o->heap);
	o->heap = NULL;
	o->n = o->cap = 0;
	o->admit = UINT64_MAX;
}

/*
 * Both sifts move a hole rather than swapping: each step copies one record
 * (56 bytes) instead of three, and @io is written once where it lands.
 */
static void sift_up(struct tag_io *heap, uint32_t i, const struct tag_io *io)
{
	while (i) {
		uint32_t parent = (i - 1) / 2;

		if (heap[parent].lat_ns <= io->lat_ns)
			break;
		heap[i] = heap[parent];
		i = parent;
	}
	heap[i] = *io;
}

static void sift_down(struct tag_io *heap, uint32_t n, uint32_t i, const struct tag_io *io)
{
	for (;;) {
		uint32_t l = 2 * i + 1, r = l + 1, least = l;

		if (l >= n)
			break;
		if (r < n && heap[r].lat_ns < heap[l].lat_ns)
			least = r;
		if (heap[least].lat_ns >= io->lat_ns)
			break;
		heap[i] = heap[least];
		i = least;
	}
	heap[i] = *io;
}

/* Once full, only a latency above the fastest kept one gets in. */
static void update_admit(struct tag_outliers *o)
{
	if (o->n == o->cap)
		o->admit = o->heap[0].lat_ns == UINT64_MAX ? UINT64_MAX : o->heap[0].lat_ns + 1;
}

void tag_outliers_insert(struct tag_outliers *o, const struct tag_io *io)
{
	if (!o->cap)
		return;
	if (o->n < o->cap) {
		sift_up(o->heap, o->n++, io);
	} else if (io->lat_ns > o->heap[0].lat_ns) {
		sift_down(o->heap, o->n, 0, io);
	}
	update_admit(o);
}

static int slowest_first(const void *a, const void *b)
{
	const struct tag_io *x = a, *y = b;

	if (x->lat_ns != y->lat_ns)
		return x->lat_ns < y->lat_ns ? 1 : -1;
	if (x->submit_ns != y->submit_ns)
		return x->submit_ns < y->submit_ns ? -1 : 1;
	return 0;
}

size_t tag_outliers_sorted(const struct tag_outliers *o, struct tag_io *out)
{
	if (!o->n)
		return 0;
	memcpy(out, o->heap, o->n * sizeof(*out));
	qsort(out, o->n, sizeof(*out), slowest_first);
	return o->n;
}
