// SPDX-License-Identifier: GPL-2.0-only
/*
 * The --fail-if expression (analysis/baseline.c): what it accepts, what it
 * refuses and the character its error names, and which changes cross a term.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "baseline.h"

static void test_two_terms(void **state)
{
	struct fr_gate g;
	char err[256] = "";

	(void)state;
	assert_int_equal(fr_gate_parse("p99.99>+10%,iops<-5%", &g, err, sizeof(err)), 0);
	assert_int_equal(g.nterms, 2);
	assert_int_equal(g.terms[0].metric, FR_BL_P9999);
	assert_true(g.terms[0].above);
	assert_true(fabs(g.terms[0].pct - 10.0) < 1e-9);
	assert_int_equal(g.terms[1].metric, FR_BL_IOPS);
	assert_false(g.terms[1].above);
	assert_true(fabs(g.terms[1].pct + 5.0) < 1e-9);
	fr_gate_free(&g);
}

static void test_every_metric(void **state)
{
	static const struct {
		const char *expr;
		enum fr_bl_metric m;
		double pct;
	} ok[] = {
		{"iops<-5%", FR_BL_IOPS, -5},	    {"mbps<-2.5%", FR_BL_MBPS, -2.5},
		{"mean>+0%", FR_BL_MEAN, 0},	    {"p99>+20%", FR_BL_P99, 20},
		{"p99.99>+100%", FR_BL_P9999, 100}, {"p99>-1.25%", FR_BL_P99, -1.25},
	};
	struct fr_gate g;
	char err[256];

	(void)state;
	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		assert_int_equal(fr_gate_parse(ok[i].expr, &g, err, sizeof(err)), 0);
		assert_int_equal(g.nterms, 1);
		assert_int_equal(g.terms[0].metric, ok[i].m);
		assert_true(fabs(g.terms[0].pct - ok[i].pct) < 1e-9);
		fr_gate_free(&g);
	}
}

/* Each malformed expression is refused, naming the character and why. */
static void test_malformed(void **state)
{
	static const struct {
		const char *expr, *where, *why;
	} bad[] = {
		{"", "character 1", "empty"},
		{"p99.99>10%", "character 8", "signed"},
		{"p99.99>+10", "character 11", "'%'"},
		{"p99.99>+10%,", "character 13", "metric"},
		{",iops<-5%", "character 1", "metric"},
		{"p98>+10%", "character 1", "metric"},
		{"p99.9>+10%", "character 1", "metric"},
		{"iops=-5%", "character 5", "'>' or '<'"},
		{"iops<-5%;mean>+1%", "character 9", "','"},
		{"iops<-5% ", "character 9", "','"},
		{" iops<-5%", "character 1", "metric"},
		{"iops<-%", "character 7", "number"},
		{"iops<-1e3%", "character 8", "plain number"},
		{"iops<-5.%", "character 6", "plain number"},
		{"iops<-nan%", "character 7", "number"},
		{"IOPS<-5%", "character 1", "metric"},
		{"iopsx<-5%", "character 1", "metric"},
	};
	struct fr_gate g;
	char err[256];

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		assert_int_equal(fr_gate_parse(bad[i].expr, &g, err, sizeof(err)), -1);
		assert_null(g.terms);
		assert_int_equal(g.nterms, 0);
		if (!strstr(err, bad[i].where) || !strstr(err, bad[i].why))
			fail_msg("'%s': error '%s' lacks '%s' / '%s'", bad[i].expr, err,
				 bad[i].where, bad[i].why);
	}
}

static struct fr_profile_rank one_profile(struct fr_entry *e, struct fr_drive *d, struct fr_step *s,
					  double iops, double p9999)
{
	memset(s, 0, sizeof(*s));
	s->dir[FR_READ].ios = 1000;
	s->dir[FR_READ].lat[FR_CLAT].p99 = 100;
	s->dir[FR_READ].lat[FR_CLAT].p9999 = p9999;
	memset(e, 0, sizeof(*e));
	e->drive = d;
	e->peak = s;
	e->iops = iops;
	e->mbps = iops * 4096 / 1e6;
	e->lat_ns = 50;
	return (struct fr_profile_rank){.name = "4k-randread", .e = e, .n = 1};
}

/* A change beyond a term crosses it; one at or inside it does not. */
static void test_compare_crossing(void **state)
{
	struct fr_drive d = {.label = "drive-a"};
	struct fr_step sb, sc;
	struct fr_entry eb, ec;
	struct fr_profile_rank pb = one_profile(&eb, &d, &sb, 1000, 200);
	struct fr_profile_rank pc = one_profile(&ec, &d, &sc, 940, 220);
	struct fr_ranking rb = {.profiles = &pb, .nprofiles = 1};
	struct fr_ranking rc = {.profiles = &pc, .nprofiles = 1};
	struct fr_baseline b = {0};
	struct fr_gate g;
	char err[256];

	(void)state;
	/* -6% IOPS crosses iops<-5%; +10% p99.99 does not cross >+10% */
	assert_int_equal(fr_gate_parse("p99.99>+10%,iops<-5%", &g, err, sizeof(err)), 0);
	assert_int_equal(fr_baseline_compare(&rc, &rb, &g, &b), 0);
	assert_int_equal(b.nrows, 1);
	assert_int_equal(b.rows[0].status, FR_BL_COMPARED);
	assert_true(fabs(b.rows[0].change_pct[FR_BL_IOPS] + 6.0) < 1e-9);
	assert_true(fabs(b.rows[0].change_pct[FR_BL_P9999] - 10.0) < 1e-9);
	assert_int_equal(b.rows[0].crossed, 1u << FR_BL_IOPS);
	assert_int_equal(b.ncrossed, 1);
	fr_baseline_free(&b);
	fr_gate_free(&g);
}

/* Another drive label is never matched to the baseline's drive. */
static void test_compare_unmatched(void **state)
{
	struct fr_drive da = {.label = "drive-a"}, db = {.label = "drive-b"};
	struct fr_step sb, sc;
	struct fr_entry eb, ec;
	struct fr_profile_rank pb = one_profile(&eb, &da, &sb, 1000, 200);
	struct fr_profile_rank pc = one_profile(&ec, &db, &sc, 10, 20000);
	struct fr_ranking rb = {.profiles = &pb, .nprofiles = 1};
	struct fr_ranking rc = {.profiles = &pc, .nprofiles = 1};
	struct fr_baseline b = {0};
	struct fr_gate g;
	char err[256];

	(void)state;
	assert_int_equal(fr_gate_parse("iops<-5%", &g, err, sizeof(err)), 0);
	assert_int_equal(fr_baseline_compare(&rc, &rb, &g, &b), 0);
	assert_int_equal(b.nrows, 2);
	assert_int_equal(b.rows[0].status, FR_BL_ONLY_INPUT);
	assert_string_equal(b.rows[0].drive, "drive-b");
	assert_int_equal(b.rows[1].status, FR_BL_ONLY_BASELINE);
	assert_string_equal(b.rows[1].drive, "drive-a");
	assert_int_equal(b.ncrossed, 0);
	assert_int_equal(b.nunmatched, 2);
	fr_baseline_free(&b);
	fr_gate_free(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_terms),	  cmocka_unit_test(test_every_metric),
		cmocka_unit_test(test_malformed),	  cmocka_unit_test(test_compare_crossing),
		cmocka_unit_test(test_compare_unmatched),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
