// SPDX-License-Identifier: GPL-2.0-only
/*
 * A fio job's completion-latency percentiles from its raw json+ bins
 * (json_bins.h): the figures fiorank pts judges and the runner's
 * --ss-measures waits on, shared by the PTS reader and the main reader's
 * steady-state rounds.
 */
#include <math.h>
#include <stdlib.h>

#include <json-c/json.h>

#include "util/json_get.h"
#include "read/json_bins.h"

double fr_job_max_us(struct json_object *j)
{
	static const char *const dirs[] = {"read", "write"};
	double mx = NAN;
	int i;

	for (i = 0; j && i < 2; i++) {
		struct json_object *d = fr_json_get(j, dirs[i]);
		double v = fr_json_num(fr_json_get(d, "clat_ns"), "max");

		if (fr_json_num(d, "total_ios") > 0 && (isnan(mx) || v > mx))
			mx = v;
	}
	return mx / 1000;
}

struct bin {
	double ns, count;
};

static int by_ns(const void *a, const void *b)
{
	double x = ((const struct bin *)a)->ns, y = ((const struct bin *)b)->ns;

	return (x > y) - (x < y);
}

double fr_job_pct_us(struct json_object *j, double p)
{
	static const char *const dirs[] = {"read", "write"};
	struct bin *b = NULL;
	size_t n = 0, cap = 0, i;
	double total = 0, seen = 0, rank, out = NAN;
	int d;

	for (d = 0; j && d < 2; d++) {
		struct json_object *bins =
			fr_json_get(fr_json_get(fr_json_get(j, dirs[d]), "clat_ns"), "bins");

		if (!json_object_is_type(bins, json_type_object))
			continue;
		json_object_object_foreach(bins, key, val)
		{
			if (n == cap) {
				struct bin *nb =
					realloc(b, (cap = cap ? 2 * cap : 256) * sizeof(*b));

				if (!nb) {
					free(b);
					return NAN;
				}
				b = nb;
			}
			b[n].ns = strtod(key, NULL);
			b[n].count = json_object_get_double(val);
			total += b[n++].count;
		}
	}
	if (total > 0) {
		qsort(b, n, sizeof(*b), by_ns);
		rank = ceil(p / 100 * total);
		for (i = 0; i < n; i++) {
			seen += b[i].count;
			if (seen >= rank) {
				out = b[i].ns / 1000;
				break;
			}
		}
	}
	free(b);
	/* a bin's value is its middle: never report above the largest I/O */
	if (!isnan(out) && out > fr_job_max_us(j))
		out = fr_job_max_us(j);
	return out;
}
