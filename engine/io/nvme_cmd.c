/*
 * NVMe command construction for io_uring passthrough.
 *
 * liburing 2.3 has no io_uring_prep_cmd(), so nvme_cmd_fill() fills the SQE
 * itself: the 64-byte nvme_uring_cmd lives in the second half of the
 * 128-byte SQE (sqe->cmd).
 */
#include <string.h>

#include <linux/nvme_ioctl.h>

#include "nvme_cmd.h"

#define NVME_RW_FUA (1u << 30) /* cdw12 bit 30: Force Unit Access */
#define NVME_DSM_AD (1u << 2)  /* cdw11 bit 2: Attribute - Deallocate */

_Static_assert(sizeof(struct nvme_uring_cmd) <= 80, "nvme_uring_cmd must fit in sqe->cmd");
_Static_assert(sizeof(struct nvme_dsm_range) == 16, "DSM range is 16 bytes");

static void fill_data(struct nvme_uring_cmd *cmd, const struct nvme_io *io)
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
static void fill_cmd(struct nvme_uring_cmd *cmd, const struct nvme_io *io)
{
	cmd->opcode = io->op;
	cmd->nsid = io->nsid;
	switch (io->op) {
	case NVME_IO_READ:
	case NVME_IO_WRITE:
		fill_data(cmd, io);
		/* fall through */
	case NVME_IO_WRITE_ZEROES:
		cmd->cdw10 = (uint32_t)io->slba;
		cmd->cdw11 = (uint32_t)(io->slba >> 32);
		cmd->cdw12 = (io->nlb - 1) | (io->fua ? NVME_RW_FUA : 0);
		break;
	case NVME_IO_DSM:
		fill_data(cmd, io);
		cmd->cdw10 = 0; /* number of ranges, 0-based */
		cmd->cdw11 = NVME_DSM_AD;
		break;
	case NVME_IO_FLUSH:
		break;
	}
}

void nvme_cmd_fill(struct io_uring_sqe *sqe, const struct nvme_io *io)
{
	/* Clear both halves: the kernel reads the whole 128 bytes. */
	memset(sqe, 0, 2 * sizeof(*sqe));
	sqe->opcode = IORING_OP_URING_CMD;
	sqe->fd = io->fd;
	if (io->fixed_file)
		sqe->flags |= IOSQE_FIXED_FILE;
	sqe->cmd_op = io->iov ? NVME_URING_CMD_IO_VEC : NVME_URING_CMD_IO;
	if (io->fixed_buf && !io->iov && io->op != NVME_IO_DSM) {
		sqe->uring_cmd_flags = IORING_URING_CMD_FIXED;
		sqe->buf_index = io->buf_index;
	}
	sqe->user_data = io->user_data;
	fill_cmd((struct nvme_uring_cmd *)sqe->cmd, io);
}

void nvme_dsm_range_set(struct nvme_dsm_range *r, uint64_t slba, uint32_t nlb)
{
	r->cattr = 0;
	r->nlb = nlb;
	r->slba = slba;
}
