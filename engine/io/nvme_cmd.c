/*
 * NVMe command construction for io_uring passthrough.
 *
 * liburing 2.3 has no io_uring_prep_cmd(), so nvme_cmd_fill() fills the SQE
 * itself: the 64-byte nvme_uring_cmd lives in the second half of the
 * 128-byte SQE (sqe->cmd).
 */
#include <endian.h>
#include <string.h>

#include <linux/nvme_ioctl.h>

#include "nvme_cmd.h"

/* libnvme's NVME_IO_FUA is a bit of the control field, cdw12's upper half */
#define CDW12_FUA ((uint32_t)NVME_IO_FUA << 16)

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
	case nvme_cmd_read:
	case nvme_cmd_write:
		fill_data(cmd, io);
		/* fall through */
	case nvme_cmd_write_zeroes:
		cmd->cdw10 = (uint32_t)io->slba;
		cmd->cdw11 = (uint32_t)(io->slba >> 32);
		cmd->cdw12 = (io->nlb - 1) | (io->fua ? CDW12_FUA : 0);
		break;
	case nvme_cmd_dsm:
		fill_data(cmd, io);
		cmd->cdw10 = 0; /* number of ranges, 0-based */
		cmd->cdw11 = NVME_DSMGMT_AD;
		break;
	case nvme_cmd_flush:
	default: /* the engine issues no other opcode */
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
	if (io->fixed_buf && !io->iov && io->op != nvme_cmd_dsm) {
		sqe->uring_cmd_flags = IORING_URING_CMD_FIXED;
		sqe->buf_index = io->buf_index;
	}
	sqe->user_data = io->user_data;
	fill_cmd((struct nvme_uring_cmd *)sqe->cmd, io);
}

void nvme_dsm_range_set(struct nvme_dsm_range *r, uint64_t slba, uint32_t nlb)
{
	r->cattr = 0;
	r->nlb = htole32(nlb);
	r->slba = htole64(slba);
}
