// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdnvme's completion path: ->getevents reaps a batch in place,
 * ->event hands out each completion's io_u with its outcome (NVMe status
 * or errno, short transfer, the engine's PI check of a read, the latency
 * tag), and a failed command is reported once per status and namespace.
 */
#include <inttypes.h>
#include <string.h>

#include "fio.h"

#include "datapath.h"
#include "glue.h"
#include "nvme_status.h"
#include "ring.h"
#include "ssdnvme_tags.h"

/*
 * One stamp per reaped batch, then the batch's size.  Out of line and
 * reached by a tail call, so that ->getevents() without tags saves no
 * register for it.
 */
static __attribute__((noinline)) int stamp_reap(struct engine_data *ld, int reaped)
{
	ld->reap_stamp = tagging_stamp(ld->tagging);
	return reaped;
}

static __attribute__((noinline)) int reap_failed(struct thread_data *td, int ret)
{
	td_verror(td, -ret, "io_uring_enter getevents");
	return ret;
}

/*
 * ->getevents() for what ssdnvme_getevents() does not do inline: no
 * minimum (a look without a wait), an IOPOLL or an SQPOLL ring.
 */
static __attribute__((noinline)) int getevents_any(struct thread_data *td, unsigned int min,
						   unsigned int max)
{
	struct engine_data *ld = td->io_ops_data;
	int ret;

	ret = ring_reap(&ld->ring, min, max);
	if (ret < 0)
		return reap_failed(td, ret);
	ld->in_flight -= (unsigned int)ret;
	if (ld->tagging)
		return stamp_reap(ld, ret);
	return ret;
}

/*
 * The usual reap inline (a plain ring, a minimum to wait for, no error) and
 * every other path a tail call: gcc 12 saved and restored six registers on
 * each call for the paths that call out (bench/engine-callgrind.sh).  A
 * failed wait goes to getevents_any(), whose ring_reap() retries or reports
 * it.  An empty or failed reap takes no stamp: no ->event() follows it.
 */
int ssdnvme_getevents(struct thread_data *td, unsigned int min, unsigned int max,
		      const struct timespec fio_unused *t)
{
	struct engine_data *ld = td->io_ops_data;
	struct ring *r = &ld->ring;
	unsigned int ready;
	int got;

	if (__builtin_expect(!min || !r->plain, 0))
		return getevents_any(td, min, max);
	ring_release(r);
	/* (on a plain ring completions are posted only by such an enter) */
	while ((ready = ring_cq_ready(r)) < min)
		if (__builtin_expect(ring_enter(r, 0, min, IORING_ENTER_GETEVENTS) < 0, 0))
			return getevents_any(td, min, max);
	got = ring_hand_out(r, ready, max);
	ld->in_flight -= (unsigned int)got;
	if (ld->tagging)
		return stamp_reap(ld, got);
	return got;
}

static const char *ddir_name(enum fio_ddir d)
{
	switch (d) {
	case DDIR_READ:
		return "read";
	case DDIR_WRITE:
		return "write";
	case DDIR_TRIM:
		return "trim";
	default:
		return "flush";
	}
}

/* Reports a failed command once per distinct (status, namespace). */
void ssdnvme_report_error(struct engine_data *ld, struct io_u *io_u, int res)
{
	struct file_state *fs = FILE_ENG_DATA(io_u->file);
	uint32_t nsid = fs ? fs->ni.nsid : 0;
	char what[160], tags[256];

	/* Negative results are errnos: keep them apart from NVMe statuses. */
	if (!status_seen_first(&ld->seen, res < 0 ? 0x8000 | -res : res, nsid))
		return;
	if (res > 0)
		nvme_status_describe(res, what, sizeof(what));
	else
		snprintf(what, sizeof(what), "%s", strerror(-res));
	ssdnvme_pi_failure(fs, io_u, res, tags, sizeof(tags));
	log_err("ssdnvme: %s: %s on nsid %u, %s at offset %llu length %llu (slba %" PRIu64
		")%s; further I/Os failing the same way are not reported\n",
		io_u->file->file_name, what, nsid, ddir_name(io_u->ddir), io_u->offset,
		io_u->xfer_buflen, fs && fs->unit ? file_lbas(fs, io_u->offset) : 0, tags);
}

