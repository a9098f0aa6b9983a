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

/* NVM command set opcodes the engine issues. */
enum nvme_io_op {
	NVME_IO_FLUSH = 0x00,
	NVME_IO_WRITE = 0x01,
	NVME_IO_READ = 0x02,
	NVME_IO_WRITE_ZEROES = 0x08,
	NVME_IO_DSM = 0x09,
};

/* One Dataset Management range (NVM Command Set spec, figure 39). */
struct nvme_dsm_range {
	uint32_t cattr;
	uint32_t nlb; /* 1-based here, unlike cdw12 */
	uint64_t slba;
};

/* Everything one command needs; the glue translates fio's io_u into this. */
struct nvme_io {
	enum nvme_io_op op;
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

/* Sets up R as a single deallocate range for [slba, slba + nlb). */
void nvme_dsm_range_set(struct nvme_dsm_range *r, uint64_t slba, uint32_t nlb);

#endif
