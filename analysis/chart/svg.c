// SPDX-License-Identifier: GPL-2.0-only
/*
 * Inline SVG charts for the HTML report: no scripts, no external resources.
 * Every text that came from input goes through fr_html_escape().  Axes
 * (linear or log) are in chart_axis.c, colours and legends in
 * chart_legend.c.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart/chart.h"
#include "util/escape.h"
#include "chart/svg.h"

/* Linear lookup: a report draws a few dozen drives at most per chart. */
size_t fr_palette_index(struct fr_palette *p, const char *label)
{
	const char *l = label ? label : "";
	char *dup;

	for (size_t i = 0; i < p->n; i++)
		if (!strcmp(p->labels[i], l))
			return i;
	if (p->n == p->cap) {
		size_t cap = p->cap ? 2 * p->cap : 16;
		char **t = realloc(p->labels, cap * sizeof(*t));

		if (!t)
			return p->n; /* a colour still, not remembered */
		p->labels = t;
		p->cap = cap;
	}
	dup = strdup(l);
	if (!dup)
		return p->n;
	p->labels[p->n] = dup;
	return p->n++;
}

void fr_palette_free(struct fr_palette *p)
{
	for (size_t i = 0; i < p->n; i++)
		free(p->labels[i]);
	free(p->labels);
	memset(p, 0, sizeof(*p));
}

static void open_svg(FILE *f, const char *title, const char *cls, int height,
		     const struct ch_axis *x, const struct ch_axis *y)
{
	fprintf(f,
		"<svg class=\"%s\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		"height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\"",
		cls, CH_W, height, CH_W, height);
	if (x)
		fprintf(f, " data-xscale=\"%s\"", ch_scale_name(x));
	if (y)
		fprintf(f, " data-yscale=\"%s\"", ch_scale_name(y));
	fputs(">\n<title>", f);
	fr_html_escape(f, title);
	fprintf(f, "</title>\n<text x=\"%d\" y=\"20\" class=\"t\">", 12);
	fr_html_escape(f, title);
	fputs("</text>\n", f);
}

static void fit_series(struct ch_axis *ax, struct ch_axis *ay, const struct fr_series *s, size_t n,
		       const struct fr_scales *sc)
{
	size_t total = 0, k = 0;
	double *xs, *ys;

	for (size_t i = 0; i < n; i++)
		total += s[i].n;
	xs = calloc(total + 1, sizeof(*xs));
	ys = calloc(total + 1, sizeof(*ys));
	for (size_t i = 0; xs && ys && i < n; i++)
		for (size_t j = 0; j < s[i].n; j++, k++) {
			xs[k] = s[i].x[j];
			ys[k] = s[i].y[j];
		}
	if (sc) {
		ch_axis_fit_scale(ax, xs ? xs : ys, xs && ys ? total : 0, sc->xlog);
		ch_axis_fit_scale(ay, ys ? ys : xs, xs && ys ? total : 0, sc->ylog);
	} else {
		ch_axis_fit(ax, xs ? xs : ys, xs && ys ? total : 0, true);
		ch_axis_fit(ay, ys ? ys : xs, xs && ys ? total : 0, true);
	}
	free(xs);
	free(ys);
	ch_axis_place(ax, CH_LEFT, CH_PLOT_W);
	ch_axis_place(ay, CH_TOP + CH_PLOT_H, -CH_PLOT_H);
}

/* Step labels placed so far in one chart: their boxes (x0, y0, x1, y1). */
struct label_boxes {
	double (*b)[4];
	size_t n, cap;
};

/* text.step is 9 px: at most ~6 px a character wide, 8 px above the
 * baseline and 2 below (an over-estimate, so that boxes that do not meet
 * here do not meet as a browser draws them either) */
#define STEP_CHAR_PX 6.0
#define STEP_ASCENT  8.0
#define STEP_DESCENT 2.0

/* Room for one more box. */
static bool grow(struct label_boxes *lb)
{
	if (lb->n == lb->cap) {
		size_t cap = lb->cap ? 2 * lb->cap : 32;
		double(*t)[4] = realloc(lb->b, cap * sizeof(*t));

		if (!t)
			return false;
		lb->b = t;
		lb->cap = cap;
	}
	return true;
}

static bool meets_any(const struct label_boxes *lb, const double *b)
{
	for (size_t i = 0; i < lb->n; i++)
		if (b[0] < lb->b[i][2] && lb->b[i][0] < b[2] && b[1] < lb->b[i][3] &&
		    lb->b[i][1] < b[3])
			return true;
	return false;
}

/* A point's marker radius with a pixel to spare (circles of r 3, published 5). */
static double marker_r(bool published)
{
	return published ? 6 : 4;
}

/* Where the step label of the point at x, y (marker radius r) goes: the
 * first of four spots just off the marker (up right, down right, up left,
 * down left) whose box meets no marker and no label placed before; false
 * when none is free (the label is then left out: the point's <title>
 * still names its step). */
