// SPDX-License-Identifier: GPL-2.0-only
/*
 * JSON serialisation of the tag table (json-c).  Latency objects have the
 * shape of fio's clat_ns so one reader handles both; the schema is in
 * docs/tags.md and versioned by TAGS_SCHEMA_VERSION.
 */
#include <stdio.h>
#include <stdlib.h>

#include <json-c/json.h>
#include <json-c/printbuf.h>

#include "tags.h"

#define NS_PER_MS 1000000ull

/* json_object_object_add_ex() that owns @val even on failure; -1 on ENOMEM. */
static int add(struct json_object *obj, const char *key, struct json_object *val, unsigned int opts)
{
	if (!val)
		return -1;
	if (json_object_object_add_ex(obj, key, val, opts)) {
		json_object_put(val);
		return -1;
	}
	return 0;
}

/*
 * Adds member @key (a string that outlives @obj, not yet in it: every name
 * here is a literal) without copying or looking it up: a job's section holds
 * thousands of members, one outlier record a dozen, and json-c's copy and
 * lookup of each name were a fifth of building the section.  Owns @val even
 * on failure; -1 on ENOMEM.
 */
static int put(struct json_object *obj, const char *key, struct json_object *val)
{
	return add(obj, key, val, JSON_C_OBJECT_ADD_KEY_IS_NEW | JSON_C_OBJECT_KEY_IS_CONSTANT);
}

/*
 * An unsigned integer printed by hand: json-c prints one through
 * snprintf(), which was most of the time spent printing a job's tags (2,500
 * integers for 64 outliers of 3 keys).  The value and its type are json-c's
 * own; only the printing differs, to the same digits.
 */
