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
	assert_string_equal(d.controller, "nvme0"); /* the subsystem's controller */
	assert_int_equal(d.nsid, 2);
	assert_false(d.is_controller);
	assert_false(d.is_partition);
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
	assert_string_equal(d.controller, "nvme0");
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(namespace_char_node_by_number),
		cmocka_unit_test(controller_and_partition_and_other),
		cmocka_unit_test(overlapping_devices),
		cmocka_unit_test(mounted_partition_and_holder),
	};

	return cmocka_run_group_tests(tests, build_tree, remove_tree);
}
