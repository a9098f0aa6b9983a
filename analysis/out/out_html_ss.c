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

/* The rounds' p99 and p99.99 (µs), drawn when every round has them. */
static void tail_chart(FILE *f, const struct fr_ss_drive *d, struct fr_palette *pal)
{
	double *x = calloc(d->last + 1, sizeof(*x));
	struct fr_series s[FR_SS_NTAILS];
	char title[320];
	size_t ns = 0;

	for (unsigned r = 0; x && r < d->last; r++)
		x[r] = r + 1;
	for (int t = 0; x && t < FR_SS_NTAILS; t++)
		if (d->tail[t].complete)
			s[ns++] = (struct fr_series){fr_ss_tail_name[t],
						     x,
						     d->tail[t].us,
						     d->last,
						     false,
						     fr_palette_index(pal, fr_ss_tail_name[t]),
						     NULL};
	if (ns) {
		snprintf(title, sizeof(title), "%s: steady-state rounds (tails per round, µs)",
			 d->drive->label);
		fr_svg_lines(f, title, "round", "completion latency (µs)", s, ns);
	}
	free(x);
}

/* Each measure's verdict by the same rule: IOPS (the runner's figures
 * above) and the two tails (fiorank pts' judgement, pts_ss_judge()). */
static void verdict_table(FILE *f, const struct fr_ss_drive *d)
{
	fputs("<table class=\"ss-measures\"><tr><th>measure</th><th>window average</th>"
	      "<th>excursion %</th><th>range %</th><th>steady</th></tr>\n",
	      f);
	fprintf(f,
		"<tr><td>IOPS</td><td>%.0f</td><td>%.1f</td><td></td><td>(the runner's "
		"steady_state above)</td></tr>\n",
		d->avg, d->excursion_pct);
	for (int t = 0; t < FR_SS_NTAILS; t++) {
		const struct fr_ss_tail *x = &d->tail[t];

		fprintf(f, "<tr><td>%s</td>", fr_ss_tail_name[t]);
		if (x->judged)
			fprintf(f, "<td>%.1f µs</td><td>%.1f</td><td>%.1f</td><td>%s</td></tr>\n",
				x->avg, x->excursion_pct, x->range_pct, x->steady ? "yes" : "NO");
		else
			fprintf(f, "<td colspan=\"3\"></td><td>not judged: %s</td></tr>\n", x->why);
	}
	fputs("</table>\n", f);
}

void fr_html_steady(FILE *f, const struct fr_report *rep, struct fr_palette *pal)
{
	if (!rep->ss->nd)
		return;
	fputs("<h2>Steady state: convergence of the preconditioning rounds</h2>\n", f);
	for (size_t d = 0; d < rep->ss->nd; d++) {
		drive_chart(f, &rep->ss->d[d], pal);
		tail_chart(f, &rep->ss->d[d], pal);
		verdict_table(f, &rep->ss->d[d]);
	}
}
