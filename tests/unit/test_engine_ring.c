// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests: io_uring set-up and its fallbacks (engine/io/ring.c).
 *
 * The fallbacks are driven through ring_open_with()'s set-up seam: a kernel
 * that refuses some flags with EINVAL (as 5.x kernels refuse DEFER_TASKRUN)
 * is a set-up function that refuses them, records every attempt, and
 * otherwise opens a real plain ring so that ring_close() has something real
 * to close.  The last test opens the real ring on this host's kernel and
 * moves one NOP through it.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ring.h"

#define OPTIONAL                                                                               \
	(IORING_SETUP_DEFER_TASKRUN | IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_COOP_TASKRUN | \
	 IORING_SETUP_CQSIZE)
#define MAX_TRIES 16

/* What the pretend kernel refuses, and what it was asked. */
static struct {
	unsigned int refuse; /* any of these flags set: the answer below */
	int refuse_with;     /* -EINVAL like an old kernel, or another errno */
	bool refuse_always;  /* refuse every attempt whatever its flags */
	unsigned int nr;     /* attempts */
	unsigned int flags[MAX_TRIES];
	unsigned int cq_entries[MAX_TRIES];
	unsigned int sq_thread_cpu[MAX_TRIES];
} k;

static int pretend_setup(unsigned int entries, struct io_uring *ring, struct io_uring_params *p)
{
	struct io_uring_params plain;

	assert_true(k.nr < MAX_TRIES);
	k.flags[k.nr] = p->flags;
	k.cq_entries[k.nr] = p->cq_entries;
	k.sq_thread_cpu[k.nr] = p->sq_thread_cpu;
	k.nr++;
	if (k.refuse_always || (p->flags & k.refuse))
		return k.refuse_with;
	memset(&plain, 0, sizeof(plain));
	return io_uring_queue_init_params(entries, ring, &plain);
}

static int reset(void **state)
{
	(void)state;
	memset(&k, 0, sizeof(k));
	k.refuse_with = -EINVAL;
	return 0;
}

static void everything_accepted_takes_one_try(void **state)
{
	struct ring_params p = {.depth = 8, .big_entries = true, .sqpoll_cpu = -1};
	struct ring r;

	(void)state;
	assert_int_equal(ring_open_with(&r, &p, pretend_setup), 0);
	assert_true(r.open);
	assert_int_equal(k.nr, 1);
	assert_int_equal(k.flags[0], OPTIONAL | IORING_SETUP_SQE128 | IORING_SETUP_CQE32);
	assert_int_equal(k.cq_entries[0], 16); /* room for a depth reaped and a depth in flight */
	ring_close(&r);
	assert_false(r.open);
}

/* A 5.15-like kernel: no DEFER_TASKRUN.  Only that group goes. */
static void refused_defer_taskrun_drops_only_its_group(void **state)
{
	struct ring_params p = {.depth = 4, .sqpoll_cpu = -1};
	struct ring r;

	(void)state;
	k.refuse = IORING_SETUP_DEFER_TASKRUN;
	assert_int_equal(ring_open_with(&r, &p, pretend_setup), 0);
	assert_true(r.open);
	assert_int_equal(k.nr, 2);
	assert_int_equal(k.flags[1], IORING_SETUP_COOP_TASKRUN | IORING_SETUP_CQSIZE);
	ring_close(&r);
}

/* Every optional flag refused: the ring opens with exactly what was asked. */
static void all_optional_refused_opens_with_the_required_flags(void **state)
{
	struct ring_params p = {.depth = 16, .big_entries = true, .iopoll = true, .sqpoll_cpu = -1};
	const unsigned int required =
		IORING_SETUP_SQE128 | IORING_SETUP_CQE32 | IORING_SETUP_IOPOLL;
	struct ring r;
	unsigned int i;

	(void)state;
	k.refuse = OPTIONAL;
	assert_int_equal(ring_open_with(&r, &p, pretend_setup), 0);
	assert_true(r.open);
	assert_int_equal(k.nr, 4);
	for (i = 0; i < k.nr; i++)
		assert_int_equal(k.flags[i] & required, required);
	assert_int_equal(k.flags[3], required);
	ring_close(&r);
}

/* A required flag refused (no SQE128: passthrough impossible): fail, never drop it. */
static void refused_required_flag_fails_with_the_kernels_answer(void **state)
{
	struct ring_params p = {.depth = 8, .big_entries = true, .sqpoll_cpu = -1};
	struct ring r;
	unsigned int i;

	(void)state;
	k.refuse = IORING_SETUP_SQE128;
	assert_int_equal(ring_open_with(&r, &p, pretend_setup), -EINVAL);
	assert_false(r.open);
	assert_int_equal(k.nr, 4); /* the full set, then each optional group dropped */
	for (i = 0; i < k.nr; i++)
		assert_true(k.flags[i] & IORING_SETUP_SQE128);
	ring_close(&r); /* harmless on a ring that did not open */
}

/* Not EINVAL (RLIMIT_MEMLOCK, say): no flag is to blame, no retry. */
static void other_errors_are_not_retried(void **state)
{
	struct ring_params p = {.depth = 8, .sqpoll_cpu = -1};
	struct ring r;

	(void)state;
	k.refuse_always = true;
	k.refuse_with = -ENOMEM;
	assert_int_equal(ring_open_with(&r, &p, pretend_setup), -ENOMEM);
	assert_false(r.open);
	assert_int_equal(k.nr, 1);
}

