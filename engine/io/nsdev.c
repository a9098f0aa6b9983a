// SPDX-License-Identifier: GPL-2.0-only
/*
 * Device identity from sysfs, keyed by device number.
 *
 * Layouts this reads (Linux 6.1):
 *   /sys/dev/char/245:1  -> .../nvme-subsys0/ng0n2    (class nvme-generic)
 *   /sys/dev/block/259:3 -> .../nvme-subsys0/nvme0n2  (multipath head) or
 *                           .../nvme/nvme0/nvme0n2    (no multipath)
 *   /sys/dev/block/259:9 -> .../nvme0n2/nvme0n2p1     (has a "partition" file)
 *   /sys/dev/char/246:0  -> .../nvme/nvme0            (class nvme: controller)
 * A namespace's char node and its block disk are siblings named ngXnY and
 * nvmeXnY; both carry the same nsid.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "nsdev.h"

bool nsdev_parse_majmin(const char *s, dev_t *out)
{
	unsigned int ma, mi;
	char extra;

	if (sscanf(s, "%u:%u%c", &ma, &mi, &extra) < 2)
		return false;
	*out = makedev(ma, mi);
	return true;
}

/* The first line of DIR/FILE into BUF (newline dropped); false if unreadable. */
bool nsdev_read_attr(const char *dir, const char *file, char *buf, size_t len)
{
	char path[PATH_MAX + 64];
	FILE *fp;
	bool ok;

	snprintf(path, sizeof(path), "%.*s/%.60s", PATH_MAX - 1, dir, file);
	fp = fopen(path, "r");
	if (!fp)
		return false;
	ok = fgets(buf, (int)len, fp) != NULL;
	fclose(fp);
	if (ok)
		buf[strcspn(buf, "\n")] = '\0';
	return ok;
}

static bool has_attr(const char *dir, const char *file)
{
	char path[PATH_MAX + 64];

	snprintf(path, sizeof(path), "%.*s/%.60s", PATH_MAX - 1, dir, file);
	return access(path, F_OK) == 0;
}

/* basename() of a copy: neither argument is changed. */
static void base_of(const char *path, char *out, size_t len)
{
	char tmp[PATH_MAX];

	snprintf(tmp, sizeof(tmp), "%s", path);
	snprintf(out, len, "%s", basename(tmp));
}

static void dir_of(const char *path, char *out, size_t len)
{
	char tmp[PATH_MAX];

	snprintf(tmp, sizeof(tmp), "%s", path);
	snprintf(out, len, "%s", dirname(tmp));
}

/* "nvme0" exactly: a controller's name. */
static bool controller_name(const char *s)
{
	unsigned int a;
	char extra;

	return sscanf(s, "nvme%u%c", &a, &extra) == 1;
}

