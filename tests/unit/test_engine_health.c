// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests: drive-health log pages decoded from canned 512-byte pages
 * (thermal counters and critical warnings QEMU never sets, 128-bit counters
 * past INT64_MAX, an OCP C0 page of another GUID), what makes a step
 * suspect, and the "health" JSON of a job.
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

#include "health_job.h"
#include "health_log.h"
#include "health_read.h"

static const uint8_t ocp_guid[16] = {0xc5, 0xaf, 0x10, 0x28, 0xea, 0xbf, 0xf2, 0xa4,
				     0x9c, 0x4f, 0x6f, 0x7c, 0xc9, 0x14, 0xd5, 0xaf};

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *p, uint32_t v)
{
	put16(p, (uint16_t)v);
	put16(p + 2, (uint16_t)(v >> 16));
}

/* A 128-bit little-endian counter of value HI << 64 | LO. */
static void put128(uint8_t *p, uint64_t lo, uint64_t hi)
{
	int i;

	for (i = 0; i < 8; i++) {
		p[i] = (uint8_t)(lo >> (8 * i));
		p[8 + i] = (uint8_t)(hi >> (8 * i));
	}
}

/* A SMART page as a hot, throttling drive would return it (NVMe 2.0 figure 207). */
static void hot_smart_page(uint8_t *page)
{
	memset(page, 0, HEALTH_PAGE_LEN);
	page[0] = HEALTH_CW_TEMPERATURE;
	put16(page + 1, 358); /* 85 C */
	page[3] = 97;
	page[4] = 10;
	page[5] = 3;
	page[6] = 0x04;
	put128(page + 32, 1234, 0);
	put128(page + 48, 33, 0);
	put128(page + 64, 5000, 0);
	put128(page + 80, 128, 0);
	put128(page + 96, 7, 0);
	put128(page + 112, 99, 0); /* power cycles: not kept */
	put128(page + 160, 2, 0);
	put128(page + 176, 11, 0);
	put32(page + 192, 5);
	put32(page + 196, 1);
	put16(page + 200, 351);
	put16(page + 204, 340); /* sensor 2 absent (0), sensor 3 present */
	put32(page + 216, 3);
	put32(page + 220, 1);
	put32(page + 224, 12);
	put32(page + 228, 4);
}

static void smart_fields_at_their_offsets(void **state)
{
	uint8_t page[HEALTH_PAGE_LEN];
	struct health_snap s;

	(void)state;
	hot_smart_page(page);
	health_decode_smart(page, &s);
	assert_int_equal(s.critical_warning, HEALTH_CW_TEMPERATURE);
	assert_int_equal(s.composite_temp_k, 358);
	assert_int_equal(s.avail_spare, 97);
	assert_int_equal(s.spare_thresh, 10);
	assert_int_equal(s.percent_used, 3);
	assert_int_equal(s.endgrp_crit_warning, 0x04);
	assert_int_equal(s.data_units_read, 1234);
	assert_int_equal(s.data_units_written, 33);
	assert_int_equal(s.host_read_cmds, 5000);
	assert_int_equal(s.host_write_cmds, 128);
	assert_int_equal(s.ctrl_busy_time_min, 7);
	assert_int_equal(s.media_errors, 2);
	assert_int_equal(s.num_err_log_entries, 11);
	assert_int_equal(s.warning_temp_time_min, 5);
	assert_int_equal(s.critical_temp_time_min, 1);
	assert_int_equal(s.sensors_k[0], 351);
	assert_int_equal(s.sensors_k[1], 0);
	assert_int_equal(s.sensors_k[2], 340);
	assert_int_equal(s.tmt1_count, 3);
	assert_int_equal(s.tmt2_count, 1);
	assert_int_equal(s.tmt1_time_s, 12);
	assert_int_equal(s.tmt2_time_s, 4);
	assert_false(s.saturated);
}

static void counters_past_int64_saturate(void **state)
{
	uint8_t c[16];
	bool sat = false;

	(void)state;
	put128(c, (uint64_t)INT64_MAX, 0);
	assert_int_equal(health_u128(c, &sat), INT64_MAX);
	assert_false(sat);
	put128(c, (uint64_t)INT64_MAX + 1, 0);
	assert_int_equal(health_u128(c, &sat), INT64_MAX);
	assert_true(sat);
	sat = false;
	put128(c, 5, 1); /* 2^64 + 5 */
	assert_int_equal(health_u128(c, &sat), INT64_MAX);
	assert_true(sat);
	sat = false;
	put128(c, 0x0102030405060708ull, 0);
	assert_int_equal(health_u128(c, &sat), 0x0102030405060708ll);
	assert_false(sat);
}

