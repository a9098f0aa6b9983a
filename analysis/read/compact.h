/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef FIORANK_COMPACT_H
#define FIORANK_COMPACT_H

#include <stdbool.h>
#include <stddef.h>

/**
 * fr_compact_doc() - a compact copy of a fio JSON document, for the reader
 * @doc: the document, at its '{'
 * @len: the bytes from @doc to the end of the input
 * @out: the copy; room for @len bytes
 * @out_len: the copy's length
 * @doc_len: the bytes of @doc json-c would consume (the document and the
 *           whitespace after it)
 *
 * Speed-up for the fio reader: copies the document without the whitespace
 * json-c would step over and without the members of fio's output fiorank
 * never reads (compact.c has the list: latency and I/O depth distributions,
 * slat, bandwidth and IOPS sample statistics, CPU counts, the percentiles
 * other than those read_fio.c reads).  The copy parses exactly when the
 * original does, to the same values minus those members.
 *
 * Return: true with *@out_len and *@doc_len set; false when the copy could
 * mean something else to json-c (comments, single quotes, control bytes, a
 * document that does not end, @doc not at a '{'): then parse the original.
 */
bool fr_compact_doc(const char *doc, size_t len, char *out, size_t *out_len, size_t *doc_len);

/**
 * fr_compact_unread() - whether fr_compact_doc() may drop a member
 * @name: the member's name (not terminated)
 * @len: its length
 *
 * Return: true when a member of this name is one fiorank never reads.
 */
bool fr_compact_unread(const char *name, size_t len);

/* The percentiles read_fio.c reads (p99, p99.9, p99.99), and whether a key
 * of fio's percentile object means one: by value, so that a hand-edited
 * "99.9" counts as fio's "99.900000". */
#define FR_NPCT 3
extern const double fr_pct_read[FR_NPCT];
/**
 * fr_pct_key_is() - whether a percentile key means a percentile
 * @key: a key of fio's percentile object (terminated)
 * @want: the percentile, e.g. 99.9
 *
 * By value, so that a hand-edited "99.9" counts as fio's "99.900000".
 *
 * Return: true when all of @key is a number less than a millionth from
 * @want.
 */
bool fr_pct_key_is(const char *key, double want);
/**
 * fr_pct_key_which() - which of fr_pct_read a percentile key means
 * @key: a key of fio's percentile object (terminated)
 *
 * Return: the index in fr_pct_read of the first percentile @key is less than
 * a millionth from, or -1 when none (or @key is not a number).
 */
int fr_pct_key_which(const char *key);

/**
 * fr_compact_pct_kept() - whether fr_compact_doc() keeps a percentile key
 * @key: a key of a "percentile" object (not terminated)
 * @len: its length
 *
 * Return: true for those fr_pct_key_which() matches, and any it cannot
 * judge (64 bytes or longer).
 */
bool fr_compact_pct_kept(const char *key, size_t len);

#endif
