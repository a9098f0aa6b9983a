// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests: results documents merged as text (engine/io/results_splice.c,
 * json_span.c) give what results_merge_into() gives the parsed documents,
 * member for member and in the same order; text that is not one JSON
 * object is refused, naming which.
 */
#include <setjmp.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "json_span.h"
#include "results.h"
#include "results_splice.h"

#define MAX_DOCS 6

/* Documents merged first to last; each set ends with NULL. */
static const char *const sets[][MAX_DOCS + 1] = {
	/* jobs' parts as the engine writes them: files once by path, keys and jobs appended */
	{"{\"schema\":\"ssdnvme-engine/1\",\"job\":\"a\",\"files\":[{\"path\":\"/dev/"
	 "ng0n1\",\"nsid\":1}],"
	 "\"tags\":{\"version\":1,\"keys\":[{\"id\":1,\"label\":\"a\"}],\"clock\":\"x\"},"
	 "\"health\":{\"a.1\":{\"before\":1}},\"system\":{\"cpus\":2},\"run\":\"9-1\","
	 "\"jobs\":[{\"name\":\"a\",\"thread\":1}]}",
	 "{\"schema\":\"ssdnvme-engine/1\",\"job\":\"b\",\"files\":[{\"path\":\"/dev/"
	 "ng0n1\",\"nsid\":1},"
	 "{\"path\":\"/dev/"
	 "ng0n2\",\"nsid\":2}],\"tags\":{\"version\":2,\"keys\":[{\"id\":1,\"label\":\"b\"}],"
	 "\"clock\":\"y\",\"new\":[1]},\"health\":{\"b.2\":{\"before\":2},\"a.1\":{\"again\":true}}"
	 ","
	 "\"system\":{\"cpus\":4},\"run\":\"9-1\",\"jobs\":[{\"name\":\"b\",\"thread\":2}]}",
	 "{\"files\":[{\"path\":\"/dev/ng0n3\"},{\"path\":\"/dev/"
	 "ng0n3\"},{\"nopath\":1},{\"nopath\":1}],"
	 "\"jobs\":[{\"name\":\"c\"},{\"name\":\"d\"}],\"extra\":null}",
	 NULL},
	/* the first lacks every section: the later ones' become them, in order */
	{"{\"schema\":\"s\",\"run\":\"1-1\"}",
	 "{\"health\":{\"x\":1},\"tags\":{\"keys\":[1,2]},\"jobs\":[{\"n\":1}],\"files\":[{"
	 "\"path\":\"p\"},"
	 "{\"path\":\"p\"}]}",
	 "{\"tags\":{\"keys\":[3]},\"files\":[{\"path\":\"p\"}],\"jobs\":[{\"n\":2}],\"health\":{"
	 "\"x\":2}}",
	 NULL},
	/* sections of the wrong type: the first's kept until a later list replaces
	 * it; a later one's never merged */
	{"{\"files\":\"none\",\"jobs\":{},\"tags\":[],\"health\":7}",
	 "{\"files\":{\"path\":\"q\"},\"jobs\":\"no\",\"tags\":5,\"health\":[]}",
	 "{\"files\":[{\"path\":\"q\"}],\"jobs\":[1],\"tags\":{\"keys\":{}},\"health\":{\"h\":1}}",
	 "{\"tags\":{\"keys\":[9],\"other\":1},\"files\":[{\"path\":\"q\"}]}", NULL},
	/* tag keys that are not a list, then one that is; "job" stays the first's */
	{"{\"job\":\"first\",\"tags\":{\"keys\":\"none\",\"a\":1}}",
	 "{\"job\":\"second\",\"tags\":{\"a\":2,\"keys\":7}}",
	 "{\"tags\":{\"keys\":[{\"k\":1}],\"b\":3}}",
	 "{\"tags\":{\"keys\":[{\"k\":2}]},\"job\":\"third\"}", NULL},
	/* a name given twice: its last value, where it first stood (json-c's reading) */
	{"{\"a\":1,\"jobs\":[0],\"a\":2}", "{\"jobs\":[2],\"b\":1,\"jobs\":[3],\"b\":2}", NULL},
	/* the run's file written before (indented, as json-c prints), strings with
	 * escapes and non-ASCII text, numbers of every form, json-c's NaN */
	{"{\n  \"schema\" : \"ssdnvme-engine/1\",\n  \"files\" : [\n    {\n      \"path\" : "
	 "\"/tmp/a \\\"b\\\"\\u00e9\"\n"
	 "    }\n  ],\n  \"jobs\" : [ ],\n  \"health\" : { }\n}\n",
	 "{\"files\":[{\"path\":\"/tmp/a \\\"b\\\"\\u00e9\"},{\"path\":\"/tmp/\xc3\xa9\"}],"
	 "\"jobs\":[{\"v\":[-0.5,1e3,2E-7,0,-12,3.25e+2,true,false,null,NaN]}],"
	 "\"health\":{\"j\\/k\":{\"t\":\"\\t\\n\\\\\"}}}",
	 NULL},
};

