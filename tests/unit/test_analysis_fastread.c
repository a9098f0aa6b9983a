// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fast reader of fio's JSON (analysis/read/read_fio_fast.h) against
 * json-c's path: every fio output under tests/data (real fio runs of every
 * version and shape the fixture scripts make) read both ways must give the
 * same model, field for field (model_dump.h); the plain shapes must be
 * taken by the fast reader (else this compares json-c with itself); and
 * inputs it must not take (escapes, a key given twice, number forms
 * json-c reads its own way, truncation, bytes that are not ASCII, deep
 * nesting, a second document) are declined, read by json-c as before.
 */
#include <ftw.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model_dump.h"
#include "read/read_fio.h"
#include "util/slurp.h"
#include "read/read_fio_fast.h"
#include "read/read_fio_keep.h"
#include "test_rng.h"

#define DATA FIORANK_SRC_TOP "/tests/data"

static const struct fr_label label = {.fallback_drive = "d"};
static size_t n_outputs, n_taken;

static const char *const keep_name[] = {"all", "options", "none"};

/* Both ways the same at every level of fr_model.keep; returns whether the
 * fast reader took it keeping everything. */
static bool same_both_ways(const char *buf, size_t len, const char *what)
{
	bool took = false;

	for (int keep = FR_KEEP_ALL; keep <= FR_KEEP_NONE; keep++) {
		char *jsonc, *fast;
		bool t = md_read_both_keep(buf, len, &label, keep, &jsonc, &fast);

		if (strcmp(jsonc, fast)) {
			print_error("%s (keep %s): the fast reader differs from json-c's path\n"
				    "--- json-c\n%s--- fast\n%s",
				    what, keep_name[keep], jsonc, fast);
			fail();
		}
		/* skipped bins are not read: a key given twice there is taken */
		if (keep == FR_KEEP_ALL)
			took = t;
		free(jsonc);
		free(fast);
	}
	return took;
}

static int visit(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	size_t len;
	char *buf;

	(void)st;
	(void)ftw;
	if (type != FTW_F)
		return 0;
	buf = fr_slurp(path, &len);
	assert_non_null(buf);
	if (memmem(buf, len, "\"fio version\"", 13)) {
		n_outputs++;
		n_taken += same_both_ways(buf, len, path);
	}
	free(buf);
	return 0;
}

static void test_every_fixture(void **state)
{
	(void)state;
	assert_int_equal(nftw(DATA, visit, 16, FTW_PHYS), 0);
	print_message("# %zu fio outputs, %zu of them read by the fast reader\n", n_outputs,
		      n_taken);
	assert_true(n_outputs >= 150);
	/* most fixtures are plain outputs; the rest are shapes it declines */
	assert_true(n_taken * 100 >= n_outputs * 85);
}

static char *fixture(const char *name, size_t *len)
{
	char path[512];
	char *buf;

	snprintf(path, sizeof(path), "%s/fio/%s", DATA, name);
	buf = fr_slurp(path, len);
	assert_non_null(buf);
	return buf;
}

static void test_plain_shapes_taken(void **state)
{
	static const char *const taken[] = {"shapes/json.json",	       "shapes/jsonplus.json",
					    "shapes/old-usec.json",    "shapes/prios.json",
					    "shapes/steadystate.json", "versions/fio-3.33.json",
					    "versions/fio-3.39.json"};
	static const char *const declined[] = {
		"shapes/client-server.json",	"shapes/job-error.json",
		"shapes/status-interval.json",	"shapes/text-before.json",
		"shapes/truncated.json",	"shapes/terse.txt",
		"hosts/client-server-3.41.json"};

	(void)state;
	for (size_t i = 0; i < sizeof(taken) / sizeof(taken[0]); i++) {
		size_t len;
		char *buf = fixture(taken[i], &len);

		if (!same_both_ways(buf, len, taken[i]))
			fail_msg("%s: declined by the fast reader", taken[i]);
		free(buf);
	}
	for (size_t i = 0; i < sizeof(declined) / sizeof(declined[0]); i++) {
		size_t len;
		char *buf = fixture(declined[i], &len);

		if (same_both_ways(buf, len, declined[i]))
			fail_msg("%s: taken by the fast reader", declined[i]);
		free(buf);
	}
}

