// SPDX-License-Identifier: GPL-2.0-only
/*
 * The default thread count (analysis/util/cpus.h): the cores a set of CPUs
 * spans, hardware threads of one core counted once, read from a made-up
 * sysfs tree.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "util/cpus.h"

static char root[64];

static void put_id(int cpu, const char *what, long id)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/cpu%d", root, cpu);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/cpu%d/topology", root, cpu);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/cpu%d/topology/%s", root, cpu, what);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "%ld\n", id);
	fclose(f);
}

/* cpu: its package and core */
static void put_cpu(int cpu, long package, long core)
{
	put_id(cpu, "physical_package_id", package);
	put_id(cpu, "core_id", core);
}

static int make_tree(void **state)
{
	(void)state;
	snprintf(root, sizeof(root), "/tmp/fr-cpus-XXXXXX");
	if (!mkdtemp(root))
		return -1;
	/* two packages of two cores of two threads; Linux numbers the
	 * second threads after all the first ones */
	for (int cpu = 0; cpu < 8; cpu++)
		put_cpu(cpu, (cpu % 4) / 2, cpu % 2);
	/* cpu 8: no topology files */
	return 0;
}

/* The files make_tree() wrote, then its directories, deepest first. */
static int remove_tree(void **state)
{
	static const char *const parts[] = {"/topology/physical_package_id", "/topology/core_id",
					    "/topology", ""};
	char path[256];
	int err = 0;

	(void)state;
	for (int cpu = 0; cpu < 8; cpu++)
		for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
			snprintf(path, sizeof(path), "%s/cpu%d%s", root, cpu, parts[i]);
			err |= i < 2 ? unlink(path) : rmdir(path);
		}
	return err | rmdir(root);
}

static unsigned cores_of(const int *cpus, size_t n, unsigned max)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	for (size_t i = 0; i < n; i++)
		CPU_SET(cpus[i], &set);
	return fr_cpu_cores_in(root, &set, max);
}

static void test_threads_of_a_core_count_once(void **state)
{
	static const int all[] = {0, 1, 2, 3, 4, 5, 6, 7};
	static const int siblings[] = {0, 4};
	static const int two_cores[] = {0, 1};
	static const int packages[] = {0, 2}; /* core 0 of each package */

	(void)state;
	assert_int_equal(cores_of(all, 8, 8), 4);
	assert_int_equal(cores_of(siblings, 2, 8), 1);
	assert_int_equal(cores_of(two_cores, 2, 8), 2);
	assert_int_equal(cores_of(packages, 2, 8), 2);
}

static void test_unknown_topology_and_bounds(void **state)
{
	static const int all[] = {0, 1, 2, 3, 4, 5, 6, 7};
	static const int unknown[] = {8, 0};

	(void)state;
	assert_int_equal(cores_of(unknown, 2, 8), 2); /* cpu 8 counts alone */
	assert_int_equal(cores_of(all, 8, 3), 3);
	assert_int_equal(cores_of(all, 0, 8), 1); /* an empty set */
	assert_int_equal(fr_cpu_cores_in("/nonexistent", &(cpu_set_t){0}, 8), 1);
	assert_in_range(fr_cpu_cores(8), 1, 8);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_threads_of_a_core_count_once),
		cmocka_unit_test(test_unknown_topology_and_bounds),
	};

	return cmocka_run_group_tests(tests, make_tree, remove_tree);
}
