/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Building NVMe I/O commands into a 128-byte io_uring SQE
 * (IORING_OP_URING_CMD).  No fio types: the glue fills a struct nvme_io.
 */
#ifndef SSDNVME_NVME_CMD_H
#define SSDNVME_NVME_CMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/uio.h>

#include <linux/nvme_ioctl.h>

#include <liburing.h>
/* libnvme's spec types: enum nvme_io_opcode (nvme_cmd_read, ...), struct nvme_dsm_range */
#include <nvme/types.h>

/* Everything one command needs; the glue translates fio's io_u into this. */
struct nvme_io {
	enum nvme_io_opcode op; /* flush, write, read, compare, write_zeroes, write_uncor,
				   verify, dsm, copy */
	uint32_t nsid;
	uint64_t slba;	    /* first LBA; for Copy, the destination's (SDLBA) */
	uint32_t nlb;	    /* number of LBAs (1-based); 0 for flush */
	void *buf;	    /* data; for DSM and Copy, the source ranges */
	uint32_t len;	    /* bytes at buf */
	uint16_t nr_ranges; /* DSM, Copy: ranges at buf (1-256); 0 counts as 1 */
	bool deac;	    /* Write Zeroes: deallocate the zeroed LBAs (cdw12 bit 25) */
	struct iovec *iov;  /* non-NULL: send vectored (NVME_URING_CMD_IO_VEC) */
	void *md;	    /* separate metadata (nlb x ms bytes), NULL when none */
	uint32_t md_len;    /* bytes at md */
	uint16_t control;   /* PRACT and PRCHK bits (cdw12 bits 31:16, pi.h) */
	uint32_t cdw3;	    /* upper bits of a 48-bit initial reference tag */
	uint32_t reftag;    /* cdw14: initial reference tag */
	uint32_t apptag;    /* cdw15: application tag mask << 16 | tag */
	uint8_t dtype;	    /* directive type (2: data placement, fdp.h), 0: none */
	uint16_t dspec;	    /* directive specific: the placement identifier */
	bool fua;
	bool fixed_buf; /* buf lies in registered buffer buf_index */
	uint16_t buf_index;
	int fd; /* fd, or index into registered files */
	bool fixed_file;
	uint64_t user_data;
};

/* libnvme's NVME_IO_FUA is a bit of the control field, cdw12's upper half */
#define NVME_CMD_CDW12_FUA ((uint32_t)NVME_IO_FUA << 16)
/* Write Zeroes' DEAC, cdw12 bit 25 (NVM command set specification) */
#define NVME_CMD_CDW12_DEAC (1u << 25)
/* The most ranges one Dataset Management command carries (NR is 8 bits, 0-based) */
#define NVME_DSM_MAX_RANGES 256
/* Copy's cdw12: NR (bits 7:0, 0-based) and DTYPE (23:20); FUA is bit 30 as in a write */
#define NVME_COPY_CDW12_NR_MASK 0xffu

/* The command area of a 128-byte SQE: from sqe->cmd to the end */
#define NVME_CMD_AREA (2 * sizeof(struct io_uring_sqe) - offsetof(struct io_uring_sqe, cmd))

_Static_assert(sizeof(struct nvme_uring_cmd) <= NVME_CMD_AREA,
	       "nvme_uring_cmd must fit in sqe->cmd");
_Static_assert(sizeof(struct nvme_dsm_range) == 16, "DSM range is 16 bytes");
_Static_assert(sizeof(struct nvme_copy_range) == 32, "Copy source range (format 0) is 32 bytes");

/**
 * nvme_cmd_data() - the data pointer and length of a command that moves data
 * @io: the command (read, write, DSM or Copy)
 * @addr: where the data address is stored
 * @len: where the data length is stored
 *
 * When @io has an iovec, points its one entry at @io->buf and @io->len and
 * stores the iovec's address and 1 (the number of iovecs); otherwise stores
 * @io->buf and @io->len themselves.
 */
