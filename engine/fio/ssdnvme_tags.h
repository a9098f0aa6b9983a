/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The latency-tag glue's per-job state and its hot path, inline in the data
 * path (submit.c, complete.c); the rest is in ssdnvme_tags.c.  Sees fio's
 * types: include only from the fio glue files.
 */
#ifndef SSDNVME_SSDNVME_TAGS_H
#define SSDNVME_SSDNVME_TAGS_H

#include <time.h>

#include "glue.h"
#include "tag_clock.h"
#include "tags.h"

#define TAGGING_MAX_CTRLS 16 /* distinct controllers one job attaches to */

/* fio's directions, READ..WAIT (< DDIR_LAST), index the key table directly;
 * a power of two so that the index is a shift. */
#define TAGGING_DDIRS 8
_Static_assert(DDIR_LAST <= TAGGING_DDIRS, "every fio direction has a slot");

/*
 * One I/O from submission to completion: its record, whose lat_ns holds the
 * submission's stamp until the completion sets it, and its key (NULL: not
 * tagged, out of memory).  Padded to 128 bytes so that the index is a shift.
 */
struct tagging_io {
	struct tag_io io;
	struct tag_key *key;
	uint16_t place; /* slot + 1 of the file's placement plan (fdp.h), 0: unplaced */
	uint8_t pad[128 - sizeof(struct tag_io) - sizeof(struct tag_key *) - sizeof(uint16_t)];
};
_Static_assert(sizeof(struct tagging_io) == 128, "a power of two");

/*
 * What latencies are measured between (a "stamp"), always fio's own clock:
 * the reading fio_gettime() would convert, taken without fio's wrapper, when
 * fio's clock is the CPU's cycle counter or clock_gettime(CLOCK_MONOTONIC);
 * else (gettimeofday, fio's gtod_cpu offload) fio_gettime() itself.
 */
enum tagging_clock {
	TAGGING_CLOCK_FIO,    /* fio_gettime(), ns */
	TAGGING_CLOCK_CYCLES, /* fio's get_cpu_clock(), cycles (tag_clock.h) */
	TAGGING_CLOCK_MONO,   /* clock_gettime(CLOCK_MONOTONIC), ns */
};

struct tagging {
	struct tags *tags;
	struct tag_key **keys;	      /* by fileno * TAGGING_DDIRS + ddir; the syncs share one */
	struct tag_key **placed_keys; /* placed writes: by fileno * FDP_MAX_PIDS + slot */
	unsigned int nr_files;
	size_t nr_slots;
	struct tagging_io *ios; /* by io_u->index */
	unsigned int in_flight;
	enum tagging_clock clock_kind; /* what a stamp is */
	struct tag_clock clock;	       /* stamps -> ns: the CPU clock's rate, or 1 */
	char *label;
	char *log_path;
	struct safefile *log_file; /* the log being written, beside log_path */
	char *log_lost;		   /* why the log was not written, NULL if it was */
	char *log_truncated;	   /* why it stopped short (taglog_stopped()), NULL if it did not */
	struct {
		char ident[INFLIGHT_NAME_MAX];
		struct inflight *f;
	} ctrls[TAGGING_MAX_CTRLS];
	unsigned int nr_ctrls;
	/* fio's ramp_time: completions fio does not account (its ramp, and
	 * until its first accounted one) are left out of the tags, so that
	 * they add up to fio's totals; counted here per direction instead */
	struct thread_data *td;
	bool ramp_pending;
	uint64_t ramp_left_out[TAGGING_DDIRS];
};

/**
 * tagging_new_key() - the key of an I/O's file and direction, at its first
 * @tg: the job's tagging
 * @io_u: the I/O, the first of its file and direction
 *
 * Out of line: finds or creates the key (the file's controller, namespace,
 * direction, the job's label) and caches it in @tg->keys for the hot path.
 *
 * Return: the key; NULL (the I/O goes untagged) on ENOMEM or for a file or
 * direction outside the table.
 */
struct tag_key *tagging_new_key(struct tagging *tg, struct io_u *io_u);
/**
 * tagging_placed_key() - the key of a placed write
 * @tg: the job's tagging
 * @io_u: the write
 * @place: its placement slot + 1 in the file's plan (tagging_place())
 *
 * One key per file and placement identifier, created at the first write so
 * placed and cached in @tg->placed_keys; the file's unplaced I/Os keep their
 * usual keys.
 *
 * Return: the key; NULL (the I/O goes untagged) on ENOMEM, for a file
 * without a placement plan or a slot outside it.
 */
struct tag_key *tagging_placed_key(struct tagging *tg, struct io_u *io_u, unsigned int place);

/**
 * tagging_place() - note an I/O's placement before tagging_submitted()
 * @tg: the job's tagging
 * @io_u: the I/O
 * @place: slot + 1 of its file's placement plan (fdp.h) it goes out with;
 *         0: unplaced
 */
