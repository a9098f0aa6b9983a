// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: NVMe passthrough and fallback SQEs (engine/io/nvme_cmd.c, blockio.c, pi.c's fields).
 */
#include <endian.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <linux/nvme_ioctl.h>

#include "blockio.h"
#include "nvme_cmd.h"
#include "pi.h"

/* A 128-byte SQE slot, as a ring set up with IORING_SETUP_SQE128 hands out. */
static struct io_uring_sqe slot[2];

static struct nvme_uring_cmd *cmd_of(struct io_uring_sqe *sqe)
{
	return (struct nvme_uring_cmd *)sqe->cmd;
}

static void read_fills_lba_fields(void **state)
{
	char buf[4096];
	struct nvme_io io = {.op = nvme_cmd_read,
			     .nsid = 3,
			     .slba = 0x123456789ULL,
			     .nlb = 8,
			     .buf = buf,
			     .len = sizeof(buf),
			     .fd = 7,
			     .user_data = 42};
	struct nvme_uring_cmd *c = cmd_of(slot);

	(void)state;
	memset(slot, 0xff, sizeof(slot)); /* stale bytes must be cleared */
	nvme_cmd_fill(slot, &io);
	assert_int_equal(slot->opcode, IORING_OP_URING_CMD);
	assert_int_equal(slot->cmd_op, NVME_URING_CMD_IO);
	assert_int_equal(slot->fd, 7);
	assert_int_equal(slot->flags, 0);
	assert_int_equal(slot->uring_cmd_flags, 0);
	assert_true(slot->user_data == 42);
	assert_int_equal(c->opcode, 0x02);
	assert_int_equal(c->nsid, 3);
	assert_int_equal(c->cdw10, 0x23456789);
	assert_int_equal(c->cdw11, 0x1);
	assert_int_equal(c->cdw12, 7); /* 0-based */
	assert_true(c->addr == (uint64_t)(uintptr_t)buf);
	assert_int_equal(c->data_len, 4096);
	assert_int_equal(c->metadata, 0);
	assert_int_equal(c->cdw13, 0);
	/* the bytes after the command, up to the end of the 128-byte slot, are cleared */
	for (size_t i = offsetof(struct io_uring_sqe, cmd) + sizeof(*c); i < sizeof(slot); i++)
		assert_int_equal(((unsigned char *)slot)[i], 0);
}

static void write_fua_fixed_buffer_fixed_file(void **state)
{
	char buf[512];
	struct nvme_io io = {.op = nvme_cmd_write,
			     .nsid = 1,
			     .slba = 10,
			     .nlb = 1,
			     .buf = buf,
			     .len = 512,
			     .fua = true,
			     .fixed_buf = true,
			     .buf_index = 5,
			     .fd = 2,
			     .fixed_file = true};

	(void)state;
	nvme_cmd_fill(slot, &io);
	assert_int_equal(cmd_of(slot)->opcode, 0x01);
	assert_int_equal(cmd_of(slot)->cdw12, (1u << 30) | 0);
	assert_int_equal(slot->uring_cmd_flags, IORING_URING_CMD_FIXED);
	assert_int_equal(slot->buf_index, 5);
	assert_int_equal(slot->flags & IOSQE_FIXED_FILE, IOSQE_FIXED_FILE);
	assert_int_equal(slot->fd, 2);
}

static void vectored_points_at_one_iovec(void **state)
{
	char buf[8192];
	struct iovec iov;
	struct nvme_io io = {.op = nvme_cmd_read,
			     .nsid = 1,
			     .slba = 0,
			     .nlb = 16,
			     .buf = buf,
			     .len = sizeof(buf),
			     .iov = &iov,
			     .fixed_buf = true};

	(void)state;
	nvme_cmd_fill(slot, &io);
	assert_int_equal(slot->cmd_op, NVME_URING_CMD_IO_VEC);
	assert_true(cmd_of(slot)->addr == (uint64_t)(uintptr_t)&iov);
	assert_int_equal(cmd_of(slot)->data_len, 1);
	assert_ptr_equal(iov.iov_base, buf);
	assert_int_equal(iov.iov_len, sizeof(buf));
	assert_int_equal(slot->uring_cmd_flags, 0); /* no registered buffers with _VEC */
}

