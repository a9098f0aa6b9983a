// SPDX-License-Identifier: GPL-2.0-only
/*
 * Drive health per step (analysis/model/health.c, read_health.c): the verdict
 * and the WAF of a step from the engine's "health" section, on snippets in
 * the engine's schema (docs/engine.md).  QEMU's thermal counters stay 0, so
 * throttling, temperature time and the OCP count are only seen here.
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

#include "model/health.h"
#include "model/model.h"
#include "report/report_health.h"
#include "read/read_health.h"

/* A SNAP with the counters a verdict reads; the rest as the engine writes. */
static void snap(char *buf, size_t len, int t_ms, int cw, int temp_k, long duw, int tmt1, int tmt2,
		 int tmt1_s, int tmt2_s, int warn_min, int crit_min)
{
	snprintf(buf, len,
		 "{\"t_ms\": %d, \"critical_warning\": %d, \"composite_temp_k\": %d, "
		 "\"sensors_k\": [%d], \"avail_spare\": 100, \"spare_thresh\": 10, "
		 "\"percent_used\": 0, \"data_units_read\": 7, \"data_units_written\": %ld, "
		 "\"host_read_cmds\": 1, \"host_write_cmds\": 2, \"ctrl_busy_time_min\": 0, "
		 "\"media_errors\": 0, \"num_err_log_entries\": 0, "
		 "\"warning_temp_time_min\": %d, \"critical_temp_time_min\": %d, "
		 "\"tmt1_count\": %d, \"tmt2_count\": %d, \"tmt1_time_s\": %d, "
		 "\"tmt2_time_s\": %d, \"endgrp_crit_warning\": 0}",
		 t_ms, cw, temp_k, temp_k, duw, warn_min, crit_min, tmt1, tmt2, tmt1_s, tmt2_s);
}

/* One step of 8 MiB written by job "w@peak", fio's bytes as given. */
static void one_step(struct fr_model *m, double written)
{
	struct fr_job job = {.drive = "d",
			     .profile = "4k-randwrite",
			     .step = "peak",
			     .jobname = "w@peak",
			     .source = "w.json",
			     .groupid = 0};

	fr_model_init(m);
	for (int d = 0; d < FR_NDIRS; d++)
		for (int b = 0; b < FR_NBASES; b++)
			job.dir[d].lat[b] = (struct fr_lat){NAN, NAN, NAN, NAN};
	job.dir[FR_WRITE].ios = 2048;
	job.dir[FR_WRITE].iops = 2048;
	job.dir[FR_WRITE].io_bytes = written;
	assert_int_equal(fr_model_add(m, &job), 0);
}

static struct fr_step *step_of(struct fr_model *m)
{
	return &m->drives[0].profiles[0].steps[0];
}

/* Attaches a section {"w@peak.0": {..., "controllers": [ctrl]}}. */
static int attach(struct fr_model *m, const char *ctrl, char *err, size_t errlen)
{
	char *doc;
	struct json_object *o;
	int r;

	assert_true(asprintf(&doc,
			     "{\"w@peak.0\": {\"job\": \"w@peak\", \"thread\": 0, "
			     "\"interval_ms\": 1000, \"controllers\": [%s]}}",
			     ctrl) > 0);
	o = json_tokener_parse(doc);
	assert_non_null(o);
	r = fr_health_attach(m, o, err, errlen);
	json_object_put(o);
	free(doc);
	return r;
}

/* A controller entry with snapshots before, after and one sample, and the
 * optional logs as given (JSON text or "null"). */
static char *ctrl(const char *before, const char *sample, const char *after, const char *ocp,
		  const char *fdp, const char *eg)
{
	char *out;

	assert_true(asprintf(&out,
			     "{\"controller\": \"nvme0\", \"serial\": \"S1\", \"model\": \"M\", "
			     "\"absent\": null, \"before\": %s, \"after\": %s, \"samples\": [%s], "
			     "\"ocp_c0\": %s, \"ocp_c0_absent\": null, \"fdp\": %s, "
			     "\"fdp_absent\": null, \"endurance_group\": %s, "
			     "\"sample_cost\": {\"samples\": 1, \"cpu_us_total\": 55}}",
			     before, after, sample, ocp, fdp, eg) > 0);
	return out;
}

