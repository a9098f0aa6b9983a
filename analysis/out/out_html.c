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
#include "out/out_tailwhy.h"
#include "out/out_fleet.h"
#include "out/out_copy.h"
#include "out/out_cell.h"
#include "out/out_health.h"
#include "out/out_endurance.h"
#include "out/out_html_chart.h"
#include "out/out_html_toc.h"
#include "out/out_ai.h"
#include "out/out_tq.h"
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

static void profile_table(FILE *f, const struct fr_profile_rank *pr)
{
	fputs("<table><tr><th>place</th><th class=\"l\">drive</th><th>peak IOPS</th>"
	      "<th>MB/s</th><th>mean lat µs</th><th class=\"l\">step</th><th>margin to next %</th>"
	      "<th>published place</th></tr>\n",
	      f);
	for (size_t i = 0; i < pr->n; i++) {
		const struct fr_entry *e = &pr->e[i];
		char pub[320], place[16];

		fprintf(f, "<tr><td>%s</td>", fr_place_text(place, sizeof(place), e->place));
		fr_html_cell(f, e->drive->label, true);
		fr_html_num_cell(f, e->iops, 0);
		fr_html_num_cell(f, e->mbps > 0 ? e->mbps : NAN, 1);
		fr_html_num_cell(f, fr_us(e->lat_ns), 1);
		fr_html_cell(f, e->peak->name, true);
		fr_html_num_cell(f, e->margin_pct, 1);
		fr_ref_place_text(e, pub, sizeof(pub));
		fr_html_cell(f, pub, false);
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

/* One note under a profile's table: <p class="CLS">LEAD<drive>SEP<text></p>. */
static void drive_note(FILE *f, const char *cls, const char *lead, const char *drive,
		       const char *sep, const char *text)
{
	fprintf(f, "<p class=\"%s\">%s", cls, lead);
	fr_html_escape(f, drive);
	fputs(sep, f);
	fr_html_escape(f, text);
	fputs("</p>\n", f);
}

/* Under the table: why a measured drive has no place among the measured. */
static void place_notes(FILE *f, const struct fr_profile_rank *pr)
{
	for (size_t i = 0; i < pr->n; i++) {
		char text[640];

		if (fr_place_note_text(&pr->e[i], text, sizeof(text)))
			drive_note(f, "unplaced", "", pr->e[i].drive->label, ": ", text);
	}
}

/* Capped steps that fell short of their rate target, named under the table
 * (and marked "!" on the curve charts), and a capped step that beat the
 * peak run. */
static void missed_targets(FILE *f, const struct fr_profile_rank *pr)
{
	char text[200];

	for (size_t i = 0; i < pr->n; i++) {
		const char *label = pr->e[i].drive->label;

		for (size_t k = 0; k < pr->e[i].ncurve; k++)
			if (fr_target_missed_text(pr->e[i].curve[k], text, sizeof(text)))
				drive_note(f, "missed", "! missed its rate target: ", label,
					   ", step ", text);
		if (fr_peak_unstable_text(&pr->e[i], pr->by_mbps, text, sizeof(text)))
			drive_note(f, "missed", "! ", label, ": ", text);
	}
}

/* The section's charts; sc: the scales the report stage chose for its mean
 * and p99 charts. */
static void profile_charts(FILE *f, const struct fr_profile_rank *pr,
			   const struct fr_peak_series *ps, enum fr_basis basis,
			   const struct fr_scales *sc, struct fr_palette *pal)
{
	struct fr_series *s = calloc(pr->n + 1, sizeof(*s));
	struct fr_bar *b = calloc(pr->n + 1, sizeof(*b));
	double *xy = NULL;
	size_t npts = 0, off = 0;
	char title[256], (*notes)[16] = calloc(pr->n + 1, sizeof(*notes));
	char(*steps)[24] = NULL;
	const char **labels = NULL;

	for (size_t i = 0; i < pr->n; i++)
		npts += pr->e[i].ncurve;
	xy = calloc(2 * npts + 1, sizeof(*xy));
	steps = calloc(npts + 1, sizeof(*steps));
	labels = calloc(npts + 1, sizeof(*labels));
	if (!s || !b || !xy || !notes || !steps || !labels)
		goto out;
	for (size_t i = 0; i < pr->n; i++) {
		const struct fr_entry *e = &pr->e[i];

		s[i].name = e->drive->label;
		s[i].markers_only = e->drive->reference;
		s[i].color = fr_palette_index(pal, e->drive->label);
		s[i].x = xy + off;
		s[i].y = xy + npts + off;
		s[i].n = e->ncurve;
		s[i].point_labels = labels + off;
		for (size_t k = 0; k < e->ncurve; k++) {
			xy[off + k] = fr_step_iops(e->curve[k]);
			xy[npts + off + k] = fr_us(fr_step_mean_lat(e->curve[k], basis));
			fr_html_curve_label(steps[off + k], sizeof(steps[0]), e->curve[k]);
			labels[off + k] = steps[off + k];
		}
		off += e->ncurve;
		b[i].label = e->drive->label;
		b[i].value = pr->by_mbps ? e->mbps : e->iops;
		b[i].color = s[i].color;
		if (e->place)
			snprintf(notes[i], sizeof(notes[i]), "(#%u)", e->place);
		else
			snprintf(notes[i], sizeof(notes[i]), "(not placed)");
		b[i].note = notes[i];
	}
	snprintf(title, sizeof(title), "%s: achieved IOPS vs mean %s latency", pr->name,
		 basis == FR_CLAT ? "clat" : "lat");
	fr_svg_lines_scaled(f, title, "IOPS", "mean latency (µs)", s, pr->n, sc);
	snprintf(title, sizeof(title), "%s: peak %s and place", pr->name,
		 pr->by_mbps ? "MB/s" : "IOPS");
	fr_html_p99_curves(f, pr, basis, pal, sc);
	fr_html_dist(f, pr, ps, pal);
	fr_html_fio_logs(f, pr, ps, pal);
	fr_html_health_temps(f, pr, pal);
	fr_svg_bars(f, title, pr->by_mbps ? "MB/s" : "IOPS", b, pr->n);
out:
	free(s);
	free(b);
	free(xy);
	free(notes);
	free(steps);
	free(labels);
}

/* Points the write-pressure series' y at one figure (mean or p99) of vals. */
static void set_wp_y(struct fr_series *s, const struct fr_ranking *r, const double *y)
{
	size_t off = 0;

	for (size_t d = 0; d < r->nwp; d++) {
		s[d].y = y + off;
		off += r->wp[d].n;
	}
}

/* sc: the scales the report stage chose for the mean and the p99 chart */
static void wp_section(FILE *f, const struct fr_ranking *r, const struct fr_scales *sc,
		       struct fr_palette *pal)
{
	struct fr_series *s = calloc(r->nwp + 1, sizeof(*s));
	double *vals = NULL;
	size_t npts = 0, off = 0;

	for (size_t d = 0; d < r->nwp; d++)
		npts += r->wp[d].n;
	vals = calloc(3 * npts + 1, sizeof(*vals));
	if (!s || !vals)
		goto out;
	fputs("<h2>Write pressure</h2>\n", f);
	for (size_t d = 0; d < r->nwp; d++) {
		s[d].name = r->wp[d].drive->label;
		s[d].markers_only = r->wp[d].drive->reference;
		s[d].color = fr_palette_index(pal, r->wp[d].drive->label);
		s[d].x = vals + off;
		s[d].n = r->wp[d].n;
		for (size_t i = 0; i < r->wp[d].n; i++) {
			vals[off + i] = r->wp[d].pts[i].write_mbps;
			vals[npts + off + i] = fr_us(r->wp[d].pts[i].mean_ns);
			vals[2 * npts + off + i] = fr_us(r->wp[d].pts[i].p99_ns);
		}
		off += r->wp[d].n;
	}
	for (int m = 0; m < 2; m++) {
		set_wp_y(s, r, vals + (size_t)(m + 1) * npts);
		fr_svg_lines_scaled(f,
				    m ? "read 99th percentile latency under background writes"
				      : "read mean latency under background writes",
				    "background write MB/s", "µs", s, r->nwp, sc);
	}
	fputs("<ul>\n", f);
	for (size_t i = 0; i < r->ncross; i++) {
		char txt[512];

		fr_cross_sentence(txt, sizeof(txt), &r->cross[i]);
		fputs("<li class=\"crossover\">", f);
		fr_html_escape(f, txt);
		fputs("</li>\n", f);
	}
	fputs("</ul>\n", f);
	for (size_t d = 0; d < r->nwp; d++) {
		if (!*r->wp[d].note)
			continue;
		fputs("<p class=\"unplaced\">", f);
		fr_html_escape(f, r->wp[d].drive->label);
		fputs(": ", f);
		fr_html_escape(f, r->wp[d].note);
		fputs("</p>\n", f);
	}
out:
	free(s);
	free(vals);
}

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

static void tail(FILE *f, const struct fr_report *rep)
{
	const struct fr_ranking *r = rep->r;
	const struct fr_model *m = rep->m;
	char note[160];

	if (fr_wins_shown(r)) {
		fputs("<h2>Summary: profiles won</h2>\n<table><tr><th class=\"l\">drive</th>"
		      "<th>wins</th><th>profiles</th></tr>\n",
		      f);
		for (size_t i = 0; i < r->nwins; i++) {
			if (!r->wins[i].profiles)
				continue;
			fputs("<tr>", f);
			fr_html_cell(f, r->wins[i].drive->label, true);
			fprintf(f, "<td>%u</td><td>%u</td></tr>\n", r->wins[i].wins,
				r->wins[i].profiles);
		}
		fputs("</table>\n", f);
		if (fr_wins_folded_text(rep, note, sizeof(note)))
			fprintf(f, "<p class=\"note folded\">%s.</p>\n", note);
	}
	if (r->have_ref && r->nprofiles) {
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
	}
	if (!m->nskipped && !m->nexcluded)
		return;
	fputs("<h2>Inputs not used</h2>\n<ul>\n", f);
	for (size_t i = 0; i < m->nskipped; i++) {
		fputs("<li>skipped ", f);
		fr_html_escape(f, m->skipped[i].source);
		fputs(": ", f);
		fr_html_escape(f, m->skipped[i].reason);
		fputs("</li>\n", f);
	}
	for (size_t i = 0; i < m->nexcluded; i++) {
		fputs("<li>excluded from ", f);
		fr_html_escape(f, m->excluded[i].source);
		fputs(": ", f);
		fr_html_escape(f, m->excluded[i].reason);
		fputs("</li>\n", f);
	}
	fputs("</ul>\n", f);
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

/* The report's sections, under its header: provenance to the end. */
static int render_body(FILE *f, const struct fr_report *rep, struct fr_palette *pal)
{
	const struct fr_ranking *r = rep->r;
	char folded[160];

	provenance(f, rep);
	fr_html_steady(f, rep, pal);
	if (fr_folded_text(rep, folded, sizeof(folded)))
		fprintf(f, "<p class=\"note folded\">%s.</p>\n", folded);
	for (size_t p = 0; p < r->nprofiles; p++) {
		if (!rep->sect->p[p].shown)
			continue;
		fputs("<section class=\"profile\"><h2>", f);
		fr_html_escape(f, r->profiles[p].name);
		fprintf(f, " (ranked by peak %s)</h2>\n", r->profiles[p].by_mbps ? "MB/s" : "IOPS");
		profile_table(f, &r->profiles[p]);
		place_notes(f, &r->profiles[p]);
		missed_targets(f, &r->profiles[p]);
		profile_charts(f, &r->profiles[p], rep->peak ? rep->peak[p] : NULL, r->basis,
			       &rep->sect->p[p].scales, pal);
		fputs("</section>\n", f);
	}
	if (r->nwp)
		wp_section(f, r, &rep->sect->wp, pal);
	statements(f, rep);
	fr_html_nn(f, rep, pal);
	fr_fdp_html(f, rep);
	fr_tailwhy_html(f, rep->tw);
	fr_fleet_html(f, rep->fleet);
	fr_copy_html(f, rep->m);
	fr_html_health(f, rep->health);
	fr_endurance_html(f, rep->ei, pal);
	tail(f, rep);
	fr_baseline_html(f, rep->bl);
	fr_ai_html(f, rep);
	return fr_tq_html(f, rep);
}

static int render_html(FILE *f, const void *arg)
{
	const struct fr_report *rep = arg;
	const struct fr_ranking *r = rep->r;
	struct fr_palette pal = {0};
	char *body = NULL;
	size_t len = 0;
	FILE *mem;
	int rc;

	/* measured drives take the first colours, in the order they were read */
	for (size_t d = 0; d < rep->m->ndrives; d++)
		fr_palette_index(&pal, rep->m->drives[d].label);
	fprintf(f,
		"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
		"<title>fiorank report</title><style>%s</style></head><body>\n"
		"<h1>fiorank report</h1>\n<p>%zu files read, %zu skipped, %zu jobs excluded. "
		"Latency basis: ",
		css, rep->m->files_read, rep->m->nskipped, rep->m->nexcluded);
	fr_html_escape(f, fr_basis_desc(r->basis));
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
	/* the body first, in memory: the table of contents lists its headings */
	mem = open_memstream(&body, &len);
	if (!mem) {
		fr_palette_free(&pal);
		return -1;
	}
	rc = render_body(mem, rep, &pal);
	if (fclose(mem) || rc || fr_html_toc_write(f, body, len))
		rc = -1;
	free(body);
	fputs("</body></html>\n", f);
	fr_palette_free(&pal);
	return rc || ferror(f) ? -1 : 0;
}

/* Control characters but newline, and bytes that are not UTF-8, as "\xNN"
 * (escape.h), like the text and md reports. */
int fr_out_html(FILE *f, const struct fr_report *rep)
{
	return fr_render_escaped(f, render_html, rep, FR_ESC_CONTROLS_NL);
}
