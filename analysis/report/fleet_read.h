/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One step of a fleet run read per manifest host (fleet_read.c), for
 * fleet.c and fleet_dir.c.
 */
#ifndef FIORANK_REPORT_FLEET_READ_H
#define FIORANK_REPORT_FLEET_READ_H

#include <stdbool.h>
#include <stddef.h>

#include "report/fleet_stats.h"

struct json_object;

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
