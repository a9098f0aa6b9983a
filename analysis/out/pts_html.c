// SPDX-License-Identifier: GPL-2.0-only
/*
 * `fiorank pts -f html`: one PTS-style page (a section) per drive and test:
 * the header, the steady-state verdict, the figures, each chart as an
 * inline SVG line chart (every point) and the tables.
 */
#include <math.h>
#include <string.h>

#include "util/escape.h"
#include "out/pts_out.h"
#include "report/runinfo.h"
#include "chart/plot.h"
#include "chart/svg.h"

/* One home for HTML text: svg.c's escaper, as the other HTML renderers use. */
static void esc(FILE *f, const char *s)
{
	fr_html_escape(f, s);
}

/* A figure, or a dash for what was not measured. */
static void num(FILE *f, double v)
{
	char b[48];

	if (isnan(v) || isinf(v))
		fputs("&ndash;", f);
	else
		fputs(fr_pts_num(b, sizeof(b), v), f);
}

static void field(FILE *f, const struct fr_pts_field *h)
{
	char b[48];
	const char *s = fr_pts_field_str(b, sizeof(b), h);

	if (s)
		esc(f, s);
	else
		fputs("&ndash;", f);
}

static void html_table(FILE *f, const struct fr_pts_table *t)
{
	fputs("<table><caption>", f);
	esc(f, t->name);
	fputs("</caption><tr>", f);
	for (size_t i = 0; i < t->ncols; i++) {
		fputs("<th>", f);
		esc(f, t->cols[i]);
		fputs("</th>", f);
	}
	fputs("</tr>\n", f);
	for (size_t i = 0; i < t->nrows; i++) {
		fputs("<tr>", f);
		for (size_t j = 0; j < t->rows[i]->n; j++) {
			const struct fr_pts_cell *c = &t->rows[i]->cells[j];

			fputs("<td>", f);
			if (c->s)
				esc(f, c->s);
			else
				num(f, c->v);
			fputs("</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

static void html_ss(FILE *f, const struct fr_pts_ss *ss)
{
	fputs("<p>steady state: ", f);
	if (ss && !ss->iops.has_window) {
		fprintf(f, "NOT reached after %zu rounds (the rule judges a window of 5 rounds)",
			ss->iops.rounds);
	} else if (ss) {
		char a[48], r[48], e[48];

		fprintf(f,
			"%s after %zu rounds; window average %s IOPS, range %s %% (limit 20), "
			"slope excursion %s %% (limit 10)",
			ss->iops.steady ? "reached" : "NOT reached", ss->iops.rounds,
			fr_pts_num(a, sizeof(a), ss->iops.average),
			fr_pts_num(r, sizeof(r), ss->iops.range_pct),
			fr_pts_num(e, sizeof(e), ss->iops.excursion_pct));
	} else {
		fputs("no rounds (this test has none)", f);
	}
	if (ss && ss->refused) {
		fputs("; <strong>", f);
		esc(f, ss->refused);
		fputs("</strong>", f);
	}
	fputs("</p>\n", f);
}

static void page(FILE *f, const struct fr_pts_fig *fig)
{
	const struct fr_pts_merit *m = fig->merit;

	fputs("<section class=\"pts-page\"><h2>SNIA PTS ", f);
	esc(f, fig->test);
	if (fig->part) {
		fputs(" ", f);
		esc(f, fig->part);
	}
	fputs(": ", f);
	esc(f, fig->drive);
	fputs("</h2>\n<table class=\"pts-header\">", f);
	for (size_t i = 0; i < fig->nheader; i++) {
		fputs("<tr><th>", f);
		esc(f, fig->header[i].key);
		fputs("</th><td>", f);
		field(f, &fig->header[i]);
		fputs("</td></tr>", f);
	}
	fputs("</table>\n", f);
	html_ss(f, fig->ss);
	fputs("<ul>", f);
	for (size_t i = 0; i < fig->nfigures; i++) {
		fputs("<li>", f);
		esc(f, fig->figures[i].name);
		fputs(": ", f);
		num(f, fig->figures[i].v);
		fputs("</li>", f);
	}
	if (m && m->place && !m->no_place)
		fprintf(f, "<li>place among the drives by %s: %d</li>", m->name, m->place);
	if (m && m->steady_measures) {
		fputs("<li>steady measures: ", f);
		esc(f, m->steady_measures);
		fputs("</li>", f);
	}
	fputs("</ul>\n", f);
	for (size_t i = 0; i < fig->ncharts; i++)
		fr_pts_svg_chart(f, fig->charts[i]);
	for (size_t i = 0; i < fig->ntables; i++)
		html_table(f, fig->tables[i]);
	fputs("</section>\n", f);
}

/* Under the title: how the report was made and the specification. */
static void html_made(FILE *f, const struct fr_pts_report *r)
{
	if (!r->ri)
		return;
	fputs("<p class=\"run\">Made by fiorank ", f);
	esc(f, r->ri->version);
	fputs(" on ", f);
	esc(f, r->ri->date);
	fputs(". Command: <code>", f);
	esc(f, r->ri->cmdline);
	fputs("</code>. Specification: ", f);
	esc(f, r->spec);
	fputs(".</p>\n", f);
}

int fr_pts_html(FILE *f, const struct fr_pts_report *r)
{
	fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>fiorank: SNIA "
	      "PTS</title>\n"
	      "<style>body{font-family:sans-serif}table{border-collapse:collapse;margin:8px 0}"
	      "td,th{border:1px solid #ccc;padding:2px "
	      "6px;text-align:left}caption{text-align:left;font-weight:bold;padding:4px 0}"
	      "figcaption{font-weight:bold}section{margin-bottom:32px}" FR_CHART_CSS "</style>"
	      "</head><body>\n",
	      f);
	fputs("<h1>SNIA PTS reports</h1>\n", f);
	html_made(f, r);
	for (size_t i = 0; i < r->n; i++)
		page(f, r->figs[i]);
	if (!r->n)
		fputs("<p>no PTS runs in the results</p>\n", f);
	fputs("</body></html>\n", f);
	return ferror(f) ? -1 : 0;
}
