// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdnvme: fio external ioengine issuing NVMe commands through io_uring
 * passthrough (IORING_OP_URING_CMD) on NVMe generic char devices
 * (/dev/ngXnY), with plain io_uring as the fallback for block devices and
 * files.  One ring per job, shared by all the job's files.
 *
 *   fio --ioengine=external:build/ssdnvme.so --filename=/dev/ng0n1 ...
 *
 * This file is the fio glue for set-up and the data path; files.c opens the
 * files.  The I/O path lives in engine/io/ (ring.h, nvme_cmd.h, blockio.h,
 * namespace.c, guard.c, results.c, lba.c, nvme_status.c), the tag library
 * in engine/tags/, the latency-tag glue in ssdnvme_tags.[ch].
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <linux/falloc.h>
#include <linux/fs.h>

#include "fio.h"
#include "options.h"

#include "blockio.h"
#include "glue.h"
#include "guard.h"
#include "jobdefaults.h"
#include "lba.h"
#include "namespace.h"
#include "nvme_cmd.h"
#include "nvme_status.h"
#include "pi.h"
#include "ring.h"
#include "ssdnvme_fdp.h"
#include "ssdnvme_tags.h"

/* ------------------------------------------------------------ init */

static int ssdnvme_init(struct thread_data *td)
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
	if (posix_memalign((void **)&ld->ranges, 4096, depth * sizeof(*ld->ranges)))
		ld->ranges = NULL;
	if (!ld->io_us || !ld->iovecs || !ld->pending || !ld->ranges)
		return 1;
	return ssdnvme_md_prepare(td);
}

/* Separate metadata bytes the largest I/O of the job carries on any of its files. */
static size_t md_bytes_needed(struct thread_data *td)
{
	struct ssdnvme_options *o = td->eo;
	struct file_state *fs;
	struct fio_file *f;
	size_t need = 0, n;
	unsigned int i;

	for_each_file(td, f, i) {
		fs = FILE_ENG_DATA(f);
		if (!fs || !fs->md_per_lba)
			continue;
		n = (size_t)(td_max_bs(td) / fs->ni.lba_size) * fs->md_per_lba;
		if (o->md_per_io_size > n)
			n = o->md_per_io_size;
		if (n > need)
			need = n;
	}
	return need;
}

int ssdnvme_md_prepare(struct thread_data *td)
{
	struct engine_data *ld = td->io_ops_data;
	size_t need = md_bytes_needed(td), slot;
	void *area;

	if (!ld || need <= ld->md_slot)
		return 0;
	/* DMA'd by the device: page-aligned, one slot of whole pages per io_u */
	slot = (need + page_size - 1) & ~((size_t)page_size - 1);
	if (posix_memalign(&area, page_size, slot * ld->depth)) {
		ssdnvme_fail(td, ENOMEM, "cannot allocate the separate metadata buffers");
		return 1;
	}
	memset(area, 0, slot * ld->depth);
	free(ld->md_area);
	ld->md_area = area;
	ld->md_slot = slot;
	return 0;
}

static int ssdnvme_io_u_init(struct thread_data *td, struct io_u *io_u)
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

static int ssdnvme_post_init(struct thread_data *td)
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
	/* once per job: the tag log goes next to it, the results go in it */
	ld->results_path = ssdnvme_results_path(td);
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

/* ------------------------------------------------------------ data path */

/*
 * An SQE's user_data is its io_u, whose low bits (fio aligns io_us to cache
 * lines) say what ->event() must know without a look at the file: that the
 * command is NVMe passthrough, and that it is a DSM counted in
 * trims_in_flight.
 */
#define UD_NVME	 1ull
#define UD_TRIM	 2ull
#define UD_PI	 4ull /* a read whose PI the engine checks (pi_act=0) */
#define UD_FLAGS (UD_NVME | UD_TRIM | UD_PI)

static void report_error(struct engine_data *ld, struct io_u *io_u, int res);

