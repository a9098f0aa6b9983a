/*
 * NVMe completion status: names, errno mapping, and a small set that
 * remembers which statuses were already reported.  Pure: no kernel types.
 */
#ifndef SSDNVME_NVME_STATUS_H
#define SSDNVME_NVME_STATUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * The kernel hands back the 15-bit NVMe status field (SF bits 14:0 of CQE
 * dword 3, shifted right by one): SC in bits 7:0, SCT in 10:8, CRD 12:11,
 * More 13, DNR 14.
 */
static inline unsigned int nvme_status_sct(int status)
{
	return ((unsigned int)status >> 8) & 0x7;
}

static inline unsigned int nvme_status_sc(int status)
{
	return (unsigned int)status & 0xff;
}

static inline bool nvme_status_dnr(int status)
{
	return ((unsigned int)status >> 14) & 1;
}

/* "LBA Out of Range", or "Unknown status" when the spec table lacks it. */
const char *nvme_status_name(unsigned int sct, unsigned int sc);

/* A positive errno that best describes STATUS for fio (never 0). */
int nvme_status_errno(int status);

/*
 * Formats "LBA Out of Range (SCT 0x0, SC 0x80)" into BUF.
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
