/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A run on many hosts (the runner's --hosts, fio's client/server; issue
 * 39): per step, each host's drive beside the others, a fleet row whose
 * percentiles come from every host's json+ latency bins summed (exact),
 * fio's "All clients" block checked against it, and the spread of each
 * figure across the drives with the outlier named by a stated rule.  A
 * fleet row is withheld, the host named, when a host the manifest lists
 * has no result in the step.  Built once per report from the manifests the
 * walk kept (fleet.c, fleet_read.c); out/out_fleet.c prints it.
 */
#ifndef FIORANK_REPORT_FLEET_H
#define FIORANK_REPORT_FLEET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "model/model.h"
#include "report/fleet_stats.h"

struct json_object;

/**
 * fr_fleet_build() - the fleet view of every --hosts manifest read
 * @m: the model: its manifests (m->manifests) and their runs' fio outputs,
 *     read again here for their bins
 * @out: set to {"fleets": [...]} (docs/fiorank.md, "Fleet"), or NULL when
 *       no manifest has hosts
 *
 * Return: 0, or -ENOMEM.
 */
int fr_fleet_build(const struct fr_model *m, struct json_object **out);

/**
 * fr_fleet_warn() - say every withheld fleet row and unreadable fleet step
 * @fleet: what fr_fleet_build() made, or NULL
 * @f: where, or NULL to count only ("fiorank: fleet: RUN: fleet row withheld: host H ...")
 *
 * Return: how many lines were said (a fleet row left out is never silent:
 * the caller's exit status counts them).
 */
size_t fr_fleet_warn(struct json_object *fleet, FILE *f);

/* ---- fleet_read.c: one step's fio output, per manifest host */

/* One host's figures of one step, per direction (read, write): every job
 * of the host together, as one host's jobs are one drive's. */
struct fr_fleet_host {
	bool present;  /* the output holds a result of the host */
	char why[200]; /* when not, or when unusable: why */
	struct fr_fleet_hdir {
		double ios, iops;
		double mean_sum; /* sum of ios x mean (ns) */
		struct fr_hist hist;
		bool no_bins; /* a job of the host had I/O but no json+ bins */
	} dir[2];
};

/**
 * fr_fleet_index_clients() - a step's client_stats by server
 * @clients: fio's "client_stats" array
 *
 * Return: a new object, fr_client_key() -> array of that server's entries
 * ("All clients" left out: fio's sum is no server), or NULL when out of
 * memory.  One pass, so that a step of N hosts costs N, not N x N.
 */
struct json_object *fr_fleet_index_clients(struct json_object *clients);
/**
 * fr_fleet_host_figures() - one host's figures from a step's clients
 * @by_key: fr_fleet_index_clients()
 * @host: the host as given to --hosts
 * @h: filled (fr_fleet_host_free() it)
 *
 * Return: 0, or -ENOMEM.  A host without an entry, or whose job ended with
 * an error, is not present (@h->why says which).
 */
int fr_fleet_host_figures(struct json_object *by_key, const char *host, struct fr_fleet_host *h);
/**
 * fr_fleet_resumed_why() - why a host lost in a run is still missing there
 * @mf: the manifest
 * @run: its run (a --hosts run that lost @host)
 * @host: the host as given to --hosts
 * @why: set when @host was rerun alone (--resume: a done run whose
 *	resume_of is @run's id): it ran apart, never summed with the others
 * @len: its size
 */
void fr_fleet_resumed_why(struct json_object *mf, struct json_object *run, const char *host,
			  char *why, size_t len);
/**
 * fr_fleet_host_free() - free a host's bins
 * @h: the host's figures
 */
void fr_fleet_host_free(struct fr_fleet_host *h);

/**
 * fr_fleet_read_doc() - the last fio document of an output file
 * @path: the file (fio's text lines before the JSON are skipped)
 * @why: the reason on failure
 * @len: its size
 *
 * Return: the document (json_object_put() it), or NULL with @why set.
 */
struct json_object *fr_fleet_read_doc(const char *path, char *why, size_t len);

#endif
