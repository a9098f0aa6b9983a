// SPDX-License-Identifier: GPL-2.0-only
/*
 * The parts of a fio output that stages after the reader use, kept on the
 * step (fr_step.fio_doc) so that none of them opens the file again:
 *   - the global and each job's options: the baseline gate compares them
 *     (baseline_params.c), fio's latency logs are found through them
 *     (read_fio_log.c);
 *   - each job's json+ completion-latency bins, per direction, summed into
 *     FR_DIST_NBUCKETS log-spaced buckets: the HTML latency distribution
 *     (out_html_dist.c), the only stage that reads them; a model that
 *     keeps less (fr_model.keep: every other format) keeps none.  A json+ job has thousands of
 * bins, its buckets a few dozen: a results folder of json+ output stays small in memory. The kept
 * tree has fio's shape ("global options", "jobs" or "client_stats" as the document had it, per job
 * "jobname", a client's "hostname" and "port", "job options" and
 * "read"/"write"."clat_ns"."buckets": bucket index -> I/Os), holding references to the options of
 * the parsed document, not copies. A job's global options are read from it with read_fio_globals.h.
 */
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "util/json_get.h"
#include "read/read_fio_keep.h"

bool fr_fio_keep_ref(struct json_object *o, const char *key, struct json_object *v)
{
	if (!v)
		return true;
	if (json_object_object_add(o, key, json_object_get(v))) {
		json_object_put(v);
		return false;
	}
	return true;
}

/* {key: v}, or NULL (v NULL, or no memory: v is released). */
static struct json_object *wrap(const char *key, struct json_object *v)
{
	struct json_object *o = v ? json_object_new_object() : NULL;

	if (!o || json_object_object_add(o, key, v)) {
		json_object_put(v);
		json_object_put(o);
		return NULL;
	}
	return o;
}

/* The bucket of a bin of ns nanoseconds, or -1 outside 1 ns .. 10^12 ns. */
static long bucket_compute(double ns)
{
	long k = ns >= 1 ? lround(floor(log10(ns) * FR_DIST_PER_DECADE)) : 0;

	return k >= 0 && k < FR_DIST_NBUCKETS ? k : -1;
}

/*
 * fio's json+ bins are a fixed set of about 1,900 latencies (its histogram's
 * bucket values), met again in every job of every file: each value's bucket
 * is remembered (per thread, direct-mapped by the value's bits), so log10()
 * runs about once per distinct value instead of once per bin.  The same
 * function of the same input: the same answer.
 */
#define BUCKET_MEMO_BITS 12

long fr_dist_bucket_of(double ns)
{
	static __thread struct {
		uint64_t bits;
		long k;
		bool set;
	} memo[1u << BUCKET_MEMO_BITS];
	uint64_t bits;
	size_t i;

	memcpy(&bits, &ns, sizeof(bits));
	i = (size_t)((bits * 0x9e3779b97f4a7c15ull) >> (64 - BUCKET_MEMO_BITS));
	if (!memo[i].set || memo[i].bits != bits) {
		memo[i].bits = bits;
		memo[i].k = bucket_compute(ns);
		memo[i].set = true;
	}
	return memo[i].k;
}

/* A bin's bucket counted from 0 up with FR_DIST_NBUCKETS for -1 (from
 * 10^12 ns up): never less for a larger ns (below). */
static long bucket_rank(uint64_t ns)
{
	long k = bucket_compute((double)ns);

	return k < 0 ? FR_DIST_NBUCKETS : k;
}

static uint64_t bucket_start[FR_DIST_NBUCKETS + 1];

/*
 * Each bucket's least whole ns, found from 10^(k/10) rounded up by asking
 * bucket_compute() itself on either side.  That it never falls as whole
 * ns rise: log10() is off by a few ulps at most, while log10(n + 1) -
 * log10(n) is over 200 ulps of log10(n) for every n up to 10^12.
 */
static void find_bucket_starts(void)
{
	for (long k = 1; k <= FR_DIST_NBUCKETS; k++) {
		uint64_t n = (uint64_t)ceil(pow(10, (double)k / FR_DIST_PER_DECADE));

		while (bucket_rank(n) < k)
			n++;
		while (n > 1 && bucket_rank(n - 1) >= k)
			n--;
		bucket_start[k] = n;
	}
}

