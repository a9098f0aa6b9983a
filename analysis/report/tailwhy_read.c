// SPDX-License-Identifier: GPL-2.0-only
/*
 * "Why the tail": what the section reads beside the engine results file
 * (tailwhy.h): the tag logs its jobs wrote, split by key, and the intervals
 * in which the drive's health samples show throttling or a warning.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "report/tailwhy.h"
#include "report/tailwhy_priv.h"
#include "util/json_get.h"
#include "taglog.h"

/* The log as written, else its name beside the fio output (a results folder
 * copied or moved keeps its files together). */
static char *taglog_path(const char *written, const char *fio_source)
{
	const char *base = strrchr(written, '/');
	const char *dir_end = fio_source ? strrchr(fio_source, '/') : NULL;
	char *p;

	if (!access(written, R_OK) || !base)
		return strdup(written);
	base++;
	if (!dir_end)
		return strdup(base);
	if (asprintf(&p, "%.*s/%s", (int)(dir_end - fio_source), fio_source, base) < 0)
		return NULL;
	return p;
}

static int recs_push(struct fr_tw_recs *v, const struct tag_io *io, uint64_t idx)
{
	if (v->n == v->cap) {
		size_t cap = v->cap ? v->cap * 2 : 1024;
		struct fr_tw_rec *r = realloc(v->r, cap * sizeof(*r));

		if (!r)
			return -ENOMEM;
		v->r = r;
		v->cap = cap;
	}
	v->r[v->n++] = (struct fr_tw_rec){
		.lat = io->lat_ns,
		.t = io->submit_ns,
		.idx = idx,
		.w = tag_inflight_count(io->inflight[TAG_WRITE]),
		.rd = tag_inflight_count(io->inflight[TAG_READ]),
		.slat = io->slat_ns,
	};
	return 0;
}

int fr_tw_read_log(const char *written, const char *fio_source, struct fr_tw_recs *by_key,
		   size_t nkeys, bool *truncated, char *err, size_t errlen)
{
	char *path = taglog_path(written, fio_source);
	struct taglog_reader *r;
	struct tag_io io;
	uint64_t idx = 0;
	int got;

	if (!path)
		return -ENOMEM;
	r = taglog_open(path, err, errlen);
	free(path);
	if (!r)
		return -EINVAL;
	while ((got = taglog_next(r, &io, err, errlen)) == 1) {
		idx++;
		/* errors are not in the statistics, as in the tags */
		if (io.flags & TAG_IO_ERROR || io.key_id >= nkeys)
			continue;
		if (recs_push(&by_key[io.key_id], &io, idx - 1)) {
			taglog_reader_close(r);
			return -ENOMEM;
		}
	}
	*truncated = got == 0 && taglog_truncated(r);
	taglog_reader_close(r);
	return got < 0 ? -EINVAL : 0;
}

/* Whether the drive throttled or warned between two health snapshots. */
static bool health_flagged(struct json_object *p, struct json_object *q)
{
	static const char *const grew[] = {"tmt1_count",
					   "tmt2_count",
					   "tmt1_time_s",
					   "tmt2_time_s",
					   "warning_temp_time_min",
					   "critical_temp_time_min"};
	size_t i;

	if (fr_json_num(q, "critical_warning") > 0 || fr_json_num(p, "critical_warning") > 0 ||
	    fr_json_num(q, "endgrp_crit_warning") > 0)
		return true;
	for (i = 0; i < sizeof(grew) / sizeof(grew[0]); i++)
		if (fr_json_num(q, grew[i]) > fr_json_num(p, grew[i]))
			return true;
	return false;
}

static int span_push(struct fr_tw_health *h, double from, double to)
{
	struct fr_tw_span *s = realloc(h->span, (h->nspan + 1) * sizeof(*s));

	if (!s)
		return -ENOMEM;
	h->span = s;
	h->span[h->nspan++] = (struct fr_tw_span){from, to};
	return 0;
}

/* The snapshots of one controller in time order: before, samples, after. */
static int health_spans(struct json_object *ctrl, struct fr_tw_health *h)
{
	struct json_object *samples = fr_json_get(ctrl, "samples");
	struct json_object *prev = fr_json_get(ctrl, "before"), *cur;
	size_t i, n = json_object_is_type(samples, json_type_array)
			      ? json_object_array_length(samples)
			      : 0;

	if (!json_object_is_type(prev, json_type_object))
		return 0;
	h->known = true;
	h->nsamples = n;
	for (i = 0; i <= n; i++) {
		cur = i < n ? json_object_array_get_idx(samples, i) : fr_json_get(ctrl, "after");
		if (!json_object_is_type(cur, json_type_object))
			continue;
		if (health_flagged(prev, cur) &&
		    span_push(h, fr_json_num(prev, "t_ms"), fr_json_num(cur, "t_ms")))
			return -ENOMEM;
		prev = cur;
	}
	return 0;
}

int fr_tw_read_health(struct json_object *engine_doc, const char *job, long thread,
		      const char *ctrl, struct fr_tw_health *h)
{
	struct json_object *health = fr_json_get(engine_doc, "health");

	memset(h, 0, sizeof(*h));
	if (!json_object_is_type(health, json_type_object))
		return 0;
	json_object_object_foreach(health, name, entry)
	{
		struct json_object *ctrls = fr_json_get(entry, "controllers");
		const char *ejob = fr_json_str(entry, "job");
		size_t i;

		(void)name;
		if (!ejob || !job || strcmp(ejob, job) || fr_json_num(entry, "thread") != thread ||
		    !json_object_is_type(ctrls, json_type_array))
			continue;
		for (i = 0; i < json_object_array_length(ctrls); i++) {
			struct json_object *c = json_object_array_get_idx(ctrls, i);
			const char *cname = fr_json_str(c, "controller");

			if (ctrl && cname && !strcmp(cname, ctrl))
				return health_spans(c, h);
		}
	}
	return 0;
}

bool fr_tw_in_spans(const struct fr_tw_health *h, uint64_t t_ns)
{
	double ms = (double)t_ns / 1e6;
	size_t i;

	for (i = 0; i < h->nspan; i++)
		if (ms >= h->span[i].from_ms && ms < h->span[i].to_ms)
			return true;
	return false;
}

long fr_tw_fdp_events(struct json_object *engine_doc)
{
	struct json_object *jobs = fr_json_get(engine_doc, "jobs");
	long n = -1;
	size_t i, j;

	if (!json_object_is_type(jobs, json_type_array))
		return -1;
	for (i = 0; i < json_object_array_length(jobs); i++) {
		struct json_object *pl =
			fr_json_get(json_object_array_get_idx(jobs, i), "placement");

		if (!json_object_is_type(pl, json_type_array))
			continue;
		for (j = 0; j < json_object_array_length(pl); j++) {
			struct json_object *ev =
				fr_json_get(json_object_array_get_idx(pl, j), "fdp_events");
			struct json_object *list = fr_json_get(ev, "events");

			if (!json_object_is_type(list, json_type_array))
				continue;
			n = (n < 0 ? 0 : n) + (long)json_object_array_length(list);
		}
	}
	return n;
}
