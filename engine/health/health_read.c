// SPDX-License-Identifier: GPL-2.0-only
/*
 * Drive-health log pages through libnvme 1.3 (health_read.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libnvme.h>

#include "health_read.h"
#include "nsdev.h"
#include "nvme_status.h"

/* Log identifiers the NVMe base specification and OCP assign. */
#define LID_SMART     0x02
#define LID_ENDGRP    0x09
#define LID_FDP_STATS 0x22
#define LID_OCP_C0    0xc0

/* WHY for a controller node FD that fstat says is not controller CTRL; false then. */
static bool is_ctrl_node(int fd, const char *sysfs, const char *path, const char *ctrl, char *why,
			 size_t len)
{
	char msg[512];
	struct nsdev d;
	struct stat st;

	if (fstat(fd, &st) < 0) {
		snprintf(why, len, "cannot stat %s: %s", path, strerror(errno));
		return false;
	}
	if (!S_ISCHR(st.st_mode)) {
		snprintf(why, len, "%s is not a character device node", path);
		return false;
	}
	if (nsdev_identify_rdev(sysfs, st.st_rdev, false, &d, msg, sizeof(msg))) {
		snprintf(why, len, "cannot identify %s: %s", path, msg);
		return false;
	}
	/* a node named like the controller but with another device number is not it */
	if (!d.is_controller || strcmp(d.name, ctrl)) {
		snprintf(why, len, "%s is not controller %s (it is %s)", path, ctrl, d.name);
		return false;
	}
	return true;
}

int health_ctrl_open(const char *sysfs, const char *ctrl, char *why, size_t len)
{
	char path[96];
	int fd;

	snprintf(path, sizeof(path), "/dev/%s", ctrl);
	/*
	 * Open first, then identify what was opened by its device number: a
	 * check on the path before the open could be raced by a rename or a
	 * planted symlink.  O_NONBLOCK so a FIFO planted there cannot hang us;
	 * the controller's admin ioctls ignore it.
	 */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0) {
		snprintf(why, len, "cannot open %s: %s", path, strerror(errno));
		return -1;
	}
	if (!is_ctrl_node(fd, sysfs, path, ctrl, why, len)) {
		close(fd);
		return -1;
	}
	return fd;
}

/* WHY for libnvme's return RET (an NVMe status, or -1 with errno) on log WHAT. */
static void say_failed(int ret, const char *what, char *why, size_t len)
{
	char status[160];

	if (ret > 0) {
		nvme_status_describe(ret, status, sizeof(status));
		snprintf(why, len, "%s: the controller answered %s", what, status);
	} else {
		snprintf(why, len, "%s: %s", what, strerror(errno));
	}
}

/* Get Log Page LID of LEN bytes for NSID / log-specific id LSI into BUF. */
static int get_log(int fd, uint8_t lid, uint32_t nsid, uint16_t lsi, void *buf, uint32_t len)
{
	struct nvme_get_log_args args = {
		.args_size = sizeof(args),
		.fd = fd,
		.timeout = NVME_DEFAULT_IOCTL_TIMEOUT,
		.lid = lid,
		.len = len,
		.log = buf,
		.nsid = nsid,
		.csi = NVME_CSI_NVM,
		.lsi = lsi,
		.lsp = NVME_LOG_LSP_NONE,
		.uuidx = NVME_UUID_NONE,
	};

	memset(buf, 0, len);
	return nvme_get_log_page(fd, NVME_LOG_PAGE_PDU_SIZE, &args);
}

bool health_read_smart(int fd, struct health_snap *s, char *why, size_t len)
{
	uint8_t page[HEALTH_PAGE_LEN];
	int ret = get_log(fd, LID_SMART, NVME_NSID_ALL, 0, page, sizeof(page));

	if (ret) {
		say_failed(ret, "log 0x02 (SMART / health)", why, len);
		return false;
	}
	health_decode_smart(page, s);
	return true;
}

bool health_read_ocp(int fd, struct health_ocp *o, char *why, size_t len)
{
	uint8_t page[HEALTH_PAGE_LEN];
	int ret = get_log(fd, LID_OCP_C0, NVME_NSID_ALL, 0, page, sizeof(page));

	if (ret) {
		say_failed(ret, "log 0xc0 (OCP SMART extended) not supported", why, len);
		return false;
	}
	return health_decode_ocp(page, o, why, len);
}

bool health_read_fdp(int fd, uint16_t endgid, struct health_fdp *f, char *why, size_t len)
{
	uint8_t page[HEALTH_FDP_STATS_LEN];
	int ret = get_log(fd, LID_FDP_STATS, NVME_NSID_NONE, endgid, page, sizeof(page));

	if (ret) {
		say_failed(ret, "log 0x22 (FDP statistics) not available", why, len);
		return false;
	}
	health_decode_fdp(page, f);
	return true;
}

bool health_read_endgrp(int fd, uint16_t endgid, struct health_endgrp *e, char *why, size_t len)
{
	uint8_t page[HEALTH_PAGE_LEN];
	int ret = get_log(fd, LID_ENDGRP, NVME_NSID_NONE, endgid, page, sizeof(page));

	if (ret) {
		say_failed(ret, "log 0x09 (endurance group information) not available", why, len);
		return false;
	}
	health_decode_endgrp(page, e);
	return true;
}

bool health_ns_endgid(int fd, uint32_t nsid, uint16_t *endgid, char *why, size_t len)
{
	struct nvme_id_ns ns;
	int ret = nvme_identify_ns(fd, nsid, &ns);

	if (ret) {
		say_failed(ret, "Identify Namespace (for its endurance group)", why, len);
		return false;
	}
	/* little-endian on the wire, whatever the host */
	*endgid = (uint16_t)(((const uint8_t *)&ns.endgid)[0] | ((const uint8_t *)&ns.endgid)[1]
									<< 8);
	return true;
}
