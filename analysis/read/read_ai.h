/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the checkpoint and KV-cache sections (report/ai.h) read of a fio
 * output beyond the model's steps, kept by the reader at its one read of
 * the file (read_ai.c): per job its job_start and job_runtime, its error,
 * options, and per direction the figures and fio's percentile lists.
 * Kept only for outputs whose jobs carry those methods' names, so that no
 * other run pays for it.
 */
#ifndef FIORANK_READ_AI_H
#define FIORANK_READ_AI_H

#include <stddef.h>

#include "model/group.h"
#include "model/model.h"

/**
 * fr_read_ai_keep() - keep an AI method's output for its sections
 * @m: the input's model (fr_model_keep_ai_doc())
 * @source: the output's path
 * @v: its jobs as the reader resolved them
 * @n: how many
 * @buf: the output's bytes, already read (not read again)
 * @len: their length
 *
 * When a job's name is one of the methods' (ckpt@, ckpt-reader@,
 * kvcache@, kvcache-fill@), the last fio document of @buf is parsed and
 * what the sections read of it is kept: {"jobs" (or "client_stats"):
 * [{jobname, error, job_start, job_runtime, "job options", read and
 * write: {total_ios, iops, io_bytes, bw_bytes, clat_ns and lat_ns:
 * {percentile}}}]}, fio's shape, so that report/ai*.c read it as the file.
 *
 * Return: 0, or -ENOMEM.
 */
int fr_read_ai_keep(struct fr_model *m, const char *source, const struct fr_pending *v, size_t n,
		    const char *buf, size_t len);

#endif
