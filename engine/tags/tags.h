/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Latency tags: the table of tag keys (controller x nsid x direction x label)
 * and, per key, a histogram with count/min/max/mean/stddev, the N slowest I/Os
 * with their context and a per-interval time series; serialised to JSON with
 * json-c under a versioned schema (docs/tags.md).
 *
 * Engine usage, per job (one table per job, i.e. per fio thread/process):
 *   setup:    t = tags_new(&cfg); per file and direction, k = tags_key(t, ...)
 *             and cache k (e.g. in the file's engine data);
 *   submit:   tags_on_submit(t, k, &io_data->tag, now_ns, slba, bytes, qd);
 *   complete: tags_on_complete(t, k, &io_data->tag, now_ns, error);
 *   at exit:  results_add_section(res, "tags", tags_json(t)); tags_free(t).
 * None of these calls block or allocate on the hot path.
 */
#ifndef SSDNVME_TAGS_H
#define SSDNVME_TAGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "tag_types.h"
#include "tag_hist.h"
#include "tag_outliers.h"
#include "tag_series.h"
#include "inflight.h"

struct json_object;
struct taglog;

#define TAGS_SCHEMA_VERSION	 1
#define TAGS_DEFAULT_OUTLIERS	 64
#define TAGS_DEFAULT_INTERVAL_NS 1000000000ull
#define TAGS_DEFAULT_MAX_POINTS	 86400 /* a day of 1 s points, 6.9 MB per key at most */
#define TAGS_MAX_PCT		 32

struct tags_config {
	uint64_t start_ns;	  /* clock value at the run's start, same clock as now_ns */
	uint64_t interval_ns;	  /* time-series interval; 0: 1 s */
	uint32_t outliers;	  /* slowest I/Os kept per key; 0 keeps none */
	size_t series_max_points; /* 0: TAGS_DEFAULT_MAX_POINTS */
	const double *pct;	  /* percentiles reported in lat_ns, ascending; NULL: */
	unsigned int npct;	  /* fio's list plus 99.999 and 99.9999 */
	struct taglog *log;	  /* optional per-I/O log; the caller opens and closes it */
};

struct tag_key {
	uint32_t id; /* index in the table, also in taglog records */
	uint32_t nsid;
	enum tag_dir dir;
	int32_t placement;	 /* placement identifier (FDP) of its writes, -1: none */
	int32_t placement_index; /* its index in the namespace's handle list, -1: none */
	char *ctrl;
	char *label;
	struct inflight *inflight; /* the controller's shared counters, or NULL */
	uint64_t keep_from;	   /* latency from which tags_keep() wants an I/O */
	uint64_t errors;	   /* completions with an error, not in the statistics */
	struct tag_hist hist;
	struct tag_outliers outliers;
	struct tag_series series;
};

struct tags {
	struct tags_config cfg;
	double pct[TAGS_MAX_PCT];
	struct tag_key **keys;
	size_t nkeys;
	size_t cap;
};

/**
 * tags_new() - an empty tag table
 * @cfg: the run's settings, copied (the table does not keep @cfg->pct; it
 *       does keep @cfg->log, which the caller still owns and must close after
 *       the table's last use)
 *
 * Zeros in @cfg take the defaults: 1 s interval, TAGS_DEFAULT_MAX_POINTS,
 * and with @cfg->pct NULL fio's default percentiles plus 99.999 and 99.9999.
 * One table per job (per fio thread or process), made at setup.
 *
 * Return: the table (free with tags_free()), or NULL with errno EINVAL (a
 * percentile list empty, longer than TAGS_MAX_PCT, not strictly ascending or
 * outside (0, 100]) or ENOMEM.
 */
struct tags *tags_new(const struct tags_config *cfg);
/**
 * tags_free() - free a tag table and all its keys
 * @t: the table, or NULL
 *
 * Neither closes the tag log nor detaches the keys' in-flight counters:
 * their owners do.
 */
void tags_free(struct tags *t);

/**
 * tags_key() - the key of a controller, namespace, direction and label
 * @t: the table
 * @ctrl: the controller's name (NULL counts as "")
 * @inflight: the controller's shared in-flight counters, bound when the key
 *            is created (NULL: the records' in-flight context is zero)
 * @nsid: the namespace
 * @dir: the direction
 * @label: the label (NULL counts as "")
 *
 * The key of unplaced I/Os, created on first use.  Linear in the number of
 * keys: call it at setup (or at a file's first I/O) and cache the result.
 *
 * Return: the key, owned by @t; NULL with errno ENOMEM.
 */
struct tag_key *tags_key(struct tags *t, const char *ctrl, struct inflight *inflight, uint32_t nsid,
			 enum tag_dir dir, const char *label);

/* Where a key's writes were placed (Flexible Data Placement); TAG_NO_PLACEMENT: nowhere. */
#define TAG_NO_PLACEMENT (-1)
struct tag_placement {
	int32_t pid;   /* placement identifier sent with the writes */
	int32_t index; /* its index in the namespace's reclaim unit handle list (plids=) */
};

/**
 * tags_key_placed() - tags_key() for I/Os with a placement
 * @t: the table
 * @ctrl: the controller's name (NULL counts as "")
 * @inflight: the controller's shared in-flight counters, or NULL
 * @nsid: the namespace
 * @dir: the direction
 * @label: the label (NULL counts as "")
 * @pl: where the I/Os were placed; keys differ by @pl->pid, and a new key
 *      takes @pl->index too
 *
 * Flexible Data Placement: a key of their own per placement identifier.
 *
 * Return: the key, owned by @t; NULL with errno ENOMEM.
 */
struct tag_key *tags_key_placed(struct tags *t, const char *ctrl, struct inflight *inflight,
				uint32_t nsid, enum tag_dir dir, const char *label,
				const struct tag_placement *pl);

/**
 * tags_tick() - close a key's series interval
 * @k: the key
 * @now_ns: a completion time, on the table's clock, ns, at or past the
 *          current interval's end
 *
 * Out of line, once per series interval: closes the current interval, opens
 * the one holding @now_ns (tag_series_roll()) and reclaims in-flight slots of
 * dead processes (at most every INFLIGHT_REAP_NS).
 */
void tags_tick(struct tag_key *k, uint64_t now_ns);

/*
 * The hot path is split so that an engine does per I/O only what every I/O
 * needs; the LBA and length, which only outliers and the tag log keep, are
 * filled in when tags_complete() asks for them.
 */

/**
 * tags_submit() - stamp an I/O at its submission
 * @k: the I/O's key
 * @io: the I/O's own record, kept by the engine until completion; no need
 *      to clear it
 * @now_ns: the submission time, on the table's clock, ns
 * @qd: the job's queue depth, this I/O included (capped at UINT16_MAX)
 *
 * Stamps @io with its time, @qd and the controller's in-flight counts
 * (before this I/O; zero for a key without counters, set when the record is
 * kept), then counts the I/O as in flight on the controller.  Its nsid, key
 * id and direction are the key's, filled in only where the record leaves the
 * key (tag log).
 */
static inline void tags_submit(struct tag_key *k, struct tag_io *io, uint64_t now_ns, uint32_t qd)
{
	io->submit_ns = now_ns;
	io->qd = qd > UINT16_MAX ? UINT16_MAX : qd;
	/* without counters the context is zero: filled in where it is kept */
	if (k->inflight) {
		inflight_snapshot(k->inflight, io->inflight);
		inflight_inc(k->inflight, k->dir);
	}
}

/**
 * tags_interval_over() - whether a completion ends the series interval
 * @k: the I/O's key
 * @io: the I/O, stamped by tags_submit()
 * @lat_ns: its latency, ns
 *
 * Return: true when the completion (submission plus @lat_ns) falls past the
 * key's current series interval: tags_tick() must then close the interval
 * before the I/O is recorded (tags_complete() does both).
 */
static inline bool tags_interval_over(const struct tag_key *k, const struct tag_io *io,
				      uint64_t lat_ns)
{
	return io->submit_ns + lat_ns >= k->series.cur_end;
}

/**
 * tags_complete_within() - tags_complete() within the current interval
 * @k: the I/O's key
 * @io: the I/O, stamped by tags_submit()
 * @lat_ns: its latency, ns, with !tags_interval_over(@k, @io, @lat_ns)
 *
 * An engine that tests tags_interval_over() first keeps its hot path free of
 * calls.  Sets @io->lat_ns.
 *
 * Return: true when the I/O's full record is wanted, as tags_complete().
 */
static inline bool tags_complete_within(struct tag_key *k, struct tag_io *io, uint64_t lat_ns)
{
	if (k->inflight)
		inflight_dec(k->inflight, k->dir);
	io->lat_ns = lat_ns;
	tag_hist_add(&k->hist, lat_ns);
	return lat_ns >= k->keep_from;
}

/**
 * tags_complete() - record a successful completion
 * @t: the table (unused: the key has all it needs)
 * @k: the I/O's key
 * @io: the I/O, stamped by tags_submit(); its lat_ns is set
 * @lat_ns: its latency, ns
 *
 * Closes the series interval if the completion is past it, takes the I/O
 * off the controller's count and records it in the key's histogram.
 *
 * Return: true when the I/O's full record is wanted (it is among the slowest
 * so far, or there is a tag log): the caller then fills @io->lba and
 * @io->len and calls tags_keep().
 */
static inline bool tags_complete(struct tags *t, struct tag_key *k, struct tag_io *io,
				 uint64_t lat_ns)
{
	(void)t;
	if (__builtin_expect(tags_interval_over(k, io, lat_ns), 0))
		tags_tick(k, io->submit_ns + lat_ns);
	return tags_complete_within(k, io, lat_ns);
}

/**
 * tags_keep() - keep a completed I/O's full record
 * @t: the table
 * @k: the I/O's key
 * @io: the I/O, after tags_complete() returned true, with its LBA and length
 *
 * Out of line: the key's outliers and the tag log (if any) take @io.
 */
void tags_keep(struct tags *t, struct tag_key *k, struct tag_io *io);

/**
 * tags_fail() - record a completion with an error
 * @t: the table
 * @k: the I/O's key
 * @io: the I/O, stamped by tags_submit(); with a tag log, fill @io->lba and
 *      @io->len first
 * @now_ns: the completion time, on the table's clock, ns
 *
 * Out of line; also for a cancellation (the controller's count must drop).
 * Counted in @k->errors, not in the statistics, and logged with
 * TAG_IO_ERROR when there is a tag log.
 */
void tags_fail(struct tags *t, struct tag_key *k, struct tag_io *io, uint64_t now_ns);

/**
 * tags_fail_after() - tags_fail() given the latency
 * @t: the table
 * @k: the I/O's key
 * @io: the I/O, as for tags_fail()
 * @lat_ns: the time from its submission to its completion, ns
 */
void tags_fail_after(struct tags *t, struct tag_key *k, struct tag_io *io, uint64_t lat_ns);

/**
 * tags_on_submit() - tags_submit() with the I/O's LBA and length
 * @t: the table (unused)
 * @k: the I/O's key
 * @io: the I/O's own record
 * @now_ns: the submission time, on the table's clock, ns
 * @lba: the starting LBA
 * @len: the length, bytes
 * @qd: the job's queue depth, this I/O included
 *
 * For callers that have the full context at hand.
 */
static inline void tags_on_submit(struct tags *t, struct tag_key *k, struct tag_io *io,
				  uint64_t now_ns, uint64_t lba, uint32_t len, uint32_t qd)
{
	(void)t;
	tags_submit(k, io, now_ns, qd);
	io->lba = lba;
	io->len = len;
}

/**
 * tags_on_complete() - a completion, recorded and kept as needed
 * @t: the table
 * @k: the I/O's key
 * @io: the I/O, from tags_on_submit()
 * @now_ns: the completion time, on the table's clock, ns
 * @error: non-zero when the I/O failed (tags_fail())
 *
 * tags_complete() and, when it asks, tags_keep(), for callers that gave the
 * LBA and length at submission.
 */
static inline void tags_on_complete(struct tags *t, struct tag_key *k, struct tag_io *io,
				    uint64_t now_ns, int error)
{
	if (__builtin_expect(error, 0))
		tags_fail(t, k, io, now_ns);
	else if (tags_complete(t, k, io, tag_since(now_ns, io->submit_ns)))
		tags_keep(t, k, io);
}

/**
 * tags_json() - the "tags" section of the results
 * @t: the table, unchanged: this can run on an interrupted run's exit path,
 *     or more than once
 *
 * {version, interval_ms, outliers_per_key, percentiles, keys: [...]}
 * (docs/tags.md).
 *
 * Return: a new object owned by the caller (e.g. handed to
 * results_add_section(r, "tags", ...)); NULL on ENOMEM.
 */
struct json_object *tags_json(const struct tags *t);

/**
 * tags_to_json() - add the "tags" section to an object
 * @t: the table
 * @parent: the object that gets tags_json(@t) under "tags"
 *
 * Return: 0, or -1 on ENOMEM (@parent then has no "tags").
 */
int tags_to_json(const struct tags *t, struct json_object *parent);

#endif
