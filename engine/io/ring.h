/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One io_uring per fio job, shared by all the job's files: setup (optionally
 * SQE128/CQE32 for NVMe passthrough, SQPOLL, IOPOLL), registration,
 * submission and reaping.  No fio types.
 */
#ifndef SSDNVME_RING_H
#define SSDNVME_RING_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/uio.h>

#include <liburing.h>
#include <sys/syscall.h>

struct ring_params {
	unsigned int depth;
	bool big_entries; /* SQE128 | CQE32, needed by NVMe passthrough */
	bool iopoll;	  /* hipri */
	bool sqpoll;
	int sqpoll_cpu; /* -1: let the kernel place the thread */
};

/*
 * The engine's own view of the two rings liburing mapped.  Submission works
 * as fio's io_uring engines do: SQE slot I belongs to the caller's I/O I
 * (fio's io_u->index), so an SQE is filled where it lies and only its slot
 * number goes into the SQ array; no liburing call per I/O.  Completions are
 * read in place and released as a batch (ring_reap()).
 */
struct ring {
	struct io_uring uring;
	bool open;
	bool sqpoll;		   /* a kernel thread submits (and, with IOPOLL, polls) */
	struct io_uring_sqe *sqes; /* slot I at (char *)sqes + (I << sqe_shift) */
	unsigned int *sq_array;	   /* the kernel's SQ array: slot numbers in order */
	unsigned int sq_mask;	   /* SQ entries - 1 */
	unsigned int sqe_shift;	   /* log2 of a slot's bytes: 6, 7 with SQE128 */
	unsigned int sq_tail;	   /* next SQ array position, not yet published */
	unsigned int sq_submitted; /* positions the kernel has taken */
	struct io_uring_cqe *cqes; /* entry I at (char *)cqes + (I << cqe_shift) */
	unsigned int cq_mask;	   /* CQ entries - 1 */
	unsigned int cqe_shift;	   /* log2 of an entry's bytes: 4, 5 with CQE32 */
	unsigned int cq_head;	   /* first completion not yet released */
	unsigned int cq_held;	   /* handed out by the last ring_reap(), in the CQ */
	/*
	 * IOPOLL: the kernel polls the device only while the CQ is empty, so
	 * a wait for more than are ready first moves the ready ones here
	 * (ring_reap()).  They are handed out before those in the CQ.
	 */
	bool iopoll;
	bool plain; /* neither IOPOLL nor SQPOLL: completions are waited for in the kernel */
	struct io_uring_cqe *stash; /* depth entries, IOPOLL rings only */
	unsigned int nr_stashed;
};

/**
 * ring_open() - set up a job's ring
 * @r: the ring, overwritten (ring_close() is safe on it after a failure)
 * @p: what the job asks for
 *
 * Flags @p asks for are required; flags that only save time are tried first
 * and dropped, one group at a time, while the kernel answers EINVAL (ring.c,
 * optional_flags).  The SQ has at least @p->depth slots, the CQ twice that.
 * IOPOLL rings (not under SQPOLL) also get their stash.
 *
 * Return: 0, or a negative errno (the kernel's refusal, -ENOMEM).
 */
int ring_open(struct ring *r, const struct ring_params *p);

/*
 * How a ring is set up: io_uring_queue_init_params() or a test's stand-in;
 * 0 or a negative errno.
 */
typedef int (*ring_setup_fn)(unsigned int entries, struct io_uring *ring,
			     struct io_uring_params *params);
/**
 * ring_open_with() - ring_open() through a given setup call
 * @r: the ring, overwritten
 * @p: what the job asks for
 * @setup: io_uring_queue_init_params() for ring_open(); the seam the unit
 *         tests use to refuse flags the way an older kernel does, and to see
 *         each attempt
 *
 * Return: 0, or a negative errno, as ring_open().
 */