static void dsm_deallocates_one_range(void **state)
{
	struct nvme_dsm_range r;
	struct nvme_io io = {.op = nvme_cmd_dsm, .nsid = 2, .buf = &r, .len = sizeof(r)};

	(void)state;
	nvme_dsm_range_set(&r, 1000, 128);
	nvme_cmd_fill(slot, &io);
	assert_int_equal(cmd_of(slot)->opcode, 0x09);
	assert_int_equal(cmd_of(slot)->cdw10, 0);      /* one range, 0-based */
	assert_int_equal(cmd_of(slot)->cdw11, 1 << 2); /* AD */
	assert_int_equal(cmd_of(slot)->data_len, 16);
	assert_true(le64toh(r.slba) == 1000);
	assert_int_equal(le32toh(r.nlb), 128); /* the range length is 1-based */
	assert_int_equal(r.cattr, 0);
}

/*
 * Copy: the source range list is the data (one 32-byte format-0 range);
 * SDLBA in cdw10-11, NR 0-based in cdw12 7:0, FUA bit 30, DTYPE 23:20 and
 * DSPEC cdw13 31:16 as on a write; the range's NLB is 0-based.
 */
static void copy_sends_one_source_range(void **state)
{
	struct nvme_copy_range r;
	struct nvme_io io = {.op = nvme_cmd_copy,
			     .nsid = 6,
			     .slba = (1ull << 33) | 77,
			     .nlb = 16,
			     .buf = &r,
			     .len = sizeof(r),
			     .nr_ranges = 1,
			     .fua = true,
			     .dtype = 2,
			     .dspec = 5};
	const uint8_t *raw = (const uint8_t *)&r;
	size_t i;

	(void)state;
	memset(&r, 0xa5, sizeof(r));
	nvme_copy_range_set(&r, 4096 + 3, 16);
	nvme_cmd_fill(slot, &io);
	assert_int_equal(cmd_of(slot)->opcode, 0x19);
	assert_int_equal(cmd_of(slot)->nsid, 6);
	assert_int_equal(cmd_of(slot)->cdw10, 77);
	assert_int_equal(cmd_of(slot)->cdw11, 2);
	assert_int_equal(cmd_of(slot)->cdw12, (1u << 30) | (2u << 20)); /* NR 0: one range */
	assert_int_equal(cmd_of(slot)->cdw13, 5u << 16);
	assert_true(cmd_of(slot)->addr == (uint64_t)(uintptr_t)&r);
	assert_int_equal(cmd_of(slot)->data_len, 32);
	assert_int_equal(cmd_of(slot)->metadata_len, 0);
	/* bytes 8-15 the source SLBA, 16-17 NLB 0-based, every other byte 0 */
	assert_true(le64toh(r.slba) == 4096 + 3);
	assert_int_equal(le16toh(r.nlb), 15);
	for (i = 0; i < sizeof(r); i++)
		if (i < 8 || i >= 18)
			assert_int_equal(raw[i], 0);
	io.nr_ranges = 3;
	io.fua = false;
	io.dtype = 0;
	nvme_cmd_fill(slot, &io);
	assert_int_equal(cmd_of(slot)->cdw12, 2); /* three ranges, 0-based */
}

