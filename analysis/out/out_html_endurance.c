// SPDX-License-Identifier: GPL-2.0-only
/*
 * The endurance section of the HTML report (issue 41 item 1): each drive's
 * mixes as tables, then the curve of WAF against the data written: per
 * mix, the step's WAF and the cumulative WAF at the data fio wrote by the
 * step's end.  Steps without a WAF are not plotted (a gap, never a zero).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "util/escape.h"
#include "out/out.h"
#include "out/out_cell.h"
#include "out/out_endurance.h"

static void series_table(FILE *f, const struct fr_ei_series *se)
{
	fputs("<h3>", f);
	fr_html_escape(f, se->drive->label);
	fputs(" / ", f);
	fr_html_escape(f, se->profile->name);
	fputs("</h3>\n<p class=\"note\">Write unit: ", f);
	fr_html_escape(f, se->unit);
	fputs(". Namespace: ", f);
	fr_html_escape(f, se->drive_unit);
	fputs(".</p>\n<table><tr><th class=\"l\">step</th><th>ns</th><th>fio MB</th>"
	      "<th>cum. fio MB</th><th>drive host MB</th><th>media MB</th><th>WAF</th>"
	      "<th>cum. WAF</th><th>write p99 µs</th><th>write p99.99 µs</th>"
	      "<th class=\"l\">media counter</th></tr>\n",
	      f);
	for (size_t i = 0; i < se->n; i++) {
		const struct fr_ei_point *p = &se->p[i];

		fputs("<tr>", f);
		fr_html_cell(f, p->step->name, true);
		fr_html_num_cell(f, p->nsid ? p->nsid : NAN, 0);
		fr_html_num_cell(f, p->host_bytes / 1e6, 1);
		fr_html_num_cell(f, p->cum_host / 1e6, 1);
		fr_html_num_cell(f, fr_ei_drive_host(p) / 1e6, 1);
		fr_html_num_cell(f, p->waf.media_bytes / 1e6, 1);
		fr_html_num_cell(f, p->waf.waf, 2);
		fr_html_num_cell(f, p->cum_waf, 2);
		fr_html_num_cell(f, fr_us(p->p99), 1);
		fr_html_num_cell(f, fr_us(p->p9999), 1);
		fr_html_cell(f, fr_ei_waf_said(p), true);
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
	if (*se->cum_why) {
		fputs("<p class=\"note\">Cumulative WAF n/a ", f);
		fr_html_escape(f, se->cum_why);
		fputs(".</p>\n", f);
	}
}

/* Two series per mix (step WAF, cumulative WAF) at fio's data written so
 * far, in GB; only the steps with a WAF are points. */
static void curve(FILE *f, const struct fr_endurance *e, struct fr_palette *pal)
{
	struct fr_series *s = calloc(2 * e->n, sizeof(*s));
	char(*names)[320] = calloc(2 * e->n, sizeof(*names));
	size_t ns = 0, total = 0, at = 0;
	double *buf;

	for (size_t i = 0; i < e->n; i++)
		total += e->s[i].n;
	/* per mix: its step points' x and y, its cumulative points' x and y */
	buf = calloc(4 * total + 1, sizeof(*buf));
	if (!s || !buf || !names)
		goto out;
	for (size_t i = 0; i < e->n; i++) {
		const struct fr_ei_series *se = &e->s[i];
		double *px = buf + at, *py = px + se->n, *cx = py + se->n, *cy = cx + se->n;
		size_t np = 0, nc = 0;

		at += 4 * se->n;
		for (size_t k = 0; k < se->n; k++) {
			const struct fr_ei_point *p = &se->p[k];

			if (!isnan(p->waf.waf) && !isnan(p->cum_host)) {
				px[np] = p->cum_host / 1e9;
				py[np++] = p->waf.waf;
			}
			if (!isnan(p->cum_waf) && !isnan(p->cum_host)) {
				cx[nc] = p->cum_host / 1e9;
				cy[nc++] = p->cum_waf;
			}
		}
		if (np) {
			snprintf(names[ns], sizeof(names[0]), "%s %s: step WAF", se->drive->label,
				 se->profile->name);
			s[ns] = (struct fr_series){
				names[ns], px, py, np, false, fr_palette_index(pal, names[ns]),
				NULL};
			ns++;
		}
		if (nc) {
			snprintf(names[ns], sizeof(names[0]), "%s %s: cumulative WAF",
				 se->drive->label, se->profile->name);
			s[ns] = (struct fr_series){
				names[ns], cx, cy, nc, false, fr_palette_index(pal, names[ns]),
				NULL};
			ns++;
		}
	}
	if (ns)
		fr_svg_lines(f, "Endurance: WAF against the data written",
			     "data written (GB, fio's)", "WAF", s, ns);
	else
		fputs("<p class=\"note\">No curve of WAF: no step has one (the table says why: "
		      "n/a where the drive reports no media count).</p>\n",
		      f);
out:
	free(s);
	free(buf);
	free(names);
}

void fr_endurance_html(FILE *f, const struct fr_endurance *e, struct fr_palette *pal)
{
	if (!e || !e->n)
		return;
	fputs("<h2>Endurance: WAF per step and against the data written</h2>\n"
	      "<p class=\"note\">jobs/endurance.fio: JEDEC JESD219's enterprise mix and its "
	      "write-unit-aligned successor, a fixed amount of writes per step. WAF = the drive's "
	      "media bytes over the host bytes the drive counted beside them over the same steps "
	      "(never fio's bytes); fio MB: what fio wrote.</p>\n",
	      f);
	for (size_t i = 0; i < e->n; i++)
		series_table(f, &e->s[i]);
	curve(f, e, pal);
}
