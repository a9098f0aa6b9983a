// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests: device identity by device number (engine/io/nsdev.c) and the
 * in-use guard (engine/io/guard.c), against a sysfs tree
 * built in a temporary directory with the layout of Linux 6.1 (multipath
 * head under nvme-subsys0, a partition, a dm holder).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cmocka.h>

#include "guard.h"
#include "nsdev.h"

static char root[64];

static void mkdirs(const char *rel)
{
	char path[512], *p;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	for (p = path + strlen(root) + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		mkdir(path, 0755);
		*p = '/';
	}
	mkdir(path, 0755);
}

static void put(const char *rel, const char *text)
{
	char path[512];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
}

static void link_to(const char *target, const char *rel)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	assert_int_equal(symlink(target, path), 0);
}

#define SUBSYS "devices/virtual/nvme-subsystem/nvme-subsys0"

static int build_tree(void **state)
{
	(void)state;
	snprintf(root, sizeof(root), "/tmp/test_engine_guard.XXXXXX");
	assert_non_null(mkdtemp(root));
	mkdirs("class/nvme-generic");
	mkdirs("class/nvme");
	mkdirs("class/mem");
	mkdirs("dev/char");
	mkdirs("dev/block");
	mkdirs("devices/pci0000:00/nvme/nvme0");
	link_to("../../../../class/nvme", "devices/pci0000:00/nvme/nvme0/subsystem");
	mkdirs(SUBSYS "/ng0n2");
	link_to("../../../../../class/nvme-generic", SUBSYS "/ng0n2/subsystem");
	link_to("../../../pci0000:00/nvme/nvme0", SUBSYS "/nvme0");
	mkdirs(SUBSYS "/nvme0n2/nvme0n2p1/holders");
	mkdirs(SUBSYS "/nvme0n2/holders/dm-0/dm");
	put(SUBSYS "/nvme0n2/dev", "259:3\n");
	put(SUBSYS "/nvme0n2/nsid", "2\n");
	put(SUBSYS "/nvme0n2/nvme0n2p1/dev", "259:9\n");
	put(SUBSYS "/nvme0n2/nvme0n2p1/partition", "1\n");
	put(SUBSYS "/nvme0n2/holders/dm-0/dm/name", "lin\n");
	mkdirs("devices/virtual/mem/null");
	link_to("../../../../class/mem", "devices/virtual/mem/null/subsystem");
	link_to("../../" SUBSYS "/ng0n2", "dev/char/245:1");
	link_to("../../devices/pci0000:00/nvme/nvme0", "dev/char/246:0");
	link_to("../../devices/virtual/mem/null", "dev/char/1:3");
	link_to("../../" SUBSYS "/nvme0n2", "dev/block/259:3");
	link_to("../../" SUBSYS "/nvme0n2/nvme0n2p1", "dev/block/259:9");
	/* a second controller: namespace 2 shared (a path through each controller),
	 * namespace 7 private to nvme1 */
	mkdirs("class/nvme-subsystem");
	mkdirs("devices/pci0000:00/nvme/nvme1");
	link_to("../../devices/pci0000:00/nvme/nvme0", "class/nvme/nvme0");
	link_to("../../devices/pci0000:00/nvme/nvme1", "class/nvme/nvme1");
	link_to("../../" SUBSYS, "class/nvme-subsystem/nvme-subsys0");
	link_to("../../../pci0000:00/nvme/nvme1", SUBSYS "/nvme1");
	mkdirs("devices/pci0000:00/nvme/nvme0/nvme0c0n2");
	put("devices/pci0000:00/nvme/nvme0/nvme0c0n2/nsid", "2\n");
	mkdirs("devices/pci0000:00/nvme/nvme1/nvme0c1n2");
	put("devices/pci0000:00/nvme/nvme1/nvme0c1n2/nsid", "2\n");
	mkdirs("devices/pci0000:00/nvme/nvme1/nvme0c1n7");
	put("devices/pci0000:00/nvme/nvme1/nvme0c1n7/nsid", "7\n");
	mkdirs(SUBSYS "/ng0n7");
	link_to("../../../../../class/nvme-generic", SUBSYS "/ng0n7/subsystem");
	link_to("../../" SUBSYS "/ng0n7", "dev/char/245:7");
	return 0;
}