int ring_open_with(struct ring *r, const struct ring_params *p, ring_setup_fn setup);
/**
 * ring_close() - tear down a ring
 * @r: the ring, opened or not (after a failed ring_open(), or twice, is fine)
 *
 * Unmaps the rings (io_uring_queue_exit()) and frees the stash.
 */
void ring_close(struct ring *r);

/**
 * ring_sqe() - an SQE slot to fill
 * @r: the ring
 * @slot: the slot, below the depth: the caller's I/O number (io_u->index)
 *
 * A slot is the caller's until its command completes: the kernel is done
 * with an SQE once it has taken it (ring_submit()).
 *
 * Return: the slot's SQE (128 bytes with SQE128), to be filled and then
 * queued with ring_push().
 */
static inline struct io_uring_sqe *ring_sqe(const struct ring *r, unsigned int slot)
{
	return (struct io_uring_sqe *)((char *)r->sqes + ((size_t)slot << r->sqe_shift));
}

/**
 * ring_push() - queue a filled slot
 * @r: the ring
 * @slot: the slot, filled (ring_sqe())
 *
 * Queues @slot behind those already queued; the kernel sees it at the next
 * ring_submit().
 */
static inline void ring_push(struct ring *r, unsigned int slot)
{
	r->sq_array[r->sq_tail & r->sq_mask] = slot;
	r->sq_tail++;
}

/**
 * ring_release() - give back the completions handed out
 * @r: the ring
 *
 * Returns to the kernel the CQ entries the last ring_reap() handed out;
 * ring_reap() calls it first (and empties the stash).
 */
static inline void ring_release(struct ring *r)
{
	if (!r->cq_held)
		return;
	r->cq_head += r->cq_held;
	r->cq_held = 0;
	io_uring_smp_store_release(r->uring.cq.khead, r->cq_head);
}

/**
 * ring_enter() - io_uring_enter(2) with no signal mask
 * @r: the ring
 * @submit: SQEs to submit
 * @min: completions to wait for (with IORING_ENTER_GETEVENTS)
 * @flags: IORING_ENTER_* flags
 *
 * On x86-64 the system call is made in place, as fio's own engine does
 * (FIO_ARCH_HAS_SYSCALL), rather than through liburing's exported wrapper:
 * it runs once or twice per I/O.
 *
 * Return: the number of SQEs submitted, or a negative errno.
 */
static inline int ring_enter(const struct ring *r, unsigned int submit, unsigned int min,
			     unsigned int flags)
{
#if defined(__x86_64__)
	register long r10 __asm__("r10") = flags;
	register long r8 __asm__("r8") = 0; /* sigset */
	register long r9 __asm__("r9") = 0; /* its size */
	long ret;

	/* the number as an immediate: gcc kept it in a saved register across a
	 * reap loop (one more push and pop per ->getevents()) */
	__asm__ volatile("mov %[nr], %%eax\n\tsyscall"
			 : "=a"(ret)
			 : [nr] "i"(__NR_io_uring_enter), "D"((long)r->uring.ring_fd),
			   "S"((long)submit), "d"((long)min), "r"(r10), "r"(r8), "r"(r9)
			 : "rcx", "r11", "memory");
	return (int)ret;
#else
	return io_uring_enter(r->uring.ring_fd, submit, min, flags, NULL);
#endif
}

/**
 * ring_submit_sqpoll() - ring_submit() under SQPOLL
 * @r: the ring, its SQ tail already published
 * @n: how many slots are queued
 *
 * Publishing the tail is the submission; the SQ thread is woken only when
 * it sleeps (IORING_SQ_NEED_WAKEUP).
 *
 * Return: @n, or a negative errno from the wake-up.
 */
int ring_submit_sqpoll(struct ring *r, unsigned int n);

/**
 * ring_submit() - hand every queued slot to the kernel
 * @r: the ring
 *
 * Under SQPOLL the SQ thread takes them: no system call unless it sleeps.
 * Inline with ring_reap(): they run for every I/O.
 *
 * Return: how many the kernel took (>= 0; the rest stay queued for the next
 * call), or a negative errno.
 */
