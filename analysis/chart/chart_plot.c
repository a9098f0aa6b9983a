// SPDX-License-Identifier: GPL-2.0-only
/*
 * A line plot on the chart axes and legend (plot.h): y linear from 0 or
 * in decades (chart_axis.c), x a number line from 0, powers of two, named
 * steps or the categories of PTS's 3D bars; the legend below the plot
 * (chart_legend.c).  Marks are clipped to the plot area: a guide line that
 * runs past it (a steep slope) is cut at its edge, not drawn over the axes.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart/chart.h"
#include "chart/plot.h"
#include "util/escape.h"

#define MAX_MARKS 80 /* lines with more points are drawn without markers */
#define LABEL_GAP 44 /* px between two x tick labels at least */
#define DX	  18 /* the 3D bars: each row set back and up by this */
#define DY	  12

/* A unique id per plot for its clip path (a page holds many). */
static unsigned plot_id;

/* The values of every line (x or y) where the line has a y. */
static size_t values(const struct fr_plot *p, bool of_y, double **out)
{
	size_t total = 0, k = 0;

	for (size_t i = 0; i < p->n; i++)
		total += p->lines[i].n;
	*out = calloc(total + 1, sizeof(**out));
	for (size_t i = 0; *out && i < p->n; i++)
		for (size_t j = 0; j < p->lines[i].n; j++)
			if (!isnan(p->lines[i].y[j]))
				(*out)[k++] = of_y ? p->lines[i].y[j] : p->lines[i].x[j];
	return *out ? k : 0;
}

/* Whether a number line's x are steps (rounds, bursts): whole numbers
 * from 1 up to MAX_STEPS, each a tick of its own rather than the axis's
 * 0.5 steps. */
#define MAX_STEPS 30
static bool steps(const struct fr_plot *p)
{
	bool any = false;

	for (size_t i = 0; i < p->n; i++)
		for (size_t k = 0; k < p->lines[i].n; k++) {
			double x = p->lines[i].x[k];

			if (x != floor(x) || x < 1 || x > MAX_STEPS)
				return false;
			any = true;
		}
	return any;
}

/* The x axis: a number line from 0, steps 1..n, or a span of positions (log2 of x,
 * or the steps 1..n) with half a step of room at each end. */
static void fit_x(struct ch_axis *ax, const struct fr_plot *p)
{
	double *v, lo = INFINITY, hi = -INFINITY;
	size_t n = values(p, false, &v);

	if (p->x_kind == FR_PLOT_X_LINEAR && !steps(p)) {
		ch_axis_fit_scale(ax, v, n, false);
	} else {
		for (size_t i = 0; i < n; i++) {
			double x =
				p->x_kind == FR_PLOT_X_LOG2 ? (v[i] > 0 ? log2(v[i]) : NAN) : v[i];

			lo = x < lo ? x : lo;
			hi = x > hi ? x : hi;
		}
		if (p->x_kind == FR_PLOT_X_NAMED && p->nx_names) {
			lo = 1;
			hi = (double)p->nx_names;
		}
		if (!isfinite(lo))
			lo = hi = 0;
		ax->log = false;
		ax->lo = lo - 0.5;
		ax->hi = hi + 0.5;
	}
	free(v);
	ch_axis_place(ax, CH_LEFT, CH_PLOT_W);
}

/* A point's x on the axis (log2 kind: its power of two). */
static double px_of(const struct ch_axis *ax, const struct fr_plot *p, double x)
{
	if (p->x_kind == FR_PLOT_X_LOG2)
		return x > 0 ? ch_axis_pos(ax, log2(x)) : NAN;
	return ch_axis_pos(ax, x);
}

/* A number short enough for a tick: 46k, 1.2M, 16.4k, 0.25. */
static void short_num(char *buf, size_t len, double v)
{
	double a = fabs(v);

	if (a >= 1e6)
		snprintf(buf, len, "%.3gM", v / 1e6);
	else if (a >= 1e4)
		snprintf(buf, len, "%.3gk", v / 1e3);
	else
		snprintf(buf, len, "%.4g", v);
}

/* Tick labels at the given x (positions on the axis), each name or number,
 * a label only where it has room after the one before. */
