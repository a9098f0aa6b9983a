// SPDX-License-Identifier: GPL-2.0-only
/*
 * Labels from what ran (issue 21): the workload a profile id names, one
 * spelling per option, kb_base in fio's order, and the cross-checks of
 * analysis/model/ran.c on synthetic counts (the real fio cases are
 * tests/script/analysis-ran.sh).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/label.h"
#include "model/ran.h"

static void test_workload_of_name(void **state)
{
	struct fr_workload w;

	(void)state;
	assert_int_equal(fr_workload_of_name("4k-randread", &w), 0);
	assert_int_equal(w.bs[0], 4096);
	assert_int_equal(w.bs[1], 4096);
	assert_int_equal(w.read_pct, 100);
	assert_int_equal(w.random, 1);
	assert_int_equal(fr_workload_of_name("8k-randrw-70-30", &w), 0);
	assert_int_equal(w.read_pct, 70);
	assert_int_equal(fr_workload_of_name("r4k-w64k-seqrw-50-50", &w), 0);
	assert_int_equal(w.bs[0], 4096);
	assert_int_equal(w.bs[1], 65536);
	assert_int_equal(w.random, 0);
	assert_int_equal(fr_workload_of_name("1m-seqwrite", &w), 0);
	assert_int_equal(w.bs[1], 1048576);
	assert_int_equal(w.read_pct, 0);
	/* names that say no workload */
	assert_int_equal(fr_workload_of_name("sql", &w), -1);
	assert_int_equal(fr_workload_of_name("oracle-80-20", &w), -1);
	assert_int_equal(fr_workload_of_name("8k-randrw-70-20", &w), -1);
	assert_int_equal(fr_workload_of_name("4k-randreads", &w), -1);
}

static void expect_canon(const char *key, const char *val, bool said, const char *ckey,
			 const char *cval)
{
	char k[64], v[64];

	assert_int_equal(fr_opt_canon(key, val, k, sizeof(k), v, sizeof(v)), said);
	if (said) {
		assert_string_equal(k, ckey);
		assert_string_equal(v, cval);
	}
}

static void test_one_spelling(void **state)
{
	(void)state;
	expect_canon("bs", "4k", false, NULL, NULL); /* 4096: fio's default */
	expect_canon("blocksize", "8k", true, "bs", "8192");
	expect_canon("bs", "8k,8k", true, "bs", "8192");
	expect_canon("bs", "4k,64k", true, "bs", "4096,65536");
	expect_canon("iodepth", "1", false, NULL, NULL);
	expect_canon("iodepth", "32", true, "iodepth", "32");
	expect_canon("readwrite", "randrw", true, "rw", "randrw");
	expect_canon("rwmixwrite", "30", true, "rwmixread", "70");
	expect_canon("rwmixwrite", "50", false, NULL, NULL);
	expect_canon("size", "100%", true, "size", "100%");
	expect_canon("size", "1g", true, "size", "1073741824");
}

/* kb_base changes the sizes given after it only, as fio parses them. */
static void test_kb_base_order(void **state)
{
	struct fr_jobopts o;
	char *p;

	(void)state;
	fr_jobopts_init(&o);
	fr_jobopts_set(&o, "rw", "randread");
	fr_jobopts_set(&o, "bs", "4k");
	fr_jobopts_set(&o, "kb_base", "1000");
	assert_int_equal(fr_jobopts_bs(&o), 4096);
	p = fr_profile_from_options(&o);
	assert_string_equal(p, "4k-randread");
	free(p);
	fr_jobopts_init(&o);
	fr_jobopts_set(&o, "kb_base", "1000");
	fr_jobopts_set(&o, "rw", "randread");
	fr_jobopts_set(&o, "bs", "4k");
	assert_int_equal(fr_jobopts_bs(&o), 4000);
	p = fr_profile_from_options(&o);
	assert_string_equal(p, "4000-randread");
	free(p);
}

static const char *check(struct fr_ran *r, const struct fr_jobopts *o, const char *profile,
			 enum fr_kind kind, char *buf)
{
	struct fr_job_label l = {.profile = (char *)profile, .step = (char *)"peak", .kind = kind};

	return fr_ran_check(r, o, &l, "job", 0, buf, 512);
}

static void opts(struct fr_jobopts *o, const char *rw, const char *bs, const char *mix)
{
	fr_jobopts_init(o);
	o->known = true;
	fr_jobopts_set(o, "rw", rw);
	fr_jobopts_set(o, "bs", bs);
	if (mix)
		fr_jobopts_set(o, "rwmixread", mix);
}

