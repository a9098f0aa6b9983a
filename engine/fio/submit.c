// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdnvme's submission path: ->queue builds each I/O's SQE in its slot
 * (an NVMe command on a passthrough file, submit_nvme.c; plain io_uring
 * elsewhere; trims
 * and Write Zeroes on the fallback run synchronously), ->commit publishes
 * the SQ tail and enters the kernel once for the batch.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <linux/falloc.h>
#include <linux/fs.h>

#include "fio.h"

#include "blockio.h"
#include "datapath.h"
#include "glue.h"
#include "lba.h"
#include "nvme_cmd.h"
#include "ring.h"
#include "ssdnvme_fdp.h"
#include "ssdnvme_tags.h"

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
	if (o->nowait && io_u->ddir <= DDIR_WRITE)
		sqe->rw_flags |= RWF_NOWAIT;
}

void block_fast_prepare(struct thread_data *td, struct engine_data *ld)
{
	struct ssdnvme_options *o = td->eo;
	int d;

	/*
	 * A ring with 128-byte SQEs (a char device in the job) takes the full
	 * path, which clears each SQE's second half; so does Write Zeroes.
	 */
	ld->block_fast = 0;
	if (!ld->nvme && !o->force_async)
		ld->block_fast = 1u << DDIR_READ | (writes_carry_data(o) ? 1u << DDIR_WRITE : 0);
	ld->block_vectored = false;
	ld->block_buf_mask = 0;
	if (o->fixedbufs) {
		ld->block_op[DDIR_READ] = IORING_OP_READ_FIXED;
		ld->block_op[DDIR_WRITE] = IORING_OP_WRITE_FIXED;
		ld->block_buf_mask = 0xffff;
	} else if (!o->nonvectored) {
		ld->block_op[DDIR_READ] = IORING_OP_READV;
		ld->block_op[DDIR_WRITE] = IORING_OP_WRITEV;
		ld->block_vectored = true;
	} else {
		ld->block_op[DDIR_READ] = IORING_OP_READ;
		ld->block_op[DDIR_WRITE] = IORING_OP_WRITE;
	}
	ld->block_sqe_flags = o->registerfiles ? IOSQE_FIXED_FILE : 0;
	ld->block_rw_flags[DDIR_READ] = o->nowait ? RWF_NOWAIT : 0;
	ld->block_rw_flags[DDIR_WRITE] =
		(o->writefua ? RWF_DSYNC : 0) | (o->nowait ? RWF_NOWAIT : 0);
	for (d = DDIR_READ; d <= DDIR_WRITE; d++)
		nvme_rw_template(&ld->nvme_rw[d],
				 &(struct nvme_io){
					 .op = d == DDIR_READ ? nvme_cmd_read : nvme_cmd_write,
					 .iov = ld->block_vectored ? ld->iovecs : NULL,
					 .fua = d == DDIR_READ ? o->readfua : o->writefua,
					 .fixed_buf = o->fixedbufs,
					 .fixed_file = o->registerfiles,
				 });
}

/* The data of a one-pass passthrough command: the buffer, or its one iovec. */
static inline void fast_data(const struct engine_data *ld, struct io_u *io_u, uint64_t *addr,
			     uint32_t *len)
{
	*addr = (uint64_t)(uintptr_t)io_u->xfer_buf;
	*len = (uint32_t)io_u->xfer_buflen;
	if (ld->block_vectored) {
		struct iovec *iov = &ld->iovecs[io_u->index];

		iov->iov_base = io_u->xfer_buf;
		iov->iov_len = io_u->xfer_buflen;
		*addr = (uint64_t)(uintptr_t)iov;
		*len = 1; /* number of iovecs */
	}
}

/*
 * A passthrough read or write with no metadata and no placement, in one
 * pass from the job's template (nvme_cmd_fill_rw(): what prep_nvme() and
 * nvme_cmd_fill() build for it, tested byte for byte).  setup.c's
 * nvme_fast_ddirs() sends no command this way on a big-endian host.
 */
static inline void fill_nvme_fast(const struct engine_data *ld, const struct file_state *fs,
				  struct io_u *io_u, struct io_uring_sqe *sqe, int fd)
{
	uint64_t addr;
	uint32_t len;

	fast_data(ld, io_u, &addr, &len);
	nvme_cmd_fill_rw(sqe, &ld->nvme_rw[io_u->ddir], fd, fs->ni.nsid,
			 file_lbas(fs, io_u->offset), (uint32_t)file_lbas(fs, io_u->xfer_buflen),
			 addr, len, (uint16_t)io_u->index, (uint64_t)(uintptr_t)io_u | UD_NVME);
}

