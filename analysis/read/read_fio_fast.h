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

/*
 * Reads fio's JSON output in buf without json-c's object tree: one pass
 * over the bytes (jscan.h), filling what read_fio.c fills from the tree.
 * It reads only the common case, one document of fio's plain JSON whose
 * jobs are all used, and declines everything else (returns false, nothing
 * kept): other shapes, text it does not expect, any job read_fio.c would
 * exclude or any input it would reject, so that json-c's path reads those
 * and gives the reasons.  Its answer is never different from that path's
 * (tests/unit/test_analysis_fastread.c compares them).
 */
bool fr_read_fio_fast(const char *buf, size_t len, const struct fr_label *label,
		      struct fr_fast_doc *out);

/* Frees what fr_read_fio_fast() gave (jobs, version, kept document) when
 * the caller takes none of it. */
void fr_fast_doc_free(struct fr_fast_doc *d);

/* Whether fiorank reads fio outputs this way: yes unless the environment
 * has FIORANK_JSONC=1 (json-c's path for every file), or set here. */
bool fr_read_fio_fast_on(void);
void fr_read_fio_fast_set(bool on);

#endif