static inline void nvme_cmd_data(const struct nvme_io *io, uint64_t *addr, uint32_t *len)
{
	if (io->iov) {
		io->iov->iov_base = io->buf;
		io->iov->iov_len = io->len;
		*addr = (uint64_t)(uintptr_t)io->iov;
		*len = 1; /* number of iovecs */
	} else {
		*addr = (uint64_t)(uintptr_t)io->buf;
		*len = io->len;
	}
}

/**
 * nvme_cmd_fill_cmd() - write the 72-byte NVMe command in the SQE's command area
 * @cmd: the command area
 * @io: the command to build
 *
 * Every field is written once: the values are worked out first and stored in
 * one go, rather than clearing the command and then filling it (the SQE is
 * written for every I/O; bench/engine-callgrind.sh counts it).
 */
static inline void nvme_cmd_fill_cmd(struct nvme_uring_cmd *cmd, const struct nvme_io *io)
{
	uint64_t addr = 0, md = 0;
	uint32_t data_len = 0, md_len = 0;
	uint32_t cdw3 = 0, cdw10 = 0, cdw11 = 0, cdw12 = 0, cdw13 = 0, cdw14 = 0, cdw15 = 0;

	switch (io->op) {
	case nvme_cmd_read:
	case nvme_cmd_write:
	case nvme_cmd_compare:
		nvme_cmd_data(io, &addr, &data_len);
		md = (uint64_t)(uintptr_t)io->md;
		md_len = io->md_len;
		/* fall through */
	case nvme_cmd_write_zeroes:
	case nvme_cmd_write_uncor:
	case nvme_cmd_verify:
		/* the LBA range commands: SLBA, NLB (0-based) and the control field */
		cdw10 = (uint32_t)io->slba;
		cdw11 = (uint32_t)(io->slba >> 32);
		cdw12 = (io->nlb - 1) | (io->fua ? NVME_CMD_CDW12_FUA : 0) |
			(io->deac ? NVME_CMD_CDW12_DEAC : 0) | (uint32_t)io->control << 16 |
			(uint32_t)(io->dtype & 0xf) << 20;
		cdw13 = (uint32_t)io->dspec << 16; /* DSPEC, bits 31:16 */
		cdw3 = io->cdw3;
		cdw14 = io->reftag;
		cdw15 = io->apptag;
		break;
	case nvme_cmd_dsm:
		nvme_cmd_data(io, &addr, &data_len);
		cdw10 = io->nr_ranges > 1 ? io->nr_ranges - 1u : 0; /* NR, 0-based */
		cdw11 = NVME_DSMGMT_AD;
		break;
	case nvme_cmd_copy:
		/*
		 * The data is the source range list (format 0, DF = 0); the LBAs
		 * written are the destination's, from SDLBA for the ranges' sum.
		 */
		nvme_cmd_data(io, &addr, &data_len);
		cdw10 = (uint32_t)io->slba;
		cdw11 = (uint32_t)(io->slba >> 32);
		cdw12 = ((io->nr_ranges > 1 ? io->nr_ranges - 1u : 0) & NVME_COPY_CDW12_NR_MASK) |
			(io->fua ? NVME_CMD_CDW12_FUA : 0) | (uint32_t)(io->dtype & 0xf) << 20;
		cdw13 = (uint32_t)io->dspec << 16;
		break;
	case nvme_cmd_flush:
	default: /* the engine issues no other opcode */
		break;
	}
	*cmd = (struct nvme_uring_cmd){
		.opcode = io->op,
		.nsid = io->nsid,
		.cdw3 = cdw3,
		.metadata = md,
		.addr = addr,
		.metadata_len = md_len,
		.data_len = data_len,
		.cdw10 = cdw10,
		.cdw11 = cdw11,
		.cdw12 = cdw12,
		.cdw13 = cdw13,
		.cdw14 = cdw14,
		.cdw15 = cdw15,
	};
}

