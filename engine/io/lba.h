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

/* Bytes the host transfers per LBA. */
static inline uint32_t lba_unit(const struct lba_geom *g)
{
	return g->lba_size + (g->ms_extended && !g->md_stripped ? g->ms : 0);
}

/* Returns log2(lba_size), or -1 when it is not a power of two >= 512. */
int lba_shift_of(uint32_t lba_size);

/*
 * Checks that VALUE (a byte count or offset given by fio option OPTION) is a
 * whole number of LBAs.  On failure writes a message naming the namespace,
 * its format and the option into MSG and returns false.
 */
bool lba_check_multiple(const struct lba_geom *g, const char *option, uint64_t value, char *msg,
			size_t len);

/*
 * Checks that [offset, offset + length) lies inside the namespace.  LENGTH 0
 * checks only that OFFSET is below the capacity.
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

/*
 * One rule for every direction: for each direction in DIRS (LBA_DIR_*),
 * SIZES[0..2] (read, write, trim) must be whole LBAs.  Directions not in
 * DIRS are not checked (randrw may leave the trim size at anything).
 */
bool lba_check_dirs(const struct lba_geom *g, unsigned int dirs,
		    const struct lba_dir_sizes sizes[3], char *msg, size_t len);

/*
 * The per-I/O check: offset and length of one I/O are whole LBAs.  MASK is
 * the unit - 1 when the unit is a power of two (the fast path: one test),
 * else 0 and UNIT is used.
 */
static inline bool lba_io_on_grid(uint64_t offset, uint64_t length, uint64_t mask, uint32_t unit)
{
	if (mask)
		return !((offset | length) & mask);
	return !unit || (offset % unit == 0 && length % unit == 0);
}

/*
 * BYTES (an offset or a length) in LBAs of UNIT bytes (lba_unit()); SHIFT is
 * log2(UNIT) (lba_shift_of()), or -1 when UNIT is not a power of two (520-byte
 * extended-metadata LBAs), which divides.  SHIFT 0 with UNIT 0 (files) gives
 * BYTES back.
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

/* Parses "1,2,5-6" (idlist.h) or "all"; on error writes what and where into MSG. */
bool nslist_parse(const char *spec, struct nslist *out, char *msg, size_t len);

#endif
