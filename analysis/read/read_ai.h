/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A fio output read whole, for the checkpoint and KV-cache sections
 * (report/ai.h): they need what the model does not keep of a job (its
 * job_start and job_runtime, fio's percentile list), so each file that
 * holds one of those methods' runs is read again here, once, as the PTS
 * pages read theirs (read/pts.h).
 */
#ifndef FIORANK_READ_AI_H
#define FIORANK_READ_AI_H

#include <stddef.h>

struct json_object;

/**
 * fr_fio_doc_read() - the last fio JSON document of a file
 * @path: the file (fio may have written lines before the document, and
 *        one document per --status-interval tick: the last is the run's)
 * @err: where why not is said (cleared when a document was read)
 * @errlen: the size of @err
 *
 * Return: the document (json_object_put() it), or NULL with @err filled.
 */
struct json_object *fr_fio_doc_read(const char *path, char *err, size_t errlen);

#endif