/**
 * nvme_cmd_fill() - fill a 128-byte SQE with an NVMe passthrough command
 * @sqe: the SQE, from a ring set up with IORING_SETUP_SQE128
 * @io: the command to build
 *
 * Fills @sqe in one pass: the header's every field, then the command, then
 * the 8 bytes of the command area the NVMe command leaves over, so nothing of
 * an earlier command in the slot survives and no byte is written twice but the
 * 16 the header and the command area share.  Inline: it runs for every I/O.
 */
static inline void nvme_cmd_fill(struct io_uring_sqe *sqe, const struct nvme_io *io)
{
	/* registered buffers hold data: the DSM ranges and data-less commands use none */
	bool fixed_buf =
		io->fixed_buf && !io->iov &&
		(io->op == nvme_cmd_read || io->op == nvme_cmd_write || io->op == nvme_cmd_compare);

	*sqe = (struct io_uring_sqe){
		.opcode = IORING_OP_URING_CMD,
		.flags = io->fixed_file ? IOSQE_FIXED_FILE : 0,
		.fd = io->fd,
		.cmd_op = io->iov ? NVME_URING_CMD_IO_VEC : NVME_URING_CMD_IO,
		.uring_cmd_flags = fixed_buf ? IORING_URING_CMD_FIXED : 0,
		.user_data = io->user_data,
		.buf_index = fixed_buf ? io->buf_index : 0,
	};
	nvme_cmd_fill_cmd((struct nvme_uring_cmd *)sqe->cmd, io);
	memset(sqe->cmd + sizeof(struct nvme_uring_cmd), 0,
	       NVME_CMD_AREA - sizeof(struct nvme_uring_cmd));
}

/* An SQE seen as sixteen 64-bit words (may alias its fields). */
typedef uint64_t __attribute__((may_alias)) nvme_sqe_word;

/*
 * What nvme_cmd_fill() makes of a job's plain reads or writes (no metadata,
 * no placement) that is the same for every I/O: the per-job template of the
 * one-pass builder, nvme_cmd_fill_rw().  Each field is a word, or half of
 * one, of the SQE as nvme_cmd_fill() wrote it (little-endian layout).
 */
struct nvme_rw_template {
	uint64_t head;	   /* word 0's low half: opcode, flags (fixed file), ioprio */
	uint64_t cmd_op;   /* word 1: cmd_op (vectored or not) */
	uint64_t uring;	   /* word 3: uring_cmd_flags (registered buffer) << 32 */
	uint64_t opcode;   /* word 6's low half: the NVMe opcode */
	uint64_t cdw12;	   /* word 12: cdw12's fixed bits (FUA), NLB 0, cdw13 0 */
	uint16_t buf_mask; /* word 5: 0xffff with a registered buffer, else 0 */
};

/**
 * nvme_rw_template() - a job's template for nvme_cmd_fill_rw()
 * @t: the template
 * @job: the job's read or write: op, fua, iov (non-NULL: vectored),
 *       fixed_buf, fixed_file; every other field is the I/O's own
 *
 * Built by nvme_cmd_fill() itself, so the one-pass SQE is by construction
 * the one the general path builds (test_engine_sqe compares them byte for
 * byte).
 */
static inline void nvme_rw_template(struct nvme_rw_template *t, const struct nvme_io *job)
{
	struct io_uring_sqe sqe[2];
	struct iovec iov;
	struct nvme_io io = {
		.op = job->op,
		.nlb = 1,
		.iov = job->iov ? &iov : NULL,
		.fua = job->fua,
		.fixed_buf = job->fixed_buf,
		.buf_index = 0xffff,
		.fixed_file = job->fixed_file,
	};
	const nvme_sqe_word *w = (const nvme_sqe_word *)sqe;

	nvme_cmd_fill(sqe, &io);
	t->head = w[0] & 0xffffffffu;
	t->cmd_op = w[1];
	t->uring = w[3];
	t->opcode = w[6] & 0xffffffffu;
	t->cdw12 = w[12];
	t->buf_mask = (uint16_t)w[5];
}

