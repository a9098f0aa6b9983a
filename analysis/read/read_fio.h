/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef FIORANK_READ_FIO_H
#define FIORANK_READ_FIO_H

#include <stdbool.h>
#include <stddef.h>

#include "model/label.h"
#include "model/model.h"
#include "read/read_fio_keep.h"

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

#endif
