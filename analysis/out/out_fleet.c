// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fleet view (report/fleet.h's structs) in text, Markdown and HTML
 * (out_fleet.h): one writer with the three formats' table and text
 * primitives, so that they say the same.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "out/out_fleet.h"
#include "report/fleet_view.h"
#include "util/escape.h"

enum fmt { TEXT, MD, HTML };

struct fw {
	FILE *f;
	enum fmt fmt;
};

/* Text from the inputs (host names, models, fio's words), escaped. */
static void str(const struct fw *w, const char *s)
{
	if (!s)
		s = "not recorded";
	if (w->fmt == MD)
		fr_md_escape(w->f, s);
	else if (w->fmt == HTML)
		fr_html_escape(w->f, s);
	else
		fr_write_escaped(w->f, s, strlen(s), FR_ESC_CONTROLS);
}

static void heading(const struct fw *w, int level, const char *a, const char *b)
{
	static const char *const txt[] = {"", "== ", "-- "}, *const end[] = {"", " ==", " --"};

	if (w->fmt == HTML)
		fprintf(w->f, "<h%d>", level + 1);
	else if (w->fmt == MD)
		fprintf(w->f, "\n%s ", level == 1 ? "##" : "###");
	else
		fprintf(w->f, "\n%s", txt[level]);
	str(w, a);
	if (b)
		str(w, b);
	if (w->fmt == HTML)
		fprintf(w->f, "</h%d>\n", level + 1);
	else
		fprintf(w->f, "%s\n", w->fmt == TEXT ? end[level] : "");
}

/* A line of prose (a note); in text indented under its table. */
static void note(const struct fw *w, const char *s)
{
	fputs(w->fmt == HTML ? "<p>" : w->fmt == MD ? "\n" : "  ", w->f);
	str(w, s);
	fputs(w->fmt == HTML ? "</p>\n" : "\n", w->f);
}

/* Table cells: text pads to widths, Markdown and HTML delimit. */
static void row_start(const struct fw *w)
{
	fputs(w->fmt == HTML ? "<tr>" : w->fmt == MD ? "|" : "", w->f);
}

static void row_end(const struct fw *w)
{
	fputs(w->fmt == HTML ? "</tr>\n" : "\n", w->f);
}

static void cell(const struct fw *w, const char *s, int width, bool head)
{
	if (w->fmt == HTML) {
		fputs(head ? "<th>" : "<td>", w->f);
		str(w, s);
		fputs(head ? "</th>" : "</td>", w->f);
	} else if (w->fmt == MD) {
		fputc(' ', w->f);
		str(w, s);
		fputs(" |", w->f);
	} else {
		int n = (int)strlen(s ? s : "not recorded");

		str(w, s);
		fprintf(w->f, "%*s", width > n ? width - n + 1 : 1, "");
	}
}

static void num_cell(const struct fw *w, double v, const char *fmt, int width)
{
	char b[40];

	if (isfinite(v))
		snprintf(b, sizeof(b), fmt, v);
	else
		snprintf(b, sizeof(b), "-");
	cell(w, b, width, false);
}

static void table_start(const struct fw *w, const char *const *heads, const int *widths, int n)
{
	if (w->fmt == HTML)
		fputs("<table>\n", w->f);
	row_start(w);
	for (int i = 0; i < n; i++)
		cell(w, heads[i], widths[i], true);
	row_end(w);
	if (w->fmt == MD) {
		fputc('|', w->f);
		for (int i = 0; i < n; i++)
			fputs("---|", w->f);
		fputc('\n', w->f);
	}
}

static void table_end(const struct fw *w)
{
	if (w->fmt == HTML)
		fputs("</table>\n", w->f);
}

#define DRIVE_W 30
#define HOST_W	18

static void hosts_table(const struct fw *w, const struct fr_fleet_dir *d)
{
	static const char *const heads[] = {"drive", "host", "name", "kernel", "cpu", "fio"};
	static const int widths[] = {DRIVE_W, HOST_W, 8, 28, 24, 8};

	table_start(w, heads, widths, 6);
	for (size_t i = 0; i < d->nrows; i++) {
		const struct fr_fleet_row *r = &d->rows[i];
		const char *v[] = {r->drive, r->host, r->hostname, r->kernel, r->cpu, r->fio};

		row_start(w);
		for (int k = 0; k < 6; k++)
			cell(w, v[k], widths[k], false);
		row_end(w);
	}
	table_end(w);
}

static void figure_cells(const struct fw *w, const struct fr_fleet_figs *f)
{
	num_cell(w, f->iops, "%.0f", 9);
	num_cell(w, f->mean_us, "%.1f", 9);
	for (int k = 0; k < FR_FLEET_NPCT; k++)
		num_cell(w, f->pct_us[k], "%.1f", 9);
}

