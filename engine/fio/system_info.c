// SPDX-License-Identifier: GPL-2.0-only
/*
 * The "system" object of the engine's results file: the host, kernel, CPU
 * and fio of the run, and the device the job ran on with its device number.
 * A plain fio run has no runner manifest, whose "system" fiorank reads for
 * a drive's host, CPU and kernel: the results file then says them, with the
 * manifest's key names.
 */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "fio.h"

#include "glue.h"

void ssdnvme_cpu_model(char *buf, size_t len)
{
	char line[512], *v = NULL;
	FILE *f = fopen("/proc/cpuinfo", "r");

	buf[0] = '\0';
	if (!f)
		return;
	while (!v && fgets(line, sizeof(line), f))
		if (!strncmp(line, "model name", 10) && (v = strchr(line, ':')))
			v += strspn(v, ": \t");
	fclose(f);
	if (v) {
		v[strcspn(v, "\n")] = '\0';
		snprintf(buf, len, "%s", v);
	}
}

void ssdnvme_host_name(char *buf, size_t len)
{
	if (gethostname(buf, len - 1))
		buf[0] = '\0';
	buf[len - 1] = '\0';
}

static json_object *str_or_null(const char *v)
{
	return *v ? json_object_new_string(v) : NULL;
}

/*
 * The job's first file and its device number: the node's own for a device
 * (major:minor as in /proc/partitions, ls -l), the file system's for a file.
 */
static json_object *device(const struct engine_data *ld)
{
	const struct ns_info *ni;
	json_object *d;
	struct stat st;
	dev_t dev;
	char mm[32];

	if (!ld->nr_opened)
		return NULL;
	ni = &ld->opened[0]->ni;
	if (stat(ni->path, &st))
		return NULL;
	dev = S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? st.st_rdev : st.st_dev;
	snprintf(mm, sizeof(mm), "%u:%u", major(dev), minor(dev));
	d = json_object_new_object();
	json_object_object_add(d, "path", json_object_new_string(ni->path));
	json_object_object_add(d, "major_minor", json_object_new_string(mm));
	return d;
}

json_object *ssdnvme_system_info(const struct engine_data *ld)
{
	json_object *sys = json_object_new_object();
	char host[256], cpu[256];
	struct utsname u;

	if (!sys)
		return NULL;
	ssdnvme_host_name(host, sizeof(host));
	ssdnvme_cpu_model(cpu, sizeof(cpu));
	json_object_object_add(sys, "host", str_or_null(host));
	json_object_object_add(sys, "kernel", uname(&u) ? NULL : json_object_new_string(u.release));
	json_object_object_add(sys, "cpu", str_or_null(cpu));
	json_object_object_add(sys, "fio_version", json_object_new_string(SSDNVME_FIO_VERSION));
	json_object_object_add(sys, "device", device(ld));
	return sys;
}