bool nsdev_parse_ns_name(const char *name, bool generic, unsigned int *ctrl, unsigned int *nsid)
{
	const char *prefix = generic ? "ng" : "nvme";
	size_t plen = strlen(prefix);
	int used = -1;

	/* digits only: sscanf's %u would also take a sign or leading spaces */
	if (strncmp(name, prefix, plen) || !isdigit((unsigned char)name[plen]))
		return false;
	if (sscanf(name + plen, "%un%n", ctrl, &used) != 1 || used < 0 ||
	    !isdigit((unsigned char)name[plen + (size_t)used]))
		return false;
	name += plen + (size_t)used;
	if (sscanf(name, "%u%n", nsid, &used) != 1)
		return false;
	return name[used] == '\0';
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

/* "nvme1c0n7": the path of head nvme1n7 (subsystem 1) through controller 0. */
static bool parse_path_name(const char *name, unsigned int *subsys, unsigned int *ctrl,
			    unsigned int *head)
{
	int used = -1;

	if (strncmp(name, "nvme", 4) || !isdigit((unsigned char)name[4]))
		return false;
	return sscanf(name, "nvme%uc%un%u%n", subsys, ctrl, head, &used) == 3 && used > 0 &&
	       name[used] == '\0';
}

/*
 * The controller a namespace directory's parent stands for: the controller
 * itself, or for a multipath head (parent nvme-subsysN) the controllers that
 * have a path to it (a path "nvmeScCnH" in the controller's directory),
 * comma-separated: the head sends I/O down any of them.
 */
static void controller_of_parent(const char *parent, const char *name, char *ctrl, size_t len)
{
	unsigned int subsys, head, c;
	struct dirent **ents;
	char base[PATH_MAX], dir[PATH_MAX + 300];
	size_t used = 0;
	int n, i;

	ctrl[0] = '\0';
	base_of(parent, base, sizeof(base));
	if (controller_name(base)) {
		snprintf(ctrl, len, "%.31s", base);
		return;
	}
	if (strncmp(base, "nvme-subsys", 11) || (!nsdev_parse_ns_name(name, true, &subsys, &head) &&
						 !nsdev_parse_ns_name(name, false, &subsys, &head)))
		return;
	n = scandir(parent, &ents, NULL, by_name);
	for (i = 0; i < n; i++) {
		if (controller_name(ents[i]->d_name) &&
		    sscanf(ents[i]->d_name, "nvme%u", &c) == 1) {
			snprintf(dir, sizeof(dir), "%.*s/%.255s", PATH_MAX - 1, parent,
				 ents[i]->d_name);
			snprintf(base, sizeof(base), "nvme%uc%un%u", subsys, c, head);
			if (has_attr(dir, base) && used < len)
				used += (size_t)snprintf(ctrl + used, len - used, "%s%s",
							 used ? "," : "", ents[i]->d_name);
		}
		free(ents[i]);
	}
	if (n >= 0)
		free(ents);
}

static void add_attached(struct nsdev_attached *out, int *n, int max, uint32_t nsid,
			 const char *disk)
{
	int i;

	for (i = 0; i < *n; i++)
		if (out[i].nsid == nsid)
			return;
	if (*n < max) {
		out[*n].nsid = nsid;
		snprintf(out[*n].disk, sizeof(out[*n].disk), "%.63s", disk);
		(*n)++;
	}
}

int nsdev_ctrl_namespaces(const char *sysfs, const char *ctrl, struct nsdev_attached *out, int max)
{
	char dir[PATH_MAX], sub[PATH_MAX + 300], disk[64], nsid[32];
	unsigned int a, b, h;
	struct dirent **ents;
	int n, i, found = 0;

	snprintf(dir, sizeof(dir), "%s/class/nvme/%.64s", sysfs, ctrl);
	n = scandir(dir, &ents, NULL, by_name);
	if (n < 0)
		return -errno;
	for (i = 0; i < n; i++) {
		const char *e = ents[i]->d_name;

		disk[0] = '\0';
		if (parse_path_name(e, &a, &b, &h))
			snprintf(disk, sizeof(disk), "nvme%un%u", a, h);
		else if (nsdev_parse_ns_name(e, false, &a, &b))
			snprintf(disk, sizeof(disk), "%.63s", e);
		snprintf(sub, sizeof(sub), "%s/%.255s", dir, e);
		if (disk[0] && nsdev_read_attr(sub, "nsid", nsid, sizeof(nsid)))
			add_attached(out, &found, max, (uint32_t)strtoul(nsid, NULL, 10), disk);
		free(ents[i]);
	}
	free(ents);
	return found;
}

/* The nvme-subsystem directory that lists controller CTRL, in DIR; false if none. */
static bool subsystem_of(const char *sysfs, const char *ctrl, char *dir, size_t len)
{
	char class[PATH_MAX - 300], cand[PATH_MAX];
	struct dirent **ents;
	bool found = false;
	int n, i;

	snprintf(class, sizeof(class), "%s/class/nvme-subsystem", sysfs);
	n = scandir(class, &ents, NULL, by_name);
	for (i = 0; i < n; i++) {
		snprintf(cand, sizeof(cand), "%s/%.255s", class, ents[i]->d_name);
		if (!found && ents[i]->d_name[0] != '.' && has_attr(cand, ctrl)) {
			snprintf(dir, len, "%.*s", (int)len - 1, cand);
			found = true;
		}
		free(ents[i]);
	}
	if (n >= 0)
		free(ents);
	return found;
}

int nsdev_ns_controllers(const char *sysfs, const char *ctrl, uint32_t nsid, char *buf, size_t len)
{
	struct nsdev_attached *att = calloc(NSDEV_MAX_NS, sizeof(*att));
	char subsys[PATH_MAX];
	struct dirent **ents;
	size_t used = 0;
	int n, i, k, m, count = 0;

	buf[0] = '\0';
	if (!att)
		return 0;
	n = subsystem_of(sysfs, ctrl, subsys, sizeof(subsys))
		    ? scandir(subsys, &ents, NULL, by_name)
		    : -1;
	for (i = 0; i < n; i++) {
		if (controller_name(ents[i]->d_name)) {
			m = nsdev_ctrl_namespaces(sysfs, ents[i]->d_name, att, NSDEV_MAX_NS);
			for (k = 0; k < m; k++)
				if (att[k].nsid == nsid && used < len) {
					used += (size_t)snprintf(buf + used, len - used, "%s%s",
								 count++ ? ", " : "",
								 ents[i]->d_name);
					break;
				}
		}
		free(ents[i]);
	}
	if (n >= 0)
		free(ents);
	free(att);
	return count;
}

/* The block disk next to generic char node NAME ("ng0n2" -> "nvme0n2"). */
static void disk_of_generic(struct nsdev *d, const char *parent)
{
	unsigned int a, b;

	if (!nsdev_parse_ns_name(d->name, true, &a, &b))
		return;
	snprintf(d->disk, sizeof(d->disk), "nvme%un%u", a, b);
	snprintf(d->disk_sysdir, sizeof(d->disk_sysdir), "%.*s/%s", PATH_MAX - 80, parent, d->disk);
	if (!has_attr(d->disk_sysdir, "dev"))
		d->disk[0] = d->disk_sysdir[0] = '\0';
}

static void identify_char(struct nsdev *d)
{
	char subsys[PATH_MAX + 16], real[PATH_MAX], cls[64], parent[PATH_MAX];

	snprintf(subsys, sizeof(subsys), "%s/subsystem", d->sysdir);
	if (!realpath(subsys, real))
		return;
	base_of(real, cls, sizeof(cls));
	dir_of(d->sysdir, parent, sizeof(parent));
	if (!strcmp(cls, "nvme")) {
		d->is_controller = true;
		snprintf(d->controller, sizeof(d->controller), "%.31s", d->name);
	} else if (!strcmp(cls, "nvme-generic")) {
		disk_of_generic(d, parent);
		controller_of_parent(parent, d->name, d->controller, sizeof(d->controller));
	}
}

static void identify_block(struct nsdev *d)
{
	char parent[PATH_MAX];
	unsigned int a, b;

	if (has_attr(d->sysdir, "partition")) {
		d->is_partition = true;
		dir_of(d->sysdir, d->disk_sysdir, sizeof(d->disk_sysdir));
		base_of(d->disk_sysdir, d->disk, sizeof(d->disk));
	} else {
		snprintf(d->disk, sizeof(d->disk), "%s", d->name);
		snprintf(d->disk_sysdir, sizeof(d->disk_sysdir), "%s", d->sysdir);
	}
	/* Only an NVMe namespace disk ("nvme0n2", not a path "nvme0c0n2") has a controller. */
	if (!nsdev_parse_ns_name(d->disk, false, &a, &b))
		return;
	dir_of(d->disk_sysdir, parent, sizeof(parent));
	controller_of_parent(parent, d->disk, d->controller, sizeof(d->controller));
}

int nsdev_identify_rdev(const char *sysfs, dev_t rdev, bool block, struct nsdev *d, char *msg,
			size_t len)
{
	char link[PATH_MAX], buf[32];

	memset(d, 0, sizeof(*d));
	d->rdev = rdev;
	d->block = block;
	snprintf(link, sizeof(link), "%.*s/dev/%s/%u:%u", PATH_MAX - 64, sysfs,
		 block ? "block" : "char", major(rdev), minor(rdev));
	if (!realpath(link, d->sysdir)) {
		snprintf(msg, len, "device %u:%u has no sysfs entry (%s): %s", major(rdev),
			 minor(rdev), link, strerror(errno));
		return -ENODEV;
	}
	base_of(d->sysdir, d->name, sizeof(d->name));
	if (d->block)
		identify_block(d);
	else
		identify_char(d);
	if (d->disk[0] && nsdev_read_attr(d->disk_sysdir, "nsid", buf, sizeof(buf)))
		d->nsid = (uint32_t)strtoul(buf, NULL, 10);
	return 0;
}

int nsdev_identify(const char *sysfs, const char *path, struct nsdev *d, char *msg, size_t len)
{
	struct stat st;
	int ret;

	memset(d, 0, sizeof(*d));
	if (stat(path, &st) < 0) {
		snprintf(msg, len, "%s: %s", path, strerror(errno));
		return -errno;
	}
	if (!S_ISCHR(st.st_mode) && !S_ISBLK(st.st_mode))
		return -ENOTBLK;
	ret = nsdev_identify_rdev(sysfs, st.st_rdev, S_ISBLK(st.st_mode), d, msg, len);
	if (ret) {
		char why[PATH_MAX + 128];

		snprintf(why, sizeof(why), "%s", msg);
		snprintf(msg, len, "%s: %s", path, why);
	}
	return ret;
}

static bool add_part(struct nsdev_part *out, int *n, int max, const char *sysdir)
{
	char buf[32];

	if (*n >= max || !nsdev_read_attr(sysdir, "dev", buf, sizeof(buf)) ||
	    !nsdev_parse_majmin(buf, &out[*n].rdev))
		return false;
	snprintf(out[*n].sysdir, sizeof(out[*n].sysdir), "%s", sysdir);
	base_of(sysdir, out[*n].name, sizeof(out[*n].name));
	(*n)++;
	return true;
}

int nsdev_overlapping(const struct nsdev *d, struct nsdev_part *out, int max)
{
	char sub[PATH_MAX + 300];
	struct dirent *e;
	DIR *dir;
	int n = 0;

	if (!d->disk[0])
		return 0;
	add_part(out, &n, max, d->disk_sysdir);
	if (d->is_partition) {
		add_part(out, &n, max, d->sysdir);
		return n;
	}
	dir = opendir(d->disk_sysdir);
	if (!dir)
		return n;
	while ((e = readdir(dir))) {
		snprintf(sub, sizeof(sub), "%s/%s", d->disk_sysdir, e->d_name);
		if (e->d_name[0] != '.' && has_attr(sub, "partition"))
			add_part(out, &n, max, sub);
	}
	closedir(dir);
	return n;
}
