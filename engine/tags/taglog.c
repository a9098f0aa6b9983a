// SPDX-License-Identifier: GPL-2.0-only
/*
 * Binary per-I/O tag log: explicit little-endian encoding, a buffered writer
 * and a validating reader.
 */
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "taglog.h"

struct taglog {
	int fd;
	bool owns_fd;	  /* taglog_create() opened it: close it */
	int error;	  /* first write errno, sticky */
	uint64_t reserve; /* bytes its file system keeps free for others (taglog_set_reserve()) */
	bool full;	  /* stopped there: records after @kept are dropped */
	uint64_t kept;
	size_t nbuf;
	uint64_t records;
	bool sync_at_flush; /* taglog_set_sync_at_flush() */
	char *path;
	unsigned char buf[TAGLOG_BUF_RECORDS * TAGLOG_RECORD_SIZE];
};

struct taglog_reader {
	FILE *f;
	char *path;
	uint64_t start_unix_ns;
	uint64_t index;
	uint32_t version;
	bool truncated;
	bool ended; /* the end record was read */
};

static void put16(unsigned char *p, uint16_t v)
{
	v = htole16(v);
	memcpy(p, &v, sizeof(v));
}

static void put32(unsigned char *p, uint32_t v)
{
	v = htole32(v);
	memcpy(p, &v, sizeof(v));
}

static void put64(unsigned char *p, uint64_t v)
{
	v = htole64(v);
	memcpy(p, &v, sizeof(v));
}

static uint16_t get16(const unsigned char *p)
{
	uint16_t v;

	memcpy(&v, p, sizeof(v));
	return le16toh(v);
}

static uint32_t get32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return le32toh(v);
}

static uint64_t get64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return le64toh(v);
}

void taglog_encode(const struct tag_io *io, unsigned char rec[TAGLOG_RECORD_SIZE])
{
	int d;

	put64(rec + TAGLOG_R_SUBMIT, io->submit_ns);
	put64(rec + TAGLOG_R_LAT, io->lat_ns);
	put64(rec + TAGLOG_R_LBA, io->lba);
	put32(rec + TAGLOG_R_LEN, io->len);
	put32(rec + TAGLOG_R_NSID, io->nsid);
	put32(rec + TAGLOG_R_KEY, io->key_id);
	put16(rec + TAGLOG_R_QD, io->qd);
	rec[TAGLOG_R_DIR] = io->dir;
	rec[TAGLOG_R_FLAGS] = io->flags;
	for (d = 0; d < TAG_DIR_NR; d++)
		put32(rec + TAGLOG_R_INFLIGHT + 4 * d, tag_inflight_count(io->inflight[d]));
	put32(rec + TAGLOG_R_SLAT, io->slat_ns);
	memset(rec + TAGLOG_R_SLAT + 4, 0, TAGLOG_RECORD_SIZE - TAGLOG_R_SLAT - 4);
}

void taglog_decode(const unsigned char rec[TAGLOG_RECORD_SIZE], struct tag_io *io)
{
	int d;

	memset(io, 0, sizeof(*io));
	io->submit_ns = get64(rec + TAGLOG_R_SUBMIT);
	io->lat_ns = get64(rec + TAGLOG_R_LAT);
	io->lba = get64(rec + TAGLOG_R_LBA);
	io->len = get32(rec + TAGLOG_R_LEN);
	io->nsid = get32(rec + TAGLOG_R_NSID);
	io->key_id = get32(rec + TAGLOG_R_KEY);
	io->qd = get16(rec + TAGLOG_R_QD);
	io->dir = rec[TAGLOG_R_DIR];
	io->flags = rec[TAGLOG_R_FLAGS];
	for (d = 0; d < TAG_DIR_NR; d++)
		io->inflight[d] = get32(rec + TAGLOG_R_INFLIGHT + 4 * d);
	io->slat_ns = get32(rec + TAGLOG_R_SLAT);
}

static int write_all(int fd, const unsigned char *p, size_t len)
{
	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		p += n;
		len -= n;
	}
	return 0;
}

static void encode_header(unsigned char *hdr, uint64_t start_unix_ns)
{
	memset(hdr, 0, TAGLOG_HEADER_SIZE);
	memcpy(hdr, TAGLOG_MAGIC, 8);
	put32(hdr + TAGLOG_H_VERSION, TAGLOG_VERSION);
	put32(hdr + TAGLOG_H_HEADER_SIZE, TAGLOG_HEADER_SIZE);
	put32(hdr + TAGLOG_H_RECORD_SIZE, TAGLOG_RECORD_SIZE);
	put64(hdr + TAGLOG_H_START_UNIX, start_unix_ns);
}

