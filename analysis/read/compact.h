/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef FIORANK_COMPACT_H
#define FIORANK_COMPACT_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Speed-up for the fio reader: copies the JSON document that starts at doc
 * (its '{') into out (room for len bytes), without the whitespace json-c
 * would step over and without the members of fio's output fiorank never
 * reads (compact.c has the list: latency and I/O depth distributions, slat, bandwidth and IOPS
 * sample statistics, CPU counts, the percentiles other than those read_fio.c reads).  The copy
 * parses exactly when the original does, to the same values minus those members.  Returns true with
 * the copy's length in *out_len and in *doc_len the bytes of doc json-c would consume (the document
 * and the whitespace after it); false when the copy could mean something else to json-c (comments,
 * single quotes, control bytes, a document that does not end): then parse the original.
 */
bool fr_compact_doc(const char *doc, size_t len, char *out, size_t *out_len, size_t *doc_len);

/* Whether a member of this name is one fr_compact_doc() may drop. */
bool fr_compact_unread(const char *name, size_t len);

/* The percentiles read_fio.c reads (p99, p99.9, p99.99), and whether a key
 * of fio's percentile object means one: by value, so that a hand-edited
 * "99.9" counts as fio's "99.900000". */
#define FR_NPCT 3
extern const double fr_pct_read[FR_NPCT];
bool fr_pct_key_is(const char *key, double want);
/* Which of fr_pct_read the key means (the first it is near), or -1. */
int fr_pct_key_which(const char *key);

/* Whether fr_compact_doc() keeps this key (len bytes) of a "percentile"
 * object: those fr_pct_key_is() matches, and any it cannot judge. */
bool fr_compact_pct_kept(const char *key, size_t len);

#endif