static void named_ticks(FILE *f, const struct ch_axis *ax, const struct fr_plot *p)
{
	const struct fr_plot_line *first = p->n ? &p->lines[0] : NULL;
	bool numbered = p->x_kind == FR_PLOT_X_LINEAR; /* steps: 1, 2, ... */
	size_t n = p->x_kind == FR_PLOT_X_NAMED ? p->nx_names
		   : numbered			? (size_t)floor(ax->hi)
		   : first			? first->n
						: 0;
	double last = -1e9, half = 0, gap;
	char text[128];
	int y = CH_TOP + CH_PLOT_H;

	fprintf(f, "<g class=\"axes x\" data-scale=\"%s\">",
		p->x_kind == FR_PLOT_X_LOG2 ? "log2"
		: numbered		    ? "linear"
					    : "named");
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>", CH_LEFT, y,
		CH_LEFT + CH_PLOT_W, y);
	for (size_t i = 0; i < n; i++) {
		double x = p->x_kind == FR_PLOT_X_LOG2 ? px_of(ax, p, first->x[i])
						       : ch_axis_pos(ax, (double)(i + 1));

		if (p->x_kind == FR_PLOT_X_NAMED)
			snprintf(text, sizeof(text), "%s", p->x_names[i]);
		else
			short_num(text, sizeof(text), numbered ? (double)(i + 1) : first->x[i]);
		/* room for this label and half the one before (7 px a character) */
		gap = 7.0 * (double)strlen(text) / 2 + half;
		if (isnan(x) || x < CH_LEFT || x - last < (gap > LABEL_GAP ? gap : LABEL_GAP))
			continue;
		fprintf(f, "<text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">", x,
			y + 16);
		fr_html_escape(f, text);
		fputs("</text>", f);
		half = 7.0 * (double)strlen(text) / 2;
		last = x;
	}
	fprintf(f, "<text class=\"label\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">",
		CH_LEFT + CH_PLOT_W / 2, y + 38);
	fr_html_escape(f, p->xlabel);
	if (p->x_kind == FR_PLOT_X_LOG2)
		fputs(" (log scale)", f);
	fputs("</text></g>\n", f);
}

static void band(FILE *f, const struct ch_axis *ax, const struct fr_plot *p)
{
	double x0 = px_of(ax, p, p->band_lo), x1 = px_of(ax, p, p->band_hi);

	if (!p->band || isnan(x0) || isnan(x1))
		return;
	fprintf(f, "<rect class=\"band\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\"><title>",
		x0, CH_TOP, x1 - x0, CH_PLOT_H);
	fr_html_escape(f, p->band_name);
	fprintf(f, ": x %g to %g</title></rect>\n", p->band_lo, p->band_hi);
}

static void line(FILE *f, const struct fr_plot_line *l, size_t i, const struct ch_axis *ax,
		 const struct ch_axis *ay, const struct fr_plot *p)
{
	const char *cmd = "M";
	char col[40];

	ch_color(col, sizeof(col), i);
	fprintf(f, "<path class=\"%s\" fill=\"none\" stroke=\"%s\" d=\"",
		l->guide ? "guide" : "series", col);
	for (size_t k = 0; k < l->n; k++) {
		double x = px_of(ax, p, l->x[k]), y = ch_axis_pos(ay, l->y[k]);

		if (isnan(x) || isnan(y))
			continue;
		fprintf(f, "%s%.1f %.1f ", cmd, x, y);
		cmd = "L";
	}
	fputs("\"/>\n", f);
	for (size_t k = 0; !l->guide && l->n <= MAX_MARKS && k < l->n; k++) {
		double x = px_of(ax, p, l->x[k]), y = ch_axis_pos(ay, l->y[k]);

		if (isnan(x) || isnan(y))
			continue;
		fprintf(f,
			"<circle class=\"point\" cx=\"%.1f\" cy=\"%.1f\" r=\"3\" "
			"fill=\"%s\"><title>",
			x, y, col);
		fr_html_escape(f, l->name);
		fprintf(f, ": x=%.6g y=%.6g</title></circle>", l->x[k], l->y[k]);
	}
	fputc('\n', f);
}

/* PTS's 3D bar plot: the first line's x as categories along the front,
 * each line a row of bars set back and up by its depth, the back row
 * drawn first so the front covers it; ay is placed for the front row. */
