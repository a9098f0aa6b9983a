/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Flexible Data Placement in fiorank (issue 26): the ssdnvme engine's placed
 * writes, one tag key per namespace x placement ID (docs/tags.md), kept per
 * PID beside the namespace's write step, and the handle (RUHID) each PID
 * maps to from the results file's jobs[].placement.  placement.c reads
 * them; fdp.c pairs a placed run with the same drive's unplaced one.
 */
#ifndef FIORANK_PLACEMENT_H
#define FIORANK_PLACEMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/model.h"

struct json_object;

/* One placement ID's writes on one namespace. */
struct fr_pid_tail {
	unsigned pid;	     /* the placement identifier sent (DSPEC) */
	unsigned plid_index; /* its index in the namespace's handle list (plids=) */
	int ruhid;	     /* reclaim unit handle it maps to; -1 not said */
	uint64_t count;
	struct fr_lat lat; /* ns; mean and percentiles as the engine gave them */
	double max;	   /* ns, NAN not said */
	/* the handle's usage over the job (docs/engine.md "Write amplification
	 * per handle"): bytes the job wrote with this PID, bytes the handle's
	 * reclaim unit took (RUAMW before - after, x LBA size), their ratio;
	 * NAN with why in ru_note where it is not a right number */
	double host_bytes, ru_bytes, ru_ratio;
	char ru_note[200];
};

/* The placed writes of one namespace of one step (a flexible array). */
struct fr_placement {
	size_t n;
	struct fr_pid_tail t[];
};

struct fr_placement *fr_placement_dup(const struct fr_placement *p);

/*
 * From an engine results file's root ROOT: the placed write keys of namespace
 * NSID, PID order; NULL when it has none, or on no memory (*nomem then set).
 */
struct fr_placement *fr_placement_read(struct json_object *root, unsigned nsid, bool *nomem);

#endif
