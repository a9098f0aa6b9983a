// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PTS pages' charts as inline SVG (pts_html.c): a chart of the report
 * model (report/pts_report.h) with its rendering hints: x_scale "log2" (ticks at the points' x),
 * x_labels (a name per x = 1, 2, ...), y_scale "log10", kind "bars3d".  Axes carry rounded ticks
 * with grid lines, every point is marked (a series of one point is still seen), and the legend is
 * beside the plot, never over it.
 */
#include <math.h>
#include <string.h>

#include "util/escape.h"
#include "out/pts_out.h"
#include "chart/svg.h"

#define W	  760 /* the SVG, at least: wider when a legend name needs it */
#define H	  320
#define LEFT	  70 /* the plot area inside it */
#define RIGHT	  600
#define TOP	  12
#define BOTTOM	  270
#define MAX_MARKS 80 /* series with more points are drawn as lines only */

static const char *const colours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
				      "#ff7f0e", "#8c564b", "#17becf", "#7f7f7f"};
#define NCOL (sizeof(colours) / sizeof(*colours))

struct axis {
	double lo, hi;
	bool log; /* log2 for x, log10 for y */
	int base;
	double top; /* y: the pixel row of hi (below TOP for the bars' depth) */
};

/* A number short enough for a tick: 46k, 1.2M, 0.25. */
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

static double pos(const struct axis *a, double v, double from, double to)
{
	double lo = a->lo, hi = a->hi;

	if (a->log) {
		v = log(v) / log(a->base);
		lo = log(lo) / log(a->base);
		hi = log(hi) / log(a->base);
	}
	return from + (v - lo) / (hi - lo) * (to - from);
}

/* The range of every line's x (or y) over the points with a y (log: > 0). */
static void range(const struct fr_pts_chart *c, bool of_y, struct axis *a)
{
	size_t i, k;

	a->lo = INFINITY;
	a->hi = -INFINITY;
	for (i = 0; i < c->nlines; i++) {
		const struct fr_pts_line *s = c->lines[i];

		for (k = 0; k < s->n; k++) {
			double d = of_y ? s->y[k] : s->x[k];

			if (isnan(s->y[k]) || (a->log && d <= 0))
				continue;
			a->lo = d < a->lo ? d : a->lo;
			a->hi = d > a->hi ? d : a->hi;
		}
	}
	if (!isfinite(a->lo)) {
		a->lo = a->log ? 1 : 0;
		a->hi = a->lo + 1;
	}
	if (!(a->hi > a->lo))
		a->hi = a->log ? a->lo * 2 : a->lo + 1;
}

/* A tick step of 1, 2 or 5 x 10^k giving about five ticks. */
static double nice_step(double span)
{
	double raw = span / 5, mag = pow(10, floor(log10(raw))), f = raw / mag;

	return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * mag;
}

static void tick_label(FILE *f, double x, double y, const char *anchor, double v)
{
	char buf[32];

	short_num(buf, sizeof(buf), v);
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"%s\">%s</text>", x,
		y, anchor, buf);
}

static void y_axis(FILE *f, struct axis *y)
{
	double v, step;

	if (y->log) {
		y->lo = pow(10, floor(log10(y->lo)));
		y->hi = pow(10, ceil(log10(y->hi)));
		if (!(y->hi > y->lo))
			y->hi = y->lo * 10;
		for (v = y->lo; v <= y->hi * 1.0001; v *= 10) {
			double py = pos(y, v, BOTTOM, y->top);

			fprintf(f,
				"<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
				"stroke=\"#ddd\"/>",
				LEFT, py, RIGHT, py);
			tick_label(f, LEFT - 4, py + 4, "end", v);
		}
		return;
	}
	if (y->lo > 0)
		y->lo = 0;
	step = nice_step(y->hi - y->lo);
	y->hi = ceil(y->hi / step) * step;
	for (v = y->lo; v <= y->hi + step / 1000; v += step) {
		double py = pos(y, v, BOTTOM, y->top);

		fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>",
			LEFT, py, RIGHT, py);
		tick_label(f, LEFT - 4, py + 4, "end", v);
	}
}

/* true when every x of every line is a whole number */
static bool whole_xs(const struct fr_pts_chart *c)
{
	for (size_t i = 0; i < c->nlines; i++)
		for (size_t k = 0; k < c->lines[i]->n; k++)
			if (c->lines[i]->x[k] != floor(c->lines[i]->x[k]))
				return false;
	return true;
}

