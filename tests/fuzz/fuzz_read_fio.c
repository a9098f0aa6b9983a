// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target for fiorank: bytes -> fio reader -> model -> ranking ->
 * every output format; the same bytes also go through the engine-file,
 * manifest and reference-CSV readers; and, split into files of a small
 * results tree (manifest.json, <drive>/peak.json with its .engine.json
 * sidecar, another output), through the directory walk and the parallel
 * reader, then ranking and every format.  The JSON output must parse, as
 * strict UTF-8 JSON, the reader's compact copy of a document must mean
 * what the document means (tests/unit/compact_check.h), and the fast reader
 * (read_fio_fast.h) must read the bytes as json-c's path does, field for
 * field (tests/unit/model_dump.h): anything else aborts.  Built by
 * analysis/analysis.mk as
 * $(BUILD)/fuzz_fiorank with -fsanitize=fuzzer,address,undefined and run by
 * tests/script/analysis-fuzz.sh.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <json-c/json.h>

#include "../unit/compact_check.h"
#include "../unit/model_dump.h"
#include "read/inputs.h"
#include "out/out.h"
#include "rank/rank.h"
#include "read/read_engine.h"
#include "read/read_fio.h"
#include "read/read_manifest.h"
#include "read/read_ref.h"
#include "report/report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int (*const renderers[])(FILE *, const struct fr_report *) = {
	fr_out_text, fr_out_md, fr_out_csv, fr_out_json, fr_out_html,
};

/* The JSON report must be strict JSON in valid UTF-8. */
static void check_json(const char *out, size_t len)
{
	struct json_tokener *tok = json_tokener_new();
	struct json_object *root;

	if (!tok)
		return;
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
	root = json_tokener_parse_ex(tok, out, (int)len);
	if (!root) {
		fprintf(stderr, "fiorank's JSON output does not parse: %s\n%.*s\n",
			json_tokener_error_desc(json_tokener_get_error(tok)), (int)len, out);
		abort();
	}
	json_object_put(root);
	json_tokener_free(tok);
}

/* Ranks the model and renders it in every format. */
static void rank_and_render(const struct fr_model *m)
{
	struct fr_ranking r;

	if (fr_rank(m, NULL, FR_CLAT, &r))
		return;
	for (size_t i = 0; i < sizeof(renderers) / sizeof(renderers[0]); i++) {
		struct fr_report rep = {m, &r, NULL};
		struct fr_report_parts parts;
		char *out = NULL;
		size_t len = 0;
		FILE *f;

		if (fr_report_build(&rep, &parts) || !(f = open_memstream(&out, &len))) {
			fr_report_parts_free(&parts);
			continue;
		}
		renderers[i](f, &rep);
		fclose(f);
		fr_report_parts_free(&parts);
		if (renderers[i] == fr_out_json)
			check_json(out, len);
		free(out);
	}
	fr_ranking_free(&r);
}

/* The fast reader and json-c's path give one answer, whatever is kept
 * (fr_model.keep: the bins are skipped unread below FR_KEEP_ALL). */
static void check_fast(const char *buf, size_t size)
{
	struct fr_label label = {.fallback_drive = "fuzz"};

	for (int keep = FR_KEEP_ALL; keep <= FR_KEEP_NONE; keep++) {
		char *jsonc, *fast;

		md_read_both_keep(buf, size, &label, keep, &jsonc, &fast);
		if (strcmp(jsonc, fast)) {
			fprintf(stderr,
				"the fast reader differs from json-c's path (keep %d)\n"
				"--- json-c\n%s--- fast\n%s",
				keep, jsonc, fast);
			abort();
		}
		free(jsonc);
		free(fast);
	}
	fr_read_fio_fast_set(true);
}

/* The readers on the bytes as they are. */
static void read_buffer(const uint8_t *data, size_t size)
{
	/* an exact-size copy, no terminator: reads past the end are caught */
	char *buf = malloc(size ? size : 1);
	struct fr_label label = {.fallback_drive = "fuzz"};
	struct fr_model m;
	struct fr_engine e;
	struct fr_manifest mf;
	struct fr_ref ref = {0};
	char err[256];

	if (!buf)
		return;
	memcpy(buf, data, size);
	fr_model_init(&m);
	fr_read_fio_buffer(&m, buf, size, "fuzz", &label, NULL);
	check_fast(buf, size);
	/* the reader's compact copy of the first document means what it does */
	for (size_t i = 0; i < size; i++)
		if (buf[i] == '{') {
			if (cc_check(buf + i, size - i) < 0) {
				fprintf(stderr, "the compact copy is not the original\n");
				abort();
			}
			break;
		}
	if (!fr_read_engine(buf, size, &e, err, sizeof(err))) {
		fr_engine_add_tails(&m, &e, "fuzz", "peak", "fuzz");
		fr_engine_free(&e);
	}
	if (!fr_read_manifest(buf, size, &mf, err, sizeof(err)))
		fr_manifest_free(&mf);
	if (!fr_read_ref_csv(buf, size,
			     size % 3 == 0   ? "curves"
			     : size % 3 == 1 ? "wp"
					     : "nn",
			     "fuzz", &ref, err, sizeof(err)))
		fr_ref_to_model(&ref, NULL, &m);
	fr_ref_free(&ref);
	rank_and_render(&m);
	fr_model_free(&m);
	free(buf);
}

/* The files of the results tree the walk reads, in the order the input's
 * chunks fill them. */
static const char *const tree_files[] = {
	"manifest.json",
	"drive-a/peak.json",
	"drive-a/peak.engine.json",
	"drive-b.json",
};
#define NTREE (sizeof(tree_files) / sizeof(tree_files[0]))

static const char *tree_root(void)
{
	static char root[4096];

	if (!*root) {
		const char *tmp = getenv("TMPDIR");

		snprintf(root, sizeof(root), "%s/fuzz-fiorank.%ld", tmp && *tmp ? tmp : "/tmp",
			 (long)getpid());
		mkdir(root, 0700);
		snprintf(root + strlen(root), sizeof(root) - strlen(root), "/r");
		mkdir(root, 0700);
	}
	return root;
}

/* The input split at each "\n\n\n" into the files of the tree, walked. */
static void read_tree(const uint8_t *data, size_t size)
{
	const char *root = tree_root();
	const uint8_t *p = data, *end = data + size;
	char path[4200];
	struct fr_inputs *in;
	struct fr_input_opts o = {0};
	struct fr_model m;

	snprintf(path, sizeof(path), "%s/drive-a", root);
	mkdir(path, 0700);
	for (size_t i = 0; i < NTREE; i++) {
		const uint8_t *sep = p < end ? memmem(p, (size_t)(end - p), "\n\n\n", 3) : NULL;
		const uint8_t *stop = sep ? sep : end;
		FILE *f;

		snprintf(path, sizeof(path), "%s/%s", root, tree_files[i]);
		unlink(path);
		if (p >= end)
			continue;
		f = fopen(path, "wb");
		if (f) {
			fwrite(p, 1, (size_t)(stop - p), f);
			fclose(f);
		}
		p = sep ? sep + 3 : end;
	}
	in = fr_inputs_new();
	fr_model_init(&m);
	if (in && !fr_inputs_add(in, root, &o) && !fr_inputs_read(in, &m, 1))
		rank_and_render(&m);
	fr_inputs_free(in);
	fr_model_free(&m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	read_buffer(data, size);
	read_tree(data, size);
	return 0;
}
