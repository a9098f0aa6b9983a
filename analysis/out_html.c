// SPDX-License-Identifier: GPL-2.0-only
/*
 * The HTML report: one self-contained file (inline CSS and SVG, no script,
 * nothing fetched), the same sections as the terminal report plus charts:
 * IOPS-vs-latency curves and peak bars per profile, write-pressure latency
 * curves, noisy-neighbor percentile bars.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#include "baseline.h"
#include "escape.h"
#include "out.h"
#include "svg.h"

static const char *const css =
	"body{font-family:sans-serif;margin:24px;color:#222}"
	"table{border-collapse:collapse;margin:8px 0}"
	"td,th{border:1px solid #bbb;padding:3px 8px;text-align:right}"
	"td.l,th.l{text-align:left}"
	"svg{display:block;margin:8px 0;background:#fff}"
	"svg text{font-size:11px;fill:#222}svg .t{font-size:14px;font-weight:bold}"
	".axes line{stroke:#444}.axes line.grid{stroke:#ddd}"
	".series{stroke-width:2}"
	".warn{background:#fdd;color:#900;font-weight:bold}";

static void cell(FILE *f, const char *s, bool left)
{
	fputs(left ? "<td class=\"l\">" : "<td>", f);
	fr_html_escape(f, s);
	fputs("</td>", f);
}

static void cellnum(FILE *f, double v, int prec)
{
	char b[32];

	cell(f, fr_num(b, sizeof(b), v, prec), false);
}

static void profile_table(FILE *f, const struct fr_profile_rank *pr)
{
	fputs("<table><tr><th>place</th><th class=\"l\">drive</th><th>peak IOPS</th>"
	      "<th>MB/s</th><th>mean lat µs</th><th class=\"l\">step</th><th>margin to next %</th>"
	      "<th>published place</th></tr>\n",
	      f);
	for (size_t i = 0; i < pr->n; i++) {
		const struct fr_entry *e = &pr->e[i];
		char pub[320];

		fprintf(f, "<tr><td>%u</td>", e->place);
		cell(f, e->drive->label, true);
		cellnum(f, e->iops, 0);
		cellnum(f, e->mbps > 0 ? e->mbps : NAN, 1);
		cellnum(f, fr_us(e->lat_ns), 1);
		cell(f, e->peak->name, true);
		cellnum(f, e->margin_pct, 1);
		fr_ref_place_text(e, pub, sizeof(pub));
		cell(f, pub, false);
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

static void profile_charts(FILE *f, const struct fr_profile_rank *pr, enum fr_basis basis)
{
	struct fr_series *s = calloc(pr->n + 1, sizeof(*s));
	struct fr_bar *b = calloc(pr->n + 1, sizeof(*b));
	double *xy = NULL;
	size_t npts = 0, off = 0;
	char title[256], (*notes)[16] = calloc(pr->n + 1, sizeof(*notes));

	for (size_t i = 0; i < pr->n; i++)
		npts += pr->e[i].ncurve;
	xy = calloc(2 * npts + 1, sizeof(*xy));
	if (!s || !b || !xy || !notes)
		goto out;
	for (size_t i = 0; i < pr->n; i++) {
		const struct fr_entry *e = &pr->e[i];

		s[i].name = e->drive->label;
		s[i].markers_only = e->drive->reference;
		s[i].x = xy + off;
		s[i].y = xy + npts + off;
		s[i].n = e->ncurve;
		for (size_t k = 0; k < e->ncurve; k++) {
			xy[off + k] = fr_step_iops(e->curve[k]);
			xy[npts + off + k] = fr_us(fr_step_mean_lat(e->curve[k], basis));
		}
		off += e->ncurve;
		b[i].label = e->drive->label;
		b[i].value = pr->by_mbps ? e->mbps : e->iops;
		snprintf(notes[i], sizeof(notes[i]), "(#%u)", e->place);
		b[i].note = notes[i];
	}
	snprintf(title, sizeof(title), "%s: achieved IOPS vs mean %s latency", pr->name,
		 basis == FR_CLAT ? "clat" : "lat");
	fr_svg_lines(f, title, "IOPS", "mean latency (µs)", s, pr->n);
	snprintf(title, sizeof(title), "%s: peak %s and place", pr->name,
		 pr->by_mbps ? "MB/s" : "IOPS");
	fr_svg_bars(f, title, pr->by_mbps ? "MB/s" : "IOPS", b, pr->n);
out:
	free(s);
	free(b);
	free(xy);
	free(notes);
}

static void wp_section(FILE *f, const struct fr_ranking *r)
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
		off = 0;
		for (size_t d = 0; d < r->nwp; d++) {
			s[d].y = vals + (size_t)(m + 1) * npts + off;
			off += r->wp[d].n;
		}
		fr_svg_lines(f,
			     m ? "read 99th percentile latency under background writes"
			       : "read mean latency under background writes",
			     "background write MB/s", "µs", s, r->nwp);
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
out:
	free(s);
	free(vals);
}

/* Which drive and which run: fields down, one column per measured drive; a
 * steady state not reached is marked. */
