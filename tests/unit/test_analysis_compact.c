// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fio reader's compact copy (analysis/read/compact.c): on every committed
 * fixture (real fio output, tests/data/make-fixtures.sh) the copy is made,
 * means what the original means minus the dropped members, and the report
 * read through it is byte for byte the report read from the original; on
 * inputs built here, it gives up or keeps a member wherever dropping could
 * make json-c accept what it refuses.
 */
#include <ftw.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compact_check.h"
#include "out/out.h"
#include "rank/rank.h"
#include "read/read_fio.h"
#include "report/report.h"
#include "util/slurp.h"

#define DATA FIORANK_SRC_TOP "/tests/data"

/* The report (CSV and JSON) of one fio output. */
static char *report_of(const char *buf, size_t len)
{
	struct fr_label label = {.fallback_drive = "d"};
	struct fr_model m;
	struct fr_ranking r;
	char *out = NULL;
	size_t olen = 0;
	FILE *f = open_memstream(&out, &olen);

	assert_non_null(f);
	fr_model_init(&m);
	fprintf(f, "read: %d\n", fr_read_fio_buffer(&m, buf, len, "src", &label, NULL));
	for (size_t i = 0; i < m.nskipped; i++)
		fprintf(f, "skipped: %s\n", m.skipped[i].reason);
	for (size_t i = 0; i < m.nexcluded; i++)
		fprintf(f, "excluded: %s\n", m.excluded[i].reason);
	if (!fr_rank(&m, NULL, FR_CLAT, &r)) {
		struct fr_report rep = {.m = &m, .r = &r};
		struct fr_report_parts parts;

		assert_int_equal(fr_report_build(&rep, &parts), 0);
		fr_out_csv(f, &rep);
		fr_out_json(f, &rep);
		fr_report_parts_free(&parts);
		fr_ranking_free(&r);
	}
	fr_model_free(&m);
	fclose(f);
	return out;
}

/* The same output with a comment json-c skips after each document's "{":
 * the compactor gives up on comments, so this is read from the original. */
static char *with_comments(const char *buf, size_t len, size_t *olen)
{
	char *out = malloc(len * 2 + 8), *o = out;

	assert_non_null(out);
	for (size_t i = 0; i < len; i++) {
		*o++ = buf[i];
		if (buf[i] == '{' && (i == 0 || buf[i - 1] == '\n'))
			o = stpcpy(o, "/**/");
	}
	*olen = (size_t)(o - out);
	return out;
}

static unsigned nfio, ndocs;

static int check_file(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	size_t len, clen;
	char *buf, *cbuf, *a, *b;
	bool broken = false;

	(void)st;
	(void)ftw;
	if (type != FTW_F || strlen(path) < 5 || strcmp(path + strlen(path) - 5, ".json"))
		return 0;
	buf = fr_slurp(path, &len);
	assert_non_null(buf);
	for (size_t i = 0; i < len; i++) {
		if (buf[i] != '{' || (i && buf[i - 1] != '\n'))
			continue;
		int r = cc_check(buf + i, len - i);

		if (r < 0)
			fail_msg("%s: the compact copy of the document at byte %zu is not the "
				 "original",
				 path, i);
		/* fio's own output, when whole, always takes the fast path */
		if (r != 1 && strstr(buf, "\"fio version\"")) {
			size_t end;
			struct json_object *o = cc_parse(buf + i, len - i, &end);

			if (o)
				fail_msg("%s: no compact copy of the document at byte %zu", path,
					 i);
			broken = true;
		}
		ndocs++;
	}
	/* the same report (an error's byte offset would move: whole files only) */
	if (strstr(buf, "\"fio version\"") && !broken) {
		cbuf = with_comments(buf, len, &clen);
		a = report_of(buf, len);
		b = report_of(cbuf, clen);
		if (strcmp(a, b))
			fail_msg("%s: the report differs when read from the original", path);
		nfio++;
		free(a);
		free(b);
		free(cbuf);
	}
	free(buf);
	return 0;
}

static void test_fixtures(void **state)
{
	(void)state;
	assert_int_equal(nftw(DATA, check_file, 16, FTW_PHYS), 0);
	/* every shape: json, json+, old µs, prios, intervals, client/server */
	assert_true(nfio >= 40);
	assert_true(ndocs >= nfio);
}

/* Input, and the copy (NULL: no copy, json-c reads the original). */
struct odd {
	const char *in, *copy;
};

