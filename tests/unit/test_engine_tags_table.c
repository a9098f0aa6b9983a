// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests for the tag table: outlier keeper, time series, key lookup, the
 * submit/complete hooks, and the JSON output parsed back with json-c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_rng.h"
#include <json-c/json.h>

#include "tags.h"

static uint64_t rng_state = 0x243f6a8885a308d3ull;

static uint64_t rng(void)
{
	return test_rng(&rng_state);
}

static double fabs_(double x)
{
	return x < 0 ? -x : x;
}

static int cmp_u64_desc(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x > y ? -1 : x < y;
}

static int cmp_u64(const void *a, const void *b)
{
	return -cmp_u64_desc(a, b);
}

/* The kept outliers are exactly the N largest latencies, slowest first. */
static void check_outliers(uint32_t cap, size_t n, uint64_t modulo)
{
	struct tag_outliers o;
	uint64_t *lat = malloc(n * sizeof(*lat));
	struct tag_io *out = malloc((cap ? cap : 1) * sizeof(*out));
	size_t i, kept, want = n < cap ? n : cap;

	assert_true(lat && out);
	assert_int_equal(tag_outliers_init(&o, cap), 0);
	for (i = 0; i < n; i++) {
		struct tag_io io = {.submit_ns = i, .lat_ns = rng() % modulo, .lba = i * 8};

		lat[i] = io.lat_ns;
		tag_outliers_add(&o, &io);
	}
	kept = tag_outliers_sorted(&o, out);
	assert_int_equal(kept, want);
	qsort(lat, n, sizeof(*lat), cmp_u64_desc);
	for (i = 0; i < kept; i++) {
		assert_int_equal(out[i].lat_ns, lat[i]);
		/* the context travels with the latency */
		assert_int_equal(out[i].lba, out[i].submit_ns * 8);
	}
	tag_outliers_free(&o);
	free(lat);
	free(out);
}

static void test_outliers(void **state)
{
	(void)state;
	check_outliers(64, 100000, 1000000000); /* distinct-ish values */
	check_outliers(64, 100000, 50);		/* many ties */
	check_outliers(64, 10, 1000);		/* fewer I/Os than N */
	check_outliers(1, 1000, 1000000);
	check_outliers(0, 1000, 1000); /* disabled */
}

/* What tags_on_complete does for the series: tick, then add to the histogram. */
static void series_add(struct tag_series *s, struct tag_hist *h, uint64_t t_ns, uint64_t lat)
{
	tag_series_tick(s, t_ns);
	tag_hist_add(h, lat);
}

static void test_series(void **state)
{
	struct tag_hist *h = malloc(sizeof(*h));
	struct tag_series s;
	const uint64_t ival = 100000000; /* 100 ms */
	uint64_t lat[3][1000], t;
	size_t i, n[3] = {0};
	struct tag_point cur;

	(void)state;
	assert_non_null(h);
	tag_hist_init(h);
	/* I/Os before the series starts are not part of any interval */
	tag_hist_add(h, 1);
	tag_hist_add(h, 1000000000);
	assert_int_equal(tag_series_init(&s, h, 0, ival, 1000), 0);
	/* intervals 0, 1 and 3 get completions; interval 2 none */
	for (i = 0; i < 3; i++)
		for (n[i] = 0; n[i] < 1000 - 300 * i; n[i]++)
			lat[i][n[i]] = 1000 * (i + 1) + rng() % 100000;
	/* feed in time order: all of interval 0, then 1, then 3 */
	for (i = 0; i < 3; i++) {
		unsigned int slot = i == 2 ? 3 : i;
		size_t j;

		for (j = 0; j < n[i]; j++)
			series_add(&s, h, slot * ival + j * (ival / n[i]), lat[i][j]);
	}
	assert_int_equal(s.npts, 2); /* interval 3 is still open */
	assert_int_equal(tag_series_current(&s, &cur), 1);
	assert_int_equal(cur.t_ns, 3 * ival);
	assert_int_equal(s.pts[0].t_ns, 0);
	assert_int_equal(s.pts[1].t_ns, ival);
	for (i = 0; i < 3; i++) {
		const struct tag_point *p = i < 2 ? &s.pts[i] : &cur;
		double sum;
		size_t k;

		qsort(lat[i], n[i], sizeof(uint64_t), cmp_u64);
		assert_int_equal(p->n, n[i]);
		/* extremes to the histogram's resolution */
		assert_true(fabs_((double)p->min - (double)lat[i][0]) <= lat[i][0] / 128.0);
		assert_true(fabs_((double)p->max - (double)lat[i][n[i] - 1]) <=
			    lat[i][n[i] - 1] / 128.0);
		for (k = 0, sum = 0; k < n[i]; k++)
			sum += (double)lat[i][k];
		assert_true(fabs_(p->mean - sum / (double)n[i]) <= 1e-9 * p->mean);
		for (k = 0; k < TAG_SERIES_NPCT; k++) {
			uint64_t exact = lat[i][tag_pct_rank(tag_series_pct[k], n[i]) - 1];

			assert_true(fabs_((double)p->pct[k] - (double)exact) <= exact / 128.0);
		}
	}
	tag_series_free(&s);

	/* bounded: past max_points intervals are counted as dropped */
	tag_hist_init(h);
	assert_int_equal(tag_series_init(&s, h, 0, ival, 4), 0);
	for (t = 0; t < 10; t++)
		series_add(&s, h, t * ival, 5000);
	assert_int_equal(s.npts, 4);
	assert_int_equal(s.dropped, 5); /* 9 closed intervals, 4 kept; one still open */
	tag_series_free(&s);
	assert_int_equal(tag_series_init(&s, h, 0, 0, 4), -1);
	free(h);
}

