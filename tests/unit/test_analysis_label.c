// SPDX-License-Identifier: GPL-2.0-only
/*
 * fiorank's labelling rules (analysis/model/label.c), one test per rule of
 * docs/fiorank.md "Labels", and the fio-group rule (analysis/model/group.c):
 * job names under the contract, fio's reading of rw/bs/rwmix options and
 * sizes, client and path labels, and which jobs of different groups become
 * curve steps, separate results or exclusions; the method's order of step
 * names.
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/group.h"
#include "model/label.h"
#include "model/model.h"

static void expect_name(const char *jobname, const char *profile, const char *step,
			enum fr_kind kind, unsigned nsid, bool contract)
{
	struct fr_jobname n;

	assert_int_equal(fr_parse_jobname(jobname, &n), 0);
	assert_string_equal(n.profile, profile);
	assert_string_equal(n.step, step);
	assert_int_equal(n.kind, kind);
	assert_int_equal(n.nsid, nsid);
	assert_int_equal(n.contract, contract);
	fr_jobname_free(&n);
}

static void test_contract_names(void **state)
{
	(void)state;
	expect_name("8k-randrw-70-30@110", "8k-randrw-70-30", "110", FR_KIND_CURVE, 0, true);
	expect_name("4k-randread@peak", "4k-randread", "peak", FR_KIND_CURVE, 0, true);
	expect_name("wp-read@110", "write-pressure", "110", FR_KIND_WP_READ, 0, true);
	expect_name("wp-write@10", "write-pressure", "10", FR_KIND_WP_WRITE, 0, true);
	expect_name("nn-read-ns5", "noisy-neighbor", "peak", FR_KIND_NN_READ, 5, true);
	expect_name("nn-write", "noisy-neighbor", "peak", FR_KIND_NN_WRITE, 0, true);
	expect_name("precond-ss-round3", "precondition", "ss-round3", FR_KIND_PRECOND, 0, true);
	/* not the contract's names */
	expect_name("nn-readers", "nn-readers", "peak", FR_KIND_CURVE, 0, false);
	expect_name("nn-read-nsx", "nn-read-nsx", "peak", FR_KIND_CURVE, 0, false);
	expect_name("job1", "job1", "peak", FR_KIND_CURVE, 0, false);
	expect_name("@", "unnamed", "peak", FR_KIND_CURVE, 0, true);
}

static void test_long_names_stay_distinct(void **state)
{
	char a[400], b[400];
	struct fr_jobname na, nb;

	(void)state;
	memset(a, 'x', 300);
	memcpy(b, a, 300);
	strcpy(a + 300, "-one@peak");
	strcpy(b + 300, "-two@peak");
	assert_int_equal(fr_parse_jobname(a, &na), 0);
	assert_int_equal(fr_parse_jobname(b, &nb), 0);
	assert_int_equal(strlen(na.profile), 304);
	assert_string_not_equal(na.profile, nb.profile);
	fr_jobname_free(&na);
	fr_jobname_free(&nb);
}

static const char *step_problem(const char *jobname)
{
	static char why[256];
	struct fr_jobname n;
	const char *p;

	assert_int_equal(fr_parse_jobname(jobname, &n), 0);
	p = fr_step_problem(jobname, &n);
	fr_jobname_free(&n);
	if (!p)
		return NULL;
	strncpy(why, p, sizeof(why) - 1);
	return why;
}

static void test_step_must_suit_kind(void **state)
{
	(void)state;
	assert_null(step_problem("wp-read@110"));
	assert_null(step_problem("wp-read@2.5"));
	assert_non_null(strstr(step_problem("wp-read@10MBps"), "not a number of MB/s"));
	assert_non_null(step_problem("wp-read@-5"));
	assert_non_null(step_problem("wp-read@inf"));
	assert_non_null(step_problem("wp-write"));
	assert_null(step_problem("nn-read-ns4"));
	assert_non_null(strstr(step_problem("nn-read-ns4@peak"), "takes no step"));
	assert_null(step_problem("4k-randread@whatever"));
}

