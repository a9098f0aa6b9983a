// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests for the binary tag log: byte layout, round trip through the
 * buffered writer and the reader, a truncated file, bad files, and the tag
 * table writing one record per completion.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "taglog.h"
#include "tags.h"

static char dir[] = "/tmp/test-taglog-XXXXXX";
static char path[256];
static char err[512];

static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(dir))
		return -1;
	snprintf(path, sizeof(path), "%s/tags.bin", dir);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	unlink(path);
	return rmdir(dir);
}

static struct tag_io sample(uint64_t i)
{
	struct tag_io io = {
		.submit_ns = 1000 * i,
		.lat_ns = 50000 + i * 7,
		.lba = 0x0102030405060708ull + i,
		.len = 4096,
		.nsid = 3,
		.key_id = (uint32_t)(i % 5),
		.inflight = {(uint32_t)i, 2, 3, 4},
		.qd = (uint16_t)(i % 32 + 1),
		.dir = (uint8_t)(i % TAG_DIR_NR),
		.flags = i % 11 == 0 ? TAG_IO_ERROR : 0,
		.slat_ns = (uint32_t)(i * 13 + 0x01020304),
	};
	return io;
}

/* Field by field: the struct's tail padding is not part of the record. */
static void assert_io_equal(const struct tag_io *a, const struct tag_io *b)
{
	assert_int_equal(a->submit_ns, b->submit_ns);
	assert_int_equal(a->lat_ns, b->lat_ns);
	assert_int_equal(a->lba, b->lba);
	assert_int_equal(a->len, b->len);
	assert_int_equal(a->nsid, b->nsid);
	assert_int_equal(a->key_id, b->key_id);
	assert_memory_equal(a->inflight, b->inflight, sizeof(a->inflight));
	assert_int_equal(a->qd, b->qd);
	assert_int_equal(a->dir, b->dir);
	assert_int_equal(a->flags, b->flags);
	assert_int_equal(a->slat_ns, b->slat_ns);
}

static void test_layout(void **state)
{
	unsigned char rec[TAGLOG_RECORD_SIZE];
	struct tag_io io = sample(1), back;

	(void)state;
	taglog_encode(&io, rec);
	/* little-endian at the documented offsets */
	assert_int_equal(rec[TAGLOG_R_SUBMIT], 0xe8); /* 1000 = 0x3e8 */
	assert_int_equal(rec[TAGLOG_R_SUBMIT + 1], 0x03);
	assert_int_equal(rec[TAGLOG_R_LBA], 0x09);
	assert_int_equal(rec[TAGLOG_R_LBA + 7], 0x01);
	assert_int_equal(rec[TAGLOG_R_LEN + 1], 0x10); /* 4096 = 0x1000 */
	assert_int_equal(rec[TAGLOG_R_NSID], 3);
	assert_int_equal(rec[TAGLOG_R_QD], 2);
	assert_int_equal(rec[TAGLOG_R_DIR], TAG_WRITE);
	assert_int_equal(rec[TAGLOG_R_INFLIGHT + 4], 2);
	assert_int_equal(rec[TAGLOG_R_INFLIGHT + 12], 4);
	/* fio's submission latency, 0x01020311 */
	assert_int_equal(rec[TAGLOG_R_SLAT], 0x11);
	assert_int_equal(rec[TAGLOG_R_SLAT + 3], 0x01);
	for (int i = TAGLOG_R_SLAT + 4; i < TAGLOG_RECORD_SIZE; i++)
		assert_int_equal(rec[i], 0);
	taglog_decode(rec, &back);
	assert_io_equal(&io, &back);
}

