// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: NVMe status naming (libnvme's), errno mapping, report-once set. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "nvme_status.h"

/* Status fields as the kernel returns them: SCT << 8 | SC, DNR at bit 14. */
#define ST(sct, sc) (((sct) << 8) | (sc))
#define DNR	    (1 << 14)

/* The name of ST as a string (libnvme's table, cut at its description). */
static const char *name_of(int st)
{
	static char buf[128];

	nvme_status_name(st, buf, sizeof(buf));
	return buf;
}

static void names_from_the_spec(void **state)
{
	(void)state;
	assert_string_equal(name_of(ST(0, 0x80)), "LBA Out of Range");
	assert_string_equal(name_of(ST(0, 0x02)), "Invalid Field in Command");
	assert_string_equal(name_of(ST(0, 0x0b)), "Invalid Namespace or Format");
	assert_string_equal(name_of(ST(2, 0x81)), "Unrecovered Read Error");
	assert_string_equal(name_of(ST(1, 0x82)), "Attempted Write to Read Only Range");
	assert_string_equal(name_of(ST(3, 0x70)), "Host Pathing Error");
	assert_string_equal(name_of(ST(7, 0x10)), "Vendor Specific Status");
	assert_string_equal(name_of(ST(0, 0x7f)), "Unknown status");
	assert_string_equal(name_of(ST(5, 0x01)), "Unknown status");
}

/* CRD, More and DNR are hints about retrying: the same status by name. */
static void retry_bits_do_not_change_the_name(void **state)
{
	(void)state;
	assert_string_equal(name_of(ST(2, 0x81) | DNR | (1 << 13) | (3 << 11)),
			    "Unrecovered Read Error");
	assert_string_equal(name_of(ST(0, 0x80) | DNR), "LBA Out of Range");
}

static void describe_has_name_sct_sc(void **state)
{
	char buf[128];

	(void)state;
	nvme_status_describe(ST(0, 0x80) | DNR, buf, sizeof(buf));
	assert_string_equal(buf, "LBA Out of Range (SCT 0x0, SC 0x80, DNR)");
	nvme_status_describe(ST(2, 0x81), buf, sizeof(buf));
	assert_string_equal(buf, "Unrecovered Read Error (SCT 0x2, SC 0x81)");
	nvme_status_describe(ST(1, 0x82) | DNR | (1 << 13), buf, sizeof(buf));
	assert_string_equal(buf, "Attempted Write to Read Only Range (SCT 0x1, SC 0x82, DNR)");
}

static void errno_mapping(void **state)
{
	(void)state;
	assert_int_equal(nvme_status_errno(ST(0, 0x80)), ERANGE);
	assert_int_equal(nvme_status_errno(ST(0, 0x81)), ENOSPC);
	assert_int_equal(nvme_status_errno(ST(0, 0x01)), EOPNOTSUPP);
	assert_int_equal(nvme_status_errno(ST(0, 0x02) | DNR), EINVAL);
	assert_int_equal(nvme_status_errno(ST(0, 0x20)), EROFS);
	assert_int_equal(nvme_status_errno(ST(2, 0x81)), EIO);
	assert_int_equal(nvme_status_errno(ST(2, 0x86)), EACCES);
	assert_int_equal(nvme_status_errno(ST(3, 0x70)), ENOLINK);
	assert_int_equal(nvme_status_errno(ST(7, 0x01)), EIO);
	/* never 0: fio must see the I/O as failed */
	assert_int_not_equal(nvme_status_errno(ST(0, 0x7f)), 0);
}

static void reported_once_per_status_and_namespace(void **state)
{
	struct status_seen s = {0};
	int i;

	(void)state;
	assert_true(status_seen_first(&s, ST(0, 0x80), 3));
	assert_false(status_seen_first(&s, ST(0, 0x80), 3));
	assert_false(status_seen_first(&s, ST(0, 0x80) | DNR, 3)); /* retry bits ignored */
	assert_true(status_seen_first(&s, ST(0, 0x80), 4));
	assert_true(status_seen_first(&s, ST(2, 0x81), 3));
	for (i = 0; i < 100; i++)
		status_seen_first(&s, ST(0, i), 9);
	assert_int_equal(s.count, STATUS_SEEN_MAX);
	assert_false(status_seen_first(&s, ST(1, 0x01), 1)); /* full: stays quiet */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names_from_the_spec),
		cmocka_unit_test(retry_bits_do_not_change_the_name),
		cmocka_unit_test(describe_has_name_sct_sc),
		cmocka_unit_test(errno_mapping),
		cmocka_unit_test(reported_once_per_status_and_namespace),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
