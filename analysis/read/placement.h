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
/*
 * From an engine results file's root ROOT: the placed write keys of namespace
 * NSID, PID order; NULL when it has none, or on no memory (*nomem then set).
 */
struct fr_placement *fr_placement_read(struct json_object *root, unsigned nsid, bool *nomem);

#endif
