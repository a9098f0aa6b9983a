// SPDX-License-Identifier: GPL-2.0-only
/*
 * Chart axes: a linear scale from 0, or a log scale (decades) where the
 * values call for it (util/logscale.h's rule), or on the scale the report
 * stage chose for the chart's section.  The scale is named on the axis
 * ("log scale") and in the svg's data-xscale / data-yscale.
 */
#include <math.h>
#include <stdio.h>

#include "chart/chart.h"
#include "util/escape.h"

/* A round step for about five ticks up to max. */
static double lin_step(double max)
{
	double raw = max / 5, mag, norm;

	if (!(raw > 0))
		return 1;
	mag = pow(10, floor(log10(raw)));
	norm = raw / mag;
	return (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10) * mag;
}

void ch_axis_fit_scale(struct ch_axis *a, const double *v, size_t n, bool log_scale)
{
	double max, minpos, st;

	fr_value_span(v, n, &max, &minpos);
	a->log = log_scale && isfinite(minpos) && max > 0;
	if (a->log) {
		a->lo = pow(10, floor(log10(minpos)));
		a->hi = pow(10, ceil(log10(max)));
		if (a->hi <= a->lo)
			a->hi = a->lo * 10;
		return;
	}
	st = lin_step(max);
	a->lo = 0;
	a->hi = max > 0 ? ceil(max / st) * st : 1;
}

void ch_axis_fit(struct ch_axis *a, const double *v, size_t n, bool allow_log)
{
	ch_axis_fit_scale(a, v, n, allow_log && fr_wants_log(v, n));
}

void ch_axis_place(struct ch_axis *a, double px0, double px_len)
{
	a->px0 = px0;
	a->px_len = px_len;
}

double ch_axis_pos(const struct ch_axis *a, double v)
{
	double frac;

	if (!isfinite(v) || (a->log && v <= 0))
		return NAN;
	frac = a->log ? (log10(v) - log10(a->lo)) / (log10(a->hi) - log10(a->lo))
		      : (v - a->lo) / (a->hi - a->lo);
	return a->px0 + frac * a->px_len;
}

size_t ch_axis_ticks(const struct ch_axis *a, double *t, size_t max)
{
	size_t n = 0;

	if (a->log) {
		for (double v = a->lo; v <= a->hi * 1.0001 && n < max; v *= 10)
			t[n++] = v;
		return n;
	}
	for (double st = lin_step(a->hi), v = 0; v <= a->hi * 1.0001 && n < max; v += st)
		t[n++] = v;
	return n;
}

void ch_tick_text(FILE *f, double v)
{
	if (v >= 1e6)
		fprintf(f, "%gM", v / 1e6);
	else if (v >= 1e4)
		fprintf(f, "%gk", v / 1e3);
	else
		fprintf(f, "%g", v);
}

const char *ch_scale_name(const struct ch_axis *a)
{
	return a->log ? "log" : "linear";
}

/* The axis label, with " (log scale)" when it is one. */
static void axis_label(FILE *f, const struct ch_axis *a, const char *label)
{
	fr_html_escape(f, label);
	if (a->log)
		fputs(*label ? " (log scale)" : "log scale", f);
}

/* Unlabelled grid lines at 2..9 x each decade of a log axis. */
static void minor_lines(FILE *f, const struct ch_axis *a, bool vertical)
{
	for (double d = a->lo; a->log && d < a->hi; d *= 10)
		for (int k = 2; k <= 9; k++) {
			double p = ch_axis_pos(a, d * k);

			if (vertical)
				fprintf(f,
					"<line class=\"grid minor\" x1=\"%d\" y1=\"%.1f\" "
					"x2=\"%d\" "
					"y2=\"%.1f\"/>",
					CH_LEFT, p, CH_LEFT + CH_PLOT_W, p);
			else
				fprintf(f,
					"<line class=\"grid minor\" x1=\"%.1f\" y1=\"%d\" "
					"x2=\"%.1f\" "
					"y2=\"%d\"/>",
					p, CH_TOP, p, CH_TOP + CH_PLOT_H);
		}
}

void ch_axis_draw_y(FILE *f, const struct ch_axis *a, const char *label)
{
	double t[64];
	size_t n = ch_axis_ticks(a, t, 64);

	fprintf(f, "<g class=\"axes y\" data-scale=\"%s\">", ch_scale_name(a));
	minor_lines(f, a, true);
	for (size_t i = 0; i < n; i++) {
		double y = ch_axis_pos(a, t[i]);

		fprintf(f, "<line class=\"grid\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>",
			CH_LEFT, y, CH_LEFT + CH_PLOT_W, y);
		fprintf(f, "<text class=\"tick\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">",
			CH_LEFT - 4, y + 4);
		ch_tick_text(f, t[i]);
		fputs("</text>\n", f);
	}
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>", CH_LEFT, CH_TOP, CH_LEFT,
		CH_TOP + CH_PLOT_H);
	fprintf(f,
		"<text class=\"label\" transform=\"translate(14,%d) rotate(-90)\" "
		"text-anchor=\"middle\">",
		CH_TOP + CH_PLOT_H / 2);
	axis_label(f, a, label);
	fputs("</text></g>\n", f);
}

void ch_axis_draw_x(FILE *f, const struct ch_axis *a, const char *label, int y_base)
{
	double t[64];
	size_t n = ch_axis_ticks(a, t, 64);

	fprintf(f, "<g class=\"axes x\" data-scale=\"%s\">", ch_scale_name(a));
	minor_lines(f, a, false);
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>", CH_LEFT, y_base,
		CH_LEFT + CH_PLOT_W, y_base);
	for (size_t i = 0; i < n; i++) {
		fprintf(f, "<text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">",
			ch_axis_pos(a, t[i]), y_base + 16);
		ch_tick_text(f, t[i]);
		fputs("</text>", f);
	}
	fprintf(f, "<text class=\"label\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">",
		CH_LEFT + CH_PLOT_W / 2, y_base + 38);
	axis_label(f, a, label);
	fputs("</text></g>\n", f);
}
