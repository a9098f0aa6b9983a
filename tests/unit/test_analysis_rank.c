// SPDX-License-Identifier: GPL-2.0-only
/*
 * fiorank's pure logic on models built in code: job-name parsing, merging,
 * peaks, places (ties broken by latency), margins, write-pressure
 * crossovers, noisy-neighbor order and gaps, wins, places among published
 * drives.  The figures here are inputs to the logic, not measurements.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "model/model.h"
#include "rank/rank.h"

static void blank(struct fr_job *j, const char *drive, const char *profile, const char *step,
		  enum fr_kind kind)
{
	memset(j, 0, sizeof(*j));
	j->drive = drive;
	j->profile = profile;
	j->step = step;
	j->kind = kind;
	j->source = "test";
	for (int d = 0; d < FR_NDIRS; d++)
		for (int b = 0; b < FR_NBASES; b++)
			j->dir[d].lat[b] = (struct fr_lat){NAN, NAN, NAN, NAN};
}

static void add_curve(struct fr_model *m, const char *drive, const char *profile, const char *step,
		      double riops, double wiops, double rlat_us, double wlat_us)
{
	struct fr_job j;

	blank(&j, drive, profile, step, FR_KIND_CURVE);
	j.dir[FR_READ].iops = riops;
	j.dir[FR_READ].ios = (uint64_t)riops;
	j.dir[FR_READ].bw_bytes = riops * 4096;
	j.dir[FR_READ].lat[FR_CLAT].mean = rlat_us * 1000;
	j.dir[FR_WRITE].iops = wiops;
	j.dir[FR_WRITE].ios = (uint64_t)wiops;
	j.dir[FR_WRITE].bw_bytes = wiops * 4096;
	j.dir[FR_WRITE].lat[FR_CLAT].mean = wlat_us * 1000;
	assert_int_equal(fr_model_add(m, &j), 0);
}

static void add_wp(struct fr_model *m, const char *drive, const char *mbps, double mean_us,
		   double p99_us)
{
	struct fr_job j;

	blank(&j, drive, "write-pressure", mbps, FR_KIND_WP_READ);
	j.dir[FR_READ].ios = 100;
	j.dir[FR_READ].iops = 100;
	j.dir[FR_READ].lat[FR_CLAT] = (struct fr_lat){mean_us * 1000, p99_us * 1000, NAN, NAN};
	assert_int_equal(fr_model_add(m, &j), 0);
}

static void add_nn(struct fr_model *m, const char *drive, unsigned nsid, double mean, double p99,
		   double p999, double p9999)
{
	struct fr_job j;

	blank(&j, drive, "noisy-neighbor", "peak", FR_KIND_NN_READ);
	j.nsid = nsid;
	j.dir[FR_READ].ios = 10;
	j.dir[FR_READ].lat[FR_CLAT] =
		(struct fr_lat){mean * 1000, p99 * 1000, p999 * 1000, p9999 * 1000};
	assert_int_equal(fr_model_add(m, &j), 0);
}

/* Every curve step of the model's drives run the way the method says:
 * outstanding I/O on an NVMe namespace, 4 KiB random reads, 30 s steps. */
static void set_method(struct fr_model *m, unsigned outstanding, enum fr_target target,
		       double step_s)
{
	for (size_t d = 0; d < m->ndrives; d++)
		for (size_t p = 0; p < m->drives[d].nprofiles; p++)
			for (size_t s = 0; s < m->drives[d].profiles[p].nsteps; s++)
				m->drives[d].profiles[p].steps[s].method = (struct fr_method){
					.known = true,
					.outstanding = outstanding,
					.bs = 4096,
					.read_pct = 100,
					.target = target,
					.step_s = step_s,
				};
}

