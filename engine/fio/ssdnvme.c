// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdnvme: fio external ioengine issuing NVMe commands through io_uring
 * passthrough (IORING_OP_URING_CMD) on NVMe generic char devices
 * (/dev/ngXnY), with plain io_uring as the fallback for block devices and
 * files.  One ring per job, shared by all the job's files.
 *
 *   fio --ioengine=external:build/ssdnvme.so --filename=/dev/ng0n1 ...
 *
 * This file is the ops table and fio's way in.  The fio glue: lifecycle.c
 * (init, post_init, cleanup), submit.c (queue, commit), complete.c
 * (getevents, event), setup.c (+ setup_hipri.c, setup_metadata.c), files.c.
 * The I/O path lives in engine/io/ (ring.h, nvme_cmd.h, blockio.h,
 * namespace.c, guard.c, results.c, lba.c, nvme_status.c), the tag library
 * in engine/tags/, the latency-tag glue in ssdnvme_tags.[ch].
 */
#include <stdio.h>

#include "fio.h"

#include "datapath.h"
#include "glue.h"
#include "guard.h"
#include "jobdefaults.h"
#include "ssdnvme_fdp.h"

static struct ioengine_ops ioengine = {
	.name = "ssdnvme",
	.version = FIO_IOOPS_VERSION,
	/* RAWIO: fio page-aligns every I/O buffer, as direct I/O and DMA want. */
	.flags = FIO_NO_OFFLOAD | FIO_MEMALIGN | FIO_RAWIO |
		 FIO_ASYNCIO_SETS_ISSUE_TIME
#if FIO_IOOPS_VERSION >= 36
		 /* num_range > 1: one DSM command with several ranges (submit.c) */
		 | FIO_MULTI_RANGE_TRIM
#endif
	,
	.setup = ssdnvme_setup,
	.init = ssdnvme_init,
	.post_init = ssdnvme_post_init,
	.io_u_init = ssdnvme_io_u_init,
	.queue = ssdnvme_queue,
	.commit = ssdnvme_commit,
	.getevents = ssdnvme_getevents,
	.event = ssdnvme_event,
	.cleanup = ssdnvme_cleanup,
	.open_file = ssdnvme_open_file,
	.close_file = ssdnvme_close_file,
	.get_file_size = ssdnvme_get_file_size,
	.options = ssdnvme_fio_options,
	.option_struct_size = sizeof(struct ssdnvme_options),
#if FIO_IOOPS_VERSION >= 36
	.fdp_fetch_ruhs = ssdnvme_fdp_fetch_ruhs,
#endif
};

/*
 * fio's only way in.  Refuses (leaves *ops NULL, so fio reports the engine
 * as not loadable) inside a fio other than the one built against: the
 * structures shared with fio would not match.  fio calls it while reading its
 * command line, before any job file: the job files' declared defaults for
 * their SSDNVME_* variables are set here (jobdefaults.h).
 */
__attribute__((visibility("default"))) void get_ioengine(struct ioengine_ops **ops);
void get_ioengine(struct ioengine_ops **ops)
{
	char msg[MSG_LEN];

	if (!guard_fio_version(SSDNVME_FIO_VERSION, guard_running_fio_version(), msg,
			       sizeof(msg))) {
		fprintf(stderr, "ssdnvme: %s\n", msg);
		*ops = NULL;
		return;
	}
	jobdefaults_from_cmdline();
	*ops = &ioengine;
}
