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

/*
 * Attaches to (creating if needed) the segment of controller @ident, any
 * string that names the controller uniquely on this host (e.g. its subsystem
 * NQN plus serial, or "nvme0"); characters other than [A-Za-z0-9._-] become
 * '_'.  Returns NULL on failure with a message in @err.
 */
struct inflight *inflight_attach(const char *ident, char *err, size_t errlen);

/* Releases the slot (dropping what it still counts); unlinks the segment if
 * this was the last live user.  NULL is allowed. */
void inflight_detach(struct inflight *f);

/* The shm_open() name used for @ident (for tests and messages). */
void inflight_shm_name(const char *ident, char *name, size_t len);
const char *inflight_name(const struct inflight *f);

/* Reclaims slots of dead processes; returns how many.  Non-blocking: returns
 * 0 at once if another process holds the lock. */
int inflight_reap(struct inflight *f);

/*
 * Counts an I/O in (+1) or out (-1) of flight.  One handle is used by one
 * thread (the job's); other jobs, threads and processes attach their own.
 * The slot has that one writer, so a plain load and store update it without
 * a locked instruction; only the total is contended.  Slot first, then total:
 * the slot is what a reaper subtracts, so a process killed between the two
 * leaves the total off by one until the segment is reset (docs/tags.md).
 */
static inline void inflight_add(struct inflight *f, enum tag_dir dir, int64_t v)
{
	int64_t cur = atomic_load_explicit(&f->own[dir], memory_order_relaxed);

	atomic_store_explicit(&f->own[dir], cur + v, memory_order_relaxed);
	atomic_fetch_add_explicit(&f->total[dir], v, memory_order_relaxed);
}

static inline void inflight_inc(struct inflight *f, enum tag_dir dir)
{
	inflight_add(f, dir, 1);
}

static inline void inflight_dec(struct inflight *f, enum tag_dir dir)
{
	inflight_add(f, dir, -1);
}

/*
 * Controller-wide in-flight counts per direction, all processes, as stored:
 * a total transiently below zero (see above) reads as a huge value, which
 * tag_inflight_count() turns into 0 when it is reported.  Unrolled and
 * unclamped because it runs on every submission.
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

/* Calls inflight_reap() when INFLIGHT_REAP_NS passed since the last one. */
static inline void inflight_poll(struct inflight *f, uint64_t now_ns)
{
	if (now_ns >= f->next_reap_ns) {
		f->next_reap_ns = now_ns + INFLIGHT_REAP_NS;
		inflight_reap(f);
	}
}

/* Number of live slots (processes/jobs attached), for tests and messages. */
unsigned int inflight_users(const struct inflight *f);

#endif