struct taglog *taglog_create_fd(int fd, const char *name, uint64_t start_unix_ns, char *err,
				size_t errlen)
{
	unsigned char hdr[TAGLOG_HEADER_SIZE];
	struct taglog *log = malloc(sizeof(*log));

	if (!log || !(log->path = strdup(name))) {
		snprintf(err, errlen, "%s: out of memory", name);
		free(log);
		return NULL;
	}
	log->fd = fd;
	log->owns_fd = false;
	encode_header(hdr, start_unix_ns);
	if (write_all(fd, hdr, sizeof(hdr)) < 0) {
		snprintf(err, errlen, "%s: writing header: %s", name, strerror(errno));
		free(log->path);
		free(log);
		return NULL;
	}
	log->error = 0;
	log->reserve = 0;
	log->full = false;
	log->kept = 0;
	log->nbuf = 0;
	log->records = 0;
	log->sync_at_flush = false;
	return log;
}

struct taglog *taglog_create(const char *path, uint64_t start_unix_ns, char *err, size_t errlen)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC, 0644);
	struct taglog *log;
	struct stat st;

	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s: not a regular file", path);
		close(fd);
		return NULL;
	}
	log = taglog_create_fd(fd, path, start_unix_ns, err, errlen);
	if (!log)
		close(fd);
	else
		log->owns_fd = true;
	return log;
}

/* Whether N more bytes leave the file system its reserve (unknown: yes). */
static bool room_for(const struct taglog *log, size_t n)
{
	struct statvfs sv;

	return !log->reserve || fstatvfs(log->fd, &sv) ||
	       (uint64_t)sv.f_bavail * sv.f_frsize >= log->reserve + n;
}

/*
 * One buffer at a time (TAGLOG_BUF_RECORDS records), so the free-space look
 * costs one fstatvfs() per 4096 I/Os.  Stopping is not an error: the log
 * keeps what it has and reads as truncated (no end record).
 */
static void write_buffer(struct taglog *log)
{
	size_t n = log->nbuf;

	log->nbuf = 0;
	if (!n || log->error || log->full)
		return;
	if (room_for(log, n) && !write_all(log->fd, log->buf, n))
		return;
	if (log->reserve && (errno == ENOSPC || !room_for(log, n))) {
		log->full = true;
		log->kept = log->records - n / TAGLOG_RECORD_SIZE;
	} else {
		log->error = errno;
	}
}

/*
 * A completed flush makes every write acknowledged before it durable on the
 * drive: the log of those writes must then be as durable as they are, or a
 * power cut could leave the drive with data the log does not account for
 * (the power-cut check, docs/power-cut.md, trusts the log up to its last
 * flush record).
 */
static void sync_out(struct taglog *log)
{
	write_buffer(log);
	if (!log->error && !log->full && fdatasync(log->fd) < 0 && errno != EINVAL)
		log->error = errno;
}

void taglog_append(struct taglog *log, const struct tag_io *io)
{
	taglog_encode(io, log->buf + log->nbuf);
	log->nbuf += TAGLOG_RECORD_SIZE;
	log->records++;
	if (log->sync_at_flush && io->dir == TAG_FLUSH && !(io->flags & TAG_IO_ERROR))
		sync_out(log);
	else if (log->nbuf == sizeof(log->buf))
		write_buffer(log);
}

void taglog_set_sync_at_flush(struct taglog *log, bool on)
{
	log->sync_at_flush = on;
}

int taglog_flush(struct taglog *log, char *err, size_t errlen)
{
	write_buffer(log);
	if (log->error) {
		snprintf(err, errlen, "%s: write failed, tag log incomplete: %s", log->path,
			 strerror(log->error));
		return -1;
	}
	return 0;
}

int taglog_finish(struct taglog *log, char *err, size_t errlen)
{
	unsigned char end[TAGLOG_RECORD_SIZE] = {0};

	write_buffer(log);
	if (log->full) /* kept as it is: a reader sees it truncated */
		return 0;
	memcpy(end, TAGLOG_END_MAGIC, 8);
	put64(end + TAGLOG_E_RECORDS, log->records);
	if (!log->error && write_all(log->fd, end, sizeof(end)) < 0)
		log->error = errno;
	if (log->error) {
		snprintf(err, errlen, "%s: write failed: %s; the log is incomplete", log->path,
			 strerror(log->error));
		return -1;
	}
	return 0;
}

int taglog_error(const struct taglog *log)
{
	return log->error;
}

void taglog_free(struct taglog *log)
{
	if (!log)
		return;
	if (log->owns_fd)
		close(log->fd);
	free(log->path);
	free(log);
}