/*
 * The metadata side of a command on a namespace with metadata: its
 * separate metadata buffer, PI generated by the engine (pi_act=0 writes),
 * the PI fields.  False when the buffer cannot hold what the command moves:
 * the command is then not sent.
 */
static bool prep_metadata(struct engine_data *ld, struct file_state *fs, struct io_u *io_u,
			  struct nvme_io *io)
{
	struct pi_cmd_fields pf;

	if (io->op != nvme_cmd_read && io->op != nvme_cmd_write && io->op != nvme_cmd_write_zeroes)
		return true;
	if (io->op != nvme_cmd_write_zeroes && fs->md_per_lba) {
		io->md_len = io->nlb * fs->md_per_lba;
		if (io->md_len > ld->md_slot)
			return false;
		io->md = ld->md_area + io_u->index * ld->md_slot;
	}
	if (!fs->pf.type)
		return true;
	pi_cmd_fields(&fs->pf, &fs->ni.pi_mode, io->slba, io->op == nvme_cmd_write_zeroes, &pf);
	io->control = pf.control;
	io->cdw3 = pf.cdw3;
	io->reftag = pf.cdw14;
	io->apptag = pf.cdw15;
	if (fs->pi_engine && io->op == nvme_cmd_write)
		pi_generate(&fs->pf, &fs->ni.pi_mode, io->buf, io->md, io->nlb, io->slba);
	else if (fs->pi_engine && io->op == nvme_cmd_read && fs->ni.pi_mode.chk)
		io->user_data |= UD_PI;
	return true;
}

/* Fills SQE for IO_U; false when it must not be sent (prep_metadata()). */
static bool prep_nvme(struct thread_data *td, struct engine_data *ld, struct io_u *io_u,
		      struct io_uring_sqe *sqe)
{
	struct ssdnvme_options *o = td->eo;
	struct fio_file *f = io_u->file;
	struct file_state *fs = FILE_ENG_DATA(f);
	struct nvme_io io = {
		.nsid = fs->ni.nsid,
		.slba = file_lbas(fs, io_u->offset),
		.nlb = (uint32_t)file_lbas(fs, io_u->xfer_buflen),
		.buf = io_u->xfer_buf,
		.len = (uint32_t)io_u->xfer_buflen,
		.iov = o->nonvectored ? NULL : &ld->iovecs[io_u->index],
		.fixed_buf = o->fixedbufs,
		.buf_index = (uint16_t)io_u->index,
		.fd = o->registerfiles ? (int)f->engine_pos : f->fd,
		.fixed_file = o->registerfiles,
		.user_data = (uint64_t)(uintptr_t)io_u | UD_NVME,
	};

	switch (io_u->ddir) {
	case DDIR_READ:
		io.op = nvme_cmd_read;
		io.fua = o->readfua;
		break;
	case DDIR_WRITE:
		io.op = o->write_zeroes ? nvme_cmd_write_zeroes : nvme_cmd_write;
		io.fua = o->writefua;
		break;
	case DDIR_TRIM:
		io.op = nvme_cmd_dsm;
		nvme_dsm_range_set(&ld->ranges[io_u->index], io.slba, io.nlb);
		io.buf = &ld->ranges[io_u->index];
		io.len = sizeof(struct nvme_dsm_range);
		break;
	default: /* fsync, fdatasync, sync_file_range: all mean "make it durable" */
		io.op = nvme_cmd_flush;
		io.iov = NULL;
		break;
	}
	if (__builtin_expect(fs->ni.ms != 0, 0) && !prep_metadata(ld, fs, io_u, &io))
		return false;
	if (__builtin_expect(fs->fdp != NULL, 0))
		ssdnvme_fdp_prep(ld, fs, io_u, &io);
	nvme_cmd_fill(sqe, &io);
	return true;
}