/* SQPOLL: a second issuer, so DEFER_TASKRUN/SINGLE_ISSUER are never asked for. */
static void sqpoll_never_asks_for_single_issuer(void **state)
{
	struct ring_params p = {.depth = 8, .sqpoll = true, .sqpoll_cpu = 1};
	struct ring r;

	(void)state;
	assert_int_equal(ring_open_with(&r, &p, pretend_setup), 0);
	assert_true(r.sqpoll);
	assert_int_equal(k.nr, 1);
	assert_int_equal(k.flags[0], IORING_SETUP_SQPOLL | IORING_SETUP_SQ_AFF |
					     IORING_SETUP_COOP_TASKRUN | IORING_SETUP_CQSIZE);
	assert_int_equal(k.sq_thread_cpu[0], 1);
	ring_close(&r);
}

/*
 * ->getevents() waits inline (no stash, no spinning) only on a ring that is
 * neither polled (IOPOLL) nor served by an SQ thread.
 */
static void only_a_ring_without_polling_or_sq_thread_is_plain(void **state)
{
	const struct ring_params ps[] = {
		{.depth = 4, .sqpoll_cpu = -1},
		{.depth = 4, .sqpoll_cpu = -1, .iopoll = true},
		{.depth = 4, .sqpoll_cpu = -1, .sqpoll = true},
		{.depth = 4, .sqpoll_cpu = -1, .sqpoll = true, .iopoll = true},
	};
	struct ring r;

	(void)state;
	for (unsigned int i = 0; i < sizeof(ps) / sizeof(ps[0]); i++) {
		assert_int_equal(ring_open_with(&r, &ps[i], pretend_setup), 0);
		assert_int_equal(r.plain, i == 0);
		ring_close(&r);
	}
}

/*
 * The real kernel: whatever it refuses, the ring opens and carries I/Os in
 * the slots the caller names, with 64- and with 128-byte SQEs.
 */
static void real_kernel_ring_moves_nops(bool big)
{
	struct ring_params p = {.depth = 4, .sqpoll_cpu = -1, .big_entries = big};
	const struct io_uring_cqe *cqe;
	struct io_uring_sqe *sqe;
	struct ring r;
	int ret;

	ret = ring_open(&r, &p);
	if (ret == -ENOSYS || ret == -EPERM)
		skip(); /* io_uring disabled on this host (kernel.io_uring_disabled) */
	assert_int_equal(ret, 0);
	/* slot 3 first, then slot 0: the SQ array says which, in order */
	sqe = ring_sqe(&r, 3);
	io_uring_prep_nop(sqe);
	sqe->user_data = 42;
	ring_push(&r, 3);
	sqe = ring_sqe(&r, 0);
	io_uring_prep_nop(sqe);
	sqe->user_data = 7;
	ring_push(&r, 0);
	assert_int_equal(ring_submit(&r), 2);
	assert_int_equal(ring_reap(&r, 2, 4), 2);
	cqe = ring_cqe(&r, 0);
	assert_true(cqe->user_data == 42);
	assert_int_equal(cqe->res, 0);
	assert_true(ring_cqe(&r, 1)->user_data == 7);
	/* handed out once: the next reap releases them and finds none */
	assert_int_equal(ring_reap(&r, 0, 4), 0);
	/* the slots are free again, and the ring keeps going round */
	for (int round = 0; round < 20; round++) {
		for (unsigned int slot = 0; slot < 4; slot++) {
			sqe = ring_sqe(&r, slot);
			io_uring_prep_nop(sqe);
			sqe->user_data = 100u * (unsigned int)round + slot;
			ring_push(&r, slot);
		}
		assert_int_equal(ring_submit(&r), 4);
		assert_int_equal(ring_reap(&r, 4, 3), 3);
		assert_true(ring_cqe(&r, 2)->user_data == 100u * (unsigned int)round + 2);
		assert_int_equal(ring_reap(&r, 1, 4), 1);
		assert_true(ring_cqe(&r, 0)->user_data == 100u * (unsigned int)round + 3);
	}
	ring_close(&r);
}

static void real_kernel_ring_moves_nops_in_small_slots(void **state)
{
	(void)state;
	real_kernel_ring_moves_nops(false);
}

static void real_kernel_ring_moves_nops_in_big_slots(void **state)
{
	(void)state;
	real_kernel_ring_moves_nops(true);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(everything_accepted_takes_one_try, reset),
		cmocka_unit_test_setup(refused_defer_taskrun_drops_only_its_group, reset),
		cmocka_unit_test_setup(all_optional_refused_opens_with_the_required_flags, reset),
		cmocka_unit_test_setup(refused_required_flag_fails_with_the_kernels_answer, reset),
		cmocka_unit_test_setup(other_errors_are_not_retried, reset),
		cmocka_unit_test_setup(sqpoll_never_asks_for_single_issuer, reset),
		cmocka_unit_test_setup(only_a_ring_without_polling_or_sq_thread_is_plain, reset),
		cmocka_unit_test(real_kernel_ring_moves_nops_in_small_slots),
		cmocka_unit_test(real_kernel_ring_moves_nops_in_big_slots),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
