// SPDX-License-Identifier: GPL-2.0-only
/*
 * NVMe status naming through libnvme, and the errno fio gets for each.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <nvme/types.h>
#include <nvme/util.h>

#include "nvme_status.h"

/* SCT and SC: the retry hints (CRD, More, DNR) do not change what a status is. */
#define STATUS_KIND_MASK ((NVME_SCT_MASK << NVME_SCT_SHIFT) | NVME_SC_MASK)

void nvme_status_name(int status, char *buf, size_t len)
{
	/* "Name: what it means" (libnvme); messages carry the name */
	const char *s = nvme_status_to_string(status & STATUS_KIND_MASK, false);
	const char *colon = strstr(s, ": ");

	if (!strcmp(s, "unrecognized"))
		s = "Unknown status";
	snprintf(buf, len, "%.*s", colon ? (int)(colon - s) : (int)strlen(s), s);
}

/*
 * Finer than libnvme's nvme_status_to_errno() (which gives EIO, EINVAL or
 * EREMOTEIO for most): fio prints the errno with the failing I/O, so an LBA
 * out of range, a read-only namespace or a busy one should say so.
 */
static int generic_errno(unsigned int sc)
{
	switch (sc) {
	case NVME_SC_INVALID_OPCODE:
		return EOPNOTSUPP;
	case NVME_SC_INVALID_FIELD:
	case NVME_SC_INVALID_NS:
		return EINVAL;
	case NVME_SC_ABORT_REQ:
	case NVME_SC_ABORT_QUEUE:
	case NVME_SC_CMD_ABORTED_PREMEPT:
	case NVME_SC_CMD_INTERRUPTED:
		return ECANCELED;
	case NVME_SC_OP_DENIED:
		return EPERM;
	case NVME_SC_NS_WRITE_PROTECTED:
		return EROFS;
	case NVME_SC_LBA_RANGE:
		return ERANGE;
	case NVME_SC_CAP_EXCEEDED:
		return ENOSPC;
	case NVME_SC_NS_NOT_READY:
	case NVME_SC_FORMAT_IN_PROGRESS:
	case NVME_SC_SANITIZE_IN_PROGRESS:
		return EBUSY;
	case NVME_SC_RESERVATION_CONFLICT:
		return EBADE;
	default:
		return EIO;
	}
}

int nvme_status_errno(int status)
{
	unsigned int sct = nvme_status_code_type((uint16_t)status);
	unsigned int sc = nvme_status_code((uint16_t)status);

	switch (sct) {
	case NVME_SCT_GENERIC:
		return generic_errno(sc);
	case NVME_SCT_CMD_SPECIFIC:
		if (sc == NVME_SC_READ_ONLY)
			return EROFS;
		if (sc == NVME_SC_BAD_ATTRIBUTES || sc == NVME_SC_INVALID_PI ||
		    sc == NVME_SC_CMD_SIZE_LIMIT_EXCEEDED)
			return EINVAL;
		return EIO;
	case NVME_SCT_MEDIA:
		if (sc == NVME_SC_ACCESS_DENIED)
			return EACCES;
		if (sc >= NVME_SC_GUARD_CHECK && sc <= NVME_SC_REFTAG_CHECK)
			return EILSEQ;
		return EIO;
	case NVME_SCT_PATH:
		return ENOLINK;
	default:
		return EIO;
	}
}

void nvme_status_describe(int status, char *buf, size_t len)
{
	char name[128];

	nvme_status_name(status, name, sizeof(name));
	snprintf(buf, len, "%s (SCT 0x%x, SC 0x%02x%s)", name,
		 nvme_status_code_type((uint16_t)status), nvme_status_code((uint16_t)status),
		 status & NVME_SC_DNR ? ", DNR" : "");
}

bool status_seen_first(struct status_seen *s, int status, uint32_t nsid)
{
	/* Key on SCT/SC only: the retry hint bits do not make a new kind. */
	uint64_t key = ((uint64_t)nsid << 32) | ((unsigned int)status & STATUS_KIND_MASK);
	unsigned int i;

	for (i = 0; i < s->count; i++)
		if (s->keys[i] == key)
			return false;
	if (s->count == STATUS_SEEN_MAX)
		return false;
	s->keys[s->count++] = key;
	return true;
}

int nvme_admin_failed(int ret, const char *what, char *msg, size_t mlen)
{
	char st[160];

	if (ret < 0) {
		ret = -errno;
		snprintf(msg, mlen, "%s: %s", what, strerror(-ret));
		return ret;
	}
	nvme_status_describe(ret, st, sizeof(st));
	snprintf(msg, mlen, "%s: %s", what, st);
	return ret;
}
