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
};

int fr_read_manifest(const char *buf, size_t len, struct fr_manifest *mf, char *err, size_t errlen);
/* The same from a parsed manifest (the walk keeps the tree for the stages
 * that read more of it: fr_model.manifests). */
int fr_read_manifest_root(struct json_object *root, struct fr_manifest *mf, char *err,
			  size_t errlen);
void fr_manifest_free(struct fr_manifest *mf);
const struct fr_run *fr_manifest_find(const struct fr_manifest *mf, const char *relpath);
/* The drive label of @run: its drive, with " (ENGINE)" appended when the run
 * used another engine than the suite's (the runner's cross-check runs), so the
 * two are compared instead of colliding.  NULL on ENOMEM. */
char *fr_manifest_drive_label(const struct fr_manifest *mf, const struct fr_run *run);

#endif