/* "IOPS: min 1208, median 2232, max 2260, CV 31.2 %; no outlier named: ..." */
static void spread_line(const struct fw *w, const char *name, const struct fr_fleet_dir *d,
			const struct fr_fleet_spread *sp)
{
	const struct fr_drive_spread *s = &sp->s;
	char b[600];
	size_t at;

	at = (size_t)snprintf(b, sizeof(b),
			      "%s across %.0f drives: min %.1f, median %.1f, max %.1f", name,
			      (double)s->n, s->min, s->median, s->max);
	if (isfinite(s->cv) && at < sizeof(b))
		at += (size_t)snprintf(b + at, sizeof(b) - at, ", CV %.1f %%", 100 * s->cv);
	if (at < sizeof(b))
		at += (size_t)snprintf(b + at, sizeof(b) - at, "; %s", sp->rule);
	for (size_t i = 0; i < sp->noutliers && at < sizeof(b); i++)
		at += (size_t)snprintf(b + at, sizeof(b) - at, "%s%s", i ? ", " : ": outlier ",
				       d->rows[sp->outliers[i]].drive);
	note(w, b);
}

static void dir_block(const struct fw *w, const struct fr_fleet_step *st,
		      const struct fr_fleet_dir *d)
{
	static const char *const heads[] = {"drive",  "host",	  "IOPS",     "mean us",
					    "p99 us", "p99.9 us", "p99.99 us"};
	static const int widths[] = {DRIVE_W, HOST_W, 9, 9, 9, 9, 9};
	static const char *const spread_names[FR_FLEET_NFIGS] = {"IOPS", "p99 us", "p99.99 us"};
	char title[300];

	snprintf(title, sizeof(title), "%s@%s, %s", st->profile ?: "?", st->step ?: "?",
		 fr_dir_name(d->dir));
	heading(w, 2, title, NULL);
	table_start(w, heads, widths, 7);
	for (size_t i = 0; i < d->nrows; i++) {
		const struct fr_fleet_row *r = &d->rows[i];
		static const struct fr_fleet_figs none = {NAN, NAN, NAN, {NAN, NAN, NAN}};

		row_start(w);
		cell(w, r->drive, DRIVE_W, false);
		cell(w, r->host, HOST_W, false);
		if (r->missing)
			cell(w, "no result", 9, false);
		else
			figure_cells(w, r->measured ? &r->figs : &none);
		row_end(w);
	}
	if (!d->withheld) {
		snprintf(title, sizeof(title), "fleet (%zu hosts, summed bins)", d->fleet_hosts);
		row_start(w);
		cell(w, title, DRIVE_W, false);
		cell(w, "", HOST_W, false);
		figure_cells(w, &d->fleet);
		row_end(w);
	}
	table_end(w);
	if (d->withheld)
		note(w, d->withheld);
	if (d->all_clients)
		note(w, d->all_clients);
	for (int k = 0; k < FR_FLEET_NFIGS; k++)
		spread_line(w, spread_names[k], d, &d->spread[k]);
}

static void fleet_one(const struct fw *w, const struct fr_fleet_one *fl)
{
	char title[64];
	bool listed = false;

	snprintf(title, sizeof(title), "fleet: %zu hosts of ", fl->nhosts);
	heading(w, 1, title, fl->manifest);
	note(w, "Each host's drive on its own; the fleet row's IOPS are the hosts' sum (they ran "
		"at once), its percentiles come from every host's fio json+ latency bins summed "
		"(exact, fio's rule), never from averaged percentiles.");
	for (size_t i = 0; i < fl->nsteps; i++) {
		const struct fr_fleet_step *st = &fl->steps[i];

		if (!listed && st->ndirs) {
			hosts_table(w, &st->dirs[0]);
			listed = true;
		}
		if (st->problem) {
			char b[600];

			snprintf(b, sizeof(b), "%s (%s): %s", st->run ?: "?", st->status ?: "?",
				 st->problem);
			note(w, b);
		}
		for (size_t k = 0; k < st->ndirs; k++)
			dir_block(w, st, &st->dirs[k]);
		if (st->note)
			note(w, st->note);
	}
}

static void fleets(const struct fw *w, const struct fr_fleet *fl)
{
	if (w->fmt == HTML)
		fputs("<section class=\"fleet\">\n", w->f);
	for (size_t i = 0; i < fl->n; i++)
		fleet_one(w, &fl->fleets[i]);
	if (w->fmt == HTML)
		fputs("</section>\n", w->f);
}

void fr_fleet_text(FILE *f, const struct fr_fleet *fleet)
{
	if (fleet)
		fleets(&(struct fw){f, TEXT}, fleet);
}

void fr_fleet_md(FILE *f, const struct fr_fleet *fleet)
{
	if (fleet)
		fleets(&(struct fw){f, MD}, fleet);
}

void fr_fleet_html(FILE *f, const struct fr_fleet *fleet)
{
	if (fleet)
		fleets(&(struct fw){f, HTML}, fleet);
}
