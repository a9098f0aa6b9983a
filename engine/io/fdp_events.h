/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Flexible Data Placement events: the FDP Events log (log page 0x23, one
 * for host events and one for controller events per endurance group) and
 * the FDP Events feature (FID 0x1E: which event types a placement handle
 * reports, and which of them are enabled).  Decoding, the events that
 * arrived between two reads of a log, and the reads.  No fio types.
 */
#ifndef SSDNVME_FDP_EVENTS_H
#define SSDNVME_FDP_EVENTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FDP_EVENTS_MAX	    63 /* entries one log page holds (4 KiB, 64-byte header) */
#define FDP_EVENT_SIZE	    64 /* bytes of one entry, and of the header */
#define FDP_EVENTS_LOG_LEN  (FDP_EVENT_SIZE * (FDP_EVENTS_MAX + 1))
#define FDP_EVENT_TYPES_MAX 32 /* event types of a handle we keep */

/* Event types (NVMe 2.x, FDP Events log). */
enum fdp_event_type {
	FDP_EV_RU_NOT_FULL = 0x00,   /* host: unit left not written to capacity */
	FDP_EV_RU_TIME_LIMIT = 0x01, /* host: unit active past its time limit */
	FDP_EV_CTRL_RESET = 0x02,    /* host: a controller level reset modified handles */
	FDP_EV_INVALID_PID = 0x03,   /* host: a write's placement identifier was not valid */
	FDP_EV_MEDIA_REALLOC = 0x80, /* controller: data moved to other media */
	FDP_EV_IMPLICIT_RUH = 0x81,  /* controller: the controller modified a handle */
};

/* Event flags: which fields of an entry are valid. */
#define FDP_EVF_PID  0x01 /* pid */
#define FDP_EVF_NSID 0x02 /* nsid */
#define FDP_EVF_LOC  0x04 /* rgid and ruhid */

/* One event as the log gave it. */
struct fdp_event {
	uint8_t type;
	uint8_t flags;
	uint16_t pid;
	uint64_t timestamp_ms; /* the controller's Timestamp (48 bits, ms) */
	uint32_t nsid;
	uint16_t rgid;
	uint16_t ruhid;
	/* media reallocated: LBAs moved, and the first one when lba_valid */
	uint16_t nlbam;
	bool lba_valid;
	uint64_t lba;
	uint8_t raw[FDP_EVENT_SIZE]; /* the entry as read: what before and after are matched on */
};

/* One FDP Events log page (host or controller events). */
struct fdp_events {
	uint32_t reported; /* NUMFDPE: entries the controller says the page has */
	unsigned n;	   /* entries kept: at most FDP_EVENTS_MAX and what the page holds */
	struct fdp_event e[FDP_EVENTS_MAX];
};

/* The event types one placement handle reports (FDP Events feature). */
struct fdp_event_types {
	unsigned n;
	uint8_t type[FDP_EVENT_TYPES_MAX];
	bool enabled[FDP_EVENT_TYPES_MAX];
};

/* Which entries of a later read of a log arrived after an earlier one. */
struct fdp_events_since {
	unsigned first; /* index in the later read of the first new entry */
	/* the log dropped old entries in between: the new count is the
	 * fewest that fit (repeated identical entries may hide more) */
	bool wrapped;
	/* no entry of the earlier read is left: more events arrived than the
	 * log keeps, how many is not known */
	bool lost;
};

/**
 * fdp_events_decode() - decode an FDP Events log page
 * @buf: the page as the controller filled it
 * @len: its length in bytes
 * @ev: filled with the header's count and the entries the page holds
 * @msg: what is wrong, on failure
 * @mlen: size of @msg
 *
 * Return: 0, or -1 when @len is shorter than the header.
 */
int fdp_events_decode(const void *buf, size_t len, struct fdp_events *ev, char *msg, size_t mlen);

/**
 * fdp_events_new() - the entries of a log that arrived between two reads
 * @before: the earlier read
 * @after: the later read
 *
 * The log keeps its newest FDP_EVENTS_MAX entries, oldest first, so the
 * later read is the earlier one less its oldest entries, then the new ones.
 * Entries are matched whole (timestamp included); when @before is not all
 * still there, the longest tail of @before that opens @after is taken.
 *
 * Return: where the new entries start in @after, and whether entries were
 * dropped (wrapped) or none of @before is left (lost).
 */
struct fdp_events_since fdp_events_new(const struct fdp_events *before,
				       const struct fdp_events *after);

/**
 * fdp_event_types_decode() - decode the FDP Events feature's data
 * @buf: the supported event descriptors (2 bytes each: type, attributes)
 * @len: bytes in @buf
 * @count: descriptors the controller said it returned (Dword 0)
 * @t: filled: each type and whether it is enabled (attribute bit 0)
 */
void fdp_event_types_decode(const void *buf, size_t len, uint32_t count, struct fdp_event_types *t);

/**
 * fdp_event_name() - a short name of an event type
 * @type: the event type
 *
 * Return: the name ("reclaim unit not fully written"...), or "vendor or
 * reserved type" for any other.
 */
const char *fdp_event_name(uint8_t type);

/**
 * fdp_event_moves_unit() - whether an event type reports a unit change
 * @type: the event type
 *
 * Return: true for the types that say a handle now references another
 * reclaim unit (not fully written, time limit, controller reset, implicit
 * modification by the controller).
 */
bool fdp_event_moves_unit(uint8_t type);

/**
 * fdp_events_read() - read one FDP Events log of an endurance group
 * @fd: a device of the controller (the namespace's generic char device)
 * @endgid: the endurance group
 * @host: true for host events, false for controller events
 * @ev: filled with the log
 * @msg: the step that failed, on failure
 * @mlen: size of @msg
 *
 * Return: 0, -errno, or the NVMe status (> 0).
 */
int fdp_events_read(int fd, uint16_t endgid, bool host, struct fdp_events *ev, char *msg,
		    size_t mlen);

/**
 * fdp_event_types_read() - the event types a placement handle reports
 * @fd: the namespace's generic char device
 * @nsid: the namespace
 * @phndl: the placement handle (the PID less its reclaim group bits)
 * @t: filled with the types and whether each is enabled
 * @msg: the step that failed, on failure
 * @mlen: size of @msg
 *
 * Get Features FDP Events (FID 0x1E), current value.  Reads only: the
 * drive's settings are never changed.
 *
 * Return: 0, -errno, or the NVMe status (> 0).
 */
int fdp_event_types_read(int fd, uint32_t nsid, uint16_t phndl, struct fdp_event_types *t,
			 char *msg, size_t mlen);

#endif
