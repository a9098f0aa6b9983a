/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef FIORANK_COMPACT_H
#define FIORANK_COMPACT_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Speed-up for the fio reader: copies the JSON document that starts at doc
 * (its '{') into out (room for len bytes), without the whitespace json-c
 * would step over and without the members of fio's output fiorank never
 * reads (compact.c has the list: latency and I/O depth distributions, json+
 * histograms, slat, bandwidth and IOPS sample statistics, CPU counts).  The
 * copy parses exactly when the original does, to the same values minus those
 * members.  Returns true with the copy's length in *out_len and in *doc_len
 * the bytes of doc json-c would consume (the document and the whitespace
 * after it); false when the copy could mean something else to json-c
 * (comments, single quotes, control bytes, a document that does not end):
 * then parse the original.
 */
bool fr_compact_doc(const char *doc, size_t len, char *out, size_t *out_len, size_t *doc_len);

/* Whether a member of this name is one fr_compact_doc() may drop. */
bool fr_compact_unread(const char *name, size_t len);

#endif
