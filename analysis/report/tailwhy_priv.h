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

/* Reads a tag log's successful records into @by_key[key id] (ids past
 * @nkeys are skipped).  Return: 0; -EINVAL with @err set; -ENOMEM. */
int fr_tw_read_log(const char *written, const char *fio_source, struct fr_tw_recs *by_key,
		   size_t nkeys, bool *truncated, char *err, size_t errlen);
/* The job's health spans on its controller @ctrl (h->known false: none). */
int fr_tw_read_health(struct json_object *engine_doc, const char *job, long thread,
		      const char *ctrl, struct fr_tw_health *h);
bool fr_tw_in_spans(const struct fr_tw_health *h, uint64_t t_ns);
/* FDP events the run's placed files logged, -1 when none were read. */
long fr_tw_fdp_events(struct json_object *engine_doc);
/* Fills @k's figures, tests, verdict and chart from its records (sorted
 * here).  Return: 0 or -ENOMEM. */
int fr_tw_attribute(struct fr_tw_key *k, struct fr_tw_recs *v, const struct fr_tw_health *h,
		    double pct);

#endif