static void test_fio_sizes(void **state)
{
	unsigned long long b;

	(void)state;
	assert_int_equal(fr_fio_size("4k", 1024, &b), 0);
	assert_int_equal(b, 4096);
	assert_int_equal(fr_fio_size("4K", 1024, &b), 0);
	assert_int_equal(b, 4096);
	assert_int_equal(fr_fio_size("4kb", 1024, &b), 0);
	assert_int_equal(b, 4096);
	/* fio's compatibility mode: with kb_base 1024, KiB is 1000 (parse.c) */
	assert_int_equal(fr_fio_size("4KiB", 1024, &b), 0);
	assert_int_equal(b, 4000);
	assert_int_equal(fr_fio_size("4KiB", 1000, &b), 0);
	assert_int_equal(b, 4096);
	assert_int_equal(fr_fio_size("4k", 1000, &b), 0);
	assert_int_equal(b, 4000);
	assert_int_equal(fr_fio_size("1M", 1024, &b), 0);
	assert_int_equal(b, 1048576);
	assert_int_equal(fr_fio_size("1024k", 1024, &b), 0);
	assert_int_equal(b, 1048576);
	assert_int_equal(fr_fio_size("4096", 1024, &b), 0);
	assert_int_equal(b, 4096);
	assert_int_equal(fr_fio_size("4q", 1024, &b), -1);
	assert_int_equal(fr_fio_size("k", 1024, &b), -1);
	assert_int_equal(fr_fio_size("0", 1024, &b), -1);
	assert_int_equal(fr_fio_size("99999999999999999999p", 1024, &b), -1);
}

/* Options applied in order: key, value pairs, NULL-terminated. */
static char *profile_of(const char *const *kv)
{
	struct fr_jobopts o;

	fr_jobopts_init(&o);
	for (; kv[0]; kv += 2)
		fr_jobopts_set(&o, kv[0], kv[1]);
	return fr_profile_from_options(&o);
}

static void expect_profile(const char *want, const char *const *kv)
{
	char *p = profile_of(kv);

	if (!want) {
		assert_null(p);
		return;
	}
	assert_non_null(p);
	assert_string_equal(p, want);
	free(p);
}

static void test_profile_from_options(void **state)
{
	(void)state;
	expect_profile("4k-randread", (const char *const[]){"rw", "randread", "bs", "4k", NULL});
	expect_profile("4k-randread", (const char *const[]){"rw", "randread", "bs", "4096", NULL});
	expect_profile("4k-randread",
		       (const char *const[]){"readwrite", "randread", "blocksize", "4K", NULL});
	expect_profile("1m-seqread", (const char *const[]){"rw", "read", "bs", "1M", NULL});
	expect_profile("1m-seqread", (const char *const[]){"rw", "read", "bs", "1024k", NULL});
	expect_profile("64k-seqwrite", (const char *const[]){"rw", "write", "bs", "64k", NULL});
	/* rwmixwrite sets the read share to 100 - it, the later option wins */
	expect_profile("8k-randrw-70-30",
		       (const char *const[]){"rw", "randrw", "bs", "8k", "rwmixwrite", "30", NULL});
	expect_profile("8k-randrw-40-60",
		       (const char *const[]){"rw", "randrw", "bs", "8k", "rwmixread", "70",
					     "rwmixwrite", "60", NULL});
	expect_profile("8k-randrw-50-50", (const char *const[]){"rw", "randrw", "bs", "8k", NULL});
	expect_profile("4k-seqrw-70-30",
		       (const char *const[]){"rw", "readwrite", "rwmixread", "70", NULL});
	/* fio's defaults: rw=read, bs=4096 */
	expect_profile("4k-seqread", (const char *const[]){NULL});
	/* an offset modifier does not change the workload */
	expect_profile("4k-randread", (const char *const[]){"rw", "randread:8", NULL});
	/* separate read and write sizes */
	expect_profile("r4k-w64k-randrw-50-50",
		       (const char *const[]){"rw", "randrw", "bs", "4k,64k", NULL});
	/* KiB is 1000 with fio's default kb_base, 1024 with kb_base=1000 */
	expect_profile("4000-randread",
		       (const char *const[]){"rw", "randread", "bs", "4KiB", NULL});
	expect_profile("4k-randread", (const char *const[]){"kb_base", "1000", "rw", "randread",
							    "bs", "4KiB", NULL});
	/* no single profile: several sizes, unknown rw, bad mix */
	expect_profile(NULL,
		       (const char *const[]){"rw", "randread", "bssplit", "4k/50:64k/50", NULL});
	expect_profile(NULL, (const char *const[]){"rw", "trim", NULL});
	expect_profile(NULL, (const char *const[]){"rw", "randrw", "rwmixread", "170", NULL});
	expect_profile(NULL, (const char *const[]){"rw", "randread", "bs", "lots", NULL});
}