static void write_zeroes_and_flush_carry_no_data(void **state)
{
	char buf[512];
	struct nvme_io wz = {.op = nvme_cmd_write_zeroes,
			     .nsid = 1,
			     .slba = 64,
			     .nlb = 8,
			     .buf = buf,
			     .len = 4096};
	struct nvme_io fl = {.op = nvme_cmd_flush, .nsid = 4};

	(void)state;
	nvme_cmd_fill(slot, &wz);
	assert_int_equal(cmd_of(slot)->opcode, 0x08);
	assert_int_equal(cmd_of(slot)->cdw10, 64);
	assert_int_equal(cmd_of(slot)->cdw12, 7);
	assert_int_equal(cmd_of(slot)->addr, 0);
	assert_int_equal(cmd_of(slot)->data_len, 0);
	nvme_cmd_fill(slot, &fl);
	assert_int_equal(cmd_of(slot)->opcode, 0x00);
	assert_int_equal(cmd_of(slot)->nsid, 4);
	assert_int_equal(cmd_of(slot)->data_len, 0);
}

/*
 * nvme_cmd_fill() writes each field once, with no clearing first: whatever
 * the slot held before (0xff here), the SQE it leaves is the one it leaves
 * in a cleared slot, for every opcode and every option.
 */
static void every_byte_is_written_whatever_the_slot_held(void **state)
{
	char buf[4096];
	struct iovec iov;
	struct nvme_dsm_range r;
	const struct nvme_io ios[] = {
		{.op = nvme_cmd_read,
		 .nsid = 1,
		 .slba = 9,
		 .nlb = 8,
		 .buf = buf,
		 .len = 4096,
		 .fd = 5,
		 .user_data = 1},
		{.op = nvme_cmd_write,
		 .nsid = 2,
		 .slba = 1ull << 40,
		 .nlb = 1,
		 .buf = buf,
		 .len = 512,
		 .fua = true,
		 .fixed_buf = true,
		 .buf_index = 3,
		 .fd = 1,
		 .fixed_file = true,
		 .md = buf,
		 .md_len = 8,
		 .control = 0x2007,
		 .cdw3 = 5,
		 .reftag = 6,
		 .apptag = 0xffff0001},
		{.op = nvme_cmd_read, .nsid = 3, .nlb = 1, .buf = buf, .len = 512, .iov = &iov},
		{.op = nvme_cmd_dsm, .nsid = 4, .buf = &r, .len = sizeof(r), .fixed_buf = true},
		{.op = nvme_cmd_write_zeroes, .nsid = 5, .slba = 7, .nlb = 2},
		{.op = nvme_cmd_flush, .nsid = 6},
		{.op = nvme_cmd_write_uncor, .nsid = 1, .slba = 2, .nlb = 3, .fixed_buf = true},
		{.op = nvme_cmd_verify, .nsid = 1, .slba = 2, .nlb = 3, .control = 0x400},
		{.op = nvme_cmd_compare, .nsid = 1, .nlb = 1, .buf = buf, .len = 512, .iov = &iov},
		{.op = nvme_cmd_write_zeroes, .nsid = 5, .slba = 7, .nlb = 2, .deac = true},
		{.op = nvme_cmd_dsm, .nsid = 4, .buf = &r, .len = sizeof(r), .nr_ranges = 1},
	};
	struct io_uring_sqe clean[2];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(ios) / sizeof(ios[0]); i++) {
		memset(clean, 0, sizeof(clean));
		nvme_cmd_fill(clean, &ios[i]);
		memset(slot, 0xff, sizeof(slot));
		nvme_cmd_fill(slot, &ios[i]);
		assert_memory_equal(slot, clean, sizeof(slot));
	}
}

/*
 * fio 3.41's write_mode= and verify_mode= commands and num_range trims:
 * each field where the NVM command set puts it.
 */
