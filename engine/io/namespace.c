// SPDX-License-Identifier: GPL-2.0-only
/*
 * Namespace identification and `namespaces=` expansion (libnvme 1.3).
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <linux/fs.h>
#include <libnvme.h>

#include "namespace.h"
#include "nvme_status.h"

/* Copies a fixed-width, space-padded identify string, trimming the padding. */
static void copy_trimmed(char *dst, size_t dst_len, const char *src, size_t src_len)
{
	size_t n = src_len < dst_len - 1 ? src_len : dst_len - 1;

	memcpy(dst, src, n);
	dst[n] = '\0';
	while (n && (dst[n - 1] == ' ' || dst[n - 1] == '\0'))
		dst[--n] = '\0';
}

/* The disk and controller of NI's node, from its device number. */
static void names_from_dev(struct ns_info *ni)
{
	snprintf(ni->blockdev, sizeof(ni->blockdev), "%s", ni->dev.disk);
	snprintf(ni->controller, sizeof(ni->controller), "%s", ni->dev.controller);
}

/*
 * The guard format and storage tag size of format FMT, from the NVM command
 * set's Identify Namespace (CNS 05h, CSI 0), which a controller has when it
 * supports extended LBA formats (CTRATT ELBAS); without it the guard is 16
 * bits and there is no storage tag.
 */
static void identify_elbaf(int fd, struct ns_info *ni, unsigned int fmt)
{
	struct nvme_nvm_id_ns *nvm = NULL;
	uint32_t elbaf;

	if (posix_memalign((void **)&nvm, 4096, sizeof(*nvm)))
		return;
	if (nvme_identify_ns_csi(fd, ni->nsid, NVME_UUID_NONE, NVME_CSI_NVM, nvm) == 0) {
		elbaf = le32toh(nvm->elbaf[fmt]);
		ni->sts = elbaf & NVME_NVM_ELBAF_STS_MASK;
		ni->pif = (elbaf & NVME_NVM_ELBAF_PIF_MASK) >> 7;
		ni->elbaf_known = true;
	}
	free(nvm);
}

/*
 * The namespace's own write unit hints, the unit an indirection-unit-aware
 * workload writes in (jobs/endurance.fio).  OPTPERF was bit 4 of NSFEAT up
 * to NVMe 2.0 and is bits 5:4 since 2.1 (either set: NPWG, NPWA and NOWS
 * are defined); bit 5 was reserved, so zero, before.  Kept 1-based.
 */
static void identify_write_hints(const struct nvme_id_ns *ns, struct ns_info *ni)
{
	ni->write_hints = (ns->nsfeat >> 4) & 0x3;
	if (ni->write_hints) {
		ni->npwg = le16toh(ns->npwg) + 1u;
		ni->npwa = le16toh(ns->npwa) + 1u;
		ni->nows = le16toh(ns->nows) + 1u;
	}
	if (ns->nsfeat & NVME_NS_FEAT_NATOMIC)
		ni->nawupf = le16toh(ns->nawupf) + 1u;
}

static int identify_nvme(int fd, struct ns_info *ni, char *msg, size_t len)
{
	struct nvme_id_ctrl ctrl;
	struct nvme_id_ns ns;
	unsigned int fmt;
	int ret;

	if (nvme_get_nsid(fd, &ni->nsid) < 0)
		return -errno;
	ret = nvme_identify_ns(fd, ni->nsid, &ns);
	if (ret) {
		char why[160];

		if (ret < 0)
			snprintf(why, sizeof(why), "%s", strerror(errno));
		else
			nvme_status_describe(ret, why, sizeof(why));
		snprintf(msg, len, "%s: Identify Namespace %u failed: %s", ni->path, ni->nsid, why);
		return ret < 0 ? -errno : -EIO;
	}
	fmt = (ns.flbas & NVME_NS_FLBAS_LOWER_MASK) | ((ns.flbas & NVME_NS_FLBAS_HIGHER_MASK) >> 1);
	ni->lba_size = 1u << ns.lbaf[fmt].ds;
	ni->ms = le16toh(ns.lbaf[fmt].ms);
	ni->ms_extended = ni->ms && (ns.flbas & NVME_NS_FLBAS_META_EXT);
	ni->capacity_lbas = le64toh(ns.nsze);
	ni->dlfeat = ns.dlfeat;
	ni->pi_type = ni->ms ? ns.dps & NVME_NS_DPS_PI_MASK : 0;
	ni->pi_first = ns.dps & NVME_NS_DPS_PI_FIRST;
	ni->capacity_bytes = ni->capacity_lbas * ns_lba_unit(ni);
	ni->copy_mssrl = le16toh(ns.mssrl);
	ni->copy_mcl = le32toh(ns.mcl);
	ni->copy_msrc = (uint16_t)(ns.msrc + 1u);
	identify_write_hints(&ns, ni);
	if (nvme_identify_ctrl(fd, &ctrl) == 0) {
		if (le32toh(ctrl.ctratt) & NVME_CTRL_CTRATT_ELBAS)
			identify_elbaf(fd, ni, fmt);
		struct nvme_id_ctrl_nvm nvm;

		ni->mdts_bytes = ctrl.mdts ? 4096ull << ctrl.mdts : 0;
		ni->oncs = le16toh(ctrl.oncs);
		ni->oacs = le16toh(ctrl.oacs);
		ni->write_zeroes = ni->oncs & NVME_CTRL_ONCS_WRITE_ZEROES;
		if (nvme_nvm_identify_ctrl(fd, &nvm) == 0 && nvm.wzsl)
			ni->wzsl_bytes = 4096ull << nvm.wzsl;
		copy_trimmed(ni->model, sizeof(ni->model), ctrl.mn, sizeof(ctrl.mn));
		copy_trimmed(ni->serial, sizeof(ni->serial), ctrl.sn, sizeof(ctrl.sn));
		copy_trimmed(ni->firmware, sizeof(ni->firmware), ctrl.fr, sizeof(ctrl.fr));
	}
	ni->identified = true;
	return 0;
}

