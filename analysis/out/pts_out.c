// SPDX-License-Identifier: GPL-2.0-only
/*
 * `fiorank pts`: the text and CSV renderings of the report model
 * (report/pts_report.h; the command is cli/pts_main.c, the JSON
 * pts_json.c, the HTML pts_html.c).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/escape.h"
#include "out/out.h"
#include "out/pts_out.h"
#include "report/runinfo.h"

/* Text points of a chart at most (evenly spaced; the JSON has them all). */
#define TEXT_POINTS 20

char *fr_pts_num(char *buf, size_t len, double v)
{
	double a = fabs(v);

	if (isnan(v))
		snprintf(buf, len, "-");
	else if ((v == floor(v) && a < 1e15) || a >= 1000)
		snprintf(buf, len, "%.0f", v);
	else
		snprintf(buf, len, a >= 100 ? "%.1f" : a >= 1 ? "%.2f" : "%.3g", v);
	return buf;
}

/* A figure as the CSV keeps it: whole numbers whole, others to six
 * significant digits (the data, not a page); "-" for none. */
static void csv_num(FILE *f, double d)
{
	if (isnan(d) || isinf(d))
		fputs("-", f);
	else if (d == floor(d) && fabs(d) < 1e15)
		fprintf(f, "%.0f", d);
	else
		fprintf(f, "%.6g", d);
}

/* A figure on the page (fr_pts_num()); "-" for none. */
static void num(FILE *f, double v)
{
	char b[48];

	fputs(fr_pts_num(b, sizeof(b), isinf(v) ? NAN : v), f);
}

const char *fr_pts_field_str(char *buf, size_t len, const struct fr_pts_field *h)
{
	switch (h->type) {
	case FR_PTS_STR:
	case FR_PTS_JSON:
		return h->s;
	case FR_PTS_BOOL:
		return h->b ? "yes" : "no";
	case FR_PTS_INT:
		return fr_pts_num(buf, len, (double)h->i);
	case FR_PTS_DBL:
		return fr_pts_num(buf, len, isinf(h->d) ? NAN : h->d);
	case FR_PTS_NULL:
		break;
	}
	return NULL;
}

/* A header value as it is: the page passes it whole through the byte
 * layer. */
static void value(FILE *f, const struct fr_pts_field *h)
{
	char b[48];
	const char *s = fr_pts_field_str(b, sizeof(b), h);

	fputs(s ? s : "-", f);
}

static void text_ss(FILE *f, const struct fr_pts_ss *ss)
{
	if (!ss) {
		fputs("steady state: no rounds (this test has none)\n", f);
		return;
	}
	if (!ss->iops.has_window) {
		fprintf(f, "steady state: NOT reached after %zu rounds (%s)\n", ss->iops.rounds,
			ss->iops.reason);
		return;
	}
	fprintf(f, "steady state: %s after %zu rounds; window rounds %d-%zu: average ",
		ss->iops.steady ? "reached" : "NOT reached", ss->iops.rounds, ss->iops.first_round,
		ss->iops.rounds);
	num(f, ss->iops.average);
	fputs(" IOPS, range ", f);
	num(f, ss->iops.range_pct);
	fputs(" % (limit 20), slope excursion ", f);
	num(f, ss->iops.excursion_pct);
	fputs(" % (limit 10)\n", f);
	if (ss->refused)
		fprintf(f, "steady state: %s\n", ss->refused);
}

static void text_table(FILE *f, const struct fr_pts_table *t)
{
	char b[48];

	fprintf(f, "%s:\n ", t->name);
	for (size_t i = 0; i < t->ncols; i++)
		fprintf(f, " %-14s", t->cols[i]);
	fputc('\n', f);
	for (size_t i = 0; i < t->nrows; i++) {
		fputs(" ", f);
		for (size_t j = 0; j < t->rows[i]->n; j++) {
			const struct fr_pts_cell *c = &t->rows[i]->cells[j];

			fprintf(f, " %-14s", c->s ? c->s : fr_pts_num(b, sizeof(b), c->v));
		}
		fputc('\n', f);
	}
}

static void text_chart(FILE *f, const struct fr_pts_chart *c)
{
	for (size_t i = 0; i < c->nlines; i++) {
		const struct fr_pts_line *s = c->lines[i];
		size_t n = s->n, step = n > TEXT_POINTS ? (n + TEXT_POINTS - 1) / TEXT_POINTS : 1;

		fprintf(f, "chart %s, %s (%s against %s; %zu points%s):\n ", c->name, s->name, c->y,
			c->x, n, step > 1 ? ", every one shown in JSON/HTML, a sample here" : "");
		for (size_t k = 0; k < n; k += step) {
			fputs(" ", f);
			num(f, s->x[k]);
			fputs(":", f);
			num(f, s->y[k]);
		}
		fputc('\n', f);
	}
}