static void write_modes_compare_and_ranges(void **state)
{
	char buf[4096];
	struct nvme_dsm_range r[3];
	struct nvme_io uncor = {.op = nvme_cmd_write_uncor,
				.nsid = 2,
				.slba = 0x100000001ull,
				.nlb = 16,
				.buf = buf,
				.len = 8192,
				.fixed_buf = true,
				.fd = 4};
	struct nvme_io verify = {.op = nvme_cmd_verify,
				 .nsid = 2,
				 .slba = 5,
				 .nlb = 65536,
				 .control = 0x1c00,
				 .reftag = 5,
				 .apptag = 0xffff1234};
	struct nvme_io zeroes = {
		.op = nvme_cmd_write_zeroes, .nsid = 1, .slba = 3, .nlb = 4, .deac = true};
	struct nvme_io compare = {.op = nvme_cmd_compare,
				  .nsid = 6,
				  .slba = 7,
				  .nlb = 8,
				  .buf = buf,
				  .len = 4096,
				  .fixed_buf = true,
				  .buf_index = 9};
	struct nvme_io dsm = {
		.op = nvme_cmd_dsm, .nsid = 3, .buf = r, .len = sizeof(r), .nr_ranges = 3};
	struct nvme_uring_cmd *c = cmd_of(slot);

	(void)state;
	memset(slot, 0xff, sizeof(slot));
	nvme_cmd_fill(slot, &uncor);
	assert_int_equal(c->opcode, 0x04);
	assert_int_equal(c->cdw10, 1);
	assert_int_equal(c->cdw11, 1);
	assert_int_equal(c->cdw12, 15);
	/* no data moves: no address, length, or registered buffer */
	assert_true(c->addr == 0 && c->data_len == 0 && c->metadata == 0);
	assert_int_equal(slot->uring_cmd_flags, 0);

	nvme_cmd_fill(slot, &verify);
	assert_int_equal(c->opcode, 0x0c);
	assert_int_equal(c->cdw10, 5);
	assert_true(c->cdw12 == (0xffffu | 0x1c00u << 16)); /* NLB 65536, PRINFO */
	assert_int_equal(c->cdw14, 5);
	assert_true(c->cdw15 == 0xffff1234u);
	assert_true(c->addr == 0 && c->data_len == 0);

	nvme_cmd_fill(slot, &zeroes);
	assert_int_equal(c->opcode, 0x08);
	assert_true(c->cdw12 == (3u | 1u << 25)); /* DEAC, cdw12 bit 25 */

	nvme_cmd_fill(slot, &compare);
	assert_int_equal(c->opcode, 0x05);
	assert_int_equal(c->cdw10, 7);
	assert_int_equal(c->cdw12, 7);
	assert_true(c->addr == (uint64_t)(uintptr_t)buf);
	assert_int_equal(c->data_len, 4096);
	/* Compare carries data: a registered buffer is used as for a write */
	assert_int_equal(slot->uring_cmd_flags, IORING_URING_CMD_FIXED);
	assert_int_equal(slot->buf_index, 9);

	nvme_cmd_fill(slot, &dsm);
	assert_int_equal(c->opcode, 0x09);
	assert_int_equal(c->cdw10, 2); /* three ranges, 0-based */
	assert_int_equal(c->cdw11, 4); /* attribute: deallocate */
	assert_true(c->addr == (uint64_t)(uintptr_t)r);
	assert_int_equal(c->data_len, sizeof(r));
}

/* What a job fixes of its reads or writes, one combination of five bits. */
static struct nvme_io rw_job(unsigned int combo, struct iovec *iov)
{
	return (struct nvme_io){
		.op = combo & 1 ? nvme_cmd_write : nvme_cmd_read,
		.fua = combo >> 1 & 1,
		.iov = combo >> 2 & 1 ? iov : NULL,
		.fixed_buf = combo >> 3 & 1,
		.fixed_file = combo >> 4 & 1,
	};
}

/*
 * The one-pass builder of plain reads and writes, nvme_cmd_fill_rw() from
 * the job's template, against nvme_cmd_fill() of the same I/O: byte for
 * byte, for every combination of what the template fixes, whatever the
 * slot held.
 */