static struct tags *new_table(uint32_t outliers, uint64_t start)
{
	struct tags_config cfg = {.start_ns = start, .outliers = outliers};
	struct tags *t = tags_new(&cfg);

	assert_non_null(t);
	return t;
}

static void test_keys(void **state)
{
	struct tags *t = new_table(8, 0);
	struct tag_key *a, *b, *c, *d;

	(void)state;
	a = tags_key(t, "nvme0", NULL, 1, TAG_READ, "job1");
	b = tags_key(t, "nvme0", NULL, 1, TAG_WRITE, "job1");
	c = tags_key(t, "nvme0", NULL, 2, TAG_READ, "job1");
	d = tags_key(t, "nvme0", NULL, 1, TAG_READ, "job2");
	assert_true(a && b && c && d);
	assert_ptr_not_equal(a, b);
	assert_ptr_not_equal(a, c);
	assert_ptr_not_equal(a, d);
	assert_ptr_equal(tags_key(t, "nvme0", NULL, 1, TAG_READ, "job1"), a);
	assert_ptr_not_equal(tags_key(t, "nvme1", NULL, 1, TAG_READ, "job1"), a);
	assert_int_equal(t->nkeys, 5);
	assert_int_equal(d->id, 3);
	for (unsigned int i = 0; i < 20; i++) /* grows past the first allocation */
		assert_non_null(tags_key(t, "nvme0", NULL, 100 + i, TAG_TRIM, NULL));
	assert_int_equal(t->nkeys, 25);
	assert_ptr_equal(t->keys[3], d);
	tags_free(t);
}

static void test_bad_config(void **state)
{
	const double bad[] = {50, 40};
	const double zero[] = {0};
	struct tags_config cfg = {.pct = bad, .npct = 2};

	(void)state;
	assert_null(tags_new(&cfg));
	cfg.pct = zero;
	cfg.npct = 1;
	assert_null(tags_new(&cfg));
}

/* Simulates a job at queue depth 4 with a fake clock. */
static void run_fake_job(struct tags *t, struct tag_key *k, size_t n, uint64_t *lat_out)
{
	struct tag_io io[4];
	uint64_t now = 1000000000; /* start_ns of the table */
	size_t i;

	for (i = 0; i < n; i++) {
		struct tag_io *slot = &io[i % 4];
		uint64_t lat = 20000 + rng() % 200000;

		tags_on_submit(t, k, slot, now, i * 8, 4096, 1 + i % 4);
		lat_out[i] = lat;
		tags_on_complete(t, k, slot, now + lat, 0);
		now += 10000;
	}
}

static json_object *get(json_object *o, const char *key)
{
	json_object *v = NULL;

	if (!json_object_object_get_ex(o, key, &v))
		fail_msg("JSON key \"%s\" missing", key);
	return v;
}