static bool place_label(struct label_boxes *lb, const char *text, double x, double y, double r,
			double *tx, double *ty)
{
	const double dx[4] = {r, r, -r, -r};
	const double dy[4] = {-r - STEP_DESCENT, r + STEP_ASCENT, -r - STEP_DESCENT,
			      r + STEP_ASCENT};
	double w = STEP_CHAR_PX * (double)strlen(text);

	if (!grow(lb))
		return false;
	for (int k = 0; k < 4; k++) {
		double x0 = dx[k] > 0 ? x + dx[k] : x + dx[k] - w, y0 = y + dy[k];
		double b[4] = {x0, y0 - STEP_ASCENT, x0 + w, y0 + STEP_DESCENT};

		if (x0 < 0 || b[2] > CH_W || b[1] < CH_TOP - 10 || meets_any(lb, b))
			continue;
		memcpy(lb->b[lb->n++], b, sizeof(b));
		*tx = x0;
		*ty = y0;
		return true;
	}
	return false;
}

/* Every point's marker as a box no label may cover. */
static void mark_points(struct label_boxes *lb, const struct fr_series *s, size_t n,
			const struct ch_axis *ax, const struct ch_axis *ay)
{
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < s[i].n; k++) {
			double x = ch_axis_pos(ax, s[i].x[k]), y = ch_axis_pos(ay, s[i].y[k]);
			double r = marker_r(s[i].markers_only);

			if (isnan(x) || isnan(y) || !grow(lb))
				continue;
			memcpy(lb->b[lb->n++], (double[4]){x - r, y - r, x + r, y + r},
			       sizeof(lb->b[0]));
		}
}

static void draw_series(FILE *f, const struct fr_series *s, const struct ch_axis *ax,
			const struct ch_axis *ay, struct label_boxes *lb)
{
	const char *cmd = "M";
	char col[40];

	ch_color(col, sizeof(col), s->color);
	if (!s->markers_only) {
		fprintf(f, "<path class=\"series\" fill=\"none\" stroke=\"%s\" d=\"", col);
		for (size_t k = 0; k < s->n; k++) {
			double x = ch_axis_pos(ax, s->x[k]), y = ch_axis_pos(ay, s->y[k]);

			if (isnan(x) || isnan(y))
				continue;
			fprintf(f, "%s%.1f %.1f ", cmd, x, y);
			cmd = "L";
		}
		fputs("\"/>\n", f);
	}
	for (size_t k = 0; k < s->n; k++) {
		double x = ch_axis_pos(ax, s->x[k]), y = ch_axis_pos(ay, s->y[k]), tx, ty;

		if (isnan(x) || isnan(y))
			continue;
		fprintf(f, "<circle class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"%s\" fill=\"%s\">",
			s->markers_only ? "published" : "point", x, y, s->markers_only ? "5" : "3",
			col);
		/* the figures themselves, for a reader hovering and for the tests */
		fputs("<title>", f);
		fr_html_escape(f, s->name);
		if (s->point_labels && s->point_labels[k]) {
			fputs(" @ ", f);
			fr_html_escape(f, s->point_labels[k]);
		}
		fprintf(f, ": x=%.6g y=%.6g</title></circle>", s->x[k], s->y[k]);
		if (s->point_labels && s->point_labels[k] &&
		    place_label(lb, s->point_labels[k], x, y, marker_r(s->markers_only), &tx,
				&ty)) {
			fprintf(f, "<text class=\"step\" x=\"%.1f\" y=\"%.1f\">", tx, ty);
			fr_html_escape(f, s->point_labels[k]);
			fputs("</text>", f);
		}
		fputc('\n', f);
	}
}

static void lines(FILE *f, const char *title, const char *xlabel, const char *ylabel,
		  const struct fr_series *s, size_t n, const struct fr_scales *sc)
{
	struct ch_axis ax, ay;
	struct ch_key *keys = calloc(n + 1, sizeof(*keys));
	struct label_boxes lb = {0};
	int legend_y = CH_TOP + CH_PLOT_H + CH_BOTTOM, lh;

	if (!keys)
		return;
	for (size_t i = 0; i < n; i++)
		keys[i] = (struct ch_key){s[i].name, s[i].color, s[i].markers_only};
	lh = ch_legend_height(keys, n);
	fit_series(&ax, &ay, s, n, sc);
	open_svg(f, title, "chart lines", legend_y + lh, &ax, &ay);
	ch_axis_draw_y(f, &ay, ylabel);
	ch_axis_draw_x(f, &ax, xlabel, CH_TOP + CH_PLOT_H);
	mark_points(&lb, s, n, &ax, &ay);
	for (size_t i = 0; i < n; i++)
		draw_series(f, &s[i], &ax, &ay, &lb);
	ch_legend_draw(f, keys, n, legend_y);
	fputs("</svg>\n", f);
	free(keys);
	free(lb.b);
}

#define BAR_H 16