/*
 * The same on a namespace with metadata (no PI, or pi_act=1): the file's
 * metadata template adds the separate metadata buffer and the PI fields
 * (nvme_cmd_fill_rw_md(): what prep_nvme() builds, tested byte for byte).
 */
static inline void fill_nvme_fast_md(const struct engine_data *ld, const struct file_state *fs,
				     struct io_u *io_u, struct io_uring_sqe *sqe, int fd,
				     uint32_t nlb)
{
	uint64_t addr;
	uint32_t len;

	fast_data(ld, io_u, &addr, &len);
	nvme_cmd_fill_rw_md(sqe, &ld->nvme_rw[io_u->ddir], &fs->md_rw, fd, fs->ni.nsid,
			    file_lbas(fs, io_u->offset), nlb, addr, len,
			    ld->md_area + io_u->index * ld->md_slot, (uint16_t)io_u->index,
			    (uint64_t)(uintptr_t)io_u | UD_NVME);
}

/*
 * The fallback's read or write, every field of the 64-byte SQE written
 * once from what block_fast_prepare() fixed: what prep_block() builds,
 * without deciding the options again per I/O.
 */
static inline void fill_block_fast(const struct engine_data *ld, struct io_u *io_u,
				   struct io_uring_sqe *sqe, int fd)
{
	unsigned int d = io_u->ddir;

	sqe->opcode = ld->block_op[d];
	sqe->flags = ld->block_sqe_flags;
	sqe->ioprio = 0;
	sqe->fd = fd;
	sqe->off = io_u->offset;
	/* fast_data()'s choice, stored in each branch: through locals gcc 12
	 * adds 17 bytes to queue_block_fast() */
	if (ld->block_vectored) {
		struct iovec *iov = &ld->iovecs[io_u->index];

		iov->iov_base = io_u->xfer_buf;
		iov->iov_len = io_u->xfer_buflen;
		sqe->addr = (uint64_t)(uintptr_t)iov;
		sqe->len = 1;
	} else {
		sqe->addr = (uint64_t)(uintptr_t)io_u->xfer_buf;
		sqe->len = (uint32_t)io_u->xfer_buflen;
	}
	sqe->rw_flags = (int)ld->block_rw_flags[d];
	sqe->user_data = (uint64_t)(uintptr_t)io_u;
	sqe->buf_index = (uint16_t)(io_u->index & ld->block_buf_mask);
	sqe->personality = 0;
	sqe->file_index = 0;
	sqe->addr3 = 0;
	sqe->__pad2[0] = 0;
}

/*
 * Plain io_uring has no discard in 6.1: trim a block device synchronously,
 * each of fio's ranges (num_range > 1) in turn.
 */