/* queue/max_hw_sectors_kb and queue/max_segments of the namespace's disk. */
static void read_queue_limits(struct ns_info *ni)
{
	char path[PATH_MAX + 64];
	unsigned long long v;
	FILE *fp;

	snprintf(path, sizeof(path), "%.*s/queue/max_hw_sectors_kb", PATH_MAX - 1,
		 ni->dev.disk_sysdir);
	fp = fopen(path, "r");
	if (fp) {
		if (fscanf(fp, "%llu", &v) == 1)
			ni->max_hw_bytes = v * 1024;
		fclose(fp);
	}
	snprintf(path, sizeof(path), "%.*s/queue/max_segments", PATH_MAX - 1, ni->dev.disk_sysdir);
	fp = fopen(path, "r");
	if (fp) {
		if (fscanf(fp, "%llu", &v) == 1)
			ni->max_segments = (uint32_t)v;
		fclose(fp);
	}
}

uint64_t ns_max_transfer(const struct ns_info *ni, uint32_t page, char *why, size_t len)
{
	uint64_t segs = (uint64_t)ni->max_segments * page, best = 0;

	why[0] = '\0';
	if (ni->mdts_bytes) {
		best = ni->mdts_bytes;
		snprintf(why, len, "the controller's MDTS");
	}
	if (ni->max_hw_bytes && (!best || ni->max_hw_bytes < best)) {
		best = ni->max_hw_bytes;
		snprintf(why, len, "the queue's max_hw_sectors_kb (%llu)",
			 (unsigned long long)(ni->max_hw_bytes / 1024));
	}
	/* each page of an I/O buffer may be a segment of its own */
	if (segs && (!best || segs < best)) {
		best = segs;
		snprintf(why, len, "the queue's max_segments (%u) of %u-byte buffer pages",
			 ni->max_segments, page);
	}
	return best;
}

static int open_error(const char *path, int err, char *msg, size_t len)
{
	if (err == EACCES || err == EPERM)
		snprintf(msg, len,
			 "%s: %s: NVMe passthrough needs root or CAP_SYS_ADMIN, or read/write "
			 "permission on the device node (e.g. a udev rule giving your group "
			 "access to /dev/ng*)",
			 path, strerror(err));
	else
		snprintf(msg, len, "%s: cannot open: %s", path, strerror(err));
	return -err;
}

static int probe_char(const char *path, struct ns_info *ni, char *msg, size_t len)
{
	int fd, ret;

	if (ni->dev.is_controller) {
		snprintf(msg, len,
			 "%s is an NVMe controller, not a namespace: name the namespaces with "
			 "the engine option namespaces= (e.g. namespaces=1,2 or all)",
			 path);
		return -EINVAL;
	}
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return open_error(path, errno, msg, len);
	ni->kind = NS_KIND_NVME_CHAR;
	names_from_dev(ni);
	ret = ni->dev.disk[0] ? identify_nvme(fd, ni, msg, len) : -ENOTTY;
	if (!ret)
		read_queue_limits(ni);
	close(fd);
	if (ret == -ENOTTY || ret == -EINVAL || (ret && !msg[0]))
		snprintf(msg, len,
			 "%s is a character device but not an NVMe namespace generic device "
			 "(/dev/ngXnY)",
			 path);
	else if (!ret && lba_shift_of(ni->lba_size) < 0) {
		snprintf(msg, len, "%s reports an LBA size of %u bytes, which is not supported",
			 path, ni->lba_size);
		return -EINVAL;
	}
	return ret;
}

