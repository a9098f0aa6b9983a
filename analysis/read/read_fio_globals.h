/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The global options fio applied to one job of its JSON output.  Up to fio
 * 3.38, and from 3.39 with one server or none, "global options" is one
 * object, every job's.  From fio 3.39 (commit 6f771553 "client: separate
 * global options from multiple servers") a client/server run with several
 * servers writes an array of one object per server that had global
 * options, each naming its server with "hostname" and "port" beside the
 * options; a job of "client_stats" takes its own server's entry, and a
 * server with no global options has none.  The json-c reader
 * (read_fio.c), the readers of the kept tree (read_fio_keep.h:
 * baseline_params.c, read_fio_log.c, read_engine.c) and pts.c ask here.
 */
#ifndef FIORANK_READ_FIO_GLOBALS_H
#define FIORANK_READ_FIO_GLOBALS_H

#include <stdbool.h>
#include <stddef.h>

struct json_object;

struct fr_fio_globals {
	struct json_object *opts; /* borrowed from the document; NULL: none */
	bool per_server;	  /* an array entry: "hostname" and "port" are its server's */
};

/**
 * fr_fio_globals_check() - whether a document's "global options" can be read
 * @root: the fio document (or the tree fr_fio_keep() kept of it)
 * @why: where the reason is written when not
 * @len: the size of @why
 *
 * An array (fio >= 3.39, several servers) must be of objects, each naming
 * its server with a string "hostname" and a number "port".
 *
 * Return: true when readable (also when absent or of another form, which
 * read as no global options, as before fio 3.39).
 */
bool fr_fio_globals_check(struct json_object *root, char *why, size_t len);

/**
 * fr_fio_globals_of() - the global options fio applied to one job
 * @root: the fio document (or the tree fr_fio_keep() kept of it), checked
 *        with fr_fio_globals_check()
 * @job: one of its "jobs" or "client_stats" entries
 * @g: set to the job's global options (opts NULL: none)
 *
 * With the per-server array, the entry of the same "hostname" and "port"
 * as @job.  No entry is no global options (fio writes none for a server
 * without them) unless an entry names a server that ran no job: then one
 * was renamed (a net engine's "hostname" or "port" option shares the
 * entry's keys) and may be this job's.
 *
 * Return: NULL when known; else why not (static text, to follow "job
 * 'NAME' on HOST: "), @g then none.
 */
const char *fr_fio_globals_of(struct json_object *root, struct json_object *job,
			      struct fr_fio_globals *g);

/**
 * fr_fio_globals_option() - whether a member of the global options is an option
 * @g: the job's global options
 * @key: the member's name
 *
 * Return: false for an array entry's "hostname" and "port" (its server),
 * true otherwise.
 */
bool fr_fio_globals_option(const struct fr_fio_globals *g, const char *key);

/**
 * fr_fio_global() - one global option of a job, for the stages after the reader
 * @root: the fio document or its kept tree
 * @job: the job's entry in it
 * @key: the option
 *
 * Return: the value, borrowed; NULL when not set, or when the job's global
 * options are not known (fr_fio_globals_of(): the reader excluded that
 * job, so no step is made of it).
 */
struct json_object *fr_fio_global(struct json_object *root, struct json_object *job,
				  const char *key);

/**
 * fr_fio_global_str() - one global option of a job given as a string
 * @root: the fio document or its kept tree
 * @job: the job's entry in it
 * @key: the option
 *
 * Return: fr_fio_global()'s value when a string (fio writes every option
 * as one), borrowed; NULL otherwise.
 */
const char *fr_fio_global_str(struct json_object *root, struct json_object *job, const char *key);

#endif
