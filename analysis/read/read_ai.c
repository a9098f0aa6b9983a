// SPDX-License-Identifier: GPL-2.0-only
/*
 * The AI methods' outputs kept for their sections at the reader's one read
 * (read_ai.h): parsed from the bytes already in memory, as read_whole.c
 * reads a Copy run, and reduced to what report/ai*.c read.
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include <json-c/json.h>

#include "read/read_ai.h"
#include "read/read_fio_keep.h"
#include "util/json_get.h"

static bool ai_name(const char *name)
{
	static const char *const prefixes[] = {"ckpt@", "ckpt-reader@", "kvcache@",
					       "kvcache-fill@"};

	for (size_t i = 0; name && i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (!strncmp(name, prefixes[i], strlen(prefixes[i])))
			return true;
	return false;
}

/* o[key] = a reference to from[key], when there; false when out of memory. */
static bool ref(struct json_object *o, struct json_object *from, const char *key)
{
	return fr_fio_keep_ref(o, key, fr_json_get(from, key));
}

/* {key: v} into o (v released when it cannot be added); false when out of memory. */
static bool put(struct json_object *o, const char *key, struct json_object *v)
{
	if (!v || json_object_object_add(o, key, v)) {
		json_object_put(v);
		return false;
	}
	return true;
}

/* {percentile} of a latency object, or NULL when it has none. */
static struct json_object *lat_of(struct json_object *lat, bool *ok)
{
	struct json_object *o;

	if (!fr_json_get(lat, "percentile"))
		return NULL;
	o = json_object_new_object();
	*ok = o && ref(o, lat, "percentile");
	return o;
}

/* One direction: its figures and percentile lists, not its bins. */
static struct json_object *dir_of(struct json_object *dj)
{
	static const char *const nums[] = {"total_ios", "iops", "io_bytes", "bw_bytes"};
	static const char *const lats[] = {"clat_ns", "lat_ns"};
	struct json_object *o = json_object_new_object();
	bool ok = o != NULL;

	for (size_t i = 0; ok && i < 4; i++)
		ok = ref(o, dj, nums[i]);
	for (size_t i = 0; ok && i < 2; i++) {
		struct json_object *l = lat_of(fr_json_get(dj, lats[i]), &ok);

		ok = l ? ok && put(o, lats[i], l) : ok;
	}
	if (!ok) {
		json_object_put(o);
		return NULL;
	}
	return o;
}

static struct json_object *job_of(struct json_object *job)
{
	static const char *const keys[] = {"jobname", "error", "job_start", "job_runtime",
					   "job options"};
	static const char *const dirs[] = {"read", "write"};
	struct json_object *o = json_object_new_object();
	bool ok = o != NULL;

	for (size_t i = 0; ok && i < 5; i++)
		ok = ref(o, job, keys[i]);
	for (size_t i = 0; ok && i < 2; i++)
		if (fr_json_get(job, dirs[i]))
			ok = put(o, dirs[i], dir_of(fr_json_get(job, dirs[i])));
	if (!ok) {
		json_object_put(o);
		return NULL;
	}
	return o;
}

/* The reduced document, or NULL when out of memory. */
static struct json_object *reduce(struct json_object *root)
{
	const char *key = fr_json_get(root, "jobs") ? "jobs" : "client_stats";
	struct json_object *jobs = fr_json_get(root, key);
	struct json_object *kept = json_object_new_object(), *list = json_object_new_array();
	size_t n = json_object_is_type(jobs, json_type_array) ? json_object_array_length(jobs) : 0;

	if (!kept || !put(kept, key, list)) {
		json_object_put(kept);
		return NULL;
	}
	for (size_t i = 0; i < n; i++) {
		struct json_object *j = job_of(json_object_array_get_idx(jobs, i));

		if (!j || json_object_array_add(list, j)) {
			json_object_put(j);
			json_object_put(kept);
			return NULL;
		}
	}
	return kept;
}

int fr_read_ai_keep(struct fr_model *m, const char *source, const struct fr_pending *v, size_t n,
		    const char *buf, size_t len)
{
	struct json_object *root, *kept;
	bool any = false;
	int ret;

	for (size_t i = 0; i < n && !any; i++)
		any = ai_name(v[i].jobname);
	if (!any)
		return 0;
	root = fr_json_last_fio_doc(buf, len);
	if (!root)
		root = fr_json_last_doc_with(buf, len, "client_stats");
	if (!root)
		return 0; /* the sections say the output has no fio document */
	kept = reduce(root);
	json_object_put(root);
	if (!kept)
		return -ENOMEM;
	ret = fr_model_keep_ai_doc(m, source, kept);
	json_object_put(kept);
	return ret;
}
