/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the engine knows about each path it talks to: NVMe namespace
 * identity and format (libnvme identify), or block-device / file geometry,
 * and the expansion of `namespaces=` through the named controller's attached
 * namespaces (sysfs, nsdev_ctrl_namespaces()).
 * No fio types.
 */
#ifndef SSDNVME_NAMESPACE_H
#define SSDNVME_NAMESPACE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lba.h"
#include "nsdev.h"
#include "pi.h"

enum ns_kind {
	NS_KIND_NVME_CHAR, /* /dev/ngXnY: io_uring NVMe passthrough */
	NS_KIND_BLOCK,	   /* any block device: plain io_uring */
	NS_KIND_FILE,	   /* a regular file: plain io_uring */
};

struct ns_info {
	enum ns_kind kind;
	char path[PATH_MAX];
	struct nsdev dev;    /* what the node is, by device number (not for files) */
	char blockdev[64];   /* block disk of the data ("nvme0n1", "sda"), "" for files */
	bool identified;     /* NVMe identify data below is valid */
	char controller[32]; /* "nvme0" */
	char model[41];
	char serial[21];
	char firmware[9];
	uint32_t nsid;
	uint32_t lba_size; /* data bytes per LBA; 0 for files */
	uint32_t ms;	   /* metadata bytes per LBA */
	bool ms_extended;  /* metadata interleaved with data */
	uint8_t dlfeat;	   /* Deallocate Logical Block Features */
	uint8_t pi_type;   /* DPS bits 2:0: 0 no PI, 1..3 */
	bool pi_first;	   /* DPS bit 3: PI in the first bytes of the metadata */
	uint8_t pif;	   /* guard format (ELBAF PIF): enum pi_guard */
	uint8_t sts;	   /* storage tag bits (ELBAF STS) */
	bool elbaf_known;  /* pif/sts come from the NVM command set's Identify Namespace */
	/* What the run does with PI, set by the engine's setup (results file) */
	bool pi_mode_set;
	struct pi_mode pi_mode;
	uint64_t capacity_lbas;
	uint64_t capacity_bytes; /* 0 for files: fio decides */
	/* Transfer limits (NVMe: Identify and the block queue; 0 = none known) */
	uint64_t mdts_bytes;   /* MDTS, in 4 KiB units as Linux reads it */
	uint64_t max_hw_bytes; /* queue/max_hw_sectors_kb */
	uint32_t max_segments; /* queue/max_segments */
	bool write_zeroes;     /* ONCS: Write Zeroes supported */
	uint64_t wzsl_bytes;   /* WZSL (Identify Controller, NVM command set) */
};

/*
 * The largest data transfer one command can carry on NI, with PAGE-sized
 * buffer pages (each may be its own segment), and which limit that is in
 * WHY.  0 when nothing is known.
 */
uint64_t ns_max_transfer(const struct ns_info *ni, uint32_t page, char *why, size_t len);

static inline const char *ns_kind_name(enum ns_kind k)
{
	return k == NS_KIND_NVME_CHAR ? "nvme-char" : k == NS_KIND_BLOCK ? "block" : "file";
}

/* NI's format as far as metadata and PI go (pi.h). */
static inline struct pi_format ns_pi_format(const struct ns_info *ni)
{
	struct pi_format f = {
		.lba_size = ni->lba_size,
		.ms = ni->ms,
		.extended = ni->ms_extended,
		.type = ni->ms ? ni->pi_type : 0,
		.first = ni->pi_first,
		.pif = ni->pif,
		.sts = ni->sts,
	};

	return f;
}

/* The geometry view lba.c checks against (with the run's PI mode, once set). */
static inline struct lba_geom ns_geom(const struct ns_info *ni)
{
	struct pi_format f = ns_pi_format(ni);
	struct lba_geom g = {ni->path,
			     ni->lba_size,
			     ni->ms,
			     ni->ms_extended,
			     ni->capacity_lbas,
			     ni->pi_mode_set && pi_host_moves_no_metadata(&f, &ni->pi_mode)};

	return g;
}

/* Bytes the host transfers per LBA of NI (lba_unit(): data plus interleaved metadata). */
static inline uint32_t ns_lba_unit(const struct ns_info *ni)
{
	struct lba_geom g = ns_geom(ni);

	return lba_unit(&g);
}

/*
 * Finds out what PATH is and fills NI.  Returns 0, or a negative errno with
 * a message saying what is wrong with the path in MSG.  A path that does not
 * exist yet is a file (fio may create it): returns 0 with kind FILE.
 */
int ns_probe(const char *path, struct ns_info *ni, char *msg, size_t len);

/*
 * Resolves `namespaces=` for the controller behind PATH (a node of an NVMe
 * controller or of one of its namespaces, found by device number, never by
 * name) into generic char device paths.  Returns the
 * number of paths stored in *PATHS (malloc'd, free with ns_free_paths), or
 * -1 with a message in MSG.
 */
int ns_expand(const char *path, const struct nslist *list, char ***paths, char *msg, size_t len);
void ns_free_paths(char **paths, int n);

/*
 * The generic char node of a namespace from its block name ("nvme0n3" ->
 * "/dev/ng0n3", malloc'd), NULL when NS_NAME is not a namespace's name
 * (nsdev_parse_ns_name()).
 */
char *ns_generic_path(const char *ns_name);

#endif
