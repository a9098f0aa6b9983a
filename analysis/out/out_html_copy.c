// SPDX-License-Identifier: GPL-2.0-only
/*
 * The Copy section of the HTML report (out_copy.h): per run a table of the
 * Copy phase and the host's copy, their ratio, and the bus bytes the Copy
 * saved.  Printed only when a Copy run was read.
 */
#include <math.h>
#include <stdio.h>

#include "model/copy.h"
#include "report/report.h"
#include "util/escape.h"
#include "out/out_copy.h"
#include "out/out_html_chart.h"

/* A figure as a cell, "n/a" for one not known. */
static void html_cell(FILE *f, const char *fmt, double v)
{
	fputs("<td>", f);
	if (isfinite(v))
		fprintf(f, fmt, v);
	else
		fputs("n/a", f);
	fputs("</td>", f);
}

static void html_phase(FILE *f, const char *name, const struct fr_copy_phase *p)
{
	fprintf(f, "<tr><th>%s</th>", name);
	html_cell(f, "%.1f", p->mbps);
	html_cell(f, "%.1f", p->cpu_pct);
	html_cell(f, "%.3f", p->cpu_s_per_gb);
	html_cell(f, "%.0f", p->bus_bytes);
	html_cell(f, "%.5f", p->landed_bytes > 0 ? p->bus_bytes / p->landed_bytes : NAN);
	html_cell(f, "%.1f", p->rd_p50 / 1000);
	html_cell(f, "%.1f", p->rd_p99 / 1000);
	html_cell(f, "%.1f", p->rd_p999 / 1000);
	fputs("</tr>\n", f);
}

static void html_run(FILE *f, const struct fr_copy_run *r)
{
	fputs("<h3>", f);
	fr_html_escape(f, r->drive);
	fputs("</h3>\n<p>", f);
	fr_html_escape(f, r->source);
	if (r->why[0]) {
		fputs(": not compared: ", f);
		fr_html_escape(f, r->why);
		fputs("</p>\n", f);
		return;
	}
	fprintf(f,
		"; %u bytes per Copy command</p>\n<table>\n<tr><th>phase</th><th>MB/s "
		"landed</th><th>CPU %%</th><th>CPU s/GB</th><th>bus bytes</th><th>bus B per B "
		"landed</th><th>reader p50 µs</th><th>reader p99 µs</th><th>reader p99.9 "
		"µs</th></tr>\n",
		r->range_bytes);
	html_phase(f, "copy", &r->copy);
	html_phase(f, "host", &r->host);
	fputs("<tr><th>copy/host</th>", f);
	html_cell(f, "%.3f", r->r_mbps);
	fputs("<td></td>", f);
	html_cell(f, "%.3f", r->r_cpu_gb);
	fputs("<td></td><td></td>", f);
	html_cell(f, "%.3f", r->r_p50);
	html_cell(f, "%.3f", r->r_p99);
	html_cell(f, "%.3f", r->r_p999);
	fprintf(f, "</tr>\n</table>\n<p>bus bytes saved by the Copy: %.0f</p>\n", r->bus_saved);
}

int fr_html_copy(struct fr_out *o)
{
	const struct fr_model *m = o->rep->m;
	FILE *f = o->f;

	if (!m->ncopy)
		return 0;
	fprintf(f,
		"<section class=\"copy\" id=\"copy\">\n<h2>Copy: the drive's Copy command "
		"against the host's copy</h2>\n<p>%s.</p>\n<p>%s.</p>\n",
		fr_copy_how_bus, fr_copy_how_cpu);
	for (size_t i = 0; i < m->ncopy; i++)
		html_run(f, &m->copy[i]);
	fputs("</section>\n", f);
	return 0;
}