static void test_json(void **state)
{
	struct tags *t = new_table(5, 1000000000);
	struct tag_key *k = tags_key(t, "testbed-deadbeef", NULL, 3, TAG_WRITE, "writer");
	struct tag_key *e = tags_key(t, "testbed-deadbeef", NULL, 4, TAG_READ, "idle");
	json_object *root = json_object_new_object(), *parsed, *tags, *keys, *key, *lat, *pct,
		    *outl, *ser, *pts;
	uint64_t lat_in[2000], exp99;
	char *printed;
	struct tag_io err_io;
	size_t i;
	int64_t prev;

	(void)state;
	assert_true(k && e && root);
	run_fake_job(t, k, 2000, lat_in);
	tags_on_submit(t, k, &err_io, 2000000000, 0, 512, 1);
	tags_on_complete(t, k, &err_io, 2000100000, 1);
	assert_int_equal(k->errors, 1);
	assert_int_equal(tags_to_json(t, root), 0);

	/* through text and back, as a reader of the engine's file sees it */
	parsed = json_tokener_parse(json_object_to_json_string_ext(root, JSON_C_TO_STRING_PLAIN));
	assert_non_null(parsed);
	/* the engine prints its integers itself: the same text json-c prints for them */
	printed = strdup(json_object_to_json_string_ext(root, JSON_C_TO_STRING_PLAIN));
	assert_string_equal(json_object_to_json_string_ext(parsed, JSON_C_TO_STRING_PLAIN),
			    printed);
	free(printed);
	tags = get(parsed, "tags");
	assert_int_equal(json_object_get_int(get(tags, "version")), TAGS_SCHEMA_VERSION);
	assert_int_equal(json_object_get_int(get(tags, "interval_ms")), 1000);
	assert_int_equal(json_object_get_int(get(tags, "outliers_per_key")), 5);
	keys = get(tags, "keys");
	assert_int_equal(json_object_array_length(keys), 2);
	key = json_object_array_get_idx(keys, 0);
	assert_string_equal(json_object_get_string(get(key, "controller")), "testbed-deadbeef");
	assert_string_equal(json_object_get_string(get(key, "direction")), "write");
	assert_string_equal(json_object_get_string(get(key, "label")), "writer");
	assert_int_equal(json_object_get_int(get(key, "nsid")), 3);
	assert_int_equal(json_object_get_int(get(key, "id")), 0);
	assert_int_equal(json_object_get_int64(get(key, "count")), 2000);
	assert_int_equal(json_object_get_int64(get(key, "errors")), 1);

	lat = get(key, "lat_ns");
	qsort(lat_in, 2000, sizeof(uint64_t), cmp_u64);
	assert_int_equal(json_object_get_int64(get(lat, "N")), 2000);
	assert_int_equal(json_object_get_int64(get(lat, "min")), lat_in[0]);
	assert_int_equal(json_object_get_int64(get(lat, "max")), lat_in[1999]);
	assert_true(fabs_(json_object_get_double(get(lat, "mean")) - tag_hist_mean(&k->hist)) <
		    1e-6);
	assert_true(json_object_get_double(get(lat, "stddev")) > 0);
	pct = get(lat, "percentile");
	assert_int_equal(json_object_object_length(pct), 19);
	exp99 = lat_in[tag_pct_rank(99.0, 2000) - 1];
	assert_true(fabs_((double)json_object_get_int64(get(pct, "99.000000")) - (double)exp99) <=
		    exp99 / 128.0);
	get(pct, "99.990000");
	get(pct, "99.999000");
	get(pct, "1.000000");

	outl = get(key, "outliers");
	assert_int_equal(json_object_array_length(outl), 5);
	prev = INT64_MAX;
	for (i = 0; i < 5; i++) {
		json_object *o = json_object_array_get_idx(outl, i), *inf;
		int64_t l = json_object_get_int64(get(o, "lat_ns"));

		assert_int_equal(l, lat_in[1999 - i]);
		assert_true(l <= prev);
		prev = l;
		assert_int_equal(json_object_get_int(get(o, "nsid")), 3);
		assert_int_equal(json_object_get_int(get(o, "len")), 4096);
		assert_string_equal(json_object_get_string(get(o, "direction")), "write");
		assert_int_equal(json_object_get_int64(get(o, "lba")) % 8, 0);
		assert_int_equal(json_object_get_int64(get(o, "t_ns")) % 10000, 0);
		assert_true(json_object_get_int(get(o, "qd")) >= 1);
		inf = get(o, "inflight");
		assert_int_equal(json_object_get_int(get(inf, "read")), 0);
		assert_int_equal(json_object_get_int(get(inf, "write")), 0);
	}

	/* 2000 I/Os 10 us apart, latencies under 220 us: completions in [0, 20.22 ms) */
	ser = get(key, "series");
	assert_int_equal(json_object_get_int(get(ser, "interval_ms")), 1000);
	assert_int_equal(json_object_get_int(get(ser, "dropped")), 0);
	pts = get(ser, "points");
	assert_int_equal(json_object_array_length(pts), 1);
	assert_int_equal(json_object_get_int(get(json_object_array_get_idx(pts, 0), "N")), 2000);
	assert_int_equal(json_object_get_int(get(json_object_array_get_idx(pts, 0), "t_ms")), 0);
	get(json_object_array_get_idx(pts, 0), "p99.99");

	/* a key with no I/O has the full shape with zeros */
	key = json_object_array_get_idx(keys, 1);
	lat = get(key, "lat_ns");
	assert_int_equal(json_object_get_int64(get(lat, "N")), 0);
	assert_int_equal(json_object_get_int64(get(lat, "min")), 0);
	assert_int_equal(json_object_get_int64(get(get(lat, "percentile"), "50.000000")), 0);
	assert_int_equal(json_object_array_length(get(key, "outliers")), 0);
	assert_int_equal(json_object_array_length(get(get(key, "series"), "points")), 0);

	json_object_put(parsed);
	json_object_put(root);
	tags_free(t);
}

