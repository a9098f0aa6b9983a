// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: LBA arithmetic and namespaces= parsing (engine/io/lba.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "lba.h"

static void shift_of_powers_of_two(void **state)
{
	(void)state;
	assert_int_equal(lba_shift_of(512), 9);
	assert_int_equal(lba_shift_of(4096), 12);
	assert_int_equal(lba_shift_of(65536), 16);
	assert_int_equal(lba_shift_of(520), -1);
	assert_int_equal(lba_shift_of(256), -1);
	assert_int_equal(lba_shift_of(0), -1);
}

static void lba_count_shifts_or_divides(void **state)
{
	struct lba_geom ext = {"/dev/ng0n5", 512, 8, true, 0, false};
	struct lba_geom sep = {"/dev/ng0n4", 512, 8, false, 0, false};

	(void)state;
	assert_int_equal(lba_count(8192, 12, 4096), 2);
	assert_int_equal(lba_count(4096, 9, 512), 8);
	assert_true(lba_count(1ULL << 40, 9, 512) == (1ULL << 31));
	/* interleaved metadata: 520 bytes per LBA on the wire, not a power of two */
	assert_int_equal(lba_unit(&ext), 520);
	assert_int_equal(lba_shift_of(lba_unit(&ext)), -1);
	assert_int_equal(lba_count(520 * 7, -1, 520), 7);
	/* separate metadata does not travel with the data */
	assert_int_equal(lba_unit(&sep), 512);
	/* a file: no unit, bytes stay bytes */
	assert_int_equal(lba_count(12345, 0, 0), 12345);
}

static void multiple_names_namespace_format_and_option(void **state)
{
	struct lba_geom g = {"/dev/ng0n3", 4096, 0, false, 16384, false};
	char msg[256] = "";

	(void)state;
	assert_true(lba_check_multiple(&g, "bs", 8192, msg, sizeof(msg)));
	assert_false(lba_check_multiple(&g, "bs", 512, msg, sizeof(msg)));
	assert_string_equal(msg, "/dev/ng0n3 has 4096-byte LBAs: bs=512 is not a multiple of 4096");
	g.ms = 8; /* separate metadata: the host moves data only */
	assert_true(lba_check_multiple(&g, "bs", 4096, msg, sizeof(msg)));
	assert_false(lba_check_multiple(&g, "offset", 100, msg, sizeof(msg)));
	assert_non_null(strstr(msg, "4096-byte LBAs with 8 bytes of separate metadata"));
	g.ms_extended = true; /* interleaved: 4104 bytes per LBA */
	assert_false(lba_check_multiple(&g, "bs", 4096, msg, sizeof(msg)));
	assert_non_null(strstr(msg, "8 bytes of interleaved metadata (4104 bytes each): bs=4096 is "
				    "not a multiple of 4104"));
	assert_true(lba_check_multiple(&g, "bs", 2 * 4104, msg, sizeof(msg)));
	g.lba_size = 0; /* files: no rule */
	assert_true(lba_check_multiple(&g, "bs", 3, msg, sizeof(msg)));
}

static void range_checks_capacity(void **state)
{
	struct lba_geom g = {"/dev/ng0n1", 512, 0, false, 131072, false}; /* 64 MiB */
	char msg[256] = "";

	(void)state;
	assert_true(lba_check_range(&g, "offset", 0, 64 << 20, msg, sizeof(msg)));
	assert_true(lba_check_range(&g, "offset", (64 << 20) - 512, 0, msg, sizeof(msg)));
	assert_false(lba_check_range(&g, "offset", 64 << 20, 0, msg, sizeof(msg)));
	assert_non_null(strstr(msg, "offset=67108864 is past its capacity"));
	assert_false(lba_check_range(&g, "size", 1 << 20, 64 << 20, msg, sizeof(msg)));
	assert_non_null(strstr(msg, "runs past its capacity"));
	g.ms = 8;
	g.ms_extended = true; /* capacity counts 520-byte units */
	assert_true(lba_check_range(&g, "offset", 131072ULL * 520 - 520, 520, msg, sizeof(msg)));
	assert_false(lba_check_range(&g, "offset", 131072ULL * 520, 0, msg, sizeof(msg)));
	g.ms = 0;
	g.ms_extended = false;
	/* no overflow when offset + length wraps */
	assert_false(lba_check_range(&g, "size", 512, UINT64_MAX, msg, sizeof(msg)));
}

static void nslist_lists_and_ranges(void **state)
{
	struct nslist l;
	char msg[256];

	(void)state;
	assert_true(nslist_parse("1,2,5-6", &l, msg, sizeof(msg)));
	assert_false(l.all);
	assert_int_equal(l.count, 4);
	assert_int_equal(l.ids[0], 1);
	assert_int_equal(l.ids[2], 5);
	assert_int_equal(l.ids[3], 6);
	assert_true(nslist_parse("6,1,3-4,4,1", &l, msg, sizeof(msg)));
	assert_int_equal(l.count, 4); /* sorted, duplicates dropped */
	assert_int_equal(l.ids[0], 1);
	assert_int_equal(l.ids[3], 6);
	assert_true(nslist_parse("all", &l, msg, sizeof(msg)));
	assert_true(l.all);
}

