// SPDX-License-Identifier: GPL-2.0-only
/*
 * The --fail-if gate: the expression (analysis/gate/baseline.c: what it accepts,
 * what it refuses and the character its error names), the comparison
 * (baseline_cmp.c: which changes cross a term, which terms cannot be decided
 * and why, every section compared) and the noise statistic of repeated runs
 * (baseline_noise.c) on synthetic runs of known spread and injected shifts.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gate/baseline.h"
#include "gate_build.h"

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

/* ---------------------------------------------------------------- compare */

static int compare(struct fr_model *cur, struct fr_model *base, enum fr_basis basis,
		   const char *expr, struct fr_baseline *b)
{
	const struct fr_model *cm[1] = {cur}, *bm[1] = {base};
	struct fr_bl_runs cr = {cm, 1}, br = {bm, 1};
	struct fr_gate g;
	char err[256];
	int ret;

	assert_int_equal(fr_gate_parse(expr, &g, err, sizeof(err)), 0);
	memset(b, 0, sizeof(*b));
	b->fail_if = expr;
	ret = fr_baseline_compare(&cr, &br, basis, &g, b);
	fr_gate_free(&g);
	return ret;
}

/* A change beyond a term crosses it; one at or inside it does not. */
static void test_compare_crossing(void **state)
{
	struct fr_model mb, mc;
	struct fr_baseline b;

	(void)state;
	fr_model_init(&mb);
	fr_model_init(&mc);
	one_step(&mb, "4k-randread", "peak", FR_KIND_CURVE, 0, 1000, 100, 200);
	one_step(&mc, "4k-randread", "peak", FR_KIND_CURVE, 0, 940, 100, 220);
	/* -6% IOPS crosses iops<-5%; +10% p99.99 does not cross >+10% */
	assert_int_equal(compare(&mc, &mb, FR_CLAT, "p99.99>+10%,iops<-5%", &b), 0);
	assert_int_equal(b.nrows, 1);
	assert_int_equal(b.rows[0].status, FR_BL_COMPARED);
	assert_true(fabs(b.rows[0].change_pct[FR_BL_IOPS] + 6.0) < 1e-9);
	assert_true(fabs(b.rows[0].change_pct[FR_BL_P9999] - 10.0) < 1e-9);
	assert_int_equal(b.rows[0].crossed, 1u << FR_BL_IOPS);
	assert_int_equal(b.ncrossed, 1);
	assert_false(b.undecided);
	assert_string_equal(fr_bl_verdict(&b), "regression");
	fr_baseline_free(&b);
	fr_model_free(&mb);
	fr_model_free(&mc);
}

/* Another drive label is never matched to the baseline's drive, and with
 * nothing compared the gate cannot decide. */
static void test_compare_unmatched(void **state)
{
	struct fr_model mb, mc;
	struct fr_baseline b;

	(void)state;
	fr_model_init(&mb);
	fr_model_init(&mc);
	one_step(&mb, "4k-randread", "peak", FR_KIND_CURVE, 0, 1000, 100, 200);
	one_step(&mc, "4k-randread", "peak", FR_KIND_CURVE, 0, 10, 100, 20000);
	/* relabel the new side's drive */
	assert_int_equal(fr_model_move_profile(&mc, 0, 0, "drive-b"), 0);
	assert_int_equal(compare(&mc, &mb, FR_CLAT, "iops<-5%", &b), 0);
	assert_int_equal(b.nrows, 2);
	assert_int_equal(b.rows[0].status, FR_BL_ONLY_INPUT);
	assert_string_equal(b.rows[0].drive, "drive-b");
	assert_int_equal(b.rows[1].status, FR_BL_ONLY_BASELINE);
	assert_string_equal(b.rows[1].drive, "drive-a");
	assert_int_equal(b.ncrossed, 0);
	assert_int_equal(b.nunmatched, 2);
	assert_int_equal(b.ncompared, 0);
	assert_true(b.undecided);
	assert_non_null(strstr(b.why, "nothing was compared"));
	assert_string_equal(fr_bl_verdict(&b), "cannot decide");
	fr_baseline_free(&b);
	fr_model_free(&mb);
	fr_model_free(&mc);
}

