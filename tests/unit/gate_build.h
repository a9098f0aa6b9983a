/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The gate's unit tests' runs: a model holding one step (test_analysis_gate.c,
 * test_analysis_gate_verdict.c).  Include after cmocka.h and model.h.
 */
#ifndef SSDNVME_GATE_BUILD_H
#define SSDNVME_GATE_BUILD_H

#include <math.h>
#include <string.h>

/* Adds to m one step of drive-a: kind k, namespace nsid, read IOPS iops and
 * clat percentiles p99 / p9999 (NAN: fio printed none). */
static inline void one_step(struct fr_model *m, const char *profile, const char *step,
			    enum fr_kind k, unsigned nsid, double iops, double p99, double p9999)
{
	struct fr_job j;

	memset(&j, 0, sizeof(j));
	j.drive = "drive-a";
	j.profile = profile;
	j.step = step;
	j.kind = k;
	j.nsid = nsid;
	j.groupid = -1;
	for (int d = 0; d < FR_NDIRS; d++)
		for (int b = 0; b < FR_NBASES; b++)
			j.dir[d].lat[b] = (struct fr_lat){NAN, NAN, NAN, NAN};
	j.dir[FR_READ].ios = 1000;
	j.dir[FR_READ].iops = iops;
	j.dir[FR_READ].bw_bytes = iops * 4096;
	j.dir[FR_READ].lat[FR_CLAT] = (struct fr_lat){50, p99, NAN, p9999};
	/* fio's default: total latency has a mean, no percentiles */
	j.dir[FR_READ].lat[FR_LAT] = (struct fr_lat){60, NAN, NAN, NAN};
	assert_int_equal(fr_model_add(m, &j), 0);
}

/* The gate b->fail_if over runs m[0..nb) (the baseline) and m[nb..nb+nc)
 * (the new runs, at most 8 a side); b is zeroed but for fail_if. */
static inline void compare_runs(struct fr_model *m, size_t nb, size_t nc, struct fr_baseline *b)
{
	const struct fr_model *bm[8], *cm[8];
	struct fr_bl_runs br = {bm, nb}, cr = {cm, nc};
	const char *expr = b->fail_if;
	struct fr_gate g;
	char err[64];

	for (size_t i = 0; i < nb + nc; i++)
		(i < nb ? bm : cm)[i < nb ? i : i - nb] = &m[i];
	*b = (struct fr_baseline){.fail_if = expr};
	assert_int_equal(fr_gate_parse(expr, &g, err, sizeof(err)), 0);
	assert_int_equal(fr_baseline_compare(&cr, &br, FR_CLAT, &g, b), 0);
	fr_gate_free(&g);
}

/* Frees the n models of m. */
static inline void free_models(struct fr_model *m, size_t n)
{
	for (size_t i = 0; i < n; i++)
		fr_model_free(&m[i]);
}

#endif
