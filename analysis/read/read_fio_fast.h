/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef FIORANK_READ_FIO_FAST_H
#define FIORANK_READ_FIO_FAST_H

#include <stdbool.h>
#include <stddef.h>

struct json_object;

#include "model/group.h"
#include "model/label.h"

/* What the fast reader found in one fio output: the jobs as read_fio.c
 * resolves them (before pairing and grouping), the document's version and
 * timestamp.  The caller owns all of it. */
struct fr_fast_doc {
	struct fr_pending *jobs;
	size_t njobs, cap;
	char *fio_version;
	double timestamp;
	/* what later stages keep of the document, as fr_fio_keep() makes it
	 * from json-c's tree (options, json+ buckets) */
	struct json_object *kept;
};

/**
 * fr_read_fio_fast() - read fio's JSON output without json-c's object tree
 * @buf: the fio output
 * @len: its length in bytes
 * @label: how its jobs are labelled
 * @keep: what is kept (fr_model.keep): with FR_KEEP_ALL the json+ latency
 *        bins are read and kept, else skipped as any value is (checked, not
 *        read); with FR_KEEP_NONE no document is kept (@out's kept NULL)
 * @out: what is read (cleared first); the caller owns it
 *
 * One pass over the bytes (jscan.h), filling what read_fio.c fills from the
 * tree.  It reads only the common case, one document of fio's plain JSON
 * whose jobs are all used, and declines everything else: other shapes,
 * text it does not expect, any job read_fio.c would exclude or any input it
 * would reject, so that json-c's path reads those and gives the reasons.
 * Its answer is never different from that path's
 * (tests/unit/test_analysis_fastread.c compares them).
 *
 * Return: true when read; false when declined or out of memory (nothing
 * kept in @out).
 */
bool fr_read_fio_fast(const char *buf, size_t len, const struct fr_label *label, enum fr_keep keep,
		      struct fr_fast_doc *out);

/**
 * fr_fast_doc_free() - free what fr_read_fio_fast() gave
 * @d: its jobs, version and kept document, when the caller takes none of
 *     them; left zeroed
 */
void fr_fast_doc_free(struct fr_fast_doc *d);

/**
 * fr_read_fio_fast_on() - whether fiorank reads fio outputs the fast way
 *
 * Decided once from the environment unless fr_read_fio_fast_set() decided
 * first.
 *
 * Return: true unless the environment has FIORANK_JSONC=1 (json-c's path for
 * every file), or as fr_read_fio_fast_set() set it.
 */
bool fr_read_fio_fast_on(void);
/**
 * fr_read_fio_fast_set() - choose whether fio outputs are read the fast way
 * @on: true for the fast reader, false for json-c's path for every file
 *
 * Overrides FIORANK_JSONC.
 */
void fr_read_fio_fast_set(bool on);

#endif
