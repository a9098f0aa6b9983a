// SPDX-License-Identifier: GPL-2.0-only
/*
 * What both AI methods read of a fio output's jobs (ai.h): the jobs array,
 * whether one failed, and a reader's percentiles from fio's list.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "report/ai.h"
#include "util/json_get.h"

static const struct {
	const char *key, *name;
	double p;
} pcts[FR_AI_NPCT] = {
	{"50.000000", "p50", 50},     {"95.000000", "p95", 95},	      {"99.000000", "p99", 99},
	{"99.900000", "p99.9", 99.9}, {"99.990000", "p99.99", 99.99},
};

const char *fr_ai_pct_name(enum fr_ai_pct p)
{
	return pcts[p].name;
}

void fr_ai_tails_read(struct json_object *dir, enum fr_basis basis, struct fr_ai_tails *t)
{
	const char *lat_key = basis == FR_LAT ? "lat_ns" : "clat_ns";
	struct json_object *list = fr_json_get(fr_json_get(dir, lat_key), "percentile");

	memset(t, 0, sizeof(*t));
	t->ios = fr_json_num(dir, "total_ios");
	t->ran = t->ios > 0;
	for (int p = 0; p < FR_AI_NPCT; p++) {
		/* below 1 / (1 - p) reads, the percentile is the slowest read or
		 * next to it: not a tail of the distribution */
		double need = ceil(1.0 / (1.0 - pcts[p].p / 100.0) - 1e-9);

		t->pct[p] = fr_json_num(list, pcts[p].key);
		if (!t->ran)
			snprintf(t->why[p], sizeof(t->why[p]), "no reads");
		else if (!isfinite(t->pct[p]))
			snprintf(t->why[p], sizeof(t->why[p]),
				 "%s not in fio's percentile list (%s)", pcts[p].name, lat_key);
		else if (t->ios < need)
			snprintf(t->why[p], sizeof(t->why[p]),
				 "%.0f reads, fewer than the %.0f %s needs", t->ios, need,
				 pcts[p].name);
		else
			continue;
		t->pct[p] = NAN;
	}
}

struct json_object *fr_ai_jobs(struct json_object *doc)
{
	struct json_object *jobs = fr_json_get(doc, "jobs");

	return jobs ? jobs : fr_json_get(doc, "client_stats");
}

/* The first job of the run that failed, named in why; false when none. */
bool fr_ai_failed(struct json_object *doc, char *why, size_t len)
{
	struct json_object *jobs = fr_ai_jobs(doc);
	size_t n = json_object_is_type(jobs, json_type_array) ? json_object_array_length(jobs) : 0;

	for (size_t i = 0; i < n; i++) {
		struct json_object *job = json_object_array_get_idx(jobs, i);
		double e = fr_json_num(job, "error");

		if (isfinite(e) && e != 0) {
			snprintf(why, len,
				 "job %s ended with fio error %.0f: the run is incomplete",
				 fr_json_str(job, "jobname") ?: "?", e);
			return true;
		}
	}
	return false;
}
