// SPDX-License-Identifier: GPL-2.0-only
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
 * HOST bytes written, the largest write SMAX, and RUNS (0: no fdp_config),
 * with the placement entry's FDP events members EVENTS ("" none).
 */
static struct fr_pid_tail usage_ev(long before, long after, double host, long smax, double runs,
				   const char *events)
{
	struct fr_pid_tail t;
	struct fr_placement *p;
	struct json_object *root;
	char cfg[160], doc[4000];
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
		 "\"write_max\": [%ld], \"ruamw_before\": [%ld], \"ruamw_after\": [%ld], %s%s}]}], "
		 "\"tags\": {\"keys\": [{\"nsid\": 1, \"direction\": \"write\", "
		 "\"placement_id\": 0, \"plid_index\": 0, \"count\": 10, \"lat_ns\": "
		 "{\"mean\": 1000, \"max\": 2000, \"percentile\": {\"99.000000\": 1500}}}]}}",
		 host, smax, before, after, cfg, events);
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

static struct fr_pid_tail usage_of(long before, long after, double host, long smax, double runs)
{
	return usage_ev(before, after, host, smax, runs, "");
}

/* ", fdp_events" with types ENABLED on slot 0, and N entries of TYPES[]. */
static const char *events_of(const char *enabled, const int *types, int n)
{
	static char buf[2500];
	int len = snprintf(buf, sizeof(buf),
			   ", \"fdp_events\": {\"offered\": [0, 1, 2, 3, 128, 129], "
			   "\"enabled\": [[%s]], \"host\": {\"before\": 0, \"after\": %d, "
			   "\"new\": %d, \"wrapped\": false, \"lost\": false}, "
			   "\"controller\": {\"before\": 0, \"after\": 0, \"new\": 0, "
			   "\"wrapped\": false, \"lost\": false}, \"events\": [",
			   enabled, n, n);

	for (int i = 0; i < n; i++)
		len += snprintf(buf + len, sizeof(buf) - (size_t)len,
				"%s{\"type\": %d, \"slot\": 0, \"pid\": 0}", i ? ", " : "",
				types[i]);
	snprintf(buf + len, sizeof(buf) - (size_t)len, "]}, \"fdp_events_absent\": null");
	return buf;
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

static void events_not_enabled(void **state)
{
	struct fr_pid_tail t = usage_ev(28672, 20480, 20 * MIB, 131072, 16 * MIB,
					", \"fdp_events\": null, \"fdp_events_absent\": \"events "
					"not enabled: no FDP event type is enabled\"");

	(void)state;
	/* the figure stands on the writes alone, the reason is said */
	assert_true(t.ru_units == 1);
	assert_true(t.ru_bytes == 20 * MIB);
	assert_string_equal(t.ru_events, "FDP events: events not enabled: no FDP event type is "
					 "enabled");
	assert_non_null(strstr(t.ru_basis, "started: RUAMW 28672 -> 20480, largest write 131072 "
					   "B; FDP events: events not enabled"));
	assert_true(isnan(t.ru_events_changes));
	/* an older engine: no events section, nothing said */
	t = usage_of(28672, 20480, 20 * MIB, 131072, 16 * MIB);
	assert_string_equal(t.ru_events, "");
}

static void events_narrow_the_units(void **state)
{
	static const int three[] = {0, 0, 0};
	/* 1 MiB units, 512 KiB writes, 2.5 MiB written from 1 MiB left: 2 or 3 new units */
	struct fr_pid_tail t = usage_of(2048, 1024, 2.5 * MIB, 512 * 1024, MIB);

	(void)state;
	assert_true(isnan(t.ru_bytes));
	assert_non_null(strstr(t.ru_note, "handle usage n/a: 2 to 3 new"));
	/* the drive reported 3 unit changes, none by the controller: k = 3 */
	t = usage_ev(2048, 1024, 2.5 * MIB, 512 * 1024, MIB, events_of("0", three, 3));
	assert_string_equal(t.ru_note, "");
	assert_true(t.ru_units == 3);
	assert_true(t.ru_bytes == 3.5 * MIB);
	assert_true(t.ru_events_changes == 3 && t.ru_events_by_ctrl == 0);
	assert_non_null(strstr(t.ru_basis, "3 new reclaim units of 1.0 MB (RUNS) started"));
	assert_non_null(strstr(t.ru_basis, "FDP events: 3 unit changes reported during the job, "
					   "none by the controller (not watched: 0x01, 0x02, "
					   "0x81)"));
	/* as many changes as the writes need: confirmed, within one unit too */
	t = usage_ev(28672, 20480, 20 * MIB, 131072, 16 * MIB, events_of("0", three, 1));
	assert_true(t.ru_units == 1);
	assert_true(t.ru_bytes == 20 * MIB);
}

static void events_controller_change(void **state)
{
	static const int types[] = {0, 129, 0};
	struct fr_pid_tail t = usage_ev(2048, 1024, 2.5 * MIB, 512 * 1024, MIB,
					events_of("0, 1, 2, 129", types, 3));

	(void)state;
	/* a unit the controller left may be part-written: at least 3 units */
	assert_true(isnan(t.ru_bytes));
	assert_true(t.ru_bytes_min == 3.5 * MIB);
	assert_true(isinf(t.ru_bytes_max));
	assert_true(t.ru_events_by_ctrl == 1);
	assert_non_null(strstr(t.ru_note, "at least 3 new 1.0 MB reclaim units (the controller "
					  "changed units)"));
	assert_non_null(strstr(t.ru_note, "FDP events: the controller changed the handle's unit "
					  "1 time during the job (of 3 unit changes reported)"));
}

static void events_confirm_no_controller_change(void **state)
{
	struct fr_pid_tail t =
		usage_ev(2048, 4096, 20 * MIB, 4096, 16 * MIB, events_of("0, 1, 2, 129", NULL, 0));

	(void)state;
	assert_true(isnan(t.ru_bytes));
	assert_non_null(strstr(t.ru_note, "(another writer on the handle: the events show no "
					  "unit change by the controller)"));
	assert_non_null(strstr(t.ru_note, "FDP events: 0 unit changes reported during the job, "
					  "none by the controller"));
	/* within one unit: the figure, confirmed */
	t = usage_ev(32768, 30720, MIB, 131072, 16 * MIB, events_of("0, 1, 2, 129", NULL, 0));
	assert_true(t.ru_bytes == MIB);
	assert_string_equal(t.ru_basis, "FDP events: 0 unit changes reported during the job, none "
					"by the controller");
	/* none enabled: not watched */
	t = usage_ev(32768, 30720, MIB, 131072, 16 * MIB, events_of("", NULL, 0));
	assert_true(isnan(t.ru_events_changes));
	assert_string_equal(t.ru_events, "FDP events: no unit-change event type watched on the "
					 "handle (none enabled)");
}

static void all_row_adds_up(void **state)
{
	struct fr_placement *p = calloc(1, sizeof(*p) + 2 * sizeof(p->t[0]));
	struct fr_step s = {0};
	char note[480];

	(void)state;
	assert_non_null(p);
	p->n = 2;
	p->t[0].count = 10;
	p->t[0].errors = 1;
	p->t[1].count = 5;
	s.placement = p;
	s.dir[FR_WRITE].ios = 15;
	/* the "all" row is the rows' sum, whatever the step says */
	assert_int_equal(fr_placement_writes(p), 15);
	assert_false(fr_placement_writes_note(&s, note, sizeof(note)));
	assert_string_equal(note, "");
	/* fio's count with the failed write */
	s.dir[FR_WRITE].ios = 16;
	assert_true(fr_placement_writes_note(&s, note, sizeof(note)));
	assert_string_equal(note, "the PIDs' tags count 15 completed writes, the step 16: the "
				  "tags count its 1 failed writes apart");
	/* submissions fio counted that the tags did not complete */
	s.dir[FR_WRITE].ios = 19;
	assert_true(fr_placement_writes_note(&s, note, sizeof(note)));
	assert_non_null(strstr(note, "the PIDs' tags count 15 completed writes (1 failed apart), "
				     "the step 19: fio's total_ios counts submitted writes"));
	/* tags of an engine before tags_ramp, of a job with a ramp: said */
	s.dir[FR_WRITE].ios = 15;
	s.tags_incl_ramp = true;
	assert_true(fr_placement_writes_note(&s, note, sizeof(note)));
	assert_string_equal(note, "these rows are the engine's tags, which include fio's ramp (an "
				  "engine file without tags_ramp): not fio's interval");
	free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(within_one_unit),
		cmocka_unit_test(one_k_fits),
		cmocka_unit_test(several_k_fit),
		cmocka_unit_test(no_k_fits),
		cmocka_unit_test(no_unit_size),
		cmocka_unit_test(events_not_enabled),
		cmocka_unit_test(events_narrow_the_units),
		cmocka_unit_test(events_controller_change),
		cmocka_unit_test(events_confirm_no_controller_change),
		cmocka_unit_test(all_row_adds_up),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
