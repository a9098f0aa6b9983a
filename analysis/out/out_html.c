// SPDX-License-Identifier: GPL-2.0-only
/*
 * The HTML report: one self-contained file (inline CSS and SVG, no script,
 * nothing fetched), the same sections as the terminal report plus charts:
 * IOPS-vs-latency curves (mean, and p99: out_html_lat.c) and peak bars per
 * profile, write-pressure latency curves, noisy-neighbor percentile bars.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#include "util/escape.h"
#include "out/out.h"
#include "out/baseline_out.h"
#include "out/out_fdp.h"
#include "out/out_fleet.h"
#include "out/out_cell.h"
#include "out/out_html_health.h"
#include "out/out_endurance.h"
#include "out/out_html_chart.h"
#include "out/out_html_toc.h"
#include "out/out_ai.h"
#include "out/out_tq.h"
#include "out/out_ops.h"
#include "chart/svg.h"

static const char *const css =
	"body{font-family:sans-serif;margin:24px;color:#222}"
	"p.missed{color:#a33;font-weight:bold}"
	"table{border-collapse:collapse;margin:8px 0}"
	"td,th{border:1px solid #bbb;padding:3px 8px;text-align:right}"
	"td.l,th.l{text-align:left}"
	"svg{display:block;margin:8px 0;background:#fff}"
	"svg text{font-size:11px;fill:#222}svg .t{font-size:14px;font-weight:bold}"
	".axes line{stroke:#444}.axes line.grid{stroke:#ddd}.axes line.minor{stroke:#f0f0f0}"
	"svg text.step{font-size:9px;fill:#555}"
	".series{stroke-width:2}"
	".warn{background:#fdd;color:#900;font-weight:bold}.wide{overflow-x:auto}"
	"nav.toc{border:1px solid #ddd;padding:4px 12px;margin:8px 0;display:inline-block}"
	"nav.toc ol{margin:4px 0;padding-left:20px}";

/* Which drive and which run: fields down, one column per measured drive; a
 * steady state not reached is marked. */