static int remove_tree(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	return system(cmd);
}

static void namespace_char_node_by_number(void **state)
{
	struct nsdev d;
	char msg[512] = "";

	(void)state;
	assert_int_equal(nsdev_identify_rdev(root, makedev(245, 1), false, &d, msg, sizeof(msg)),
			 0);
	assert_string_equal(d.name, "ng0n2");
	assert_string_equal(d.disk, "nvme0n2");
	/* a multipath head: every controller with a path to it */
	assert_string_equal(d.controller, "nvme0,nvme1");
	assert_int_equal(d.nsid, 2);
	assert_false(d.is_controller);
	assert_false(d.is_partition);
	/* a namespace only the second controller has: that controller */
	assert_int_equal(nsdev_identify_rdev(root, makedev(245, 7), false, &d, msg, sizeof(msg)),
			 0);
	assert_string_equal(d.controller, "nvme1");
}

/* namespaces=: a controller's own attached namespaces, not its subsystem's. */
static void attached_namespaces_of_one_controller(void **state)
{
	struct nsdev_attached att[8];
	char who[128];

	(void)state;
	assert_int_equal(nsdev_ctrl_namespaces(root, "nvme0", att, 8), 1);
	assert_int_equal(att[0].nsid, 2);
	assert_string_equal(att[0].disk, "nvme0n2");
	assert_int_equal(nsdev_ctrl_namespaces(root, "nvme1", att, 8), 2);
	assert_int_equal(att[1].nsid, 7);
	assert_string_equal(att[1].disk, "nvme0n7");
	assert_true(nsdev_ctrl_namespaces(root, "nvme9", att, 8) < 0);
	assert_int_equal(nsdev_ns_controllers(root, "nvme0", 7, who, sizeof(who)), 1);
	assert_string_equal(who, "nvme1");
	assert_int_equal(nsdev_ns_controllers(root, "nvme1", 2, who, sizeof(who)), 2);
	assert_string_equal(who, "nvme0, nvme1");
	assert_int_equal(nsdev_ns_controllers(root, "nvme0", 9, who, sizeof(who)), 0);
}

static void controller_and_partition_and_other(void **state)
{
	struct nsdev d;
	char msg[512] = "";

	(void)state;
	assert_int_equal(nsdev_identify_rdev(root, makedev(246, 0), false, &d, msg, sizeof(msg)),
			 0);
	assert_true(d.is_controller);
	assert_string_equal(d.controller, "nvme0");
	assert_int_equal(nsdev_identify_rdev(root, makedev(259, 9), true, &d, msg, sizeof(msg)), 0);
	assert_true(d.is_partition);
	assert_string_equal(d.name, "nvme0n2p1");
	assert_string_equal(d.disk, "nvme0n2");
	assert_string_equal(d.controller, "nvme0,nvme1"); /* the head of a shared namespace */
	/* /dev/null: a char device with no disk and no controller */
	assert_int_equal(nsdev_identify_rdev(root, makedev(1, 3), false, &d, msg, sizeof(msg)), 0);
	assert_string_equal(d.disk, "");
	assert_string_equal(d.controller, "");
	/* an unknown number says so */
	assert_int_equal(nsdev_identify_rdev(root, makedev(7, 7), true, &d, msg, sizeof(msg)),
			 -ENODEV);
	assert_non_null(strstr(msg, "device 7:7 has no sysfs entry"));
}