static void prep_block(struct thread_data *td, struct engine_data *ld, struct io_u *io_u,
		       struct io_uring_sqe *sqe)
{
	struct ssdnvme_options *o = td->eo;
	struct fio_file *f = io_u->file;
	struct blockio io = {
		.offset = io_u->offset,
		.buf = io_u->xfer_buf,
		.len = (uint32_t)io_u->xfer_buflen,
		.iov = o->nonvectored ? NULL : &ld->iovecs[io_u->index],
		.fixed_buf = o->fixedbufs,
		.buf_index = (uint16_t)io_u->index,
		.fua = o->writefua,
		.fd = o->registerfiles ? (int)f->engine_pos : f->fd,
		.fixed_file = o->registerfiles,
		.big_sqe = ld->nvme,
		.user_data = (uint64_t)(uintptr_t)io_u,
	};

	if (io_u->ddir == DDIR_READ)
		io.op = BLOCKIO_READ;
	else if (io_u->ddir == DDIR_WRITE)
		io.op = BLOCKIO_WRITE;
	else if (io_u->ddir == DDIR_SYNC)
		io.op = BLOCKIO_FSYNC;
	else
		io.op = BLOCKIO_FDATASYNC;
	blockio_fill(sqe, &io);
}

/* Plain io_uring has no discard in 6.1: trim a block device synchronously. */
static void trim_now(struct thread_data *td, struct engine_data *ld, struct io_u *io_u)
{
	(void)ld;
	do_io_u_trim(td, io_u);
}

/*
 * write_zeroes=1 on the fallback: plain io_uring has no Write Zeroes, so
 * zero synchronously (BLKZEROOUT on a block device, FALLOC_FL_ZERO_RANGE on a
 * file), never by writing the buffer.
 */
static void zero_now(struct thread_data *td, struct engine_data *ld, struct io_u *io_u)
{
	struct ssdnvme_options *o = td->eo;
	struct file_state *fs = FILE_ENG_DATA(io_u->file);
	int fd = o->registerfiles ? ld->fds[io_u->file->engine_pos] : io_u->file->fd;
	uint64_t range[2] = {io_u->offset, io_u->xfer_buflen};
	int ret;

	if (fs && fs->ni.kind == NS_KIND_BLOCK)
		ret = ioctl(fd, BLKZEROOUT, range);
	else
		ret = fallocate(fd, FALLOC_FL_ZERO_RANGE | FALLOC_FL_KEEP_SIZE, (off_t)io_u->offset,
				(off_t)io_u->xfer_buflen);
	io_u->error = ret < 0 ? errno : 0;
	if (io_u->error)
		report_error(ld, io_u, -(int)io_u->error);
}

/* Runs OP on IO_U synchronously, timed and tagged like a ring I/O. */
static enum fio_q_status run_sync(struct thread_data *td, struct engine_data *ld, struct io_u *io_u,
				  void (*op)(struct thread_data *, struct engine_data *,
					     struct io_u *))
{
	if (ld->nr_pending)
		return FIO_Q_BUSY;
	if (fio_fill_issue_time(td))
		fio_gettime(&io_u->issue_time, NULL);
	if (ld->tagging)
		tagging_submitted(ld->tagging, io_u, ssdnvme_now_ns(), tagging_stamp(ld->tagging));
	op(td, ld, io_u);
	if (ld->tagging)
		tagging_completed(ld->tagging, io_u, tagging_stamp(ld->tagging));
	io_u_mark_submit(td, 1);
	io_u_mark_complete(td, 1);
	return FIO_Q_COMPLETED;
}

/*
 * An I/O fio generated off the LBA grid (rw=write:512, zonemode=strided,
 * offset_align...): failed before it reaches the device, which would
 * truncate it to whole LBAs, with the message setup gives a bad offset=.
 */
static enum fio_q_status off_grid(struct file_state *fs, struct io_u *io_u)
{
	struct lba_geom g = ns_geom(&fs->ni);
	char msg[MSG_LEN];

	if (!fs->off_grid_told) {
		fs->off_grid_told = true;
		if (lba_check_multiple(&g, "offset", io_u->offset, msg, sizeof(msg)))
			lba_check_multiple(&g, "length", io_u->xfer_buflen, msg, sizeof(msg));
		log_err("ssdnvme: %s (an I/O fio generated; check rw=...:N, zonemode, "
			"offset_align); no I/O off the LBA grid is sent\n",
			msg);
	}
	io_u->error = EINVAL;
	return FIO_Q_COMPLETED;
}

