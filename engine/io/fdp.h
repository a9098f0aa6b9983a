/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Flexible Data Placement (NVMe TP4146): a namespace's reclaim unit handle
 * status (I/O Management Receive), the placement identifiers a job writes
 * with, and which one the next write takes.  No fio types.
 *
 * Meanings follow fio 3.39's fdp=1 / plids= / plid_select=: plids are
 * indices into the namespace's reclaim unit handle status list; the write
 * carries the placement identifier (PID) found at that index as its
 * directive specific value, with directive type 2 (data placement).
 */
#ifndef SSDNVME_FDP_H
#define SSDNVME_FDP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fdp_config.h"

struct fdp_events_watch;

#define FDP_MAX_PIDS 128 /* placement identifiers per namespace we keep (fio's FIO_MAX_DP_IDS) */
#define FDP_DTYPE    2	 /* directive type: data placement */

enum fdp_select {
	FDP_SELECT_RR,	   /* roundrobin over the job's plids */
	FDP_SELECT_RANDOM, /* uniformly random among them */
	FDP_SELECT_SCHEME, /* by offset: fio's dp_scheme (fio >= 3.38 chooses, never the engine) */
};

/* A namespace's reclaim unit handle status, as the device answered it. */
struct fdp_handles {
	unsigned int n;		      /* descriptors kept (at most FDP_MAX_PIDS) */
	unsigned int reported;	      /* NRUHSD: descriptors the device has */
	uint16_t pid[FDP_MAX_PIDS];   /* placement identifier of each */
	uint16_t ruhid[FDP_MAX_PIDS]; /* reclaim unit handle identifier */
	/* RUAMW: logical blocks the handle's current reclaim unit can still
	 * take (the device's own count, in the namespace's LBAs) */
	uint64_t ruamw[FDP_MAX_PIDS];
};

/* What one file's writes are placed with. */
struct fdp_place {
	unsigned int n;		      /* placement identifiers in use, >= 1 */
	uint16_t index[FDP_MAX_PIDS]; /* each one's index in the handle list (plids=) */
	uint16_t pid[FDP_MAX_PIDS];   /* each one's PID, sent as DSPEC */
	uint16_t ruhid[FDP_MAX_PIDS];
	uint64_t ruamw_before[FDP_MAX_PIDS]; /* each handle's RUAMW at set-up */
	uint64_t bytes[FDP_MAX_PIDS];	     /* bytes of the writes submitted with each PID */
	/* each PID's largest write: bounds what a unit can be left unfilled
	 * by when a write does not fit its rest (docs/fiorank.md) */
	uint32_t write_max[FDP_MAX_PIDS];
	/* the endurance group's FDP configuration in use (its reclaim unit
	 * size); cfg_absent says why when have_cfg is false */
	bool have_cfg;
	struct fdp_config cfg;
	char cfg_absent[200];
	/* the FDP events logs read at set-up, to find the job's events at the
	 * end (engine/fio/ssdnvme_fdp_events.c); NULL: not read */
	struct fdp_events_watch *events;
	char events_absent[240]; /* why events is NULL ("" when the configuration was not read) */
	enum fdp_select select;
	unsigned int next; /* roundrobin cursor */
	uint64_t rng;	   /* random: xorshift64 state, never 0 */
};

/**
 * fdp_parse_ids() - parse a plids list
 * @opt: the option's name, for the message
 * @spec: the list ("0-3,5": indices, in any order, no duplicates, kept in the
 *        order given)
 * @ids: where the indices are stored (room for FDP_MAX_PIDS)
 * @msg: where what is wrong and where is written
 * @len: its room
 *
 * Parses with idlist.h's parser.
 *
 * Return: the count, or -1 with @msg written.
 */
int fdp_parse_ids(const char *opt, const char *spec, uint16_t *ids, char *msg, size_t len);

/**
 * fdp_parse_select() - parse a plid_select value
 * @opt: the option's name, for the message
 * @name: "roundrobin" or "random" (fio's names); NULL or "": roundrobin
 * @sel: where the choice is stored
 * @msg: where the message is written for anything else
 * @len: its room
 *
 * Return: 0; -1 with @msg for anything else ("scheme" included: not offered).
 */
int fdp_parse_select(const char *opt, const char *name, enum fdp_select *sel, char *msg,
		     size_t len);

/**
 * fdp_decode_status() - decode a reclaim unit handle status buffer
 * @buf: the buffer the device filled (header, then descriptors)
 * @len: its length in bytes
 * @h: the handles, cleared then filled: at most FDP_MAX_PIDS descriptors and
 *     no more than @len holds; none when @len is shorter than the header
 */
void fdp_decode_status(const void *buf, size_t len, struct fdp_handles *h);

/**
 * fdp_fetch_handles() - read a namespace's reclaim unit handle status
 * @fd: the namespace's generic char device
 * @nsid: the namespace
 * @h: the handles (fdp_decode_status())
 * @msg: where a message that names the reason is written on failure
 * @len: its room
 *
 * Sends I/O Management Receive for up to FDP_MAX_PIDS descriptors.
 *
 * Return: 0; -errno (-ENOMEM, the ioctl's, or -ENOTSUP when the namespace
 * reports no handles) or the NVMe status (> 0), with @msg written.
 */
int fdp_fetch_handles(int fd, uint32_t nsid, struct fdp_handles *h, char *msg, size_t len);

/**
 * fdp_plan() - make a file's placement plan
 * @h: the namespace's handles
 * @ids: the plids: indices into @h's list
 * @nids: how many; 0: every handle, in the list's order
 * @sel: how each write picks among them
 * @seed: the random sequence's seed (0: a fixed non-zero one)
 * @p: the plan, cleared then filled with each index's PID, RUHID and RUAMW
 * @msg: where the message is written on failure
 * @len: its room
 *
 * Return: 0; -1 with @msg when an index lies outside @h's list or @h is
 * empty.
 */
int fdp_plan(const struct fdp_handles *h, const uint16_t *ids, int nids, enum fdp_select sel,
	     uint64_t seed, struct fdp_place *p, char *msg, size_t len);

/**
 * fdp_next() - the slot of the next write
 * @p: the plan
 *
 * Roundrobin advances the cursor; random steps the xorshift64 state.  Runs
 * for every write.
 *
 * Return: the slot, an index into @p's arrays (below @p->n).
 */
static inline unsigned int fdp_next(struct fdp_place *p)
{
	unsigned int slot;

	if (p->select == FDP_SELECT_RR) {
		slot = p->next;
		p->next = slot + 1 == p->n ? 0 : slot + 1;
		return slot;
	}
	p->rng ^= p->rng << 13;
	p->rng ^= p->rng >> 7;
	p->rng ^= p->rng << 17;
	return (unsigned int)(p->rng % p->n);
}

/**
 * fdp_cdw12() - cdw12's directive type field
 * @dtype: the directive type (its low 4 bits are used)
 *
 * Return: @dtype in bits 23:20, the rest 0.
 */
static inline uint32_t fdp_cdw12(uint8_t dtype)
{
	return (uint32_t)(dtype & 0xf) << 20;
}

/**
 * fdp_cdw13() - cdw13's directive specific field (DSPEC)
 * @dspec: the directive specific value (the placement identifier)
 *
 * Return: @dspec in bits 31:16, the rest 0.
 */
static inline uint32_t fdp_cdw13(uint16_t dspec)
{
	return (uint32_t)dspec << 16;
}

#endif