static void test_merge_and_weighted_mean(void **state)
{
	struct fr_model m;
	const struct fr_step *st;

	(void)state;
	fr_model_init(&m);
	/* 70/30 mix: 700 reads at 100 µs, 300 writes at 200 µs -> 130 µs */
	add_curve(&m, "A", "8k-randrw-70-30", "peak", 700, 300, 100, 200);
	st = &m.drives[0].profiles[0].steps[0];
	assert_float_equal(fr_step_iops(st), 1000, 1e-9);
	assert_float_equal(fr_step_mean_lat(st, FR_CLAT), 130000, 1e-6);
	/* a second job of the same step adds up; means weight by operations */
	add_curve(&m, "A", "8k-randrw-70-30", "peak", 300, 0, 300, 0);
	assert_int_equal(m.drives[0].profiles[0].nsteps, 1);
	assert_float_equal(fr_step_iops(st), 1300, 1e-9);
	assert_float_equal(st->dir[FR_READ].lat[FR_CLAT].mean, 160000, 1e-6);
	assert_true(isnan(fr_step_mean_lat(st, FR_LAT)));
	fr_model_free(&m);
}

static void test_places_ties_margins(void **state)
{
	struct fr_model m;
	struct fr_ranking r;
	const struct fr_profile_rank *pr;

	(void)state;
	fr_model_init(&m);
	add_curve(&m, "slow", "4k-randread", "peak", 1000, 0, 90, 0);
	add_curve(&m, "fast-high-lat", "4k-randread", "peak", 2000, 0, 80, 0);
	add_curve(&m, "fast-low-lat", "4k-randread", "peak", 2000, 0, 50, 0);
	add_curve(&m, "fast-low-lat", "4k-randread", "50", 1000, 0, 20, 0);
	set_method(&m, 1, FR_TARGET_NAMESPACE, 30); /* run alike: all placed */
	assert_int_equal(fr_rank(&m, NULL, FR_CLAT, &r), 0);
	assert_int_equal(r.nprofiles, 1);
	pr = &r.profiles[0];
	assert_int_equal(pr->n, 3);
	assert_string_equal(pr->e[0].drive->label, "fast-low-lat");
	assert_string_equal(pr->e[1].drive->label, "fast-high-lat");
	assert_string_equal(pr->e[2].drive->label, "slow");
	assert_int_equal(pr->e[0].place, 1);
	assert_int_equal(pr->e[1].place, 2);
	assert_float_equal(pr->e[0].margin_pct, 0, 1e-9);
	assert_float_equal(pr->e[1].margin_pct, 100, 1e-9);
	assert_true(isnan(pr->e[2].margin_pct));
	assert_string_equal(pr->e[0].peak->name, "peak");
	assert_int_equal(pr->e[0].ncurve, 2);
	assert_string_equal(pr->e[0].curve[0]->name, "50"); /* sorted by IOPS */
	assert_int_equal(r.wins[2].wins, 1);		    /* fast-low-lat */
	assert_int_equal(r.wins[0].wins, 0);
	fr_ranking_free(&r);
	fr_model_free(&m);
}

static void test_sequential_ranked_by_mbps(void **state)
{
	struct fr_model m;
	struct fr_ranking r;

	(void)state;
	fr_model_init(&m);
	add_curve(&m, "A", "64k-seqread", "peak", 1000, 0, 100, 0);
	add_curve(&m, "B", "64k-seqread", "peak", 900, 0, 100, 0);
	assert_int_equal(fr_rank(&m, NULL, FR_CLAT, &r), 0);
	assert_true(r.profiles[0].by_mbps);
	assert_float_equal(r.profiles[0].e[0].value, 1000 * 4096 / 1e6, 1e-9);
	fr_ranking_free(&r);
	fr_model_free(&m);
}

