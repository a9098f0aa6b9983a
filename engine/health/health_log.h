/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Decoding of the drive-health log pages the engine reads (NVMe base
 * specification 2.0: SMART / Health Information 02h, Endurance Group
 * Information 09h, FDP Statistics 22h; OCP Datacenter NVMe SSD
 * specification: SMART / Health Information Extended C0h).  Pages are
 * decoded from their raw bytes, little-endian, by the offsets the
 * specifications give: no libnvme or fio types, so unit tests feed canned
 * pages.
 */
#ifndef SSDNVME_HEALTH_LOG_H
#define SSDNVME_HEALTH_LOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define HEALTH_PAGE_LEN	     512
#define HEALTH_FDP_STATS_LEN 64
#define HEALTH_SENSORS	     8

/* Critical warning bits of the SMART log (byte 0). */
#define HEALTH_CW_SPARE		  0x01
#define HEALTH_CW_TEMPERATURE	  0x02
#define HEALTH_CW_DEGRADED	  0x04
#define HEALTH_CW_READ_ONLY	  0x08
#define HEALTH_CW_VOLATILE_BACKUP 0x10
#define HEALTH_CW_PMR_READ_ONLY	  0x20

/*
 * One SMART / health snapshot.  The 128-bit counters are held as int64_t,
 * saturated at INT64_MAX (SATURATED then says so): JSON integers, and more
 * than any drive counts in its life.
 */
struct health_snap {
	int64_t t_ms; /* ms since the job's start (the before snapshot) */
	uint8_t critical_warning;
	uint16_t composite_temp_k;
	uint16_t sensors_k[HEALTH_SENSORS]; /* 0: sensor not present */
	uint8_t avail_spare;
	uint8_t spare_thresh;
	uint8_t percent_used;
	uint8_t endgrp_crit_warning;
	int64_t data_units_read; /* thousands of 512-byte units */
	int64_t data_units_written;
	int64_t host_read_cmds;
	int64_t host_write_cmds;
	int64_t ctrl_busy_time_min;
	int64_t media_errors;
	int64_t num_err_log_entries;
	uint32_t warning_temp_time_min;
	uint32_t critical_temp_time_min;
	uint32_t tmt1_count;
	uint32_t tmt2_count;
	uint32_t tmt1_time_s;
	uint32_t tmt2_time_s;
	bool saturated; /* a 128-bit counter exceeded INT64_MAX */
};

/* OCP SMART / Health Information Extended (C0h), the fields the engine keeps. */
struct health_ocp {
	int64_t media_bytes_written; /* Physical Media Units Written: bytes */
	int64_t media_bytes_read;
	uint8_t throttling_count;  /* byte 96: thermal throttling events */
	uint8_t throttling_status; /* byte 97: 0 none, 1 first level, 2 second, 3 critical */
	bool saturated;
};

/* FDP Statistics (22h): bytes, including metadata. */
struct health_fdp {
	int64_t hbmw; /* Host Bytes with Metadata Written */
	int64_t mbmw; /* Media Bytes with Metadata Written */
	int64_t mbe;  /* Media Bytes Erased */
	bool saturated;
};

/* Endurance Group Information (09h). */
struct health_endgrp {
	uint8_t critical_warning;
	uint8_t avail_spare;
	uint8_t spare_thresh;
	uint8_t percent_used;
	int64_t endurance_estimate; /* data units (1000 x 512 B) */
	int64_t data_units_read;
	int64_t data_units_written;
	int64_t media_units_written;
	int64_t host_read_cmds;
	int64_t host_write_cmds;
	int64_t media_errors;
	int64_t num_err_log_entries;
	bool saturated;
};

/**
 * health_u128() - a little-endian 128-bit counter
 * @p: its 16 bytes
 * @sat: set to true when the counter is saturated; left alone otherwise
 *
 * Return: the counter, or INT64_MAX (@sat set) when it exceeds INT64_MAX.
 */
int64_t health_u128(const uint8_t *p, bool *sat);

/**
 * health_decode_smart() - decode a SMART / Health Information page (02h)
 * @page: the page's 512 bytes
 * @s: the snapshot, cleared then filled (t_ms left 0); @s->saturated says
 *     whether a 128-bit counter was saturated
 */
void health_decode_smart(const uint8_t page[HEALTH_PAGE_LEN], struct health_snap *s);

/**
 * health_decode_ocp() - decode the OCP SMART / Health Information Extended page (C0h)
 * @page: the page's 512 bytes
 * @o: the fields the engine keeps, cleared then filled
 * @why: where the reason is written when the page is not the OCP log
 * @len: its room
 *
 * The page is checked by its GUID (bytes 496-511) first.
 *
 * Return: true with @o filled; false, with @why naming the GUID found and the
 * one wanted, when the page is not the OCP SMART extended log.
 */
bool health_decode_ocp(const uint8_t page[HEALTH_PAGE_LEN], struct health_ocp *o, char *why,
		       size_t len);

/**
 * health_decode_fdp() - decode an FDP Statistics page (22h)
 * @page: the page's 64 bytes
 * @f: its three byte counters, saturated at INT64_MAX (@f->saturated says so)
 */
void health_decode_fdp(const uint8_t page[HEALTH_FDP_STATS_LEN], struct health_fdp *f);
/**
 * health_decode_endgrp() - decode an Endurance Group Information page (09h)
 * @page: the page's 512 bytes
 * @e: the fields, cleared then filled; @e->saturated says whether a 128-bit
 *     counter was saturated
 */
void health_decode_endgrp(const uint8_t page[HEALTH_PAGE_LEN], struct health_endgrp *e);

/**
 * health_cw_names() - the names of critical warning bits
 * @cw: the SMART log's critical warning byte
 * @buf: where the names are written, comma-separated (e.g. "temperature,
 *       media read-only"; reserved bits as "reserved bits 0x.."); "" for 0
 * @len: its room (at least 1); the text is cut to fit
 */
void health_cw_names(uint8_t cw, char *buf, size_t len);

#endif