static inline void tagging_place(struct tagging *tg, struct io_u *io_u, unsigned int place)
{
	tg->ios[io_u->index].place = (uint16_t)place;
}
/*
 * Out of line, each returning IO_U so that tagging_completed() reaches them
 * by tail calls only and saves no register on its usual path.
 */

/**
 * tagging_keep() - keep a completion's full record
 * @tg: the job's tagging
 * @k: the I/O's key
 * @io: its record, after tags_complete() asked for it
 * @io_u: the I/O, whose LBA (namespace units; the byte offset for a plain
 *        file) and length fill in @io
 *
 * For an outlier or a tag log (tags_keep()).
 *
 * Return: @io_u.
 */
struct io_u *tagging_keep(struct tagging *tg, struct tag_key *k, struct tag_io *io,
			  struct io_u *io_u);
/**
 * tagging_completed_slow() - a completion that failed or ends the interval
 * @tg: the job's tagging
 * @io_u: the I/O, tagged (its key set), io_u->error decoded
 * @lat_ns: its latency, ns
 *
 * A failed one goes to tags_fail_after() with its LBA and length; a
 * successful one past the series interval to tags_complete(), which closes
 * the interval, and tagging_keep() when it asks.
 *
 * Return: @io_u.
 */
struct io_u *tagging_completed_slow(struct tagging *tg, struct io_u *io_u, uint64_t lat_ns);

/**
 * tagging_dir() - the tag direction of a fio direction
 * @d: fio's direction
 *
 * Return: @d itself for READ, WRITE and TRIM (0, 1, 2 like TAG_*); TAG_FLUSH
 * for the syncs and anything else.
 */
static inline enum tag_dir tagging_dir(enum fio_ddir d)
{
	_Static_assert(DDIR_READ == (int)TAG_READ && DDIR_WRITE == (int)TAG_WRITE &&
			       DDIR_TRIM == (int)TAG_TRIM,
		       "fio's directions map onto the tag directions");
	return (unsigned int)d < TAG_FLUSH ? (enum tag_dir)d : TAG_FLUSH;
}

/**
 * tagging_stamp() - a stamp on the job's tagging clock, now
 * @tg: the job's tagging
 *
 * Return: the CPU's cycle counter, CLOCK_MONOTONIC in ns, or fio_gettime()
 * in ns, as @tg->clock_kind says; tag_clock_ns() turns two into a latency.
 */
static inline uint64_t tagging_stamp(const struct tagging *tg)
{
	struct timespec ts;

	switch (tg->clock_kind) {
#ifdef ARCH_HAVE_CPU_CLOCK
	case TAGGING_CLOCK_CYCLES:
		return get_cpu_clock();
#endif
	case TAGGING_CLOCK_MONO:
		clock_gettime(CLOCK_MONOTONIC, &ts);
		return ssdnvme_ts_ns(&ts);
	default:
		return ssdnvme_now_ns();
	}
}

/**
 * tagging_stamp_at() - the stamp that goes with a reading of fio's clock
 * @tg: the job's tagging
 * @now_ns: fio's clock, ns, just read
 *
 * Return: @now_ns itself when stamps are fio's ns or CLOCK_MONOTONIC (the
 * clock fio reads), a fresh cycle count when they are cycles.
 */
static inline uint64_t tagging_stamp_at(const struct tagging *tg, uint64_t now_ns)
{
#ifdef ARCH_HAVE_CPU_CLOCK
	if (tg->clock_kind == TAGGING_CLOCK_CYCLES)
		return get_cpu_clock();
#else
	(void)tg;
#endif
	return now_ns;
}

/**
 * tagging_known_key() - an I/O's key, when it needs no making
 * @tg: the job's tagging
 * @io_u: the I/O, not yet tagged
 *
 * Return: the key of @io_u's file and direction; NULL when it is placed
 * (FDP) or its key is not made yet: tagging_submitted() then finds or
 * makes it out of line.
 */
__attribute__((always_inline)) static inline struct tag_key *
tagging_known_key(const struct tagging *tg, const struct io_u *io_u)
{
	size_t slot = (size_t)io_u->file->fileno * TAGGING_DDIRS + (unsigned int)io_u->ddir;

	if (__builtin_expect(tg->ios[io_u->index].place != 0 || slot >= tg->nr_slots, 0))
		return NULL;
	return tg->keys[slot];
}

/**
 * tagging_submitted_as() - tag an I/O just submitted, its key known
 * @tg: the job's tagging
 * @io_u: the I/O
 * @k: its key (tagging_known_key(), or made for it)
 * @now_ns: fio's issue time, ns
 * @stamp: the same moment on the tagging clock
 *
 * Counts @io_u in flight and stamps its record.  No call: a caller that
 * found @k with tagging_known_key() saves no register for it.
 */