/* results_merge_into() of the parsed set, printed. */
static char *parsed_merge(const char *const *docs)
{
	json_object *acc = json_tokener_parse(docs[0]), *later;
	char *text;
	size_t i;

	assert_non_null(acc);
	for (i = 1; docs[i]; i++) {
		later = json_tokener_parse(docs[i]);
		assert_non_null(later);
		results_merge_into(acc, later);
		json_object_put(later);
	}
	text = strdup(json_object_to_json_string_ext(acc, JSON_C_TO_STRING_PLAIN));
	json_object_put(acc);
	return text;
}

/* The set spliced as text, then parsed and printed as parsed_merge() prints. */
static char *spliced_merge(const char *const *docs)
{
	const char *texts[MAX_DOCS];
	size_t lens[MAX_DOCS], n, out_len, bad = 99;
	json_object *merged;
	char *out, *text;

	for (n = 0; docs[n]; n++) {
		texts[n] = docs[n];
		lens[n] = strlen(docs[n]);
	}
	assert_int_equal(results_splice(texts, lens, n, &out, &out_len, &bad), 0);
	assert_int_equal(bad, 99);
	assert_true(out_len > 2 && out[out_len - 1] == '\n');
	merged = json_tokener_parse(out);
	assert_non_null(merged);
	text = strdup(json_object_to_json_string_ext(merged, JSON_C_TO_STRING_PLAIN));
	json_object_put(merged);
	free(out);
	return text;
}

static void splice_is_the_parsed_merge(void **state)
{
	char *want, *got;
	size_t s;

	(void)state;
	for (s = 0; s < sizeof(sets) / sizeof(sets[0]); s++) {
		want = parsed_merge(sets[s]);
		got = spliced_merge(sets[s]);
		if (strcmp(want, got))
			print_message("# set %zu\n# want %s\n# got  %s\n", s, want, got);
		assert_string_equal(got, want);
		free(want);
		free(got);
	}
}

/* Each job record of the merged file is a line of its own, copied byte for byte. */
static void job_records_are_lines_copied_as_written(void **state)
{
	const char *texts[] = {"{\"jobs\":[{\"name\":\"a\",  \"x\" : [1, 2]}]}",
			       "{\"jobs\":[{\"name\":\"b\"}]}"};
	size_t lens[] = {strlen(texts[0]), strlen(texts[1])}, out_len, bad;
	char *out;

	(void)state;
	assert_int_equal(results_splice(texts, lens, 2, &out, &out_len, &bad), 0);
	assert_non_null(strstr(out, "\n{\"name\":\"a\",  \"x\" : [1, 2]},\n{\"name\":\"b\"}]"));
	free(out);
}

