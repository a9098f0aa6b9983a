// SPDX-License-Identifier: GPL-2.0-only
/*
 * The checkpoint method's figures from its fio output (jobs/checkpoint.fio):
 * per phase (the checkpoint's writes, the restore's reads) the time from the
 * first writer's start to the last one's end, from fio's job_start (ms since
 * the epoch, when the job's measured I/O began) and job_runtime (ms); the
 * bytes of all writers over that time; the reader's tails beside the phase,
 * given only when its fixed window ended before the phase did.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "report/ai.h"
#include "util/json_get.h"

/* The jobs of one name, in fio's order. */
struct jobset {
	struct json_object *j[256];
	size_t n;
};

static void collect(struct json_object *doc, const char *name, struct jobset *s)
{
	struct json_object *jobs = fr_ai_jobs(doc);
	size_t n = json_object_is_type(jobs, json_type_array) ? json_object_array_length(jobs) : 0;

	s->n = 0;
	for (size_t i = 0; i < n && s->n < sizeof(s->j) / sizeof(s->j[0]); i++) {
		struct json_object *job = json_object_array_get_idx(jobs, i);
		const char *jn = fr_json_str(job, "jobname");

		if (jn && !strcmp(jn, name))
			s->j[s->n++] = job;
	}
}

/* numjobs= of a job's options; 1 when not given. */
static long numjobs_of(struct json_object *job)
{
	const char *v = fr_json_str(fr_json_get(job, "job options"), "numjobs");

	return v ? strtol(v, NULL, 10) : 1;
}

/* A phase's writers (ddir: "write" or "read") and its reader. */
static void phase(const struct jobset *w, const char *ddir, struct json_object *reader,
		  enum fr_basis basis, struct fr_ai_phase *ph)
{
	double start = INFINITY, last_start = -INFINITY, end = -INFINITY, rs, rt;

	memset(ph, 0, sizeof(*ph));
	ph->time_s = ph->mbps = ph->shard = NAN;
	ph->writers = (unsigned)w->n;
	if (numjobs_of(w->j[0]) != (long)w->n) {
		snprintf(ph->problem, sizeof(ph->problem),
			 "%zu entries for numjobs=%ld: each writer must be reported on its own "
			 "(group_reporting=0) to time the phase",
			 w->n, numjobs_of(w->j[0]));
		return;
	}
	for (size_t i = 0; i < w->n; i++) {
		double s = fr_json_num(w->j[i], "job_start"),
		       r = fr_json_num(w->j[i], "job_runtime");
		double b = fr_json_num(fr_json_get(w->j[i], ddir), "io_bytes");

		if (!(s > 0) || !(r >= 0) || !isfinite(b)) {
			snprintf(ph->problem, sizeof(ph->problem),
				 "a writer has no job_start, job_runtime or io_bytes in fio's "
				 "output");
			return;
		}
		start = fmin(start, s);
		last_start = fmax(last_start, s);
		end = fmax(end, s + r);
		ph->bytes += b;
		ph->shard = i == 0 || ph->shard == b ? b : -1;
	}
	if (ph->shard < 0) {
		ph->shard = NAN;
		snprintf(ph->problem, sizeof(ph->problem),
			 "the writers moved unequal bytes: a shard is incomplete");
		return;
	}
	ph->spread_ms = last_start - start;
	ph->time_s = (end - start) / 1000.0;
	ph->mbps = ph->time_s > 0 ? ph->bytes / ph->time_s / 1e6 : NAN;
	rs = fr_json_num(reader, "job_start");
	rt = fr_json_num(reader, "job_runtime");
	fr_ai_tails_read(fr_json_get(reader, "read"), basis, &ph->reader);
	if (!(rs > 0) || !(rt >= 0)) {
		ph->reader.ran = false;
		snprintf(ph->problem, sizeof(ph->problem),
			 "the reader has no job_start or job_runtime");
	} else if (rs + rt > end) {
		ph->reader.ran = false;
		snprintf(ph->problem, sizeof(ph->problem),
			 "the reader ran %.0f ms past the last writer: its tails would mix the "
			 "phase "
			 "with a quiet drive (a larger shard, or a shorter SSDNVME_CKPT_READ_TIME)",
			 rs + rt - end);
	}
}

void fr_ai_ckpt_figures(struct json_object *doc, enum fr_basis basis, struct fr_ai_ckpt *c)
{
	static const char *const need[] = {"ckpt-reader@alone", "ckpt@write", "ckpt-reader@write",
					   "ckpt@restore", "ckpt-reader@restore"};
	struct jobset s[5];

	for (size_t i = 0; i < 5; i++) {
		collect(doc, need[i], &s[i]);
		if (!s[i].n) {
			snprintf(
				c->run.problem, sizeof(c->run.problem),
				"no %s job in this run: jobs/checkpoint.fio's five jobs are needed",
				need[i]);
			return;
		}
	}
	if (fr_ai_failed(doc, c->run.problem, sizeof(c->run.problem)))
		return;
	fr_ai_tails_read(fr_json_get(s[0].j[0], "read"), basis, &c->alone);
	phase(&s[1], "write", s[2].j[0], basis, &c->write);
	phase(&s[3], "read", s[4].j[0], basis, &c->restore);
}