static int probe_block(const char *path, struct ns_info *ni, char *msg, size_t len)
{
	uint64_t bytes = 0;
	int fd, ssz = 0;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return open_error(path, errno, msg, len);
	ni->kind = NS_KIND_BLOCK;
	names_from_dev(ni);
	if (ioctl(fd, BLKSSZGET, &ssz) < 0 || ioctl(fd, BLKGETSIZE64, &bytes) < 0) {
		snprintf(msg, len, "%s: cannot read the block device's size: %s", path,
			 strerror(errno));
		close(fd);
		return -errno;
	}
	/* An NVMe block device answers identify too: record who it is. */
	if (ni->controller[0] && identify_nvme(fd, ni, msg, len) != 0) {
		ni->identified = false;
		msg[0] = '\0';
	}
	close(fd);
	ni->lba_size = (uint32_t)ssz;
	ni->ms = 0;
	ni->ms_extended = false;
	ni->capacity_lbas = ssz ? bytes / (uint32_t)ssz : 0;
	ni->capacity_bytes = bytes;
	return 0;
}

static bool in_dev_dir(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash && slash - path == 4 && !strncmp(path, "/dev/", 5);
}

int ns_probe(const char *path, struct ns_info *ni, char *msg, size_t len)
{
	struct stat st;

	memset(ni, 0, sizeof(*ni));
	msg[0] = '\0';
	snprintf(ni->path, sizeof(ni->path), "%s", path);
	if (stat(path, &st) < 0) {
		/* A missing /dev/X is a missing device; elsewhere fio creates files. */
		if (errno == ENOENT && !in_dev_dir(path)) {
			ni->kind = NS_KIND_FILE;
			return 0;
		}
		snprintf(msg, len, "%s: %s", path,
			 errno == ENOENT ? "no such device" : strerror(errno));
		return -errno;
	}
	if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) {
		int ret = nsdev_identify("/sys", path, &ni->dev, msg, len);

		if (ret)
			return ret;
	}
	if (S_ISCHR(st.st_mode))
		return probe_char(path, ni, msg, len);
	if (S_ISBLK(st.st_mode))
		return probe_block(path, ni, msg, len);
	if (S_ISREG(st.st_mode)) {
		ni->kind = NS_KIND_FILE;
		return 0;
	}
	snprintf(msg, len, "%s is neither an NVMe namespace, a block device nor a regular file",
		 path);
	return -EINVAL;
}

/* The controller behind PATH's node, by its device number; "" if none. */
static int controller_of(const char *path, char *ctrl, size_t len, char *msg, size_t msg_len)
{
	struct nsdev d;
	int ret = nsdev_identify("/sys", path, &d, msg, msg_len);

	ctrl[0] = '\0';
	if (ret && ret != -ENOTBLK)
		return ret;
	snprintf(ctrl, len, "%s", d.controller);
	return 0;
}

/* The attached namespace with NSID, or -1. */
static int find_nsid(const struct nsdev_attached *att, int n, uint32_t nsid)
{
	int i;

	for (i = 0; i < n; i++)
		if (att[i].nsid == nsid)
			return i;
	return -1;
}

static int sort_u32(const void *a, const void *b);