static void judge(const char *before, const char *sample, const char *after, const char *ocp,
		  bool invalid, const char *reason)
{
	struct fr_model m;
	char err[256], *c = ctrl(before, sample, after, ocp, "null", "null");
	const struct fr_health *h;

	one_step(&m, 8388608);
	assert_int_equal(attach(&m, c, err, sizeof(err)), 0);
	h = step_of(&m)->health;
	assert_non_null(h);
	assert_true(h->recorded);
	assert_int_equal(h->invalid, invalid);
	assert_string_equal(h->reason, reason);
	free(c);
	fr_model_free(&m);
}

static void test_verdict(void **state)
{
	char b[1024], s[1024], a[1024];

	(void)state;
	/* nothing moved but the written data: valid */
	snap(b, sizeof(b), 0, 0, 310, 1000, 4, 1, 30, 2, 5, 1);
	snap(s, sizeof(s), 1000, 0, 312, 1010, 4, 1, 30, 2, 5, 1);
	snap(a, sizeof(a), 2000, 0, 313, 1017, 4, 1, 30, 2, 5, 1);
	judge(b, s, a, "null", false, "");
	/* TMT1 transitions and time grew: the wording */
	snap(a, sizeof(a), 2000, 0, 350, 1017, 7, 1, 42, 2, 5, 1);
	judge(b, s, a, "null", true, "thermal throttling 12 s (TMT1 +3)");
	/* both levels */
	snap(a, sizeof(a), 2000, 0, 350, 1017, 5, 3, 31, 4, 5, 1);
	judge(b, s, a, "null", true, "thermal throttling 3 s (TMT1 +1, TMT2 +2)");
	/* warning and critical temperature time */
	snap(a, sizeof(a), 2000, 0, 350, 1017, 4, 1, 30, 2, 7, 2);
	judge(b, s, a, "null", true,
	      "warning temperature time +2 min; critical temperature time +1 min");
	/* a critical warning bit set in a sample only, cleared by the end */
	snap(a, sizeof(a), 2000, 0, 313, 1017, 4, 1, 30, 2, 5, 1);
	snap(s, sizeof(s), 1000, 0x2, 312, 1010, 4, 1, 30, 2, 5, 1);
	judge(b, s, a, "null", true, "critical warning: temperature");
	/* set already before the step (a lowered threshold): still invalid */
	snap(b, sizeof(b), 0, 0x2 | 0x1 | 0x20, 310, 1000, 4, 1, 30, 2, 5, 1);
	snap(s, sizeof(s), 1000, 0, 312, 1010, 4, 1, 30, 2, 5, 1);
	judge(b, s, a, "null", true, "critical warning: spare, temperature, PMR read-only");
	/* the OCP thermal throttling count */
	snap(b, sizeof(b), 0, 0, 310, 1000, 4, 1, 30, 2, 5, 1);
	judge(b, s, a,
	      "{\"before\": {\"physical_media_units_written\": 1, \"thermal_throttling_count\": "
	      "4}, \"after\": {\"physical_media_units_written\": 2, "
	      "\"thermal_throttling_count\": 6}}",
	      true, "OCP thermal throttling count +2");
}

/* WAF from each media counter, in order OCP, FDP, endurance group, over
 * the drive's host counter beside it; SMART's data units grew by DUW. */
static void waf_of(const char *ocp, const char *fdp, const char *eg, double written, long duw,
		   struct fr_waf *w)
{
	struct fr_model m;
	char b[1024], a[1024], err[256], *c;

	snap(b, sizeof(b), 0, 0, 310, 1000, 0, 0, 0, 0, 0, 0);
	snap(a, sizeof(a), 2000, 0, 310, 1000 + duw, 0, 0, 0, 0, 0, 0);
	c = ctrl(b, b, a, ocp, fdp, eg);
	one_step(&m, written);
	assert_int_equal(attach(&m, c, err, sizeof(err)), 0);
	fr_health_waf(step_of(&m), w);
	free(c);
	fr_model_free(&m);
}