static void provenance(FILE *f, const struct fr_report *rep)
{
	const struct fr_prov *p = rep->prov;
	struct fr_prov_field fl[32];
	size_t n;

	if (!p || !p->ndrives)
		return;
	fputs("<h2>Drives and runs</h2>\n<table class=\"provenance\"><tr><th></th>", f);
	for (size_t d = 0; d < p->ndrives; d++) {
		fputs("<th class=\"l\">", f);
		fr_html_escape(f, p->drives[d].drive->label);
		fputs("</th>", f);
	}
	fputs("</tr>\n", f);
	n = fr_prov_fields(&p->drives[0], fl, 32);
	for (size_t k = 0; k < n; k++) {
		fprintf(f, "<tr><th class=\"l\">%s</th>", fl[k].name);
		for (size_t d = 0; d < p->ndrives; d++) {
			struct fr_prov_field v[32];
			bool warn = !strcmp(fl[k].name, "steady_state") &&
				    p->drives[d].steady_not_reached;

			fr_prov_fields(&p->drives[d], v, 32);
			fputs(warn ? "<td class=\"l warn\">" : "<td class=\"l\">", f);
			fr_html_escape(f, v[k].value);
			fputs("</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
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

static void nn_section(FILE *f, const struct fr_ranking *r)
{
	static const char *const metrics[] = {"mean", "p99", "p99.9", "p99.99"};

	fputs("<h2>Noisy neighbor: read latency per namespace</h2>\n", f);
	for (size_t n = 0; n < r->nnn; n++) {
		const struct fr_nn_ns *ns = &r->nn[n];
		const char **names = calloc(ns->n + 1, sizeof(*names));
		double *v = calloc(4 * ns->n + 1, sizeof(*v));
		char nsname[16], title[64];

		if (!names || !v) {
			free(names);
			free(v);
			return;
		}
		fr_ns_name(nsname, sizeof(nsname), ns->nsid);
		for (size_t i = 0; i < ns->n; i++) {
			names[i] = ns->e[i].drive->label;
			v[0 * ns->n + i] = fr_us(ns->e[i].lat.mean);
			v[1 * ns->n + i] = fr_us(ns->e[i].lat.p99);
			v[2 * ns->n + i] = fr_us(ns->e[i].lat.p999);
			v[3 * ns->n + i] = fr_us(ns->e[i].lat.p9999);
		}
		snprintf(title, sizeof(title), "%s: read latency percentiles", nsname);
		fr_svg_groups(f, title, "µs", metrics, 4, names, ns->n, v);
		fputs("<table><tr><th>place</th><th class=\"l\">drive</th><th>mean µs</th>"
		      "<th>p99 µs</th><th>p99.9 µs</th><th>p99.99 µs</th></tr>\n",
		      f);
		for (size_t i = 0; i < ns->n; i++) {
			char pl[16];

			fprintf(f, "<tr><td>%s</td>",
				fr_place_text(pl, sizeof(pl), ns->e[i].place));
			cell(f, ns->e[i].drive->label, true);
			cellnum(f, fr_us(ns->e[i].lat.mean), 1);
			cellnum(f, fr_us(ns->e[i].lat.p99), 1);
			cellnum(f, fr_us(ns->e[i].lat.p999), 1);
			cellnum(f, fr_us(ns->e[i].lat.p9999), 1);
			fputs("</tr>\n", f);
			if (*ns->e[i].note) { /* why it is not placed */
				fputs("<tr><td></td>", f);
				cell(f, ns->e[i].note, true);
				fputs("<td colspan=\"4\"></td></tr>\n", f);
			}
		}
		if (ns->n > 1 && ns->e[1].place) {
			fputs("<tr><td></td><td class=\"l\">gap 2nd-1st</td>", f);
			cellnum(f, fr_us(ns->gap.mean), 1);
			cellnum(f, fr_us(ns->gap.p99), 1);
			cellnum(f, fr_us(ns->gap.p999), 1);
			cellnum(f, fr_us(ns->gap.p9999), 1);
			fputs("</tr>\n", f);
		}
		fputs("</table>\n", f);
		free(names);
		free(v);
	}
}

static void tail(FILE *f, const struct fr_report *rep)
{
	const struct fr_ranking *r = rep->r;
	const struct fr_model *m = rep->m;

	if (r->nprofiles) {
		fputs("<h2>Summary: profiles won</h2>\n<table><tr><th class=\"l\">drive</th>"
		      "<th>wins</th><th>profiles</th></tr>\n",
		      f);
		for (size_t i = 0; i < r->nwins; i++) {
			if (!r->wins[i].profiles)
				continue;
			fputs("<tr>", f);
			cell(f, r->wins[i].drive->label, true);
			fprintf(f, "<td>%u</td><td>%u</td></tr>\n", r->wins[i].wins,
				r->wins[i].profiles);
		}
		fputs("</table>\n", f);
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
			cell(f, r->wins[i].drive->label, true);
			cell(f, places, true);
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

static int render_html(FILE *f, const void *arg)
{
	const struct fr_report *rep = arg;
	const struct fr_ranking *r = rep->r;

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
	provenance(f, rep);
	for (size_t p = 0; p < r->nprofiles; p++) {
		fputs("<section class=\"profile\"><h2>", f);
		fr_html_escape(f, r->profiles[p].name);
		fprintf(f, " (ranked by peak %s)</h2>\n", r->profiles[p].by_mbps ? "MB/s" : "IOPS");
		profile_table(f, &r->profiles[p]);
		profile_charts(f, &r->profiles[p], r->basis);
		fputs("</section>\n", f);
	}
	if (r->nwp)
		wp_section(f, r);
	statements(f, rep);
	if (r->nnn)
		nn_section(f, r);
	tail(f, rep);
	fr_baseline_html(f, rep->baseline);
	fputs("</body></html>\n", f);
	return ferror(f) ? -1 : 0;
}

/* Control characters but newline, and bytes that are not UTF-8, as "\xNN"
 * (escape.h), like the text and md reports. */
int fr_out_html(FILE *f, const struct fr_report *rep)
{
	return fr_render_escaped(f, render_html, rep, FR_ESC_CONTROLS_NL);
}
