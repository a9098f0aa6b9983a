/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The engine's per-job JSON file (schema "ssdnvme-engine/1", see
 * docs/engine.md): identity of every file the job touched, plus named
 * sections other parts add (latency tags).  Written atomically.
 * No fio types.
 */
#ifndef SSDNVME_RESULTS_H
#define SSDNVME_RESULTS_H

#include <stddef.h>

#include <json-c/json.h>

#include "namespace.h"
#include "safefile.h"

/* Room for a message naming two paths. */
#define RESULTS_MSG_LEN (2 * PATH_MAX + 512)

#define RESULTS_SCHEMA "ssdnvme-engine/1"

struct results;

struct results *results_new(const char *fio_version, const char *engine_version, const char *job);
void results_free(struct results *r);

/* Appends one entry to "files". */
int results_add_file(struct results *r, const struct ns_info *ni);

/*
 * Hook for other parts (the latency tags): adds SECTION under the top-level
 * key NAME, taking ownership of it.  NAME must not be one of the identity
 * keys (schema, fio_version, engine_version, job, files, run, jobs).  Returns 0, or -1
 * when NAME is reserved or already present (SECTION is then freed).
 */
int results_add_section(struct results *r, const char *name, json_object *section);

/*
 * Writes the document to PATH through safefile.h (a new file under a random
 * name beside it, renamed over it; never a device, a symlink to one, or one
 * of DENY, the job's data files).  Returns 0 or a negative errno, with a
 * message saying that the results were not written, and why, in MSG.
 */
int results_write(const struct results *r, const char *path, const struct safefile_deny *deny,
		  char *msg, size_t len);

/*
 * One results file per fio run, however many jobs write to it.  RUN_ID names
 * the fio run (e.g. its main process's pid and start time); JOB_ENTRY, owned
 * by the callee, describes the writing job (appended to "jobs").  Under an
 * flock on PATH's directory: if PATH holds a file of the same run, its
 * "jobs", "files" (by path, not repeated), "tags" keys and "health" entries
 * (keyed by job and thread; ours replace one of the same key) are kept ahead of
 * ours; a file of another run, or one that is not ours, is replaced.  Then
 * written like results_write().  Returns 0 or a negative errno with MSG.
 */
int results_write_run(struct results *r, const char *run_id, json_object *job_entry,
		      const char *path, const struct safefile_deny *deny, char *msg, size_t len);

#endif