/* -b lat on fio's default output: no total-latency percentiles on either
 * side, so p99.99>+10% cannot be decided, however much clat rose; the
 * reason names the sides and the fix.  -b clat decides it. */
static void test_lat_percentiles_absent(void **state)
{
	struct fr_model mb, mc;
	struct fr_baseline b;

	(void)state;
	fr_model_init(&mb);
	fr_model_init(&mc);
	one_step(&mb, "4k-randread", "peak", FR_KIND_CURVE, 0, 1000, 100, 200);
	one_step(&mc, "4k-randread", "peak", FR_KIND_CURVE, 0, 1000, 300, 1942); /* +871 % */
	assert_int_equal(compare(&mc, &mb, FR_LAT, "p99.99>+10%", &b), 0);
	assert_int_equal(b.ncompared, 1);
	assert_int_equal(b.ncrossed, 0);
	assert_int_equal(b.rows[0].undecided, 1u << FR_BL_P9999);
	assert_true(b.undecided);
	assert_non_null(strstr(b.rows[0].why, "p99.99 absent in the baseline and the new run"));
	assert_non_null(strstr(b.rows[0].why, "-b clat"));
	assert_non_null(strstr(b.rows[0].why, "lat_percentiles=1"));
	fr_baseline_free(&b);

	assert_int_equal(compare(&mc, &mb, FR_CLAT, "p99.99>+10%", &b), 0);
	assert_true(fabs(b.rows[0].change_pct[FR_BL_P9999] - 871.0) < 1e-9);
	assert_int_equal(b.rows[0].crossed, 1u << FR_BL_P9999);
	assert_false(b.undecided);
	fr_baseline_free(&b);
	fr_model_free(&mb);
	fr_model_free(&mc);
}

/* A percentile_list without 99.99 on the new side only: that side named,
 * the fix is the percentile_list. */
static void test_percentile_not_listed(void **state)
{
	struct fr_model mb, mc;
	struct fr_baseline b;

	(void)state;
	fr_model_init(&mb);
	fr_model_init(&mc);
	one_step(&mb, "4k-randread", "peak", FR_KIND_CURVE, 0, 1000, 100, 200);
	one_step(&mc, "4k-randread", "peak", FR_KIND_CURVE, 0, 1000, 300, NAN);
	assert_int_equal(compare(&mc, &mb, FR_CLAT, "p99.99>+10%,p99>+10%", &b), 0);
	assert_int_equal(b.rows[0].undecided, 1u << FR_BL_P9999);
	assert_int_equal(b.rows[0].crossed, 1u << FR_BL_P99);
	assert_non_null(strstr(b.rows[0].why, "p99.99 absent in the new run"));
	assert_non_null(strstr(b.rows[0].why, "percentile_list=...:99.99"));
	assert_string_equal(fr_bl_verdict(&b), "regression"); /* a crossing wins */
	fr_baseline_free(&b);
	fr_model_free(&mb);
	fr_model_free(&mc);
}

/* Noisy-neighbor victims (per namespace), write-pressure reads (per rate)
 * and every curve step are compared, not only the peak; writers are not. */
static void test_every_section(void **state)
{
	struct fr_model mb, mc;
	struct fr_baseline b;

	(void)state;
	fr_model_init(&mb);
	fr_model_init(&mc);
	for (int x = 0; x < 2; x++) {
		struct fr_model *m = x ? &mc : &mb;
		double k = x ? 10 : 1; /* every latency x10 on the new side */

		one_step(m, "4k-randread", "50", FR_KIND_CURVE, 0, 500, 100 * k, 200 * k);
		one_step(m, "noisy-neighbor", "peak", FR_KIND_NN_READ, 4, 900, 100 * k, 200 * k);
		one_step(m, "noisy-neighbor", "peak", FR_KIND_NN_READ, 5, 900, 110 * k, 210 * k);
		one_step(m, "noisy-neighbor", "peak", FR_KIND_NN_WRITE, 1, 900, 1, 1);
		one_step(m, "write-pressure", "40", FR_KIND_WP_READ, 0, 800, 100 * k, 300 * k);
		one_step(m, "tq-sweep", "t4q4", FR_KIND_TQ, 0, 700, 100 * k, 300 * k);
	}
	assert_int_equal(compare(&mc, &mb, FR_CLAT, "p99.99>+10%", &b), 0);
	assert_int_equal(b.nrows, 5); /* the writer is no row */
	assert_int_equal(b.ncompared, 5);
	assert_int_equal(b.ncrossed, 5);
	assert_int_equal(b.rows[0].section, FR_BL_CURVE);
	assert_string_equal(b.rows[0].step, "50");
	assert_int_equal(b.rows[1].section, FR_BL_NN);
	assert_int_equal(b.rows[1].nsid, 4);
	assert_int_equal(b.rows[2].nsid, 5);
	assert_int_equal(b.rows[3].section, FR_BL_WP);
	assert_int_equal(b.rows[4].section, FR_BL_TQ);
	for (size_t i = 0; i < b.nrows; i++)
		assert_true(fabs(b.rows[i].change_pct[FR_BL_P9999] - 900.0) < 1e-9);
	fr_baseline_free(&b);
	fr_model_free(&mb);
	fr_model_free(&mc);
}

