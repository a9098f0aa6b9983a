// SPDX-License-Identifier: GPL-2.0-only
/*
 * Per-controller in-flight counters in POSIX shared memory, robust against
 * processes that die without detaching.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdalign.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "inflight.h"
#include "procstat.h"

#define SEG_MAGIC   0x5353444e56494e46ull /* "SSDNVINF" */
#define SEG_VERSION 1

enum { SLOT_FREE = 0, SLOT_LIVE = 1 };

_Static_assert(ATOMIC_LLONG_LOCK_FREE == 2, "shared counters need lock-free 64-bit atomics");

struct inflight_slot {
	alignas(64) _Atomic uint32_t state;
	int32_t pid;
	uint64_t starttime; /* /proc/<pid>/stat field 22, to tell a reused pid */
	_Atomic int64_t count[TAG_DIR_NR];
};

struct inflight_seg {
	uint64_t magic;
	uint32_t version;
	uint32_t nslots;
	uint32_t slot_size;
	/*
	 * CLOCK_MONOTONIC ns before which no poll reaps again: one process per
	 * INFLIGHT_REAP_NS, not every job.  In what was the header's padding (0,
	 * "due", in a segment an engine without it made), so the layout is that
	 * of version 1.
	 */
	_Atomic uint64_t reap_due_ns;
	alignas(64) _Atomic int64_t total[TAG_DIR_NR];
	struct inflight_slot slot[INFLIGHT_SLOTS];
};

/* Spelled out rather than isalnum(): the name must not depend on the locale. */
static int name_char_ok(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '.' || c == '_' || c == '-';
}

void inflight_shm_name(const char *ident, char *name, size_t len)
{
	size_t i, n = snprintf(name, len, "/ssdnvme-%s", ident);

	if (n >= len)
		n = len - 1;
	for (i = sizeof("/ssdnvme-") - 1; i < n; i++)
		if (!name_char_ok(name[i]))
			name[i] = '_';
}

const char *inflight_name(const struct inflight *f)
{
	return f->name;
}

static int slot_owner_alive(const struct inflight_slot *s)
{
	uint64_t start;
	bool zombie = false;

	if (kill(s->pid, 0) < 0 && errno == ESRCH)
		return 0;
	start = proc_start_time(s->pid, &zombie);
	if (zombie)
		return 0;
	/* a different start time means the pid was reused by another process */
	return !(start && s->starttime && start != s->starttime);
}

/* Takes what slot @s still counts off the totals and frees it.  Lock held. */
static void release_slot(struct inflight_seg *seg, struct inflight_slot *s)
{
	int d;

	for (d = 0; d < TAG_DIR_NR; d++) {
		int64_t left = atomic_exchange(&s->count[d], 0);

		atomic_fetch_sub(&seg->total[d], left);
	}
	atomic_store(&s->state, SLOT_FREE);
}

/* Frees slots of dead owners; returns how many.  Lock held. */
static int reap_locked(struct inflight_seg *seg)
{
	int i, reaped = 0;

	for (i = 0; i < INFLIGHT_SLOTS; i++) {
		struct inflight_slot *s = &seg->slot[i];

		if (atomic_load(&s->state) == SLOT_LIVE && !slot_owner_alive(s)) {
			release_slot(seg, s);
			reaped++;
		}
	}
	return reaped;
}

/*
 * Whether any slot's owner is alive, reclaiming dead owners' slots up to the
 * first live one and no further: attach and detach only need to know whether
 * the segment is abandoned.  Checking every slot there (a kill() and a read
 * of /proc/PID/stat each, under the lock) made the start and end of N jobs
 * cost N^2 checks, one job after another; the other dead slots are left to
 * inflight_poll().  Lock held.
 */
static bool reap_until_alive(struct inflight_seg *seg)
{
	int i;

	for (i = 0; i < INFLIGHT_SLOTS; i++) {
		struct inflight_slot *s = &seg->slot[i];

		if (atomic_load(&s->state) != SLOT_LIVE)
			continue;
		if (slot_owner_alive(s))
			return true;
		release_slot(seg, s);
	}
	return false;
}

static unsigned int live_slots(const struct inflight_seg *seg)
{
	unsigned int i, n = 0;

	for (i = 0; i < INFLIGHT_SLOTS; i++)
		n += atomic_load(&seg->slot[i].state) == SLOT_LIVE;
	return n;
}

static void seg_reset(struct inflight_seg *seg)
{
	memset(seg, 0, sizeof(*seg));
	seg->magic = SEG_MAGIC;
	seg->version = SEG_VERSION;
	seg->nslots = INFLIGHT_SLOTS;
	seg->slot_size = sizeof(struct inflight_slot);
}

static int seg_layout_ok(const struct inflight_seg *seg)
{
	return seg->magic == SEG_MAGIC && seg->version == SEG_VERSION &&
	       seg->nslots == INFLIGHT_SLOTS && seg->slot_size == sizeof(struct inflight_slot);
}

/*
 * Opens the segment and takes its lock, making sure the name still refers to
 * it: a detaching process may unlink it between our open and our lock, and an
 * unlinked segment (st_nlink 0) would no longer be shared with later users.
 */
