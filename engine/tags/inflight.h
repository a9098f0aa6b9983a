/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Per-controller in-flight I/O counters shared by every process using the
 * engine on that controller, in a POSIX shared-memory segment
 * "/ssdnvme-<controller identity>" created 0600.
 *
 * Each attach (one per job per controller) claims a slot holding its pid, its
 * process start time and its own counters; the segment also holds the totals
 * that submissions read.  A slot whose process is gone (killed, even with
 * SIGKILL) is reclaimed by whoever notices first: its counts are taken off the
 * totals and the slot is freed.  The last process to detach unlinks the
 * segment; a segment left behind by a dead run is reset by the next attach.
 * Attach, detach and reclaim hold flock() on the segment, which the kernel
 * drops when a holder dies.  docs/tags.md has the full design.
 */
#ifndef SSDNVME_INFLIGHT_H
#define SSDNVME_INFLIGHT_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "tag_types.h"

#define INFLIGHT_SLOTS	  128
#define INFLIGHT_REAP_NS  250000000ull /* check for dead slot owners every 250 ms */
#define INFLIGHT_NAME_MAX 96

struct inflight_seg;
struct inflight_slot;

/* One attachment.  The hot-path fields are public for the inline functions
 * below; treat the struct as opaque otherwise. */
struct inflight {
	_Atomic int64_t *total; /* the controller's totals, TAG_DIR_NR of them */
	_Atomic int64_t *own;	/* this attachment's slot counters */
	uint64_t next_reap_ns;
	struct inflight_seg *seg;
	struct inflight_slot *slot;
	int fd;
	char name[INFLIGHT_NAME_MAX];
};

/**
 * inflight_attach() - attach to a controller's shared counters
 * @ident: any string that names the controller uniquely on this host (e.g.
 *         its subsystem NQN plus serial, or "nvme0"); characters other than
 *         [A-Za-z0-9._-] become '_' in the segment's name
 * @err: where a failure's message goes
 * @errlen: its size
 *
 * Creates the segment if needed, refuses one owned by another user, not
 * mode 0600 or of another size or layout; resets a segment no live
 * process uses (reclaiming dead owners' slots until it finds a live one; the
 * rest when the slots run out, or at the next inflight_poll()), and claims
 * a slot for this process.  Once per job and controller, at setup (it takes the segment's
 * lock).
 *
 * Return: the attachment (end it with inflight_detach()), or NULL with a
 * message in @err (out of memory, shm_open() or mmap() failed, the segment
 * is not ours, all INFLIGHT_SLOTS slots in use).
 */
struct inflight *inflight_attach(const char *ident, char *err, size_t errlen);

/**
 * inflight_detach() - release an attachment
 * @f: the attachment, or NULL; freed
 *
 * Releases the slot, taking what it still counts off the totals, and
 * unlinks the segment if no other slot's owner is alive (reclaiming dead
 * owners' slots until it finds a live one).
 */
void inflight_detach(struct inflight *f);

/**
 * inflight_shm_name() - the shm_open() name of a controller's segment
 * @ident: the controller's identity, as inflight_attach() takes it
 * @name: where the name goes: "/ssdnvme-" and @ident, characters other than
 *        [A-Za-z0-9._-] replaced by '_', cut to fit
 * @len: @name's size
 *
 * For tests and messages.
 */
void inflight_shm_name(const char *ident, char *name, size_t len);
/**
 * inflight_name() - the shm_open() name of an attachment's segment
 * @f: the attachment
 *
 * Return: the name, as inflight_shm_name() made it; owned by @f.
 */
const char *inflight_name(const struct inflight *f);

/**
 * inflight_reap() - reclaim the slots of dead processes
 * @f: the attachment
 *
 * A slot whose owner (pid and process start time) is gone is freed and its
 * counts taken off the totals.  Non-blocking.
 *
 * Return: how many slots were reclaimed; 0 at once if another process holds
 * the segment's lock.
 */
