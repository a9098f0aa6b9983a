// SPDX-License-Identifier: GPL-2.0-only
/*
 * The steady-state convergence chart of the HTML report: per measured drive
 * whose run has the runner's steady-state rounds (preconditioning steps
 * ss-round<N>, jobs/lib/suite-lib.sh), the IOPS of every round and, over the
 * window of the last rounds the rule looks at, the window's average, the
 * +-20 % band the rounds must stay within and the least-squares line whose
 * excursion across the window must stay within 10 % of the average (SNIA
 * PTS, as the runner applies it).  The verdict itself is the runner's (the
 * provenance table's steady_state); the chart shows what it was taken on.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out/out_html_chart.h"

/* The runner's rule: a window of 5 rounds, max - min within 20 % of the
 * average, the fit's excursion across the window within 10 %. */
#define SS_WINDOW	 5
#define SS_RANGE_PCT	 20.0
#define SS_EXCURSION_PCT 10.0
#define SS_MAX_ROUNDS	 256

/* Round number of a preconditioning step named ss-round<N>, or 0. */
static unsigned round_of(const struct fr_step *s)
{
	char *end;
	unsigned long n;

	if (s->kind != FR_KIND_PRECOND || strncmp(s->name, "ss-round", 8))
		return 0;
	n = strtoul(s->name + 8, &end, 10);
	return *end || !n || n > SS_MAX_ROUNDS ? 0 : (unsigned)n;
}

/* The drive's rounds' IOPS by round number into iops[1..]; returns the
 * highest round, 0 when it has none (a round missing in between is NAN). */
static unsigned drive_rounds(const struct fr_drive *d, double *iops)
{
	const struct fr_profile *p = fr_drive_find_profile(d, "precondition");
	unsigned last = 0;

	for (unsigned r = 0; r <= SS_MAX_ROUNDS; r++)
		iops[r] = NAN;
	for (size_t i = 0; p && i < p->nsteps; i++) {
		unsigned r = round_of(&p->steps[i]);

		if (!r)
			continue;
		iops[r] = fr_step_iops(&p->steps[i]);
		if (r > last)
			last = r;
	}
	return last;
}

/* Least squares over the window's rounds: slope and intercept of IOPS on
 * the round number, and the window's average. */
static void window_fit(const double *iops, unsigned first, unsigned last, double *avg,
		       double *slope, double *icept)
{
	double sx = 0, sy = 0, sxx = 0, sxy = 0, n = 0;

	for (unsigned r = first; r <= last; r++) {
		if (isnan(iops[r]))
			continue;
		sx += r;
		sy += iops[r];
		sxx += (double)r * r;
		sxy += r * iops[r];
		n++;
	}
	*avg = n ? sy / n : NAN;
	*slope = n > 1 && n * sxx - sx * sx != 0 ? (n * sxy - sx * sy) / (n * sxx - sx * sx) : 0;
	*icept = n ? (sy - *slope * sx) / n : NAN;
}

static void drive_chart(FILE *f, const struct fr_drive *d, const double *iops, unsigned last,
			struct fr_palette *pal)
{
	unsigned first = last > SS_WINDOW ? last - SS_WINDOW + 1 : 1;
	double x[SS_MAX_ROUNDS], y[SS_MAX_ROUNDS], bx[2], band[3][2], fit[2];
	double avg, slope, icept, excursion;
	char title[320], (*lb)[16] = calloc(last + 1, sizeof(*lb));
	const char **labels = calloc(last + 1, sizeof(*labels));
	size_t n = 0;
	struct fr_series s[5];
	static const char *const band_name[3] = {"window average", "+20 % of the average",
						 "-20 % of the average"};

	if (!lb || !labels)
		goto out;
	for (unsigned r = 1; r <= last; r++)
		if (!isnan(iops[r])) {
			x[n] = r;
			y[n] = iops[r];
			snprintf(lb[n], sizeof(lb[0]), "r%u", r);
			labels[n] = lb[n];
			n++;
		}
	window_fit(iops, first, last, &avg, &slope, &icept);
	bx[0] = first;
	bx[1] = last;
	for (int k = 0; k < 2; k++) {
		band[0][k] = avg;
		band[1][k] = avg * (1 + SS_RANGE_PCT / 100);
		band[2][k] = avg * (1 - SS_RANGE_PCT / 100);
		fit[k] = icept + slope * bx[k];
	}
	s[0] = (struct fr_series){d->label, x, y, n, false, fr_palette_index(pal, d->label),
				  labels};
	for (int k = 0; k < 3; k++)
		s[1 + k] = (struct fr_series){
			band_name[k], bx, band[k], 2, false, fr_palette_index(pal, band_name[k]),
			NULL};
	s[4] = (struct fr_series){"least-squares fit over the window",
				  bx,
				  fit,
				  2,
				  false,
				  fr_palette_index(pal, "least-squares fit over the window"),
				  NULL};
	snprintf(title, sizeof(title), "%s: steady-state rounds (IOPS per round)", d->label);
	fr_svg_lines(f, title, "round", "IOPS", s, 5);
	excursion = fabs(slope) * (last - first);
	fprintf(f,
		"<p class=\"note\">Window: rounds %u to %u of %u (the rule looks at the last %d); "
		"average %.0f IOPS; max - min must stay within %.0f %% of it (the band), and the "
		"fit's excursion across the window (|slope| x rounds) within %.0f %%: here "
		"%.1f %%. The verdict is the runner's (steady_state above).</p>\n",
		first, last, last, SS_WINDOW, avg, SS_RANGE_PCT, SS_EXCURSION_PCT,
		avg > 0 ? 100 * excursion / avg : NAN);
out:
	free(lb);
	free(labels);
}

void fr_html_steady(FILE *f, const struct fr_report *rep, struct fr_palette *pal)
{
	double *iops = calloc(SS_MAX_ROUNDS + 1, sizeof(*iops));
	bool any = false;

	for (size_t d = 0; iops && d < rep->m->ndrives; d++) {
		const struct fr_drive *dr = &rep->m->drives[d];
		unsigned last = dr->reference ? 0 : drive_rounds(dr, iops);

		if (!last)
			continue;
		if (!any)
			fputs("<h2>Steady state: convergence of the preconditioning rounds</h2>\n",
			      f);
		any = true;
		drive_chart(f, dr, iops, last, pal);
	}
	free(iops);
}