static inline int ring_submit(struct ring *r)
{
	unsigned int n = r->sq_tail - r->sq_submitted;
	int ret;

	/*
	 * Completions handed out earlier stay in the CQ until the next
	 * ring_reap() releases them: the CQ has room for them and for a full
	 * depth in flight (ring.c, ring_open_with()), so submission need not
	 * touch the CQ.
	 */
	if (!n)
		return 0;
	io_uring_smp_store_release(r->uring.sq.ktail, r->sq_tail);
	if (r->sqpoll)
		return ring_submit_sqpoll(r, n);
	/*
	 * GETEVENTS with no minimum, as fio's own engine submits: the same
	 * call also posts what has completed meanwhile (deferred task work
	 * runs only when asked), which a reap then finds without entering.
	 */
	do {
		ret = ring_enter(r, n, 0, IORING_ENTER_GETEVENTS);
	} while (ret == -EINTR);
	/* usually all went: one store, no arithmetic (bench/engine-callgrind.sh) */
	if (__builtin_expect(ret == (int)n, 1))
		r->sq_submitted = r->sq_tail;
	else if (ret > 0)
		r->sq_submitted += (unsigned int)ret > n ? n : (unsigned int)ret;
	return ret;
}

/**
 * ring_cq_ready() - completions waiting in the CQ
 * @r: the ring
 *
 * Return: the completions the kernel has posted past the released head;
 * those of the last ring_reap() are among them until the next release.
 */
static inline unsigned int ring_cq_ready(const struct ring *r)
{
	return io_uring_smp_load_acquire(r->uring.cq.ktail) - r->cq_head;
}

/**
 * ring_stash_ready() - move the ready completions to the stash
 * @r: an IOPOLL ring
 * @ready: how many completions the CQ holds past the head
 *
 * Copies them and releases their CQ entries, so that the kernel, which
 * polls the device only while the CQ is empty, polls on a wait for more.
 */
void ring_stash_ready(struct ring *r, unsigned int ready);

/**
 * ring_sqpoll_flush_overflow() - fetch completions the CQ had no room for
 * @r: an SQPOLL ring
 *
 * They wait in the kernel until an enter with GETEVENTS: the spinning
 * SQPOLL reaper must ask for them, or it spins forever.  No system call
 * when the kernel flags no overflow.
 */
void ring_sqpoll_flush_overflow(struct ring *r);

/**
 * ring_wait_ready() - wait until enough completions are ready
 * @r: the ring
 * @min: the total to wait for, stash included (the kernel counts from the
 *       head last released)
 *
 * Spins under SQPOLL; elsewhere enters the kernel, moving ready completions
 * to the stash first on an IOPOLL ring.  EINTR, EAGAIN and ETIME are waited
 * through.
 *
 * Return: the completions ready in the CQ (beyond those stashed), or a
 * negative errno when the wait failed and none is ready.
 */
static inline int ring_wait_ready(struct ring *r, unsigned int min)
{
	unsigned int got;
	int ret;

	for (;;) {
		got = ring_cq_ready(r);
		if (r->nr_stashed + got >= min)
			return (int)got;
		/*
		 * The SQ thread submits and completions arrive without us: no
		 * io_uring_enter per I/O.  Only a sleeping SQ thread needs the
		 * kernel, and ring_submit() wakes it (IORING_SQ_NEED_WAKEUP).
		 */
		if (r->sqpoll) {
			ring_sqpoll_flush_overflow(r);
			continue;
		}
		/*
		 * Waiting enters the kernel, which also runs deferred task work
		 * and, on an IOPOLL ring, polls the device's completion queue:
		 * only while the CQ is empty, and then MIN counts new ones.
		 */
		if (r->iopoll && got)
			ring_stash_ready(r, got);
		/* (only an IOPOLL ring stashes: elsewhere nr_stashed is 0) */
		ret = ring_enter(r, 0, min - r->nr_stashed, IORING_ENTER_GETEVENTS);
		if (ret < 0 && ret != -EINTR && ret != -EAGAIN && ret != -ETIME) {
			got = ring_cq_ready(r);
			return got ? (int)got : ret;
		}
	}
}

