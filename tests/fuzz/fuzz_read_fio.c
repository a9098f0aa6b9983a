// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer target for fiorank's input readers: bytes -> fio reader -> model
 * -> ranking -> free; the same bytes also go through the engine-file,
 * manifest and reference-CSV readers.  Built by analysis/analysis.mk as
 * $(BUILD)/fuzz_fiorank with -fsanitize=fuzzer,address,undefined and run by
 * tests/script/analysis-fuzz.sh.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rank.h"
#include "read_engine.h"
#include "read_fio.h"
#include "read_manifest.h"
#include "read_ref.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* an exact-size copy, no terminator: reads past the end are caught */
	char *buf = malloc(size ? size : 1);
	struct fr_label label = {.fallback_drive = "fuzz"};
	struct fr_model m;
	struct fr_ranking r;
	struct fr_engine e;
	struct fr_manifest mf;
	struct fr_ref ref = {0};
	char err[256];

	if (!buf)
		return 0;
	memcpy(buf, data, size);
	fr_model_init(&m);
	fr_read_fio_buffer(&m, buf, size, "fuzz", &label, NULL);
	/* and again after blanking histograms, as fiorank reads files */
	if (fr_blank_bins(buf, size))
		fr_read_fio_buffer(&m, buf, size, "fuzz", &label, NULL);
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
	if (!fr_rank(&m, NULL, FR_CLAT, &r))
		fr_ranking_free(&r);
	fr_model_free(&m);
	free(buf);
	return 0;
}
