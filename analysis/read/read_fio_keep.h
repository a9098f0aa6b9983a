/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the stages after the reader keep of a fio document
 * (read_fio_keep.c), apart from read_fio.h so that both fio readers (the
 * json-c one and the fast one, fastread_scan.h) use it without including
 * each other.
 */
#ifndef FIORANK_READ_FIO_KEEP_H
#define FIORANK_READ_FIO_KEEP_H

struct json_object;

/* The json+ completion-latency distribution as kept: FR_DIST_PER_DECADE
 * log-spaced buckets per decade from 1 ns, bucket k holding the bins of
 * [10^(k/10), 10^((k+1)/10)) ns. */
#define FR_DIST_PER_DECADE 10
#define FR_DIST_NBUCKETS   (12 * FR_DIST_PER_DECADE) /* 1 ns .. 10^12 ns */

/* What stages after the reader use of the fio document root (options,
 * json+ bins in buckets; read_fio_keep.c), as a new tree holding references into
 * root; NULL when out of memory.  fr_read_fio_buffer keeps it on the
 * steps it fills (fr_step.fio_doc). */
struct json_object *fr_fio_keep(struct json_object *root);
/* The bucket of a json+ bin of NS nanoseconds, -1 outside the range. */
long fr_dist_bucket_of(double ns);
/* A direction's kept distribution, {"clat_ns": {"buckets": {k: count}}},
 * from bucket sums B; NULL when out of memory. */
struct json_object *fr_fio_keep_buckets(const double b[FR_DIST_NBUCKETS]);

#endif
