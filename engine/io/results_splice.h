/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Results documents merged as text: what results_merge_into() does to
 * parsed documents, done on their JSON text, every job's record copied
 * byte for byte (results_parts.c merges a run's parts this way: parsing
 * 64 jobs' records and printing them again took a second of the last job's
 * end in the test bed).
 */
#ifndef SSDNVME_RESULTS_SPLICE_H
#define SSDNVME_RESULTS_SPLICE_H

#include <stddef.h>

/**
 * results_splice() - merge results documents given as text
 * @texts: the documents, first to last: the first is the one the others are
 *         merged into (results_merge_into()'s @acc)
 * @lens: their lengths
 * @n: how many (at least one)
 * @out: the merged document, malloc'd, ending in a newline; a member or
 *       job record per line
 * @out_len: its length
 * @bad: the index of the text that is not a JSON object, on -EINVAL
 *
 * Return: 0; -EINVAL when a text is not one JSON object; -ENOMEM.
 */
int results_splice(const char *const *texts, const size_t *lens, size_t n, char **out,
		   size_t *out_len, size_t *bad);

#endif