static void one_pass_rw_is_the_general_builder(void **state)
{
	char buf[4096];
	struct iovec iov;
	struct io_uring_sqe general[2];
	unsigned int combo;

	(void)state;
	for (combo = 0; combo < 32; combo++) {
		struct nvme_io job = rw_job(combo, &iov);
		struct nvme_io io = job;
		struct nvme_rw_template t;
		uint64_t addr = (uint64_t)(uintptr_t)buf;
		uint32_t len = 4096;

		io.nsid = 0x12345678u + combo;
		io.fd = (int)(7 + combo);
		io.slba = 0xfedcba987654ull + combo;
		io.nlb = 8 + combo;
		io.buf = buf;
		io.len = 4096;
		io.buf_index = (uint16_t)(300 + combo);
		io.user_data = 0x1234567890abcdefull ^ combo;
		memset(general, 0, sizeof(general));
		nvme_cmd_fill(general, &io); /* points iov at buf when vectored */
		if (job.iov) {
			addr = (uint64_t)(uintptr_t)&iov;
			len = 1;
		}
		nvme_rw_template(&t, &job);
		memset(slot, 0xff, sizeof(slot));
		nvme_cmd_fill_rw(slot, &t, io.fd, io.nsid, io.slba, io.nlb, addr, len, io.buf_index,
				 io.user_data);
		assert_memory_equal(slot, general, sizeof(slot));
	}
}

/* The PI fields the general path (submit_nvme.c) gives a command at SLBA. */
static void pi_fields_at(const struct pi_format *f, const struct pi_mode *m, uint64_t slba,
			 struct nvme_io *io)
{
	struct pi_cmd_fields pf;

	pi_cmd_fields(f, m, slba, false, &pf);
	io->control = pf.control;
	io->cdw3 = pf.cdw3;
	io->reftag = pf.cdw14;
	io->apptag = pf.cdw15;
}

/*
 * nvme_cmd_fill_rw_md() from the job's and the file's templates against
 * nvme_cmd_fill() of the command the general path builds (the PI fields at
 * the I/O's own LBA, its metadata buffer): byte for byte, for every PI type
 * and guard, pi_act, each pi_chk field, separate metadata or none, reads
 * and writes with and without FUA, vectored, registered buffers and files,
 * at LBAs below and above 2^32, whatever the slot held.
 */
static void one_pass_rw_with_metadata_is_the_general_builder(void **state)
{
	static const uint64_t lbas[] = {0, 0x1234, 0xfedcba987654ull, 0xffffffffffffull};
	char buf[4096], md[512];
	struct iovec iov;
	struct io_uring_sqe general[2];
	unsigned int fmt, combo, i;

	(void)state;
	for (fmt = 0; fmt < 4 * 2 * 2 * 8 * 3; fmt++) {
		unsigned int v = fmt;
		struct pi_format f = {.lba_size = 512, .type = (uint8_t)(v % 4)};
		struct pi_mode m = {.apptag = 0x1234, .apptag_mask = 0xf0ff};
		struct nvme_io at0 = {0}, at_max = {0};
		struct nvme_md_template mt;
		uint32_t md_per_lba;

		v /= 4;
		f.pif = v % 2 ? PI_GUARD_64 : PI_GUARD_16;
		v /= 2;
		m.act = v % 2;
		v /= 2;
		m.chk = (uint16_t)((v & 1 ? PI_CHK_GUARD : 0) | (v & 2 ? PI_CHK_REF : 0) |
				   (v & 4 ? PI_CHK_APP : 0));
		v /= 8;
		md_per_lba = (uint32_t[]){0, 8, 16}[v]; /* 0: interleaved (or no separate md) */
		f.ms = md_per_lba ? md_per_lba : 8;
		f.extended = !md_per_lba;
		pi_fields_at(&f, &m, 0, &at0);
		pi_fields_at(&f, &m, UINT64_MAX, &at_max);
		nvme_md_template(&mt, md_per_lba, &at0, &at_max);
		for (combo = 0; combo < 32; combo++) {
			struct nvme_io job = rw_job(combo, &iov);
			struct nvme_rw_template t;

			nvme_rw_template(&t, &job);
			for (i = 0; i < sizeof(lbas) / sizeof(lbas[0]); i++) {
				struct nvme_io io = job;
				uint64_t addr = (uint64_t)(uintptr_t)buf;
				uint32_t len = 4096;

				io.nsid = 0x12345678u + combo;
				io.fd = (int)(7 + combo);
				io.slba = lbas[i];
				io.nlb = 8 + combo % 8;
				io.buf = buf;
				io.len = 4096;
				io.buf_index = (uint16_t)(300 + combo);
				io.user_data = 0x1234567890abcdefull ^ combo;
				if (md_per_lba) {
					io.md = md;
					io.md_len = io.nlb * md_per_lba;
				}
				pi_fields_at(&f, &m, io.slba, &io);
				memset(general, 0, sizeof(general));
				nvme_cmd_fill(general, &io);
				if (job.iov) {
					addr = (uint64_t)(uintptr_t)&iov;
					len = 1;
				}
				memset(slot, 0xff, sizeof(slot));
				nvme_cmd_fill_rw_md(slot, &t, &mt, io.fd, io.nsid, io.slba, io.nlb,
						    addr, len, md, io.buf_index, io.user_data);
				assert_memory_equal(slot, general, sizeof(slot));
			}
		}
	}
}

