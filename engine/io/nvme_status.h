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

/**
 * nvme_status_name() - an NVMe status's name, from libnvme
 * @status: the status (as the kernel passes it up: SCT, SC, flags)
 * @buf: where the name is written ("LBA Out of Range"; "Unknown status"
 *       when libnvme does not know it)
 * @len: its room
 */
void nvme_status_name(int status, char *buf, size_t len);

/**
 * nvme_status_errno() - the errno that best describes an NVMe status for fio
 * @status: the status
 *
 * Return: a positive errno, never 0.
 */
int nvme_status_errno(int status);

/**
 * nvme_status_describe() - an NVMe status as one line
 * @status: the status
 * @buf: where it is written: "LBA Out of Range (SCT 0x0, SC 0x80, DNR)"
 * @len: its room
 */
void nvme_status_describe(int status, char *buf, size_t len);

/**
 * nvme_admin_failed() - the message and return value of a failed admin read
 * @ret: what libnvme returned: < 0 with errno set, or the NVMe status (> 0)
 * @what: the command, for the message ("FDP events log (0x23)")
 * @msg: where "@what: reason" is written
 * @mlen: its room
 *
 * Return: -errno when @ret < 0, else @ret (the status).
 */
int nvme_admin_failed(int ret, const char *what, char *msg, size_t mlen);

/* Distinct (status, nsid) pairs already reported; small and fixed. */
#define STATUS_SEEN_MAX 32

struct status_seen {
	unsigned int count;
	uint64_t keys[STATUS_SEEN_MAX];
};

/**
 * status_seen_first() - whether a status is seen for the first time on a namespace
 * @s: the (status, nsid) pairs already reported
 * @status: the status; only its SCT and SC count, not the retry hint bits
 * @nsid: the namespace
 *
 * The pair is remembered; once the set is full, nothing new is.
 *
 * Return: true the first time the pair is seen, false afterwards (and once
 * the set is full).
 */
bool status_seen_first(struct status_seen *s, int status, uint32_t nsid);

#endif