/* fixture `name` with its first `from` replaced by `to`: must be declined,
 * and read the same (by json-c's path) both ways. */
static void declines_in(const char *name, const char *from, const char *to)
{
	size_t len, fl = strlen(from), tl = strlen(to);
	char *buf = fixture(name, &len), *at = memmem(buf, len, from, fl), *edited;

	assert_non_null(at);
	edited = malloc(len - fl + tl);
	assert_non_null(edited);
	memcpy(edited, buf, (size_t)(at - buf));
	memcpy(edited + (at - buf), to, tl);
	memcpy(edited + (at - buf) + tl, at + fl, len - (size_t)(at - buf) - fl);
	if (same_both_ways(edited, len - fl + tl, to))
		fail_msg("taken by the fast reader with '%s' for '%s'", to, from);
	free(edited);
	free(buf);
}

static void declines(const char *from, const char *to)
{
	declines_in("shapes/json.json", from, to);
}

static void test_declines(void **state)
{
	(void)state;
	/* an escape in a job name (json-c decodes it) */
	declines("\"jobname\" : \"", "\"jobname\" : \"\\u0041");
	declines("\"jobname\" : \"", "\"jobname\" : \"a\\/");
	/* a key given twice: json-c keeps the last */
	declines("\"jobname\" : ", "\"jobname\" : \"x\", \"jobname\" : ");
	declines("\"iops\" : ", "\"iops\" : 1, \"iops\" : ");
	declines("\"99.000000\" : ", "\"99.0\" : 5, \"99.000000\" : ");
	/* numbers json-c reads its own way, or not at all */
	declines("\"iops\" : ", "\"iops\" : 1e999, \"x\" : ");
	declines("\"iops\" : ", "\"iops\" : 0123, \"x\" : ");
	declines("\"iops\" : ", "\"iops\" : 1., \"x\" : ");
	declines("\"iops\" : ", "\"iops\" : NaN, \"x\" : ");
	declines("\"iops\" : ", "\"iops\" : 12345678901234567890, \"x\" : ");
	declines("\"iops\" : ", "\"x\" : -Infinity, \"iops\" : ");
	/* a value of another type than fio writes */
	declines("\"iops\" : ", "\"iops\" : \"12\", \"x\" : ");
	declines("\"jobname\" : ", "\"groupid\" : null, \"jobname\" : ");
	/* bytes that are not ASCII, raw control bytes */
	declines("\"jobname\" : \"", "\"jobname\" : \"\xc3\xa9");
	declines("\"jobname\" : \"", "\"jobname\" : \"\xff");
	declines("\"jobname\" : \"", "\"jobname\" : \"\t");
	/* deep nesting, comments, a trailing comma, a second document */
	declines("\"jobs\" : [",
		 "\"deep\" : [[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]], \"jobs\" : [");
	declines("\"jobs\" : [", "/* c */ \"jobs\" : [");
	declines("\"jobs\" : [", "\"x\" : [1,], \"jobs\" : [");
	declines("\"fio version\"", "\"fio version\" : \"x\", \"jobs\" : []}\n{\"fio version\"");
	/* client/server output, a job fio reports an error for */
	declines("\"jobname\" : ", "\"hostname\" : \"h\", \"port\" : 8765, \"jobname\" : ");
	declines("\"error\" : 0", "\"error\" : 5");
	/* fio 3.39+'s per-server global options (read_fio_globals.h) */
	declines("\"jobs\" : [",
		 "\"global options\" : [{\"hostname\" : \"h\", \"port\" : 1}], \"jobs\" : [");
	/* json+ bins out of fio's ascending order, a repeated one among them
	 * (json-c keeps it once, with the last count) */
	declines_in("shapes/jsonplus.json", "\"bins\" : {",
		    "\"bins\" : {\"100\" : 1, \"100\" : 2, ");
	declines_in("shapes/jsonplus.json", "\"bins\" : {", "\"bins\" : {\"99999\" : 1, ");
	/* bins that are not JSON: declined when read, and when passed over
	 * unread (fr_model.keep below FR_KEEP_ALL) both readers refuse them
	 * alike (same_both_ways() compares every level) */
	declines_in("shapes/jsonplus.json", "\"bins\" : {", "\"bins\" : {\"100\" : 01, ");
	declines_in("shapes/jsonplus.json", "\"bins\" : {", "\"bins\" : {\"100\" : 1,, ");
	declines_in("shapes/jsonplus.json", "\"bins\" : {", "\"bins\" : {\"100\" 1, ");
}