static void test_crossover(void **state)
{
	struct fr_model m;
	struct fr_ranking r;
	size_t p99_cross = 0;

	(void)state;
	fr_model_init(&m);
	/* B's p99 is lower at 10 MB/s, A's from 110 MB/s on; means never cross */
	add_wp(&m, "A", "10", 78, 388);
	add_wp(&m, "A", "110", 90, 300);
	add_wp(&m, "A", "700", 211, 709);
	add_wp(&m, "B", "10", 82, 151);
	add_wp(&m, "B", "110", 95, 350);
	add_wp(&m, "B", "700", 251, 930);
	set_method(&m, 1, FR_TARGET_NAMESPACE, 30); /* run alike: crossovers stated */
	assert_int_equal(fr_rank(&m, NULL, FR_CLAT, &r), 0);
	assert_int_equal(r.nwp, 2);
	assert_float_equal(r.wp[0].pts[1].write_mbps, 110, 0);
	for (size_t i = 0; i < r.ncross; i++) {
		assert_int_equal(r.cross[i].metric, FR_WP_P99);
		p99_cross++;
		assert_float_equal(r.cross[i].from_mbps, 110, 0);
		assert_string_equal(r.cross[i].lower->label, "A");
		assert_true(r.cross[i].holds);
	}
	assert_int_equal(p99_cross, 1);
	fr_ranking_free(&r);

	/* and back again at 800: the first crossover no longer holds */
	add_wp(&m, "A", "800", 300, 1000);
	add_wp(&m, "B", "800", 310, 900);
	set_method(&m, 1, FR_TARGET_NAMESPACE, 30);
	assert_int_equal(fr_rank(&m, NULL, FR_CLAT, &r), 0);
	assert_int_equal(r.ncross, 2);
	assert_false(r.cross[0].holds);
	assert_true(r.cross[1].holds);
	assert_string_equal(r.cross[1].lower->label, "B");
	fr_ranking_free(&r);
	fr_model_free(&m);
}

static void test_noisy_neighbor(void **state)
{
	struct fr_model m;
	struct fr_ranking r;

	(void)state;
	fr_model_init(&m);
	add_nn(&m, "P", 5, 141, 482, 660, 832);
	add_nn(&m, "S", 4, 136, 523, 816, 1020);
	add_nn(&m, "P", 4, 132, 469, 652, 816);
	set_method(&m, 32, FR_TARGET_NAMESPACE, 30); /* run alike: both placed */
	assert_int_equal(fr_rank(&m, NULL, FR_CLAT, &r), 0);
	assert_int_equal(r.nnn, 2);
	assert_int_equal(r.nn[0].nsid, 4);
	assert_int_equal(r.nn[0].e[1].place, 2);
	assert_string_equal(r.nn[0].e[0].drive->label, "P");
	assert_float_equal(r.nn[0].gap.p9999, 204000, 1e-6);
	assert_float_equal(r.nn[0].gap.mean, 4000, 1e-6);
	assert_int_equal(r.nn[1].n, 1);
	assert_true(isnan(r.nn[1].gap.p9999));
	fr_ranking_free(&r);
	fr_model_free(&m);
}

static void test_reference_place(void **state)
{
	struct fr_model m, ref;
	struct fr_ranking r;

	(void)state;
	fr_model_init(&m);
	fr_model_init(&ref);
	add_curve(&ref, "R1", "4k-randread", "peak", 5000, 0, 100, 0);
	add_curve(&ref, "R2", "4k-randread", "peak", 3000, 0, 100, 0);
	add_curve(&ref, "R3", "4k-randread", "peak", 1000, 0, 100, 0);
	add_curve(&ref, "R3", "sql", "peak", 1000, 0, 100, 0);
	add_curve(&m, "mine", "4k-randread", "peak", 3000, 0, 90, 0);
	add_curve(&m, "mine", "oracle", "peak", 3000, 0, 90, 0);
	set_method(&ref, 128, FR_TARGET_NAMESPACE, 0);
	set_method(&m, 128, FR_TARGET_NAMESPACE, 30);
	assert_int_equal(fr_rank(&m, &ref, FR_CLAT, &r), 0);
	assert_true(r.have_ref);
	/* equal IOPS to R2, lower latency: ahead of it */
	assert_int_equal(r.profiles[0].e[0].ref_place, 2);
	assert_int_equal(r.profiles[0].e[0].ref_total, 4);
	assert_int_equal(r.profiles[1].e[0].ref_total, 0); /* no published oracle */
	fr_ranking_free(&r);
	fr_model_free(&m);
	fr_model_free(&ref);
}

