// SPDX-License-Identifier: GPL-2.0-only
/*
 * FDP events (fdp_events.h).  Layouts (NVMe 2.x): the FDP Events log is a
 * 64-byte header (NUMFDPE, 4 bytes, then reserved) and 64-byte entries:
 * byte 0 type, 1 flags, 3:2 PID, 11:4 the Timestamp (48-bit milliseconds,
 * then attributes), 15:12 NSID, 31:16 type specific (media reallocated:
 * byte 16 flags, bit 0 LBA valid; 19:18 NLBAM; 27:20 LBA), 33:32 RGID,
 * 34 RUHID.  LSP bit 0 of Get Log Page picks host (1) or controller (0)
 * events; LSI the endurance group.  The FDP Events feature (FID 0x1E)
 * takes the placement handle in CDW11 bits 15:0 and the room for event
 * types (NOET) in 23:16, and returns 2-byte descriptors: the type, and
 * attributes whose bit 0 says enabled.
 */
#include <endian.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <nvme/ioctl.h>
#include <nvme/types.h>

#include "fdp_events.h"
#include "nvme_status.h"

static uint16_t get16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint64_t get_le(const uint8_t *p, unsigned bytes)
{
	uint64_t v = 0;

	while (bytes--)
		v = v << 8 | p[bytes];
	return v;
}

static void decode_entry(const uint8_t *p, struct fdp_event *e)
{
	memcpy(e->raw, p, sizeof(e->raw));
	e->type = p[0];
	e->flags = p[1];
	e->pid = get16(p + 2);
	e->timestamp_ms = get_le(p + 4, 6);
	e->nsid = (uint32_t)get_le(p + 12, 4);
	e->rgid = get16(p + 32);
	e->ruhid = p[34];
	e->nlbam = e->type == FDP_EV_MEDIA_REALLOC ? get16(p + 18) : 0;
	e->lba_valid = e->type == FDP_EV_MEDIA_REALLOC && (p[16] & 1);
	e->lba = e->lba_valid ? get_le(p + 20, 8) : 0;
}

int fdp_events_decode(const void *buf, size_t len, struct fdp_events *ev, char *msg, size_t mlen)
{
	const uint8_t *page = buf;
	size_t room;
	unsigned i;

	memset(ev, 0, sizeof(*ev));
	if (len < FDP_EVENT_SIZE) {
		snprintf(msg, mlen, "FDP events log: %zu bytes, shorter than its header", len);
		return -1;
	}
	ev->reported = (uint32_t)get_le(page, 4);
	room = (len - FDP_EVENT_SIZE) / FDP_EVENT_SIZE;
	ev->n = ev->reported < FDP_EVENTS_MAX ? ev->reported : FDP_EVENTS_MAX;
	if (ev->n > room)
		ev->n = (unsigned)room;
	for (i = 0; i < ev->n; i++)
		decode_entry(page + FDP_EVENT_SIZE * (i + 1), &ev->e[i]);
	return 0;
}

/* N entries of A from index I equal those of B from J. */
static bool same_run(const struct fdp_events *a, unsigned i, const struct fdp_events *b, unsigned j,
		     unsigned n)
{
	for (unsigned k = 0; k < n; k++)
		if (memcmp(a->e[i + k].raw, b->e[j + k].raw, FDP_EVENT_SIZE))
			return false;
	return true;
}

struct fdp_events_since fdp_events_new(const struct fdp_events *before,
				       const struct fdp_events *after)
{
	struct fdp_events_since s = {0};
	unsigned m;

	if (before->n <= after->n && same_run(before, 0, after, 0, before->n)) {
		s.first = before->n;
		return s;
	}
	s.wrapped = true;
	/* the longest tail of BEFORE that opens AFTER: the fewest new entries */
	for (m = before->n < after->n ? before->n : after->n; m > 0; m--)
		if (same_run(before, before->n - m, after, 0, m)) {
			s.first = m;
			return s;
		}
	s.lost = true;
	return s;
}

void fdp_event_types_decode(const void *buf, size_t len, uint32_t count, struct fdp_event_types *t)
{
	const uint8_t *d = buf;
	unsigned i;

	memset(t, 0, sizeof(*t));
	for (i = 0; i < count && i < FDP_EVENT_TYPES_MAX && 2 * i + 1 < len; i++) {
		t->type[i] = d[2 * i];
		t->enabled[i] = d[2 * i + 1] & 1;
	}
	t->n = i;
}

const char *fdp_event_name(uint8_t type)
{
	switch (type) {
	case FDP_EV_RU_NOT_FULL:
		return "reclaim unit not fully written";
	case FDP_EV_RU_TIME_LIMIT:
		return "reclaim unit time limit exceeded";
	case FDP_EV_CTRL_RESET:
		return "controller reset modified handles";
	case FDP_EV_INVALID_PID:
		return "invalid placement identifier";
	case FDP_EV_MEDIA_REALLOC:
		return "media reallocated";
	case FDP_EV_IMPLICIT_RUH:
		return "handle modified by the controller";
	default:
		return "vendor or reserved type";
	}
}

bool fdp_event_moves_unit(uint8_t type)
{
	return type == FDP_EV_RU_NOT_FULL || type == FDP_EV_RU_TIME_LIMIT ||
	       type == FDP_EV_CTRL_RESET || type == FDP_EV_IMPLICIT_RUH;
}

int fdp_events_read(int fd, uint16_t endgid, bool host, struct fdp_events *ev, char *msg,
		    size_t mlen)
{
	void *buf;
	int ret;

	/* the device DMAs into it: page-aligned */
	if (posix_memalign(&buf, 4096, FDP_EVENTS_LOG_LEN)) {
		snprintf(msg, mlen, "no memory for the FDP events log");
		return -ENOMEM;
	}
	memset(buf, 0, FDP_EVENTS_LOG_LEN);
	ret = nvme_get_log_fdp_events(fd, endgid, host, 0, FDP_EVENTS_LOG_LEN, buf);
	if (ret)
		ret = nvme_admin_failed(ret,
					host ? "FDP events log (0x23), host events"
					     : "FDP events log (0x23), controller events",
					msg, mlen);
	else if (fdp_events_decode(buf, FDP_EVENTS_LOG_LEN, ev, msg, mlen))
		ret = -EINVAL;
	free(buf);
	return ret;
}

int fdp_event_types_read(int fd, uint32_t nsid, uint16_t phndl, struct fdp_event_types *t,
			 char *msg, size_t mlen)
{
	uint8_t desc[2 * FDP_EVENT_TYPES_MAX] __attribute__((aligned(8))) = {0};
	uint32_t result = 0;
	struct nvme_get_features_args args = {
		.args_size = sizeof(args),
		.fd = fd,
		.timeout = NVME_DEFAULT_IOCTL_TIMEOUT,
		.fid = NVME_FEAT_FID_FDP_EVENTS,
		.nsid = nsid,
		.sel = NVME_GET_FEATURES_SEL_CURRENT,
		.cdw11 = phndl | (uint32_t)FDP_EVENT_TYPES_MAX << 16,
		.data = desc,
		.data_len = sizeof(desc),
		.result = &result,
	};
	int ret = nvme_get_features(&args);

	if (ret)
		return nvme_admin_failed(ret, "Get Features FDP Events (0x1E)", msg, mlen);
	fdp_event_types_decode(desc, sizeof(desc), result, t);
	return 0;
}
