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
#define TAGLOG_R_SLAT	  56 /* u32 fio's prep to issue, ns; 0 not known (older logs) */
/* 60..63 reserved, zero */

/* The end record (version 2), written last by taglog_finish(): the magic,
 * then the number of records before it as u64, zeros to 64 bytes.  A log
 * without it was not finished (killed run, full disk) and reads as truncated.
 * No record can start with these bytes: its first field, the submission time,
 * would be 155 years. */
#define TAGLOG_END_MAGIC "SSDNVEND"
#define TAGLOG_E_RECORDS 8

#define TAGLOG_BUF_RECORDS 4096 /* 256 KiB written at a time */

struct taglog;

/**
 * taglog_create_fd() - start a tag log on an open file
 * @fd: the file, open for writing at its start; left open: the caller owns
 *      it (the engine gets it from safefile.h)
 * @name: the file's name, for messages (copied)
 * @start_unix_ns: the run's start, ns since the Unix epoch, for the header
 * @err: where a failure's message goes
 * @errlen: its size
 *
 * Writes the 64-byte header at once; records are then buffered,
 * TAGLOG_BUF_RECORDS at a time.
 *
 * Return: the writer (end it with taglog_close(), or taglog_finish() and
 * taglog_free()), or NULL with a message naming @name in @err (out of
 * memory, the header's write failed).
 */
struct taglog *taglog_create_fd(int fd, const char *name, uint64_t start_unix_ns, char *err,
				size_t errlen);

/**
 * taglog_create() - create a tag log file and start it
 * @path: the file: created or truncated, mode 0644, never through a symlink,
 *        only a regular file
 * @start_unix_ns: the run's start, ns since the Unix epoch, for the header
 * @err: where a failure's message goes
 * @errlen: its size
 *
 * For tests and tools (the engine uses taglog_create_fd()); the log owns the
 * file descriptor and closes it.
 *
 * Return: the writer, as taglog_create_fd(), or NULL with a message naming
 * @path in @err.
 */
struct taglog *taglog_create(const char *path, uint64_t start_unix_ns, char *err, size_t errlen);

/**
 * taglog_append() - add one I/O's record
 * @log: the writer
 * @io: the completed I/O, encoded as taglog_encode() does
 *
 * Buffers the record and writes the buffer when it is full.  A write error
 * is kept (taglog_error()) and stops further writes; taglog_flush(),
 * taglog_finish() and taglog_close() report it.
 */
void taglog_append(struct taglog *log, const struct tag_io *io);

/**
 * taglog_flush() - write out the buffered records
 * @log: the writer
 * @err: where a failure's message goes
 * @errlen: its size
 *
 * Return: 0, or -1 with a message in @err when any write so far failed (the
 * log is then incomplete).
 */
int taglog_flush(struct taglog *log, char *err, size_t errlen);

/**
 * taglog_finish() - write out the buffered records and the end record
 * @log: the writer, still to be freed (taglog_free())
 * @err: where a failure's message goes
 * @errlen: its size
 *
 * The end record carries the number of records, so that a reader can tell a
 * complete log from a truncated one.
 *
 * Return: 0, or -1 with a message in @err when any write failed: the log is
 * then incomplete.
 */
int taglog_finish(struct taglog *log, char *err, size_t errlen);

/**
 * taglog_error() - the writer's first write error
 * @log: the writer
 *
 * Return: the errno of the first write that failed, 0 when none did.
 */
int taglog_error(const struct taglog *log);

/**
 * taglog_free() - free a writer without finishing the log
 * @log: the writer, or NULL
 *
 * Buffered records are dropped and no end record is written (call
 * taglog_finish() first to keep them).  Closes the file only if
 * taglog_create() opened it.
 */
void taglog_free(struct taglog *log);

/**
 * taglog_close() - finish the log and free the writer
 * @log: the writer, or NULL (nothing to do)
 * @err: where a failure's message goes
 * @errlen: its size
 *
 * taglog_finish(), then the file's close when taglog_create() opened it,
 * then taglog_free().
 *
 * Return: 0, or -1 with a message in @err when data was lost (a write or the
 * close failed).
 */
