/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the stages after the reader keep of a fio document
 * (read_fio_keep.c), apart from read_fio.h so that both fio readers (the
 * json-c one and the fast one, fastread_scan.h) use it without including
 * each other.
 */
#ifndef FIORANK_READ_FIO_KEEP_H
#define FIORANK_READ_FIO_KEEP_H

#include <stdbool.h>
#include <stdint.h>

struct json_object;

/* The json+ completion-latency distribution as kept: FR_DIST_PER_DECADE
 * log-spaced buckets per decade from 1 ns, bucket k holding the bins of
 * [10^(k/10), 10^((k+1)/10)) ns. */
#define FR_DIST_PER_DECADE 10
#define FR_DIST_NBUCKETS   (12 * FR_DIST_PER_DECADE) /* 1 ns .. 10^12 ns */

/**
 * fr_fio_keep_ref() - keep a reference to a value of a parsed document
 * @o: the kept tree's object
 * @key: the key it goes under
 * @v: the value (its reference count raised), or NULL: nothing kept
 *
 * Return: false when out of memory.
 */
bool fr_fio_keep_ref(struct json_object *o, const char *key, struct json_object *v);

/**
 * fr_fio_keep() - what stages after the reader use of a fio document
 * @root: the fio document's root
 * @dist: whether to keep the json+ bins too (fr_model.keep FR_KEEP_ALL)
 *
 * Keeps the global and each job's options and, with @dist, each job's
 * json+ read and write completion-latency bins summed into buckets
 * (read_fio_keep.c), in fio's shape.  fr_read_fio_buffer keeps it on the steps it fills
 * (fr_step.fio_doc).
 *
 * Return: a new tree holding references into @root (json_object_put() it),
 * or NULL when out of memory.
 */
struct json_object *fr_fio_keep(struct json_object *root, bool dist);
/**
 * fr_dist_bucket_of() - the kept distribution's bucket of a json+ bin
 * @ns: the bin's latency, nanoseconds
 *
 * Return: the bucket index, 0 .. FR_DIST_NBUCKETS - 1 (anything under 1 ns
 * in bucket 0), or -1 from 10^12 ns up.
 */
long fr_dist_bucket_of(double ns);
/**
 * fr_dist_bucket_starts() - where the kept distribution's buckets begin
 *
 * For bins of whole nanoseconds in ascending order, as fio writes json+:
 * a bin's bucket is then found by walking up the table from the bucket of
 * the bin before, instead of by fr_dist_bucket_of().
 *
 * Return: FR_DIST_NBUCKETS + 1 entries, entry k the least whole ns whose
 * fr_dist_bucket_of() is k or more (entry FR_DIST_NBUCKETS: the least it
 * gives -1 for, 10^12); entry 0 is 0.
 */
const uint64_t *fr_dist_bucket_starts(void);
/**
 * fr_fio_keep_buckets() - a direction's kept distribution from bucket sums
 * @b: the I/Os per bucket; buckets not above 0 are left out
 *
 * Return: a new {"clat_ns": {"buckets": {k: count}}} object, or NULL when
 * out of memory.
 */
struct json_object *fr_fio_keep_buckets(const double b[FR_DIST_NBUCKETS]);

#endif