static void text_one(FILE *f, const struct fr_pts_fig *fig)
{
	fprintf(f, "== SNIA PTS %s%s%s: %s ==\n", fig->test, fig->part ? " " : "",
		fig->part ? fig->part : "", fig->drive);
	for (size_t i = 0; i < fig->nheader; i++) {
		fprintf(f, "  %-16s ", fig->header[i].key);
		value(f, &fig->header[i]);
		fputc('\n', f);
	}
	text_ss(f, fig->ss);
	for (size_t i = 0; i < fig->nfigures; i++) {
		fprintf(f, "figure %s: ", fig->figures[i].name);
		num(f, fig->figures[i].v);
		fputc('\n', f);
	}
	if (fig->note)
		fprintf(f, "note: %s\n", fig->note);
	for (size_t i = 0; i < fig->ntables; i++)
		text_table(f, fig->tables[i]);
	for (size_t i = 0; i < fig->ncharts; i++)
		text_chart(f, fig->charts[i]);
	fputc('\n', f);
}

/* A page's place by its merit among the drives, or why it has none. */
static void text_place(FILE *f, const struct fr_pts_merit *m)
{
	if (!m)
		return;
	if (m->place)
		fprintf(f, "place by %s: %d", m->name, m->place);
	else if (m->no_place)
		fprintf(f, "no place by %s: %s", m->name, m->no_place);
	if (m->steady_measures)
		fprintf(f, " (steady measures: %s)", m->steady_measures);
	if (m->place || m->no_place)
		fputs("\n\n", f);
}

static void text_made(FILE *f, const struct fr_pts_report *r)
{
	if (!r->ri)
		return;
	fprintf(f, "report: fiorank %s, %s\ncommand: ", r->ri->version, r->ri->date);
	fputs(r->ri->cmdline, f);
	fprintf(f, "\nspecification: %s\n\n", r->spec);
}

int fr_pts_text(FILE *f, const struct fr_pts_report *r)
{
	text_made(f, r);
	for (size_t i = 0; i < r->n; i++) {
		text_one(f, r->figs[i]);
		text_place(f, r->figs[i]->merit);
	}
	if (!r->n)
		fputs("no PTS runs (pts-wsat, pts-hir, pts-xsr, pts-dirth, pts-lat, pts-iops, "
		      "pts-tp) in the results\n",
		      f);
	return ferror(f) ? -1 : 0;
}

/* CSV: one line per figure and table cell (drive,test,table,row,column,value);
 * text fields through fiorank's one CSV cell writer (formula-safe). */
static void csv_field(FILE *f, const char *s)
{
	fr_csv_str(f, s ? s : "");
}

/* The line's first four fields and the comma after them. */
static void csv_lead(FILE *f, const struct fr_pts_fig *fig, const char *table, const char *row)
{
	csv_field(f, fig->drive);
	fputc(',', f);
	csv_field(f, fig->test);
	fputc(',', f);
	csv_field(f, table);
	fputc(',', f);
	csv_field(f, row);
	fputc(',', f);
}

static void csv_table(FILE *f, const struct fr_pts_fig *fig, const struct fr_pts_table *t)
{
	for (size_t r = 0; r < t->nrows; r++) {
		const struct fr_pts_row *rw = t->rows[r];

		for (size_t c = 1; c < rw->n; c++) {
			csv_lead(f, fig, t->name, rw->cells[0].s);
			csv_field(f, c < t->ncols ? t->cols[c] : NULL);
			fputc(',', f);
			if (rw->cells[c].s)
				csv_field(f, rw->cells[c].s);
			else
				csv_num(f, rw->cells[c].v);
			fputc('\n', f);
		}
	}
}

int fr_pts_csv(FILE *f, const struct fr_pts_report *r)
{
	fputs("drive,test,table,row,column,value\n", f);
	for (size_t i = 0; i < r->n; i++) {
		const struct fr_pts_fig *fig = r->figs[i];

		for (size_t k = 0; k < fig->nfigures; k++) {
			csv_lead(f, fig, "figures", "");
			csv_field(f, fig->figures[k].name);
			fputc(',', f);
			csv_num(f, fig->figures[k].v);
			fputc('\n', f);
		}
		for (size_t t = 0; t < fig->ntables; t++)
			csv_table(f, fig, fig->tables[t]);
	}
	return ferror(f) ? -1 : 0;
}
