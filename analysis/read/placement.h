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
/**
 * fr_placement_read() - the placed write keys of one namespace
 * @root: an engine results file's root
 * @nsid: the namespace whose keys are read
 * @nomem: set true when out of memory, false otherwise
 *
 * Reads the write keys of tags.keys that carry a placement ID, each with
 * the RUHID it maps to and its handle usage from jobs[].placement.
 *
 * Return: the keys in PID order (one allocation, free() it); NULL when the
 * namespace has none, or when out of memory (*@nomem then set).
 */
struct fr_placement *fr_placement_read(struct json_object *root, unsigned nsid, bool *nomem);

#endif