static void smart_page_says_when_saturated(void **state)
{
	uint8_t page[HEALTH_PAGE_LEN];
	struct health_snap s;

	(void)state;
	hot_smart_page(page);
	put128(page + 48, 0, 1ull << 40);
	health_decode_smart(page, &s);
	assert_int_equal(s.data_units_written, INT64_MAX);
	assert_true(s.saturated);
	assert_int_equal(s.host_write_cmds, 128);
}

static void ocp_page_with_its_guid(void **state)
{
	uint8_t page[HEALTH_PAGE_LEN] = {0};
	struct health_ocp o;
	char why[256] = "";

	(void)state;
	put128(page, 4194304, 0);
	put128(page + 16, 8192, 0);
	page[96] = 6;
	page[97] = 1;
	memcpy(page + 496, ocp_guid, sizeof(ocp_guid));
	assert_true(health_decode_ocp(page, &o, why, sizeof(why)));
	assert_int_equal(o.media_bytes_written, 4194304);
	assert_int_equal(o.media_bytes_read, 8192);
	assert_int_equal(o.throttling_count, 6);
	assert_int_equal(o.throttling_status, 1);
}

static void ocp_page_of_another_guid_is_refused(void **state)
{
	uint8_t page[HEALTH_PAGE_LEN] = {0};
	struct health_ocp o;
	char why[256] = "";

	(void)state;
	put128(page, 4194304, 0);
	memcpy(page + 496, ocp_guid, sizeof(ocp_guid));
	page[511] = 0x00; /* last byte differs: a vendor's own C0 page */
	assert_false(health_decode_ocp(page, &o, why, sizeof(why)));
	assert_non_null(strstr(why, "GUID is 0x00d514c97c6f4f9ca4f2bfea2810afc5"));
	assert_non_null(strstr(why, "wanted 0xafd514c97c6f4f9ca4f2bfea2810afc5"));
	assert_int_equal(o.media_bytes_written, 0);
	memset(page, 0, sizeof(page));
	assert_false(health_decode_ocp(page, &o, why, sizeof(why)));
}

static void fdp_and_endurance_group_pages(void **state)
{
	uint8_t fdp[HEALTH_FDP_STATS_LEN] = {0}, eg[HEALTH_PAGE_LEN] = {0};
	struct health_fdp f;
	struct health_endgrp e;

	(void)state;
	put128(fdp, 4194304, 0);
	put128(fdp + 16, 6291456, 0);
	put128(fdp + 32, 1048576, 0);
	health_decode_fdp(fdp, &f);
	assert_int_equal(f.hbmw, 4194304);
	assert_int_equal(f.mbmw, 6291456);
	assert_int_equal(f.mbe, 1048576);
	assert_false(f.saturated);
	eg[0] = 0x01;
	eg[3] = 50;
	eg[4] = 5;
	eg[5] = 80;
	put128(eg + 32, 1000000, 0);
	put128(eg + 64, 300, 0);
	put128(eg + 80, 900, 0);
	put128(eg + 112, 4000, 0);
	put128(eg + 144, 0, 1);
	health_decode_endgrp(eg, &e);
	assert_int_equal(e.critical_warning, 1);
	assert_int_equal(e.avail_spare, 50);
	assert_int_equal(e.percent_used, 80);
	assert_int_equal(e.endurance_estimate, 1000000);
	assert_int_equal(e.data_units_written, 300);
	assert_int_equal(e.media_units_written, 900);
	assert_int_equal(e.host_write_cmds, 4000);
	assert_int_equal(e.num_err_log_entries, INT64_MAX);
	assert_true(e.saturated);
}

/* A controller read before and after, as health_sampler.c leaves it. */
static struct health_job *job_with(const uint8_t *before, const uint8_t *after)
{
	struct health_job *job = health_job_new(0, "/nonexistent");

	assert_int_equal(health_job_add(job, "nvme0", "/dev/ng0n1", "deadbeef", "QEMU", 1, NULL),
			 0);
	health_decode_smart(before, &job->ctrls[0].before);
	health_decode_smart(after, &job->ctrls[0].after);
	job->ctrls[0].after.t_ms = 1500;
	job->ctrls[0].have_before = job->ctrls[0].have_after = true;
	snprintf(job->ctrls[0].ocp_absent, HEALTH_WHY_LEN, "log 0xc0 not supported");
	job->stopped = true; /* nothing to read at free */
	return job;
}