/* A published group of 8 is held per drive; a measured group of 8 compares
 * as a group, a group of another size does not compare. */
static void test_group_place(void **state)
{
	struct fr_model m, ref;
	struct fr_ranking r;

	(void)state;
	fr_model_init(&m);
	fr_model_init(&ref);
	add_curve(&ref, "G8", "4k-randread", "peak", 1000, 0, 100, 0); /* 8000 / 8 */
	add_curve(&ref, "S1", "4k-randread", "peak", 1500, 0, 100, 0);
	fr_model_find_drive(&ref, "G8")->group = 8;
	add_curve(&m, "eight", "4k-randread", "peak", 10000, 0, 90, 0);
	add_curve(&m, "two", "4k-randread", "peak", 2400, 0, 90, 0);
	add_curve(&m, "one", "4k-randread", "peak", 1200, 0, 90, 0);
	fr_model_find_drive(&m, "eight")->group = 8;
	fr_model_find_drive(&m, "two")->group = 2;
	set_method(&ref, 128, FR_TARGET_NAMESPACE, 0);
	set_method(&m, 128, FR_TARGET_NAMESPACE, 30);
	assert_int_equal(fr_rank(&m, &ref, FR_CLAT, &r), 0);
	for (size_t i = 0; i < r.profiles[0].n; i++) {
		const struct fr_entry *e = &r.profiles[0].e[i];

		if (!strcmp(e->drive->label, "eight")) {
			/* 10000 / 8 = 1250: behind S1, ahead of G8's 1000 per drive;
			 * S1 ran alone, so it is left out with the reason */
			assert_int_equal(e->ref_place, 1);
			assert_int_equal(e->ref_total, 2);
			assert_non_null(strstr(e->ref_note, "a group of 8 drives run together "
							    "against single drives"));
		} else if (!strcmp(e->drive->label, "two")) {
			assert_int_equal(e->ref_total, 0);
			assert_non_null(strstr(e->ref_note, "not comparable: a group of 2 drives"));
		} else {
			assert_int_equal(e->ref_place, 2); /* 1200: behind 1500, ahead of 1000 */
			assert_int_equal(e->ref_total, 3);
			assert_string_equal(e->ref_note, "");
		}
	}
	fr_ranking_free(&r);
	fr_model_free(&m);
	fr_model_free(&ref);
}

/* A run unlike the method is not placed, and says why. */
static void test_method_mismatch(void **state)
{
	struct fr_model m, ref;
	struct fr_ranking r;
	const struct fr_entry *e;

	(void)state;
	fr_model_init(&m);
	fr_model_init(&ref);
	add_curve(&ref, "R1", "4k-randread", "peak", 5000, 0, 100, 0);
	set_method(&ref, 128, FR_TARGET_NAMESPACE, 0);
	add_curve(&m, "file", "4k-randread", "peak", 9000, 0, 90, 0);
	set_method(&m, 1, FR_TARGET_FILE, 3);
	assert_int_equal(fr_rank(&m, &ref, FR_CLAT, &r), 0);
	e = &r.profiles[0].e[0];
	assert_int_equal(e->ref_total, 0);
	assert_string_equal(e->ref_note, "not comparable: run on a file, not a drive, 3 s steps, "
					 "the method's are 30 s; 1 outstanding I/O, published 128 "
					 "(R1)");
	fr_ranking_free(&r);
	/* the same run at 128 on a namespace with full steps is placed */
	set_method(&m, 128, FR_TARGET_NAMESPACE, 30);
	assert_int_equal(fr_rank(&m, &ref, FR_CLAT, &r), 0);
	e = &r.profiles[0].e[0];
	assert_int_equal(e->ref_place, 1);
	assert_int_equal(e->ref_total, 2);
	assert_string_equal(e->ref_note, "");
	fr_ranking_free(&r);
	fr_model_free(&m);
	fr_model_free(&ref);
}

