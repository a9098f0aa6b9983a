// SPDX-License-Identifier: GPL-2.0-only
/*
 * NVMe command payloads for io_uring passthrough: the DSM range and the Copy
 * source range.  The SQE itself is filled by nvme_cmd_fill(), inline in
 * nvme_cmd.h.
 */
#include <endian.h>

#include "nvme_cmd.h"

void nvme_dsm_range_set(struct nvme_dsm_range *r, uint64_t slba, uint32_t nlb)
{
	r->cattr = 0;
	r->nlb = htole32(nlb);
	r->slba = htole64(slba);
}

void nvme_copy_range_set(struct nvme_copy_range *r, uint64_t slba, uint32_t nlb)
{
	*r = (struct nvme_copy_range){
		.slba = htole64(slba),
		.nlb = htole16((uint16_t)(nlb - 1)),
	};
}