/* A command whose metadata the job's buffers cannot hold: failed, never sent. */
static enum fio_q_status no_metadata_buffer(struct thread_data *td, struct file_state *fs,
					    struct io_u *io_u)
{
	struct engine_data *ld = td->io_ops_data;

	log_err("ssdnvme: %s: an I/O of %llu bytes needs %llu bytes of separate metadata, the "
		"job's metadata buffers hold %zu; not sent\n",
		fs->ni.path, io_u->xfer_buflen,
		(unsigned long long)file_lbas(fs, io_u->xfer_buflen) * fs->md_per_lba, ld->md_slot);
	io_u->error = EINVAL;
	return FIO_Q_COMPLETED;
}

static enum fio_q_status ssdnvme_queue(struct thread_data *td, struct io_u *io_u)
{
	struct engine_data *ld = td->io_ops_data;
	struct file_state *fs = FILE_ENG_DATA(io_u->file);
	bool nvme = fs && fs->ni.kind == NS_KIND_NVME_CHAR;
	struct io_uring_sqe *sqe;

	fio_ro_check(td, io_u);
	/* one OR and one AND on the usual path (unit a power of two) */
	if (fs && io_u->ddir <= DDIR_TRIM &&
	    !lba_io_on_grid(io_u->offset, io_u->xfer_buflen, fs->grid_mask, fs->unit))
		return off_grid(fs, io_u);
	if (!nvme && io_u->ddir == DDIR_TRIM)
		return run_sync(td, ld, io_u, trim_now);
	if (!nvme && io_u->ddir == DDIR_WRITE && ((struct ssdnvme_options *)td->eo)->write_zeroes)
		return run_sync(td, ld, io_u, zero_now);
	if (ld->nr_pending == ld->depth)
		return FIO_Q_BUSY;
	sqe = ring_sqe(&ld->ring, io_u->index);
	if (nvme) {
		if (!prep_nvme(td, ld, io_u, sqe))
			return no_metadata_buffer(td, fs, io_u);
		/* trimwrite: a block's write must not overtake its trim */
		if (io_u->ddir == DDIR_TRIM) {
			ld->trims_in_flight++;
			sqe->user_data |= UD_TRIM;
		} else if (ld->trims_in_flight && io_u->ddir == DDIR_WRITE)
			sqe->flags |= IOSQE_IO_DRAIN;
	} else {
		prep_block(td, ld, io_u, sqe);
	}
	ring_push(&ld->ring, io_u->index);
	ld->pending[ld->nr_pending++] = io_u;
	return FIO_Q_QUEUED;
}

/* Stamps fio's issue time on the first NR pending io_us, now that they are submitted. */
__attribute__((always_inline)) static inline void
mark_issued(struct thread_data *td, struct engine_data *ld, unsigned int nr)
{
	struct tagging *tg = ld->tagging;
	struct timespec now;
	unsigned int i;
	bool fill = fio_fill_issue_time(td);

	if (fill || tg)
		fio_gettime(&now, NULL);
	if (fill) {
		for (i = 0; i < nr; i++) {
			ld->pending[i]->issue_time = now;
			io_u_queued(td, ld->pending[i]);
		}
		if (td->o.read_iolog_file)
			td->last_issue = now;
	}
	if (tg) {
		/* the tag's submission time is the issue time fio's clat starts from */
		uint64_t now_ns = (uint64_t)now.tv_sec * 1000000000ull + (uint64_t)now.tv_nsec;
		uint64_t stamp = tagging_stamp_at(tg, now_ns);

		for (i = 0; i < nr; i++)
			tagging_submitted(tg, ld->pending[i], now_ns, stamp);
	}
	io_u_mark_submit(td, nr);
	ld->in_flight += nr;
	/* usually all of them went: no call for an empty move */
	if (ld->nr_pending > nr)
		memmove(ld->pending, ld->pending + nr,
			(ld->nr_pending - nr) * sizeof(*ld->pending));
	ld->nr_pending -= nr;
}

