/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef FIORANK_READ_MANIFEST_H
#define FIORANK_READ_MANIFEST_H

#include <stddef.h>

/* One entry of the runner's manifest.json "runs" array (schema
 * ssdnvme-manifest/1, see docs/fiorank.md). */
struct fr_run {
	char *id;
	char *drive;
	char *suite; /* the runner's suite (pts-iops, profiles ...), or NULL */
	char *test;
	char *step;
	char *output;	     /* relative to the manifest's directory */
	char *engine_output; /* or NULL */
	char *status;	     /* done, failed, running */
	char *engine;	     /* the ioengine this run used, or NULL */
};

struct fr_mdrive {
	char *label;
	char *model;
	char *serial;
	char *firmware;
	char *host;    /* a --hosts run: the server as given to it, else NULL */
	char *entrant; /* with a host: its drive's own label (fr_host_drive_label()) */
};

struct json_object;

struct fr_manifest {
	char *engine; /* the suite's engine; a run with another one is a check run */
	struct fr_run *runs;
	size_t nruns;
	/* output -> index in runs (the first run naming it): every file of
	 * the results tree is looked up, a linear search made it quadratic */
	struct json_object *by_output;
	struct fr_mdrive *drives;
	size_t ndrives;
	/* a --hosts run (the manifest has "systems", one per server): the
	 * fleet view reads its outputs' servers (model/clients.h) */
	bool fleet;
};

/**
 * fr_read_manifest() - parse the runner's manifest.json
 * @buf: the file's bytes
 * @len: how many
 * @mf: what is read (cleared first); free with fr_manifest_free() on success
 * @err: where the reason goes on failure
 * @errlen: its size
 *
 * Return: 0, or -1 with a reason in @err (@mf then freed): as
 * fr_read_manifest_root(), or not JSON (with the byte offset).
 */
int fr_read_manifest(const char *buf, size_t len, struct fr_manifest *mf, char *err, size_t errlen);
/**
 * fr_read_manifest_root() - read a parsed manifest
 * @root: the manifest's tree; not taken (the walk keeps the tree for the
 *        stages that read more of it: fr_model.manifests)
 * @mf: what is read (cleared first); free with fr_manifest_free() on success
 * @err: where the reason goes on failure
 * @errlen: its size
 *
 * Return: 0, or -1 with a reason in @err (@mf then freed): a "schema" other
 * than "ssdnvme-manifest/1", no "runs" array, a run without string "drive"
 * and "output", a drive without string "label", or out of memory.
 */
int fr_read_manifest_root(struct json_object *root, struct fr_manifest *mf, char *err,
			  size_t errlen);
/**
 * fr_manifest_free() - free what a manifest read allocated
 * @mf: the manifest; left zeroed
 */
void fr_manifest_free(struct fr_manifest *mf);
/**
 * fr_manifest_find() - the run that wrote an output file
 * @mf: the manifest
 * @relpath: the file, relative to the manifest's directory, as the runs'
 *           "output" gives it
 *
 * Return: the first run naming @relpath as its output, or NULL when none.
 */
const struct fr_run *fr_manifest_find(const struct fr_manifest *mf, const char *relpath);
/**
 * fr_manifest_drive_label() - the drive label of a run
 * @mf: the manifest
 * @run: the run
 *
 * Its drive, with " (ENGINE)" appended when the run used another engine than
 * the suite's (the runner's cross-check runs), so the two are compared
 * instead of colliding.
 *
 * Return: a new string to free(), or NULL when out of memory.
 */
char *fr_manifest_drive_label(const struct fr_manifest *mf, const struct fr_run *run);

#endif
