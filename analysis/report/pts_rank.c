// SPDX-License-Identifier: GPL-2.0-only
/*
 * The report of `fiorank pts` (pts_fig.h, the model pts_report.h): every drive's
 * pages in page order, each test's drives placed by its figure of merit
 * among those in steady state; and the pages whose steady state was not
 * reached, said.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "read/pts.h"
#include "report/pts_build.h"
#include "report/pts_fig.h"
#include "report/pts_report.h"

bool fr_pts_steady(const struct fr_pts_fig *fig)
{
	const struct fr_pts_ss *ss = fig->ss;

	return !ss || (ss->iops.steady && !ss->refused && (!ss->has_chosen || ss->chosen_steady));
}

/* A page's merit value, NaN when it has none. */
static double merit_of(const struct fr_pts_fig *fig)
{
	return fig->merit ? fig->merit->value : NAN;
}

/* Places the pages figs[0..n) of one test: which measures were steady
 * beside the merit (pts_tails.c), then the place among the drives in
 * steady state, or why there is none. */
static void place(struct fr_pts_fig **figs, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct fr_pts_merit *m = figs[i]->merit;
		int pl = 1;

		if (!m || isnan(m->value))
			continue;
		if (figs[i]->ss && figs[i]->ss->steady_measures)
			m->steady_measures = strdup(figs[i]->ss->steady_measures);
		if (!fr_pts_steady(figs[i])) {
			m->no_place = "steady state NOT reached";
			continue;
		}
		for (size_t j = 0; j < n; j++) {
			double w = merit_of(figs[j]);

			pl += !isnan(w) && (m->higher ? w > m->value : w < m->value) &&
			      fr_pts_steady(figs[j]);
		}
		m->place = pl;
	}
}

int fr_pts_report_build(struct fr_pts_report *r, struct fr_pts_drive *d, size_t n,
			const struct fr_run_info *ri)
{
	memset(r, 0, sizeof(*r));
	r->ri = ri;
	r->spec = FR_PTS_SPEC;
	for (size_t t = 0; t < FR_PTS_NPAGES; t++) {
		size_t first = r->n;

		for (size_t i = 0; i < n; i++) {
			struct fr_pts_fig *fig = fr_pts_figures(&d[i], &fr_pts_pages[t]), **grown;

			if (!fig)
				continue;
			grown = pts_grow(r->figs, r->n, sizeof(*grown));
			if (!grown) {
				fr_pts_fig_free(fig);
				fr_pts_report_free(r);
				return -ENOMEM;
			}
			r->figs = grown;
			r->figs[r->n++] = fig;
		}
		place(r->figs + first, r->n - first);
	}
	return 0;
}

void fr_pts_report_free(struct fr_pts_report *r)
{
	for (size_t i = 0; i < r->n; i++)
		fr_pts_fig_free(r->figs[i]);
	free(r->figs);
	r->figs = NULL;
	r->n = 0;
}

size_t fr_pts_report_problems(const struct fr_pts_report *r, FILE *err)
{
	size_t bad = 0;

	for (size_t i = 0; i < r->n; i++) {
		const struct fr_pts_fig *fig = r->figs[i];

		if (fr_pts_steady(fig))
			continue;
		bad++;
		if (err)
			fprintf(err, "fiorank pts: %s %s%s%s: steady state %s\n", fig->label,
				fig->test, fig->part ? " " : "", fig->part ? fig->part : "",
				fig->ss && fig->ss->refused
					? fig->ss->refused
					: "NOT reached: its figures are not the method's");
	}
	return bad;
}
