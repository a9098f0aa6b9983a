/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One step of a fleet run per manifest host (fleet_read.c), for fleet.c and
 * fleet_dir.c: the servers the reader kept of its output (model/clients.h)
 * looked up by the host as --hosts gave it.
 */
#ifndef FIORANK_REPORT_FLEET_READ_H
#define FIORANK_REPORT_FLEET_READ_H

#include <stddef.h>

#include "model/clients.h"

struct json_object;

/**
 * fr_fleet_hosts_of() - each manifest host's server in an output
 * @rec: the output's record
 * @hosts: the manifest's "hosts" (strings, as given to --hosts)
 * @out: per host, its server's figures; a host without an entry gets a
 *       record that is not present, why "fio's output holds no result of it"
 *
 * One look-up per host, so that a step of N hosts costs N, not N x N.
 *
 * Return: 0, or -ENOMEM.
 */
int fr_fleet_hosts_of(const struct fr_clients *rec, struct json_object *hosts,
		      const struct fr_client_host **out);

/**
 * fr_fleet_unlisted() - a server of the output that is none of the manifest's hosts
 * @rec: the output's record
 * @hosts: the manifest's "hosts"
 *
 * Return: the first such server's key (@rec's), NULL when none (or out of
 * memory: then none is named).
 */
const char *fr_fleet_unlisted(const struct fr_clients *rec, struct json_object *hosts);

#endif