/**
 * ring_hand_out() - hand out ready completions from the CQ
 * @r: the ring, released (ring_release())
 * @ready: how many the CQ holds past its head
 * @max: how many to hand out at most
 *
 * Return: how many are handed out (ring_cqe() after the stash's).
 */
static inline int ring_hand_out(struct ring *r, unsigned int ready, unsigned int max)
{
	if (ready > max)
		ready = max;
	r->cq_held = ready;
	return (int)ready;
}

/**
 * ring_reap() - hand out completions
 * @r: the ring
 * @min: how many to wait for (0: no wait; with none ready, one non-blocking
 *       enter still runs deferred task work and polls)
 * @max: how many to hand out at most, at least @min
 *
 * Releases the completions the last call handed out, then waits (or polls,
 * for IOPOLL rings) until at least @min are ready, and hands out up to @max
 * of them: ring_cqe(r, 0 .. n-1), valid until the next ring_reap() or
 * ring_submit().  Under SQPOLL it spins on the completion ring instead of
 * entering the kernel, as fio's io_uring engine does.
 *
 * Return: n, or a negative errno.
 */
__attribute__((always_inline)) static inline int ring_reap(struct ring *r, unsigned int min,
							   unsigned int max)
{
	int got;

	ring_release(r);
	r->nr_stashed = 0;
	got = ring_wait_ready(r, min);
	if (got == 0 && !r->nr_stashed && !r->sqpoll) {
		/*
		 * Nothing visible and nothing required: one non-blocking enter
		 * runs deferred task work (DEFER_TASKRUN) and polls (IOPOLL), so
		 * completions are not left behind.
		 */
		io_uring_get_events(&r->uring);
		got = (int)ring_cq_ready(r);
	}
	if (got < 0)
		return got;
	/* the stash holds fewer than MIN <= MAX: room for some of the CQ */
	return (int)r->nr_stashed + ring_hand_out(r, (unsigned int)got, max - r->nr_stashed);
}

/**
 * ring_cq_entry() - a completion in the CQ
 * @r: the ring
 * @i: its position after the first not yet released
 *
 * Return: the CQE, in place (32 bytes with CQE32).
 */
static inline struct io_uring_cqe *ring_cq_entry(const struct ring *r, unsigned int i)
{
	return (struct io_uring_cqe *)((char *)r->cqes +
				       ((size_t)((r->cq_head + i) & r->cq_mask) << r->cqe_shift));
}

/**
 * ring_cqe() - a completion the last ring_reap() handed out
 * @r: the ring
 * @i: its number, below what ring_reap() returned
 *
 * Stashed ones (IOPOLL) come first, then those in the CQ.
 *
 * Return: the CQE, valid until the next ring_reap() or ring_submit().
 */
static inline const struct io_uring_cqe *ring_cqe(const struct ring *r, unsigned int i)
{
	if (__builtin_expect(i < r->nr_stashed, 0))
		return &r->stash[i];
	return ring_cq_entry(r, i - r->nr_stashed);
}

/**
 * ring_register_buffers() - register fixed buffers (fixedbufs)
 * @r: the ring
 * @iov: the buffers: buffer I is the one an SQE's buf_index I names
 * @nr: how many
 *
 * Return: 0, or a negative errno (e.g. -ENOMEM past RLIMIT_MEMLOCK).
 */
int ring_register_buffers(struct ring *r, const struct iovec *iov, unsigned int nr);
/**
 * ring_register_files() - register files (registerfiles)
 * @r: the ring
 * @fds: the file descriptors: file I is the one a fixed-file SQE's fd I names
 * @nr: how many
 *
 * Return: 0, or a negative errno.
 */
int ring_register_files(struct ring *r, const int *fds, unsigned int nr);

#endif