static const struct odd odds[] = {
	/* fio's shape: dropped, with the comma that follows or precedes */
	{"{\n  \"a\" : 1,\n  \"latency_ns\" : {\n    \"1\" : 2\n  },\n  \"b\" : 2\n}",
	 "{\"a\":1,\"b\":2}"},
	{"{\"latency_ns\" : 1, \"a\" : 1}", "{\"a\":1}"},
	{"{\"a\" : 1, \"latency_ns\" : 1}", "{\"a\":1}"},
	{"{\"latency_ns\" : {\"x\" : {\"y\" : {\"z\" : -1.5e3}}}}", "{}"},
	/* nested four deep: not fio's, kept */
	{"{\"latency_ns\":{\"x\":{\"y\":{\"z\":{\"w\":1}}}}}",
	 "{\"latency_ns\":{\"x\":{\"y\":{\"z\":{\"w\":1}}}}}"},
	/* a value json-c might read differently or refuse: kept */
	{"{\"latency_ns\" : {\"1\" : 2, \"b\" : x}}", "{\"latency_ns\":{\"1\":2,\"b\":x}}"},
	{"{\"latency_ns\" : \"text\"}", "{\"latency_ns\":\"text\"}"},
	{"{\"latency_ns\" : [1]}", "{\"latency_ns\":[1]}"},
	{"{\"latency_ns\" : .5}", "{\"latency_ns\":.5}"},
	{"{\"latency_ns\" : {\"2\" : 1,}}", "{\"latency_ns\":{\"2\":1,}}"},
	/* where dropping would mend broken JSON: kept for json-c to refuse */
	{"{\"a\" : 1, \"latency_ns\" : 1,}", "{\"a\":1,\"latency_ns\":1,}"},
	{"{, \"latency_ns\" : 1}", "{,\"latency_ns\":1}"},
	{"{\"a\" : , \"latency_ns\" : 1}", "{\"a\":,\"latency_ns\":1}"},
	{"{\"a\" : [\"latency_ns\" : 1, 2]}", "{\"a\":[\"latency_ns\":1,2]}"},
	/* inside a string, escaped: not a member */
	{"{\"x\" : \"a \\\"latency_ns\\\" : 1, b\"}", "{\"x\":\"a \\\"latency_ns\\\" : 1, b\"}"},
	/* whitespace between two tokens stays one space: still an error */
	{"{\"a\" : [1  2], \"b\" : tr ue}", "{\"a\":[1 2],\"b\":tr ue}"},
	/* percentiles: those read_fio.c reads (by value), and no other */
	{"{\"percentile\" : {\"1.000000\" : 5, \"99.000000\" : 7, \"99.9\" : 8, \"50.0\" : 1, "
	 "\"99.990000\" : 9}}",
	 "{\"percentile\":{\"99.000000\":7,\"99.9\":8,\"99.990000\":9}}"},
	{"{\"percentile\" : {\"1.0\" : 2}}", "{\"percentile\":{}}"},
	{"{\"percentile\" : {}}", "{\"percentile\":{}}"},
	/* not an object of numbers, or not strict JSON: kept whole */
	{"{\"percentile\" : {\"1.0\" : \"x\"}}", "{\"percentile\":{\"1.0\":\"x\"}}"},
	{"{\"percentile\" : {\"1.0\" : 1,}}", "{\"percentile\":{\"1.0\":1,}}"},
	{"{\"percentile\" : {\"1.0\" : {\"a\" : 1}}}", "{\"percentile\":{\"1.0\":{\"a\":1}}}"},
	{"{\"a\" : [{\"percentile\" : 1}]}", "{\"a\":[{\"percentile\":1}]}"},
	/* json-c's extensions and anything json-c may stop at: no copy */
	{"{\"a\" : 1 /* c */}", NULL},
	{"{\"a\" : 1} // c", NULL},
	{"{'a' : 1}", NULL},
	{"{\"a\" :\v1}", NULL},
	{"{\"a\" : 1", NULL},
	{"{\"a\" : \"1", NULL},
	{"[1]", NULL},
	{"", NULL},
};

static void test_odd_inputs(void **state)
{
	char out[256];

	(void)state;
	for (size_t i = 0; i < sizeof(odds) / sizeof(odds[0]); i++) {
		size_t len = strlen(odds[i].in), n = 0, used = 0;
		bool made = fr_compact_doc(odds[i].in, len, out, &n, &used);

		if (made != !!odds[i].copy)
			fail_msg("case %zu (%s): copy %s", i, odds[i].in,
				 made ? "made" : "not made");
		if (made && (n != strlen(odds[i].copy) || memcmp(out, odds[i].copy, n)))
			fail_msg("case %zu: copy '%.*s', want '%s'", i, (int)n, out, odds[i].copy);
		if (made && used != len)
			fail_msg("case %zu: used %zu of %zu bytes", i, used, len);
		assert_int_not_equal(cc_check(odds[i].in, len), -1);
	}
}

/* The bytes json-c would take with the document: the whitespace after it,
 * never the next document. */
static void test_document_end(void **state)
{
	static const char two[] = "{\"a\" : 1}  \n {\"b\" : 2}\n";
	char out[sizeof(two)];
	size_t n, used;

	(void)state;
	assert_true(fr_compact_doc(two, strlen(two), out, &n, &used));
	assert_int_equal(n, 7);
	assert_int_equal(used, 13);
	assert_int_equal(cc_check(two, strlen(two)), 1);
	assert_true(fr_compact_doc(two + used, strlen(two) - used, out, &n, &used));
	assert_int_equal(n, 7);
	assert_memory_equal(out, "{\"b\":2}", 7);
}

