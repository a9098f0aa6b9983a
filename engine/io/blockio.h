/*
 * The fallback for paths that are not NVMe generic char devices (block
 * devices, regular files): ordinary io_uring reads, writes and fsyncs on the
 * same ring.  No fio types.
 */
#ifndef SSDNVME_BLOCKIO_H
#define SSDNVME_BLOCKIO_H

#include <stdbool.h>
#include <stdint.h>
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

void blockio_fill(struct io_uring_sqe *sqe, const struct blockio *io);

#endif
