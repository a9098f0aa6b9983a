// SPDX-License-Identifier: GPL-2.0-only
/*
 * Drive health in the HTML report (issue 25): the per-step table, and the
 * drive's composite temperature over time at each measured drive's peak,
 * under the latency-over-time charts of its profile.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "util/escape.h"
#include "out/out_html_health.h"
#include "out/out_cell.h"
#include "out/out_html_chart.h"

static void kelvin_cell(FILE *f, int k)
{
	fr_html_num_cell(f, k > 0 ? k - 273.0 : NAN, 0);
}

static void delta_cell(FILE *f, int64_t d)
{
	fr_html_num_cell(f, d >= 0 ? (double)d : NAN, 0);
}

static void health_row(FILE *f, const struct fr_health_row *r)
{
	const struct fr_waf *w = &r->waf;
	char waf[256];

	fputs("<tr>", f);
	fr_html_cell(f, r->drive->label, true);
	fr_html_cell(f, r->profile->name, true);
	fr_html_cell(f, r->step_label, true);
	fr_html_cell(f, r->verdict, true);
	kelvin_cell(f, r->sum.temp_before_k);
	kelvin_cell(f, r->sum.temp_after_k);
	kelvin_cell(f, r->sum.temp_max_k);
	fr_html_cell(f, r->step->health->recorded ? (*r->cw ? r->cw : "none") : "-", true);
	delta_cell(f, r->sum.delta[FR_HC_TMT1_N]);
	delta_cell(f, r->sum.delta[FR_HC_TMT2_N]);
	delta_cell(f, r->sum.delta[FR_HC_DUW]);
	if (isnan(w->waf))
		snprintf(waf, sizeof(waf), "%s", w->why);
	else
		snprintf(waf, sizeof(waf), "%.2f (%s over %s)", w->waf, fr_waf_src_name(w->src),
			 w->host_counter);
	fr_html_cell(f, waf, true);
	fputs("</tr>\n", f);
}

/* A folded run (fr_health_row.fold) as one row: its steps, then the words
 * across the figures' columns, as the text and Markdown reports fold it. */
static void fold_row(FILE *f, const struct fr_health_row *rows)
{
	fputs("<tr class=\"fold\">", f);
	fr_html_cell(f, rows[0].drive->label, true);
	fr_html_cell(f, rows[0].profile->name, true);
	fputs("<td class=\"l\">", f);
	for (size_t i = 0; i < rows[0].fold; i++) {
		fputs(i ? ", " : "", f);
		fr_html_escape(f, rows[i].step_label);
	}
	fputs("</td><td class=\"l\" colspan=\"9\">", f);
	fr_html_escape(f, rows[0].fold_text);
	fputs("</td></tr>\n", f);
}

void fr_html_health(FILE *f, const struct fr_report_health *h)
{
	if (!h || !h->any)
		return;
	fputs("<section class=\"health\"><h2>Drive health per step</h2>\n"
	      "<p>Read from the drive by the ssdnvme engine before, during and after each step. "
	      "A step during which thermal management engaged, the warning or critical "
	      "temperature time grew or a critical warning bit was set is invalid, and left "
	      "out of ranks, places and the gate unless --include-invalid.</p>\n"
	      "<table><tr><th>drive</th><th>profile</th><th>step</th><th>verdict</th>"
	      "<th>°C before</th><th>°C after</th><th>°C max</th><th>critical warning</th>"
	      "<th>TMT1 +</th><th>TMT2 +</th><th>data units written +</th><th>WAF</th></tr>\n",
	      f);
	for (size_t i = 0; i < h->n; i += h->rows[i].fold ? h->rows[i].fold : 1) {
		if (h->rows[i].fold)
			fold_row(f, &h->rows[i]);
		else if (h->rows[i].listed)
			health_row(f, &h->rows[i]);
	}
	fputs("</table></section>\n", f);
}

/* The first read controller of a step, or NULL. */
static const struct fr_hctrl *first_read(const struct fr_step *s)
{
	for (size_t i = 0; s && s->health && i < s->health->nctrl; i++)
		if (s->health->ctrl[i].read && s->health->ctrl[i].ntemps)
			return &s->health->ctrl[i];
	return NULL;
}

void fr_html_health_temps(FILE *f, const struct fr_profile_rank *pr, struct fr_palette *pal)
{
	struct fr_series *s = calloc(pr->n + 1, sizeof(*s));
	double **xy = calloc(2 * pr->n + 1, sizeof(*xy));
	size_t ns = 0;
	char title[256];

	for (size_t i = 0; s && xy && i < pr->n; i++) {
		const struct fr_entry *e = &pr->e[i];
		const struct fr_hctrl *c = e->drive->reference ? NULL : first_read(e->peak);
		double *x, *y;

		if (!c)
			continue;
		x = xy[2 * ns] = calloc(c->ntemps, sizeof(*x));
		y = xy[2 * ns + 1] = calloc(c->ntemps, sizeof(*y));
		if (!x || !y)
			break;
		for (size_t k = 0; k < c->ntemps; k++) {
			x[k] = c->temps[k].t_ms > 0 ? c->temps[k].t_ms / 1000.0
						    : 0; /* before: at the start */
			y[k] = c->temps[k].temp_k - 273.0;
		}
		s[ns] = (struct fr_series){e->drive->label,
					   x,
					   y,
					   c->ntemps,
					   false,
					   fr_palette_index(pal, e->drive->label),
					   NULL};
		ns++;
	}
	if (ns) {
		snprintf(title, sizeof(title),
			 "%s at the peak: the drive's composite temperature over time (SMART, "
			 "first controller)",
			 pr->name);
		fr_svg_lines(f, title, "time since the job's start (s)", "temperature (°C)", s, ns);
	}
	for (size_t i = 0; xy && i < 2 * pr->n; i++)
		free(xy[i]);
	free(xy);
	free(s);
}
