/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What inputs.c (the walk: arguments -> tasks) and inputs_read.c (the
 * parallel read of the tasks and the merge) share.
 */
#ifndef FIORANK_INPUTS_PRIV_H
#define FIORANK_INPUTS_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "model/model.h"

enum task_kind { TASK_FILE, TASK_SKIP, TASK_EXCLUDE };

/* Results of a SNIA PTS suite met in the walk: `fiorank pts` reports them
 * (PTS pages: its own tests, figures and steady-state rules), so the main
 * report counts them per manifest, drive and suite and says so once. */
struct pts_tally {
	char *manifest_dir, *drive, *suite;
	size_t n;
};

/* One file to read, or one problem found while walking, in input order. */
struct json_object;

struct task {
	enum task_kind kind;
	char *path;
	char *drive, *profile, *step; /* forced labels, or NULL */
	char *fallback;
	char *profile_hint, *step_hint; /* the manifest's test and step */
	char *sidecar;			/* engine file to look for */
	/* a --hosts run: host (fr_host_key()) -> its drive's entrant label, or NULL */
	struct json_object *host_entrants;
	/* an output of a --hosts run: its servers are kept for the fleet
	 * view (model/clients.h), also when the run is excluded (a host
	 * lost: the file is read for that alone) */
	bool fleet;
	char *reason; /* TASK_SKIP, TASK_EXCLUDE */
	struct fr_model result;
};

struct ident {
	char *label, *model, *serial, *firmware;
};

struct file_id {
	dev_t dev;
	ino_t ino;
	bool used;
};

struct fr_inputs {
	struct task *tasks;
	size_t ntasks, cap;
	struct ident *idents; /* from manifests, applied after reading */
	size_t nidents;
	struct file_id *seen; /* files and directories; open addressing, cap a power of two */
	size_t nseen, seen_cap;
	struct file_id *manifests; /* manifests read */
	size_t nmanifests;
	/* their trees: path -> parsed tree, JSON null when not JSON; moved
	 * into the model (fr_model.manifests) by fr_inputs_read */
	struct json_object *manifest_docs;
	struct pts_tally *pts; /* PTS results left to `fiorank pts` */
	size_t npts;
	bool oom;
};

#endif