static void test_ran_checks(void **state)
{
	struct fr_jobopts o;
	struct fr_ran r;
	char buf[512];

	(void)state;
	/* a 4 KiB reader named 4k-randread: agrees */
	opts(&o, "randread", "4k", NULL);
	r = (struct fr_ran){.ios = {1000, 0, 0}, .bs = {4096, 0, 0}};
	assert_null(check(&r, &o, "4k-randread", FR_KIND_CURVE, buf));
	/* the same name over 8 KiB reads */
	opts(&o, "randread", "8k", NULL);
	r = (struct fr_ran){.ios = {1000, 0, 0}, .bs = {8192, 0, 0}};
	assert_non_null(check(&r, &o, "4k-randread", FR_KIND_CURVE, buf));
	assert_non_null(strstr(buf, "did 8 KiB random reads only"));
	/* sequential options under a random name */
	opts(&o, "read", "4k", NULL);
	r = (struct fr_ran){.ios = {1000, 0, 0}, .bs = {4096, 0, 0}};
	assert_non_null(check(&r, &o, "4k-randread", FR_KIND_CURVE, buf));
	/* a 70/30 mix: 6950 of 10000 reads is the share (4 sd = 1.8 points,
	 * at least 2), 6700 is not */
	opts(&o, "randrw", "8k", "70");
	r = (struct fr_ran){.ios = {6950, 3050, 0}, .bs = {8192, 8192, 0}};
	assert_null(check(&r, &o, "8k-randrw-70-30", FR_KIND_CURVE, buf));
	r = (struct fr_ran){.ios = {6700, 3300, 0}, .bs = {8192, 8192, 0}};
	assert_non_null(check(&r, &o, "8k-randrw-70-30", FR_KIND_CURVE, buf));
	assert_non_null(strstr(buf, "not what its options ask for"));
	/* ... unless a rate cap made it drift: kept, the share achieved said */
	fr_jobopts_set(&o, "rate_iops", "4000");
	r = (struct fr_ran){.ios = {5000, 5000, 0}, .bs = {8192, 8192, 0}};
	assert_null(check(&r, &o, "8k-randrw-70-30", FR_KIND_CURVE, buf));
	assert_int_equal(r.drifted_pct, 50);
	/* a group_reporting entry of a reader and a writer: a mixed group */
	opts(&o, "randwrite", "64k", NULL);
	o.name = "writer";
	r = (struct fr_ran){.ios = {900, 100, 0}, .bs = {4096, 65536, 0}, .merged = true};
	assert_non_null(check(&r, &o, "64k-randwrite", FR_KIND_CURVE, buf));
	assert_non_null(strstr(buf, "a mixed group"));
	assert_non_null(strstr(buf, "4 KiB reads and 64 KiB writes"));
	/* roles: a noisy-neighbor reader that wrote */
	opts(&o, "randwrite", "4k", NULL);
	r = (struct fr_ran){.ios = {0, 100, 0}, .bs = {0, 4096, 0}};
	assert_non_null(check(&r, &o, "noisy-neighbor", FR_KIND_NN_READ, buf));
	assert_non_null(strstr(buf, "noisy-neighbor reader"));
	/* no options in the output: the figures alone, no guess from defaults */
	fr_jobopts_init(&o);
	r = (struct fr_ran){.ios = {1000, 0, 0}, .bs = {0, 0, 0}};
	assert_null(check(&r, &o, "4k-randread", FR_KIND_CURVE, buf));
}

/* fio counts an I/O when queued, its bytes when done: after ramp_time's
 * reset the bytes of up to a queue of I/Os stand apart from their count
 * (a real fio 3.41 noisy-neighbor reader: 1984 reads, 8253440 bytes). */
static void test_ran_in_flight(void **state)
{
	struct fr_jobopts o;
	struct fr_ran r;
	char buf[512];

	(void)state;
	opts(&o, "randread", "4k", NULL);
	fr_jobopts_set(&o, "iodepth", "32");
	r = (struct fr_ran){.ios = {1984, 0, 0}, .bs = {4160, 0, 0}};
	assert_null(check(&r, &o, "noisy-neighbor", FR_KIND_NN_READ, buf));
	assert_null(check(&r, &o, "4k-randread", FR_KIND_CURVE, buf));
	/* at queue depth 1 the same count is no queue's worth: another size */
	fr_jobopts_set(&o, "iodepth", "1");
	assert_non_null(check(&r, &o, "noisy-neighbor", FR_KIND_NN_READ, buf));
	assert_non_null(strstr(buf, "not what its options ask for"));
	/* deeper queues on several namespaces allow more, but not a size apart:
	 * 8 KiB counted over 4 KiB asked at 32 x 3 in flight */
	fr_jobopts_set(&o, "iodepth", "32");
	fr_jobopts_set(&o, "namespaces", "4-6");
	r = (struct fr_ran){.ios = {100000, 0, 0}, .bs = {8192, 0, 0}};
	assert_non_null(check(&r, &o, "noisy-neighbor", FR_KIND_NN_READ, buf));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_workload_of_name), cmocka_unit_test(test_one_spelling),
		cmocka_unit_test(test_kb_base_order),	 cmocka_unit_test(test_ran_checks),
		cmocka_unit_test(test_ran_in_flight),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
