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

/**
 * fr_read_info_free() - free the strings a read left in its info
 * @info: the info (not itself freed)
 */
void fr_read_info_free(struct fr_read_info *info);

/**
 * fr_read_fio_buffer() - read one fio output into the model
 * @m: the model
 * @buf: the output (any 3.x JSON shape, text before the JSON, concatenated
 *       --status-interval documents, client/server output)
 * @len: its length
 * @source: its file name, under which problems are recorded
 * @label: the drive, profile and step forced for it (-d, -p, -s, the
 *         manifest)
 * @info: what the read found, for pairing with an engine file, or NULL
 *
 * A job whose "error" is set is excluded and recorded; the others are kept.
 *
 * Return: 0 when read; -1 when the input was rejected, with the reason (and
 * the byte offset of a parse error) recorded as a skipped input under
 * @source.
 */
int fr_read_fio_buffer(struct fr_model *m, const char *buf, size_t len, const char *source,
		       const struct fr_label *label, struct fr_read_info *info);

#endif
