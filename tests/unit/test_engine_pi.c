// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests: protection information (engine/io/pi.c, pi_crc.c) and the
 * metadata fields of a passthrough command (nvme_cmd.h).  The CRCs are
 * checked against the catalogue check values, the NVMe specification's
 * 64-bit guard test cases, and a bit-at-a-time reference written here.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <linux/nvme_ioctl.h>

#include "nvme_cmd.h"
#include "pi.h"
#include "pi_crc.h"

/* Bit at a time, straight from the polynomials: the reference for the tables. */
static uint16_t ref_crc16(const unsigned char *p, size_t n)
{
	uint16_t crc = 0;
	int b;

	while (n--) {
		crc ^= (uint16_t)(*p++ << 8);
		for (b = 0; b < 8; b++)
			crc = (uint16_t)(crc & 0x8000 ? (crc << 1) ^ 0x8bb7 : crc << 1);
	}
	return crc;
}

static uint64_t ref_crc64(const unsigned char *p, size_t n)
{
	uint64_t crc = ~0ull;
	int b;

	while (n--) {
		crc ^= *p++;
		for (b = 0; b < 8; b++)
			crc = crc & 1 ? (crc >> 1) ^ 0x9a6c9329ac4bc9b5ull : crc >> 1;
	}
	return ~crc;
}

static void crc_check_values(void **state)
{
	static unsigned char page[4096];
	size_t i;

	(void)state;
	assert_int_equal(pi_crc16_t10dif(0, "123456789", 9), 0xd0db);
	assert_true(pi_crc64_nvme(0, "123456789", 9) == 0xae8b14860a799888ull);
	/* NVM Command Set specification, 64b CRC test cases */
	memset(page, 0, sizeof(page));
	assert_true(pi_crc64_nvme(0, page, sizeof(page)) == 0x6482d367eb22b64eull);
	memset(page, 0xff, sizeof(page));
	assert_true(pi_crc64_nvme(0, page, sizeof(page)) == 0xc0ddba7302eca3acull);
	for (i = 0; i < sizeof(page); i++)
		page[i] = (unsigned char)i;
	assert_true(pi_crc64_nvme(0, page, sizeof(page)) == 0x3e729f5f6750449cull);
}

static void crc_tables_match_reference_and_chain(void **state)
{
	unsigned char buf[1031];
	size_t i, cut;

	(void)state;
	srand(7);
	for (i = 0; i < sizeof(buf); i++)
		buf[i] = (unsigned char)rand();
	for (cut = 0; cut <= sizeof(buf); cut += 103) {
		assert_int_equal(
			pi_crc16_t10dif(pi_crc16_t10dif(0, buf, cut), buf + cut, sizeof(buf) - cut),
			ref_crc16(buf, sizeof(buf)));
		assert_true(pi_crc64_nvme(pi_crc64_nvme(0, buf, cut), buf + cut,
					  sizeof(buf) - cut) == ref_crc64(buf, sizeof(buf)));
	}
}

/* The sliced loops against the bit-wise reference: every short length at every alignment. */
static void crc_slices_every_length_and_alignment(void **state)
{
	unsigned char buf[64];
	size_t i, start, len;

	(void)state;
	for (i = 0; i < sizeof(buf); i++)
		buf[i] = (unsigned char)(i * 37 + 11);
	for (start = 0; start < 8; start++) {
		for (len = 0; start + len <= 40; len++) {
			assert_int_equal(pi_crc16_t10dif(0, buf + start, len),
					 ref_crc16(buf + start, len));
			assert_true(pi_crc64_nvme(0, buf + start, len) ==
				    ref_crc64(buf + start, len));
		}
	}
}

static const struct pi_mode all_checks = {false, PI_CHK_ALL, 0x1234, 0xffff};

/* The formats the engine supports, PI first and last, separate and interleaved. */
static const struct pi_format formats[] = {
	{512, 8, false, 1, false, PI_GUARD_16, 0},  {512, 8, true, 1, false, PI_GUARD_16, 0},
	{4096, 8, false, 3, true, PI_GUARD_16, 0},  {512, 16, false, 1, false, PI_GUARD_64, 0},
	{512, 16, true, 2, true, PI_GUARD_64, 0},   {512, 64, false, 2, false, PI_GUARD_16, 0},
	{4096, 64, true, 1, false, PI_GUARD_64, 0},
};

