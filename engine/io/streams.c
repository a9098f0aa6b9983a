// SPDX-License-Identifier: GPL-2.0-only
/*
 * The Streams directive's support and state on a namespace (streams.h).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <libnvme.h>

#include "nvme_status.h"
#include "streams.h"

/* Bit @bit of a directive bitmap of Identify Directives (32 bytes, LSB first). */
static int dir_bit(const uint8_t *map, unsigned int bit)
{
	return map[bit / 8] >> (bit % 8) & 1;
}

int streams_check(int fd, uint32_t nsid, uint16_t oacs, char *msg, size_t len)
{
	struct nvme_id_directives id;
	char why[160];
	int ret;

	if (!(oacs & NVME_CTRL_OACS_DIRECTIVES)) {
		snprintf(msg, len,
			 "the controller does not support Directives (OACS bit 5 clear), so it has "
			 "no Streams");
		return -ENOTSUP;
	}
	memset(&id, 0, sizeof(id));
	ret = nvme_directive_recv_identify_parameters(fd, nsid, &id);
	if (ret) {
		if (ret < 0)
			snprintf(why, sizeof(why), "%s", strerror(errno));
		else
			nvme_status_describe(ret, why, sizeof(why));
		snprintf(msg, len, "Directive Receive (Identify) of nsid %u failed: %s", nsid, why);
		return ret < 0 ? -errno : -EIO;
	}
	if (!dir_bit(id.supported, NVME_ID_DIR_SD_BIT)) {
		snprintf(msg, len,
			 "the controller supports Directives but not the Streams directive");
		return -ENOTSUP;
	}
	if (!dir_bit(id.enabled, NVME_ID_DIR_SD_BIT)) {
		snprintf(msg, len,
			 "the Streams directive is not enabled for nsid %u (enable it with a "
			 "Directive Send, e.g. nvme dir-send DEV -n %u -D 0 -O 1 -T 1 -e 1)",
			 nsid, nsid);
		return -EINVAL;
	}
	return 0;
}
