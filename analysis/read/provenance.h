/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Which drive and which run a report is of (issue 13): after the readers
 * have filled the model, provenance.c re-reads what the model's steps came
 * from (the fio output's options, the ssdnvme engine file next to it, the
 * runner's manifest above it) and
 *   - fills each measured curve step's method (fr_step.method), which
 *     rank.c compares with the published method;
 *   - collects per drive its identity (model, serial, firmware, capacity,
 *     LBA formats, namespaces) and per run its provenance (host, fio and
 *     engine versions, dates, mode, method parameters, preconditioning and
 *     the steady-state verdict) for the report headers;
 *   - relabels a drive the runner named after its device node ("ng0n1")
 *     by model, serial and namespace.
 * Nothing here decides a figure; what cannot be found is "not recorded".
 */
#ifndef FIORANK_PROVENANCE_H
#define FIORANK_PROVENANCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "model/model.h"

/* Lists are ", "-joined distinct values; "" when nothing recorded one. */
struct fr_prov_drive {
	const struct fr_drive *drive;
	char node[256];	     /* device node(s) and host, when relabelled or known */
	char model[128];     /* "QEMU NVMe Ctrl" */
	char serial[128];    /* "deadbeef" */
	char firmware[64];   /* "7.2.22" */
	char capacity[128];  /* per namespace, "67108864 B (64.0 MiB)" */
	char lba[64];	     /* LBA data sizes in bytes, "512, 4096" */
	char namespaces[64]; /* namespace ids used, "1, 3" */
	char target[64];     /* "nvme-char", "block", "file", "not recorded" */
	char host[128];	     /* host the drive is on */
	char cpu[160];	     /* that host's CPU model */
	char kernel[128];    /* and kernel */
	char fio[64];	     /* fio versions of its runs */
	char engine[128];    /* "ssdnvme 0.1", "io_uring" */
	char dates[160];     /* first start .. last end */
	char mode[32];	     /* "full", "short", "short, full", "not recorded" */
	char method[256]; /* per profile: "4k-randread: 4 x 32 = 128 outstanding, 4 KiB, 100 % read,
			     30 s steps" */
	char precond[160]; /* preconditioning runs done */
	char steady[192];  /* "reached after 7 rounds", "NOT reached after 7 rounds (...)" */
	bool steady_not_reached;
	/* metadata and PI of its namespaces and the runs' PI modes, from the
	 * engine files: "PI type 1, 16-bit guard, PI last, 8 B separate
	 * metadata; pi_act=1 pi_chk=none" */
	char pi[256];
	char pi_modes[128];	/* the runs' PI modes alone, ", "-joined */
	bool show_pi;		/* some drive of the report has PI facts: show the field */
	double first_s, last_s; /* fio outputs' timestamps, when no manifest dates them */
	/* the manifest and drive whose verdict and preconditioning were added
	 * last (internal to prov_run.c) */
	const void *facts_mf;
	const char *facts_drive;
};

struct fr_prov {
	struct fr_prov_drive *drives; /* one per measured drive, model order */
	size_t ndrives;
	bool steady_not_reached; /* some drive's steady state was not reached */
	char pi_modes[256];	 /* every PI mode of the report's runs, ", "-joined */
	size_t npi_modes;
};

/**
 * fr_prov_collect() - collect the provenance of a model's measured drives
 * @m: the model; its steps' methods are filled and its drives may be split
 *     by namespace set and relabelled
 * @p: the provenance (cleared first), one entry per measured drive; free
 *     with fr_prov_free() either way
 *
 * Collects, fills step methods, relabels.  Files that cannot be re-read
 * leave the fields "not recorded".
 *
 * Return: 0 or -ENOMEM.
 */
int fr_prov_collect(struct fr_model *m, struct fr_prov *p);
/**
 * fr_prov_free() - free what fr_prov_collect() allocated
 * @p: the provenance; left zeroed
 */
void fr_prov_free(struct fr_prov *p);
/**
 * fr_prov_warn_steady() - warn of drives whose steady state was not reached
 * @p: the provenance
 * @f: where each such drive is named with its verdict, or NULL for none
 *
 * Return: true when some drive's steady state was NOT reached.
 */
bool fr_prov_warn_steady(const struct fr_prov *p, FILE *f);
/**
 * fr_prov_warn_pi() - warn when runs of different PI modes are compared
 * @p: the provenance
 * @f: where the warning, with the modes, is written, or NULL for none
 *
 * Return: true when the report compares runs of different PI modes.
 */
bool fr_prov_warn_pi(const struct fr_prov *p, FILE *f);

/**
 * fr_prov_find() - the provenance of a drive
 * @p: the provenance, or NULL
 * @d: the drive
 *
 * Return: its entry, or NULL (published drives have none).
 */
const struct fr_prov_drive *fr_prov_find(const struct fr_prov *p, const struct fr_drive *d);

/* Field table shared by the renderers: name and value of each header line
 * of a drive, in order; returns the number of fields. */
struct fr_prov_field {
	const char *name; /* "model", "serial", ... (also the CSV/JSON key) */
	const char *value;
};
/**
 * fr_prov_fields() - the header lines of a drive, for the renderers
 * @d: the drive's provenance
 * @out: the fields, name and value, in order; values point into @d (or are
 *       "not recorded")
 * @max: room in @out
 *
 * The "protection" field is last, and only when the report shows PI.
 *
 * Return: the number of fields written, at most @max.
 */
size_t fr_prov_fields(const struct fr_prov_drive *d, struct fr_prov_field *out, size_t max);

#endif