/* What goes from a json+ output: distributions, slat, sample statistics;
 * what stays: the figures fiorank reads, and the completion-latency bins
 * (the HTML report's distribution, read_fio_keep.c). */
static void test_jsonplus(void **state)
{
	size_t len, n, used;
	char *buf = fr_slurp(DATA "/fio/shapes/jsonplus.json", &len), *out;

	(void)state;
	assert_non_null(buf);
	out = malloc(len + 1);
	assert_non_null(out);
	assert_true(fr_compact_doc(buf, len, out, &n, &used));
	out[n] = '\0';
	assert_int_equal(used, len);
	assert_true(n < len / 2);
	assert_non_null(strstr(out, "\"bins\":{"));
	assert_null(strstr(out, "\"latency_ns\""));
	assert_null(strstr(out, "\"iodepth_level\""));
	assert_null(strstr(out, "\"slat_ns\""));
	assert_null(strstr(out, "\"iops_samples\""));
	assert_non_null(strstr(out, "\"clat_ns\":{"));
	assert_non_null(strstr(out, "\"99.990000\":"));
	assert_null(strstr(out, "\"1.000000\":")); /* a percentile not read */
	assert_non_null(strstr(out, "\"total_ios\":"));
	assert_non_null(strstr(out, "\"job options\":{"));
	free(out);
	free(buf);
}

/* Through the copy, percentiles are still found by value as well as by
 * fio's key, and the others do not count. */
static void test_reader_percentiles(void **state)
{
	static const char doc[] =
		"{\"fio version\" : \"fio-3.33\", \"jobs\" : [{\"jobname\" : \"4k-randread@peak\", "
		"\"groupid\" : 0, \"error\" : 0, \"read\" : {\"iops\" : 10, \"total_ios\" : 10, "
		"\"clat_ns\" : {\"mean\" : 100, \"percentile\" : {\"50.000000\" : 1, \"99.9\" : "
		"800, "
		"\"99.000000\" : 700, \"99.99\" : 900, \"99.999000\" : 5}}}}]}";
	struct fr_label label = {.fallback_drive = "d"};
	struct fr_model m;
	const struct fr_lat *l;

	(void)state;
	assert_int_equal(cc_check(doc, strlen(doc)), 1);
	fr_model_init(&m);
	assert_int_equal(fr_read_fio_buffer(&m, doc, strlen(doc), "src", &label, NULL), 0);
	assert_int_equal(m.ndrives, 1);
	l = &m.drives[0].profiles[0].steps[0].dir[FR_READ].lat[FR_CLAT];
	assert_float_equal(l->p99, 700, 0);
	assert_float_equal(l->p999, 800, 0);
	assert_float_equal(l->p9999, 900, 0);
	fr_model_free(&m);
}

/* fr_pct_key_which() by value alone, as it was before fio's "%f" keys got
 * a path of their own */
static int pct_by_value(const char *key)
{
	char *end;
	double k = strtod(key, &end);

	for (int i = 0; end != key && !*end && i < FR_NPCT; i++)
		if (fabs(k - fr_pct_read[i]) < 1e-6)
			return i;
	return -1;
}

/* Keys in fio's "%f" form (judged in millionths) mean what they mean by
 * value: every key within 50 millionths of each percentile read and of the
 * bounds of the forms, one in 9,973 elsewhere up to 999.999999, and
 * spellings fio does not write. */
static void test_pct_keys(void **state)
{
	static const char *const odd[] = {"99.9",	 "99.99",      "99",	     "099.900000",
					  "99.9000000",	 "99.90000",   "99.900000 ", "+99.900000",
					  "99.900000e0", "1e2",	       ".990000",    "99.",
					  "9999.000000", "99.899999",  "99.900001",  "98.999999",
					  "-99.000000",	 "99.989999x", "100.0000000"};
	const long centres[] = {99000000, 99900000, 99990000, 0, 9999999, 10000000, 100000000};
	char key[32];

	(void)state;
	for (size_t c = 0; c < sizeof(centres) / sizeof(centres[0]); c++)
		for (long v = centres[c] - 50; v <= centres[c] + 50; v++) {
			if (v < 0)
				continue;
			snprintf(key, sizeof(key), "%ld.%06ld", v / 1000000, v % 1000000);
			assert_int_equal(fr_pct_key_which(key), pct_by_value(key));
		}
	for (long v = 0; v < 1000000000; v += 9973) {
		snprintf(key, sizeof(key), "%ld.%06ld", v / 1000000, v % 1000000);
		assert_int_equal(fr_pct_key_which(key), pct_by_value(key));
	}
	for (size_t i = 0; i < sizeof(odd) / sizeof(odd[0]); i++)
		assert_int_equal(fr_pct_key_which(odd[i]), pct_by_value(odd[i]));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixtures),	   cmocka_unit_test(test_odd_inputs),
		cmocka_unit_test(test_document_end),	   cmocka_unit_test(test_jsonplus),
		cmocka_unit_test(test_reader_percentiles), cmocka_unit_test(test_pct_keys),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