/* Text that is not one JSON object: refused, the index of the first such said. */
static void what_is_not_one_object_is_refused(void **state)
{
	static const char *const bad[] = {
		"",
		"{\"jobs\": [",
		"{\"a\":1} {\"b\":2}",
		"{\"a\":1,}",
		"{\"a\":[1,]}",
		"{\"a\":01}",
		"{\"a\":-}",
		"{\"a\":1.}",
		"{\"a\":tru}",
		"{\"a\":\"\\x\"}",
		"{\"a\":\"\\u12g4\"}",
		"{\"a\":\"tab\there\"}",
		"{a:1}",
		"[{\"a\":1}]",
		"\"text\"",
		"{\"a\" 1}",
		"{\"a\":1 \"b\":2}",
	};
	const char *texts[2] = {"{\"ok\":true}"};
	size_t lens[2], out_len, i, which;
	char *out = NULL;

	(void)state;
	lens[0] = strlen(texts[0]);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		texts[1] = bad[i];
		lens[1] = strlen(bad[i]);
		which = 0;
		if (results_splice(texts, lens, 2, &out, &out_len, &which) != -EINVAL)
			print_message("# accepted: %s\n", bad[i]);
		assert_null(out);
		assert_int_equal(which, 1);
	}
}

/* json-c's own depth limit holds: 32 levels are read, 33 are not (json-c refuses them too). */
static void nesting_past_json_c_is_refused(void **state)
{
	char deep[2 * 40 + 16];
	json_object *parsed;
	struct json_doc doc;
	int levels, i, n, ret;

	(void)state;
	for (levels = 31; levels <= 33; levels++) {
		n = 0;
		for (i = 0; i < levels; i++)
			deep[n++] = '[';
		for (i = 0; i < levels; i++)
			deep[n++] = ']';
		deep[n] = '\0';
		parsed = json_tokener_parse(deep);
		ret = json_doc_read(&doc, deep, (size_t)n, 3);
		json_doc_free(&doc);
		assert_int_equal(ret, parsed ? 0 : -EINVAL);
		assert_int_equal(ret, levels <= 32 ? 0 : -EINVAL);
		json_object_put(parsed);
	}
}

/* The index: members and elements down to the depth asked for, in order, with their spans. */
static void the_index_holds_each_level_asked_for(void **state)
{
	const char *text = " {\"a\": [1, {\"b\": \"x\"}], \"c\" : {\"d\": [2]}} ";
	struct json_doc doc;
	const struct json_node *v;
	size_t a, a1, c, d;

	(void)state;
	assert_int_equal(json_doc_read(&doc, text, strlen(text), 2), 0);
	v = doc.v;
	assert_true(json_span_eq(v[0].val, "{\"a\": [1, {\"b\": \"x\"}], \"c\" : {\"d\": [2]}}"));
	a = v[0].child;
	assert_true(json_span_eq(v[a].key, "\"a\"") &&
		    json_span_eq(v[a].val, "[1, {\"b\": \"x\"}]"));
	a1 = v[v[a].child].next;
	assert_true(json_span_eq(v[v[a].child].val, "1") && v[a1].key.n == 0);
	assert_true(json_span_eq(v[a1].val, "{\"b\": \"x\"}") && !v[a1].next);
	assert_int_equal(v[a1].child, 0); /* nested 2 deep: not indexed */
	c = v[a].next;
	assert_true(json_span_eq(v[c].key, "\"c\"") && !v[c].next);
	d = v[c].child;
	assert_true(json_span_eq(v[d].key, "\"d\"") && json_span_eq(v[d].val, "[2]"));
	assert_int_equal(v[d].child, 0);
	json_doc_free(&doc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(splice_is_the_parsed_merge),
		cmocka_unit_test(job_records_are_lines_copied_as_written),
		cmocka_unit_test(what_is_not_one_object_is_refused),
		cmocka_unit_test(nesting_past_json_c_is_refused),
		cmocka_unit_test(the_index_holds_each_level_asked_for),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
