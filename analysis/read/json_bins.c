// SPDX-License-Identifier: GPL-2.0-only
/*
 * A fio job's completion-latency percentiles from its raw json+ bins
 * (json_bins.h): the figures fiorank pts judges and the runner's
 * --ss-measures waits on, shared by the PTS reader and the main reader's
 * steady-state rounds; and fio's bins added to a model/hist.h histogram
 * (the fleet view's per-server bins, read/read_clients.c), whose fio rule
 * (the first bin whose running count reaches p % of all) gives those
 * percentiles too.
 */
#include <math.h>
#include <stdlib.h>

#include <json-c/json.h>

#include "util/json_get.h"
#include "model/hist.h"
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

int fr_hist_add_json(struct fr_hist *h, struct json_object *bins)
{
	size_t start = h->n;
	double total = h->total;

	if (!json_object_is_type(bins, json_type_object))
		return -1;
	json_object_object_foreach(bins, key, val)
	{
		char *end;
		double ns = strtod(key, &end), c = json_object_get_double(val);

		if (end == key || *end || !(ns >= 0) || !(c >= 0) ||
		    !(json_object_is_type(val, json_type_int) ||
		      json_object_is_type(val, json_type_double))) {
			h->n = start;
			h->total = total;
			return -1;
		}
		if (fr_hist_add(h, ns, c)) {
			h->n = start;
			h->total = total;
			return -2;
		}
	}
	return 0;
}

double fr_job_pct_us(struct json_object *j, double p)
{
	static const char *const dirs[] = {"read", "write"};
	struct fr_hist h = {0};
	double out;

	for (int d = 0; j && d < 2; d++) {
		struct json_object *bins =
			fr_json_get(fr_json_get(fr_json_get(j, dirs[d]), "clat_ns"), "bins");

		/* a direction without bins adds none; bins that are not fio's
		 * (a key or a count not a number) give no percentile */
		if (json_object_is_type(bins, json_type_object) && fr_hist_add_json(&h, bins)) {
			fr_hist_free(&h);
			return NAN;
		}
	}
	fr_hist_sort(&h);
	out = fr_hist_pct(&h, p) / 1000;
	fr_hist_free(&h);
	/* a bin's value is its middle: never report above the largest I/O */
	if (!isnan(out) && out > fr_job_max_us(j))
		out = fr_job_max_us(j);
	return out;
}