struct lbas {
	unsigned char *data, *md;
};

static struct lbas fill(const struct pi_format *f, uint32_t nlb)
{
	size_t dlen = (size_t)nlb * (f->lba_size + (f->extended ? f->ms : 0));
	struct lbas l = {calloc(1, dlen), calloc(nlb, f->ms)};
	size_t i;

	for (i = 0; i < dlen; i++)
		l.data[i] = (unsigned char)(i * 7 + 3);
	for (i = 0; i < (size_t)nlb * f->ms; i++)
		l.md[i] = (unsigned char)(i * 5 + 1);
	return l;
}

/* The PI tuple of LBA I. */
static unsigned char *tuple(const struct pi_format *f, struct lbas *l, uint32_t i)
{
	unsigned char *md = f->extended ? l->data + (size_t)i * (f->lba_size + f->ms) + f->lba_size
					: l->md + (size_t)i * f->ms;

	return md + (f->first ? 0 : f->ms - pi_tuple_size(f));
}

static void generated_pi_verifies_in_every_format(void **state)
{
	struct pi_error e;
	size_t k;

	(void)state;
	for (k = 0; k < sizeof(formats) / sizeof(formats[0]); k++) {
		const struct pi_format *f = &formats[k];
		struct lbas l = fill(f, 8);

		pi_generate(f, &all_checks, l.data, l.md, 8, 0x123456789aull);
		assert_true(pi_verify(f, &all_checks, l.data, l.md, 8, 0x123456789aull, &e));
		/* the reference tag is the LBA's low 32 (16-bit guard) or 48 bits */
		if (f->pif == PI_GUARD_16)
			assert_memory_equal(tuple(f, &l, 1) + 4, "\x34\x56\x78\x9b", 4);
		else
			assert_memory_equal(tuple(f, &l, 1) + 10, "\x00\x12\x34\x56\x78\x9b", 6);
		assert_memory_equal(tuple(f, &l, 1) + (f->pif == PI_GUARD_16 ? 2 : 8), "\x12\x34",
				    2);
		free(l.data);
		free(l.md);
	}
}

/* Corrupts field FIELD of LBA 5 and checks what pi_verify() says. */
static void corrupt_one(const struct pi_format *f, enum pi_field field)
{
	unsigned int gb = f->pif == PI_GUARD_16 ? 2 : 8;
	unsigned int rb = f->pif == PI_GUARD_16 ? 4 : 6;
	/* the last byte of the field */
	unsigned int last = field == PI_FIELD_GUARD    ? gb - 1
			    : field == PI_FIELD_APPTAG ? gb + 1
						       : gb + 2 + rb - 1;
	uint16_t bit = field == PI_FIELD_GUARD	  ? PI_CHK_GUARD
		       : field == PI_FIELD_APPTAG ? PI_CHK_APP
						  : PI_CHK_REF;
	struct pi_mode others = all_checks;
	struct lbas l = fill(f, 8);
	struct pi_error e;

	others.chk &= (uint16_t)~bit;
	pi_generate(f, &all_checks, l.data, l.md, 8, 1000);
	tuple(f, &l, 5)[last] ^= 0x10;
	if (f->type == 3 && field == PI_FIELD_REFTAG) {
		/* type 3's reference tag is not checked */
		assert_true(pi_verify(f, &all_checks, l.data, l.md, 8, 1000, &e));
	} else {
		assert_false(pi_verify(f, &all_checks, l.data, l.md, 8, 1000, &e));
		assert_int_equal(e.field, field);
		assert_int_equal(e.lba, 1005);
		assert_true(e.expected != e.found);
		if (field == PI_FIELD_APPTAG)
			assert_true(e.expected == 0x1234 && e.found == (0x1234 ^ 0x10));
		if (field == PI_FIELD_REFTAG)
			assert_true(e.expected == 1005 && e.found == (1005 ^ 0x10));
	}
	/* without that field's check, no alarm */
	assert_true(pi_verify(f, &others, l.data, l.md, 8, 1000, &e));
	free(l.data);
	free(l.md);
}

static void each_corrupted_field_is_caught_only_when_checked(void **state)
{
	size_t k;

	(void)state;
	for (k = 0; k < sizeof(formats) / sizeof(formats[0]); k++) {
		corrupt_one(&formats[k], PI_FIELD_GUARD);
		corrupt_one(&formats[k], PI_FIELD_APPTAG);
		corrupt_one(&formats[k], PI_FIELD_REFTAG);
	}
}