__attribute__((always_inline)) static inline void
tagging_submitted_as(struct tagging *tg, struct io_u *io_u, struct tag_key *k, uint64_t now_ns,
		     uint64_t stamp)
{
	struct tagging_io *tio = &tg->ios[io_u->index];

	tio->key = k;
	/* io_uring rings hold at most 32768 entries: the depth fits 16 bits */
	tags_submit(k, &tio->io, now_ns, (uint16_t)++tg->in_flight);
	tio->io.lat_ns = stamp;
}

/**
 * tagging_submitted() - tag an I/O just submitted
 * @tg: the job's tagging
 * @io_u: the I/O
 * @now_ns: fio's issue time, ns
 * @stamp: the same moment on the tagging clock (tagging_stamp_at(), or
 *         tagging_stamp() read beside @now_ns)
 *
 * Finds the I/O's key (created at its file and direction's first I/O, or
 * its placement's), counts it in flight and stamps its record; an I/O
 * whose key cannot be made goes untagged.  This and tagging_completed() run
 * for every I/O: keep them to loads, stores and predictable branches
 * (bench/tag-cost.sh).
 */
__attribute__((always_inline)) static inline void
tagging_submitted(struct tagging *tg, struct io_u *io_u, uint64_t now_ns, uint64_t stamp)
{
	struct tagging_io *tio = &tg->ios[io_u->index];
	struct tag_key *k = tagging_known_key(tg, io_u);

	if (__builtin_expect(!k, 0)) {
		k = tio->place ? tagging_placed_key(tg, io_u, tio->place)
			       : tagging_new_key(tg, io_u);
		tio->key = k;
		if (!k)
			return;
	}
	tagging_submitted_as(tg, io_u, k, now_ns, stamp);
}

/**
 * tagging_ramp_drop() - whether a completion falls in fio's ramp
 * @tg: the job's tagging, @tg->ramp_pending set
 * @k: the I/O's key
 * @io_u: the completed I/O
 *
 * Out of line, only while fio's ramp may still run.  Completions fio does
 * not account are left out of the tags (counted per direction in
 * @tg->ramp_left_out instead), so that the tags add up to fio's totals; once
 * the ramp is over, clears @tg->ramp_pending.
 *
 * Return: true (and the I/O taken off the controller's count, not recorded)
 * when fio will not account @io_u's completion.
 */
bool tagging_ramp_drop(struct tagging *tg, struct tag_key *k, const struct io_u *io_u);

/**
 * tagging_completed_counted() - tagging_completed() past the ramp check
 * @tg: the job's tagging
 * @io_u: a tagged I/O (its key set) whose completion ->event() decoded, one
 *        fio accounts (not in its ramp)
 * @stamp: when its batch was reaped, on the tagging clock
 *
 * Return: @io_u.
 */
__attribute__((always_inline)) static inline struct io_u *
tagging_completed_counted(struct tagging *tg, struct io_u *io_u, uint64_t stamp)
{
	struct tagging_io *tio = &tg->ios[io_u->index];
	struct tag_key *k = tio->key;
	struct tag_io *io = &tio->io;
	uint64_t lat;

	lat = tag_clock_ns(&tg->clock, io->lat_ns, stamp);
	if (__builtin_expect(io_u->error != 0 || tags_interval_over(k, io, lat), 0))
		return tagging_completed_slow(tg, io_u, lat);
	tg->in_flight--;
	if (tags_complete_within(k, io, lat))
		return tagging_keep(tg, k, io, io_u);
	return io_u;
}

/**
 * tagging_completed_in_ramp() - tagging_completed() while fio's ramp may run
 * @tg: the job's tagging, @tg->ramp_pending set
 * @io_u: a tagged I/O (its key set) whose completion ->event() decoded
 * @stamp: when its batch was reaped, on the tagging clock
 *
 * Out of line and reached by a tail call, so that tagging_completed() calls
 * nothing it must come back from (no register saved for it): leaves the
 * completion out when tagging_ramp_drop() says so, records it otherwise.
 *
 * Return: @io_u.
 */
struct io_u *tagging_completed_in_ramp(struct tagging *tg, struct io_u *io_u, uint64_t stamp);

/**
 * tagging_completed() - record an I/O's completion
 * @tg: the job's tagging
 * @io_u: an I/O whose completion ->event() decoded (io_u->error set)
 * @stamp: when its batch was reaped, on the tagging clock
 *
 * An untagged I/O, or one in fio's ramp, is not recorded; a failed one or
 * one past the series interval goes out of line (tagging_completed_slow()).
 *
 * Return: @io_u (->event()'s result, so that the calls are tail calls).
 */
__attribute__((always_inline)) static inline struct io_u *
tagging_completed(struct tagging *tg, struct io_u *io_u, uint64_t stamp)
{
	if (__builtin_expect(!tg->ios[io_u->index].key, 0))
		return io_u;
	if (__builtin_expect(tg->ramp_pending, 0))
		return tagging_completed_in_ramp(tg, io_u, stamp);
	return tagging_completed_counted(tg, io_u, stamp);
}

#endif
