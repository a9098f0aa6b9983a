// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kept documents as plain arrays (read_kept.h).
 */
#include <json-c/json.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/json_get.h"
#include "read/read_kept.h"

static bool named(const struct fr_step *s, const char *job)
{
	for (size_t i = 0; job && i < s->njobnames; i++)
		if (!strcmp(s->jobnames[i], job))
			return true;
	return false;
}

double fr_kept_buckets(const struct fr_step *s, enum fr_dir dir, double *b)
{
	struct json_object *jobs = fr_json_get(s->fio_doc, "jobs");
	size_t n = json_object_is_type(jobs, json_type_array) ? json_object_array_length(jobs) : 0;
	double total = 0;

	for (size_t i = 0; i < n; i++) {
		struct json_object *j = json_object_array_get_idx(jobs, i);
		struct json_object *lat = fr_json_get(fr_json_get(j, fr_dir_name(dir)), "clat_ns");
		struct json_object *buckets = fr_json_get(lat, "buckets");

		if (!named(s, fr_json_str(j, "jobname")) ||
		    !json_object_is_type(buckets, json_type_object))
			continue;
		json_object_object_foreach(buckets, key, val)
		{
			long k = strtol(key, NULL, 10);
			double c = json_object_get_double(val);

			if (!(c > 0) || k < 0 || k >= FR_DIST_NBUCKETS)
				continue;
			b[k] += c;
			total += c;
		}
	}
	return total;
}

/* Adds key k's series into the interval sums: N and N x mean per t_ms. */
static void add_series(struct json_object *k, double *n_at, double *sum_at, size_t *len)
{
	struct json_object *pts = fr_json_get(fr_json_get(k, "series"), "points");
	double ms = fr_json_num(fr_json_get(k, "series"), "interval_ms");
	size_t np = json_object_is_type(pts, json_type_array) ? json_object_array_length(pts) : 0;

	for (size_t i = 0; ms > 0 && i < np; i++) {
		struct json_object *p = json_object_array_get_idx(pts, i);
		double t = fr_json_num(p, "t_ms"), n = fr_json_num(p, "N");
		double mean = fr_json_num(p, "mean"), slot = t / ms;

		if (!(n > 0) || !isfinite(mean) || !(slot >= 0) || slot >= FR_KEPT_MAX_INTERVALS)
			continue;
		n_at[(size_t)slot] += n;
		sum_at[(size_t)slot] += n * mean;
		if ((size_t)slot + 1 > *len)
			*len = (size_t)slot + 1;
	}
}

size_t fr_kept_tag_sums(const struct fr_step *s, enum fr_dir dir, double *n_at, double *sum_at,
			double *interval_ms)
{
	struct json_object *keys = fr_json_get(fr_json_get(s->engine_doc, "tags"), "keys");
	size_t nkeys =
		json_object_is_type(keys, json_type_array) ? json_object_array_length(keys) : 0;
	size_t slots = 0;

	*interval_ms = NAN;
	for (size_t i = 0; i < nkeys; i++) {
		struct json_object *k = json_object_array_get_idx(keys, i);
		const char *d = fr_json_str(k, "direction");

		if (d && !strcmp(d, fr_dir_name(dir)) && named(s, fr_json_str(k, "job"))) {
			*interval_ms = fr_json_num(fr_json_get(k, "series"), "interval_ms");
			add_series(k, n_at, sum_at, &slots);
		}
	}
	return slots;
}