static void trim_now(struct thread_data *td, struct engine_data *ld, struct io_u *io_u)
{
#if FIO_IOOPS_VERSION >= 36
	if (ld->nr_ranges > 1) {
		const struct trim_range *t = io_u->xfer_buf;
		unsigned int i;
		int ret = 0;

		for (i = 0; i < io_u->number_trim && !ret; i++)
			ret = os_trim(io_u->file, t[i].start, t[i].len);
		io_u->error = ret;
		return;
	}
#endif
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
		ssdnvme_report_error(ld, io_u, -(int)io_u->error);
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

/* The SQE's file for a one-pass command: its registered index, or its fd. */
static inline int fast_fd(const struct engine_data *ld, const struct fio_file *f)
{
	return ld->block_sqe_flags ? (int)f->engine_pos : f->fd;
}

/* IO_U's SQE, filled, handed to the ring and counted pending. */
static inline enum fio_q_status queued(struct engine_data *ld, struct io_u *io_u)
{
	ring_push(&ld->ring, io_u->index);
	ld->pending[ld->nr_pending++] = io_u;
	return FIO_Q_QUEUED;
}

/* ->queue() for all but the fallback's plain reads and writes. */
static __attribute__((noinline)) enum fio_q_status queue_full_path(struct thread_data *td,
								   struct io_u *io_u)
{
	struct ssdnvme_options *o = td->eo;
	struct engine_data *ld = td->io_ops_data;
	struct file_state *fs = FILE_ENG_DATA(io_u->file);
	bool nvme = fs && fs->ni.kind == NS_KIND_NVME_CHAR;
	struct io_uring_sqe *sqe;

	/* one OR and one AND on the usual path (unit a power of two) */
	if (fs && io_u->ddir <= DDIR_TRIM &&
	    (!lba_io_on_grid(io_u->offset, io_u->xfer_buflen, fs->grid_mask, fs->unit) ||
	     (io_u->ddir == DDIR_TRIM && !ssdnvme_ranges_on_grid(ld, fs, io_u))))
		return off_grid(fs, io_u);
	if (!nvme && io_u->ddir == DDIR_TRIM)
		return run_sync(td, ld, io_u, trim_now);
	if (!nvme && io_u->ddir == DDIR_WRITE && o->write_mode == WMODE_ZEROES)
		return run_sync(td, ld, io_u, zero_now);
	if (ld->nr_pending == ld->depth)
		return FIO_Q_BUSY;
	sqe = ring_sqe(&ld->ring, io_u->index);
	if (nvme) {
		if (!ssdnvme_prep_nvme(td, ld, io_u, sqe))
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
	if (o->force_async && ++ld->async_count >= o->force_async) {
		ld->async_count = 0;
		sqe->flags |= IOSQE_ASYNC; /* the kernel's worker threads issue it */
	}
	return queued(ld, io_u);
}

/* Out of line: its 128-byte SQE would cost the fallback's path saved registers. */
static __attribute__((noinline)) enum fio_q_status queue_nvme_fast(struct engine_data *ld,
								   const struct file_state *fs,
								   struct io_u *io_u,
								   struct fio_file *f)
{
	fill_nvme_fast(ld, fs, io_u, ring_sqe(&ld->ring, io_u->index), fast_fd(ld, f));
	return queued(ld, io_u);
}

/*
 * queue_nvme_fast() on a namespace with metadata.  An I/O whose metadata
 * the job's buffers cannot hold goes the full path, which refuses it.
 */
static __attribute__((noinline)) enum fio_q_status
queue_nvme_fast_md(struct thread_data *td, struct engine_data *ld, const struct file_state *fs,
		   struct io_u *io_u, struct fio_file *f)
{
	uint32_t nlb = (uint32_t)file_lbas(fs, io_u->xfer_buflen);

	if (__builtin_expect((size_t)nlb * fs->md_rw.md_per_lba > ld->md_slot, 0))
		return queue_full_path(td, io_u);
	fill_nvme_fast_md(ld, fs, io_u, ring_sqe(&ld->ring, io_u->index), fast_fd(ld, f), nlb);
	return queued(ld, io_u);
}

/* Out of line like queue_nvme_fast(), so that ->queue() itself saves no register. */
static __attribute__((noinline)) enum fio_q_status
queue_block_fast(struct engine_data *ld, struct io_u *io_u, struct fio_file *f)
{
	fill_block_fast(ld, io_u, ring_sqe(&ld->ring, io_u->index), fast_fd(ld, f));
	return queued(ld, io_u);
}

enum fio_q_status ssdnvme_queue(struct thread_data *td, struct io_u *io_u)
{
	struct engine_data *ld = td->io_ops_data;
	struct fio_file *f = io_u->file;
	struct file_state *fs = FILE_ENG_DATA(f);

	fio_ro_check(td, io_u);
	if (__builtin_expect(!fs || (unsigned int)io_u->ddir > DDIR_WRITE ||
				     ld->nr_pending == ld->depth ||
				     !lba_io_on_grid(io_u->offset, io_u->xfer_buflen, fs->grid_mask,
						     fs->unit),
			     0))
		return queue_full_path(td, io_u);
	/* (block_fast is 0 with a char device in the job: FS is no NVMe file here) */
	if (ld->block_fast >> io_u->ddir & 1)
		return queue_block_fast(ld, io_u, f);
	/* trimwrite: a write waits for the trims before it (queue_full_path()) */
	if ((fs->nvme_fast >> io_u->ddir & 1) && !ld->trims_in_flight)
		return queue_nvme_fast(ld, fs, io_u, f);
	if ((fs->nvme_fast >> (NVME_FAST_MD + io_u->ddir) & 1) && !ld->trims_in_flight)
		return queue_nvme_fast_md(td, ld, fs, io_u, f);
	return queue_full_path(td, io_u);
}

/*
 * Stamps fio's issue time on the first NR pending io_us, now that they are
 * submitted; ALL: they are all that was pending.
 */
__attribute__((always_inline)) static inline void
mark_issued(struct thread_data *td, struct engine_data *ld, unsigned int nr, bool all)
{
	struct tagging *tg = ld->tagging;
	struct io_u **pending = ld->pending; /* (not reloaded after each call) */
	struct timespec now;
	unsigned int i;
	bool fill = fio_fill_issue_time(td);

	if (fill || tg)
		fio_gettime(&now, NULL);
	if (fill) {
		for (i = 0; i < nr; i++) {
			pending[i]->issue_time = now;
			io_u_queued(td, pending[i]);
		}
		if (td->o.read_iolog_file)
			td->last_issue = now;
	}
	if (tg) {
		/* the tag's submission time is the issue time fio's clat starts from */
		uint64_t now_ns = ssdnvme_ts_ns(&now);
		uint64_t stamp = tagging_stamp_at(tg, now_ns);

		for (i = 0; i < nr; i++)
			tagging_submitted(tg, pending[i], now_ns, stamp);
	}
	io_u_mark_submit(td, nr);
	ld->in_flight += nr;
	/* usually all of them went (and the caller knows): no move, no test */
	if (all)
		ld->nr_pending = 0;
	else if (ld->nr_pending > nr)
		memmove(ld->pending, ld->pending + nr,
			(ld->nr_pending - nr) * sizeof(*ld->pending));
	if (!all)
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
								       : (unsigned int)ret,
				    false);
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

/* mark_issued() of everything pending, out of line (see issued_one()). */
static __attribute__((noinline)) int issued_all(struct thread_data *td, struct engine_data *ld,
						unsigned int nr)
{
	mark_issued(td, ld, nr, true);
	return 0;
}

/* issued_one_tagged() for an I/O whose key must be found or made. */
static __attribute__((noinline)) int issued_one_keying(struct tagging *tg, struct io_u *io_u,
						       uint64_t now_ns, uint64_t stamp)
{
	tagging_submitted(tg, io_u, now_ns, stamp);
	return 0;
}

/*
 * The end of issued_one() with tags, out of line (the tag's registers) and
 * without calls on its usual path, so that it saves none either.
 */
static __attribute__((noinline)) int issued_one_tagged(struct tagging *tg, struct io_u *io_u)
{
	/* the tag's submission time is the issue time fio's clat starts from */
	uint64_t now_ns = ssdnvme_ts_ns(&io_u->issue_time);
	uint64_t stamp = tagging_stamp_at(tg, now_ns);
	struct tag_key *k = tagging_known_key(tg, io_u);

	if (__builtin_expect(!k, 0))
		return issued_one_keying(tg, io_u, now_ns, stamp);
	tagging_submitted_as(tg, io_u, k, now_ns, stamp);
	return 0;
}

/*
 * mark_issued() of the one I/O the usual ->commit() submits (fio commits
 * each I/O as it is queued unless iodepth_batch says otherwise), with fio's
 * issue time wanted: stamped straight into the io_u, and the tag last, as
 * a tail call.  Only the job and the io_u live across calls, so ->commit()
 * saves fewer registers (bench/engine-callgrind.sh).
 */
__attribute__((always_inline)) static inline int issued_one(struct thread_data *td,
							    struct engine_data *ld)
{
	struct io_u *io_u = ld->pending[0];

	ld->in_flight++;
	ld->nr_pending = 0;
	fio_gettime(&io_u->issue_time, NULL);
	io_u_queued(td, io_u);
	if (td->o.read_iolog_file)
		td->last_issue = io_u->issue_time;
	io_u_mark_submit(td, 1);
	ld = td->io_ops_data; /* (reloaded rather than kept in a saved register) */
	if (ld->tagging)
		return issued_one_tagged(ld->tagging, io_u);
	return 0;
}

/* ->commit() with I/Os pending. */
static __attribute__((noinline)) int commit_pending(struct thread_data *td, struct engine_data *ld,
						    unsigned int nr)
{
	int ret;

	ret = ring_submit(&ld->ring);
	if (__builtin_expect(ret == (int)nr, 1)) {
		if (nr == 1 && fio_fill_issue_time(td))
			return issued_one(td, td->io_ops_data);
		return issued_all(td, td->io_ops_data, nr);
	}
	return commit_rest(td, ld, ret);
}

/*
 * fio calls ->commit() before each wait for completions too, mostly with
 * nothing pending: that test alone here, the rest a tail call, so that the
 * empty call saves and restores no register (bench/engine-callgrind.sh).
 */
int ssdnvme_commit(struct thread_data *td)
{
	struct engine_data *ld = td->io_ops_data;
	unsigned int nr = ld->nr_pending;

	if (!nr)
		return 0;
	return commit_pending(td, ld, nr);
}