/* IO_U's outcome from a completion's RES that is not the plain success. */
static void completion_outcome(struct engine_data *ld, struct io_u *io_u, int res, bool nvme)
{
	io_u->error = 0;
	if (nvme) {
		/* 0: success; > 0: NVMe status field; < 0: -errno from the kernel */
		if (res > 0)
			io_u->error = nvme_status_errno(res);
		else if (res < 0)
			io_u->error = -res;
	} else if (res < 0) {
		io_u->error = -res;
	} else if (ddir_rw(io_u->ddir) && (unsigned long long)res != io_u->xfer_buflen) {
		io_u->resid = io_u->xfer_buflen - (unsigned long long)res;
	}
	if (io_u->error)
		ssdnvme_report_error(ld, io_u, nvme ? res : -(int)io_u->error);
}

/*
 * IO_U's latency tag, its completion decoded.  Out of line and reached by a
 * tail call: inline, the registers the tag's arithmetic needs were saved and
 * restored by every ->event(), tags or not (gcc 12 does not shrink-wrap
 * them; bench/engine-callgrind.sh counted 37 Ir per I/O against fio's 13).
 */
static __attribute__((noinline)) struct io_u *event_tagged(struct engine_data *ld,
							   struct io_u *io_u)
{
	return tagging_completed(ld->tagging, io_u, ld->reap_stamp);
}

/*
 * ->event() for everything but a plain success: a failed or short I/O, a
 * trim, a read whose PI the engine checks.
 */
static __attribute__((noinline)) struct io_u *event_unusual(struct thread_data *td,
							    struct engine_data *ld,
							    struct io_u *io_u, uint64_t ud, int res)
{
	if (ud & UD_TRIM)
		ld->trims_in_flight--;
	if (res >= 0 && (unsigned long long)res == (ud & UD_NVME ? 0 : io_u->xfer_buflen))
		io_u->error = 0;
	else
		completion_outcome(ld, io_u, res, ud & UD_NVME);
	if ((ud & UD_PI) && !io_u->error)
		ssdnvme_pi_check_read(ld, io_u);
	/* fio ignores a failed fsync's error: fail the job, never report it done */
	if (io_u->error && ddir_sync(io_u->ddir))
		td_verror(td, (int)io_u->error, "flush (fsync/fdatasync) failed");
	if (ld->tagging)
		return event_tagged(ld, io_u);
	return io_u;
}

struct io_u *ssdnvme_event(struct thread_data *td, int event)
{
	struct engine_data *ld = td->io_ops_data;
	const struct io_uring_cqe *cqe = ring_cqe(&ld->ring, (unsigned int)event);
	uint64_t ud = cqe->user_data;
	struct io_u *io_u = (struct io_u *)(uintptr_t)(ud & ~UD_FLAGS);
	uint64_t kind = ud & UD_FLAGS;
	int res = cqe->res;

	/*
	 * The usual outcome: passthrough says 0, plain io_uring moved every
	 * byte, and the I/O is no trim and no read whose PI the engine checks.
	 * Passthrough's test first: two compares (bench/engine-callgrind.sh).
	 */
	/* (a negative RES, sign-extended, is above any length: no test of its own) */
	if (__builtin_expect(kind == UD_NVME ? res == 0
					     : kind == 0 && (unsigned long long)(long long)res ==
								    io_u->xfer_buflen,
			     1)) {
		io_u->error = 0;
		if (ld->tagging)
			return event_tagged(ld, io_u);
		return io_u;
	}
	return event_unusual(td, ld, io_u, ud, res);
}