static void test_waf(void **state)
{
	/* 200 data units of SMART: 102400000 B */
	static const char ocp[] = "{\"before\": {\"physical_media_units_written\": 1000}, "
				  "\"after\": {\"physical_media_units_written\": 102401000}}";
	static const char fdp[] = "{\"endurance_group\": 1, \"before\": {\"hbmw\": 0, \"mbmw\": "
				  "100}, \"after\": {\"hbmw\": 8388608, \"mbmw\": 25165924}}";
	static const char eg[] = "{\"before\": {\"media_units_written\": 10, "
				 "\"data_units_written\": 10}, \"after\": "
				 "{\"media_units_written\": 43, \"data_units_written\": 110}}";
	struct fr_waf w;

	(void)state;
	/* OCP's media over SMART's host count, not over fio's (ramp-less) bytes */
	waf_of(ocp, fdp, eg, 8388608, 200, &w);
	assert_int_equal(w.src, FR_WAF_OCP);
	assert_true(fabs(w.waf - 1.0) < 1e-12);
	assert_true(w.src_host_bytes == 200 * 512000.0);
	assert_string_equal(w.host_counter, "SMART data units written");
	assert_true(w.host_bytes == 8388608);
	/* FDP beside OCP: the WAF is OCP's, FDP's is kept beside it */
	assert_true(fabs(w.by_src[FR_WAF_FDP] - 3.0) < 1e-12);
	assert_true(fabs(w.by_src[FR_WAF_EG] - 0.33) < 1e-12);
	/* SMART's 17 units are too coarse for OCP: FDP's pair gives it */
	waf_of(ocp, fdp, eg, 8388608, 17, &w);
	assert_int_equal(w.src, FR_WAF_FDP);
	assert_true(fabs(w.waf - 3.0) < 1e-12);
	assert_true(w.src_host_bytes == 8388608);
	assert_string_equal(w.host_counter, "FDP host bytes (HBMW)");
	waf_of(ocp, "null", "null", 8388608, 17, &w);
	assert_true(isnan(w.waf));
	assert_string_equal(w.why, "WAF n/a: SMART data units written counted 8.7 MB, 17 units of "
				   "512000 B: under the 100 units a ratio with OCP C0 needs");
	/* FDP's pair whatever fio wrote (its ramp left out) */
	waf_of("null", fdp, eg, 1, 17, &w);
	assert_int_equal(w.src, FR_WAF_FDP);
	assert_true(fabs(w.waf - 3.0) < 1e-12);
	/* the endurance group over its own data units, used over 100 of them */
	waf_of("null", "null", eg, 8388608, 17, &w);
	assert_int_equal(w.src, FR_WAF_EG);
	assert_true(fabs(w.waf - 33 / 100.0) < 1e-12);
	assert_string_equal(w.host_counter, "endurance group data units written");
	waf_of("null", "null",
	       "{\"before\": {\"media_units_written\": 10, \"data_units_written\": 10}, "
	       "\"after\": {\"media_units_written\": 43, \"data_units_written\": 60}}",
	       8388608, 17, &w);
	assert_true(isnan(w.waf));
	assert_string_equal(w.why, "WAF n/a: endurance group data units written counted 25.6 MB "
				   "(SMART: 8.7 MB), 50 units of 512000 B: under the 100 units a "
				   "ratio with endurance group needs");
	/* a host counter that stayed put while SMART counted: not kept there */
	waf_of("null", "null",
	       "{\"before\": {\"media_units_written\": 10, \"data_units_written\": 10}, "
	       "\"after\": {\"media_units_written\": 10, \"data_units_written\": 10}}",
	       17900000, 35, &w);
	assert_true(isnan(w.waf));
	assert_string_equal(w.why, "WAF n/a: endurance group data units written moved 0 while "
				   "SMART counted 17.9 MB written: the drive does not count host "
				   "writes in its endurance group log, so that log gives no ratio");
	/* a media counter without the host counter beside it: n/a */
	waf_of("null", "null",
	       "{\"before\": {\"media_units_written\": 10}, \"after\": "
	       "{\"media_units_written\": 43}}",
	       8388608, 17, &w);
	assert_true(isnan(w.waf));
	assert_string_equal(w.why, "WAF n/a: the drive's host counter beside endurance group "
				   "(endurance group data units written) went back, saturated or "
				   "was not read");
	/* one that does not move while the host writes is not kept (QEMU's) */
	waf_of("null", "null",
	       "{\"before\": {\"media_units_written\": 0, \"data_units_written\": 0}, "
	       "\"after\": {\"media_units_written\": 0, \"data_units_written\": 100}}",
	       100 * 512000.0, 17, &w);
	assert_true(isnan(w.waf));
	assert_string_equal(w.why,
			    "WAF n/a: the endurance group media counter did not move while the "
			    "host wrote");
	/* no media counter: n/a, said so */
	waf_of("null", "null", "null", 8388608, 200, &w);
	assert_true(isnan(w.waf));
	assert_string_equal(w.why, "WAF n/a: the drive reports no media counter");
	/* a step that wrote nothing is never divided by */
	waf_of(ocp, "null", "null", 0, 200, &w);
	assert_true(isnan(w.waf));
	assert_string_equal(w.why, "WAF n/a: the step wrote nothing");
	/* fio's bytes unknown (fio < 3.0): the drive's counters still give it */
	waf_of(ocp, "null", "null", NAN, 200, &w);
	assert_true(fabs(w.waf - 1.0) < 1e-12);
	/* a counter that went back (a reset) or saturated is not a delta */
	waf_of("{\"before\": {\"physical_media_units_written\": 9000}, \"after\": "
	       "{\"physical_media_units_written\": 10}}",
	       "null", "null", 8388608, 200, &w);
	assert_true(isnan(w.waf));
	waf_of("{\"before\": {\"physical_media_units_written\": 9000}, \"after\": "
	       "{\"physical_media_units_written\": 9223372036854775807}}",
	       "null", "null", 8388608, 200, &w);
	assert_true(isnan(w.waf));
}