static void nslist_errors_say_where(void **state)
{
	struct nslist l;
	char msg[256];

	(void)state;
	assert_false(nslist_parse("", &l, msg, sizeof(msg)));
	assert_false(nslist_parse("1,,2", &l, msg, sizeof(msg)));
	assert_non_null(strstr(msg, "position 3"));
	assert_false(nslist_parse("3-1", &l, msg, sizeof(msg)));
	assert_non_null(strstr(msg, "backwards"));
	assert_false(nslist_parse("0", &l, msg, sizeof(msg)));
	assert_non_null(strstr(msg, "out of range"));
	assert_false(nslist_parse("1;2", &l, msg, sizeof(msg)));
	assert_non_null(strstr(msg, "unexpected ';'"));
	assert_false(nslist_parse("4294967295", &l, msg, sizeof(msg)));
	assert_false(nslist_parse("1-100000", &l, msg, sizeof(msg)));
	assert_false(nslist_parse("2-", &l, msg, sizeof(msg)));
	assert_false(nslist_parse("al", &l, msg, sizeof(msg)));
	assert_non_null(strstr(msg, "namespaces=al: bad item at \"al\": expected a namespace id"));
	assert_false(nslist_parse("1-100000", &l, msg, sizeof(msg)));
	assert_non_null(strstr(msg, "namespaces=1-100000: more than 1024 namespaces"));
	/* a range as long as the nsid space fails just past the cap, at once */
	assert_false(nslist_parse("1-4294967294", &l, msg, sizeof(msg)));
	assert_non_null(strstr(msg, "more than 1024 namespaces"));
}

/* Item 8: one rule for every direction, by the job's own directions. */
static void every_direction_one_rule(void **state)
{
	struct lba_geom g = {"/dev/ng0n3", 4096, 0, false, 16384, false};
	struct lba_dir_sizes sizes[3] = {{4096, 4096, 4096}, {4096, 4096, 4096}, {512, 512, 512}};
	char msg[256] = "";

	(void)state;
	/* randrw with bs=4k,4k,512: the trim size is never used */
	assert_true(lba_check_dirs(&g, LBA_DIR_READ | LBA_DIR_WRITE, sizes, msg, sizeof(msg)));
	/* sequential rw=trim with bs=512, 2k, 6k: each refused */
	assert_false(lba_check_dirs(&g, LBA_DIR_TRIM, sizes, msg, sizeof(msg)));
	assert_string_equal(
		msg, "/dev/ng0n3 has 4096-byte LBAs: bs (trim)=512 is not a multiple of 4096");
	sizes[2] = (struct lba_dir_sizes){2048, 2048, 2048};
	assert_false(lba_check_dirs(&g, LBA_DIR_TRIM, sizes, msg, sizeof(msg)));
	sizes[2] = (struct lba_dir_sizes){6144, 6144, 4096};
	assert_false(lba_check_dirs(&g, LBA_DIR_TRIM, sizes, msg, sizeof(msg)));
	/* trimwrite: both directions */
	sizes[2] = (struct lba_dir_sizes){4096, 8192, 4096};
	assert_true(lba_check_dirs(&g, LBA_DIR_TRIM | LBA_DIR_WRITE, sizes, msg, sizeof(msg)));
	sizes[1].align = 1024;
	assert_false(lba_check_dirs(&g, LBA_DIR_TRIM | LBA_DIR_WRITE, sizes, msg, sizeof(msg)));
	assert_string_equal(
		msg,
		"/dev/ng0n3 has 4096-byte LBAs: blockalign (write)=1024 is not a multiple of 4096");
	/* reads alone: the write and trim sizes do not matter */
	assert_true(lba_check_dirs(&g, LBA_DIR_READ, sizes, msg, sizeof(msg)));
}

/* Item 4: the per-I/O test, power-of-two mask or plain modulo. */
static void io_on_grid(void **state)
{
	(void)state;
	assert_true(lba_io_on_grid(8192, 4096, 4095, 4096));
	assert_false(lba_io_on_grid(4608, 4096, 4095, 4096)); /* rw=write:512 */
	assert_false(lba_io_on_grid(8192, 1000, 4095, 4096));
	assert_true(lba_io_on_grid(1040, 520, 0, 520)); /* 512 + 8 interleaved */
	assert_false(lba_io_on_grid(1000, 520, 0, 520));
	assert_true(lba_io_on_grid(1001, 3, 0, 0)); /* files: no grid */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(shift_of_powers_of_two),
		cmocka_unit_test(lba_count_shifts_or_divides),
		cmocka_unit_test(multiple_names_namespace_format_and_option),
		cmocka_unit_test(range_checks_capacity),
		cmocka_unit_test(nslist_lists_and_ranges),
		cmocka_unit_test(nslist_errors_say_where),
		cmocka_unit_test(every_direction_one_rule),
		cmocka_unit_test(io_on_grid),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
