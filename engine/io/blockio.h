/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The fallback for paths that are not NVMe generic char devices (block
 * devices, regular files): ordinary io_uring reads, writes and fsyncs on the
 * same ring.  No fio types.
 */
#ifndef SSDNVME_BLOCKIO_H
#define SSDNVME_BLOCKIO_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/uio.h>

#include <liburing.h>

enum blockio_op {
	BLOCKIO_READ,
	BLOCKIO_WRITE,
	BLOCKIO_FSYNC,
	BLOCKIO_FDATASYNC,
};

struct blockio {
	enum blockio_op op;
	uint64_t offset;
	void *buf;
	uint32_t len;
	struct iovec *iov; /* non-NULL: readv/writev */
	bool fixed_buf;
	uint16_t buf_index;
	bool fua; /* RWF_DSYNC: the closest a file has to FUA */
	int fd;
	bool fixed_file;
	bool big_sqe; /* ring uses SQE128: clear the second half too */
	uint64_t user_data;
};

/**
 * blockio_fill_rw() - fill an SQE for a read or a write
 * @sqe: the SQE
 * @io: the I/O (fixed buffer, one iovec, or a plain buffer; FUA as
 *      RWF_DSYNC on a write)
 */
static inline void blockio_fill_rw(struct io_uring_sqe *sqe, const struct blockio *io)
{
	bool rd = io->op == BLOCKIO_READ;

	if (io->fixed_buf) {
		if (rd)
			io_uring_prep_read_fixed(sqe, io->fd, io->buf, io->len, io->offset,
						 io->buf_index);
		else
			io_uring_prep_write_fixed(sqe, io->fd, io->buf, io->len, io->offset,
						  io->buf_index);
	} else if (io->iov) {
		io->iov->iov_base = io->buf;
		io->iov->iov_len = io->len;
		if (rd)
			io_uring_prep_readv(sqe, io->fd, io->iov, 1, io->offset);
		else
			io_uring_prep_writev(sqe, io->fd, io->iov, 1, io->offset);
	} else if (rd) {
		io_uring_prep_read(sqe, io->fd, io->buf, io->len, io->offset);
	} else {
		io_uring_prep_write(sqe, io->fd, io->buf, io->len, io->offset);
	}
	if (!rd && io->fua)
		sqe->rw_flags |= RWF_DSYNC;
}

/**
 * blockio_fill() - fill an SQE for an I/O on a block device or file
 * @sqe: the SQE (both halves cleared on an SQE128 ring)
 * @io: the I/O
 *
 * Inline, as it runs for every I/O: the caller's struct blockio then costs
 * nothing.
 */
static inline void blockio_fill(struct io_uring_sqe *sqe, const struct blockio *io)
{
	if (io->big_sqe)
		memset(sqe + 1, 0, sizeof(*sqe));
	switch (io->op) {
	case BLOCKIO_READ:
	case BLOCKIO_WRITE:
		blockio_fill_rw(sqe, io);
		break;
	case BLOCKIO_FSYNC:
		io_uring_prep_fsync(sqe, io->fd, 0);
		break;
	case BLOCKIO_FDATASYNC:
		io_uring_prep_fsync(sqe, io->fd, IORING_FSYNC_DATASYNC);
		break;
	}
	if (io->fixed_file)
		sqe->flags |= IOSQE_FIXED_FILE;
	io_uring_sqe_set_data64(sqe, io->user_data);
}

#endif