int taglog_close(struct taglog *log, char *err, size_t errlen);

/**
 * taglog_set_reserve() - stop the log before its file system runs short
 * @log: the writer
 * @bytes: the free space to leave (0, the default: write until a write fails)
 *
 * With a reserve, the log stops, instead of failing, when a buffer's write
 * would leave less free than @bytes or fails with ENOSPC: the records
 * written so far are kept, later ones dropped, and taglog_finish() writes
 * no end record (a reader sees the log truncated) and succeeds.  The room
 * is looked up once per buffer (TAGLOG_BUF_RECORDS records).
 */
void taglog_set_reserve(struct taglog *log, uint64_t bytes);

/**
 * taglog_set_sync_at_flush() - make the log durable at each completed flush
 * @log: the writer
 * @on: true: after appending a flush's record (one without the error flag)
 *      write out the buffer and fdatasync() the file
 *
 * Off by default.  On, the file always holds every record up to the last
 * completed flush's, whatever happens to the process or the machine after:
 * the power-cut check (docs/power-cut.md) relies on it.  A file system
 * without fdatasync() (EINVAL) is written only.
 */
void taglog_set_sync_at_flush(struct taglog *log, bool on);

/**
 * taglog_stopped() - whether the log stopped at its reserve
 * @log: the writer
 * @kept: set to the records it kept
 *
 * Return: true when it stopped.
 */
bool taglog_stopped(const struct taglog *log, uint64_t *kept);

/**
 * taglog_records() - how many records were appended
 * @log: the writer
 *
 * Return: the records taglog_append() took, written or still buffered.
 */
uint64_t taglog_records(const struct taglog *log);

/**
 * taglog_encode() - one record's bytes
 * @io: the I/O
 * @rec: the record, little-endian at the TAGLOG_R_* offsets; the in-flight
 *       counts as tag_inflight_count() reports them, the reserved bytes zero
 *
 * Exposed for tests and for writers of other tools.
 */
void taglog_encode(const struct tag_io *io, unsigned char rec[TAGLOG_RECORD_SIZE]);
/**
 * taglog_decode() - one record's fields
 * @rec: the record's bytes
 * @io: filled from @rec (every field, the rest zeroed)
 *
 * The inverse of taglog_encode(); exposed for tests and other tools.
 */
void taglog_decode(const unsigned char rec[TAGLOG_RECORD_SIZE], struct tag_io *io);

struct taglog_reader;

/**
 * taglog_open() - open a tag log for reading
 * @path: the file
 * @err: where a failure's message goes
 * @errlen: its size
 *
 * Validates the header: magic, a version this reader knows (1 or 2), header
 * and record sizes.
 *
 * Return: the reader (close with taglog_reader_close()), or NULL with a
 * message naming the file and what is wrong in @err.
 */
struct taglog_reader *taglog_open(const char *path, char *err, size_t errlen);

/**
 * taglog_next() - read the next record
 * @r: the reader
 * @io: where the record goes
 * @err: where a failure's message goes
 * @errlen: its size
 *
 * A partial record at the end, or (version 2) a log without its end record,
 * ends the log and sets taglog_truncated().
 *
 * Return: 1 with a record in @io; 0 at the end of the log; -1 on a read
 * error or an end record whose count does not match the records read
 * (message in @err).
 */
int taglog_next(struct taglog_reader *r, struct tag_io *io, char *err, size_t errlen);

/**
 * taglog_start_unix_ns() - the run's start from the log's header
 * @r: the reader
 *
 * Return: the run's start, ns since the Unix epoch; records' submission
 * times count from it.
 */
uint64_t taglog_start_unix_ns(const struct taglog_reader *r);
/**
 * taglog_truncated() - whether the log ended early
 * @r: the reader, after taglog_next() returned 0
 *
 * Return: true when the writer did not finish the log (a partial last
 * record, or a version 2 log without its end record): a killed run or a full
 * disk.
 */
bool taglog_truncated(const struct taglog_reader *r);
/**
 * taglog_reader_close() - close the file and free the reader
 * @r: the reader, or NULL
 */
void taglog_reader_close(struct taglog_reader *r);

#endif
