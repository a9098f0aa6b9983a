/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef FIORANK_READ_FIO_DIRS_H
#define FIORANK_READ_FIO_DIRS_H

#include <stdbool.h>

#include <json-c/json.h>

#include "model/group.h"
#include "model/ran.h"
#include "read/read_fio_opts.h"

/**
 * fr_pending_exclude() - exclude a job read from fio's output, saying why
 * @p: the job
 * @fmt: the reason, printf-style
 * @...: its arguments
 *
 * The first reason given stands; later ones are dropped.
 *
 * Return: 0, or -ENOMEM when the reason could not be kept.
 */
int fr_pending_exclude(struct fr_pending *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/**
 * fr_read_job_dirs() - every direction of a fio job into the job's figures
 * @job: the job's object in fio's "jobs" (or "client_stats")
 * @o: the job's options (read share, verify)
 * @p: the job; its figures are filled, or it is excluded with the reason
 * @ran: what fio counted per direction (operations, bytes per operation)
 * @run_ms: set to the longest direction's runtime in ms (0 when none)
 *
 * A job whose figures are not sound (no direction, no I/O, a negative or
 * infinite figure, unified_rw_reporting=mixed of a mixed job) is excluded.
 *
 * Return: 0, or -ENOMEM.
 */
int fr_read_job_dirs(struct json_object *job, const struct fr_jobopts *o, struct fr_pending *p,
		     struct fr_ran *ran, double *run_ms);

#endif
