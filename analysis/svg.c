// SPDX-License-Identifier: GPL-2.0-only
/*
 * Inline SVG charts for the HTML report: no scripts, no external resources.
 * Every text that came from input goes through fr_html_escape().
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "svg.h"

#define W	800
#define H	340
#define LEFT	72
#define RIGHT	240 /* legend */
#define TOP	34
#define BOTTOM	48
#define PLOT_W	(W - LEFT - RIGHT)
#define PLOT_H	(H - TOP - BOTTOM)
#define NCOLORS 12

static const char *const colors[NCOLORS] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e",
					    "#9467bd", "#8c564b", "#e377c2", "#17becf",
					    "#7f7f7f", "#bcbd22", "#393b79", "#ad494a"};

void fr_html_escape(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		case '\'':
			fputs("&#39;", f);
			break;
		default:
			fputc(*s, f);
		}
	}
}

/* An input string cut to max bytes (at a UTF-8 character boundary) with
 * an ellipsis; the whole string goes into the element's <title>. */
static void short_label(FILE *f, const char *s, size_t max)
{
	size_t n = strlen(s);
	char *cut;

	if (n <= max) {
		fr_html_escape(f, s);
		return;
	}
	n = max - 1;
	while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
		n--;
	cut = strndup(s, n);
	fr_html_escape(f, cut ? cut : "");
	free(cut);
	fputs("\xe2\x80\xa6", f);
}

/* Axis numbers: 1500000 -> 1.5M, 20000 -> 20k. */
static void tick_text(FILE *f, double v)
{
	if (v >= 1e6)
		fprintf(f, "%gM", v / 1e6);
	else if (v >= 1e4)
		fprintf(f, "%gk", v / 1e3);
	else
		fprintf(f, "%g", v);
}

/* A round step for about five ticks up to max. */
static double tick_step(double max)
{
	double raw = max / 5, mag, norm;

	if (!(raw > 0))
		return 1;
	mag = pow(10, floor(log10(raw)));
	norm = raw / mag;
	return (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10) * mag;
}

static double axis_max(double max)
{
	double st = tick_step(max);

	return max > 0 ? ceil(max / st) * st : 1;
}

static void open_svg(FILE *f, const char *title, const char *cls, int height)
{
	fprintf(f,
		"<svg class=\"%s\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		"height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">\n<title>",
		cls, W, height, W, height);
	fr_html_escape(f, title);
	fprintf(f, "</title>\n<text x=\"%d\" y=\"20\" class=\"t\">", LEFT);
	fr_html_escape(f, title);
	fputs("</text>\n", f);
}

static void axes(FILE *f, double xmax, double ymax, const char *xlabel, const char *ylabel,
		 bool xticks)
{
	double yst = tick_step(ymax), xst = tick_step(xmax);

	fprintf(f, "<g class=\"axes\"><line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>", LEFT,
		TOP + PLOT_H, LEFT + PLOT_W, TOP + PLOT_H);
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", LEFT, TOP, LEFT,
		TOP + PLOT_H);
	for (double v = 0; v <= ymax * 1.0001; v += yst) {
		double y = TOP + PLOT_H - v / ymax * PLOT_H;

		fprintf(f, "<line class=\"grid\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>",
			LEFT, y, LEFT + PLOT_W, y);
		fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">", LEFT - 4, y + 4);
		tick_text(f, v);
		fputs("</text>\n", f);
	}
	for (double v = 0; xticks && v <= xmax * 1.0001; v += xst) {
		double x = LEFT + v / xmax * PLOT_W;

		fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">", x,
			TOP + PLOT_H + 16);
		tick_text(f, v);
		fputs("</text>", f);
	}
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">", LEFT + PLOT_W / 2, H - 8);
	fr_html_escape(f, xlabel);
	fprintf(f,
		"</text><text transform=\"translate(14,%d) rotate(-90)\" "
		"text-anchor=\"middle\">",
		TOP + PLOT_H / 2);
	fr_html_escape(f, ylabel);
	fputs("</text></g>\n", f);
}

static void legend(FILE *f, size_t i, const char *name)
{
	int y = TOP + 6 + (int)i * 18;

	fprintf(f, "<rect class=\"key\" x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>",
		W - RIGHT + 12, y, colors[i % NCOLORS]);
	fprintf(f, "<text x=\"%d\" y=\"%d\"><title>", W - RIGHT + 30, y + 10);
	fr_html_escape(f, name);
	fputs("</title>", f);
	short_label(f, name, 30);
	fputs("</text>\n", f);
}

