/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Flexible Data Placement configuration of a namespace's endurance group:
 * which configuration is in use (FDP feature, FID 0x1D, FDPCIDX) and its
 * descriptor in the FDP Configurations log (log page 0x20, LSI = the
 * endurance group): reclaim unit nominal size (RUNS), handles, groups.
 * No fio types.
 */
#ifndef SSDNVME_FDP_CONFIG_H
#define SSDNVME_FDP_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct fdp_config {
	uint16_t endgid;   /* endurance group of the namespace (Identify Namespace ENDGID) */
	unsigned index;	   /* FDPCIDX: the configuration in use */
	unsigned nconfigs; /* configurations the log lists */
	uint64_t runs;	   /* Reclaim Unit Nominal Size, bytes */
	uint32_t nrg;	   /* reclaim groups */
	uint16_t nruh;	   /* reclaim unit handles */
	uint16_t maxpids;  /* placement identifiers a namespace may have, 0's based */
	uint32_t nnss;	   /* namespaces supported, 0's based */
	uint32_t erutl;	   /* estimated reclaim unit time limit, s; 0 none reported */
	unsigned rgif;	   /* reclaim group identifier format (bits of a PID) */
};

/**
 * fdp_config_decode() - one configuration of an FDP Configurations log page
 * @buf: the log page as the device filled it
 * @len: its length in bytes
 * @index: the configuration wanted
 * @c: filled with its descriptor
 * @msg: what is wrong and where, on failure
 * @mlen: size of @msg
 *
 * Return: 0, or -1 for a short page, a descriptor size that runs past the
 * page, an index the page does not list or a descriptor not marked valid.
 */
int fdp_config_decode(const void *buf, size_t len, unsigned index, struct fdp_config *c, char *msg,
		      size_t mlen);

/**
 * fdp_config_read() - the FDP configuration in use for a namespace
 * @fd: the namespace's generic char device
 * @nsid: the namespace
 * @c: filled with the configuration
 * @msg: the step that failed, on failure
 * @mlen: size of @msg
 *
 * Identify Namespace gives the endurance group, Get Features FDP the
 * index, the FDP Configurations log the descriptor.
 *
 * Return: 0, -errno, or the NVMe status (> 0).
 */
int fdp_config_read(int fd, uint32_t nsid, struct fdp_config *c, char *msg, size_t mlen);

#endif