static void test_roundtrip(void **state)
{
	const uint64_t n = 3 * TAGLOG_BUF_RECORDS + 17; /* crosses buffer flushes */
	struct taglog *log = taglog_create(path, 1234567890123456789ull, err, sizeof(err));
	struct taglog_reader *r;
	struct tag_io io;
	struct stat st;
	uint64_t i;

	(void)state;
	assert_non_null(log);
	for (i = 0; i < n; i++) {
		io = sample(i);
		taglog_append(log, &io);
	}
	assert_int_equal(taglog_records(log), n);
	assert_int_equal(taglog_close(log, err, sizeof(err)), 0);
	assert_int_equal(stat(path, &st), 0);
	/* header, records, end record */
	assert_int_equal(st.st_size, TAGLOG_HEADER_SIZE + (n + 1) * TAGLOG_RECORD_SIZE);

	r = taglog_open(path, err, sizeof(err));
	assert_non_null(r);
	assert_int_equal(taglog_start_unix_ns(r), 1234567890123456789ull);
	for (i = 0; i < n; i++) {
		struct tag_io want = sample(i);

		assert_int_equal(taglog_next(r, &io, err, sizeof(err)), 1);
		assert_io_equal(&io, &want);
	}
	assert_int_equal(taglog_next(r, &io, err, sizeof(err)), 0);
	assert_false(taglog_truncated(r));
	taglog_reader_close(r);

	/* a log cut at a record boundary (disk full, killed): no end record, flagged */
	assert_int_equal(truncate(path, TAGLOG_HEADER_SIZE + 2 * TAGLOG_RECORD_SIZE), 0);
	r = taglog_open(path, err, sizeof(err));
	assert_non_null(r);
	assert_int_equal(taglog_next(r, &io, err, sizeof(err)), 1);
	assert_int_equal(taglog_next(r, &io, err, sizeof(err)), 1);
	assert_int_equal(taglog_next(r, &io, err, sizeof(err)), 0);
	assert_true(taglog_truncated(r));
	taglog_reader_close(r);

	/* a run killed mid-write: the partial record ends the file, flagged */
	assert_int_equal(truncate(path, TAGLOG_HEADER_SIZE + 2 * TAGLOG_RECORD_SIZE + 10), 0);
	r = taglog_open(path, err, sizeof(err));
	assert_non_null(r);
	assert_int_equal(taglog_next(r, &io, err, sizeof(err)), 1);
	assert_int_equal(taglog_next(r, &io, err, sizeof(err)), 1);
	assert_int_equal(taglog_next(r, &io, err, sizeof(err)), 0);
	assert_true(taglog_truncated(r));
	taglog_reader_close(r);
}

static void write_bytes(const void *p, size_t n)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(p, 1, n, f), n);
	fclose(f);
}

static void test_bad_files(void **state)
{
	unsigned char hdr[TAGLOG_HEADER_SIZE] = "SSDNVTAG";
	char missing[300];

	(void)state;
	snprintf(missing, sizeof(missing), "%s/none/tags.bin", dir);
	assert_null(taglog_open(missing, err, sizeof(err)));
	assert_non_null(strstr(err, "No such file"));
	assert_null(taglog_create(missing, 0, err, sizeof(err)));
	assert_non_null(strstr(err, missing));

	write_bytes("SSDNV", 5);
	assert_null(taglog_open(path, err, sizeof(err)));
	assert_non_null(strstr(err, "too short"));

	hdr[TAGLOG_H_VERSION] = 9;
	hdr[TAGLOG_H_HEADER_SIZE] = TAGLOG_HEADER_SIZE;
	hdr[TAGLOG_H_RECORD_SIZE] = TAGLOG_RECORD_SIZE;
	write_bytes(hdr, sizeof(hdr));
	assert_null(taglog_open(path, err, sizeof(err)));
	assert_non_null(strstr(err, "version 9"));

	hdr[TAGLOG_H_VERSION] = TAGLOG_VERSION;
	hdr[TAGLOG_H_RECORD_SIZE] = 32;
	write_bytes(hdr, sizeof(hdr));
	assert_null(taglog_open(path, err, sizeof(err)));
	assert_non_null(strstr(err, "record size"));

	memcpy(hdr, "NOTATAG!", 8);
	write_bytes(hdr, sizeof(hdr));
	assert_null(taglog_open(path, err, sizeof(err)));
	assert_non_null(strstr(err, "bad magic"));
	assert_non_null(strstr(err, path));
}

static void test_table_logs(void **state)
{
	struct taglog *log = taglog_create(path, 0, err, sizeof(err));
	struct tags_config cfg = {.start_ns = 500, .outliers = 4};
	struct tags *t;
	struct tag_key *k;
	struct tag_io io, rd;
	struct taglog_reader *r;
	uint64_t i;

	(void)state;
	assert_non_null(log);
	cfg.log = log;
	t = tags_new(&cfg);
	assert_non_null(t);
	tags_key(t, "c", NULL, 1, TAG_READ, "first");
	k = tags_key(t, "c", NULL, 2, TAG_TRIM, "second");
	for (i = 0; i < 100; i++) {
		tags_on_submit(t, k, &io, 500 + i * 1000, i, 8192, 2);
		tags_on_complete(t, k, &io, 500 + i * 1000 + 300 + i, i == 7);
	}
	assert_int_equal(taglog_close(log, err, sizeof(err)), 0);
	r = taglog_open(path, err, sizeof(err));
	assert_non_null(r);
	for (i = 0; i < 100; i++) {
		assert_int_equal(taglog_next(r, &rd, err, sizeof(err)), 1);
		assert_int_equal(rd.submit_ns, i * 1000);
		assert_int_equal(rd.lat_ns, 300 + i);
		assert_int_equal(rd.lba, i);
		assert_int_equal(rd.len, 8192);
		assert_int_equal(rd.nsid, 2);
		assert_int_equal(rd.key_id, 1);
		assert_int_equal(rd.dir, TAG_TRIM);
		assert_int_equal(rd.qd, 2);
		assert_int_equal(rd.flags, i == 7 ? TAG_IO_ERROR : 0);
	}
	assert_int_equal(taglog_next(r, &rd, err, sizeof(err)), 0);
	taglog_reader_close(r);
	assert_int_equal(k->hist.n, 99);
	assert_int_equal(k->errors, 1);
	tags_free(t);
}