static void provenance(FILE *f, const struct fr_report *rep)
{
	const struct fr_prov_row *rows = rep->prov_rows;
	size_t nd = rep->nprov_rows;

	if (!nd)
		return;
	/* many drives: the table scrolls sideways instead of widening the page */
	fputs("<h2>Drives and runs</h2>\n<div class=\"wide\"><table class=\"provenance\"><tr>"
	      "<th></th>",
	      f);
	for (size_t d = 0; d < nd; d++) {
		fputs("<th class=\"l\">", f);
		fr_html_escape(f, rows[d].d->drive->label);
		fputs("</th>", f);
	}
	fputs("</tr>\n", f);
	/* every drive has the same fields (show_pi is the report's) */
	for (size_t k = 0; k < rows[0].n; k++) {
		fprintf(f, "<tr><th class=\"l\">%s</th>", rows[0].f[k].name);
		for (size_t d = 0; d < nd; d++) {
			bool warn = !strcmp(rows[0].f[k].name, "steady_state") &&
				    rows[d].d->steady_not_reached;

			fputs(warn ? "<td class=\"l warn\">" : "<td class=\"l\">", f);
			fr_html_escape(f, rows[d].f[k].value);
			fputs("</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</table></div>\n", f);
}

/* The reviews' own write-pressure statements, beside their points. */
static void statements(FILE *f, const struct fr_report *rep)
{
	bool open = false;

	for (size_t i = 0; i < rep->m->nstatements; i++) {
		char s[640];

		fr_statement_text(rep->r, &rep->m->statements[i], s, sizeof(s));
		if (!*s)
			continue;
		if (!open)
			fputs("<ul>\n", f);
		open = true;
		fputs("<li class=\"statement\">Published statement: ", f);
		fr_html_escape(f, s);
		fputs("</li>\n", f);
	}
	if (open)
		fputs("</ul>\n", f);
}

static int html_wins(struct fr_out *o)
{
	const struct fr_ranking *r = o->rep->r;
	FILE *f = o->f;
	char note[160];

	if (!fr_wins_shown(r))
		return 0;
	fputs("<h2>Summary: profiles won</h2>\n<table><tr><th class=\"l\">drive</th>"
	      "<th>wins</th><th>profiles</th></tr>\n",
	      f);
	for (size_t i = 0; i < r->nwins; i++) {
		if (!r->wins[i].profiles)
			continue;
		fputs("<tr>", f);
		fr_html_cell(f, r->wins[i].drive->label, true);
		fprintf(f, "<td>%u</td><td>%u</td></tr>\n", r->wins[i].wins, r->wins[i].profiles);
	}
	fputs("</table>\n", f);
	if (fr_wins_folded_text(o->rep, note, sizeof(note)))
		fprintf(f, "<p class=\"note folded\">%s.</p>\n", note);
	return 0;
}

static int html_ref_places(struct fr_out *o)
{
	const struct fr_ranking *r = o->rep->r;
	FILE *f = o->f;

	if (!r->have_ref || !r->nprofiles)
		return 0;
	fputs("<h2>Summary: place among the published drives</h2>\n<table><tr>"
	      "<th class=\"l\">drive</th><th class=\"l\">places (of published + "
	      "1)</th></tr>\n",
	      f);
	for (size_t i = 0; i < r->nwins; i++) {
		char places[4096];

		fr_ref_places(r, r->wins[i].drive, places, sizeof(places));
		if (!*places)
			continue;
		fputs("<tr>", f);
		fr_html_cell(f, r->wins[i].drive->label, true);
		fr_html_cell(f, places, true);
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
	return 0;
}

static int html_unused(struct fr_out *o)
{
	const struct fr_unused *u = o->rep->unused;
	FILE *f = o->f;

	if (!u || !u->total)
		return 0;
	fputs("<h2>Inputs not used</h2>\n<ul>\n", f);
	for (size_t k = 0; k < FR_UNUSED_NLISTS; k++)
		for (size_t i = 0; i < u->l[k].n; i++) {
			fprintf(f, "<li>%s ", u->l[k].lead);
			fr_html_escape(f, u->l[k].p[i].source);
			fputs(": ", f);
			fr_html_escape(f, u->l[k].p[i].reason);
			fputs("</li>\n", f);
		}
	fputs("</ul>\n", f);
	return 0;
}

/* How the report was made: version, date, command line, inputs. */
static void run_info(FILE *f, const struct fr_run_info *ri)
{
	if (!ri)
		return;
	fputs("<p class=\"run\">Made by fiorank ", f);
	fr_html_escape(f, ri->version);
	fputs(" on ", f);
	fr_html_escape(f, ri->date);
	fputs(". Command: <code>", f);
	fr_html_escape(f, ri->cmdline);
	fputs("</code>. Inputs:", f);
	for (size_t i = 0; i < ri->ninputs; i++) {
		fputs(i ? ", <code>" : " <code>", f);
		fr_html_escape(f, ri->inputs[i]);
		fputs("</code>", f);
	}
	fputs(ri->ninputs ? ".</p>\n" : " none (published data only).</p>\n", f);
}

static struct fr_palette *pal_of(struct fr_out *o)
{
	return &((struct fr_html_fmt *)o->fmt)->pal;
}

/* Above the table of contents: written to the page, not the body. */
static int html_header(struct fr_out *o)
{
	const struct fr_report *rep = o->rep;
	FILE *f = ((struct fr_html_fmt *)o->fmt)->page;

	fprintf(f,
		"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
		"<title>fiorank report</title><style>%s</style></head><body>\n"
		"<h1>fiorank report</h1>\n<p>%zu files read, %zu skipped, %zu jobs excluded. "
		"Latency basis: ",
		css, rep->m->files_read, rep->m->nskipped, rep->m->nexcluded);
	fr_html_escape(f, fr_basis_desc(rep->r->basis));
	fputs("; means are operation-weighted. Units: IOPS, MB/s (10<sup>6</sup> bytes/s), "
	      "µs.",
	      f);
	if (rep->ref_note) {
		fputs(" Published data: ", f);
		fr_html_escape(f, rep->ref_note);
		fputc('.', f);
	}
	fputs("</p>\n", f);
	run_info(f, rep->run);
	return 0;
}

static int html_provenance(struct fr_out *o)
{
	provenance(o->f, o->rep);
	return 0;
}

static int html_steady(struct fr_out *o)
{
	fr_html_steady(o->f, o->rep, pal_of(o));
	return 0;
}

static int html_statements(struct fr_out *o)
{
	statements(o->f, o->rep);
	return 0;
}

static int html_nn(struct fr_out *o)
{
	fr_html_nn(o->f, o->rep, pal_of(o));
	return 0;
}

static int html_fdp(struct fr_out *o)
{
	fr_fdp_html(o->f, o->rep);
	return 0;
}

static int html_fleet(struct fr_out *o)
{
	fr_fleet_html(o->f, o->rep->fleet);
	return 0;
}

static int html_health(struct fr_out *o)
{
	fr_html_health(o->f, o->rep->health);
	return 0;
}

static int html_endurance(struct fr_out *o)
{
	fr_endurance_html(o->f, o->rep->ei, pal_of(o));
	return 0;
}

static int html_baseline(struct fr_out *o)
{
	fr_baseline_html(o->f, o->rep->bl);
	return 0;
}

static int html_ai(struct fr_out *o)
{
	fr_ai_html(o->f, o->rep);
	return 0;
}

static int html_tq(struct fr_out *o)
{
	return fr_tq_html(o->f, o->rep);
}

/* The sections go to the body in memory first: the table of contents,
 * written between the header and them, lists its headings. */
static int html_begin(struct fr_out *o)
{
	struct fr_html_fmt *h = o->fmt;
	const struct fr_model *m = o->rep->m;

	/* measured drives take the first colours, in the order they were read */
	for (size_t d = 0; d < m->ndrives; d++)
		fr_palette_index(&h->pal, m->drives[d].label);
	h->page = o->f;
	o->f = open_memstream(&h->body, &h->len);
	return o->f ? 0 : -1;
}

static int html_end(struct fr_out *o, int rc)
{
	struct fr_html_fmt *h = o->fmt;
	FILE *f = h->page;

	if (o->f && (fclose(o->f) || rc || fr_html_toc_write(f, h->body, h->len)))
		rc = -1;
	free(h->body);
	if (o->f)
		fputs("</body></html>\n", f);
	fr_palette_free(&h->pal);
	return rc || ferror(f) ? -1 : 0;
}

const struct fr_out_ops fr_html_ops = {
	.begin = html_begin,
	.end = html_end,
	.sect =
		{
			[FR_SECT_HEADER] = html_header,
			[FR_SECT_PROVENANCE] = html_provenance,
			[FR_SECT_STEADY] = html_steady,
			[FR_SECT_PROFILES] = fr_html_profiles,
			[FR_SECT_WRITE_PRESSURE] = fr_html_write_pressure,
			[FR_SECT_STATEMENTS] = html_statements,
			[FR_SECT_NN] = html_nn,
			[FR_SECT_FDP] = html_fdp,
			[FR_SECT_TAILWHY] = fr_html_tailwhy,
			[FR_SECT_FLEET] = html_fleet,
			[FR_SECT_COPY] = fr_html_copy,
			[FR_SECT_HEALTH] = html_health,
			[FR_SECT_ENDURANCE] = html_endurance,
			[FR_SECT_WINS] = html_wins,
			[FR_SECT_REF_PLACES] = html_ref_places,
			[FR_SECT_UNUSED] = html_unused,
			[FR_SECT_BASELINE] = html_baseline,
			[FR_SECT_AI] = html_ai,
			[FR_SECT_TQ] = html_tq,
		},
};

static int render_html(FILE *f, const void *arg)
{
	struct fr_html_fmt h = {0};

	return fr_out_walk(f, arg, &fr_html_ops, &h);
}

/* Control characters but newline, and bytes that are not UTF-8, as "\xNN"
 * (escape.h), like the text and md reports. */
int fr_out_html(FILE *f, const struct fr_report *rep)
{
	return fr_render_escaped(f, render_html, rep, FR_ESC_CONTROLS_NL);
}
