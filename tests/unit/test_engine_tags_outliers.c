// SPDX-License-Identifier: GPL-2.0-only
/*
 * The outlier keeper (engine/tags/tag_outliers.c), whose heap orders only
 * latencies and slots, against a reference keeper that sifts the records
 * themselves, as the engine did before: fed the same streams of random
 * latencies, both keep the same records (the N slowest, ties resolved alike)
 * at every point a report may be made, with their context.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_rng.h"

#include "tag_outliers.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t rng(void)
{
	return test_rng(&rng_state);
}

/* The reference: a bounded min-heap on latency, one sift per admitted I/O. */
struct ref_heap {
	uint32_t cap, n;
	struct tag_io *h;
};

static void ref_swap(struct tag_io *a, struct tag_io *b)
{
	struct tag_io t = *a;

	*a = *b;
	*b = t;
}

static void ref_add(struct ref_heap *r, const struct tag_io *io)
{
	uint32_t i;

	if (!r->cap)
		return;
	if (r->n < r->cap) {
		i = r->n++;
		r->h[i] = *io;
		while (i && r->h[(i - 1) / 2].lat_ns > r->h[i].lat_ns) {
			ref_swap(&r->h[(i - 1) / 2], &r->h[i]);
			i = (i - 1) / 2;
		}
		return;
	}
	if (io->lat_ns <= r->h[0].lat_ns)
		return;
	r->h[0] = *io;
	for (i = 0;;) {
		uint32_t l = 2 * i + 1, least = i;

		if (l < r->n && r->h[l].lat_ns < r->h[least].lat_ns)
			least = l;
		if (l + 1 < r->n && r->h[l + 1].lat_ns < r->h[least].lat_ns)
			least = l + 1;
		if (least == i)
			break;
		ref_swap(&r->h[i], &r->h[least]);
		i = least;
	}
}

static int lat_desc(const void *a, const void *b)
{
	const struct tag_io *x = a, *y = b;

	if (x->lat_ns != y->lat_ns)
		return x->lat_ns < y->lat_ns ? 1 : -1;
	return x->submit_ns < y->submit_ns ? -1 : x->submit_ns > y->submit_ns;
}

enum shape { UNIFORM, RISING, FALLING, HEAVY_TAIL, TIES, SHAPES };

static uint64_t latency(enum shape s, uint64_t i)
{
	switch (s) {
	case UNIFORM:
		return rng() >> 1;
	case RISING: /* a drive that slows down over the run: every I/O gets in */
		return 1000 + i * 16 + rng() % 16;
	case FALLING:
		return 100000000 - i * 16 - rng() % 16;
	case HEAVY_TAIL: /* distinct: the body rises by one, the tail is spread wide */
		return rng() % 100 ? 20000 + i : 1000000 + (rng() % 100000) * 20000 + i;
	default:
		return rng() % 50;
	}
}

/* Both keepers hold the same records at each checkpoint, context included. */
static void compare(const struct tag_outliers *o, const struct ref_heap *r)
{
	struct tag_io *got = malloc((o->n ? o->n : 1) * sizeof(*got));
	struct tag_io *want = malloc((r->n ? r->n : 1) * sizeof(*want));
	size_t i, kept;

	assert_true(got && want);
	kept = tag_outliers_sorted(o, got);
	assert_int_equal(kept, r->n);
	memcpy(want, r->h, r->n * sizeof(*want));
	qsort(want, r->n, sizeof(*want), lat_desc);
	for (i = 0; i < kept; i++) {
		assert_int_equal(got[i].lat_ns, want[i].lat_ns);
		assert_int_equal(got[i].lba, got[i].submit_ns * 8); /* context travels */
		assert_int_equal(got[i].inflight[1], (uint32_t)got[i].submit_ns ^ 0x5a5a);
		/* the same I/O (its submission time is its identity), even among ties */
		assert_int_equal(got[i].submit_ns, want[i].submit_ns);
		assert_int_equal(got[i].qd, (uint16_t)got[i].submit_ns);
	}
	free(got);
	free(want);
}

static void run(uint32_t cap, enum shape s, uint64_t n, uint64_t every)
{
	struct tag_outliers o;
	struct ref_heap r = {.cap = cap, .h = calloc(cap ? cap : 1, sizeof(struct tag_io))};
	uint64_t i;

	assert_non_null(r.h);
	assert_int_equal(tag_outliers_init(&o, cap), 0);
	for (i = 0; i < n; i++) {
		struct tag_io io = {.submit_ns = i, .lat_ns = latency(s, i), .lba = i * 8};

		io.inflight[1] = (uint32_t)i ^ 0x5a5a;
		io.qd = (uint16_t)i;
		tag_outliers_add(&o, &io);
		ref_add(&r, &io);
		if (i % every == every - 1)
			compare(&o, &r);
	}
	compare(&o, &r);
	tag_outliers_free(&o);
	free(r.h);
}

static void test_same_as_record_heap(void **state)
{
	static const uint32_t caps[] = {64, 1, 2, 7, 100};
	size_t c;
	int s;

	(void)state;
	for (c = 0; c < sizeof(caps) / sizeof(caps[0]); c++)
		for (s = 0; s < SHAPES; s++)
			run(caps[c], (enum shape)s, 20000, 997);
	run(64, UNIFORM, 10, 3);    /* fewer I/Os than kept */
	run(64, UNIFORM, 128, 1);   /* a report at every I/O, across the first pruning */
	run(0, UNIFORM, 1000, 100); /* keeps none */
}

/* The threshold only rises once the keeper is full, to just above its fastest. */
static void test_admit(void **state)
{
	struct tag_outliers o;
	uint64_t before = 0;
	int i;

	(void)state;
	assert_int_equal(tag_outliers_init(&o, 8), 0);
	for (i = 0; i < 8; i++) {
		struct tag_io io = {.submit_ns = (uint64_t)i, .lat_ns = 100 + (uint64_t)i};

		assert_int_equal(o.admit, 0); /* until N are kept, everything gets in */
		tag_outliers_add(&o, &io);
	}
	assert_int_equal(o.n, 8);
	assert_int_equal(o.admit, 101);
	for (i = 0; i < 10000; i++) {
		struct tag_io io = {.submit_ns = 100 + (uint64_t)i, .lat_ns = rng() % 100000};

		tag_outliers_add(&o, &io);
		assert_true(o.admit >= before);
		before = o.admit;
	}
	tag_outliers_free(&o);
	assert_int_equal(o.admit, UINT64_MAX);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_as_record_heap),
		cmocka_unit_test(test_admit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
