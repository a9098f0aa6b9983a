/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Binary per-I/O tag log (engine option tag_log=1): a 64-byte header followed
 * by one 64-byte record per completed I/O, all integers little-endian.  The
 * byte layout is in docs/tags.md and in the TAGLOG_* offsets below; the
 * reader here is pure C so the analysis tool can reuse it.
 */
#ifndef SSDNVME_TAGLOG_H
#define SSDNVME_TAGLOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tag_types.h"

#define TAGLOG_MAGIC	      "SSDNVTAG" /* 8 bytes, no terminator in the file */
#define TAGLOG_VERSION	      2		 /* 2: an end record closes a complete log */
#define TAGLOG_VERSION_NO_END 1		 /* read too: no end record, completeness unknown */
#define TAGLOG_HEADER_SIZE    64
#define TAGLOG_RECORD_SIZE    64

/* Header: magic[8] version:u32 header_size:u32 record_size:u32 reserved:u32
 * start_unix_ns:u64, then zeros to 64 bytes. */
#define TAGLOG_H_VERSION     8
#define TAGLOG_H_HEADER_SIZE 12
#define TAGLOG_H_RECORD_SIZE 16
#define TAGLOG_H_START_UNIX  24

/* Record offsets. */
#define TAGLOG_R_SUBMIT	  0  /* u64 submission time since run start, ns */
#define TAGLOG_R_LAT	  8  /* u64 latency, ns */
#define TAGLOG_R_LBA	  16 /* u64 starting LBA */
#define TAGLOG_R_LEN	  24 /* u32 bytes */
#define TAGLOG_R_NSID	  28 /* u32 */
#define TAGLOG_R_KEY	  32 /* u32 tag key id ("id" in the engine JSON) */
#define TAGLOG_R_QD	  36 /* u16 job queue depth at submission */
#define TAGLOG_R_DIR	  38 /* u8 0 read 1 write 2 trim 3 flush */
#define TAGLOG_R_FLAGS	  39 /* u8 bit 0: completed with error */
#define TAGLOG_R_INFLIGHT 40 /* 4 x u32: controller in-flight r/w/t/f at submit */
/* 56..63 reserved, zero */

/* The end record (version 2), written last by taglog_finish(): the magic,
 * then the number of records before it as u64, zeros to 64 bytes.  A log
 * without it was not finished (killed run, full disk) and reads as truncated.
 * No record can start with these bytes: its first field, the submission time,
 * would be 155 years. */
#define TAGLOG_END_MAGIC "SSDNVEND"
#define TAGLOG_E_RECORDS 8

#define TAGLOG_BUF_RECORDS 4096 /* 256 KiB written at a time */

struct taglog;

/* Writes the header to @fd (left open: the caller owns it; the engine gets it
 * from safefile.h) and returns the writer; @name is for messages.  NULL with
 * a message in @err on failure. */
struct taglog *taglog_create_fd(int fd, const char *name, uint64_t start_unix_ns, char *err,
				size_t errlen);

/* For tests and tools: creates (truncates) @path, mode 0644, never through a
 * symlink, only a regular file; then as taglog_create_fd(). */
struct taglog *taglog_create(const char *path, uint64_t start_unix_ns, char *err, size_t errlen);

void taglog_append(struct taglog *log, const struct tag_io *io);

/* Writes out what is buffered; -1 (message in @err) if any write failed. */
int taglog_flush(struct taglog *log, char *err, size_t errlen);

/* Writes out what is buffered and the end record; -1 (message in @err) if
 * any write failed: the log is then incomplete. */
int taglog_finish(struct taglog *log, char *err, size_t errlen);

/* The first write error (an errno), 0 when none. */
int taglog_error(const struct taglog *log);

/* Frees (closes the file only if taglog_create() opened it); NULL-safe. */
void taglog_free(struct taglog *log);

/* taglog_finish(), then taglog_free(); -1 with a message if data was lost. */
int taglog_close(struct taglog *log, char *err, size_t errlen);

uint64_t taglog_records(const struct taglog *log);

/* Encoding, exposed for tests and for writers of other tools. */
void taglog_encode(const struct tag_io *io, unsigned char rec[TAGLOG_RECORD_SIZE]);
void taglog_decode(const unsigned char rec[TAGLOG_RECORD_SIZE], struct tag_io *io);

struct taglog_reader;

/* Opens and validates the header; NULL with a message naming the file and
 * what is wrong in @err. */
struct taglog_reader *taglog_open(const char *path, char *err, size_t errlen);

/* 1: a record in @io; 0: end of the log; -1: read error or an end record
 * that does not match (message in @err).  A partial record at the end, or
 * (version 2) a log without its end record, ends the log and sets
 * taglog_truncated(). */
int taglog_next(struct taglog_reader *r, struct tag_io *io, char *err, size_t errlen);

uint64_t taglog_start_unix_ns(const struct taglog_reader *r);
bool taglog_truncated(const struct taglog_reader *r);
void taglog_reader_close(struct taglog_reader *r);

#endif