static void throttling_makes_the_step_suspect(void **state)
{
	uint8_t before[HEALTH_PAGE_LEN], after[HEALTH_PAGE_LEN];
	struct health_job *job;
	char what[512];

	(void)state;
	hot_smart_page(before);
	before[0] = 0;
	memcpy(after, before, sizeof(after));
	put32(after + 216, 6);	/* TMT1 3 -> 6 */
	put32(after + 224, 24); /* 12 s -> 24 s */
	put32(after + 192, 7);	/* warning time 5 -> 7 min */
	job = job_with(before, after);
	assert_true(health_ctrl_suspect(&job->ctrls[0], what, sizeof(what)));
	assert_string_equal(what,
			    "thermal throttling during the job (TMT1 +3, 12 s); composite "
			    "temperature above the warning threshold for 2 min; endurance group "
			    "critical warning 0x04");
	health_job_free(job);
}

static void critical_warning_after_the_job(void **state)
{
	uint8_t before[HEALTH_PAGE_LEN], after[HEALTH_PAGE_LEN];
	struct health_job *job;
	char what[512];

	(void)state;
	hot_smart_page(before);
	before[0] = 0;
	before[6] = 0;
	memcpy(after, before, sizeof(after));
	after[0] = HEALTH_CW_TEMPERATURE | HEALTH_CW_READ_ONLY;
	job = job_with(before, after);
	assert_true(health_ctrl_suspect(&job->ctrls[0], what, sizeof(what)));
	assert_string_equal(what,
			    "critical warning 0x0a (temperature, media read-only) after the job");
	health_job_free(job);
}

static void unchanged_or_reset_counters_are_not_suspect(void **state)
{
	uint8_t before[HEALTH_PAGE_LEN], after[HEALTH_PAGE_LEN];
	struct health_job *job;
	char what[512];

	(void)state;
	hot_smart_page(before);
	before[0] = 0;
	before[6] = 0;
	memcpy(after, before, sizeof(after));
	put32(after + 216, 0); /* a counter that went down (reset) did not grow */
	put128(after + 48, 66, 0);
	job = job_with(before, after);
	assert_false(health_ctrl_suspect(&job->ctrls[0], what, sizeof(what)));
	assert_string_equal(what, "");
	health_job_free(job);
}

static void job_json_has_the_schema(void **state)
{
	uint8_t before[HEALTH_PAGE_LEN], after[HEALTH_PAGE_LEN];
	struct health_job *job;
	json_object *j, *c, *v, *s;

	(void)state;
	hot_smart_page(before);
	memcpy(after, before, sizeof(after));
	put128(after + 48, 66, 0);
	job = job_with(before, after);
	j = health_job_json(job, "randwrite", 3);
	assert_true(json_object_object_get_ex(j, "job", &v));
	assert_string_equal(json_object_get_string(v), "randwrite");
	assert_true(json_object_object_get_ex(j, "thread", &v));
	assert_int_equal(json_object_get_int(v), 3);
	assert_true(json_object_object_get_ex(j, "controllers", &v));
	assert_int_equal(json_object_array_length(v), 1);
	c = json_object_array_get_idx(v, 0);
	assert_true(json_object_object_get_ex(c, "controller", &v));
	assert_string_equal(json_object_get_string(v), "nvme0");
	assert_true(json_object_object_get_ex(c, "absent", &v));
	assert_null(v);
	assert_true(json_object_object_get_ex(c, "after", &s));
	assert_true(json_object_object_get_ex(s, "data_units_written", &v));
	assert_int_equal(json_object_get_int64(v), 66);
	assert_true(json_object_object_get_ex(s, "t_ms", &v));
	assert_int_equal(json_object_get_int64(v), 1500);
	assert_true(json_object_object_get_ex(s, "sensors_k", &v));
	assert_int_equal(json_object_array_length(v), 2); /* sensor 2 reads 0: not there */
	assert_true(json_object_object_get_ex(c, "ocp_c0", &v));
	assert_null(v);
	assert_true(json_object_object_get_ex(c, "ocp_c0_absent", &v));
	assert_string_equal(json_object_get_string(v), "log 0xc0 not supported");
	assert_true(json_object_object_get_ex(c, "sample_cost", &v));
	json_object_put(j);
	health_job_free(job);
}

static void controllers_listed_once(void **state)
{
	struct health_job *job = health_job_new(0, "/nonexistent");

	(void)state;
	assert_int_equal(health_job_add(job, "nvme0,nvme1", "/dev/ng0n1", "s", "m", 1, NULL), 0);
	assert_int_equal(health_job_add(job, "nvme1", "/dev/ng1n2", "s", "m", 2, NULL), 0);
	assert_int_equal(health_job_add(job, "", "/tmp/f", NULL, NULL, 0, "a regular file"), 0);
	assert_int_equal(job->nr_ctrls, 3);
	assert_string_equal(job->ctrls[0].name, "nvme0");
	assert_string_equal(job->ctrls[1].name, "nvme1");
	assert_string_equal(job->ctrls[2].name, "");
	assert_string_equal(job->ctrls[2].absent, "a regular file");
	health_job_free(job);
}

