/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef FIORANK_READ_FIO_H
#define FIORANK_READ_FIO_H

#include <stdbool.h>
#include <stddef.h>

#include "model/label.h"
#include "model/model.h"

/* What a read found, for the caller that pairs it with an engine file. */
struct fr_read_info {
	unsigned jobs;	    /* jobs added to the model */
	unsigned nn_jobs;   /* of those, noisy-neighbor reader jobs without a namespace */
	char *drive;	    /* drive label of the first job */
	char *nn_step;	    /* step of the first such noisy-neighbor job */
	long first_group;   /* fio groupid of the first job */
	bool groups_differ; /* the jobs used come from several fio groups */
};

/* Frees what a read left in info. */
void fr_read_info_free(struct fr_read_info *info);

/*
 * Reads one fio output held in buf (any 3.x JSON shape, text before the JSON,
 * concatenated --status-interval documents, client/server output) into the
 * model.  Returns 0 when read; -1 when the input was rejected, with the reason
 * (and byte offset for parse errors) recorded as a skipped input under
 * `source`.  A job whose "error" is set is excluded and recorded; the others
 * are kept.  info may be NULL.
 */
int fr_read_fio_buffer(struct fr_model *m, const char *buf, size_t len, const char *source,
		       const struct fr_label *label, struct fr_read_info *info);

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