void fr_svg_bars(FILE *f, const char *title, const char *unit, const struct fr_bar *b, size_t n)
{
	struct ch_axis ax;
	double *v = calloc(n + 1, sizeof(*v));
	size_t chars = ch_chars_in(CH_W - 24);
	int height = CH_TOP + 44, y = CH_TOP + 4;

	if (!v)
		return;
	for (size_t i = 0; i < n; i++) {
		v[i] = b[i].value;
		height += (int)ch_text_lines(b[i].label, chars) * CH_LINE_H + BAR_H + 6;
	}
	/* linear from 0, whatever the span: a bar's length is its figure
	 * (on a log scale 8,848 beside 833,750 looked like 1:3, not 1:94) */
	ch_axis_fit(&ax, v, n, false);
	/* room after the longest bar for its value and note */
	ch_axis_place(&ax, 12, CH_W - 12 - 150);
	open_svg(f, title, "chart bars", height, &ax, NULL);
	for (size_t i = 0; i < n; i++) {
		double x1 = ch_axis_pos(&ax, b[i].value), w = isnan(x1) ? 0 : x1 - 12;
		char col[40];

		ch_color(col, sizeof(col), b[i].color);
		ch_text_wrapped(f, "name", 12, y + 11, b[i].label, chars);
		y += (int)ch_text_lines(b[i].label, chars) * CH_LINE_H;
		fprintf(f,
			"<rect class=\"bar\" x=\"12\" y=\"%d\" width=\"%.1f\" height=\"%d\" "
			"fill=\"%s\"/>",
			y, w, BAR_H, col);
		fprintf(f, "<text class=\"value\" x=\"%.1f\" y=\"%d\">", 16 + w, y + BAR_H - 4);
		if (isfinite(b[i].value))
			fprintf(f, "%.*f ", b[i].value >= 100 ? 0 : 1, b[i].value);
		else
			fputs("- ", f);
		fr_html_escape(f, b[i].note);
		fputs("</text>\n", f);
		y += BAR_H + 6;
	}
	fprintf(f, "<text class=\"label\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">", CH_W / 2,
		height - 10);
	fr_html_escape(f, unit);
	fputs("</text>\n</svg>\n", f);
	free(v);
}

void fr_svg_groups(FILE *f, const char *title, const char *unit, const char *const *groups,
		   size_t ngroups, const char *const *series, const size_t *colors, size_t nseries,
		   const double *values)
{
	double gw = ngroups ? (double)CH_PLOT_W / (double)ngroups : 0;
	double bw = nseries ? (gw - 12) / (double)nseries : 0;
	struct ch_key *keys = calloc(nseries + 1, sizeof(*keys));
	int legend_y = CH_TOP + CH_PLOT_H + 28, lh;
	struct ch_axis ay;

	if (!keys)
		return;
	for (size_t s = 0; s < nseries; s++)
		keys[s] = (struct ch_key){series[s], colors[s], false};
	lh = ch_legend_height(keys, nseries);
	/* linear from 0: a bar's height is its figure, so a 30x gap reads as
	 * 30x (a log axis drew it as 2.6x); each bar says its figure */
	ch_axis_fit(&ay, values, ngroups * nseries, false);
	ch_axis_place(&ay, CH_TOP + CH_PLOT_H, -CH_PLOT_H);
	open_svg(f, title, "chart groups", legend_y + lh, NULL, &ay);
	ch_axis_draw_y(f, &ay, unit);
	fprintf(f, "<line class=\"base\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#444\"/>",
		CH_LEFT, CH_TOP + CH_PLOT_H, CH_LEFT + CH_PLOT_W, CH_TOP + CH_PLOT_H);
	for (size_t g = 0; g < ngroups; g++) {
		fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">",
			CH_LEFT + gw * ((double)g + 0.5), CH_TOP + CH_PLOT_H + 16);
		fr_html_escape(f, groups[g]);
		fputs("</text>\n", f);
		for (size_t s = 0; s < nseries; s++) {
			double v = values[g * nseries + s], top = ch_axis_pos(&ay, v);
			char col[40];

			if (isnan(top))
				continue;
			ch_color(col, sizeof(col), colors[s]);
			fprintf(f,
				"<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
				"height=\"%.1f\" fill=\"%s\"><title>",
				CH_LEFT + gw * (double)g + 6 + bw * (double)s, top, bw - 2,
				CH_TOP + CH_PLOT_H - top, col);
			fr_html_escape(f, series[s]);
			fprintf(f, ": %.1f</title></rect>\n", v);
			if (bw >= 24)
				fprintf(f,
					"<text class=\"step\" x=\"%.1f\" y=\"%.1f\" "
					"text-anchor=\"middle\">%.*f</text>\n",
					CH_LEFT + gw * (double)g + 6 + bw * ((double)s + 0.5) - 1,
					top - 3, v >= 100 ? 0 : 1, v);
		}
	}
	ch_legend_draw(f, keys, nseries, legend_y);
	fputs("</svg>\n", f);
	free(keys);
}

void fr_svg_lines(FILE *f, const char *title, const char *xlabel, const char *ylabel,
		  const struct fr_series *s, size_t n)
{
	lines(f, title, xlabel, ylabel, s, n, NULL);
}

void fr_svg_lines_scaled(FILE *f, const char *title, const char *xlabel, const char *ylabel,
			 const struct fr_series *s, size_t n, const struct fr_scales *sc)
{
	lines(f, title, xlabel, ylabel, s, n, sc);
}
