// SPDX-License-Identifier: GPL-2.0-only
/*
 * Flexible Data Placement: parsing plids= and plid_select=, the namespace's
 * reclaim unit handle status, and the job's placement plan (fdp.h).
 */
#include <endian.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <nvme/ioctl.h>
#include <nvme/types.h>

#include "fdp.h"
#include "idlist.h"
#include "nvme_status.h"

int fdp_parse_ids(const char *opt, const char *spec, uint16_t *ids, char *msg, size_t len)
{
	const struct idlist_rule rule = {
		.opt = opt,
		.item = "index",
		.items = "indices",
		.example = "0-3,5",
		.min = 0,
		.max = UINT16_MAX,
		.cap = FDP_MAX_PIDS,
		.sorted = false, /* roundrobin takes them in the order given */
	};
	uint32_t wide[FDP_MAX_PIDS];
	int i, n = idlist_parse(&rule, spec, wide, msg, len);

	for (i = 0; i < n; i++)
		ids[i] = (uint16_t)wide[i];
	return n;
}

int fdp_parse_select(const char *opt, const char *name, enum fdp_select *sel, char *msg, size_t len)
{
	if (!name || !*name || !strcmp(name, "roundrobin")) {
		*sel = FDP_SELECT_RR;
		return 0;
	}
	if (!strcmp(name, "random")) {
		*sel = FDP_SELECT_RANDOM;
		return 0;
	}
	snprintf(msg, len,
		 "%s=%s: valid roundrobin or random (fio's scheme is not offered by "
		 "the engine)",
		 opt, name);
	return -1;
}

void fdp_decode_status(const void *buf, size_t len, struct fdp_handles *h)
{
	const struct nvme_fdp_ruh_status *st = buf;
	const struct nvme_fdp_ruh_status_desc *d;
	size_t room = len > sizeof(*st) ? (len - sizeof(*st)) / sizeof(*d) : 0;
	unsigned int i;

	memset(h, 0, sizeof(*h));
	if (len < sizeof(*st))
		return;
	h->reported = le16toh(st->nruhsd);
	h->n = h->reported;
	if (h->n > room)
		h->n = (unsigned int)room;
	if (h->n > FDP_MAX_PIDS)
		h->n = FDP_MAX_PIDS;
	for (i = 0; i < h->n; i++) {
		d = &st->ruhss[i];
		h->pid[i] = le16toh(d->pid);
		h->ruhid[i] = le16toh(d->ruhid);
		h->ruamw[i] = le64toh(d->ruamw);
	}
}

#define RUHS_BYTES                            \
	(sizeof(struct nvme_fdp_ruh_status) + \
	 FDP_MAX_PIDS * sizeof(struct nvme_fdp_ruh_status_desc))

int fdp_fetch_handles(int fd, uint32_t nsid, struct fdp_handles *h, char *msg, size_t len)
{
	static const char why[] = "the namespace's endurance group has no Flexible Data "
				  "Placement enabled (or the controller has no FDP); placement "
				  "refused";
	char what[160];
	void *buf;
	int ret;

	/* the device DMAs into it: page-aligned */
	if (posix_memalign(&buf, 4096, RUHS_BYTES)) {
		snprintf(msg, len, "no memory for the reclaim unit handle status");
		return -ENOMEM;
	}
	memset(buf, 0, RUHS_BYTES);
	ret = nvme_fdp_reclaim_unit_handle_status(fd, nsid, RUHS_BYTES, buf);
	if (ret < 0) {
		ret = -errno;
		snprintf(msg, len,
			 "reclaim unit handle status (I/O Management Receive) of nsid %u: %s; %s",
			 nsid, strerror(-ret), why);
	} else if (ret > 0) {
		nvme_status_describe(ret, what, sizeof(what));
		snprintf(msg, len,
			 "reclaim unit handle status (I/O Management Receive) of nsid %u: %s; %s",
			 nsid, what, why);
	} else {
		fdp_decode_status(buf, RUHS_BYTES, h);
		if (!h->n) {
			snprintf(msg, len, "nsid %u reports no reclaim unit handles (NRUHSD 0); %s",
				 nsid, why);
			ret = -ENOTSUP;
		}
	}
	free(buf);
	return ret;
}

int fdp_plan(const struct fdp_handles *h, const uint16_t *ids, int nids, enum fdp_select sel,
	     uint64_t seed, struct fdp_place *p, char *msg, size_t len)
{
	unsigned int i, idx;

	memset(p, 0, sizeof(*p));
	if (!h->n) {
		snprintf(msg, len, "no reclaim unit handles to place writes on");
		return -1;
	}
	p->n = nids > 0 ? (unsigned int)nids : h->n;
	for (i = 0; i < p->n; i++) {
		idx = nids > 0 ? ids[i] : i;
		if (idx >= h->n) {
			snprintf(msg, len,
				 "placement ID index %u is outside the namespace's placement "
				 "handle list "
				 "(%u handles: valid 0-%u)",
				 idx, h->n, h->n - 1);
			return -1;
		}
		p->index[i] = (uint16_t)idx;
		p->pid[i] = h->pid[idx];
		p->ruhid[i] = h->ruhid[idx];
		p->ruamw_before[i] = h->ruamw[idx];
	}
	p->select = sel;
	p->rng = seed ? seed : 0x9e3779b97f4a7c15ull;
	return 0;
}
