/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Refusals made before any I/O: a fio other than the one the engine was
 * built against, a mounted namespace, polled I/O without poll queues.
 * No fio types.
 */
#ifndef SSDNVME_GUARD_H
#define SSDNVME_GUARD_H

#include <stdbool.h>
#include <stddef.h>

#include "nsdev.h"

/**
 * guard_fio_version() - whether the loading fio is the one the engine was built against
 * @built: the fio version string captured at build time
 * @running: the loading fio's, NULL when it could not be found
 * @msg: where a message naming both is written when they differ
 * @len: its room
 *
 * Return: true when they match.
 */
bool guard_fio_version(const char *built, const char *running, char *msg, size_t len);

/**
 * guard_running_fio_version() - the running fio's fio_version_string
 *
 * Return: the string, or NULL when this process is not fio.
 */
const char *guard_running_fio_version(void);

/**
 * guard_in_use() - whether what a write to a device changes is in use
 * @dev: the device
 * @mountinfo: the path of a /proc/self/mountinfo to look in for the device
 *             (its disk, or any partition of it) mounted
 * @swaps: the path of a /proc/swaps to look in for an active swap area on it
 * @what: where which use and where is written
 * @len: its room
 *
 * Also held by a stacked device (sysfs holders/: dm, md).  Device numbers
 * are compared, never paths.
 *
 * Return: true when in use (or when out of memory: it cannot be told), with
 * @what written.
 */
bool guard_in_use(const struct nsdev *dev, const char *mountinfo, const char *swaps, char *what,
		  size_t len);

/**
 * guard_poll_capable() - whether a block queue supports polled I/O
 * @blockdev: the block device's name
 *
 * Return: 1 yes (it has poll queues), 0 no, -1 unknown.
 */
int guard_poll_capable(const char *blockdev);

/**
 * guard_zoned_model() - the zoned model a block queue reports
 * @blockdev: the block device's name
 * @buf: where /sys/block/@blockdev/queue/zoned is written ("none",
 *       "host-aware", "host-managed")
 * @len: its room
 *
 * Return: true when known.
 */
bool guard_zoned_model(const char *blockdev, char *buf, size_t len);

/**
 * guard_kernel_upstream() - the upstream Linux version of the running kernel
 * @release: the release (uname -r)
 * @proc_version: /proc/version's text, or NULL
 * @v: set to major, minor, patch
 *
 * From /proc/version's distribution tag where there is one (Debian's
 * "6.1.0-13-amd64" release is upstream "Debian 6.1.55-1"), else from
 * @release.
 *
 * Return: false when neither parses.
 */
bool guard_kernel_upstream(const char *release, const char *proc_version, unsigned int v[3]);

/*
 * The first upstream release whose NVMe passthrough polling does not fault
 * in bio_poll: 6.5, commit 9408d8a37e6c ("nvme: improved uring polling",
 * with f6c80cffcd47 "block: add request polling helper"), which polls the
 * request instead of a bio that may be gone (or was never there: Flush,
 * Write Zeroes).  No stable branch before 6.5 carries it.
 */
#define GUARD_IOPOLL_FIXED_MAJOR 6
#define GUARD_IOPOLL_FIXED_MINOR 5

/**
 * guard_passthru_iopoll_fixed() - whether an upstream version has the passthrough polling fix
 * @v: the upstream version (major, minor, patch)
 *
 * Return: true from 6.5 on (see above).
 */
bool guard_passthru_iopoll_fixed(const unsigned int v[3]);

#endif