void fr_svg_lines(FILE *f, const char *title, const char *xlabel, const char *ylabel,
		  const struct fr_series *s, size_t n)
{
	double xmax = 0, ymax = 0;

	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < s[i].n; k++) {
			if (isfinite(s[i].x[k]) && s[i].x[k] > xmax)
				xmax = s[i].x[k];
			if (isfinite(s[i].y[k]) && s[i].y[k] > ymax)
				ymax = s[i].y[k];
		}
	xmax = axis_max(xmax);
	ymax = axis_max(ymax);
	open_svg(f, title, "chart lines", H);
	axes(f, xmax, ymax, xlabel, ylabel, true);
	for (size_t i = 0; i < n; i++) {
		const char *cmd = "M";

		if (!s[i].markers_only) {
			fprintf(f, "<path class=\"series\" fill=\"none\" stroke=\"%s\" d=\"",
				colors[i % NCOLORS]);
			for (size_t k = 0; k < s[i].n; k++) {
				if (!isfinite(s[i].x[k]) || !isfinite(s[i].y[k]))
					continue;
				fprintf(f, "%s%.1f %.1f ", cmd, LEFT + s[i].x[k] / xmax * PLOT_W,
					TOP + PLOT_H - s[i].y[k] / ymax * PLOT_H);
				cmd = "L";
			}
			fputs("\"/>\n", f);
		}
		for (size_t k = 0; k < s[i].n; k++)
			if (isfinite(s[i].x[k]) && isfinite(s[i].y[k]))
				fprintf(f,
					"<circle class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"%s\" "
					"fill=\"%s\"/>",
					s[i].markers_only ? "published" : "point",
					LEFT + s[i].x[k] / xmax * PLOT_W,
					TOP + PLOT_H - s[i].y[k] / ymax * PLOT_H,
					s[i].markers_only ? "5" : "3", colors[i % NCOLORS]);
		legend(f, i, s[i].name);
	}
	fputs("</svg>\n", f);
}

void fr_svg_bars(FILE *f, const char *title, const char *unit, const struct fr_bar *b, size_t n)
{
	double max = 0;
	const int bh = 24;
	int height = TOP + bh * (int)n + 24;
	for (size_t i = 0; i < n; i++)
		if (isfinite(b[i].value) && b[i].value > max)
			max = b[i].value;
	max = axis_max(max);
	open_svg(f, title, "chart bars", height);
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">", W / 2, height - 6);
	fr_html_escape(f, unit);
	fputs("</text>\n", f);
	for (size_t i = 0; i < n; i++) {
		double v = isfinite(b[i].value) ? b[i].value : 0;
		int y = TOP + (int)i * bh;
		double w = v / max * (W - 2 * LEFT - 160);

		fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\"><title>", 2 * LEFT + 80,
			y + bh / 2 + 4);
		fr_html_escape(f, b[i].label);
		fputs("</title>", f);
		short_label(f, b[i].label, 34);
		fprintf(f,
			"</text><rect class=\"bar\" x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" "
			"fill=\"%s\"/>",
			2 * LEFT + 86, y + 2, w, bh - 4, colors[i % NCOLORS]);
		fprintf(f, "<text x=\"%.1f\" y=\"%d\">%.*f ", 2 * LEFT + 90 + w, y + bh / 2 + 4,
			v >= 100 ? 0 : 1, v);
		fr_html_escape(f, b[i].note);
		fputs("</text>\n", f);
	}
	fputs("</svg>\n", f);
}

void fr_svg_groups(FILE *f, const char *title, const char *unit, const char *const *groups,
		   size_t ngroups, const char *const *series, size_t nseries, const double *values)
{
	double max = 0, gw = ngroups ? (double)PLOT_W / (double)ngroups : 0;
	double bw = nseries ? (gw - 12) / (double)nseries : 0;

	for (size_t i = 0; i < ngroups * nseries; i++)
		if (isfinite(values[i]) && values[i] > max)
			max = values[i];
	max = axis_max(max);
	open_svg(f, title, "chart groups", H);
	axes(f, 1, max, "", unit, false);
	for (size_t g = 0; g < ngroups; g++) {
		fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">",
			LEFT + gw * ((double)g + 0.5), TOP + PLOT_H + 16);
		fr_html_escape(f, groups[g]);
		fputs("</text>\n", f);
		for (size_t s = 0; s < nseries; s++) {
			double v = values[g * nseries + s], h;

			if (!isfinite(v))
				continue;
			h = v / max * PLOT_H;
			fprintf(f,
				"<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
				"height=\"%.1f\" fill=\"%s\"><title>%.1f</title></rect>\n",
				LEFT + gw * (double)g + 6 + bw * (double)s, TOP + PLOT_H - h,
				bw - 2, h, colors[s % NCOLORS], v);
		}
	}
	for (size_t s = 0; s < nseries; s++)
		legend(f, s, series[s]);
	fputs("</svg>\n", f);
}