/**
 * nvme_cmd_fill_rw() - a plain read or write's SQE in one pass, from its template
 * @sqe: the SQE (128 bytes)
 * @t: the job's template (nvme_rw_template())
 * @fd: the file, or its index among the registered files
 * @nsid: the namespace
 * @slba: the first LBA
 * @nlb: the number of LBAs (1-based)
 * @addr: the data, or, vectored, its one iovec
 * @len: bytes at @addr, or 1 (iovecs) vectored
 * @buf_index: the registered buffer (the io_u's index)
 * @user_data: what the completion carries back
 *
 * Writes the sixteen words, each once: stored field by field (or cleared
 * and then filled), the same SQE took some 20 more instructions per I/O
 * (bench/engine-callgrind.sh).  Word: fields (low | high half).  SQE 0:
 * opcode, flags, ioprio | fd; 1: cmd_op | __pad1; 2: addr; 3: len |
 * uring_cmd_flags; 4: user_data; 5: buf_index, personality | file_index.
 * NVMe command 6: opcode, flags, rsvd1 | nsid; 7: cdw2 | cdw3; 8: metadata;
 * 9: addr; 10: metadata_len | data_len; 11: cdw10 | cdw11 (the SLBA);
 * 12: cdw12 | cdw13; 13: cdw14 | cdw15; 14: timeout_ms | rsvd2; 15: the
 * command area's last 8 bytes.  Little-endian hosts only (the engine sends
 * no command this way on another).
 */
static inline void nvme_cmd_fill_rw(struct io_uring_sqe *sqe, const struct nvme_rw_template *t,
				    int fd, uint32_t nsid, uint64_t slba, uint32_t nlb,
				    uint64_t addr, uint32_t len, uint16_t buf_index,
				    uint64_t user_data)
{
	nvme_sqe_word *w = (nvme_sqe_word *)sqe;

	w[0] = t->head | (uint64_t)(uint32_t)fd << 32;
	w[1] = t->cmd_op;
	w[2] = 0;
	w[3] = t->uring;
	w[4] = user_data;
	w[5] = buf_index & t->buf_mask;
	w[6] = t->opcode | (uint64_t)nsid << 32;
	w[7] = 0;
	w[8] = 0;
	w[9] = addr;
	w[10] = (uint64_t)len << 32;
	w[11] = slba;
	w[12] = t->cdw12 | (nlb - 1);
	w[13] = 0;
	w[14] = 0;
	w[15] = 0;
	_Static_assert(offsetof(struct io_uring_sqe, cmd) == 6 * sizeof(uint64_t) &&
			       sizeof(struct nvme_uring_cmd) == 9 * sizeof(uint64_t) &&
			       offsetof(struct nvme_uring_cmd, addr) == 3 * sizeof(uint64_t) &&
			       offsetof(struct nvme_uring_cmd, cdw10) == 5 * sizeof(uint64_t) &&
			       offsetof(struct nvme_uring_cmd, cdw12) == 6 * sizeof(uint64_t),
		       "the words above follow the SQE's and the command's layout");
}

/*
 * The metadata side of a file's plain reads and writes when nothing of it
 * is worked out per I/O by the host (no PI, or PI the controller inserts
 * and strips, pi_act=1): the per-file template of nvme_cmd_fill_rw_md().
 * Words as in struct nvme_rw_template.
 */
struct nvme_md_template {
	uint64_t cdw12;	     /* word 12: the control field (PRACT, PRCHK) << 16 */
	uint64_t cdw15;	     /* word 13's high half: cdw15 (apptag mask << 16 | apptag) << 32 */
	uint32_t md_per_lba; /* separate metadata bytes per LBA; 0: none moves separately */
	bool reftag;	     /* cdw14 carries the SLBA's low 32 bits */
	bool reftag_hi;	     /* cdw3 carries SLBA bits 47:32 (a 64-bit guard's reference tag) */
};