/* One drive's curve steps run at outstanding I/O, the rest as set_method(). */
static void set_drive_outstanding(struct fr_model *m, const char *drive, unsigned outstanding)
{
	struct fr_drive *d = fr_model_find_drive(m, drive);

	assert_non_null(d);
	for (size_t p = 0; p < d->nprofiles; p++)
		for (size_t s = 0; s < d->profiles[p].nsteps; s++)
			d->profiles[p].steps[s].method.outstanding = outstanding;
}

static const struct fr_entry *entry_of(const struct fr_profile_rank *pr, const char *drive)
{
	for (size_t i = 0; i < pr->n; i++)
		if (!strcmp(pr->e[i].drive->label, drive))
			return &pr->e[i];
	fail_msg("no entry of %s", drive);
	return NULL;
}

/* Two write-pressure runs whose p99 orders cross at 110 MB/s, B's reads at
 * 4 outstanding I/O: no crossover is stated, and B says why, once. */
static void test_wp_unlike_no_crossover(void **state)
{
	struct fr_model m;
	struct fr_ranking r;

	(void)state;
	fr_model_init(&m);
	add_wp(&m, "A", "10", 78, 388);
	add_wp(&m, "A", "110", 90, 300);
	add_wp(&m, "B", "10", 82, 151);
	add_wp(&m, "B", "110", 95, 350);
	set_method(&m, 1, FR_TARGET_NAMESPACE, 30);
	set_drive_outstanding(&m, "B", 4);
	assert_int_equal(fr_rank(&m, NULL, FR_CLAT, &r), 0);
	assert_int_equal(r.ncross, 0);
	assert_string_equal(r.wp[0].note, "");
	assert_string_equal(r.wp[1].note, "no crossover with the like runs (A): 4 outstanding I/O, "
					  "the like runs 1");
	fr_ranking_free(&r);
	set_drive_outstanding(&m, "B", 1); /* alike again: the crossover is back */
	assert_int_equal(fr_rank(&m, NULL, FR_CLAT, &r), 0);
	assert_int_equal(r.ncross, 1);
	assert_string_equal(r.wp[1].note, "");
	fr_ranking_free(&r);
	fr_model_free(&m);
}

/* Ranks the model's drives run alike (1 outstanding I/O on a namespace,
 * full steps) but one, at other outstanding I/O; its only profile. */
static const struct fr_profile_rank *rank_one_unlike(struct fr_model *m, struct fr_ranking *r,
						     const char *drive, unsigned outstanding)
{
	set_method(m, 1, FR_TARGET_NAMESPACE, 30);
	set_drive_outstanding(m, drive, outstanding);
	assert_int_equal(fr_rank(m, NULL, FR_CLAT, r), 0);
	assert_int_equal(r->nprofiles, 1);
	return &r->profiles[0];
}

/*
 * Measured drives alone (no published ones): only like runs are ranked
 * against each other.  The largest group of like runs is placed, whatever
 * its figures; the others are listed unplaced with what differs, and have
 * no margin and no win.
 */
