/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Types shared by the latency-tagging parts of the engine: the direction of an
 * I/O and the context one I/O carries from submission to completion.  No fio
 * or kernel types here, so the tagging code links into unit tests alone.
 */
#ifndef SSDNVME_TAG_TYPES_H
#define SSDNVME_TAG_TYPES_H

#include <stdint.h>

enum tag_dir {
	TAG_READ = 0,
	TAG_WRITE,
	TAG_TRIM,
	TAG_FLUSH,
	TAG_DIR_NR,
};

/**
 * tag_dir_name() - the name of an I/O direction
 * @dir: an enum tag_dir value
 *
 * Return: "read", "write", "trim" or "flush" (a static string); "?" for
 * anything else.
 */
const char *tag_dir_name(unsigned int dir);

/*
 * One I/O as the tagging code sees it.  The engine keeps one of these per
 * in-flight I/O (e.g. in an array by io_u->index); tags_on_submit() fills it and
 * tags_on_complete() finishes and records it.  Times are nanoseconds of the
 * clock the engine uses (fio's).  submit_ns is that clock's value while the
 * I/O is in flight and among the outliers; the JSON output and the tag log
 * report it relative to the run start.
 */
struct tag_io {
	uint64_t submit_ns;	       /* submission time, engine clock */
	uint64_t lat_ns;	       /* submission to completion */
	uint64_t lba;		       /* starting LBA, in the namespace's LBA units */
	uint32_t len;		       /* bytes */
	uint32_t nsid;		       /* nsid, key_id, dir, flags: set in tag log */
	uint32_t key_id;	       /* records; otherwise implied by the key */
	uint32_t inflight[TAG_DIR_NR]; /* on the controller, all processes, at submit */
	uint16_t qd;		       /* the job's own queue depth at submit */
	uint8_t dir;		       /* enum tag_dir */
	uint8_t flags;		       /* TAG_IO_* */
	/* fio's submission latency, ns: from the I/O's prep (fio's start_time)
	 * to its issue, the time fio and the engine held it before the device
	 * had it; filled only where the record is kept; 0 not known, capped at
	 * UINT32_MAX (4.3 s) */
	uint32_t slat_ns;
};

#define TAG_IO_ERROR 0x01 /* completed with an error (taglog only) */

/**
 * tag_since() - a time of the engine clock relative to a start
 * @ns: the time, engine clock
 * @start: the start, same clock
 *
 * Return: @ns - @start, or 0 when @ns is not after @start.
 */
static inline uint64_t tag_since(uint64_t ns, uint64_t start)
{
	return ns > start ? ns - start : 0;
}

/**
 * tag_inflight_count() - an in-flight count as reported
 * @raw: the raw snapshot value
 *
 * The raw snapshot may hold a small negative total (see inflight.h) as a huge
 * unsigned value.
 *
 * Return: @raw, or 0 when it is above INT32_MAX (a negative total).
 */
static inline uint32_t tag_inflight_count(uint32_t raw)
{
	return raw > INT32_MAX ? 0 : raw;
}

#endif
