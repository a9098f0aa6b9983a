// SPDX-License-Identifier: GPL-2.0-only
/*
 * The KV-cache method's figures from its fio output (jobs/kvcache.fio): per
 * step kvcache@q<D>, the reads' IOPS and their P95, P99 and P99.99 from
 * fio's percentile list (which must hold 95: fio's default list does not),
 * beside the MB/s of the filling writer kvcache-fill@q<D> of the same step.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "report/ai.h"
#include "util/json_get.h"

/* D of "<prefix>q<D>", or 0 when the name is not that. */
static unsigned depth_of(const char *name, const char *prefix)
{
	size_t pl = strlen(prefix);
	char *end;
	unsigned long d;

	if (!name || strncmp(name, prefix, pl) || name[pl] != 'q')
		return 0;
	d = strtoul(name + pl + 1, &end, 10);
	return *end || d < 1 || d > 65536 ? 0 : (unsigned)d;
}

static struct json_object *fill_of(struct json_object *jobs, size_t n, unsigned depth)
{
	for (size_t i = 0; i < n; i++) {
		struct json_object *job = json_object_array_get_idx(jobs, i);

		if (depth_of(fr_json_str(job, "jobname"), "kvcache-fill@") == depth)
			return job;
	}
	return NULL;
}

static void one_step(struct json_object *job, struct json_object *fill, enum fr_basis basis,
		     unsigned depth, struct fr_ai_kv_step *st)
{
	const char *qd = fr_json_str(fr_json_get(job, "job options"), "iodepth");

	memset(st, 0, sizeof(*st));
	st->depth = depth;
	st->iops = fr_json_num(fr_json_get(job, "read"), "iops");
	fr_ai_tails_read(fr_json_get(job, "read"), basis, &st->reads);
	st->fill_mbps = fill ? fr_json_num(fr_json_get(fill, "write"), "bw_bytes") / 1e6 : NAN;
	if (qd && strtoul(qd, NULL, 10) != depth)
		snprintf(st->problem, sizeof(st->problem),
			 "its name says queue depth %u, its iodepth= is %s", depth, qd);
	else if (!fill)
		snprintf(st->problem, sizeof(st->problem),
			 "no kvcache-fill@q%u beside it: not the method's step", depth);
}

static int by_depth(const void *a, const void *b)
{
	const struct fr_ai_kv_step *x = a, *y = b;

	return (x->depth > y->depth) - (x->depth < y->depth);
}

int fr_ai_kv_figures(struct json_object *doc, enum fr_basis basis, struct fr_ai_kv *k)
{
	struct json_object *jobs = fr_ai_jobs(doc);
	size_t n = json_object_is_type(jobs, json_type_array) ? json_object_array_length(jobs) : 0;

	if (fr_ai_failed(doc, k->run.problem, sizeof(k->run.problem)))
		return 0;
	k->steps = calloc(n + 1, sizeof(*k->steps));
	if (!k->steps)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		struct json_object *job = json_object_array_get_idx(jobs, i);
		unsigned d = depth_of(fr_json_str(job, "jobname"), "kvcache@");

		if (d)
			one_step(job, fill_of(jobs, n, d), basis, d, &k->steps[k->nsteps++]);
	}
	if (!k->nsteps)
		snprintf(k->run.problem, sizeof(k->run.problem),
			 "no kvcache@q<D> read step in this run");
	qsort(k->steps, k->nsteps, sizeof(*k->steps), by_depth);
	return 0;
}