/* A controller that cannot be opened is absent with the reason; no thread, no error. */
static void unreadable_controller_is_absent(void **state)
{
	struct health_job *job = health_job_new(10, "/nonexistent");
	char why[256] = "";

	(void)state;
	assert_int_equal(health_job_add(job, "nvme97", "/dev/ng97n1", "", "", 1, NULL), 0);
	assert_int_equal(health_job_start(job, why, sizeof(why)), 0);
	assert_false(job->running);
	assert_false(job->ctrls[0].have_before);
	assert_non_null(strstr(job->ctrls[0].absent, "/dev/nvme97"));
	assert_string_equal(job->ctrls[0].ocp_absent, job->ctrls[0].absent);
	health_job_stop(job);
	assert_false(job->ctrls[0].have_after);
	health_job_free(job);
}

/*
 * A sysfs tree in a temporary directory where char device 1:3 (/dev/null on
 * every Linux) is the device NAME of class CLS.  Its root in ROOT.
 */
static void fake_sysfs_null(char *root, size_t len, const char *cls, const char *name)
{
	char dir[256], link[300];

	snprintf(root, len, "/tmp/ssdnvme-sysfs-XXXXXX");
	assert_non_null(mkdtemp(root));
	snprintf(dir, sizeof(dir), "%s/class", root);
	assert_int_equal(mkdir(dir, 0700), 0);
	snprintf(dir, sizeof(dir), "%s/class/%s", root, cls);
	assert_int_equal(mkdir(dir, 0700), 0);
	snprintf(dir, sizeof(dir), "%s/class/%s/%s", root, cls, name);
	assert_int_equal(mkdir(dir, 0700), 0);
	snprintf(link, sizeof(link), "%s/subsystem", dir);
	assert_int_equal(symlink("..", link), 0);
	snprintf(link, sizeof(link), "%s/dev", root);
	assert_int_equal(mkdir(link, 0700), 0);
	snprintf(link, sizeof(link), "%s/dev/char", root);
	assert_int_equal(mkdir(link, 0700), 0);
	snprintf(link, sizeof(link), "%s/dev/char/1:3", root);
	assert_int_equal(symlink(dir, link), 0);
}

static void remove_fake_sysfs(const char *root)
{
	char cmd[600];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	assert_int_equal(system(cmd), 0);
}

/*
 * health_ctrl_open names the node by what it opened (its device number in
 * sysfs), not by its path: /dev/null passes only where sysfs says 1:3 is
 * controller "null", and is refused with what it is otherwise.
 */
static void controller_is_what_its_device_number_says(void **state)
{
	char root[64], why[512] = "";
	struct stat st;
	int fd;

	(void)state;
	if (stat("/dev/null", &st) || !S_ISCHR(st.st_mode) || st.st_rdev != makedev(1, 3))
		skip();
	fake_sysfs_null(root, sizeof(root), "nvme", "null");
	fd = health_ctrl_open(root, "null", why, sizeof(why));
	assert_true(fd >= 0);
	close(fd);
	remove_fake_sysfs(root);

	fake_sysfs_null(root, sizeof(root), "mem", "null");
	assert_int_equal(health_ctrl_open(root, "null", why, sizeof(why)), -1);
	assert_string_equal(why, "/dev/null is not controller null (it is null)");
	remove_fake_sysfs(root);

	fake_sysfs_null(root, sizeof(root), "nvme", "nvme0");
	assert_int_equal(health_ctrl_open(root, "null", why, sizeof(why)), -1);
	assert_string_equal(why, "/dev/null is not controller null (it is nvme0)");
	remove_fake_sysfs(root);

	assert_int_equal(health_ctrl_open(root, "no-such-ctrl-here", why, sizeof(why)), -1);
	assert_non_null(strstr(why, "cannot open /dev/no-such-ctrl-here"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(smart_fields_at_their_offsets),
		cmocka_unit_test(counters_past_int64_saturate),
		cmocka_unit_test(smart_page_says_when_saturated),
		cmocka_unit_test(ocp_page_with_its_guid),
		cmocka_unit_test(ocp_page_of_another_guid_is_refused),
		cmocka_unit_test(fdp_and_endurance_group_pages),
		cmocka_unit_test(throttling_makes_the_step_suspect),
		cmocka_unit_test(critical_warning_after_the_job),
		cmocka_unit_test(unchanged_or_reset_counters_are_not_suspect),
		cmocka_unit_test(job_json_has_the_schema),
		cmocka_unit_test(controllers_listed_once),
		cmocka_unit_test(unreadable_controller_is_absent),
		cmocka_unit_test(controller_is_what_its_device_number_says),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