static void test_unlike_measured_runs(void **state)
{
	struct fr_model m;
	struct fr_ranking r;
	const struct fr_profile_rank *pr;
	const struct fr_entry *e;

	(void)state;
	fr_model_init(&m);
	add_curve(&m, "qd4", "4k-randread", "peak", 9000, 0, 40, 0); /* given first, fastest */
	add_curve(&m, "qd1-a", "4k-randread", "peak", 3000, 0, 10, 0);
	add_curve(&m, "qd1-b", "4k-randread", "peak", 2000, 0, 12, 0);
	pr = rank_one_unlike(&m, &r, "qd4", 4);
	assert_int_equal(pr->nplaced, 2);
	assert_string_equal(pr->e[0].drive->label, "qd1-a");
	assert_int_equal(pr->e[0].place, 1);
	assert_float_equal(pr->e[0].margin_pct, 50, 1e-9);
	assert_int_equal(pr->e[1].place, 2);
	assert_true(isnan(pr->e[1].margin_pct)); /* none to the unplaced run */
	e = &pr->e[2];
	assert_string_equal(e->drive->label, "qd4");
	assert_true(e->unplaced);
	assert_int_equal(e->place, 0);
	assert_true(isnan(e->margin_pct));
	assert_string_equal(e->place_note,
			    "unlike the placed runs (qd1-a): 4 outstanding I/O, the placed runs 1");
	assert_string_equal(pr->e[0].place_note, "");
	assert_int_equal(r.wins[1].wins, 1); /* qd1-a */
	assert_int_equal(r.wins[0].wins, 0); /* qd4 placed nowhere */
	fr_ranking_free(&r);

	/* two groups of one: the drive given first keeps the place, though
	 * slower; a profile with one placed drive gives no win */
	fr_model_free(&m);
	fr_model_init(&m);
	add_curve(&m, "slow", "4k-randread", "peak", 1000, 0, 40, 0);
	add_curve(&m, "fast", "4k-randread", "peak", 5000, 0, 10, 0);
	pr = rank_one_unlike(&m, &r, "slow", 8);
	assert_int_equal(pr->nplaced, 1);
	assert_int_equal(entry_of(pr, "slow")->place, 1);
	assert_int_equal(entry_of(pr, "fast")->place, 0);
	assert_string_equal(entry_of(pr, "fast")->place_note,
			    "unlike the placed runs (slow): 1 outstanding I/O, the placed runs 8");
	assert_int_equal(r.wins[0].wins, 0);
	assert_int_equal(r.wins[1].wins, 0);
	fr_ranking_free(&r);
	fr_model_free(&m);
}

/* What two measured runs are held alike on, besides outstanding I/O. */
static void test_runs_like(void **state)
{
	struct fr_method a = {.known = true,
			      .outstanding = 32,
			      .bs = 4096,
			      .read_pct = 70,
			      .target = FR_TARGET_NAMESPACE,
			      .step_s = 30},
			 b = a;
	char why[400];

	(void)state;
	assert_true(fr_runs_like(&a, &b, why, sizeof(why)));
	assert_string_equal(why, "");
	b.target = FR_TARGET_BLOCK; /* both drives */
	b.step_s = 60;		    /* both full steps */
	assert_true(fr_runs_like(&a, &b, why, sizeof(why)));
	b.bs = 0;
	b.read_pct = -1;
	assert_false(fr_runs_like(&a, &b, why, sizeof(why)));
	assert_string_equal(why, "4096 B blocks, the placed runs mixed sizes, 70 % reads, the "
				 "placed runs share unknown");
	/* symmetric: unknown and mixed are values of their own */
	assert_false(fr_runs_like(&b, &a, why, sizeof(why)));
	assert_string_equal(why, "mixed block sizes, the placed runs 4096 B, share of reads "
				 "unknown, the placed runs 70 %");
	b = a;
	b.target = FR_TARGET_FILE;
	b.short_mode = true;
	b.step_s = 1;
	assert_false(fr_runs_like(&b, &a, why, sizeof(why)));
	assert_string_equal(why,
			    "run on a file, the placed runs on a drive, short steps (1 s), the "
			    "placed runs full steps (30 s)");
	/* short steps of another length are alike; unknown targets too */
	a = b;
	a.step_s = 3;
	a.short_mode = false;
	a.target = b.target = FR_TARGET_UNKNOWN;
	assert_true(fr_runs_like(&a, &b, why, sizeof(why)));
	/* a run whose method is not known is like none, itself included */
	a.known = false;
	assert_false(fr_runs_like(&a, &a, why, sizeof(why)));
	assert_string_equal(why, "what the run did is not known (its fio output was not re-read)");
}

/* The noisy-neighbor layout of a measured drive: one reader job over
 * namespaces 4-6 and one writer job over 1-3 (the engine's namespaces=),
 * as fio's options describe them. */