/* x ticks: the named steps, each point's x on a log2 axis, else rounded. */
static void x_axis(FILE *f, const struct fr_pts_chart *c, struct axis *x)
{
	size_t i, n = c->nlabels;
	double v, step;

	if (n) {
		x->lo = 0.5;
		x->hi = (double)n + 0.5;
		for (i = 0; i < n; i++) {
			fprintf(f,
				"<text x=\"%.1f\" y=\"%d\" font-size=\"11\" "
				"text-anchor=\"middle\">",
				pos(x, (double)(i + 1), LEFT, RIGHT), BOTTOM + 14);
			fr_html_escape(f, c->x_labels[i]);
			fputs("</text>", f);
		}
		return;
	}
	if (x->log) {
		/* the distinct x of the first series, which all series share here */
		const struct fr_pts_line *xs = c->nlines ? c->lines[0] : NULL;
		double last = -1e9;

		x->lo /= 1.4;
		x->hi *= 1.4;
		/* a label only where it has room (about 44 px from the one before) */
		for (i = 0; xs && i < xs->n; i++) {
			double v = xs->x[i], px = pos(x, v, LEFT, RIGHT);

			if (px - last < 44)
				continue;
			tick_label(f, px, BOTTOM + 14, "middle", v);
			last = px;
		}
		return;
	}
	/* a margin so that no point sits on the axis */
	step = (x->hi - x->lo) * 0.04;
	x->lo -= step;
	x->hi += step;
	step = nice_step(x->hi - x->lo);
	/* whole numbers (rounds, steps) get whole ticks */
	if (step < 1 && x->hi - x->lo > 1 && whole_xs(c))
		step = 1;
	for (v = ceil(x->lo / step) * step; v <= x->hi + step / 1000; v += step)
		tick_label(f, pos(x, v, LEFT, RIGHT), BOTTOM + 14, "middle", v);
}

/*
 * The SVG's width: W, or as wide as the legend's longest name needs beside
 * the plot (11 px text, 7 px a character at most), so that no name runs
 * out of the picture ("p99.99 least-squares slope" on a tail chart).
 */
static int chart_width(const struct fr_pts_chart *c)
{
	size_t i, longest = 0;
	int w;

	for (i = 0; i < c->nlines && i < 18; i++) {
		const char *name = c->lines[i]->name;
		size_t n = name ? strlen(name) : 0;

		if (n > longest)
			longest = n;
	}
	w = RIGHT + 30 + 7 * (int)longest + 8;
	return w > W ? w : W;
}

static void legend(FILE *f, const struct fr_pts_chart *c)
{
	size_t i;

	for (i = 0; i < c->nlines && i < 18; i++) {
		fprintf(f,
			"<rect x=\"%d\" y=\"%zu\" width=\"10\" height=\"10\" fill=\"%s\"/>"
			"<text x=\"%d\" y=\"%zu\" font-size=\"11\">",
			RIGHT + 16, TOP + 14 * i, colours[i % NCOL], RIGHT + 30, TOP + 9 + 14 * i);
		fr_html_escape(f, c->lines[i]->name);
		fputs("</text>", f);
	}
}

/* Whether a point of a line is drawn: it has a y, above 0 on a log axis. */
static bool drawn(double yv, const struct axis *y)
{
	return !isnan(yv) && (!y->log || yv > 0);
}

static void lines(FILE *f, const struct fr_pts_chart *c, const struct axis *x, const struct axis *y)
{
	size_t i, k;

	for (i = 0; i < c->nlines; i++) {
		const struct fr_pts_line *s = c->lines[i];
		size_t n = s->n;
		const char *col = colours[i % NCOL];

		fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" points=\"",
			col);
		for (k = 0; k < n; k++)
			if (drawn(s->y[k], y))
				fprintf(f, "%.1f,%.1f ", pos(x, s->x[k], LEFT, RIGHT),
					pos(y, s->y[k], BOTTOM, y->top));
		fputs("\"/>\n", f);
		for (k = 0; n <= MAX_MARKS && k < n; k++)
			if (drawn(s->y[k], y))
				fprintf(f,
					"<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"/>",
					pos(x, s->x[k], LEFT, RIGHT),
					pos(y, s->y[k], BOTTOM, y->top), col);
	}
}

