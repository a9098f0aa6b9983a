/*
 * Unit tests: a placed write key's handle usage across reclaim unit changes
 * (analysis/read/placement.c, docs/fiorank.md "Handle usage across reclaim
 * units"), on canned engine results: one unit, one k that fits, several
 * (bounds), none (another writer), and no unit size.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "model/model.h"
#include "read/placement.h"

#define MIB (1024.0 * 1024.0)

/*
 * The usage of PID 0 on nsid 1 for RUAMW BEFORE -> AFTER (512 B LBAs),
 * HOST bytes written, the largest write SMAX, and RUNS (0: no fdp_config).
 */
static struct fr_pid_tail usage_of(long before, long after, double host, long smax, double runs)
{
	struct fr_pid_tail t;
	struct fr_placement *p;
	struct json_object *root;
	char cfg[160], doc[1400];
	bool nomem;

	if (runs > 0)
		snprintf(cfg, sizeof(cfg), "\"fdp_config\": {\"index\": 0, \"runs\": %.0f}", runs);
	else
		snprintf(cfg, sizeof(cfg),
			 "\"fdp_config\": null, \"fdp_config_absent\": \"Get Features FDP "
			 "(0x1D): Invalid Field in Command\"");
	snprintf(doc, sizeof(doc),
		 "{\"jobs\": [{\"placement\": [{\"nsid\": 1, \"pids\": [0], \"ruhids\": [0], "
		 "\"plids\": [0], \"lba_size\": 512, \"bytes_written\": [%.0f], "
		 "\"write_max\": [%ld], \"ruamw_before\": [%ld], \"ruamw_after\": [%ld], %s}]}], "
		 "\"tags\": {\"keys\": [{\"nsid\": 1, \"direction\": \"write\", "
		 "\"placement_id\": 0, \"plid_index\": 0, \"count\": 10, \"lat_ns\": "
		 "{\"mean\": 1000, \"max\": 2000, \"percentile\": {\"99.000000\": 1500}}}]}}",
		 host, smax, before, after, cfg);
	root = json_tokener_parse(doc);
	assert_non_null(root);
	p = fr_placement_read(root, 1, &nomem);
	assert_non_null(p);
	assert_int_equal(p->n, 1);
	t = p->t[0];
	free(p);
	json_object_put(root);
	return t;
}

static void within_one_unit(void **state)
{
	/* 1 MiB written, RUAMW fell by 2048 LBAs: the unit took 1 MiB */
	struct fr_pid_tail t = usage_of(32768, 30720, MIB, 131072, 16 * MIB);

	(void)state;
	assert_string_equal(t.ru_note, "");
	assert_true(t.ru_bytes == MIB);
	assert_true(t.ru_units == 0);
	assert_true(t.ru_ratio == 1.0);
	assert_string_equal(t.ru_basis, "");
}

static void one_k_fits(void **state)
{
	/* 20 MiB written from 14 MiB left: one new 16 MiB unit, 10 MiB left in it */
	struct fr_pid_tail t = usage_of(28672, 20480, 20 * MIB, 131072, 16 * MIB);

	(void)state;
	assert_string_equal(t.ru_note, "");
	assert_true(t.ru_units == 1);
	assert_true(t.ru_bytes == 20 * MIB);
	assert_true(t.ru_bytes_min == t.ru_bytes && t.ru_bytes_max == t.ru_bytes);
	assert_true(t.ru_size == 16 * MIB);
	assert_non_null(strstr(t.ru_basis, "1 new reclaim unit of 16.8 MB (RUNS) started"));
	/* the first unit's 64 KiB rest left unwritten (a 128 KiB write did not
	 * fit it): still one unit, 64 KiB more taken than written */
	t = usage_of(128, 20480, 6 * MIB, 131072, 16 * MIB);
	assert_string_equal(t.ru_note, "");
	assert_true(t.ru_units == 1);
	assert_true(t.ru_bytes == 6 * MIB + 64 * 1024.0);
}

static void several_k_fit(void **state)
{
	/* 1 MiB units, 2 MiB writes: k from 8 up, no upper bound */
	struct fr_pid_tail t = usage_of(2048, 1024, 8.5 * MIB, 2 << 20, MIB);

	(void)state;
	assert_true(isnan(t.ru_bytes));
	assert_true(isnan(t.ru_units));
	assert_non_null(strstr(t.ru_note, "handle usage n/a: at least 8 new 1.0 MB reclaim units"));
	/* 512 KiB writes into 1 MiB units over 100 units: a range */
	t = usage_of(2048, 1024, 100.5 * MIB, 512 * 1024, MIB);
	assert_true(isnan(t.ru_bytes));
	assert_true(t.ru_bytes_min == 100.5 * MIB);
	assert_true(t.ru_bytes_max > t.ru_bytes_min);
	assert_non_null(strstr(t.ru_note, "handle usage n/a: 100 to 199 new"));
}

static void no_k_fits(void **state)
{
	/* RUAMW fell by 10 MiB of a new unit beside 1 MiB written: two units
	 * (30 MiB) would be needed at least... by more than the writes can leave */
	struct fr_pid_tail t = usage_of(2048, 4096, 20 * MIB, 4096, 16 * MIB);

	(void)state;
	assert_true(isnan(t.ru_bytes));
	assert_non_null(strstr(t.ru_note, "fits no whole number of 16.8 MB reclaim units"));
}

static void no_unit_size(void **state)
{
	struct fr_pid_tail t = usage_of(28672, 20480, 20 * MIB, 131072, 0);

	(void)state;
	assert_true(isnan(t.ru_bytes));
	assert_non_null(strstr(t.ru_note, "the unit size is not known: Get Features FDP"));
	/* RUAMW above the unit size after the job */
	t = usage_of(28672, 40960, 20 * MIB, 131072, 16 * MIB);
	assert_true(isnan(t.ru_bytes));
	assert_non_null(strstr(t.ru_note, "above the nominal unit size"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(within_one_unit), cmocka_unit_test(one_k_fits),
		cmocka_unit_test(several_k_fit),   cmocka_unit_test(no_k_fits),
		cmocka_unit_test(no_unit_size),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
