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
	char *ctrl;
	char *label;
	struct inflight *inflight; /* the controller's shared counters, or NULL */
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

/* NULL with errno (EINVAL for a bad percentile list, ENOMEM). */
struct tags *tags_new(const struct tags_config *cfg);
void tags_free(struct tags *t);

/*
 * The key for (@ctrl, @nsid, @dir, @label), created on first use; NULL with
 * errno ENOMEM.  @inflight is the controller's shared in-flight counters (may
 * be NULL: the in-flight context is then zero); it is bound at creation.
 * Linear in the number of keys: call it at setup and cache the result.
 */
struct tag_key *tags_key(struct tags *t, const char *ctrl, struct inflight *inflight, uint32_t nsid,
			 enum tag_dir dir, const char *label);

/* Out of line: completions with an error, and the tag log. */
void tags_complete_rare(struct tags *t, struct tag_key *k, struct tag_io *io, int error);

/* Out of line, once per series interval: closes the interval and reclaims
 * in-flight slots of dead processes (at most every INFLIGHT_REAP_NS). */
void tags_tick(struct tag_key *k, uint64_t now_ns);

/*
 * At submission: fills @io (the I/O's own record, kept by the engine until
 * completion; no need to clear it) with its time, LBA, length in bytes, the
 * job's queue depth @qd (this I/O included) and the controller's in-flight
 * counts (before this I/O), then counts the I/O as in flight on the
 * controller.  Its nsid, key id and direction are the key's, filled in only
 * where the record leaves the key (tag log), to keep this path short.
 */
static inline void tags_on_submit(struct tags *t, struct tag_key *k, struct tag_io *io,
				  uint64_t now_ns, uint64_t lba, uint32_t len, uint32_t qd)
{
	(void)t;
	io->submit_ns = now_ns;
	io->lba = lba;
	io->len = len;
	io->qd = qd > UINT16_MAX ? UINT16_MAX : qd;
	if (k->inflight) {
		inflight_snapshot(k->inflight, io->inflight);
		inflight_inc(k->inflight, k->dir);
	} else {
		memset(io->inflight, 0, sizeof(io->inflight));
	}
}

/*
 * At completion (also for errors and cancellations: the controller's count
 * must drop): sets the latency and records it unless @error, in which case
 * only k->errors counts it.  Both go to the tag log when there is one.
 */
static inline void tags_on_complete(struct tags *t, struct tag_key *k, struct tag_io *io,
				    uint64_t now_ns, int error)
{
	if (k->inflight)
		inflight_dec(k->inflight, k->dir);
	io->lat_ns = now_ns > io->submit_ns ? now_ns - io->submit_ns : 0;
	if (__builtin_expect(error || t->cfg.log, 0)) {
		tags_complete_rare(t, k, io, error);
		if (error)
			return;
	}
	if (__builtin_expect(now_ns >= k->series.cur_end, 0))
		tags_tick(k, now_ns);
	tag_hist_add(&k->hist, io->lat_ns);
	tag_outliers_add(&k->outliers, io);
}

/*
 * The "tags" section: {version, interval_ms, outliers_per_key, percentiles,
 * keys: [...]} (docs/tags.md), a new object owned by the caller (e.g. handed
 * to results_add_section(r, "tags", ...)); NULL on ENOMEM.  Does not change
 * the table, so it can run on an interrupted run's exit path or more than once.
 */
struct json_object *tags_json(const struct tags *t);

/* Adds tags_json(t) to @parent under "tags"; -1 on ENOMEM. */
int tags_to_json(const struct tags *t, struct json_object *parent);

#endif