int inflight_reap(struct inflight *f);

/**
 * inflight_poll_reap() - inflight_reap(), once per interval for all users
 * @f: the attachment
 *
 * Reaps unless another user of the segment (any job, any process) did so
 * less than INFLIGHT_REAP_NS ago on CLOCK_MONOTONIC: with many jobs on one
 * controller, one check of every slot per interval rather than one per job.
 *
 * Return: how many slots were reclaimed; 0 when not due or when another
 * process holds the segment's lock.
 */
int inflight_poll_reap(struct inflight *f);

/**
 * inflight_add() - count I/Os in or out of flight
 * @f: the attachment
 * @dir: their direction
 * @v: +1 in, -1 out (any count)
 *
 * One handle is used by one thread (the job's); other jobs, threads and
 * processes attach their own.  The slot has that one writer, so a plain load
 * and store update it without a locked instruction; only the total is
 * contended.  Slot first, then total: the slot is what a reaper subtracts,
 * so a process killed between the two leaves the total off by one until the
 * segment is reset (docs/tags.md).
 */
static inline void inflight_add(struct inflight *f, enum tag_dir dir, int64_t v)
{
	int64_t cur = atomic_load_explicit(&f->own[dir], memory_order_relaxed);

	atomic_store_explicit(&f->own[dir], cur + v, memory_order_relaxed);
	atomic_fetch_add_explicit(&f->total[dir], v, memory_order_relaxed);
}

/**
 * inflight_inc() - count one I/O into flight, at its submission
 * @f: the attachment
 * @dir: its direction
 */
static inline void inflight_inc(struct inflight *f, enum tag_dir dir)
{
	inflight_add(f, dir, 1);
}

/**
 * inflight_dec() - count one I/O out of flight, at its completion
 * @f: the attachment
 * @dir: its direction
 */
static inline void inflight_dec(struct inflight *f, enum tag_dir dir)
{
	inflight_add(f, dir, -1);
}

/**
 * inflight_snapshot() - the controller-wide in-flight counts
 * @f: the attachment
 * @out: per direction (enum tag_dir), the I/Os in flight on the controller
 *       from all processes, as stored: a total transiently below zero (see
 *       inflight_add()) reads as a huge value, which tag_inflight_count()
 *       turns into 0 when it is reported
 *
 * Unrolled and unclamped because it runs on every submission.
 */
static inline void inflight_snapshot(const struct inflight *f, uint32_t out[TAG_DIR_NR])
{
	_Static_assert(TAG_DIR_NR == 4, "unrolled for four directions");
	/* the base once: the compiler cannot keep it across the atomic loads */
	_Atomic int64_t *total = f->total;

	out[0] = (uint32_t)atomic_load_explicit(&total[0], memory_order_relaxed);
	out[1] = (uint32_t)atomic_load_explicit(&total[1], memory_order_relaxed);
	out[2] = (uint32_t)atomic_load_explicit(&total[2], memory_order_relaxed);
	out[3] = (uint32_t)atomic_load_explicit(&total[3], memory_order_relaxed);
}

/**
 * inflight_poll() - reclaim dead processes' slots now and then
 * @f: the attachment
 * @now_ns: the caller's clock, ns (any clock, used consistently)
 *
 * Calls inflight_poll_reap() when INFLIGHT_REAP_NS passed since the last
 * call that did.
 */
static inline void inflight_poll(struct inflight *f, uint64_t now_ns)
{
	if (now_ns >= f->next_reap_ns) {
		f->next_reap_ns = now_ns + INFLIGHT_REAP_NS;
		inflight_poll_reap(f);
	}
}

/**
 * inflight_users() - how many attachments the segment has
 * @f: the attachment
 *
 * Read without the lock, for tests and messages.
 *
 * Return: the live slots (jobs attached, in any process), @f's included.
 */
unsigned int inflight_users(const struct inflight *f);

#endif
