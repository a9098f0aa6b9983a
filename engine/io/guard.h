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

#endif
