/*
 * Building NVMe I/O commands into a 128-byte io_uring SQE
 * (IORING_OP_URING_CMD).  No fio types: the glue fills a struct nvme_io.
 */
#ifndef SSDNVME_NVME_CMD_H
#define SSDNVME_NVME_CMD_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/uio.h>

#include <liburing.h>
/* libnvme's spec types: enum nvme_io_opcode (nvme_cmd_read, ...), struct nvme_dsm_range */
#include <nvme/types.h>

/* Everything one command needs; the glue translates fio's io_u into this. */
struct nvme_io {
	enum nvme_io_opcode op; /* flush, write, read, write_zeroes, dsm */
	uint32_t nsid;
	uint64_t slba;
	uint32_t nlb;	   /* number of LBAs (1-based); 0 for flush */
	void *buf;	   /* data; for DSM, the range */
	uint32_t len;	   /* bytes at buf */
	struct iovec *iov; /* non-NULL: send vectored (NVME_URING_CMD_IO_VEC) */
	bool fua;
	bool fixed_buf; /* buf lies in registered buffer buf_index */
	uint16_t buf_index;
	int fd; /* fd, or index into registered files */
	bool fixed_file;
	uint64_t user_data;
};

/* Fills SQE (from a ring set up with IORING_SETUP_SQE128). */
void nvme_cmd_fill(struct io_uring_sqe *sqe, const struct nvme_io *io);

/* Sets up R as a single deallocate range for [slba, slba + nlb) (NLB 1-based, little-endian). */
void nvme_dsm_range_set(struct nvme_dsm_range *r, uint64_t slba, uint32_t nlb);

#endif
