// SPDX-License-Identifier: GPL-2.0-only
/*
 * The tq-sweep section in the HTML report: the ranked table per step, and
 * charts of each of the four figures against the step series (x: the
 * step's position in the series, named in the axis label) and against the
 * preconditioning round, one line per drive, as the review shows them.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/escape.h"
#include "out/out_tq.h"
#include "chart/svg.h"
#include "rank/tq.h"

static const char *const units[FR_TQ_NFIGS] = {"IOPS", "µs", "µs", "µs"};

static void table(FILE *f, const struct fr_tq *t)
{
	char b[32];

	fputs("<table><tr><th>step</th><th>drive</th><th>IOPS</th><th>pl.</th><th>mean µs</th>"
	      "<th>pl.</th><th>max µs</th><th>pl.</th><th>stddev µs</th><th>pl.</th></tr>\n",
	      f);
	for (size_t k = 0; k < t->nseries; k++)
		for (size_t i = 0; i < t->nd; i++) {
			const struct fr_tq_point *pt = fr_tq_at(&t->d[i], &t->series[k]);

			if (!pt)
				continue;
			fputs("<tr><td>", f);
			fr_html_escape(f, t->series[k].name);
			fputs("</td><td>", f);
			fr_html_escape(f, t->d[i].drive->label);
			fputs("</td>", f);
			for (int g = 0; g < FR_TQ_NFIGS; g++)
				fprintf(f,
					pt->place[g] ? "<td>%s</td><td>%u</td>"
						     : "<td>%s</td><td>-</td>",
					fr_num(b, sizeof(b), fr_tq_shown(pt, g), g ? 1 : 0),
					pt->place[g]);
			fputs("</tr>\n", f);
		}
	fputs("</table>\n", f);
}

/* x and y of one figure for every drive: steps (rounds false) at their
 * series position, or rounds at their number; NaN points left out. */
static int charts(FILE *f, const struct fr_tq *t, bool rounds, const char *xlabel,
		  struct fr_palette *pal)
{
	size_t cap = t->nseries;
	struct fr_series *s = calloc(t->nd + 1, sizeof(*s));
	const char **names;
	double *x, *y;
	int ret = 0;

	for (size_t i = 0; i < t->nd; i++)
		cap = t->d[i].nrounds > cap ? t->d[i].nrounds : cap;
	x = calloc(t->nd * (cap + 1) + 1, sizeof(*x));
	y = calloc(t->nd * (cap + 1) + 1, sizeof(*y));
	names = calloc(t->nd * (cap + 1) + 1, sizeof(*names));
	for (int g = 0; s && x && y && names && g < FR_TQ_NFIGS; g++) {
		char title[96], ylabel[32];
		size_t ns = 0;

		for (size_t i = 0; i < t->nd; i++) {
			const struct fr_tq_drive *d = &t->d[i];
			double *xi = x + i * (cap + 1), *yi = y + i * (cap + 1);
			const char **ni = names + i * (cap + 1);
			size_t n = 0;

			for (size_t k = 0; k < (rounds ? d->nrounds : t->nseries); k++) {
				const struct fr_tq_point *pt =
					rounds ? &d->rounds[k] : fr_tq_at(d, &t->series[k]);

				if (!pt || pt->problem || isnan(pt->fig[g]))
					continue;
				xi[n] = rounds ? pt->round : (double)(k + 1);
				ni[n] = pt->step->name;
				yi[n++] = fr_tq_shown(pt, g);
			}
			/* each point named by its step or round; a drive keeps its
			 * colour of the other charts */
			if (n)
				s[ns++] = (struct fr_series){
					.name = d->drive->label,
					.x = xi,
					.y = yi,
					.n = n,
					.color = fr_palette_index(pal, d->drive->label),
					.point_labels = ni};
		}
		snprintf(title, sizeof(title), "%s%s", fr_tq_fig_name(g),
			 rounds ? " per preconditioning round" : " per step");
		snprintf(ylabel, sizeof(ylabel), "%s", units[g]);
		if (ns)
			fr_svg_lines(f, title, xlabel, ylabel, s, ns);
	}
	if (!s || !x || !y || !names)
		ret = -1;
	free(s);
	free(x);
	free(y);
	free(names);
	return ret;
}

int fr_tq_html(FILE *f, const struct fr_report *rep)
{
	char xlabel[512] = "step: ";
	struct fr_palette pal = {0};
	const struct fr_tq *t = fr_tq_section(rep);
	int ret;

	if (!t)
		return 0;
	for (size_t k = 0; k < t->nseries; k++) {
		size_t used = strlen(xlabel);

		snprintf(xlabel + used, sizeof(xlabel) - used, "%s%zu=%s", k ? ", " : "", k + 1,
			 t->series[k].name);
	}
	fputs("<section class=\"profile\"><h2>tq-sweep: 8K random 70/30, threads x queue "
	      "depth</h2>\n"
	      "<p>IOPS: sum over the jobs of one fio group; mean latency: operation-weighted over "
	      "reads, writes and jobs; max: the largest of any job and direction; stddev: pooled "
	      "over jobs and directions. Places per step: IOPS highest first, latencies "
	      "lowest.</p>\n",
	      f);
	table(f, t);
	/* the colours out_html.c gives: measured drives in the order read */
	for (size_t d = 0; d < rep->m->ndrives; d++)
		fr_palette_index(&pal, rep->m->drives[d].label);
	ret = charts(f, t, false, xlabel, &pal);
	if (!ret)
		ret = charts(f, t, true, "preconditioning round", &pal);
	fr_palette_free(&pal);
	for (size_t i = 0; i < t->nref; i++) {
		fputs("<p>Published (", f);
		fr_html_escape(f, t->ref[i].drive->review);
		fputs("): ", f);
		fr_html_escape(f, t->ref[i].drive->label);
		fprintf(f, ", %.0f IOPS; ", fr_step_iops(t->ref[i].step));
		fr_html_escape(f, t->ref[i].note);
		fputs("</p>\n", f);
	}
	fputs("</section>\n", f);
	return ret;
}
