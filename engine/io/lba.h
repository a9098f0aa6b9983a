/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * LBA arithmetic and namespace-list parsing: pure logic, no fio or kernel
 * types, so the unit tests link it alone.
 */
#ifndef SSDNVME_LBA_H
#define SSDNVME_LBA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The geometry of one namespace (or block device) the engine talks to. */
struct lba_geom {
	const char *name;	/* path, for messages */
	uint32_t lba_size;	/* data bytes per LBA; 0 = no alignment rule (files) */
	uint32_t ms;		/* metadata bytes per LBA */
	bool ms_extended;	/* metadata interleaved: the host moves lba_size + ms per LBA */
	uint64_t capacity_lbas; /* 0 = unknown */
	bool md_stripped;	/* PRACT with PI-only metadata: the host moves none of it */
};

/**
 * lba_unit() - bytes the host transfers per LBA
 * @g: the geometry
 *
 * Return: the LBA size, plus the metadata when it is interleaved and not
 * stripped by PRACT.
 */
static inline uint32_t lba_unit(const struct lba_geom *g)
{
	return g->lba_size + (g->ms_extended && !g->md_stripped ? g->ms : 0);
}

/**
 * lba_shift_of() - log2 of an LBA size
 * @lba_size: the size in bytes
 *
 * Return: log2(@lba_size), or -1 when it is not a power of two >= 512.
 */
int lba_shift_of(uint32_t lba_size);

/**
 * lba_check_multiple() - whether a byte count or offset is a whole number of LBAs
 * @g: the namespace's geometry
 * @option: the fio option that gave it, for the message
 * @value: the byte count or offset
 * @msg: where a message naming the namespace, its format and the option is
 *       written
 * @len: its room
 *
 * Return: true when it is; false with @msg written.
 */
bool lba_check_multiple(const struct lba_geom *g, const char *option, uint64_t value, char *msg,
			size_t len);

/**
 * lba_check_range() - whether a range lies inside the namespace
 * @g: the namespace's geometry (no LBA size or capacity: not checked)
 * @option: the fio option that gave it, for the message
 * @offset: the range's start in bytes
 * @length: its length in bytes; 0 checks only that @offset is below the
 *          capacity
 * @msg: where a message naming the namespace, its capacity and the option is
 *       written
 * @len: its room
 *
 * Return: true when it does (or cannot be checked); false with @msg written.
 */
bool lba_check_range(const struct lba_geom *g, const char *option, uint64_t offset, uint64_t length,
		     char *msg, size_t len);

/* Directions of a job, as a bit mask (the glue maps fio's td_read/td_write/td_trim). */
enum lba_dir_bits {
	LBA_DIR_READ = 1u << 0,
	LBA_DIR_WRITE = 1u << 1,
	LBA_DIR_TRIM = 1u << 2,
};

/* Block sizes of one direction: bs range and blockalign. */
struct lba_dir_sizes {
	uint64_t min_bs, max_bs, align;
};

/**
 * lba_check_dirs() - one rule for every direction's block sizes
 * @g: the namespace's geometry
 * @dirs: the directions the job does (LBA_DIR_*); others are not checked
 *        (randrw may leave the trim size at anything)
 * @sizes: the block sizes of read, write and trim, which must be whole LBAs
 * @msg: where what is wrong is written
 * @len: its room
 *
 * Return: true when they are; false with @msg written.
 */
bool lba_check_dirs(const struct lba_geom *g, unsigned int dirs,
		    const struct lba_dir_sizes sizes[3], char *msg, size_t len);

/**
 * lba_io_on_grid() - the per-I/O check: offset and length are whole LBAs
 * @offset: the I/O's offset in bytes
 * @length: its length in bytes
 * @mask: the unit - 1 when the unit is a power of two (the fast path: one
 *        test), else 0 and @unit is used
 * @unit: the unit in bytes; 0 (files) takes anything
 *
 * Return: true when both are whole units.
 */
static inline bool lba_io_on_grid(uint64_t offset, uint64_t length, uint64_t mask, uint32_t unit)
{
	if (mask)
		return !((offset | length) & mask);
	return !unit || (offset % unit == 0 && length % unit == 0);
}

/**
 * lba_count() - bytes in LBAs
 * @bytes: an offset or a length
 * @shift: log2 of @unit (lba_shift_of()), or -1 when @unit is not a power of
 *         two (520-byte extended-metadata LBAs), which divides
 * @unit: bytes per LBA (lba_unit()); with @shift 0 and @unit 0 (files)
 *        @bytes comes back
 *
 * Return: @bytes in LBAs of @unit bytes.
 */
static inline uint64_t lba_count(uint64_t bytes, int shift, uint32_t unit)
{
	return shift >= 0 ? bytes >> shift : bytes / unit;
}

/*
 * A parsed `namespaces=` list: either "all" or a sorted list of distinct
 * namespace ids.  NVMe nsids are 1..0xfffffffe.
 */
#define NSLIST_MAX 1024

struct nslist {
	bool all;
	unsigned int count;
	uint32_t ids[NSLIST_MAX];
};

/**
 * nslist_parse() - parse a namespaces= list
 * @spec: "1,2,5-6" (idlist.h) or "all"
 * @out: the list: all, or sorted distinct namespace ids
 * @msg: where what is wrong and where is written
 * @len: its room
 *
 * Return: true when parsed; false with @msg written.
 */
bool nslist_parse(const char *spec, struct nslist *out, char *msg, size_t len);

#endif