static void data_and_leading_metadata_are_guarded(void **state)
{
	const struct pi_format f = {512, 64, false, 1, false, PI_GUARD_16, 0};
	const struct pi_format first = {512, 64, false, 1, true, PI_GUARD_16, 0};
	struct lbas l = fill(&f, 2), m = fill(&first, 2);
	struct pi_error e;

	(void)state;
	pi_generate(&f, &all_checks, l.data, l.md, 2, 0);
	l.md[64 + 3] ^= 1; /* LBA 1's metadata before the PI: covered */
	assert_false(pi_verify(&f, &all_checks, l.data, l.md, 2, 0, &e));
	assert_int_equal(e.field, PI_FIELD_GUARD);
	assert_int_equal(e.lba, 1);
	pi_generate(&first, &all_checks, m.data, m.md, 2, 0);
	m.md[64 + 40] ^= 1; /* after a leading PI: not covered */
	assert_true(pi_verify(&first, &all_checks, m.data, m.md, 2, 0, &e));
	m.data[700] ^= 1; /* LBA 1's data */
	assert_false(pi_verify(&first, &all_checks, m.data, m.md, 2, 0, &e));
	assert_int_equal(e.lba, 1);
	free(l.data);
	free(l.md);
	free(m.data);
	free(m.md);
}

static void escapes_and_apptag_mask(void **state)
{
	const struct pi_format t1 = {512, 8, false, 1, false, PI_GUARD_16, 0};
	const struct pi_format t3 = {512, 8, false, 3, false, PI_GUARD_16, 0};
	struct pi_mode masked = {false, PI_CHK_APP, 0x12ff, 0xff00};
	struct lbas l = fill(&t1, 1);
	struct pi_error e;

	(void)state;
	memset(l.md, 0xff, 8); /* unwritten: apptag 0xFFFF, no check for type 1 */
	assert_true(pi_verify(&t1, &all_checks, l.data, l.md, 1, 0, &e));
	assert_true(pi_verify(&t3, &all_checks, l.data, l.md, 1, 0, &e));
	l.md[7] = 0; /* type 3 needs the reference tag all ones too */
	assert_false(pi_verify(&t3, &all_checks, l.data, l.md, 1, 0, &e));
	pi_generate(&t1, &all_checks, l.data, l.md, 1, 0); /* apptag 0x1234 */
	assert_true(pi_verify(&t1, &masked, l.data, l.md, 1, 0, &e));
	masked.apptag = 0x13ff;
	assert_false(pi_verify(&t1, &masked, l.data, l.md, 1, 0, &e));
	assert_true(e.field == PI_FIELD_APPTAG && e.expected == 0x1300 && e.found == 0x1200);
	free(l.data);
	free(l.md);
}

static void command_fields(void **state)
{
	const struct pi_format f16 = {512, 8, false, 1, false, PI_GUARD_16, 0};
	const struct pi_format f64 = {512, 16, false, 1, false, PI_GUARD_64, 0};
	const struct pi_format none = {512, 8, false, 0, false, PI_GUARD_16, 0};
	struct pi_mode act = {true, PI_CHK_GUARD | PI_CHK_REF, 0xbeef, 0xff00};
	struct pi_cmd_fields c;

	(void)state;
	pi_cmd_fields(&f16, &act, 0x1122334455ull, false, &c);
	assert_int_equal(c.control, PI_PRACT | PI_CHK_GUARD | PI_CHK_REF);
	assert_int_equal(c.cdw14, 0x22334455);
	assert_int_equal(c.cdw3, 0);
	assert_int_equal(c.cdw15, 0xff00beef);
	pi_cmd_fields(&f64, &all_checks, 0x1122334455ull, false, &c);
	assert_int_equal(c.control, PI_CHK_ALL);
	assert_int_equal(c.cdw3, 0x11);
	pi_cmd_fields(&f64, &all_checks, 0, true, &c); /* Write Zeroes: PRACT */
	assert_int_equal(c.control, PI_PRACT | PI_CHK_ALL);
	/* type 3 has no reference tag to check: the bit is not sent */
	pi_cmd_fields(&(struct pi_format){4096, 8, false, 3, true, 0, 0}, &all_checks, 0, false,
		      &c);
	assert_int_equal(c.control, PI_CHK_GUARD | PI_CHK_APP);
	pi_cmd_fields(&none, &act, 77, false, &c);
	assert_int_equal(c.control | c.cdw3 | c.cdw14 | c.cdw15, 0);
	assert_true(pi_host_moves_no_metadata(&f16, &act));
	assert_int_equal(pi_data_unit(&(struct pi_format){512, 8, true, 1, false, 0, 0}, &act),
			 512);
	assert_int_equal(
		pi_data_unit(&(struct pi_format){512, 8, true, 1, false, 0, 0}, &all_checks), 520);
	assert_int_equal(pi_data_unit(&(struct pi_format){512, 16, true, 1, false, 0, 0}, &act),
			 528);
}