static void test_pacing_options(void **state)
{
	(void)state;
	assert_true(fr_opt_is_rate("rate_iops"));
	assert_true(fr_opt_is_rate("rate"));
	assert_true(fr_opt_is_pacing("stonewall"));
	assert_true(fr_opt_is_pacing("rate_iops"));
	assert_false(fr_opt_is_rate("stonewall"));
	assert_false(fr_opt_is_pacing("iodepth"));
}

static void test_drive_labels(void **state)
{
	char *s;

	(void)state;
	s = fr_client_label("host-a", 8765, false);
	assert_string_equal(s, "host-a");
	free(s);
	s = fr_client_label("host-a", 8765, true);
	assert_string_equal(s, "host-a:8765");
	free(s);
	s = fr_fallback_label("res", "res/drive-a/profiles/x/peak.json");
	assert_string_equal(s, "drive-a");
	free(s);
	s = fr_fallback_label("res", "res/peak.json");
	assert_string_equal(s, "peak");
	free(s);
	s = fr_fallback_label("a.json", "dir/a.json");
	assert_string_equal(s, "a");
	free(s);
	assert_true(fr_test_names_itself("write-pressure"));
	assert_false(fr_test_names_itself("4k-randread"));
}

/* The documented order of fr_label_job(). */
static void expect_label(const struct fr_label *lb, const char *jobname, const char *host,
			 const char *rw, const char *drive, const char *profile, const char *step)
{
	struct fr_jobopts o;
	struct fr_job_label l;

	fr_jobopts_init(&o);
	fr_jobopts_set(&o, "rw", rw);
	fr_jobopts_set(&o, "bs", "8k");
	assert_int_equal(fr_label_job(lb, jobname, host, &o, &l), 0);
	assert_string_equal(l.drive, drive);
	assert_string_equal(l.profile, profile);
	assert_string_equal(l.step, step);
	fr_job_label_free(&l);
}

static void test_label_order(void **state)
{
	struct fr_label none = {.fallback_drive = "path"};
	struct fr_label forced = {
		.drive = "D", .profile = "P", .step = "S", .fallback_drive = "path"};
	struct fr_label hint = {.fallback_drive = "path", .profile_hint = "T", .step_hint = "50"};

	(void)state;
	/* drive: forced, else the client, else the path */
	expect_label(&forced, "job1", "host", "read", "D", "P", "S");
	expect_label(&none, "job1", "host", "read", "host", "8k-seqread", "peak");
	expect_label(&none, "job1", NULL, "read", "path", "8k-seqread", "peak");
	/* profile: the contract name beats the manifest's test and the options */
	expect_label(&hint, "4k-randread@10", NULL, "read", "path", "4k-randread", "10");
	/* outside the contract the manifest's test and step beat the options */
	expect_label(&hint, "job1", NULL, "read", "path", "T", "50");
	/* then the options, then the job name */
	expect_label(&none, "job1", NULL, "randwrite", "path", "8k-randwrite", "peak");
	expect_label(&none, "job1", NULL, "trimwrite", "path", "job1", "peak");
	/* -p/-s beat the contract name */
	expect_label(&forced, "4k-randread@10", NULL, "read", "D", "P", "S");
}

/* A pending job as read_fio.c makes it. */
static void pend(struct fr_pending *p, const char *jobname, long gid, const char *profile,
		 const char *workload, const char *rate, bool named)
{
	memset(p, 0, sizeof(*p));
	p->jobname = strdup(jobname);
	p->drive = strdup("d");
	p->profile = strdup(profile);
	p->step = strdup("peak");
	p->workload = strdup(workload);
	p->rate = strdup(rate);
	p->groupid = gid;
	p->profile_named = p->step_named = named;
}

static void free_all(struct fr_pending *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		fr_pending_free(&v[i]);
}

static void test_groups_rate_curve(void **state)
{
	struct fr_pending v[4];

	(void)state;
	pend(&v[0], "step-10", 0, "4k-randread", "", "rate_iops=500\n", false);
	pend(&v[1], "step-50", 1, "4k-randread", "", "rate_iops=2500\n", false);
	pend(&v[2], "step-max", 2, "4k-randread", "", "", false);
	pend(&v[3], "step-max", 2, "4k-randread", "", "", false); /* numjobs=2 */
	assert_int_equal(fr_group_resolve(v, 4), 0);
	for (int i = 0; i < 4; i++) {
		assert_null(v[i].excluded);
		assert_string_equal(v[i].profile, "4k-randread");
	}
	assert_string_equal(v[0].step, "step-10");
	assert_string_equal(v[1].step, "step-50");
	assert_string_equal(v[2].step, "step-max");
	assert_string_equal(v[3].step, "step-max");
	free_all(v, 4);
}

