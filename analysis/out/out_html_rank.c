// SPDX-License-Identifier: GPL-2.0-only
/*
 * The HTML report's ranking (out_html_chart.h): each profile's table, its
 * notes and charts (curves, peak bars, distributions), and the
 * write-pressure curves.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/escape.h"
#include "report/report.h"
#include "out/out.h"
#include "out/out_cell.h"
#include "out/out_html_health.h"
#include "out/out_ops.h"
#include "out/out_html_chart.h"
#include "chart/svg.h"

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

int fr_html_profiles(struct fr_out *o)
{
	const struct fr_report *rep = o->rep;
	const struct fr_ranking *r = rep->r;
	struct fr_palette *pal = &((struct fr_html_fmt *)o->fmt)->pal;
	FILE *f = o->f;
	char folded[160];

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
	return 0;
}

int fr_html_write_pressure(struct fr_out *o)
{
	const struct fr_report *rep = o->rep;

	if (rep->r->nwp)
		wp_section(o->f, rep->r, &rep->sect->wp, &((struct fr_html_fmt *)o->fmt)->pal);
	return 0;
}
