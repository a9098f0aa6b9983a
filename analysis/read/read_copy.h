/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A Copy method run (model/copy.h) from its fio output (read_copy.c).
 */
#ifndef FIORANK_READ_COPY_H
#define FIORANK_READ_COPY_H

#include <stddef.h>

#include "model/copy.h"

/**
 * fr_read_copy() - the Copy comparison of one fio output
 * @run: filled whole (its strings are its own)
 * @buf: the output (its last fio document is read)
 * @len: its length
 * @source: its path
 * @drive: the label its jobs were given
 *
 * A run that is no comparison (a host phase missing, a role twice, a job
 * in error, phases that overlap) is kept with @run->why saying so and no
 * figures.
 *
 * Return: 0, or -ENOMEM (@run then holds nothing to free).
 */
int fr_read_copy(struct fr_copy_run *run, const char *buf, size_t len, const char *source,
		 const char *drive);

#endif