static void set_nn_run(struct fr_model *m, const char *drive, unsigned readers, unsigned iodepth,
		       enum fr_target target, double step_s)
{
	struct fr_job j;

	blank(&j, drive, "noisy-neighbor", "peak", FR_KIND_NN_WRITE);
	j.jobname = "nn-write";
	j.dir[FR_WRITE].ios = 10;
	j.run = (struct fr_jobrun){.known = true,
				   .iodepth = 32,
				   .numjobs = 1,
				   .namespaces = 3,
				   .read_pct = 30,
				   .step_s = step_s};
	assert_int_equal(fr_model_add(m, &j), 0);
	blank(&j, drive, "noisy-neighbor", "peak", FR_KIND_NN_READ);
	j.jobname = "nn-read";
	j.dir[FR_READ].ios = 10;
	j.run = (struct fr_jobrun){.known = true,
				   .iodepth = iodepth,
				   .numjobs = 1,
				   .bs = 4096,
				   .namespaces = readers,
				   .read_pct = 100,
				   .step_s = step_s};
	assert_int_equal(fr_model_add(m, &j), 0);
	for (size_t p = 0; p < m->drives[0].nprofiles; p++)
		for (size_t s = 0; s < m->drives[0].profiles[p].nsteps; s++)
			m->drives[0].profiles[p].steps[s].method.target = target;
}

/* A measured drive "mine" run so, and a published drive "P [rev]" run the
 * published way, on namespace 4. */
static void nn_beside_published(struct fr_model *m, unsigned readers, unsigned iodepth,
				enum fr_target target, double step_s)
{
	const struct fr_method pub = {.known = true,
				      .outstanding = 32,
				      .bs = 4096,
				      .read_pct = 100,
				      .target = FR_TARGET_NAMESPACE,
				      .namespaces = 6,
				      .writers = 3};

	fr_model_init(m);
	set_nn_run(m, "mine", readers, iodepth, target, step_s);
	add_nn(m, "mine", 4, 100, 200, 300, 400);
	add_nn(m, "P [rev]", 4, 132, 469, 652, 816);
	m->drives[1].reference = true;
	m->drives[1].review = strdup("rev");
	m->drives[1].profiles[0].steps[0].method = pub;
}

/* Beside published noisy-neighbor figures a measured drive is placed only
 * when its run matches the published method (six namespaces, three of them
 * writing; readers at 32 outstanding 4K reads; a namespace; full steps). */
static void test_nn_like_for_like(void **state)
{
	struct fr_model m;
	struct fr_ranking r;

	(void)state;
	nn_beside_published(&m, 2, 4, FR_TARGET_FILE, 3);
	assert_int_equal(fr_rank(&m, NULL, FR_CLAT, &r), 0);
	assert_int_equal(r.nnn, 2); /* nsid 0 (the jobs' own figures) and 4 */
	assert_int_equal(r.nn[1].n, 2);
	assert_string_equal(r.nn[1].e[0].drive->label, "P [rev]");
	assert_int_equal(r.nn[1].e[0].place, 1);
	assert_int_equal(r.nn[1].e[1].place, 0);
	assert_string_equal(r.nn[1].e[1].note,
			    "not comparable: run on a file, not a drive, 3 s steps, the method's "
			    "are 30 s; 5 namespaces (3 writing, 2 reading), published 6 (3, 3), 4 "
			    "outstanding I/O per reader, method 32 (rev)");
	assert_true(isnan(r.nn[1].gap.p9999)); /* no gap to an unplaced drive */
	fr_ranking_free(&r);
	fr_model_free(&m);

	/* the same layout as published, on a namespace, full steps: placed
	 * (and first, its tail being lower) */
	nn_beside_published(&m, 3, 32, FR_TARGET_NAMESPACE, 30);
	assert_int_equal(fr_rank(&m, NULL, FR_CLAT, &r), 0);
	assert_string_equal(r.nn[1].e[0].drive->label, "mine");
	assert_int_equal(r.nn[1].e[0].place, 1);
	assert_int_equal(r.nn[1].e[1].place, 2);
	assert_string_equal(r.nn[1].e[0].note, "");
	assert_float_equal(r.nn[1].gap.p9999, 416000, 1e-6);
	fr_ranking_free(&r);
	fr_model_free(&m);
}

