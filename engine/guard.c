/*
 * Safety checks made before the first I/O.
 */
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"

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

/* Is the block device MAJMIN ("259:3") BLOCKDEV itself or one of its partitions? */
static bool dev_belongs_to(const char *majmin, const char *blockdev)
{
	char link[64], real[PATH_MAX], *base, *slash;

	snprintf(link, sizeof(link), "/sys/dev/block/%s", majmin);
	if (!realpath(link, real))
		return false;
	slash = strrchr(real, '/');
	if (!slash)
		return false;
	base = slash + 1;
	if (!strcmp(base, blockdev))
		return true;
	*slash = '\0';
	slash = strrchr(real, '/');
	return slash && !strcmp(slash + 1, blockdev);
}

/*
 * mountinfo lines: "ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS ...".  Mount
 * points escape spaces as \040; they are reported as the kernel wrote them.
 */
bool guard_find_mount(const char *mountinfo, const char *blockdev, char *mnt, size_t len)
{
	char line[4096], majmin[32], point[PATH_MAX];
	bool found = false;
	FILE *fp;

	if (!blockdev || !*blockdev)
		return false;
	fp = fopen(mountinfo, "r");
	if (!fp)
		return false;
	while (!found && fgets(line, sizeof(line), fp)) {
		if (sscanf(line, "%*s %*s %31s %*s %4095s", majmin, point) != 2)
			continue;
		if (strncmp(majmin, "0:", 2) && dev_belongs_to(majmin, blockdev)) {
			snprintf(mnt, len, "%s", point);
			found = true;
		}
	}
	fclose(fp);
	return found;
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
