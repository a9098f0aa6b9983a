// SPDX-License-Identifier: GPL-2.0-only
/*
 * The steady-state convergence chart of the HTML report: per measured drive
 * whose run has the runner's steady-state rounds, the IOPS of every round
 * and, over the window the rule looks at, the window's average, the +-20 %
 * band and the least-squares line, as the report stage worked them out
 * (fr_report.ss, report/report_ss.h).  The verdict itself is the runner's
 * (the provenance table's steady_state); the chart shows what it was taken
 * on.
 */
#include <stdio.h>
#include <stdlib.h>

#include "out/out_html_chart.h"

static const char *const band_name[3] = {"window average", "+20 % of the average",
					 "-20 % of the average"};
static const char *const fit_name = "least-squares fit over the window";

static void drive_chart(FILE *f, const struct fr_ss_drive *d, struct fr_palette *pal)
{
	double bx[2] = {d->first, d->last};
	double band[3][2] = {{d->avg, d->avg}, {d->band_hi, d->band_hi}, {d->band_lo, d->band_lo}};
	double fit[2] = {d->fit_first, d->fit_last};
	char title[320], (*lb)[16] = calloc(d->n + 1, sizeof(*lb));
	const char **labels = calloc(d->n + 1, sizeof(*labels));
	const char *name = d->drive->label;
	struct fr_series s[5];

	if (!lb || !labels)
		goto out;
	for (size_t i = 0; i < d->n; i++) {
		snprintf(lb[i], sizeof(lb[0]), "r%.0f", d->round[i]);
		labels[i] = lb[i];
	}
	s[0] = (struct fr_series){
		name, d->round, d->iops, d->n, false, fr_palette_index(pal, name), labels};
	for (int k = 0; k < 3; k++)
		s[1 + k] = (struct fr_series){
			band_name[k], bx, band[k], 2, false, fr_palette_index(pal, band_name[k]),
			NULL};
	s[4] = (struct fr_series){fit_name, bx, fit, 2, false, fr_palette_index(pal, fit_name),
				  NULL};
	snprintf(title, sizeof(title), "%s: steady-state rounds (IOPS per round)", name);
	fr_svg_lines(f, title, "round", "IOPS", s, 5);
	fprintf(f,
		"<p class=\"note\">Window: rounds %u to %u of %u (the rule looks at the last %d); "
		"average %.0f IOPS; max - min must stay within %.0f %% of it (the band), and the "
		"fit's excursion across the window (|slope| x rounds) within %.0f %%: here "
		"%.1f %%. The verdict is the runner's (steady_state above).</p>\n",
		d->first, d->last, d->last, FR_SS_WINDOW, d->avg, FR_SS_RANGE_PCT,
		FR_SS_EXCURSION_PCT, d->excursion_pct);
out:
	free(lb);
	free(labels);
}

void fr_html_steady(FILE *f, const struct fr_report *rep, struct fr_palette *pal)
{
	if (!rep->ss->nd)
		return;
	fputs("<h2>Steady state: convergence of the preconditioning rounds</h2>\n", f);
	for (size_t d = 0; d < rep->ss->nd; d++)
		drive_chart(f, &rep->ss->d[d], pal);
}
