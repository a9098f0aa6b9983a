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
#include <stdint.h>

#include <json-c/json.h>

#include "namespace.h"
#include "safefile.h"

/* Room for a message naming two paths. */
#define RESULTS_MSG_LEN (2 * PATH_MAX + 512)

#define RESULTS_SCHEMA "ssdnvme-engine/1"

struct results;

/**
 * results_new() - a new results document
 * @fio_version: the fio version, recorded
 * @engine_version: the engine's version, recorded
 * @job: the job's name (NULL: "")
 *
 * Return: the document (results_free() it), or NULL when out of memory.
 */
struct results *results_new(const char *fio_version, const char *engine_version, const char *job);

/**
 * results_free() - free a results document
 * @r: the document
 */
void results_free(struct results *r);

/**
 * results_add_file() - append one namespace's entry to "files"
 * @r: the document
 * @ni: the namespace
 *
 * Return: 0, or -1 when it could not be added (json-c's answer).
 */
int results_add_file(struct results *r, const struct ns_info *ni);

/**
 * results_add_section() - add a section under a top-level key
 * @r: the document
 * @name: the key; not one of the identity keys (schema, fio_version,
 *        engine_version, job, files, run, jobs)
 * @section: the section, owned by @r from now on
 *
 * The hook for other parts (the latency tags).
 *
 * Return: 0, or -1 when @name is reserved or already present (@section is
 * then freed).
 */
int results_add_section(struct results *r, const char *name, json_object *section);

/**
 * results_write() - write the document to a file
 * @r: the document
 * @path: the file, written through safefile.h (a new file under a random
 *        name beside it, renamed over it; never a device, a symlink to one,
 *        or one of @deny)
 * @deny: the job's data files
 * @msg: where a message saying that the results were not written, and why,
 *       goes
 * @len: its room
 *
 * Return: 0, or a negative errno with @msg written.
 */
int results_write(const struct results *r, const char *path, const struct safefile_deny *deny,
		  char *msg, size_t len);

/* Room for a run id ("<pid>-<start ticks>") with its terminator. */
#define RESULTS_RUN_ID_LEN 48

/**
 * results_run_in() - the run that wrote the results file at a path
 * @path: the file
 * @run: where its run id goes; "" when there is no file, it is not an
 *       engine results file, or it names no run
 * @len: @run's room
 */
void results_run_in(const char *path, char *run, size_t len);

/**
 * results_write_run() - one results file per fio run, however many jobs write to it
 * @r: the document of this job
 * @run_id: names the fio run (e.g. its main process's pid and start time)
 * @seen_run: the run id @path held when the job set up (results_run_in())
 * @job_entry: describes the writing job, appended to "jobs"; owned by the
 *             callee
 * @path: the file
 * @deny: the job's data files
 * @msg: where what went wrong goes
 * @len: its room
 *
 * Under an flock on @path's directory: if @path holds a file of the same
 * run, its "jobs", "files" (by path, not repeated), "tags" keys and "health"
 * entries (keyed by job and thread; ours replace one of the same key) are
 * kept ahead of ours; the file of @seen_run (an earlier run's, there before
 * this job set up), or one that is not ours, is replaced; a file of any
 * other run (a second fio that wrote the same file while this one ran) is
 * left as it is and -EEXIST returned, never dropped.  No clock is compared:
 * file times on a shared or network file system come from another clock.
 * Then written like results_write().
 *
 * Return: 0, or a negative errno with @msg written.
 */
int results_write_run(struct results *r, const char *run_id, const char *seen_run,
		      json_object *job_entry, const char *path, const struct safefile_deny *deny,
		      char *msg, size_t len);

#endif
