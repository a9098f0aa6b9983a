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

/**
 * results_write_json() - results_write() of a document's root
 * @root: the document's JSON
 * @path: the file, as for results_write()
 * @deny: the job's data files, as for results_write()
 * @msg: where a message saying that the results were not written goes
 * @len: its room
 *
 * Return: 0, or a negative errno with @msg written.
 */
int results_write_json(json_object *root, const char *path, const struct safefile_deny *deny,
		       char *msg, size_t len);

/**
 * results_write_text() - results_write() of a document's text
 * @text: the document, as it is to be in the file
 * @text_len: its length
 * @path: the file, as for results_write()
 * @deny: the job's data files, as for results_write()
 * @msg: where a message saying that the results were not written goes
 * @len: its room
 *
 * Return: 0, or a negative errno with @msg written.
 */
int results_write_text(const char *text, size_t text_len, const char *path,
		       const struct safefile_deny *deny, char *msg, size_t len);

/**
 * results_root() - the document's JSON, owned by it
 * @r: the document
 *
 * Return: the root object.
 */
json_object *results_root(const struct results *r);

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

/*
 * The pieces of results_write_run(), shared with results_parts.c (which
 * merges many jobs' records at once).
 */

/**
 * results_stamp() - name the run and the writing job in a job's document
 * @r: the document
 * @run_id: the run
 * @job_entry: the job's entry, the one element of "jobs"; owned by @r now
 */
void results_stamp(struct results *r, const char *run_id, json_object *job_entry);

/**
 * results_merge_into() - append a later record of the same run to a document
 * @acc: the document merged so far (modified)
 * @later: the record; its "files" (by path, not repeated), "jobs", tag keys
 *         and "health" entries (its entry replacing one of the same key)
 *         go after @acc's; its other members replace @acc's, except "job"
 *         (the first writer's stays)
 *
 * Costs what @later holds, not what @acc does (files: one compare per path).
 */
void results_merge_into(json_object *acc, json_object *later);

/**
 * results_read_regular() - the JSON in a regular file
 * @path: the file (a symlink to one is followed; a device is never read)
 *
 * Return: the JSON, or NULL when it is not a regular file or not JSON.
 */
json_object *results_read_regular(const char *path);

/**
 * results_read_regular_text() - the text of a regular file, read in as few calls as its size allows
 * @path: the file (a symlink to one is followed; a device is never read)
 * @len: set to the text's length
 *
 * Return: the text, NUL-terminated, malloc'd (free() it); NULL when it is
 * not a regular file or cannot be read.
 */
char *results_read_regular_text(const char *path, size_t *len);

/**
 * results_parse_text() - the JSON document at the start of a text
 * @text: the text
 * @len: its length
 *
 * Return: the JSON, or NULL when it is not JSON.
 */
json_object *results_parse_text(const char *text, size_t len);

/**
 * results_lock_dir() - flock() the directory of a path
 * @path: the file
 * @how: LOCK_EX or LOCK_SH
 * @msg: where the reason goes on failure
 * @len: its room
 *
 * Return: the locked descriptor (close() unlocks), or a negative errno.
 */
int results_lock_dir(const char *path, int how, char *msg, size_t len);

/**
 * results_of_run() - what is at the results path, for a run about to write
 * @path: the file
 * @run_id: the writing run
 * @seen_run: the run @path held at set-up
 * @same: set to the file's JSON when it is @run_id's (put it), else NULL
 * @msg: where the refusal goes
 * @len: its room
 *
 * Return: 0 (the file is this run's, @seen_run's, not ours, or absent), or
 * -EEXIST with @msg written: another run's, written after set-up.
 */
int results_of_run(const char *path, const char *run_id, const char *seen_run, json_object **same,
		   char *msg, size_t len);

/**
 * results_of_run_text() - results_of_run(), with the file's text
 * @path: the file
 * @run_id: the writing run
 * @seen_run: the run @path held at set-up
 * @text: set to the file's text, malloc'd, when it is @run_id's, else NULL
 * @text_len: its length
 * @msg: where the refusal goes
 * @len: its room
 *
 * Return: as results_of_run().
 */
int results_of_run_text(const char *path, const char *run_id, const char *seen_run, char **text,
			size_t *text_len, char *msg, size_t len);

#endif
