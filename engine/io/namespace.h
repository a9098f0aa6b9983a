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
	uint16_t oncs;	       /* ONCS: the optional NVM commands (NVME_CTRL_ONCS_*) */
	uint16_t oacs;	       /* OACS: optional admin commands (Directives: bit 5) */
	uint64_t wzsl_bytes;   /* WZSL (Identify Controller, NVM command set) */
	/* Copy limits (Identify Namespace), in LBAs; 0 = not reported */
	uint32_t copy_mssrl; /* MSSRL: the most LBAs one source range holds */
	uint32_t copy_mcl;   /* MCL: the most LBAs one Copy command writes */
	uint16_t copy_msrc;  /* MSRC + 1: the most source ranges one command holds */
	/*
	 * Write unit hints (Identify Namespace), in LBAs, 1-based here (the
	 * drive's fields are 0-based); 0 = not reported.  NPWG, NPWA and NOWS
	 * count only when NSFEAT's OPTPERF says so (write_hints), NAWUPF only
	 * when NSFEAT bit 1 (NSABP) does.
	 */
	bool write_hints; /* NSFEAT OPTPERF (bit 4; bits 5:4 since NVMe 2.1) */
	uint32_t npwg;	  /* preferred write granularity */
	uint32_t npwa;	  /* preferred write alignment */
	uint32_t nows;	  /* optimal write size */
	uint32_t nawupf;  /* atomic write unit, power fail */
};

/**
 * ns_max_transfer() - the largest data transfer one command can carry
 * @ni: the namespace
 * @page: the buffer page size in bytes (each page may be its own segment)
 * @why: where the limit that applies is named (MDTS, max_hw_sectors_kb or
 *       max_segments); "" when nothing is known
 * @len: its room
 *
 * Return: the smallest of the known limits in bytes; 0 when nothing is known.
 */
uint64_t ns_max_transfer(const struct ns_info *ni, uint32_t page, char *why, size_t len);

/**
 * ns_kind_name() - the name of a path's kind
 * @k: the kind
 *
 * Return: "nvme-char", "block" or "file" (anything else).
 */
static inline const char *ns_kind_name(enum ns_kind k)
{
	return k == NS_KIND_NVME_CHAR ? "nvme-char" : k == NS_KIND_BLOCK ? "block" : "file";
}

/**
 * ns_pi_format() - a namespace's format as far as metadata and PI go (pi.h)
 * @ni: the namespace
 *
 * Return: the format; PI type 0 when the namespace has no metadata.
 */
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

/**
 * ns_geom() - the geometry view lba.c checks against
 * @ni: the namespace
 *
 * Return: the geometry; metadata counted as stripped only once the run's PI
 * mode is set and says the host moves none of it.
 */
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

/**
 * ns_lba_unit() - bytes the host transfers per LBA of a namespace
 * @ni: the namespace
 *
 * Return: lba_unit() of ns_geom(): data plus interleaved metadata.
 */
static inline uint32_t ns_lba_unit(const struct ns_info *ni)
{
	struct lba_geom g = ns_geom(ni);

	return lba_unit(&g);
}

/**
 * ns_probe() - find out what a path is
 * @path: the path
 * @ni: cleared, then filled
 * @msg: where a message saying what is wrong with the path is written
 * @len: its room
 *
 * A char or block device is identified by its device number.  A path that
 * does not exist yet is a file (fio may create it), unless it lies in /dev/
 * (a missing device).
 *
 * Return: 0; a negative errno with @msg for a missing device, a node that
 * cannot be identified or opened, an NVMe controller's node, a char device
 * that is not an NVMe namespace, an unsupported LBA size, a block device whose
 * size cannot be read, or a path that is neither a namespace, a block device
 * nor a regular file.
 */
int ns_probe(const char *path, struct ns_info *ni, char *msg, size_t len);

/**
 * ns_format_changed() - whether a namespace was formatted since it was probed
 * @was: what ns_probe() found then
 * @now: what it finds now
 * @msg: where what changed is written: "LBA size, metadata, PI, capacity"
 *       then and now
 * @len: its room
 *
 * Commands are built on the LBA size, metadata and PI of @was: any
 * difference in those or in the capacity makes them wrong.
 *
 * Return: true with @msg when the format differs.
 */
bool ns_format_changed(const struct ns_info *was, const struct ns_info *now, char *msg, size_t len);

/**
 * ns_expand() - resolve `namespaces=` into generic char device paths
 * @path: a node of an NVMe controller or of one of its namespaces; the
 *        controller is found by device number, never by name
 * @list: the namespaces asked for (or all: the controller's attached ones, by
 *        nsid)
 * @paths: where the paths are stored (malloc'd, free with ns_free_paths())
 * @msg: where the message is written on failure
 * @len: its room
 *
 * Only the controller's own attached namespaces count, never its
 * subsystem's.
 *
 * Return: the number of paths stored in *@paths; -1 with @msg when @path is
 * not on a controller, is a multipath namespace, the controller has no
 * namespaces, a namespace asked for is not attached to it, or memory is short.
 */
int ns_expand(const char *path, const struct nslist *list, char ***paths, char *msg, size_t len);
/**
 * ns_free_paths() - free the paths ns_expand() stored
 * @paths: the array, or NULL (nothing is done)
 * @n: how many paths it holds
 */
void ns_free_paths(char **paths, int n);

/**
 * ns_generic_path() - the generic char node of a namespace from its block name
 * @ns_name: the block name ("nvme0n3")
 *
 * Return: the node's path ("/dev/ng0n3", malloc'd); NULL when @ns_name is not
 * a namespace's name (nsdev_parse_ns_name()) or memory is short.
 */
char *ns_generic_path(const char *ns_name);

#endif