static int u64_to_json(struct json_object *jso, struct printbuf *pb, int level, int flags)
{
	char digits[20], *p = digits + sizeof(digits);
	uint64_t v = json_object_get_uint64(jso);

	(void)level;
	(void)flags;
	do {
		*--p = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	return printbuf_memappend(pb, p, (int)(digits + sizeof(digits) - p));
}

static struct json_object *new_u64(uint64_t v)
{
	struct json_object *o = json_object_new_uint64(v);

	if (o)
		json_object_set_serializer(o, u64_to_json, NULL, NULL);
	return o;
}

static int put_u64(struct json_object *obj, const char *key, uint64_t v)
{
	return put(obj, key, new_u64(v));
}

static int put_str(struct json_object *obj, const char *key, const char *s)
{
	return put(obj, key, json_object_new_string(s));
}

static int append(struct json_object *arr, struct json_object *val)
{
	if (!val)
		return -1;
	if (json_object_array_add(arr, val)) {
		json_object_put(val);
		return -1;
	}
	return 0;
}

/* fio's clat_ns shape: min, max, mean, stddev, N, percentile {"99.990000": ns}. */
static struct json_object *lat_json(const struct tags *t, const struct tag_hist *h)
{
	struct json_object *o = json_object_new_object(), *pct = json_object_new_object();
	uint64_t v[TAGS_MAX_PCT];
	unsigned int i;
	int err = !o || !pct;

	if (err)
		goto fail;
	err |= put_u64(o, "min", h->n ? h->min : 0);
	err |= put_u64(o, "max", h->max);
	err |= put(o, "mean", json_object_new_double(tag_hist_mean(h)));
	err |= put(o, "stddev", json_object_new_double(tag_hist_stddev(h)));
	err |= put_u64(o, "N", h->n);
	tag_hist_percentiles(h, t->pct, t->cfg.npct, v);
	for (i = 0; i < t->cfg.npct; i++) {
		char key[32];

		snprintf(key, sizeof(key), "%f", t->pct[i]);
		/* a name of its own buffer, maybe given twice: copied, looked up */
		err |= add(pct, key, new_u64(v[i]), 0);
	}
	err |= put(o, "percentile", pct);
	pct = NULL;
	if (!err)
		return o;
fail:
	json_object_put(pct);
	json_object_put(o);
	return NULL;
}

static struct json_object *outlier_json(const struct tag_key *k, const struct tag_io *io,
					uint64_t start_ns)
{
	struct json_object *o = json_object_new_object(), *inf = json_object_new_object();
	int err = !o || !inf, d;

	if (err)
		goto fail;
	err |= put_u64(o, "t_ns", tag_since(io->submit_ns, start_ns));
	err |= put_u64(o, "nsid", k->nsid);
	err |= put_str(o, "direction", tag_dir_name(k->dir));
	err |= put_u64(o, "lba", io->lba);
	err |= put_u64(o, "len", io->len);
	err |= put_u64(o, "lat_ns", io->lat_ns);
	err |= put_u64(o, "qd", io->qd);
	err |= put_u64(o, "slat_ns", io->slat_ns);
	for (d = 0; d < TAG_DIR_NR; d++)
		err |= put_u64(inf, tag_dir_name(d), tag_inflight_count(io->inflight[d]));
	err |= put(o, "inflight", inf);
	inf = NULL;
	if (!err)
		return o;
fail:
	json_object_put(inf);
	json_object_put(o);
	return NULL;
}

static struct json_object *outliers_json(const struct tag_key *k, uint64_t start_ns)
{
	const struct tag_outliers *ol = &k->outliers;
	struct json_object *arr = json_object_new_array();
	struct tag_io *sorted = malloc((ol->n ? ol->n : 1) * sizeof(*sorted));
	size_t i, n;
	int err = !arr || !sorted;

	if (!err) {
		n = tag_outliers_sorted(ol, sorted);
		for (i = 0; i < n && !err; i++)
			err = append(arr, outlier_json(k, &sorted[i], start_ns));
	}
	free(sorted);
	if (!err)
		return arr;
	json_object_put(arr);
	return NULL;
}

static struct json_object *point_json(const struct tag_point *p)
{
	static const char *const names[TAG_SERIES_NPCT] = {"p50", "p90", "p99", "p99.9", "p99.99"};
	struct json_object *o = json_object_new_object();
	int err = !o, i;

	if (err)
		return NULL;
	err |= put_u64(o, "t_ms", p->t_ns / NS_PER_MS);
	err |= put_u64(o, "N", p->n);
	err |= put(o, "mean", json_object_new_double(p->mean));
	err |= put_u64(o, "min", p->min);
	err |= put_u64(o, "max", p->max);
	for (i = 0; i < TAG_SERIES_NPCT; i++)
		err |= put_u64(o, names[i], p->pct[i]);
	if (!err)
		return o;
	json_object_put(o);
	return NULL;
}

static struct json_object *series_json(const struct tag_series *s)
{
	struct json_object *o = json_object_new_object(), *pts = json_object_new_array();
	struct tag_point cur;
	int err = !o || !pts;
	size_t i;

	if (err)
		goto fail;
	err |= put_u64(o, "interval_ms", s->interval_ns / NS_PER_MS);
	err |= put_u64(o, "dropped", s->dropped);
	for (i = 0; i < s->npts && !err; i++)
		err |= append(pts, point_json(&s->pts[i]));
	/* the unfinished interval too, so a run stopped early keeps its tail */
	if (!err && tag_series_current(s, &cur))
		err |= append(pts, point_json(&cur));
	err |= put(o, "points", pts);
	pts = NULL;
	if (!err)
		return o;
fail:
	json_object_put(pts);
	json_object_put(o);
	return NULL;
}

static struct json_object *key_json(const struct tags *t, const struct tag_key *k)
{
	struct json_object *o = json_object_new_object();
	int err = !o;

	if (err)
		return NULL;
	err |= put_u64(o, "id", k->id);
	err |= put_str(o, "controller", k->ctrl);
	err |= put_u64(o, "nsid", k->nsid);
	err |= put_str(o, "direction", tag_dir_name(k->dir));
	err |= put_str(o, "label", k->label);
	/* only placed keys say where: unplaced ones read as before */
	if (k->placement != TAG_NO_PLACEMENT) {
		err |= put_u64(o, "placement_id", (uint64_t)k->placement);
		err |= put_u64(o, "plid_index", (uint64_t)k->placement_index);
	}
	err |= put_u64(o, "count", k->hist.n);
	err |= put_u64(o, "errors", k->errors);
	err |= put(o, "lat_ns", lat_json(t, &k->hist));
	err |= put(o, "outliers", outliers_json(k, t->cfg.start_ns));
	err |= put(o, "series", series_json(&k->series));
	if (!err)
		return o;
	json_object_put(o);
	return NULL;
}

static struct json_object *pct_list_json(const struct tags *t)
{
	struct json_object *arr = json_object_new_array();
	unsigned int i;
	int err = !arr;

	for (i = 0; i < t->cfg.npct && !err; i++)
		err |= append(arr, json_object_new_double(t->pct[i]));
	if (!err)
		return arr;
	json_object_put(arr);
	return NULL;
}

struct json_object *tags_json(const struct tags *t)
{
	struct json_object *o = json_object_new_object(), *keys = json_object_new_array();
	int err = !o || !keys;
	size_t i;

	if (err)
		goto fail;
	err |= put_u64(o, "version", TAGS_SCHEMA_VERSION);
	err |= put_u64(o, "interval_ms", t->cfg.interval_ns / NS_PER_MS);
	err |= put_u64(o, "outliers_per_key", t->cfg.outliers);
	err |= put(o, "percentiles", pct_list_json(t));
	for (i = 0; i < t->nkeys && !err; i++)
		err |= append(keys, key_json(t, t->keys[i]));
	err |= put(o, "keys", keys);
	keys = NULL;
	if (!err)
		return o;
fail:
	json_object_put(keys);
	json_object_put(o);
	return NULL;
}

int tags_to_json(const struct tags *t, struct json_object *parent)
{
	return put(parent, "tags", tags_json(t));
}