/* ---------------------------------------------------------------- noise */

static void test_median(void **state)
{
	double odd[] = {3, 1, 2}, even[] = {4, 1, 3, 2};

	(void)state;
	assert_true(fabs(fr_bl_median(odd, 3) - 2) < 1e-12);
	assert_true(fabs(fr_bl_median(even, 4) - 2.5) < 1e-12);
	assert_true(isnan(fr_bl_median(odd, 0)));
}

static void test_confidence(void **state)
{
	(void)state;
	assert_true(fr_bl_confidence(1, 1) == 0);			   /* no estimate */
	assert_true(fabs(fr_bl_confidence(2, 2) - (1 - 1.0 / 6)) < 1e-12); /* C(4,2) = 6 */
	assert_true(fabs(fr_bl_confidence(3, 3) - 0.95) < 1e-12);	   /* C(6,3) = 20 */
	assert_true(fabs(fr_bl_confidence(1, 3) - 0.75) < 1e-12);	   /* C(4,1) = 4 */
	assert_true(fabs(fr_bl_confidence(4, 4) - (1 - 1.0 / 70)) < 1e-12);
}

/* Runs of known spread, shifted by a known factor. */
static void shifted(const double *base, size_t n, double factor, double *out)
{
	for (size_t i = 0; i < n; i++)
		out[i] = base[i] * factor;
}

static bool crossed(const char *expr, const double *b, size_t nb, const double *c, size_t nc,
		    bool *within)
{
	struct fr_bl_noise nz;
	struct fr_gate g;
	double vb[16], vc[16], mb, mc;
	char err[128];
	bool x;

	memcpy(vb, b, nb * sizeof(*b));
	memcpy(vc, c, nc * sizeof(*c));
	assert_true(fr_bl_noise(b, nb, c, nc, &nz));
	mb = fr_bl_median(vb, nb);
	mc = fr_bl_median(vc, nc);
	assert_int_equal(fr_gate_parse(expr, &g, err, sizeof(err)), 0);
	x = fr_bl_term_crossed(&g.terms[0], (mc - mb) / mb * 100, &nz, within);
	fr_gate_free(&g);
	return x;
}

static void test_noise_envelope(void **state)
{
	const double tight[] = {100, 102, 98};	 /* spread 4 % */
	const double noisy[] = {90, 100, 110};	 /* spread 20 % */
	const double iops[] = {1000, 1010, 990}; /* spread 2 % */
	double c[3];
	struct fr_bl_noise nz;
	bool within;

	(void)state;
	/* +20 % on tight runs: every pair above +10 % (lowest: 117.6 / 102) */
	shifted(tight, 3, 1.20, c);
	assert_true(crossed("p99.99>+10%", tight, 3, c, 3, &within));
	assert_true(fr_bl_noise(tight, 3, c, 3, &nz));
	assert_true(fabs(nz.change_lo - (117.6 - 102) / 102 * 100) < 1e-9);
	assert_true(fabs(nz.change_hi - (122.4 - 98) / 98 * 100) < 1e-9);
	assert_true(fabs(nz.spread_base - 4.0) < 1e-9);
	assert_true(fabs(nz.confidence - 0.95) < 1e-12);
	/* +12 % on noisy runs: the medians cross +10 %, the pairs do not */
	shifted(noisy, 3, 1.12, c);
	assert_false(crossed("p99.99>+10%", noisy, 3, c, 3, &within));
	assert_true(within);
	/* +60 % on noisy runs: beyond the noise too */
	shifted(noisy, 3, 1.60, c);
	assert_true(crossed("p99.99>+10%", noisy, 3, c, 3, &within));
	/* no change: not crossed, not within the noise either */
	assert_false(crossed("p99.99>+10%", noisy, 3, noisy, 3, &within));
	assert_false(within);
	/* IOPS down 10 % on 2 % spread: every pair below -5 % */
	shifted(iops, 3, 0.90, c);
	assert_true(crossed("iops<-5%", iops, 3, c, 3, &within));
	/* one run per side: no estimate, the threshold alone decides */
	assert_true(fr_bl_noise(tight, 1, c, 1, &nz));
	assert_false(fr_bl_has_noise(&nz));
	assert_true(isnan(nz.spread_base));
}

