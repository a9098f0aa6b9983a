/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Building NVMe I/O commands into a 128-byte io_uring SQE
 * (IORING_OP_URING_CMD).  No fio types: the glue fills a struct nvme_io.
 */
#ifndef SSDNVME_NVME_CMD_H
#define SSDNVME_NVME_CMD_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/uio.h>

#include <linux/nvme_ioctl.h>

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
	void *md;	   /* separate metadata (nlb x ms bytes), NULL when none */
	uint32_t md_len;   /* bytes at md */
	uint16_t control;  /* PRACT and PRCHK bits (cdw12 bits 31:16, pi.h) */
	uint32_t cdw3;	   /* upper bits of a 48-bit initial reference tag */
	uint32_t reftag;   /* cdw14: initial reference tag */
	uint32_t apptag;   /* cdw15: application tag mask << 16 | tag */
	uint8_t dtype;	   /* directive type (2: data placement, fdp.h), 0: none */
	uint16_t dspec;	   /* directive specific: the placement identifier */
	bool fua;
	bool fixed_buf; /* buf lies in registered buffer buf_index */
	uint16_t buf_index;
	int fd; /* fd, or index into registered files */
	bool fixed_file;
	uint64_t user_data;
};

/* libnvme's NVME_IO_FUA is a bit of the control field, cdw12's upper half */
#define NVME_CMD_CDW12_FUA ((uint32_t)NVME_IO_FUA << 16)

_Static_assert(sizeof(struct nvme_uring_cmd) <= 80, "nvme_uring_cmd must fit in sqe->cmd");
_Static_assert(sizeof(struct nvme_dsm_range) == 16, "DSM range is 16 bytes");

static inline void nvme_cmd_fill_data(struct nvme_uring_cmd *cmd, const struct nvme_io *io)
{
	if (io->iov) {
		io->iov->iov_base = io->buf;
		io->iov->iov_len = io->len;
		cmd->addr = (uint64_t)(uintptr_t)io->iov;
		cmd->data_len = 1; /* number of iovecs */
	} else {
		cmd->addr = (uint64_t)(uintptr_t)io->buf;
		cmd->data_len = io->len;
	}
}

/* CMD lies in an SQE nvme_cmd_fill() has already cleared. */
static inline void nvme_cmd_fill_cmd(struct nvme_uring_cmd *cmd, const struct nvme_io *io)
{
	cmd->opcode = io->op;
	cmd->nsid = io->nsid;
	switch (io->op) {
	case nvme_cmd_read:
	case nvme_cmd_write:
		nvme_cmd_fill_data(cmd, io);
		cmd->metadata = (uint64_t)(uintptr_t)io->md;
		cmd->metadata_len = io->md_len;
		/* fall through */
	case nvme_cmd_write_zeroes:
		cmd->cdw10 = (uint32_t)io->slba;
		cmd->cdw11 = (uint32_t)(io->slba >> 32);
		cmd->cdw12 = (io->nlb - 1) | (io->fua ? NVME_CMD_CDW12_FUA : 0) |
			     (uint32_t)io->control << 16 | (uint32_t)(io->dtype & 0xf) << 20;
		cmd->cdw13 = (uint32_t)io->dspec << 16; /* DSPEC, bits 31:16 */
		cmd->cdw3 = io->cdw3;
		cmd->cdw14 = io->reftag;
		cmd->cdw15 = io->apptag;
		break;
	case nvme_cmd_dsm:
		nvme_cmd_fill_data(cmd, io);
		cmd->cdw10 = 0; /* number of ranges, 0-based */
		cmd->cdw11 = NVME_DSMGMT_AD;
		break;
	case nvme_cmd_flush:
	default: /* the engine issues no other opcode */
		break;
	}
}

/* Fills SQE (from a ring set up with IORING_SETUP_SQE128).  Inline: it runs for every I/O. */
static inline void nvme_cmd_fill(struct io_uring_sqe *sqe, const struct nvme_io *io)
{
	/* Clear both halves: the kernel reads the whole 128 bytes. */
	memset(sqe, 0, 2 * sizeof(*sqe));
	sqe->opcode = IORING_OP_URING_CMD;
	sqe->fd = io->fd;
	if (io->fixed_file)
		sqe->flags |= IOSQE_FIXED_FILE;
	sqe->cmd_op = io->iov ? NVME_URING_CMD_IO_VEC : NVME_URING_CMD_IO;
	if (io->fixed_buf && !io->iov && io->op != nvme_cmd_dsm) {
		sqe->uring_cmd_flags = IORING_URING_CMD_FIXED;
		sqe->buf_index = io->buf_index;
	}
	sqe->user_data = io->user_data;
	nvme_cmd_fill_cmd((struct nvme_uring_cmd *)sqe->cmd, io);
}

/* Sets up R as a single deallocate range for [slba, slba + nlb) (NLB 1-based, little-endian). */
void nvme_dsm_range_set(struct nvme_dsm_range *r, uint64_t slba, uint32_t nlb);

#endif