static void overlapping_devices(void **state)
{
	struct nsdev d;
	struct nsdev_part parts[8];
	char msg[512] = "";
	int n;

	(void)state;
	nsdev_identify_rdev(root, makedev(245, 1), false, &d, msg, sizeof(msg));
	n = nsdev_overlapping(&d, parts, 8);
	assert_int_equal(n, 2); /* the disk and its partition */
	assert_true(parts[0].rdev == makedev(259, 3));
	assert_true(parts[1].rdev == makedev(259, 9));
}

static void mounted_partition_and_holder(void **state)
{
	struct nsdev d;
	char msg[512] = "", what[1024] = "", mi[600], sw[600];

	(void)state;
	snprintf(mi, sizeof(mi), "%s/mountinfo", root);
	snprintf(sw, sizeof(sw), "%s/swaps", root);
	put("mountinfo", "22 1 0:21 / /proc rw - proc proc rw\n"
			 "40 1 259:9 / /mnt/data rw - ext4 /dev/whatever rw\n");
	put("swaps", "Filename Type Size Used Priority\n/nonexistent partition 1 0 -2\n");
	nsdev_identify_rdev(root, makedev(245, 1), false, &d, msg, sizeof(msg));
	assert_true(guard_in_use(&d, mi, sw, what, sizeof(what)));
	/* the device number decides, not the name mountinfo gives */
	assert_string_equal(what, "/dev/nvme0n2p1 (259:9) is mounted on /mnt/data");
	put("mountinfo", "22 1 0:21 / /proc rw - proc proc rw\n");
	assert_true(guard_in_use(&d, mi, sw, what, sizeof(what)));
	assert_non_null(strstr(what, "/dev/nvme0n2 is held by dm-0 (device-mapper lin)"));
	/* the partition alone: its own holders/ is empty, its disk's is not */
	nsdev_identify_rdev(root, makedev(259, 9), true, &d, msg, sizeof(msg));
	assert_true(guard_in_use(&d, mi, sw, what, sizeof(what)));
}

/* hipri on passthrough: which kernels carry the bio_poll fix (Linux 6.5). */
static void kernel_versions(void **state)
{
	unsigned int v[3];

	(void)state;
	/* Debian 12: the release says 6.1.0, /proc/version the upstream 6.1.55 */
	assert_true(guard_kernel_upstream(
		"6.1.0-13-amd64",
		"Linux version 6.1.0-13-amd64 (debian-kernel@lists.debian.org) (gcc-12 (Debian "
		"12.2.0-14) 12.2.0, GNU ld (GNU Binutils for Debian) 2.40) #1 SMP PREEMPT_DYNAMIC "
		"Debian 6.1.55-1 (2023-09-29)",
		v));
	assert_int_equal(v[0], 6);
	assert_int_equal(v[1], 1);
	assert_int_equal(v[2], 55);
	assert_false(guard_passthru_iopoll_fixed(v));
	assert_true(guard_kernel_upstream("6.18.44-fc-v1045", "Linux version 6.18.44 (x)", v));
	assert_int_equal(v[1], 18);
	assert_true(guard_passthru_iopoll_fixed(v));
	assert_true(guard_kernel_upstream("6.5", NULL, v));
	assert_true(guard_passthru_iopoll_fixed(v));
	assert_true(guard_kernel_upstream("6.4.16", NULL, v));
	assert_false(guard_passthru_iopoll_fixed(v));
	assert_true(guard_kernel_upstream("5.19.0-1-amd64", NULL, v));
	assert_false(guard_passthru_iopoll_fixed(v));
	assert_false(guard_kernel_upstream("weird", "no version here", v));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(namespace_char_node_by_number),
		cmocka_unit_test(attached_namespaces_of_one_controller),
		cmocka_unit_test(kernel_versions),
		cmocka_unit_test(controller_and_partition_and_other),
		cmocka_unit_test(overlapping_devices),
		cmocka_unit_test(mounted_partition_and_holder),
	};

	return cmocka_run_group_tests(tests, build_tree, remove_tree);
}