static void test_absent_and_bad(void **state)
{
	struct fr_model m;
	char err[256];
	struct json_object *o;

	(void)state;
	/* an engine file without the section: not recorded, not invalid */
	one_step(&m, 1);
	assert_int_equal(fr_health_attach(&m, NULL, err, sizeof(err)), 0);
	assert_false(step_of(&m)->health->recorded);
	assert_false(step_of(&m)->health->invalid);
	fr_model_free(&m);
	/* a plain file: the engine says why there is no health */
	one_step(&m, 1);
	assert_int_equal(attach(&m,
				"{\"controller\": null, \"path\": \"/tmp/f\", \"absent\": "
				"\"not an NVMe namespace\", \"before\": null, \"after\": null}",
				err, sizeof(err)),
			 0);
	assert_false(step_of(&m)->health->recorded);
	assert_non_null(strstr(step_of(&m)->health->why, "not an NVMe namespace"));
	fr_model_free(&m);
	/* nonsense values are not figures: no point, no counter, no crash; and
	 * a record holding them cannot be trusted: health unknown, the first
	 * field named, never valid (issue 37) */
	one_step(&m, 1);
	assert_int_equal(attach(&m,
				"{\"controller\": \"nvme0\", \"absent\": null, \"before\": "
				"{\"t_ms\": 1e300, \"composite_temp_k\": 300, "
				"\"data_units_written\": \"many\", \"critical_warning\": -4}, "
				"\"after\": {\"t_ms\": -1e300, \"composite_temp_k\": 70000, "
				"\"data_units_written\": 5}, \"samples\": [7, null]}",
				err, sizeof(err)),
			 0);
	assert_true(step_of(&m)->health->recorded);
	assert_true(step_of(&m)->health->invalid);
	assert_true(step_of(&m)->health->unknown);
	assert_string_equal(step_of(&m)->health->reason,
			    "health unknown: critical_warning in the before snapshot cannot be "
			    "read (-4)");
	assert_int_equal(step_of(&m)->health->ctrl[0].ntemps, 0);
	assert_int_equal(fr_hc_delta(&step_of(&m)->health->ctrl[0], FR_HC_DUW), -1);
	fr_model_free(&m);
	/* malformed: said with the entry */
	one_step(&m, 1);
	o = json_tokener_parse("{\"w@peak.0\": {\"job\": \"w@peak\", \"controllers\": 5}}");
	assert_int_equal(fr_health_attach(&m, o, err, sizeof(err)), -1);
	assert_string_equal(err, "entry \"w@peak.0\": \"controllers\" is not an array");
	json_object_put(o);
	fr_model_free(&m);
}