const uint64_t *fr_dist_bucket_starts(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, find_bucket_starts);
	return bucket_start;
}

/* {"clat_ns": {"buckets": {"k": I/Os}}} of one direction's json+ bins, or
 * NULL (no bins, or no memory). */
static struct json_object *keep_bins(struct json_object *dir)
{
	struct json_object *bins = fr_json_get(fr_json_get(dir, "clat_ns"), "bins");
	double b[FR_DIST_NBUCKETS] = {0};

	if (!json_object_is_type(bins, json_type_object))
		return NULL;
	json_object_object_foreach(bins, ns, count)
	{
		double c = json_object_get_double(count);
		long k = fr_dist_bucket_of(strtod(ns, NULL));

		if (c > 0 && k >= 0)
			b[k] += c;
	}
	return fr_fio_keep_buckets(b);
}

/* Each bucket's key, k in decimal as "%ld" writes it, made once and
 * kept for the run: json-c then neither copies nor looks up a key (a
 * json+ job has dozens of buckets, and adding them was a twentieth of a
 * run's instructions). */
static char bucket_key[FR_DIST_NBUCKETS][12]; /* room for any int */

static void make_bucket_keys(void)
{
	for (int k = 0; k < FR_DIST_NBUCKETS; k++)
		snprintf(bucket_key[k], sizeof(bucket_key[k]), "%d", k);
}

struct json_object *fr_fio_keep_buckets(const double b[FR_DIST_NBUCKETS])
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	/* each key once per object, and constant */
	const unsigned flags = JSON_C_OBJECT_ADD_KEY_IS_NEW | JSON_C_OBJECT_KEY_IS_CONSTANT;
	struct json_object *buckets = json_object_new_object();

	pthread_once(&once, make_bucket_keys);
	for (long k = 0; buckets && k < FR_DIST_NBUCKETS; k++) {
		if (!(b[k] > 0))
			continue;
		if (json_object_object_add_ex(buckets, bucket_key[k], json_object_new_double(b[k]),
					      flags)) {
			json_object_put(buckets);
			return NULL;
		}
	}
	return wrap("clat_ns", wrap("buckets", buckets));
}

static struct json_object *keep_job(struct json_object *job, bool dist)
{
	struct json_object *k = json_object_new_object();
	static const char *const dirs[] = {"read", "write"};

	/* a client's server names its entry of fio 3.39+'s per-server global
	 * options (read_fio_globals.h) */
	if (!k || !fr_fio_keep_ref(k, "jobname", fr_json_get(job, "jobname")) ||
	    !fr_fio_keep_ref(k, "hostname", fr_json_get(job, "hostname")) ||
	    !fr_fio_keep_ref(k, "port", fr_json_get(job, "port")) ||
	    !fr_fio_keep_ref(k, "job options", fr_json_get(job, "job options")))
		goto oom;
	for (size_t i = 0; dist && i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		struct json_object *b = keep_bins(fr_json_get(job, dirs[i]));

		if (b && json_object_object_add(k, dirs[i], b)) {
			json_object_put(b);
			goto oom;
		}
	}
	return k;
oom:
	json_object_put(k);
	return NULL;
}

struct json_object *fr_fio_keep(struct json_object *root, bool dist)
{
	const char *key = fr_json_get(root, "jobs") ? "jobs" : "client_stats";
	struct json_object *jobs = fr_json_get(root, key), *kept, *kjobs;
	size_t n;

	n = json_object_is_type(jobs, json_type_array) ? json_object_array_length(jobs) : 0;
	kept = json_object_new_object();
	kjobs = json_object_new_array_ext((int)n);
	if (!kept || !kjobs || json_object_object_add(kept, key, kjobs)) {
		json_object_put(kjobs);
		goto oom;
	}
	if (!fr_fio_keep_ref(kept, "global options", fr_json_get(root, "global options")))
		goto oom;
	for (size_t i = 0; i < n; i++) {
		struct json_object *j = keep_job(json_object_array_get_idx(jobs, i), dist);

		if (!j || json_object_array_add(kjobs, j)) {
			json_object_put(j);
			goto oom;
		}
	}
	return kept;
oom:
	json_object_put(kept);
	return NULL;
}