int taglog_close(struct taglog *log, char *err, size_t errlen)
{
	int ret;

	if (!log)
		return 0;
	ret = taglog_finish(log, err, errlen);
	if (log->owns_fd && close(log->fd) < 0 && !ret) {
		snprintf(err, errlen, "%s: close: %s", log->path, strerror(errno));
		ret = -1;
	}
	log->owns_fd = false;
	taglog_free(log);
	return ret;
}

void taglog_set_reserve(struct taglog *log, uint64_t bytes)
{
	log->reserve = bytes;
}

bool taglog_stopped(const struct taglog *log, uint64_t *kept)
{
	*kept = log->kept;
	return log->full;
}

uint64_t taglog_records(const struct taglog *log)
{
	return log->records;
}

static int check_header(const unsigned char *hdr, const char *path, char *err, size_t errlen)
{
	if (memcmp(hdr, TAGLOG_MAGIC, 8)) {
		snprintf(err, errlen, "%s: not an ssdnvme tag log (bad magic at offset 0)", path);
		return -1;
	}
	if (get32(hdr + TAGLOG_H_VERSION) != TAGLOG_VERSION &&
	    get32(hdr + TAGLOG_H_VERSION) != TAGLOG_VERSION_NO_END) {
		snprintf(err, errlen, "%s: tag log version %u, this reader knows %u and %u", path,
			 get32(hdr + TAGLOG_H_VERSION), TAGLOG_VERSION_NO_END, TAGLOG_VERSION);
		return -1;
	}
	if (get32(hdr + TAGLOG_H_HEADER_SIZE) != TAGLOG_HEADER_SIZE ||
	    get32(hdr + TAGLOG_H_RECORD_SIZE) != TAGLOG_RECORD_SIZE) {
		snprintf(err, errlen, "%s: header/record size %u/%u, expected %u/%u", path,
			 get32(hdr + TAGLOG_H_HEADER_SIZE), get32(hdr + TAGLOG_H_RECORD_SIZE),
			 TAGLOG_HEADER_SIZE, TAGLOG_RECORD_SIZE);
		return -1;
	}
	return 0;
}

struct taglog_reader *taglog_open(const char *path, char *err, size_t errlen)
{
	unsigned char hdr[TAGLOG_HEADER_SIZE];
	struct taglog_reader *r = calloc(1, sizeof(*r));
	size_t n;

	if (!r || !(r->path = strdup(path))) {
		snprintf(err, errlen, "%s: out of memory", path);
		free(r);
		return NULL;
	}
	r->f = fopen(path, "rbe");
	if (!r->f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		goto fail;
	}
	n = fread(hdr, 1, sizeof(hdr), r->f);
	if (n != sizeof(hdr)) {
		snprintf(err, errlen, "%s: %zu bytes, too short for a tag log header (%d)", path, n,
			 TAGLOG_HEADER_SIZE);
		goto fail;
	}
	if (check_header(hdr, path, err, errlen) < 0)
		goto fail;
	r->start_unix_ns = get64(hdr + TAGLOG_H_START_UNIX);
	r->version = get32(hdr + TAGLOG_H_VERSION);
	return r;
fail:
	taglog_reader_close(r);
	return NULL;
}

int taglog_next(struct taglog_reader *r, struct tag_io *io, char *err, size_t errlen)
{
	unsigned char rec[TAGLOG_RECORD_SIZE];
	size_t n = fread(rec, 1, sizeof(rec), r->f);

	if (r->ended)
		return 0;
	if (n == sizeof(rec) && !memcmp(rec, TAGLOG_END_MAGIC, 8)) {
		r->ended = true;
		if (get64(rec + TAGLOG_E_RECORDS) != r->index) {
			snprintf(err, errlen,
				 "%s: end record counts %llu records, the file has %llu", r->path,
				 (unsigned long long)get64(rec + TAGLOG_E_RECORDS),
				 (unsigned long long)r->index);
			return -1;
		}
		return 0;
	}
	if (n == sizeof(rec)) {
		taglog_decode(rec, io);
		r->index++;
		return 1;
	}
	if (ferror(r->f)) {
		snprintf(err, errlen, "%s: reading record %llu: %s", r->path,
			 (unsigned long long)r->index, strerror(errno));
		return -1;
	}
	/* a partial record, or (version 2 on) no end record: the writer did not finish */
	r->truncated = n > 0 || r->version >= TAGLOG_VERSION;
	return 0;
}

uint64_t taglog_start_unix_ns(const struct taglog_reader *r)
{
	return r->start_unix_ns;
}

bool taglog_truncated(const struct taglog_reader *r)
{
	return r->truncated;
}

void taglog_reader_close(struct taglog_reader *r)
{
	if (!r)
		return;
	if (r->f)
		fclose(r->f);
	free(r->path);
	free(r);
}
