// SPDX-License-Identifier: GPL-2.0-only
/*
 * Drive-health log pages from raw bytes (health_log.h).
 */
#include <stdio.h>
#include <string.h>

#include "health_log.h"

/* OCP C0's GUID as it lies in the page: 0xAFD514C97C6F4F9CA4F2BFEA2810AFC5 little-endian. */
static const uint8_t ocp_c0_guid[16] = {0xc5, 0xaf, 0x10, 0x28, 0xea, 0xbf, 0xf2, 0xa4,
					0x9c, 0x4f, 0x6f, 0x7c, 0xc9, 0x14, 0xd5, 0xaf};
#define OCP_C0_GUID_OFF 496

static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

int64_t health_u128(const uint8_t *p, bool *sat)
{
	uint64_t lo = 0;
	int i;

	for (i = 7; i >= 0; i--)
		lo = lo << 8 | p[i];
	for (i = 8; i < 16; i++)
		if (p[i])
			goto saturate;
	if (lo > (uint64_t)INT64_MAX)
		goto saturate;
	return (int64_t)lo;
saturate:
	*sat = true;
	return INT64_MAX;
}

void health_decode_smart(const uint8_t page[HEALTH_PAGE_LEN], struct health_snap *s)
{
	bool sat = false;
	int i;

	memset(s, 0, sizeof(*s));
	s->critical_warning = page[0];
	s->composite_temp_k = le16(page + 1);
	s->avail_spare = page[3];
	s->spare_thresh = page[4];
	s->percent_used = page[5];
	s->endgrp_crit_warning = page[6];
	s->data_units_read = health_u128(page + 32, &sat);
	s->data_units_written = health_u128(page + 48, &sat);
	s->host_read_cmds = health_u128(page + 64, &sat);
	s->host_write_cmds = health_u128(page + 80, &sat);
	s->ctrl_busy_time_min = health_u128(page + 96, &sat);
	s->media_errors = health_u128(page + 160, &sat);
	s->num_err_log_entries = health_u128(page + 176, &sat);
	s->warning_temp_time_min = le32(page + 192);
	s->critical_temp_time_min = le32(page + 196);
	for (i = 0; i < HEALTH_SENSORS; i++)
		s->sensors_k[i] = le16(page + 200 + 2 * i);
	s->tmt1_count = le32(page + 216);
	s->tmt2_count = le32(page + 220);
	s->tmt1_time_s = le32(page + 224);
	s->tmt2_time_s = le32(page + 228);
	s->saturated = sat;
}

bool health_decode_ocp(const uint8_t page[HEALTH_PAGE_LEN], struct health_ocp *o, char *why,
		       size_t len)
{
	const uint8_t *g = page + OCP_C0_GUID_OFF;
	bool sat = false;

	memset(o, 0, sizeof(*o));
	if (memcmp(g, ocp_c0_guid, sizeof(ocp_c0_guid))) {
		/* printed as the specification writes it: most significant byte first */
		snprintf(why, len,
			 "log 0xc0 is not the OCP SMART extended log: its GUID is "
			 "0x%02x%02x%02x%02x%02x%02x%02x%02x%02x%02x%02x%02x%02x%02x%02x%02x, "
			 "wanted 0xafd514c97c6f4f9ca4f2bfea2810afc5",
			 g[15], g[14], g[13], g[12], g[11], g[10], g[9], g[8], g[7], g[6], g[5],
			 g[4], g[3], g[2], g[1], g[0]);
		return false;
	}
	o->media_bytes_written = health_u128(page + 0, &sat);
	o->media_bytes_read = health_u128(page + 16, &sat);
	o->throttling_count = page[96];
	o->throttling_status = page[97];
	o->saturated = sat;
	return true;
}

void health_decode_fdp(const uint8_t page[HEALTH_FDP_STATS_LEN], struct health_fdp *f)
{
	bool sat = false;

	f->hbmw = health_u128(page + 0, &sat);
	f->mbmw = health_u128(page + 16, &sat);
	f->mbe = health_u128(page + 32, &sat);
	f->saturated = sat;
}

void health_decode_endgrp(const uint8_t page[HEALTH_PAGE_LEN], struct health_endgrp *e)
{
	bool sat = false;

	memset(e, 0, sizeof(*e));
	e->critical_warning = page[0];
	e->avail_spare = page[3];
	e->spare_thresh = page[4];
	e->percent_used = page[5];
	e->endurance_estimate = health_u128(page + 32, &sat);
	e->data_units_read = health_u128(page + 48, &sat);
	e->data_units_written = health_u128(page + 64, &sat);
	e->media_units_written = health_u128(page + 80, &sat);
	e->host_read_cmds = health_u128(page + 96, &sat);
	e->host_write_cmds = health_u128(page + 112, &sat);
	e->media_errors = health_u128(page + 128, &sat);
	e->num_err_log_entries = health_u128(page + 144, &sat);
	e->saturated = sat;
}

void health_cw_names(uint8_t cw, char *buf, size_t len)
{
	static const char *const names[] = {"spare below threshold",  "temperature",
					    "reliability degraded",   "media read-only",
					    "volatile backup failed", "PMR read-only"};
	size_t used = 0, i;

	buf[0] = '\0';
	for (i = 0; i < sizeof(names) / sizeof(names[0]) && used < len; i++)
		if (cw & (1u << i))
			used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "",
						 names[i]);
	if (cw & 0xc0 && used < len)
		snprintf(buf + used, len - used, "%sreserved bits 0x%02x", used ? ", " : "",
			 cw & 0xc0);
}
