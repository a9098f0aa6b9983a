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
};

/* Bytes the host transfers per LBA. */
static inline uint32_t lba_unit(const struct lba_geom *g)
{
	return g->lba_size + (g->ms_extended ? g->ms : 0);
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

/* Byte offset and length -> starting LBA and 0-based LBA count (NVMe NLB). */
static inline uint64_t lba_of(uint64_t bytes, int shift)
{
	return bytes >> shift;
}

static inline uint32_t lba_nlb0(uint64_t bytes, int shift)
{
	return (uint32_t)((bytes >> shift) - 1);
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

/* Parses "1,2,5-6" or "all"; on error writes what and where into MSG. */
bool nslist_parse(const char *spec, struct nslist *out, char *msg, size_t len);

#endif