static void sqe_carries_metadata_and_pi_fields(void **state)
{
	static struct io_uring_sqe slot[2];
	char buf[4096], md[64];
	struct nvme_io io = {.op = nvme_cmd_read,
			     .nsid = 1,
			     .slba = 8,
			     .nlb = 8,
			     .buf = buf,
			     .len = sizeof(buf),
			     .md = md,
			     .md_len = sizeof(md),
			     .control = PI_CHK_GUARD | PI_CHK_APP,
			     .cdw3 = 0x5,
			     .reftag = 8,
			     .apptag = 0xffff1234};
	struct nvme_uring_cmd *c = (struct nvme_uring_cmd *)slot->cmd;

	(void)state;
	nvme_cmd_fill(slot, &io);
	assert_true(c->metadata == (uint64_t)(uintptr_t)md);
	assert_int_equal(c->metadata_len, 64);
	assert_int_equal(c->cdw12, 7 | (uint32_t)(PI_CHK_GUARD | PI_CHK_APP) << 16);
	assert_int_equal(c->cdw3, 5);
	assert_int_equal(c->cdw14, 8);
	assert_int_equal(c->cdw15, 0xffff1234);
	io.op = nvme_cmd_flush; /* no data, no metadata */
	nvme_cmd_fill(slot, &io);
	assert_int_equal(c->metadata, 0);
	assert_int_equal(c->metadata_len, 0);
}

static void options_and_formats(void **state)
{
	char msg[256];
	uint16_t chk;

	(void)state;
	assert_true(pi_chk_parse(NULL, &chk, msg, sizeof(msg)) && chk == 0);
	assert_true(pi_chk_parse("guard,REFTAG", &chk, msg, sizeof(msg)));
	assert_int_equal(chk, PI_CHK_GUARD | PI_CHK_REF);
	assert_false(pi_chk_parse("GUARD,CRC", &chk, msg, sizeof(msg)));
	assert_string_equal(msg, "pi_chk=GUARD,CRC: 'CRC' at position 7 is not GUARD, REFTAG or "
				 "APPTAG");
	pi_chk_string(PI_CHK_ALL, msg, sizeof(msg));
	assert_string_equal(msg, "GUARD,REFTAG,APPTAG");
	pi_chk_string(0, msg, sizeof(msg));
	assert_string_equal(msg, "none");
	assert_false(pi_format_supported(&(struct pi_format){512, 16, false, 1, false, 2, 16}, msg,
					 sizeof(msg)));
	assert_string_equal(msg, "the format has a 16-bit storage tag, which the engine does not "
				 "support");
	assert_false(pi_format_supported(&(struct pi_format){512, 16, false, 1, false, 1, 0}, msg,
					 sizeof(msg)));
	assert_false(pi_format_supported(&(struct pi_format){512, 8, false, 1, false, 2, 0}, msg,
					 sizeof(msg)));
	assert_string_equal(msg, "8 bytes of metadata cannot hold a 16-byte PI tuple");
	assert_true(pi_format_supported(&formats[3], msg, sizeof(msg)));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(crc_check_values),
		cmocka_unit_test(crc_tables_match_reference_and_chain),
		cmocka_unit_test(crc_slices_every_length_and_alignment),
		cmocka_unit_test(generated_pi_verifies_in_every_format),
		cmocka_unit_test(each_corrupted_field_is_caught_only_when_checked),
		cmocka_unit_test(data_and_leading_metadata_are_guarded),
		cmocka_unit_test(escapes_and_apptag_mask),
		cmocka_unit_test(command_fields),
		cmocka_unit_test(sqe_carries_metadata_and_pi_fields),
		cmocka_unit_test(options_and_formats),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
