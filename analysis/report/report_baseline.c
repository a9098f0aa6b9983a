// SPDX-License-Identifier: GPL-2.0-only
/*
 * The --baseline comparison as printed (report_baseline.h), from the gate's
 * rows.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "gate/baseline.h"
#include "report/report_baseline.h"

/* The renderers index the figures by the report's names for the gate's. */
_Static_assert(FR_RBL_IOPS == (int)FR_BL_IOPS && FR_RBL_MBPS == (int)FR_BL_MBPS &&
		       FR_RBL_MEAN == (int)FR_BL_MEAN && FR_RBL_P99 == (int)FR_BL_P99 &&
		       FR_RBL_P9999 == (int)FR_BL_P9999 && FR_RBL_NMETRICS == (int)FR_BL_NMETRICS,
	       "the report's baseline figures are the gate's, in its order");

static const char *status_name(enum fr_bl_status s)
{
	switch (s) {
	case FR_BL_COMPARED:
		return "compared";
	case FR_BL_UNLIKE:
		return "not compared: unlike runs";
	case FR_BL_ONLY_INPUT:
		return "not compared: not in the baseline";
	case FR_BL_ONLY_BASELINE:
		return "not compared: in the baseline only";
	}
	return "?";
}

static void noise_of(const struct fr_bl_noise *nz, struct fr_rbl_noise *out)
{
	*out = (struct fr_rbl_noise){.nbase = nz->nbase,
				     .ncur = nz->ncur,
				     .estimate = fr_bl_has_noise(nz),
				     .change_lo = nz->change_lo,
				     .change_hi = nz->change_hi,
				     .spread_base = nz->spread_base,
				     .spread_cur = nz->spread_cur,
				     .confidence = nz->confidence};
}

static void row_of(const struct fr_bl_row *r, size_t nbase, size_t ncur, struct fr_rbl_row *out)
{
	out->section = fr_bl_section_name(r->section);
	out->drive = r->drive;
	out->profile = r->profile;
	out->step = r->step;
	out->nsid = r->nsid;
	fr_bl_row_title(out->title, sizeof(out->title), r);
	out->status = status_name(r->status);
	out->has_base = r->status != FR_BL_ONLY_INPUT;
	out->has_cur = r->status != FR_BL_ONLY_BASELINE;
	out->compared = r->status == FR_BL_COMPARED;
	out->unlike = r->unlike;
	out->why = r->why;
	for (int m = 0; m < FR_RBL_NMETRICS; m++) {
		out->base[m] = r->base[m];
		out->cur[m] = r->cur[m];
		out->change_pct[m] = r->change_pct[m];
		noise_of(&r->noise[m], &out->noise[m]);
	}
	out->base_held = r->base_held;
	out->cur_held = r->cur_held;
	if (out->compared && (r->base_held < nbase || r->cur_held < ncur)) {
		snprintf(out->held, sizeof(out->held),
			 "compared in the runs that hold it: %u of %zu baseline, %u of %zu new",
			 r->base_held, nbase, r->cur_held, ncur);
		out->status = out->held;
	}
	out->crossed = r->crossed;
	out->within_noise = r->within_noise;
	out->undecided = r->undecided;
}

int fr_report_baseline_build(const struct fr_baseline *b, struct fr_report_baseline *out)
{
	memset(out, 0, sizeof(*out));
	out->rows = calloc(b->nrows + 1, sizeof(*out->rows));
	if (!out->rows)
		return -ENOMEM;
	out->dir = b->dir;
	out->fail_if = b->fail_if;
	out->verdict = fr_bl_verdict(b);
	out->why = b->why;
	out->other_drives = b->other_drives;
	out->drive_as = b->drive_as;
	out->basis = b->basis;
	for (int m = 0; m < FR_RBL_NMETRICS; m++)
		out->metric[m] = fr_bl_metric_name((enum fr_bl_metric)m);
	out->nbase_runs = b->nbase_runs;
	out->ncur_runs = b->ncur_runs;
	out->confidence = fr_bl_verdict_confidence(b->nbase_runs, b->ncur_runs);
	out->splits = b->splits;
	out->splits_ge = b->splits_ge;
	out->ncompared = b->ncompared;
	out->nunmatched = b->nunmatched;
	out->ncrossed = b->ncrossed;
	out->nundecided = b->nundecided;
	out->nincomplete = b->nincomplete;
	for (size_t i = 0; i < b->nrows; i++)
		row_of(&b->rows[i], b->nbase_runs, b->ncur_runs, &out->rows[i]);
	out->nrows = b->nrows;
	return 0;
}

void fr_report_baseline_free(struct fr_report_baseline *bl)
{
	free(bl->rows);
	memset(bl, 0, sizeof(*bl));
}