/* What ssdnvme_commit() does when the kernel did not take all at once. */
static __attribute__((noinline)) int commit_rest(struct thread_data *td, struct engine_data *ld,
						 int ret)
{
	for (;;) {
		if (ret > 0) {
			mark_issued(td, ld,
				    (unsigned int)ret > ld->nr_pending ? ld->nr_pending
								       : (unsigned int)ret);
		} else if (ret == 0 || ret == -EAGAIN || ret == -EBUSY) {
			usleep(1); /* kernel short of resources: retry */
		} else {
			td_verror(td, -ret, "io_uring_enter submit");
			return ret;
		}
		if (!ld->nr_pending)
			return 0;
		ret = ring_submit(&ld->ring);
	}
}

static int ssdnvme_commit(struct thread_data *td)
{
	struct engine_data *ld = td->io_ops_data;
	unsigned int nr = ld->nr_pending;
	int ret;

	if (!nr)
		return 0;
	ret = ring_submit(&ld->ring);
	if (__builtin_expect(ret == (int)nr, 1)) {
		mark_issued(td, ld, nr);
		return 0;
	}
	return commit_rest(td, ld, ret);
}

static int ssdnvme_getevents(struct thread_data *td, unsigned int min, unsigned int max,
			     const struct timespec fio_unused *t)
{
	struct engine_data *ld = td->io_ops_data;
	int ret;

	ret = ring_reap(&ld->ring, min, max);
	/* one stamp per reaped batch (also for an empty or failed reap: cheaper
	 * than testing for it, and then no ->event() uses it) */
	if (ld->tagging)
		ld->reap_stamp = tagging_stamp(ld->tagging);
	if (ret < 0)
		td_verror(td, -ret, "io_uring_enter getevents");
	else
		ld->in_flight -= (unsigned int)ret;
	return ret;
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
static void report_error(struct engine_data *ld, struct io_u *io_u, int res)
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
		report_error(ld, io_u, nvme ? res : -(int)io_u->error);
}

/*
 * IO_U's latency tag, its completion decoded.  Apart, like event_unusual(),
 * so that ->event() itself makes no call but these tail calls and saves no
 * register (bench/engine-callgrind.sh).
 */
static __attribute__((noinline)) struct io_u *event_tagged(struct engine_data *ld,
							   struct io_u *io_u)
{
	tagging_completed(ld->tagging, io_u, ld->reap_stamp);
	return io_u;
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

static struct io_u *ssdnvme_event(struct thread_data *td, int event)
{
	struct engine_data *ld = td->io_ops_data;
	const struct io_uring_cqe *cqe = ring_cqe(&ld->ring, (unsigned int)event);
	uint64_t ud = cqe->user_data;
	struct io_u *io_u = (struct io_u *)(uintptr_t)(ud & ~UD_FLAGS);
	int res = cqe->res;

	/*
	 * The usual outcome: passthrough says 0, plain io_uring moved every
	 * byte, and the I/O is no trim and no read whose PI the engine checks.
	 */
	if (__builtin_expect(!(ud & (UD_TRIM | UD_PI)) && res >= 0 &&
				     (unsigned long long)res ==
					     (ud & UD_NVME ? 0 : io_u->xfer_buflen),
			     1)) {
		io_u->error = 0;
		if (ld->tagging)
			return event_tagged(ld, io_u);
		return io_u;
	}
	return event_unusual(td, ld, io_u, ud, res);
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

static void ssdnvme_cleanup(struct thread_data *td)
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

static struct ioengine_ops ioengine = {
	.name = "ssdnvme",
	.version = FIO_IOOPS_VERSION,
	/* RAWIO: fio page-aligns every I/O buffer, as direct I/O and DMA want. */
	.flags = FIO_NO_OFFLOAD | FIO_MEMALIGN | FIO_RAWIO | FIO_ASYNCIO_SETS_ISSUE_TIME,
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
