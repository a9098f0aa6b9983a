// SPDX-License-Identifier: GPL-2.0-only
/*
 * Outlier keeper: a bounded binary min-heap keyed on latency.  The heap
 * holds only each record's latency and slot (16 bytes); the 56-byte records
 * stay in their slots, written once when admitted.  Sifting the records
 * themselves cost some 200 instructions per admitted I/O, paid by every
 * completion slower than the kept ones (many, early in a run or with a heavy
 * tail: bench/engine-callgrind.sh).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tag_outliers.h"

/* One heap entry: a kept record's latency and where the record is. */
struct outlier_key {
	uint64_t lat_ns;
	uint32_t slot;
};

static struct outlier_key *keys_of(const struct tag_outliers *o)
{
	return (struct outlier_key *)(o->recs + o->cap);
}

int tag_outliers_init(struct tag_outliers *o, uint32_t cap)
{
	o->cap = cap;
	o->n = 0;
	o->recs = NULL;
	o->admit = 0;
	if (!cap) {
		o->admit = UINT64_MAX;
		return 0;
	}
	/* CAP records, then the heap of CAP keys */
	_Static_assert(sizeof(struct tag_io) % _Alignof(struct outlier_key) == 0,
		       "the keys after the records are aligned");
	o->recs = calloc(cap, sizeof(*o->recs) + sizeof(struct outlier_key));
	return o->recs ? 0 : -1;
}

void tag_outliers_free(struct tag_outliers *o)
{
	free(o->recs);
	o->recs = NULL;
	o->n = o->cap = 0;
	o->admit = UINT64_MAX;
}

/*
 * Both sifts move a hole rather than swapping, and KEY is written once where
 * it lands.
 */
static void sift_up(struct outlier_key *heap, uint32_t i, struct outlier_key key)
{
	while (i) {
		uint32_t parent = (i - 1) / 2;

		if (heap[parent].lat_ns <= key.lat_ns)
			break;
		heap[i] = heap[parent];
		i = parent;
	}
	heap[i] = key;
}

static void sift_down(struct outlier_key *heap, uint32_t n, struct outlier_key key)
{
	size_t i = 0, l;

	while ((l = 2 * i + 1) < n) {
		const struct outlier_key *least = &heap[l];

		if (l + 1 < n && least[1].lat_ns < least[0].lat_ns)
			least++;
		if (least->lat_ns >= key.lat_ns)
			break;
		heap[i] = *least;
		i = (size_t)(least - heap);
	}
	heap[i] = key;
}

/* Once full, only a latency above the fastest kept one gets in. */
static void update_admit(struct tag_outliers *o, const struct outlier_key *heap)
{
	if (o->n == o->cap)
		o->admit = heap[0].lat_ns == UINT64_MAX ? UINT64_MAX : heap[0].lat_ns + 1;
}

void tag_outliers_insert(struct tag_outliers *o, const struct tag_io *io)
{
	struct outlier_key *heap = keys_of(o);
	uint32_t slot;

	if (!o->cap)
		return;
	if (o->n < o->cap) {
		slot = o->n++;
		sift_up(heap, slot, (struct outlier_key){.lat_ns = io->lat_ns, .slot = slot});
	} else if (io->lat_ns > heap[0].lat_ns) {
		/* the fastest kept record's slot takes IO */
		slot = heap[0].slot;
		sift_down(heap, o->n, (struct outlier_key){.lat_ns = io->lat_ns, .slot = slot});
	} else {
		return;
	}
	o->recs[slot] = *io;
	update_admit(o, heap);
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
	memcpy(out, o->recs, o->n * sizeof(*out));
	qsort(out, o->n, sizeof(*out), slowest_first);
	return o->n;
}