/**
 * nvme_md_template() - a file's template for nvme_cmd_fill_rw_md()
 * @t: the template
 * @md_per_lba: separate metadata bytes per LBA every command carries
 * @at0: the PI fields (control, cdw3, reftag, apptag) a command at LBA 0 carries
 * @at_max: the same at the LBA with every bit set
 *
 * The fields that do not follow the LBA are taken from @at0; those that do
 * (the reference tag in cdw14, and in cdw3 with a 64-bit guard) are told by
 * @at_max.  Both come from the PI code's own per-command fields, so the
 * one-pass SQE is the one nvme_cmd_fill() builds from them
 * (test_engine_sqe compares them byte for byte).
 */
static inline void nvme_md_template(struct nvme_md_template *t, uint32_t md_per_lba,
				    const struct nvme_io *at0, const struct nvme_io *at_max)
{
	t->cdw12 = (uint64_t)at0->control << 16;
	t->cdw15 = (uint64_t)at0->apptag << 32;
	t->md_per_lba = md_per_lba;
	t->reftag = at_max->reftag != 0;
	t->reftag_hi = at_max->cdw3 != 0;
}

/**
 * nvme_cmd_fill_rw_md() - nvme_cmd_fill_rw() on a namespace with metadata
 * @sqe: the SQE (128 bytes)
 * @t: the job's template (nvme_rw_template())
 * @m: the file's metadata template (nvme_md_template())
 * @fd: the file, or its index among the registered files
 * @nsid: the namespace
 * @slba: the first LBA
 * @nlb: the number of LBAs (1-based)
 * @addr: the data, or, vectored, its one iovec
 * @len: bytes at @addr, or 1 (iovecs) vectored
 * @md: the I/O's separate metadata buffer (@nlb x @m->md_per_lba bytes);
 *      unused when @m->md_per_lba is 0
 * @buf_index: the registered buffer (the io_u's index)
 * @user_data: what the completion carries back
 *
 * The plain SQE with the metadata buffer (word 8, its length in word 10's
 * low half) and the PI fields (words 7, 12, 13) in place: those five words
 * are stored twice (gcc 12 keeps nvme_cmd_fill_rw()'s stores through the
 * may_alias words), 5 instructions of the 50 this path costs more than the
 * plain one (bench/engine-callgrind.sh, CG_ROWS=pi).
 */
static inline void nvme_cmd_fill_rw_md(struct io_uring_sqe *sqe, const struct nvme_rw_template *t,
				       const struct nvme_md_template *m, int fd, uint32_t nsid,
				       uint64_t slba, uint32_t nlb, uint64_t addr, uint32_t len,
				       void *md, uint16_t buf_index, uint64_t user_data)
{
	nvme_sqe_word *w = (nvme_sqe_word *)sqe;
	uint32_t md_len = nlb * m->md_per_lba;

	nvme_cmd_fill_rw(sqe, t, fd, nsid, slba, nlb, addr, len, buf_index, user_data);
	w[7] = m->reftag_hi ? (slba >> 32 & 0xffff) << 32 : 0;
	w[8] = md_len ? (uint64_t)(uintptr_t)md : 0;
	w[10] = (uint64_t)len << 32 | md_len;
	w[12] = t->cdw12 | m->cdw12 | (nlb - 1);
	w[13] = m->cdw15 | (m->reftag ? (uint32_t)slba : 0);
}

/**
 * nvme_dsm_range_set() - set up a single deallocate range
 * @r: the range to write
 * @slba: the first LBA
 * @nlb: the number of LBAs (1-based, not 0-based as in read/write commands)
 *
 * Writes @r for [@slba, @slba + @nlb), fields little-endian, context
 * attributes 0.
 */
void nvme_dsm_range_set(struct nvme_dsm_range *r, uint64_t slba, uint32_t nlb);

/**
 * nvme_copy_range_set() - set up one Copy source range (descriptor format 0)
 * @r: the range to write
 * @slba: the first source LBA
 * @nlb: the number of LBAs (1-based; at most 65536: the field is 16 bits, 0-based)
 *
 * Writes @r for [@slba, @slba + @nlb), fields little-endian, the expected
 * PI fields 0 (the engine sends Copy only on namespaces without metadata).
 */
void nvme_copy_range_set(struct nvme_copy_range *r, uint64_t slba, uint32_t nlb);

#endif
