// SPDX-License-Identifier: GPL-2.0-only
/*
 * Safety checks made before the first I/O.
 */
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>

#include "guard.h"
#include "nsdev.h"

bool guard_fio_version(const char *built, const char *running, char *msg, size_t len)
{
	if (running && !strcmp(built, running))
		return true;
	snprintf(msg, len,
		 "ssdnvme.so was built against %s but is loaded into %s; rebuild the engine "
		 "against this fio (make FIO_SRC=/path/to/its/source)",
		 built, running ? running : "a program that is not fio (no fio_version_string)");
	return false;
}

const char *guard_running_fio_version(void)
{
	/* Looked up, not linked: a missing symbol must not stop dlopen. */
	return dlsym(RTLD_DEFAULT, "fio_version_string");
}

#define GUARD_MAX_PARTS 128

/* Which of PARTS has device number DEV, or -1. */
static int find_part(const struct nsdev_part *parts, int n, dev_t dev)
{
	int i;

	for (i = 0; i < n; i++)
		if (parts[i].rdev == dev)
			return i;
	return -1;
}

/*
 * mountinfo lines: "ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS ...".  The
 * device number is compared, never a path.  Mount points escape spaces as
 * \040; they are reported as the kernel wrote them.
 */
static bool find_mount(const char *mountinfo, const struct nsdev_part *parts, int n, char *what,
		       size_t len)
{
	char line[4096], majmin[32], point[PATH_MAX];
	bool found = false;
	dev_t dev;
	FILE *fp;
	int i;

	fp = fopen(mountinfo, "r");
	if (!fp)
		return false;
	while (!found && fgets(line, sizeof(line), fp)) {
		if (sscanf(line, "%*s %*s %31s %*s %4095s", majmin, point) != 2 ||
		    !nsdev_parse_majmin(majmin, &dev))
			continue;
		i = find_part(parts, n, dev);
		if (i >= 0) {
			snprintf(what, len, "/dev/%s (%s) is mounted on %s", parts[i].name, majmin,
				 point);
			found = true;
		}
	}
	fclose(fp);
	return found;
}

/* /proc/swaps: "Filename Type Size Used Priority"; a header line first. */
static bool find_swap(const char *swaps, const struct nsdev_part *parts, int n, char *what,
		      size_t len)
{
	char line[4096], name[PATH_MAX];
	bool found = false;
	struct stat st;
	FILE *fp;
	int i;

	fp = fopen(swaps, "r");
	if (!fp)
		return false;
	while (!found && fgets(line, sizeof(line), fp)) {
		if (sscanf(line, "%4095s", name) != 1 || stat(name, &st) < 0 ||
		    !S_ISBLK(st.st_mode))
			continue;
		i = find_part(parts, n, st.st_rdev);
		if (i >= 0) {
			snprintf(what, len, "/dev/%s is an active swap area (%s in %s)",
				 parts[i].name, name, swaps);
			found = true;
		}
	}
	fclose(fp);
	return found;
}

/* sysfs holders/: device-mapper, md, bcache... stacked on the device. */
static bool find_holder(const struct nsdev_part *p, char *what, size_t len)
{
	char dir[PATH_MAX + 16], dmname[PATH_MAX + 300], name[128] = "";
	struct dirent *e;
	bool found = false;
	DIR *d;
	FILE *fp;

	snprintf(dir, sizeof(dir), "%s/holders", p->sysdir);
	d = opendir(dir);
	if (!d)
		return false;
	while (!found && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(dmname, sizeof(dmname), "%s/%s/dm/name", dir, e->d_name);
		fp = fopen(dmname, "r");
		if (fp) {
			if (fgets(name, sizeof(name), fp))
				name[strcspn(name, "\n")] = '\0';
			fclose(fp);
		}
		snprintf(what, len, "/dev/%s is held by %s%s%s%s (sysfs %s)", p->name, e->d_name,
			 name[0] ? " (device-mapper " : "", name, name[0] ? ")" : "", dir);
		found = true;
	}
	closedir(d);
	return found;
}

bool guard_in_use(const struct nsdev *dev, const char *mountinfo, const char *swaps, char *what,
		  size_t len)
{
	struct nsdev_part *parts = calloc(GUARD_MAX_PARTS, sizeof(*parts));
	bool busy = false;
	int n, i;

	if (!parts) {
		snprintf(what, len, "out of memory checking whether it is in use");
		return true;
	}
	n = nsdev_overlapping(dev, parts, GUARD_MAX_PARTS);
	busy = find_mount(mountinfo, parts, n, what, len) || find_swap(swaps, parts, n, what, len);
	for (i = 0; !busy && i < n; i++)
		busy = find_holder(&parts[i], what, len);
	free(parts);
	return busy;
}

int guard_poll_capable(const char *blockdev)
{
	char path[PATH_MAX];
	int v = -1;
	FILE *fp;

	if (!blockdev || !*blockdev)
		return -1;
	snprintf(path, sizeof(path), "/sys/block/%s/queue/io_poll", blockdev);
	fp = fopen(path, "r");
	if (!fp)
		return -1;
	if (fscanf(fp, "%d", &v) != 1)
		v = -1;
	fclose(fp);
	return v;
}

/* "X.Y[.Z]" at S (digits first); false if it is not one. */
static bool parse_version(const char *s, unsigned int v[3])
{
	int n;

	v[2] = 0;
	if (!s || *s < '0' || *s > '9')
		return false;
	n = sscanf(s, "%u.%u.%u", &v[0], &v[1], &v[2]);
	return n >= 2;
}

bool guard_kernel_upstream(const char *release, const char *proc_version, unsigned int v[3])
{
	const char *deb = proc_version ? strstr(proc_version, " Debian ") : NULL;

	/* Debian and Ubuntu name the upstream release after their tag */
	if (deb && parse_version(deb + 8, v))
		return true;
	return parse_version(release, v);
}

bool guard_passthru_iopoll_fixed(const unsigned int v[3])
{
	return v[0] > GUARD_IOPOLL_FIXED_MAJOR ||
	       (v[0] == GUARD_IOPOLL_FIXED_MAJOR && v[1] >= GUARD_IOPOLL_FIXED_MINOR);
}

bool guard_zoned_model(const char *blockdev, char *buf, size_t len)
{
	char queue[PATH_MAX];

	if (!blockdev || !*blockdev)
		return false;
	snprintf(queue, sizeof(queue), "/sys/block/%s/queue", blockdev);
	return nsdev_read_attr(queue, "zoned", buf, len);
}
