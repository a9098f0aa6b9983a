/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One direction of one fleet step (fleet_dir.c), for fleet.c: the hosts'
 * rows, the fleet row from their summed bins, fio's "All clients" block
 * checked against it, and the spread across the drives.
 */
#ifndef FIORANK_REPORT_FLEET_DIR_H
#define FIORANK_REPORT_FLEET_DIR_H

#include "report/fleet_read.h"
#include "report/fleet_view.h"

struct json_object;

/* What a step's directions are made from. */
struct fr_fleet_ctx {
	struct json_object *mf;		 /* the manifest */
	struct json_object *hosts;	 /* its "hosts" */
	struct json_object *by_host;	 /* the run's drives by host (fleet.c) */
	const struct fr_client_all *all; /* fio's "All clients" block */
	const struct fr_client_host **h; /* per host, its server (fleet_read.h) */
	size_t nh;
};

/**
 * fr_fleet_dir_make() - one direction of a step
 * @c: the step
 * @d: FR_READ or FR_WRITE
 * @out: filled (fr_fleet_dir_free() it, also after a failure)
 *
 * Return: 0, or -ENOMEM.
 */
int fr_fleet_dir_make(const struct fr_fleet_ctx *c, enum fr_dir d, struct fr_fleet_dir *out);

/**
 * fr_fleet_dir_free() - free what fr_fleet_dir_make() filled
 * @d: the direction
 */
void fr_fleet_dir_free(struct fr_fleet_dir *d);

/**
 * fr_fleet_withheld() - why a direction's fleet row is withheld
 * @c: the step
 * @d: the direction
 * @buf: "" when it is not, else "fleet row withheld: host H (NAME) ..."
 * @len: its size
 */
void fr_fleet_withheld(const struct fr_fleet_ctx *c, enum fr_dir d, char *buf, size_t len);

#endif
