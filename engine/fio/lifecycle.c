// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdnvme's job life cycle: ->init (per-job state), ->io_u_init,
 * ->post_init (the ring, results path, tags, health, fixed buffers) and
 * ->cleanup (drain, results, teardown).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fio.h"

#include "datapath.h"
#include "glue.h"
#include "nvme_cmd.h"
#include "results_parts.h"
#include "ring.h"
#include "ssdnvme_tags.h"

int ssdnvme_init(struct thread_data *td)
{
	struct ssdnvme_options *o = td->eo;
	struct engine_data *ld;
	unsigned int depth = td->o.iodepth;

	if (o->registerfiles && td->o.nr_files != td->o.open_files) {
		log_err("ssdnvme: registerfiles needs openfiles (%u) equal to nrfiles (%u)\n",
			td->o.open_files, td->o.nr_files);
		return 1;
	}
	if (o->fixedbufs)
		o->nonvectored = 1; /* the kernel refuses registered buffers with _VEC */
	ld = calloc(1, sizeof(*ld));
	if (!ld)
		return 1;
	td->io_ops_data = ld;
	ld->depth = depth;
	ld->io_us = calloc(depth, sizeof(*ld->io_us));
	ld->iovecs = calloc(depth, sizeof(*ld->iovecs));
	ld->pending = calloc(depth, sizeof(*ld->pending));
	/* DSM ranges are DMA'd by the device: keep them in their own aligned block. */
	ld->nr_ranges = ssdnvme_num_range(td);
	ld->range_stride = ld->nr_ranges;
	if (o->write_mode == WMODE_COPY && ld->range_stride < 2)
		ld->range_stride = 2; /* a 32-byte Copy source range */
	if (posix_memalign((void **)&ld->ranges, 4096,
			   (size_t)depth * ld->range_stride * sizeof(*ld->ranges)))
		ld->ranges = NULL;
	if (!ld->io_us || !ld->iovecs || !ld->pending || !ld->ranges)
		return 1;
	return ssdnvme_md_prepare(td);
}

int ssdnvme_io_u_init(struct thread_data *td, struct io_u *io_u)
{
	struct engine_data *ld = td->io_ops_data;

	ld->io_us[io_u->index] = io_u;
	return 0;
}

static bool job_has_char_device(struct thread_data *td)
{
	struct fio_file *f;
	unsigned int i;

	for_each_file(td, f, i) {
		if (f->filetype == FIO_TYPE_CHAR)
			return true;
	}
	return false;
}

int ssdnvme_post_init(struct thread_data *td)
{
	struct ssdnvme_options *o = td->eo;
	struct engine_data *ld = td->io_ops_data;
	struct ring_params p = {
		.depth = ld->depth,
		.iopoll = o->hipri,
		.sqpoll = o->sqpoll,
		.sqpoll_cpu = o->sqpoll_set ? (int)o->sqpoll_cpu : -1,
	};
	char msg[MSG_LEN];
	unsigned int i;
	int ret;

	ld->nvme = p.big_entries = job_has_char_device(td);
	ret = ring_open(&ld->ring, &p);
	if (ret) {
		snprintf(msg, sizeof(msg), "cannot set up io_uring (depth %u%s%s%s): %s", p.depth,
			 p.big_entries ? ", SQE128|CQE32" : "", p.iopoll ? ", IOPOLL" : "",
			 p.sqpoll ? ", SQPOLL" : "", strerror(-ret));
		ssdnvme_fail(td, -ret, msg);
		return 1;
	}
	block_fast_prepare(td, ld);
	/* once per job: the tag log goes next to it, the results go in it */
	ld->results_path = ssdnvme_results_path(td);
	/* counted from here: ->cleanup() writes the results of a job whose ring opened */
	if (ld->results_path && o->results_slot) {
		ld->results_joined = o->results_slot;
		results_pending_join(ld->results_joined);
	}
	ld->deny = ssdnvme_deny_list(td);
	if (!ld->deny)
		return 1;
	if (tagging_init(td, ld, ld->results_path))
		return 1;
	if (ssdnvme_health_start(td, ld))
		return 1;
	if (!o->fixedbufs)
		return 0;
	for (i = 0; i < ld->depth; i++) {
		ld->iovecs[i].iov_base = ld->io_us[i]->buf;
		ld->iovecs[i].iov_len = td_max_bs(td);
	}
	ret = ring_register_buffers(&ld->ring, ld->iovecs, ld->depth);
	if (ret) {
		snprintf(msg, sizeof(msg),
			 "fixedbufs: cannot register %u buffers: %s (raise "
			 "RLIMIT_MEMLOCK?)",
			 ld->depth, strerror(-ret));
		ssdnvme_fail(td, -ret, msg);
		return 1;
	}
	return 0;
}

/*
 * Reaps what is still in flight before the ring goes: fio skips reaping
 * when a job ends on an error, and tearing down a polled ring with
 * passthrough commands in flight faults in bio_poll on kernels before 6.5
 * (guard.h).  Waits at most a few seconds.
 */
static void drain(struct engine_data *ld)
{
	int tries = 5000, n;

	while (ld->in_flight && tries-- > 0) {
		n = ring_reap(&ld->ring, 0, ld->in_flight);
		if (n < 0)
			break;
		if (!n)
			usleep(1000);
		ld->in_flight -= (unsigned int)n > ld->in_flight ? ld->in_flight : (unsigned int)n;
	}
}

void ssdnvme_cleanup(struct thread_data *td)
{
	struct engine_data *ld = td->io_ops_data;
	unsigned int i;

	if (!ld)
		return;
	if (ld->ring.open)
		drain(ld);
	ssdnvme_health_finish(td, ld); /* after the last completion */
	if (ld->ring.open) {
		tagging_finish_log(td, ld); /* the results say whether the log is complete */
		ssdnvme_write_results(td, ld);
		ssdnvme_summary_job(td, ld);
	}
	tagging_free(ld);
	ssdnvme_health_free(ld);
	ring_close(&ld->ring);
	for (i = 0; i < ld->nr_fds; i++)
		close(ld->fds[i]);
	free(ld->fds);
	free(ld->io_us);
	free(ld->iovecs);
	free(ld->pending);
	free(ld->ranges);
	free(ld->md_area);
	free(ld->opened);
	free(ld->results_path);
	free(ld->deny);
	free(ld);
	td->io_ops_data = NULL;
}