/* Two controllers of one subsystem may report the same counts (QEMU keeps
 * them per namespace): never added; of two subsystems: added. */
static void test_subsystems(void **state)
{
	static const char *const nqn[2][2] = {{"nqn.a", "nqn.a"}, {"nqn.a", "nqn.b"}};
	char b[1024], a[1024], err[256], *two;
	struct fr_hsum sum;
	struct fr_model m;
	struct fr_waf w;

	(void)state;
	snap(b, sizeof(b), 0, 0, 310, 1000, 0, 0, 0, 0, 0, 0);
	snap(a, sizeof(a), 2000, 0, 310, 1200, 0, 0, 0, 0, 0, 0);
	for (int i = 0; i < 2; i++) {
		assert_true(asprintf(&two,
				     "{\"controller\": \"nvme0\", \"subsystem\": \"%s\", "
				     "\"before\": %s, \"after\": %s, \"ocp_c0\": {\"before\": "
				     "{\"physical_media_units_written\": 0}, \"after\": "
				     "{\"physical_media_units_written\": 204800000}}}, "
				     "{\"controller\": \"nvme1\", \"subsystem\": \"%s\", "
				     "\"before\": %s, \"after\": %s, \"ocp_c0\": {\"before\": "
				     "{\"physical_media_units_written\": 0}, \"after\": "
				     "{\"physical_media_units_written\": 204800000}}}",
				     nqn[i][0], b, a, nqn[i][1], b, a) > 0);
		one_step(&m, 4096);
		assert_int_equal(attach(&m, two, err, sizeof(err)), 0);
		fr_health_sum(step_of(&m)->health, &sum);
		fr_health_waf(step_of(&m), &w);
		/* both sides of the ratio count each subsystem once */
		assert_int_equal(sum.delta[FR_HC_DUW], 200 * (i + 1));
		assert_true(w.media_bytes == 204800000.0 * (i + 1));
		assert_true(w.src_host_bytes == 102400000.0 * (i + 1));
		assert_true(w.waf == 2.0);
		free(two);
		fr_model_free(&m);
	}
}

/* An invalid step leaves the ranking for m->invalid and the excluded list. */
static void test_exclude(void **state)
{
	struct fr_model m;
	char b[1024], a[1024], err[256], *c;

	(void)state;
	snap(b, sizeof(b), 0, 0x2, 310, 1000, 0, 0, 0, 0, 0, 0);
	snap(a, sizeof(a), 2000, 0x2, 310, 1017, 0, 0, 0, 0, 0, 0);
	c = ctrl(b, a, a, "null", "null", "null");
	one_step(&m, 1);
	assert_int_equal(attach(&m, c, err, sizeof(err)), 0);
	assert_int_equal(fr_health_exclude_invalid(&m), 1);
	assert_int_equal(m.drives[0].nprofiles, 0);
	assert_int_equal(m.nexcluded, 1);
	assert_non_null(strstr(m.excluded[0].reason, "invalid (critical warning: temperature)"));
	/* out of the ranking, still there for the health section */
	assert_non_null(m.invalid);
	assert_int_equal(m.invalid->drives[0].profiles[0].nsteps, 1);
	assert_true(m.invalid->drives[0].profiles[0].steps[0].health->invalid);
	assert_true(fr_health_any(&m));
	free(c);
	fr_model_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_verdict),	       cmocka_unit_test(test_waf),
		cmocka_unit_test(test_absent_and_bad), cmocka_unit_test(test_exclude),
		cmocka_unit_test(test_subsystems),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
