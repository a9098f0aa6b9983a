/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Between the parts of "why the tail" (tailwhy.c builds, tailwhy_read.c
 * reads the tag logs and health, tailwhy_stat.c tests).
 */
#ifndef FIORANK_TAILWHY_PRIV_H
#define FIORANK_TAILWHY_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Included after report/tailwhy.h, which it does not include itself: an
 * include circle between the two is what tests/script/analysis-layout.sh
 * refuses. */
struct fr_tw_key;
struct json_object;

/* One I/O of a key, as the section needs it. */
struct fr_tw_rec {
	uint64_t lat, t; /* latency, submission since the run start, ns */
	uint64_t idx;	 /* its place in the log, to order equal latencies */
	uint32_t w, rd;	 /* writes, reads in flight on the controller at submission */
	uint32_t slat;	 /* fio's prep to issue, ns; 0 not known */
};

struct fr_tw_recs {
	struct fr_tw_rec *r;
	size_t n, cap;
};

/* Health intervals with throttling or a warning, ms since the job's start. */
struct fr_tw_span {
	double from_ms, to_ms;
};
struct fr_tw_health {
	bool known; /* the job's controller had health snapshots */
	size_t nsamples;
	struct fr_tw_span *span;
	size_t nspan;
};

/**
 * fr_tw_read_log() - a tag log's successful records, by key
 * @written: the tag log's path as the engine file wrote it
 * @fio_source: the fio output it belongs to (relative paths are resolved from it)
 * @by_key: filled: the records of key id i in @by_key[i] (ids past @nkeys are skipped)
 * @nkeys: the room in @by_key
 * @truncated: set when the log ends in a partial record
 * @err: where the reason is written
 * @errlen: its room
 *
 * Return: 0; -EINVAL with @err set; -ENOMEM.
 */
int fr_tw_read_log(const char *written, const char *fio_source, struct fr_tw_recs *by_key,
		   size_t nkeys, bool *truncated, char *err, size_t errlen);
/**
 * fr_tw_read_health() - the job's health spans on its controller
 * @engine_doc: the engine's results file
 * @job: the job's name
 * @thread: its fio job number
 * @ctrl: the controller
 * @h: filled (h->known false: no snapshots)
 *
 * Return: 0, or -ENOMEM.
 */
int fr_tw_read_health(struct json_object *engine_doc, const char *job, long thread,
		      const char *ctrl, struct fr_tw_health *h);
/**
 * fr_tw_in_spans() - whether a time falls in a throttled or warned span
 * @h: the job's health spans
 * @t_ns: the time, on the tag log's clock
 *
 * Return: true when it does.
 */
bool fr_tw_in_spans(const struct fr_tw_health *h, uint64_t t_ns);
/**
 * fr_tw_fdp_events() - the FDP events the run's placed files logged
 * @engine_doc: the engine's results file
 *
 * Return: their count, -1 when none were read.
 */
long fr_tw_fdp_events(struct json_object *engine_doc);
/**
 * fr_tw_attribute() - a key's figures, tests, verdict and chart
 * @k: filled
 * @v: its records (sorted here)
 * @h: the job's health spans
 * @pct: the slow I/Os' percentile
 *
 * Return: 0, or -ENOMEM.
 */
int fr_tw_attribute(struct fr_tw_key *k, struct fr_tw_recs *v, const struct fr_tw_health *h,
		    double pct);

#endif