static void bars3d(FILE *f, const struct fr_plot *p, const struct ch_axis *ay)
{
	size_t ns = p->n, nc = ns ? p->lines[0].n : 0;
	double depth_x = (double)DX * (double)(ns ? ns - 1 : 0);
	double slot = nc ? (CH_PLOT_W - depth_x - 40) / (double)nc : 0, bw = slot * 0.4;
	int base = CH_TOP + CH_PLOT_H;

	fprintf(f,
		"<g class=\"axes x\" data-scale=\"named\"><line x1=\"%d\" y1=\"%d\" x2=\"%d\" "
		"y2=\"%d\"/>",
		CH_LEFT, base, CH_LEFT + CH_PLOT_W, base);
	for (size_t k = 0; k < nc; k++) {
		fprintf(f, "<text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">",
			CH_LEFT + slot * ((double)k + 0.5), base + 16);
		ch_tick_text(f, p->lines[0].x[k]);
		fputs("</text>", f);
	}
	fprintf(f, "<text class=\"label\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">",
		CH_LEFT + CH_PLOT_W / 2, base + 38);
	fr_html_escape(f, p->xlabel);
	fputs("</text></g>\n", f);
	for (size_t i = ns; i-- > 0;) {
		const struct fr_plot_line *row = &p->lines[i];
		double ox = DX * (double)i, oy = DY * (double)i;
		char col[40];

		ch_color(col, sizeof(col), i);
		fprintf(f,
			"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#999\"/>",
			CH_LEFT + ox, base - oy, CH_LEFT + slot * (double)nc + ox, base - oy);
		for (size_t k = 0; k < nc && k < row->n; k++) {
			double top = ch_axis_pos(ay, row->y[k]);

			if (isnan(top))
				continue;
			fprintf(f,
				"<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
				"height=\"%.1f\" "
				"fill=\"%s\" stroke=\"#333\" stroke-width=\"0.5\"><title>",
				CH_LEFT + slot * (double)k + (slot - bw) / 2 + ox, top - oy, bw,
				base - top, col);
			fr_html_escape(f, row->name);
			fprintf(f, ": x=%.6g y=%.6g</title></rect>", row->x[k], row->y[k]);
		}
		fputc('\n', f);
	}
}

void fr_svg_plot(FILE *f, const struct fr_plot *p)
{
	struct ch_axis ax, ay;
	struct ch_key *keys = calloc(p->n + 1, sizeof(*keys));
	int legend_y = CH_TOP + CH_PLOT_H + CH_BOTTOM, height;
	bool bars = p->x_kind == FR_PLOT_X_BARS3D;
	double *ys;
	size_t ny = values(p, true, &ys);
	unsigned id = ++plot_id;

	if (!keys) {
		free(ys);
		return;
	}
	for (size_t i = 0; i < p->n; i++)
		keys[i] = (struct ch_key){p->lines[i].name, i, false};
	height = legend_y + ch_legend_height(keys, p->n);
	ch_axis_fit_scale(&ay, ys, ny, p->y_log);
	free(ys);
	/* the bars' rows go back and up: the front row's scale leaves room */
	ch_axis_place(&ay, CH_TOP + CH_PLOT_H,
		      -(CH_PLOT_H - (bars && p->n > 1 ? DY * (double)(p->n - 1) : 0)));
	fit_x(&ax, p);
	fprintf(f,
		"<svg class=\"chart plot\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		"height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" data-yscale=\"%s\">\n<title>",
		CH_W, height, CH_W, height, ch_scale_name(&ay));
	fr_html_escape(f, p->title);
	fprintf(f,
		"</title>\n<defs><clipPath id=\"plot%u\"><rect x=\"%d\" y=\"%d\" width=\"%d\" "
		"height=\"%d\"/></clipPath></defs>\n",
		id, CH_LEFT, CH_TOP - 4, CH_PLOT_W + 4, CH_PLOT_H + 8);
	ch_axis_draw_y(f, &ay, p->ylabel);
	if (bars) {
		bars3d(f, p, &ay);
	} else {
		if (p->x_kind == FR_PLOT_X_LINEAR && !steps(p))
			ch_axis_draw_x(f, &ax, p->xlabel, CH_TOP + CH_PLOT_H);
		else
			named_ticks(f, &ax, p);
		fprintf(f, "<g clip-path=\"url(#plot%u)\">\n", id);
		band(f, &ax, p);
		for (size_t i = 0; i < p->n; i++)
			line(f, &p->lines[i], i, &ax, &ay, p);
		fputs("</g>\n", f);
	}
	ch_legend_draw(f, keys, p->n, legend_y);
	fputs("</svg>\n", f);
	free(keys);
}