/* Integers at both ends print as json-c prints them, and read back the same. */
static void test_json_integer_ends(void **state)
{
	struct tags *t = new_table(5, 1000000000);
	struct tag_key *k = tags_key(t, "c", NULL, 1, TAG_READ, "l");
	struct tag_key *z = tags_key(t, "c", NULL, 2, TAG_READ, "z");
	json_object *root = json_object_new_object(), *parsed, *keys, *pretty;
	struct tag_io big = {.submit_ns = 1000000000,
			     .lat_ns = UINT64_MAX,
			     .lba = UINT64_MAX - 1,
			     .len = UINT32_MAX,
			     .qd = UINT16_MAX,
			     .slat_ns = UINT32_MAX,
			     .inflight = {7, 0, 1u << 20, 3}};
	char *printed;

	(void)state;
	assert_true(k && z && root);
	k->errors = UINT64_MAX;
	z->errors = 0;
	tag_outliers_insert(&k->outliers, &big); /* an outlier at the ends of its fields */
	assert_int_equal(tags_to_json(t, root), 0);
	printed = strdup(json_object_to_json_string_ext(root, JSON_C_TO_STRING_PLAIN));
	assert_non_null(strstr(printed, "\"errors\":18446744073709551615"));
	assert_non_null(strstr(printed, "\"errors\":0"));
	assert_non_null(strstr(printed, "\"lba\":18446744073709551614,\"len\":4294967295,"
					"\"lat_ns\":18446744073709551615,\"qd\":65535,"
					"\"slat_ns\":4294967295"));
	parsed = json_tokener_parse(printed);
	assert_non_null(parsed);
	assert_string_equal(json_object_to_json_string_ext(parsed, JSON_C_TO_STRING_PLAIN),
			    printed);
	/* printed indented, the outliers (on one line) read back the same */
	pretty = json_tokener_parse(json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY));
	assert_non_null(pretty);
	assert_true(json_object_equal(pretty, parsed));
	json_object_put(pretty);
	keys = get(get(parsed, "tags"), "keys");
	assert_true(json_object_get_uint64(get(json_object_array_get_idx(keys, 0), "errors")) ==
		    UINT64_MAX);
	free(printed);
	json_object_put(parsed);
	json_object_put(root);
	tags_free(t);
}

static void test_custom_pct(void **state)
{
	const double list[] = {50, 99.5};
	struct tags_config cfg = {.pct = list, .npct = 2, .interval_ns = 250000000};
	struct tags *t = tags_new(&cfg);
	struct tag_key *k;
	json_object *root = json_object_new_object(), *pct;
	uint64_t lat[100];

	(void)state;
	assert_non_null(t);
	k = tags_key(t, "c", NULL, 1, TAG_READ, "l");
	run_fake_job(t, k, 100, lat);
	assert_int_equal(tags_to_json(t, root), 0);
	pct = get(get(json_object_array_get_idx(get(get(root, "tags"), "keys"), 0), "lat_ns"),
		  "percentile");
	assert_int_equal(json_object_object_length(pct), 2);
	get(pct, "99.500000");
	assert_int_equal(json_object_get_int(get(get(root, "tags"), "interval_ms")), 250);
	json_object_put(root);
	tags_free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_outliers),
		cmocka_unit_test(test_series),
		cmocka_unit_test(test_keys),
		cmocka_unit_test(test_bad_config),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_custom_pct),
		cmocka_unit_test(test_json_integer_ends),
	};

	return cmocka_run_group_tests_name("engine_tags_table", tests, NULL, NULL);
}