static int open_locked(const char *name, struct stat *st, char *err, size_t errlen)
{
	int tries, fd;

	for (tries = 0; tries < 100; tries++) {
		fd = shm_open(name, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
		if (fd < 0) {
			snprintf(err, errlen, "shm_open(%s): %s (is /dev/shm mounted?)", name,
				 strerror(errno));
			return -1;
		}
		if (flock(fd, LOCK_EX) < 0 || fstat(fd, st) < 0) {
			snprintf(err, errlen, "lock %s: %s", name, strerror(errno));
			close(fd);
			return -1;
		}
		if (st->st_nlink > 0)
			return fd;
		close(fd);
	}
	snprintf(err, errlen, "%s: unlinked under us 100 times", name);
	return -1;
}

static int check_owner(const struct stat *st, const char *name, char *err, size_t errlen)
{
	if (st->st_uid != geteuid()) {
		snprintf(err, errlen, "/dev/shm%s belongs to uid %u, not to us (uid %u)", name,
			 (unsigned int)st->st_uid, (unsigned int)geteuid());
		return -1;
	}
	if (st->st_mode & 077) {
		snprintf(err, errlen, "/dev/shm%s has mode %03o, expected 0600", name,
			 (unsigned int)(st->st_mode & 0777));
		return -1;
	}
	if (st->st_size && st->st_size != (off_t)sizeof(struct inflight_seg)) {
		snprintf(err, errlen,
			 "/dev/shm%s is %lld bytes, expected %zu (another ssdnvme version?)", name,
			 (long long)st->st_size, sizeof(struct inflight_seg));
		return -1;
	}
	return 0;
}

static struct inflight_seg *map_segment(int fd, const struct stat *st, const char *name, char *err,
					size_t errlen)
{
	struct inflight_seg *seg;
	int fresh = st->st_size == 0;

	if (fresh && ftruncate(fd, sizeof(struct inflight_seg)) < 0) {
		snprintf(err, errlen, "ftruncate %s: %s", name, strerror(errno));
		return NULL;
	}
	seg = mmap(NULL, sizeof(*seg), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (seg == MAP_FAILED) {
		snprintf(err, errlen, "mmap %s: %s", name, strerror(errno));
		return NULL;
	}
	if (fresh)
		seg_reset(seg);
	if (!seg_layout_ok(seg)) {
		snprintf(err, errlen, "/dev/shm%s has an unknown layout (another ssdnvme version?)",
			 name);
		munmap(seg, sizeof(*seg));
		return NULL;
	}
	return seg;
}

static struct inflight_slot *claim_slot(struct inflight_seg *seg)
{
	int i;

	for (i = 0; i < INFLIGHT_SLOTS; i++) {
		struct inflight_slot *s = &seg->slot[i];

		if (atomic_load(&s->state) != SLOT_FREE)
			continue;
		s->pid = getpid();
		s->starttime = proc_start_time(s->pid, NULL);
		for (int d = 0; d < TAG_DIR_NR; d++)
			atomic_store(&s->count[d], 0);
		atomic_store(&s->state, SLOT_LIVE);
		return s;
	}
	return NULL;
}

struct inflight *inflight_attach(const char *ident, char *err, size_t errlen)
{
	struct inflight *f = calloc(1, sizeof(*f));
	struct stat st;

	if (!f) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	inflight_shm_name(ident, f->name, sizeof(f->name));
	f->fd = open_locked(f->name, &st, err, errlen);
	if (f->fd < 0)
		goto fail_free;
	if (check_owner(&st, f->name, err, errlen) < 0)
		goto fail_close;
	f->seg = map_segment(f->fd, &st, f->name, err, errlen);
	if (!f->seg)
		goto fail_close;
	/* nobody alive: whatever the totals say is left over from a dead run */
	if (!reap_until_alive(f->seg))
		seg_reset(f->seg);
	f->slot = claim_slot(f->seg);
	if (!f->slot && reap_locked(f->seg)) /* full: some owners may be dead */
		f->slot = claim_slot(f->seg);
	if (!f->slot) {
		snprintf(err, errlen, "%s: all %d slots in use", f->name, INFLIGHT_SLOTS);
		munmap(f->seg, sizeof(*f->seg));
		goto fail_close;
	}
	f->own = f->slot->count;
	f->total = f->seg->total;
	flock(f->fd, LOCK_UN);
	return f;

fail_close:
	close(f->fd);
fail_free:
	free(f);
	return NULL;
}

void inflight_detach(struct inflight *f)
{
	if (!f)
		return;
	flock(f->fd, LOCK_EX);
	release_slot(f->seg, f->slot);
	if (!reap_until_alive(f->seg))
		shm_unlink(f->name);
	flock(f->fd, LOCK_UN);
	munmap(f->seg, sizeof(*f->seg));
	close(f->fd);
	free(f);
}

int inflight_reap(struct inflight *f)
{
	int n;

	if (flock(f->fd, LOCK_EX | LOCK_NB) < 0)
		return 0;
	n = reap_locked(f->seg);
	flock(f->fd, LOCK_UN);
	return n;
}

static uint64_t monotonic_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/*
 * Every job polls, but one reap per INFLIGHT_REAP_NS serves them all: the
 * first to move the segment's due time on does it.  The due time is on the
 * system-wide monotonic clock, not the caller's (each process calibrates its
 * own cycle clock).
 */
int inflight_poll_reap(struct inflight *f)
{
	uint64_t now = monotonic_ns();
	uint64_t due = atomic_load_explicit(&f->seg->reap_due_ns, memory_order_relaxed);

	if (now < due ||
	    !atomic_compare_exchange_strong(&f->seg->reap_due_ns, &due, now + INFLIGHT_REAP_NS))
		return 0;
	return inflight_reap(f);
}

unsigned int inflight_users(const struct inflight *f)
{
	return live_slots(f->seg);
}
