// SPDX-License-Identifier: GPL-2.0-only
/*
 * The FDP configuration in use for a namespace (fdp_config.h).  The log's
 * layout (NVMe 2.x, FDP Configurations log page): a 16-byte header (NUMFDPC,
 * 0's based; version; SZE, the page's size in bytes), then one descriptor
 * per configuration, each DSZE bytes long: FDPA (bit 7 valid, bits 3:0
 * RGIF), NRG, NRUH, MAXPIDS, NNSS, RUNS (bytes), ERUTL, then NRUH handle
 * descriptors and vendor bytes.  Descriptors are walked by their own size,
 * never by the struct's.
 */
#include <endian.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <nvme/ioctl.h>
#include <nvme/types.h>

#include "fdp_config.h"
#include "nvme_status.h"

#define FDP_LOG_MAX (64 * 1024) /* room for the log we read: far above 16 handles x 16 configs */

/* Descriptor D (of DSZE bytes, within the page) into C. */
static int decode_desc(const struct nvme_fdp_config_desc *d, unsigned index, struct fdp_config *c,
		       char *msg, size_t mlen)
{
	if (!(d->fdpa >> NVME_FDP_CONFIG_FDPA_VALID_SHIFT & NVME_FDP_CONFIG_FDPA_VALID_MASK)) {
		snprintf(msg, mlen, "FDP configuration %u in use is not marked valid (FDPA 0x%02x)",
			 index, d->fdpa);
		return -1;
	}
	c->index = index;
	c->rgif = d->fdpa & NVME_FDP_CONFIG_FDPA_RGIF_MASK;
	c->nrg = le32toh(d->nrg);
	c->nruh = le16toh(d->nruh);
	c->maxpids = le16toh(d->maxpids);
	c->nnss = le32toh(d->nnss);
	c->runs = le64toh(d->runs);
	c->erutl = le32toh(d->erutl);
	if (!c->runs) {
		snprintf(msg, mlen, "FDP configuration %u reports a reclaim unit size of 0", index);
		return -1;
	}
	return 0;
}

int fdp_config_decode(const void *buf, size_t len, unsigned index, struct fdp_config *c, char *msg,
		      size_t mlen)
{
	const struct nvme_fdp_config_log *log = buf;
	const uint8_t *page = buf;
	size_t size, off = sizeof(*log);
	unsigned i, n;

	if (len < sizeof(*log)) {
		snprintf(msg, mlen, "FDP configurations log: %zu bytes, shorter than its header",
			 len);
		return -1;
	}
	n = le16toh(log->n) + 1u; /* NUMFDPC is 0's based */
	size = le32toh(log->size);
	if (size > len || size < sizeof(*log)) {
		snprintf(msg, mlen,
			 "FDP configurations log: page size %zu outside the %zu bytes read", size,
			 len);
		return -1;
	}
	c->nconfigs = n;
	for (i = 0; i < n; i++) {
		const struct nvme_fdp_config_desc *d = (const void *)(page + off);
		size_t dsze;

		if (off + sizeof(*d) > size) {
			snprintf(msg, mlen,
				 "FDP configurations log: descriptor %u at byte %zu runs past the "
				 "page (%zu bytes)",
				 i, off, size);
			return -1;
		}
		dsze = le16toh(d->size);
		if (dsze < sizeof(*d) || off + dsze > size) {
			snprintf(msg, mlen,
				 "FDP configurations log: descriptor %u at byte %zu has size %zu "
				 "(page %zu bytes)",
				 i, off, dsze, size);
			return -1;
		}
		if (i == index)
			return decode_desc(d, index, c, msg, mlen);
		off += dsze;
	}
	snprintf(msg, mlen, "FDP configuration %u in use is not in the log (%u listed)", index, n);
	return -1;
}

static int read_endgid(int fd, uint32_t nsid, uint16_t *endgid, char *msg, size_t mlen)
{
	struct nvme_id_ns ns;
	int ret = nvme_identify_ns(fd, nsid, &ns);

	if (ret)
		return nvme_admin_failed(ret, "Identify Namespace (its endurance group)", msg,
					 mlen);
	*endgid = le16toh(ns.endgid);
	if (!*endgid) {
		snprintf(msg, mlen, "nsid %u reports no endurance group (ENDGID 0)", nsid);
		return -ENOTSUP;
	}
	return 0;
}

/* Get Features FDP (FID 0x1D, CDW11 = the endurance group): enabled, FDPCIDX. */
static int read_index(int fd, uint16_t endgid, unsigned *index, char *msg, size_t mlen)
{
	uint32_t result = 0;
	struct nvme_get_features_args args = {
		.args_size = sizeof(args),
		.fd = fd,
		.timeout = NVME_DEFAULT_IOCTL_TIMEOUT,
		.fid = NVME_FEAT_FID_FDP,
		.sel = NVME_GET_FEATURES_SEL_CURRENT,
		.cdw11 = endgid,
		.result = &result,
	};
	int ret = nvme_get_features(&args);

	if (ret)
		return nvme_admin_failed(ret, "Get Features FDP (0x1D)", msg, mlen);
	if (!(result & 1)) {
		snprintf(msg, mlen, "FDP is not enabled in endurance group %u", endgid);
		return -ENOTSUP;
	}
	*index = result >> 8 & 0xff; /* FDPCIDX, bits 15:8 */
	return 0;
}

int fdp_config_read(int fd, uint32_t nsid, struct fdp_config *c, char *msg, size_t mlen)
{
	void *buf;
	int ret;

	memset(c, 0, sizeof(*c));
	ret = read_endgid(fd, nsid, &c->endgid, msg, mlen);
	if (!ret)
		ret = read_index(fd, c->endgid, &c->index, msg, mlen);
	if (ret)
		return ret;
	/* the device DMAs into it: page-aligned */
	if (posix_memalign(&buf, 4096, FDP_LOG_MAX)) {
		snprintf(msg, mlen, "no memory for the FDP configurations log");
		return -ENOMEM;
	}
	memset(buf, 0, FDP_LOG_MAX);
	ret = nvme_get_log_fdp_configurations(fd, c->endgid, 0, FDP_LOG_MAX, buf);
	if (ret)
		ret = nvme_admin_failed(ret, "FDP configurations log (0x20)", msg, mlen);
	else if (fdp_config_decode(buf, FDP_LOG_MAX, c->index, c, msg, mlen))
		ret = -EINVAL;
	free(buf);
	return ret;
}
