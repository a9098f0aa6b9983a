/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The fleet view's types (fleet.h): per --hosts manifest, per run, per
 * direction, each host's drive, the fleet row and the spread across the
 * drives, as report/fleet.c makes them and out/out_fleet.c prints them.
 */
#ifndef FIORANK_REPORT_FLEET_VIEW_H
#define FIORANK_REPORT_FLEET_VIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "model/model.h"
#include "report/fleet_stats.h"

/* The figures of a host's drive, or of the fleet, in one direction of a
 * step; NAN where there is none. */
#define FR_FLEET_NPCT 3 /* p99, p99.9, p99.99 */
struct fr_fleet_figs {
	double ios, iops, mean_us;
	double pct_us[FR_FLEET_NPCT];
};

/* One host's drive in one direction of a step. */
struct fr_fleet_row {
	char *host;  /* as given to --hosts */
	char *drive; /* "QEMU NVMe Ctrl fleet0001 ns1", or why it is not named */
	/* from the manifest; NULL: not recorded */
	char *serial, *hostname, *kernel, *cpu, *fio;
	bool measured;		   /* it did I/O in this direction: figs are its */
	struct fr_fleet_figs figs; /* when measured */
	char *missing;		   /* why it has no result in the step, or NULL */
};

/* The figures whose spread across the drives is given: IOPS, p99, p99.99. */
enum fr_fleet_fig { FR_FLEET_IOPS, FR_FLEET_P99, FR_FLEET_P9999, FR_FLEET_NFIGS };

/* The spread of one figure across a direction's rows. */
struct fr_fleet_spread {
	struct fr_drive_spread s;
	char rule[240];	  /* the outlier rule as applied, in words */
	size_t *outliers; /* rows beyond the rule; NULL: the rule named none */
	size_t noutliers;
};

/* One direction of a step. */
struct fr_fleet_dir {
	enum fr_dir dir;	   /* FR_READ or FR_WRITE */
	struct fr_fleet_row *rows; /* one per manifest host, its order */
	size_t nrows;
	char *withheld; /* why there is no fleet row, or NULL */
	/* when not withheld: the fleet row (fleet_hosts hosts' summed bins)
	 * and fio's "All clients" block checked against it */
	struct fr_fleet_figs fleet;
	size_t fleet_hosts;
	char *all_clients;
	struct fr_fleet_spread spread[FR_FLEET_NFIGS];
};

/* One run (a step of a profile) of a fleet manifest. */
struct fr_fleet_step {
	char *run, *profile, *step, *status; /* the manifest's; NULL: not said */
	/* has_dirs false: the output could not be read (problem says why);
	 * true: the directions with I/O, none when every host was lost */
	bool has_dirs;
	struct fr_fleet_dir *dirs;
	size_t ndirs;
	char *note;    /* a client of the output no host of the manifest is, or NULL */
	char *problem; /* why the step has no figures, or NULL */
};

/* One --hosts manifest. */
struct fr_fleet_one {
	char *manifest; /* its path */
	char **hosts;	/* as given to --hosts */
	size_t nhosts;
	struct fr_fleet_step *steps;
	size_t nsteps;
};

struct fr_fleet {
	struct fr_fleet_one *fleets;
	size_t n;
};

#endif
