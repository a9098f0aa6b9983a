/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The Streams directive (NVMe base specification, Directives): whether a
 * namespace's controller supports it and has it enabled, for fio's
 * dataplacement=streams.  No fio types.
 */
#ifndef SSDNVME_STREAMS_H
#define SSDNVME_STREAMS_H

#include <stddef.h>
#include <stdint.h>

/* The directive type a stream write carries in cdw12 bits 23:20 */
#define STREAMS_DTYPE 1

/**
 * streams_check() - whether writes to a namespace may carry stream identifiers
 * @fd: the namespace's char device, open
 * @nsid: its namespace ID
 * @oacs: its controller's OACS (Identify Controller)
 * @msg: where the reason is written when they may not
 * @len: its room
 *
 * Asks the controller (Directive Receive, Identify, Return Parameters) only
 * when OACS says it supports Directives at all (bit 5).
 *
 * Return: 0 when the Streams directive is supported and enabled for @nsid;
 * otherwise -ENOTSUP (not supported), -EINVAL (supported, not enabled) or
 * -errno of a failed command, with @msg saying which.
 */
int streams_check(int fd, uint32_t nsid, uint16_t oacs, char *msg, size_t len);

#endif