/* text before the document (fio's warnings; text-before.json's job also
 * failed, which the fast reader leaves to json-c's path) */
static void test_text_before(void **state)
{
	static const char text[] = "\xef\xbb\xbf"
				   "fio: this warning is not JSON {\n  <host> neither\n";
	size_t len;
	char *buf = fixture("shapes/json.json", &len), *in = malloc(sizeof(text) - 1 + len);

	(void)state;
	assert_non_null(in);
	memcpy(in, text, sizeof(text) - 1);
	memcpy(in + sizeof(text) - 1, buf, len);
	assert_true(same_both_ways(in, sizeof(text) - 1 + len, "text before json.json"));
	free(in);
	free(buf);
}

static void test_truncated_everywhere(void **state)
{
	size_t len, last;
	char *buf = fixture("shapes/json.json", &len);

	(void)state;
	last = (size_t)(strrchr(buf, '}') - buf);
	/* every prefix before the document's end, at a sample of lengths:
	 * declined, and read alike */
	for (size_t cut = 1; cut <= last; cut += last / 97 + 1) {
		char *prefix = malloc(cut);

		assert_non_null(prefix);
		memcpy(prefix, buf, cut);
		if (same_both_ways(prefix, cut, "a truncated json.json"))
			fail_msg("a prefix of %zu bytes of json.json was taken", cut);
		free(prefix);
	}
	free(buf);
}

/* How many "fio_doc" lines of DUMP hold TEXT. */
static size_t docs_with(const char *dump, const char *text)
{
	size_t n = 0;

	for (const char *l = strstr(dump, "fio_doc "); l; l = strstr(l + 1, "fio_doc ")) {
		const char *eol = strchr(l, '\n');
		const char *t = strstr(l, text);

		n += t && (!eol || t < eol);
	}
	return n;
}

/* DUMP without its "fio_doc" lines: the figures and labels alone. */
static char *dump_figures(const char *dump)
{
	char *out = calloc(strlen(dump) + 1, 1), *o = out;

	assert_non_null(out);
	for (const char *l = dump; *l;) {
		const char *eol = strchr(l, '\n');
		size_t n = eol ? (size_t)(eol - l) + 1 : strlen(l);
		const char *doc = strstr(l, "  fio_doc ");

		if (!doc || doc >= l + n) {
			memcpy(o, l, n);
			o += n;
		}
		l += n;
	}
	return out;
}

/*
 * What a model keeps of a json+ output (fr_model.keep, chosen by main.c
 * from the format and --baseline): everything, the bins' buckets with the
 * options; the options alone; nothing.  The figures are the same at every
 * level, both ways.  Fails when the level is not passed down to either
 * reader, or when skipping the bins or the kept document changes a figure.
 */
