/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * NVMe completion status for the engine's messages and fio's errno: the
 * names and the field layout are libnvme's (nvme_status_to_string(),
 * nvme_status_code_type(), nvme_status_code(), NVME_SC_DNR); what is the
 * engine's own is the errno each status maps to and a small set that
 * remembers which statuses were already reported.  No fio types.
 *
 * The kernel hands back the 15-bit NVMe status field (SF bits 14:0 of CQE
 * dword 3, shifted right by one): SC in bits 7:0, SCT in 10:8, CRD 12:11,
 * More 13, DNR 14, the layout of libnvme's enum nvme_status_field.
 */
#ifndef SSDNVME_NVME_STATUS_H
#define SSDNVME_NVME_STATUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * The status's name, from libnvme ("LBA Out of Range"), into BUF;
 * "Unknown status" when libnvme does not know it.
 */
void nvme_status_name(int status, char *buf, size_t len);

/* A positive errno that best describes STATUS for fio (never 0). */
int nvme_status_errno(int status);

/*
 * Formats "LBA Out of Range (SCT 0x0, SC 0x80, DNR)" into BUF.
 */
void nvme_status_describe(int status, char *buf, size_t len);

/* Distinct (status, nsid) pairs already reported; small and fixed. */
#define STATUS_SEEN_MAX 32

struct status_seen {
	unsigned int count;
	uint64_t keys[STATUS_SEEN_MAX];
};

/*
 * Returns true the first time (STATUS without retry bits, NSID) is seen, and
 * remembers it; false afterwards (and once the set is full).
 */
bool status_seen_first(struct status_seen *s, int status, uint32_t nsid);

#endif
