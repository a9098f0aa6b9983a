/*
 * Plain io_uring I/O for block devices and files.
 */
#include <string.h>
#include <sys/uio.h>

#include "blockio.h"

static void fill_rw(struct io_uring_sqe *sqe, const struct blockio *io)
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

void blockio_fill(struct io_uring_sqe *sqe, const struct blockio *io)
{
	if (io->big_sqe)
		memset(sqe + 1, 0, sizeof(*sqe));
	switch (io->op) {
	case BLOCKIO_READ:
	case BLOCKIO_WRITE:
		fill_rw(sqe, io);
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
