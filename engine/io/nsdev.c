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
static bool read_attr(const char *dir, const char *file, char *buf, size_t len)
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

/*
 * The controller a namespace directory's parent stands for: the controller
 * itself, or for a multipath head (parent nvme-subsysN) the subsystem's
 * first controller, whose scan lists all the subsystem's namespaces.
 */
static void controller_of_parent(const char *parent, char *ctrl, size_t len)
{
	struct dirent **ents;
	char base[PATH_MAX];
	int n, i;

	ctrl[0] = '\0';
	base_of(parent, base, sizeof(base));
	if (controller_name(base)) {
		snprintf(ctrl, len, "%.31s", base);
		return;
	}
	if (strncmp(base, "nvme-subsys", 11))
		return;
	n = scandir(parent, &ents, NULL, by_name);
	for (i = 0; i < n; i++) {
		if (!ctrl[0] && controller_name(ents[i]->d_name))
			snprintf(ctrl, len, "%.31s", ents[i]->d_name);
		free(ents[i]);
	}
	if (n >= 0)
		free(ents);
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
		controller_of_parent(parent, d->controller, sizeof(d->controller));
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
	controller_of_parent(parent, d->controller, sizeof(d->controller));
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
	if (d->disk[0] && read_attr(d->disk_sysdir, "nsid", buf, sizeof(buf)))
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

	if (*n >= max || !read_attr(sysdir, "dev", buf, sizeof(buf)) ||
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
