// SPDX-License-Identifier: GPL-2.0-only
/*
 * The default thread count (cpus.h).  The CPUs of the affinity mask, not
 * the online ones: under taskset or a container's cpuset more threads than
 * CPUs only take turns.  Cores, not hardware threads: two threads of one
 * core share its execution units, so the second adds CPU time (what the
 * bench measures, and what a shared machine pays) for a fraction of a
 * core's work.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "util/cpus.h"

/* A CPU's topology id (physical_package_id or core_id), or -1. */
static long topology_id(const char *topology, int cpu, const char *what)
{
	char path[256];
	long id = -1;
	FILE *f;

	snprintf(path, sizeof(path), "%s/cpu%d/topology/%s", topology, cpu, what);
	f = fopen(path, "re");
	if (!f)
		return -1;
	if (fscanf(f, "%ld", &id) != 1)
		id = -1;
	fclose(f);
	return id;
}

unsigned fr_cpu_cores_in(const char *topology, const cpu_set_t *set, unsigned max)
{
	struct {
		long package, core;
	} seen[64];
	unsigned n = 0;

	if (max > 64)
		max = 64;
	for (int cpu = 0; cpu < CPU_SETSIZE && n < max; cpu++) {
		long package, core;
		unsigned i;

		if (!CPU_ISSET(cpu, set))
			continue;
		package = topology_id(topology, cpu, "physical_package_id");
		core = topology_id(topology, cpu, "core_id");
		for (i = 0; i < n && core >= 0; i++)
			if (seen[i].package == package && seen[i].core == core)
				break;
		if (core < 0 || i == n) {
			seen[n].package = package;
			seen[n].core = core;
			n++;
		}
	}
	return n ? n : 1;
}

unsigned fr_cpu_cores(unsigned max)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set)) {
		long online = sysconf(_SC_NPROCESSORS_ONLN);

		CPU_ZERO(&set);
		for (long cpu = 0; cpu < online && cpu < CPU_SETSIZE; cpu++)
			CPU_SET(cpu, &set);
	}
	return fr_cpu_cores_in("/sys/devices/system/cpu", &set, max ? max : 1);
}
