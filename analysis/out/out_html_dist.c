// SPDX-License-Identifier: GPL-2.0-only
/*
 * Latency distribution and latency over time in the HTML report, per
 * profile at each measured drive's peak step:
 *   - the distribution from fio's json+ clat_ns.bins (ns value -> count;
 *     fio only writes them with --output-format=json+), merged over the
 *     step's jobs into ten log-spaced buckets per decade, as a share of
 *     the step's I/Os;
 *   - over time from the ssdnvme engine's tag series (<step>.engine.json
 *     beside the fio output; per key and interval: N, mean, p99): the mean
 *     per interval, merged exactly over the keys of the step's jobs and
 *     direction (one key per job thread).  Their p99s cannot be merged and
 *     are not charted over time.
 * Both from what the readers kept on the step (fr_step.fio_doc, the json+
 * bins; fr_step.engine_doc, the tag series): no file is read here.  A
 * chart is drawn only where some drive has the data: no empty chart.
 */
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/json_get.h"
#include "out/out_html_chart.h"
#include "read/read_fio.h"

#define PER_DECADE FR_DIST_PER_DECADE
#define NBUCKETS   FR_DIST_NBUCKETS
#define MAX_POINTS 4096

static bool named(const struct fr_step *s, const char *job)
{
	for (size_t i = 0; job && i < s->njobnames; i++)
		if (!strcmp(s->jobnames[i], job))
			return true;
	return false;
}

/* The direction the charts show: reads when the step did any. */
static enum fr_dir shown_dir(const struct fr_step *s)
{
	return s->dir[FR_READ].ios ? FR_READ : FR_WRITE;
}

/* Adds the json+ buckets of the step's jobs (read_fio_keep.c) into b;
 * returns the I/Os added. */
static double add_bins(struct json_object *root, const struct fr_step *s, double *b)
{
	struct json_object *jobs = fr_json_get(root, "jobs");
	size_t n = json_object_is_type(jobs, json_type_array) ? json_object_array_length(jobs) : 0;
	double total = 0;

	for (size_t i = 0; i < n; i++) {
		struct json_object *j = json_object_array_get_idx(jobs, i);
		struct json_object *lat =
			fr_json_get(fr_json_get(j, fr_dir_name(shown_dir(s))), "clat_ns");
		struct json_object *buckets = fr_json_get(lat, "buckets");

		if (!named(s, fr_json_str(j, "jobname")) ||
		    !json_object_is_type(buckets, json_type_object))
			continue;
		json_object_object_foreach(buckets, key, val)
		{
			long k = strtol(key, NULL, 10);
			double c = json_object_get_double(val);

			if (!(c > 0) || k < 0 || k >= NBUCKETS)
				continue;
			b[k] += c;
			total += c;
		}
	}
	return total;
}

/* Fills x, y with e's distribution (µs, % of I/Os); returns the points. */
static size_t dist_points(const struct fr_entry *e, double *x, double *y)
{
	struct json_object *root = e->peak->fio_doc;
	double b[NBUCKETS] = {0}, total = root ? add_bins(root, e->peak, b) : 0;
	size_t n = 0;

	for (size_t k = 0; total > 0 && k < NBUCKETS; k++)
		if (b[k] > 0) {
			x[n] = fr_us(pow(10, ((double)k + 0.5) / PER_DECADE));
			y[n++] = 100 * b[k] / total;
		}
	return n;
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

		if (!(n > 0) || !isfinite(mean) || !(slot >= 0) || slot >= MAX_POINTS)
			continue;
		n_at[(size_t)slot] += n;
		sum_at[(size_t)slot] += n * mean;
		if ((size_t)slot + 1 > *len)
			*len = (size_t)slot + 1;
	}
}

/* Fills x, y with e's mean latency per interval (s, µs), merged exactly
 * over the step's tag keys of its direction (one per job thread):
 * sum(N x mean) / sum(N).  Percentiles of several keys cannot be merged. */
static size_t time_points(const struct fr_entry *e, double *x, double *y)
{
	struct json_object *keys = fr_json_get(fr_json_get(e->peak->engine_doc, "tags"), "keys");
	double *n_at = calloc(MAX_POINTS, sizeof(*n_at)),
	       *sum_at = calloc(MAX_POINTS, sizeof(*sum_at));
	double ms = NAN;
	size_t n = 0, slots = 0;

	if (!n_at || !sum_at)
		goto out;
	for (size_t i = 0;
	     json_object_is_type(keys, json_type_array) && i < json_object_array_length(keys);
	     i++) {
		struct json_object *k = json_object_array_get_idx(keys, i);
		const char *dir = fr_json_str(k, "direction");

		if (dir && !strcmp(dir, fr_dir_name(shown_dir(e->peak))) &&
		    named(e->peak, fr_json_str(k, "job"))) {
			ms = fr_json_num(fr_json_get(k, "series"), "interval_ms");
			add_series(k, n_at, sum_at, &slots);
		}
	}
	for (size_t t = 0; t < slots; t++)
		if (n_at[t] > 0) {
			x[n] = (double)t * ms / 1000;
			y[n++] = fr_us(sum_at[t] / n_at[t]);
		}
out:
	free(n_at);
	free(sum_at);
	return n;
}

typedef size_t (*points_fn)(const struct fr_entry *e, double *x, double *y);

/* One chart of every measured drive's points, or nothing when none has any. */
static void chart(FILE *f, const struct fr_profile_rank *pr, struct fr_palette *pal, points_fn fill,
		  size_t max, const char *title, const char *xl, const char *yl)
{
	struct fr_series *s = calloc(pr->n + 1, sizeof(*s));
	double *xy = calloc(2 * max * (pr->n + 1), sizeof(*xy));
	size_t ns = 0;

	for (size_t i = 0; s && xy && i < pr->n; i++) {
		const struct fr_entry *e = &pr->e[i];
		double *x = xy + 2 * max * ns;
		size_t n = e->drive->reference ? 0 : fill(e, x, x + max);

		if (n)
			s[ns++] = (struct fr_series){e->drive->label,
						     x,
						     x + max,
						     n,
						     false,
						     fr_palette_index(pal, e->drive->label),
						     NULL};
	}
	if (ns)
		fr_svg_lines(f, title, xl, yl, s, ns);
	free(s);
	free(xy);
}

void fr_html_dist(FILE *f, const struct fr_profile_rank *pr, struct fr_palette *pal)
{
	char title[256];

	snprintf(title, sizeof(title),
		 "%s at the peak: completion latency distribution (fio json+)", pr->name);
	chart(f, pr, pal, dist_points, NBUCKETS, title, "completion latency (µs)", "% of I/Os");
	snprintf(title, sizeof(title),
		 "%s at the peak: mean completion latency over time (engine tags)", pr->name);
	chart(f, pr, pal, time_points, MAX_POINTS, title, "time since the step's start (s)",
	      "mean latency (µs)");
}
