// SPDX-License-Identifier: GPL-2.0-only
/*
 * JSON serialisation of the tag table (json-c).  Latency objects have the
 * shape of fio's clat_ns so one reader handles both; the schema is in
 * docs/tags.md and versioned by TAGS_SCHEMA_VERSION.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* V's decimal digits, written backwards to end just before END: how many. */
static size_t u64_digits(char *end, uint64_t v)
{
	char *p = end;

	do {
		*--p = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	return (size_t)(end - p);
}

/* V's decimal digits appended to PB; 0 or -1 as printbuf_memappend() says. */
static int append_u64(struct printbuf *pb, uint64_t v)
{
	char digits[20];
	size_t n = u64_digits(digits + sizeof(digits), v);

	return printbuf_memappend(pb, digits + sizeof(digits) - n, (int)n);
}

/*
 * An unsigned integer printed by hand: json-c prints one through
 * snprintf(), which was most of the time spent printing a job's tags (2,500
 * integers for 64 outliers of 3 keys).  The value and its type are json-c's
 * own; only the printing differs, to the same digits.
 */
static int u64_to_json(struct json_object *jso, struct printbuf *pb, int level, int flags)
{
	(void)level;
	(void)flags;
	return append_u64(pb, json_object_get_uint64(jso)) < 0 ? -1 : 0;
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

/*
 * A key's outliers, kept as records and printed from them: as json-c
 * objects (a dozen per record, 192 records a job in a 64-job run) they were
 * most of a job's end, built, printed and freed once each, and the test
 * bed's 2 CPUs run the 64 jobs' ends side by side.
 */
struct outliers_text {
	uint64_t start_ns;
	uint32_t nsid;
	const char *direction;
	size_t n;
	struct tag_io recs[]; /* slowest first */
};

/* A record's text is put together here, then appended to the printbuf once. */
struct rec_buf {
	char text[512]; /* 8 numbers of at most 20 digits, 4 counts, the names: under 300 */
	size_t len;
};

static void put_text(struct rec_buf *b, const char *s)
{
	size_t n = strlen(s);

	memcpy(b->text + b->len, s, n);
	b->len += n;
}

static void put_digits(struct rec_buf *b, uint64_t v)
{
	char digits[20];
	size_t n = u64_digits(digits + sizeof(digits), v);

	memcpy(b->text + b->len, digits + sizeof(digits) - n, n);
	b->len += n;
}

/* One record, as json-c prints the object of it: {"t_ns":...,"inflight":{...}}. */
static int append_outlier(struct printbuf *pb, const struct outliers_text *ot,
			  const struct tag_io *io, bool first)
{
	static const char *const after_direction[] = {
		"\",\"lba\":", ",\"len\":", ",\"lat_ns\":", ",\"qd\":", ",\"slat_ns\":"};
	const uint64_t values[] = {io->lba, io->len, io->lat_ns, io->qd, io->slat_ns};
	struct rec_buf b = {.len = 0};
	size_t i;

	_Static_assert(TAG_DIR_NR == 4, "the buffer has room for four directions' counts");
	put_text(&b, first ? "{\"t_ns\":" : ",{\"t_ns\":");
	put_digits(&b, tag_since(io->submit_ns, ot->start_ns));
	put_text(&b, ",\"nsid\":");
	put_digits(&b, ot->nsid);
	put_text(&b, ",\"direction\":\"");
	put_text(&b, ot->direction);
	for (i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		put_text(&b, after_direction[i]);
		put_digits(&b, values[i]);
	}
	put_text(&b, ",\"inflight\":{");
	for (i = 0; i < TAG_DIR_NR; i++) {
		put_text(&b, i ? ",\"" : "\"");
		put_text(&b, tag_dir_name((unsigned int)i));
		put_text(&b, "\":");
		put_digits(&b, tag_inflight_count(io->inflight[i]));
	}
	put_text(&b, "}}");
	return printbuf_memappend(pb, b.text, (int)b.len) < 0 ? -1 : 0;
}

/*
 * The array's text, as json-c prints one of PLAIN objects (whatever the
 * flags: the direction names and numbers need no escaping, and an indented
 * document with these arrays on one line each is the same JSON).
 */
static int outliers_to_json(struct json_object *jso, struct printbuf *pb, int level, int flags)
{
	const struct outliers_text *ot = json_object_get_userdata(jso);
	size_t i;

	(void)level;
	(void)flags;
	if (printbuf_memappend(pb, "[", 1) < 0)
		return -1;
	for (i = 0; i < ot->n; i++)
		if (append_outlier(pb, ot, &ot->recs[i], !i))
			return -1;
	return printbuf_memappend(pb, "]", 1) < 0 ? -1 : 0;
}

static void outliers_free(struct json_object *jso, void *userdata)
{
	(void)jso;
	free(userdata);
}

/*
 * The "outliers" member: an array that holds no elements in memory (nothing
 * reads them there; a merge moves the array whole) and prints the records.
 */
static struct json_object *outliers_json(const struct tag_key *k, uint64_t start_ns)
{
	const struct tag_outliers *ol = &k->outliers;
	struct json_object *arr = json_object_new_array();
	struct outliers_text *ot = malloc(sizeof(*ot) + ol->n * sizeof(ot->recs[0]));

	if (!arr || !ot) {
		free(ot);
		json_object_put(arr);
		return NULL;
	}
	ot->start_ns = start_ns;
	ot->nsid = k->nsid;
	ot->direction = tag_dir_name(k->dir);
	ot->n = tag_outliers_sorted(ol, ot->recs);
	json_object_set_serializer(arr, outliers_to_json, ot, outliers_free);
	return arr;
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