/* The end record: counted, checked, and nothing is read past it. */
static void test_end_record(void **state)
{
	struct taglog *log = taglog_create(path, 0, err, sizeof(err));
	unsigned char bad = 9;
	struct taglog_reader *r;
	struct tag_io io;
	FILE *f;
	int i;

	(void)state;
	assert_non_null(log);
	for (i = 0; i < 3; i++) {
		io = sample((uint64_t)i);
		taglog_append(log, &io);
	}
	assert_int_equal(taglog_close(log, err, sizeof(err)), 0);
	r = taglog_open(path, err, sizeof(err));
	assert_non_null(r);
	for (i = 0; i < 3; i++)
		assert_int_equal(taglog_next(r, &io, err, sizeof(err)), 1);
	assert_int_equal(taglog_next(r, &io, err, sizeof(err)), 0);
	assert_false(taglog_truncated(r));
	taglog_reader_close(r);
	/* an end record that miscounts is an error, not a complete log */
	f = fopen(path, "r+b");
	assert_non_null(f);
	fseek(f, TAGLOG_HEADER_SIZE + 3 * TAGLOG_RECORD_SIZE + TAGLOG_E_RECORDS, SEEK_SET);
	fwrite(&bad, 1, 1, f);
	fclose(f);
	r = taglog_open(path, err, sizeof(err));
	for (i = 0; i < 3; i++)
		assert_int_equal(taglog_next(r, &io, err, sizeof(err)), 1);
	assert_int_equal(taglog_next(r, &io, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "end record counts 9 records, the file has 3"));
	taglog_reader_close(r);
}

/*
 * A reserve the file system cannot keep (issue 36 row 8): the log stops at
 * its first buffer instead of failing, keeps what it had (nothing), has no
 * end record and reads as truncated; finishing it succeeds.
 */
static void test_reserve_stops_cleanly(void **state)
{
	struct taglog *log = taglog_create(path, 0, err, sizeof(err));
	struct taglog_reader *r;
	struct tag_io io;
	uint64_t kept = 99, i;

	(void)state;
	assert_non_null(log);
	taglog_set_reserve(log, UINT64_MAX / 2);
	for (i = 0; i < TAGLOG_BUF_RECORDS + 10; i++) {
		io = sample(i);
		taglog_append(log, &io);
	}
	assert_true(taglog_stopped(log, &kept));
	assert_int_equal(kept, 0);
	assert_int_equal(taglog_error(log), 0);
	assert_int_equal(taglog_close(log, err, sizeof(err)), 0);
	r = taglog_open(path, err, sizeof(err));
	assert_non_null(r);
	assert_int_equal(taglog_next(r, &io, err, sizeof(err)), 0);
	assert_true(taglog_truncated(r));
	taglog_reader_close(r);
	/* without a reserve the same log is complete */
	log = taglog_create(path, 0, err, sizeof(err));
	for (i = 0; i < TAGLOG_BUF_RECORDS + 10; i++) {
		io = sample(i);
		taglog_append(log, &io);
	}
	assert_false(taglog_stopped(log, &kept));
	assert_int_equal(taglog_close(log, err, sizeof(err)), 0);
	r = taglog_open(path, err, sizeof(err));
	for (i = 0; i < TAGLOG_BUF_RECORDS + 10; i++)
		assert_int_equal(taglog_next(r, &io, err, sizeof(err)), 1);
	assert_int_equal(taglog_next(r, &io, err, sizeof(err)), 0);
	assert_false(taglog_truncated(r));
	taglog_reader_close(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_layout),	   cmocka_unit_test(test_roundtrip),
		cmocka_unit_test(test_bad_files),  cmocka_unit_test(test_table_logs),
		cmocka_unit_test(test_end_record), cmocka_unit_test(test_reserve_stops_cleanly),
	};

	return cmocka_run_group_tests_name("engine_tags_log", tests, setup, teardown);
}
