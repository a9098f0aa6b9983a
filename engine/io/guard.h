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

/*
 * Compares BUILT (the fio version string captured at build time) with
 * RUNNING (the loading fio's, NULL when it could not be found).  Returns
 * true when they match; otherwise writes a message naming both.
 */
bool guard_fio_version(const char *built, const char *running, char *msg, size_t len);

/* The running fio's fio_version_string, or NULL when this is not fio. */
const char *guard_running_fio_version(void);

/*
 * Whether what a write to DEV changes is in use: the device (its disk, or
 * any partition of it) mounted (MOUNTINFO, a /proc/self/mountinfo), an
 * active swap area (SWAPS, a /proc/swaps), or held by a stacked device
 * (sysfs holders/: dm, md).  Device numbers are compared, never paths.
 * Returns true and says which and where in WHAT.
 */
bool guard_in_use(const struct nsdev *dev, const char *mountinfo, const char *swaps, char *what,
		  size_t len);

/*
 * Whether the block queue behind BLOCKDEV supports polled I/O (has poll
 * queues): 1 yes, 0 no, -1 unknown.
 */
int guard_poll_capable(const char *blockdev);

/*
 * The zoned model the block queue behind BLOCKDEV reports
 * (/sys/block/BLOCKDEV/queue/zoned: "none", "host-aware", "host-managed")
 * into BUF; false when unknown.
 */
bool guard_zoned_model(const char *blockdev, char *buf, size_t len);

/*
 * The upstream Linux version of the running kernel: from /proc/version's
 * distribution tag where there is one (Debian's "6.1.0-13-amd64" release is
 * upstream "Debian 6.1.55-1"), else from the release (uname -r).  PROC_VERSION
 * may be NULL.  False when neither parses.
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

/* Whether upstream version V has the fix above. */
bool guard_passthru_iopoll_fixed(const unsigned int v[3]);

#endif