static void test_groups_separate_results(void **state)
{
	struct fr_pending v[2];

	(void)state;
	/* the same reader in two write-pressure phases: no rate cap of its own */
	pend(&v[0], "reader-10", 0, "4k-randread", "", "", false);
	pend(&v[1], "reader-50", 1, "4k-randread", "", "", false);
	assert_int_equal(fr_group_resolve(v, 2), 0);
	assert_null(v[0].excluded);
	assert_null(v[1].excluded);
	assert_string_equal(v[0].profile, "reader-10");
	assert_string_equal(v[1].profile, "reader-50");
	free_all(v, 2);
}

static void test_groups_named_steps_repeated(void **state)
{
	struct fr_pending v[3];

	(void)state;
	/* the contract's name twice, stonewalled: two runs, never one sum */
	pend(&v[0], "4k-randread@peak", 0, "4k-randread", "", "", true);
	pend(&v[1], "4k-randread@peak", 1, "4k-randread", "", "", true);
	pend(&v[2], "4k-randread@peak", 0, "4k-randread", "", "", true);
	assert_int_equal(fr_group_resolve(v, 3), 0);
	assert_null(v[0].excluded);
	assert_non_null(v[1].excluded);
	assert_non_null(strstr(v[1].excluded, "fio group 1"));
	assert_null(v[2].excluded); /* same group as the first: added */
	free_all(v, 3);
}

/* A job's rate target from rate_iops= (per job and direction) x numjobs. */
static double target_of(const char *rw, const char *mix, const char *key, const char *rate,
			const char *numjobs)
{
	struct fr_jobopts o;

	fr_jobopts_init(&o);
	fr_jobopts_set(&o, "rw", rw);
	if (mix)
		fr_jobopts_set(&o, "rwmixread", mix);
	if (key)
		fr_jobopts_set(&o, key, rate);
	fr_jobopts_set(&o, "numjobs", numjobs);
	return fr_jobopts_target_iops(&o);
}

static void test_rate_target(void **state)
{
	(void)state;
	assert_true(target_of("randread", NULL, NULL, NULL, "4") == 0); /* not capped */
	assert_true(target_of("randread", NULL, "rate_iops", "5187", "4") == 20748);
	assert_true(target_of("randread", NULL, "rate_iops", "5187,", "4") == 20748);
	assert_true(target_of("randwrite", NULL, "rate_iops", ",300", "2") == 600);
	assert_true(target_of("randrw", "70", "rate_iops", "700,300", "1") == 1000);
	/* one number on a mix caps each direction: no single total */
	assert_true(isnan(target_of("randrw", "70", "rate_iops", "700", "1")));
	/* a direction it does left uncapped, a cap in bytes, nonsense */
	assert_true(isnan(target_of("randrw", "70", "rate_iops", "700,", "1")));
	assert_true(isnan(target_of("randread", NULL, "rate", "10m", "1")));
	assert_true(isnan(target_of("randread", NULL, "rate_iops", "lots", "1")));
	assert_true(target_of("randread", NULL, "rate_iops", "0", "1") == 0);
}

/* The method's order of step names (model_step.c): a published "first", the
 * capped shares as numbers, named steps with their numbers counted, "peak". */
static void test_step_order(void **state)
{
	static const char *const in_order[] = {
		"first", "10",	 "50", "100", "120",   "inf",	"q1",	 "q8",	  "q32",  "q064",
		"q64",	 "q128", "s2", "s10", "t1q32", "t2q16", "t16q1", "write", "peak",
	};
	size_t n = sizeof(in_order) / sizeof(in_order[0]);

	(void)state;
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++) {
			int c = fr_step_name_cmp(in_order[i], in_order[j]);

			if (i < j)
				assert_true(c < 0);
			else if (i > j)
				assert_true(c > 0);
			else
				assert_int_equal(c, 0);
		}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_contract_names),
		cmocka_unit_test(test_long_names_stay_distinct),
		cmocka_unit_test(test_step_must_suit_kind),
		cmocka_unit_test(test_fio_sizes),
		cmocka_unit_test(test_profile_from_options),
		cmocka_unit_test(test_pacing_options),
		cmocka_unit_test(test_drive_labels),
		cmocka_unit_test(test_label_order),
		cmocka_unit_test(test_groups_rate_curve),
		cmocka_unit_test(test_groups_separate_results),
		cmocka_unit_test(test_groups_named_steps_repeated),
		cmocka_unit_test(test_rate_target),
		cmocka_unit_test(test_step_order),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