/* Against a brute force over every pair, for seeded random runs of several
 * spreads and shifts: crossed exactly when every pair crosses and the
 * medians do. */
static void test_noise_brute_force(void **state)
{
	uint32_t seed = 12345;

	(void)state;
	for (int trial = 0; trial < 2000; trial++) {
		size_t nb = 1 + trial % 5, nc = 1 + (trial / 5) % 5;
		double b[8], c[8], spread = (trial % 7) * 0.05, shift = 0.8 + (trial % 11) * 0.05;
		bool within, every = true, all_lo = true;

		for (size_t i = 0; i < nb + nc; i++) {
			double u;

			seed = seed * 1103515245u + 12345u;
			u = (double)(seed >> 8) / (double)(1u << 24); /* [0, 1) */
			if (i < nb)
				b[i] = 100 * (1 + spread * (u - 0.5));
			else
				c[i - nb] = 100 * shift * (1 + spread * (u - 0.5));
		}
		for (size_t i = 0; i < nb; i++)
			for (size_t k = 0; k < nc; k++) {
				every &= (c[k] - b[i]) / b[i] * 100 > 10;
				all_lo &= (c[k] - b[i]) / b[i] * 100 < -10;
			}
		if (nb + nc > 2) {
			bool x = crossed("mean>+10%", b, nb, c, nc, &within);

			if (every)
				assert_true(x);
			else
				assert_false(x);
			x = crossed("iops<-10%", b, nb, c, nc, &within);
			if (all_lo)
				assert_true(x);
			else
				assert_false(x);
		}
	}
}

/* Repeated runs through fr_baseline_compare: three per side. */
static void test_compare_repeats(void **state)
{
	struct fr_model m[6];
	const double p[6] = {100, 120, 80, 112, 132, 92}; /* +12 % on +-20 % */
	struct fr_baseline b = {.fail_if = "p99.99>+10%"};

	(void)state;
	for (int i = 0; i < 6; i++) {
		fr_model_init(&m[i]);
		one_step(&m[i], "4k-randread", "peak", FR_KIND_CURVE, 0, 1000, 50, p[i]);
	}
	compare_runs(m, 3, 3, &b);
	assert_int_equal(b.nbase_runs, 3);
	assert_int_equal(b.ncur_runs, 3);
	assert_true(fabs(b.rows[0].base[FR_BL_P9999] - 100) < 1e-9); /* medians */
	assert_true(fabs(b.rows[0].cur[FR_BL_P9999] - 112) < 1e-9);
	assert_int_equal(b.rows[0].noise[FR_BL_P9999].nbase, 3);
	assert_int_equal(b.rows[0].crossed, 0);
	assert_int_equal(b.rows[0].within_noise, 1u << FR_BL_P9999);
	assert_string_equal(fr_bl_verdict(&b), "pass");
	fr_baseline_free(&b);
	free_models(m, 6);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_terms),
		cmocka_unit_test(test_every_metric),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_compare_crossing),
		cmocka_unit_test(test_compare_unmatched),
		cmocka_unit_test(test_lat_percentiles_absent),
		cmocka_unit_test(test_percentile_not_listed),
		cmocka_unit_test(test_every_section),
		cmocka_unit_test(test_median),
		cmocka_unit_test(test_confidence),
		cmocka_unit_test(test_noise_envelope),
		cmocka_unit_test(test_noise_brute_force),
		cmocka_unit_test(test_compare_repeats),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
