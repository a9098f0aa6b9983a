/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A run on many hosts (the runner's --hosts, fio's client/server; issue
 * 39): per step, each host's drive beside the others, a fleet row whose
 * percentiles come from every host's json+ latency bins summed (exact),
 * fio's "All clients" block checked against it, and the spread of each
 * figure across the drives with the outlier named by a stated rule.  A
 * fleet row is withheld, the host named, when a host the manifest lists
 * has no result in the step.  Built once per report from the manifests the
 * walk kept and the servers the reader kept of their outputs at its one
 * read of each (fleet.c, fleet_read.c); out/out_fleet.c prints it.
 */
#ifndef FIORANK_REPORT_FLEET_H
#define FIORANK_REPORT_FLEET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "model/model.h"
#include "report/fleet_view.h"

struct json_object;

/**
 * fr_fleet_build() - the fleet view of every --hosts manifest read
 * @m: the model: its manifests (m->manifests) and what the reader kept of
 *     their runs' fio outputs (m->clients: each server's exact bins)
 * @out: set to the view (fr_fleet_free() it), or NULL when no manifest has
 *       hosts
 *
 * Return: 0, or -ENOMEM.
 */
int fr_fleet_build(const struct fr_model *m, struct fr_fleet **out);

/**
 * fr_fleet_free() - free a fleet view
 * @fl: what fr_fleet_build() made, or NULL
 */
void fr_fleet_free(struct fr_fleet *fl);

/**
 * fr_fleet_warn() - say every withheld fleet row and unreadable fleet step
 * @fl: what fr_fleet_build() made, or NULL
 * @f: where, or NULL to count only ("fiorank: fleet: RUN: fleet row withheld: host H ...")
 *
 * Return: how many lines were said (a fleet row left out is never silent:
 * the caller's exit status counts them).
 */
size_t fr_fleet_warn(const struct fr_fleet *fl, FILE *f);

#endif