/* PTS's 3D bar plot: the x values as categories along the front, each
 * series a row of bars set back and up by its depth, the back row drawn
 * first so the front covers it. */
#define DX 18
#define DY 12
static void bars3d(FILE *f, const struct fr_pts_chart *c, const struct axis *y)
{
	size_t ns = c->nlines, nc, i, k;
	double slot, bw, depth_x;

	nc = ns ? c->lines[0]->n : 0;
	if (!ns || !nc)
		return;
	depth_x = (double)DX * (double)(ns - 1);
	/* room at the right of the front row for the rows' names */
	slot = (RIGHT - LEFT - depth_x - 40) / (double)nc;
	bw = slot * 0.4;
	for (k = 0; k < nc; k++)
		tick_label(f, LEFT + slot * ((double)k + 0.5), BOTTOM + 14, "middle",
			   c->lines[0]->x[k]);
	for (i = ns; i-- > 0;) {
		const struct fr_pts_line *row = c->lines[i];
		double ox = DX * (double)i, oy = DY * (double)i;

		/* the row's floor and, at its end, its name */
		fprintf(f,
			"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#999\"/>"
			"<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" fill=\"%s\">",
			LEFT + ox, BOTTOM - oy, LEFT + slot * (double)nc + ox, BOTTOM - oy,
			LEFT + slot * (double)nc + ox + 3, BOTTOM - oy + 3, colours[i % NCOL]);
		fr_html_escape(f, row->name);
		fputs("</text>", f);
		for (k = 0; k < nc && k < row->n; k++) {
			double x0 = LEFT + slot * (double)k + (slot - bw) / 2 + ox, top, base;

			if (isnan(row->y[k]))
				continue;
			base = BOTTOM - oy;
			top = pos(y, row->y[k], BOTTOM, y->top) - oy;
			fprintf(f,
				"<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
				"fill=\"%s\" stroke=\"#333\" stroke-width=\"0.5\"/>",
				x0, top, bw, base - top, colours[i % NCOL]);
		}
	}
}

void fr_pts_svg_chart(FILE *f, const struct fr_pts_chart *c)
{
	const char *xs = c->x_scale, *ys = c->y_scale, *kind = c->kind;
	struct axis x = {.log = xs && !strcmp(xs, "log2"), .base = 2},
		    y = {.log = ys && !strcmp(ys, "log10"), .base = 10};
	bool bars = kind && !strcmp(kind, "bars3d");

	range(c, false, &x);
	range(c, true, &y);
	/* the bars' rows go back and up: the front row's scale leaves room */
	y.top = bars && c->nlines > 1 ? TOP + DY * (double)(c->nlines - 1) : TOP;
	fputs("<figure><figcaption>", f);
	fr_html_escape(f, c->name);
	if (bars)
		fputs(" (3D style: the front row on the axis' scale, each row behind set back "
		      "and up by its depth)",
		      f);
	fprintf(f,
		"</figcaption>\n<svg class=\"chart pts\" xmlns=\"http://www.w3.org/2000/svg\" "
		"width=\"%d\" "
		"height=\"%d\" role=\"img\">\n",
		chart_width(c), H);
	y_axis(f, &y);
	if (bars)
		bars3d(f, c, &y);
	else
		x_axis(f, c, &x);
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#000\"/>", LEFT, BOTTOM,
		RIGHT, BOTTOM);
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#000\"/>\n", LEFT, TOP,
		LEFT, BOTTOM);
	fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\">",
		(LEFT + RIGHT) / 2, BOTTOM + 36);
	fr_html_escape(f, c->x);
	if (x.log && !bars)
		fputs(" (log scale)", f);
	fprintf(f,
		"</text><text x=\"14\" y=\"%d\" font-size=\"12\" transform=\"rotate(-90 14 %d)\" "
		"text-anchor=\"middle\">",
		(TOP + BOTTOM) / 2, (TOP + BOTTOM) / 2);
	fr_html_escape(f, c->y);
	if (y.log)
		fputs(" (log scale)", f);

	fputs("</text>\n", f);
	if (!bars)
		lines(f, c, &x, &y);
	legend(f, c);
	fputs("</svg></figure>\n", f);
}