static void list_attached(const struct nsdev_attached *att, int n, char *buf, size_t len)
{
	uint32_t *ids = calloc((size_t)n + 1, sizeof(*ids));
	size_t used = 0;
	int i;

	snprintf(buf, len, "none");
	if (!ids || !n) {
		free(ids);
		return;
	}
	for (i = 0; i < n; i++)
		ids[i] = att[i].nsid;
	qsort(ids, (size_t)n, sizeof(ids[0]), sort_u32);
	for (i = 0; i < n && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%u", i ? "," : "", ids[i]);
	free(ids);
}

char *ns_generic_path(const char *ns_name)
{
	unsigned int ctrl, nsid;
	char *p = NULL;

	if (!nsdev_parse_ns_name(ns_name, false, &ctrl, &nsid) ||
	    asprintf(&p, "/dev/ng%un%u", ctrl, nsid) < 0)
		return NULL;
	return p;
}

static int sort_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* The message for namespace NSID, not attached to CTRL. */
static void not_attached(const char *ctrl, uint32_t nsid, const struct nsdev_attached *att, int n,
			 char *msg, size_t len)
{
	char attached[256], others[256];

	list_attached(att, n, attached, sizeof(attached));
	if (nsdev_ns_controllers("/sys", ctrl, nsid, others, sizeof(others)))
		snprintf(msg, len,
			 "namespaces=: namespace %u is not attached to controller %s but to %s of "
			 "the same subsystem; name that controller in filename= (%s's namespaces: "
			 "%s)",
			 nsid, ctrl, others, ctrl, attached);
	else
		snprintf(msg, len,
			 "namespaces=: namespace %u does not exist on controller %s (attached "
			 "namespaces: %s)",
			 nsid, ctrl, attached);
}

/* "262144 LBAs of 4096 bytes, 8 bytes of metadata (separate), PI type 1" */
static int describe_format(const struct ns_info *ni, char *buf, size_t len)
{
	return snprintf(buf, len, "%llu LBAs of %u bytes, %u bytes of metadata%s, %s%.0u",
			(unsigned long long)ni->capacity_lbas, ni->lba_size, ni->ms,
			!ni->ms		  ? ""
			: ni->ms_extended ? " (extended)"
					  : " (separate)",
			ni->pi_type ? "PI type " : "no PI", ni->pi_type);
}

bool ns_format_changed(const struct ns_info *was, const struct ns_info *now, char *msg, size_t len)
{
	int n;

	if (was->lba_size == now->lba_size && was->ms == now->ms &&
	    was->ms_extended == now->ms_extended && was->pi_type == now->pi_type &&
	    was->pi_first == now->pi_first && was->pif == now->pif && was->sts == now->sts &&
	    was->capacity_lbas == now->capacity_lbas)
		return false;
	n = snprintf(msg, len, "was ");
	n += describe_format(was, msg + n, len > (size_t)n ? len - (size_t)n : 0);
	if ((size_t)n < len)
		n += snprintf(msg + n, len - (size_t)n, ", now ");
	if ((size_t)n < len)
		describe_format(now, msg + n, len - (size_t)n);
	return true;
}

int ns_expand(const char *path, const struct nslist *list, char ***paths, char *msg, size_t len)
{
	struct nsdev_attached *att = calloc(NSDEV_MAX_NS, sizeof(*att));
	uint32_t want[NSLIST_MAX];
	unsigned int i, nwant;
	char ctrl[32], **out = NULL;
	int n = -1, found, idx;

	if (!att) {
		snprintf(msg, len, "out of memory");
		return -1;
	}
	if (controller_of(path, ctrl, sizeof(ctrl), msg, len))
		goto out;
	if (!ctrl[0]) {
		snprintf(msg, len,
			 "namespaces= needs filename= to be the device node of an NVMe controller "
			 "(/dev/nvmeX) or of one of its namespaces (/dev/ngXnY); %s is not one "
			 "(the controller is found from the device, not from the name)",
			 path);
		goto out;
	}
	if (strchr(ctrl, ',')) {
		snprintf(msg, len,
			 "namespaces=: %s is a multipath namespace reachable through controllers "
			 "%s; name the controller whose namespaces to use: filename=/dev/nvmeX",
			 path, ctrl);
		goto out;
	}
	/* the controller's own attached namespaces, never its subsystem's */
	found = nsdev_ctrl_namespaces("/sys", ctrl, att, NSDEV_MAX_NS);
	if (found < 0) {
		snprintf(msg, len, "%s: controller %s not found in sysfs (/sys/class/nvme/%s): %s",
			 path, ctrl, ctrl, strerror(-found));
		goto out;
	}
	if (list->all) {
		for (i = 0; i < (unsigned int)found && i < NSLIST_MAX; i++)
			want[i] = att[i].nsid;
		nwant = i;
		qsort(want, nwant, sizeof(want[0]), sort_u32);
	} else {
		memcpy(want, list->ids, list->count * sizeof(want[0]));
		nwant = list->count;
	}
	if (!nwant) {
		snprintf(msg, len, "controller %s has no namespaces attached", ctrl);
		goto out;
	}
	out = calloc(nwant, sizeof(*out));
	if (!out) {
		snprintf(msg, len, "out of memory");
		goto out;
	}
	for (i = 0; i < nwant; i++) {
		idx = find_nsid(att, found, want[i]);
		if (idx < 0) {
			not_attached(ctrl, want[i], att, found, msg, len);
			break;
		}
		out[i] = ns_generic_path(att[idx].disk);
		if (!out[i]) {
			snprintf(msg, len, "namespace %u of %s has an unexpected name '%s'",
				 want[i], ctrl, att[idx].disk);
			break;
		}
	}
	if (i < nwant) {
		ns_free_paths(out, (int)i);
		goto out;
	}
	*paths = out;
	n = (int)nwant;
out:
	free(att);
	return n;
}

void ns_free_paths(char **paths, int n)
{
	int i;

	if (!paths)
		return;
	for (i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
}