static void fallback_read_write_fsync(void **state)
{
	char buf[4096];
	struct iovec iov;
	struct blockio rd = {.op = BLOCKIO_READ,
			     .offset = 8192,
			     .buf = buf,
			     .len = 4096,
			     .fd = 3,
			     .user_data = 9};
	struct blockio wr = {.op = BLOCKIO_WRITE,
			     .offset = 0,
			     .buf = buf,
			     .len = 4096,
			     .iov = &iov,
			     .fua = true,
			     .fd = 3};
	struct blockio fx = {.op = BLOCKIO_WRITE,
			     .buf = buf,
			     .len = 4096,
			     .fixed_buf = true,
			     .buf_index = 2,
			     .fd = 1,
			     .fixed_file = true};
	struct blockio ds = {.op = BLOCKIO_FDATASYNC, .fd = 3, .big_sqe = true};

	(void)state;
	blockio_fill(slot, &rd);
	assert_int_equal(slot->opcode, IORING_OP_READ);
	assert_true(slot->off == 8192);
	assert_int_equal(slot->len, 4096);
	assert_true(slot->user_data == 9);
	blockio_fill(slot, &wr);
	assert_int_equal(slot->opcode, IORING_OP_WRITEV);
	assert_int_equal(slot->len, 1);
	assert_int_equal(slot->rw_flags, RWF_DSYNC);
	blockio_fill(slot, &fx);
	assert_int_equal(slot->opcode, IORING_OP_WRITE_FIXED);
	assert_int_equal(slot->buf_index, 2);
	assert_int_equal(slot->flags & IOSQE_FIXED_FILE, IOSQE_FIXED_FILE);
	memset(&slot[1], 0xff, sizeof(slot[1]));
	blockio_fill(slot, &ds);
	assert_int_equal(slot->opcode, IORING_OP_FSYNC);
	assert_int_equal(slot->fsync_flags, IORING_FSYNC_DATASYNC);
	assert_int_equal(slot[1].off, 0); /* SQE128 ring: second half cleared */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(read_fills_lba_fields),
		cmocka_unit_test(every_byte_is_written_whatever_the_slot_held),
		cmocka_unit_test(write_fua_fixed_buffer_fixed_file),
		cmocka_unit_test(vectored_points_at_one_iovec),
		cmocka_unit_test(dsm_deallocates_one_range),
		cmocka_unit_test(copy_sends_one_source_range),
		cmocka_unit_test(write_zeroes_and_flush_carry_no_data),
		cmocka_unit_test(write_modes_compare_and_ranges),
		cmocka_unit_test(one_pass_rw_is_the_general_builder),
		cmocka_unit_test(one_pass_rw_with_metadata_is_the_general_builder),
		cmocka_unit_test(fallback_read_write_fsync),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