/* Three measured noisy-neighbor runs on namespace 4, the first read (A)
 * with its reader at 4 outstanding I/O: the two like runs are placed, A is
 * not, and says what differs from the placed group's first drive. */
static void test_nn_unlike_measured(void **state)
{
	struct fr_model m;
	struct fr_ranking r;

	(void)state;
	fr_model_init(&m);
	set_nn_run(&m, "A", 3, 4, FR_TARGET_UNKNOWN, 30);
	set_nn_run(&m, "B", 3, 1, FR_TARGET_UNKNOWN, 30);
	set_nn_run(&m, "C", 3, 1, FR_TARGET_UNKNOWN, 30);
	add_nn(&m, "A", 4, 50, 100, 150, 200); /* the lowest tail: first, were it placed */
	add_nn(&m, "B", 4, 100, 200, 300, 400);
	add_nn(&m, "C", 4, 110, 210, 310, 410);
	assert_int_equal(fr_rank(&m, NULL, FR_CLAT, &r), 0);
	assert_int_equal(r.nn[1].nsid, 4);
	assert_string_equal(r.nn[1].e[0].drive->label, "B");
	assert_int_equal(r.nn[1].e[0].place, 1);
	assert_string_equal(r.nn[1].e[1].drive->label, "C");
	assert_int_equal(r.nn[1].e[1].place, 2);
	assert_string_equal(r.nn[1].e[2].drive->label, "A");
	assert_int_equal(r.nn[1].e[2].place, 0);
	assert_true(r.nn[1].e[2].unlike_placed);
	assert_string_equal(r.nn[1].e[2].note, "not placed: unlike the placed runs (B): 4 "
					       "outstanding I/O, the placed runs 1");
	assert_float_equal(r.nn[1].gap.p9999, 10000, 1e-6); /* C minus B, not A */
	fr_ranking_free(&r);
	fr_model_free(&m);
}

static void test_profile_order(void **state)
{
	struct fr_model m;
	struct fr_ranking r;

	(void)state;
	fr_model_init(&m);
	add_curve(&m, "A", "zz-custom", "peak", 1, 0, 1, 0);
	add_curve(&m, "A", "4k-randread-high", "peak", 1, 0, 1, 0);
	add_curve(&m, "A", "sql", "peak", 1, 0, 1, 0);
	add_curve(&m, "A", "4k-randread", "peak", 1, 0, 1, 0);
	assert_int_equal(fr_rank(&m, NULL, FR_CLAT, &r), 0);
	assert_string_equal(r.profiles[0].name, "4k-randread");
	assert_string_equal(r.profiles[1].name, "4k-randread-high");
	assert_string_equal(r.profiles[2].name, "sql");
	assert_string_equal(r.profiles[3].name, "zz-custom");
	fr_ranking_free(&r);
	fr_model_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_merge_and_weighted_mean),
		cmocka_unit_test(test_places_ties_margins),
		cmocka_unit_test(test_sequential_ranked_by_mbps),
		cmocka_unit_test(test_crossover),
		cmocka_unit_test(test_noisy_neighbor),
		cmocka_unit_test(test_nn_unlike_measured),
		cmocka_unit_test(test_wp_unlike_no_crossover),
		cmocka_unit_test(test_reference_place),
		cmocka_unit_test(test_group_place),
		cmocka_unit_test(test_method_mismatch),
		cmocka_unit_test(test_unlike_measured_runs),
		cmocka_unit_test(test_runs_like),
		cmocka_unit_test(test_nn_like_for_like),
		cmocka_unit_test(test_profile_order),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
