// SPDX-License-Identifier: GPL-2.0-only
/*
 * io_uring setup, submission and reaping (liburing 2.3).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ring.h"

/*
 * Flags that cut per-I/O overhead but that older kernels reject with EINVAL:
 * tried first, dropped one by one, as fio's own io_uring engine does.
 */
static const unsigned int optional_flags[] = {
	IORING_SETUP_DEFER_TASKRUN | IORING_SETUP_SINGLE_ISSUER,
	IORING_SETUP_COOP_TASKRUN,
	IORING_SETUP_CQSIZE,
};

static unsigned int required_flags(const struct ring_params *p)
{
	unsigned int flags = 0;

	if (p->big_entries)
		flags |= IORING_SETUP_SQE128 | IORING_SETUP_CQE32;
	if (p->iopoll)
		flags |= IORING_SETUP_IOPOLL;
	if (p->sqpoll)
		flags |= IORING_SETUP_SQPOLL;
	if (p->sqpoll && p->sqpoll_cpu >= 0)
		flags |= IORING_SETUP_SQ_AFF;
	return flags;
}

/* The engine's view of what liburing mapped (ring.h, struct ring). */
static void map_rings(struct ring *r)
{
	struct io_uring *u = &r->uring;

	r->sqes = u->sq.sqes;
	r->sq_array = u->sq.array;
	r->sq_mask = u->sq.ring_mask;
	r->sqe_shift = (u->flags & IORING_SETUP_SQE128) ? 7 : 6;
	r->sq_tail = r->sq_submitted = *u->sq.ktail;
	r->cqes = u->cq.cqes;
	r->cq_mask = u->cq.ring_mask;
	r->cqe_shift = (u->flags & IORING_SETUP_CQE32) ? 5 : 4;
	r->cq_head = *u->cq.khead;
	r->cq_held = 0;
}

int ring_open(struct ring *r, const struct ring_params *p)
{
	return ring_open_with(r, p, io_uring_queue_init_params);
}

int ring_open_with(struct ring *r, const struct ring_params *p, ring_setup_fn setup)
{
	struct io_uring_params up;
	unsigned int extra = 0, i;
	int ret;

	memset(r, 0, sizeof(*r));
	for (i = 0; i < sizeof(optional_flags) / sizeof(optional_flags[0]); i++)
		extra |= optional_flags[i];
	/* The SQPOLL thread is a second issuer: DEFER_TASKRUN forbids it. */
	if (p->sqpoll)
		extra &= ~(IORING_SETUP_DEFER_TASKRUN | IORING_SETUP_SINGLE_ISSUER);
	i = 0;
	for (;;) {
		memset(&up, 0, sizeof(up));
		up.flags = required_flags(p) | extra;
		/*
		 * Twice the depth, as the kernel's default is: up to a depth
		 * of completions handed out and not yet released (ring_reap()
		 * releases them on its next call) and a depth in flight.
		 */
		up.cq_entries = 2 * p->depth;
		if (p->sqpoll && p->sqpoll_cpu >= 0)
			up.sq_thread_cpu = (unsigned int)p->sqpoll_cpu;
		ret = setup(p->depth, &r->uring, &up);
		if (ret != -EINVAL || i == sizeof(optional_flags) / sizeof(optional_flags[0]))
			break;
		extra &= ~optional_flags[i++];
	}
	if (ret < 0)
		return ret;
	r->open = true;
	r->sqpoll = p->sqpoll;
	r->iopoll = p->iopoll && !p->sqpoll; /* the SQ thread polls whatever the CQ holds */
	r->plain = !r->iopoll && !r->sqpoll;
	map_rings(r);
	if (r->iopoll) {
		r->stash = calloc(p->depth, sizeof(*r->stash));
		if (!r->stash) {
			ring_close(r);
			return -ENOMEM;
		}
	}
	return 0;
}

void ring_close(struct ring *r)
{
	if (r->open)
		io_uring_queue_exit(&r->uring);
	r->open = false;
	free(r->stash);
	r->stash = NULL;
}

void ring_stash_ready(struct ring *r, unsigned int ready)
{
	unsigned int i;

	for (i = 0; i < ready; i++)
		r->stash[r->nr_stashed + i] = *ring_cq_entry(r, i);
	r->nr_stashed += ready;
	r->cq_head += ready;
	io_uring_smp_store_release(r->uring.cq.khead, r->cq_head);
}

/*
 * SQPOLL: publishing the tail is the submission.  The thread, once idle
 * past sq_thread_idle, sleeps and says so in the SQ flags; only then does
 * it need the kernel.  The full barrier orders the tail store before the
 * flags load (the SQ thread sets the flag, then rechecks the tail).
 */
int ring_submit_sqpoll(struct ring *r, unsigned int n)
{
	int ret;

	io_uring_smp_mb();
	if (IO_URING_READ_ONCE(*r->uring.sq.kflags) & IORING_SQ_NEED_WAKEUP) {
		ret = io_uring_enter(r->uring.ring_fd, n, 0, IORING_ENTER_SQ_WAKEUP, NULL);
		if (ret < 0 && ret != -EINTR)
			return ret;
	}
	r->sq_submitted = r->sq_tail;
	return (int)n;
}

/*
 * Completions the CQ had no room for wait in the kernel until an enter with
 * GETEVENTS: the spinning SQPOLL reaper must ask for them, or it spins
 * forever.
 */
void ring_sqpoll_flush_overflow(struct ring *r)
{
	if (IO_URING_READ_ONCE(*r->uring.sq.kflags) & IORING_SQ_CQ_OVERFLOW)
		io_uring_enter(r->uring.ring_fd, 0, 0, IORING_ENTER_GETEVENTS, NULL);
}

int ring_register_buffers(struct ring *r, const struct iovec *iov, unsigned int nr)
{
	return io_uring_register_buffers(&r->uring, iov, nr);
}

int ring_register_files(struct ring *r, const int *fds, unsigned int nr)
{
	return io_uring_register_files(&r->uring, fds, nr);
}
