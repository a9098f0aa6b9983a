// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests: namespace naming, the one parser of "nvme0n2" / "ng0n2"
 * (engine/io/nsdev.c) and the char node a namespace's block name maps to
 * (ns_generic_path, engine/io/namespace.c, used by namespaces=).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "namespace.h"
#include "nsdev.h"

static void parses_block_and_generic_names(void **state)
{
	unsigned int c = 99, n = 99;

	(void)state;
	assert_true(nsdev_parse_ns_name("nvme0n2", false, &c, &n));
	assert_int_equal(c, 0);
	assert_int_equal(n, 2);
	assert_true(nsdev_parse_ns_name("ng12n345", true, &c, &n));
	assert_int_equal(c, 12);
	assert_int_equal(n, 345);
	/* each spelling only where asked for */
	assert_false(nsdev_parse_ns_name("ng0n2", false, &c, &n));
	assert_false(nsdev_parse_ns_name("nvme0n2", true, &c, &n));
}

static void refuses_what_is_not_a_namespace(void **state)
{
	static const char *const not_ns[] = {
		"nvme0",     /* a controller */
		"nvme0c1n2", /* a multipath path */
		"nvme0n2p1", /* a partition */
		"nvme0n",    "nvmen1",	 "nvme",    "",	   "nvme0n2 ",	  " nvme0n2",
		"nvme+0n2",  "nvme0n-2", "nvme0nx", "sda", "nvme0n2.img",
	};
	unsigned int c, n;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(not_ns) / sizeof(not_ns[0]); i++) {
		print_message("# %s\n", not_ns[i]);
		assert_false(nsdev_parse_ns_name(not_ns[i], false, &c, &n));
	}
	assert_false(nsdev_parse_ns_name("ng0c1n2", true, &c, &n));
	assert_false(nsdev_parse_ns_name("ng0", true, &c, &n));
}

static void block_name_to_generic_node(void **state)
{
	char *p;

	(void)state;
	p = ns_generic_path("nvme0n3");
	assert_non_null(p);
	assert_string_equal(p, "/dev/ng0n3");
	free(p);
	p = ns_generic_path("nvme10n1");
	assert_non_null(p);
	assert_string_equal(p, "/dev/ng10n1");
	free(p);
	/* a path name of a multipath namespace has no generic node of that name */
	assert_null(ns_generic_path("nvme0c0n3"));
	assert_null(ns_generic_path("nvme0n3p1"));
	assert_null(ns_generic_path("ng0n3"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(parses_block_and_generic_names),
		cmocka_unit_test(refuses_what_is_not_a_namespace),
		cmocka_unit_test(block_name_to_generic_node),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