static void test_keep_levels(void **state)
{
	size_t len;
	char *buf = fixture("results/psync-capped/profiles/4k-randread/peak.json", &len);
	char *dump[3][2], *all_figures[2];

	(void)state;
	for (int keep = FR_KEEP_ALL; keep <= FR_KEEP_NONE; keep++)
		assert_true(
			md_read_both_keep(buf, len, &label, keep, &dump[keep][0], &dump[keep][1]));
	for (int way = 0; way < 2; way++) {
		assert_true(docs_with(dump[FR_KEEP_ALL][way], "\"buckets\"") > 0);
		assert_true(docs_with(dump[FR_KEEP_ALL][way], "\"job options\"") > 0);
		assert_int_equal(docs_with(dump[FR_KEEP_OPTIONS][way], "\"buckets\""), 0);
		assert_true(docs_with(dump[FR_KEEP_OPTIONS][way], "\"job options\"") > 0);
		assert_int_equal(docs_with(dump[FR_KEEP_NONE][way], "{"), 0);
		all_figures[way] = dump_figures(dump[FR_KEEP_ALL][way]);
		for (int keep = FR_KEEP_OPTIONS; keep <= FR_KEEP_NONE; keep++) {
			char *figures = dump_figures(dump[keep][way]);

			assert_string_equal(all_figures[way], figures);
			free(figures);
		}
		for (int keep = FR_KEEP_ALL; keep <= FR_KEEP_NONE; keep++)
			free(dump[keep][way]);
		free(all_figures[way]);
	}
	free(buf);
}

static void test_env_forces_jsonc(void **state)
{
	(void)state;
	fr_read_fio_fast_set(true);
	assert_true(fr_read_fio_fast_on());
	fr_read_fio_fast_set(false);
	assert_false(fr_read_fio_fast_on());
}

/* The bucket of whole ns by fr_dist_bucket_starts(), walked up from k. */
static long walked_bucket(uint64_t ns, long k)
{
	const uint64_t *start = fr_dist_bucket_starts();

	while (k < FR_DIST_NBUCKETS && ns >= start[k + 1])
		k++;
	return k < FR_DIST_NBUCKETS ? k : -1;
}

/*
 * The fast reader's json+ bins take their buckets from the table of
 * bucket starts: the same bucket fr_dist_bucket_of() (json-c's path)
 * gives, at every start and the ns before it, and at pseudo-random whole
 * ns of every size, walked from bucket 0 or from the bucket below.
 */
static void test_bucket_starts(void **state)
{
	const uint64_t *start = fr_dist_bucket_starts();
	uint64_t rng = 0x9e3779b97f4a7c15ull;

	(void)state;
	assert_int_equal(start[0], 0);
	for (long k = 1; k <= FR_DIST_NBUCKETS; k++) {
		long at = fr_dist_bucket_of((double)start[k]);
		long below = fr_dist_bucket_of((double)(start[k] - 1));

		/* buckets 1 and 2 hold no whole ns: their starts are 3's */
		assert_true(start[k] >= start[k - 1]);
		assert_true(at < 0 || at >= k);
		assert_true(below >= 0 && below < k);
		assert_int_equal(walked_bucket(start[k], 0), at);
		assert_int_equal(walked_bucket(start[k] - 1, 0), below);
		assert_int_equal(walked_bucket(start[k] - 1, below), below);
	}
	assert_int_equal(fr_dist_bucket_of((double)start[FR_DIST_NBUCKETS]), -1);
	for (int i = 0; i < 200000; i++) {
		uint64_t ns = test_rng(&rng) >> (test_rng(&rng) % 64);

		ns %= 2000000000000ull; /* to twice 10^12 */
		assert_int_equal(walked_bucket(ns, 0), fr_dist_bucket_of((double)ns));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_fixture),
		cmocka_unit_test(test_plain_shapes_taken),
		cmocka_unit_test(test_declines),
		cmocka_unit_test(test_text_before),
		cmocka_unit_test(test_truncated_everywhere),
		cmocka_unit_test(test_keep_levels),
		cmocka_unit_test(test_env_forces_jsonc),
		cmocka_unit_test(test_bucket_starts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
