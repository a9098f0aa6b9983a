/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Inside the SVG charts (svg.c, chart_axis.c, chart_legend.c): the canvas,
 * axes that pick a linear or a log scale, per-drive colours and legends
 * laid out below the plot.  Not used outside these files.
 */
#ifndef FIORANK_CHART_H
#define FIORANK_CHART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define CH_W	  860
#define CH_LEFT	  78
#define CH_RIGHT  28
#define CH_TOP	  34
#define CH_PLOT_H 260
#define CH_PLOT_W (CH_W - CH_LEFT - CH_RIGHT)
/* below the plot: tick numbers and the axis label */
#define CH_BOTTOM 48
/* a log scale where the values span more than this many decades */
#define CH_LOG_DECADES 1.5

/* One axis: the data range it shows and how it maps to pixels. */
struct ch_axis {
	bool log;
	double lo, hi;	    /* shown range (log: powers of ten) */
	double px0, px_len; /* pixel of lo and length towards hi (negative: upwards) */
};

/* Fits an axis to the finite values in v[0..n) (NaN skipped); a log scale
 * when the positive values span more than CH_LOG_DECADES decades and
 * allow_log.  A linear axis starts at 0. */
void ch_axis_fit(struct ch_axis *a, const double *v, size_t n, bool allow_log);
/* Whether values v span more than CH_LOG_DECADES decades. */
bool ch_axis_wants_log(const double *v, size_t n);
/* Fits an axis on the scale given (log only when some value is positive):
 * the scale a section's charts share, chosen over all their values. */
void ch_axis_fit_scale(struct ch_axis *a, const double *v, size_t n, bool log_scale);
/* Where the axis lies: pixel of its low end and its length in pixels. */
void ch_axis_place(struct ch_axis *a, double px0, double px_len);
/* The pixel of v, or NaN when v cannot be shown (NaN, or <= 0 on log). */
double ch_axis_pos(const struct ch_axis *a, double v);
/* Tick values into t (at most max); returns how many.  Log: every
 * decade; linear: about five round steps. */
size_t ch_axis_ticks(const struct ch_axis *a, double *t, size_t max);
/* "1.5M", "20k", "0.1". */
void ch_tick_text(FILE *f, double v);
/* Grid lines and tick numbers of a vertical (y) or horizontal (x) axis
 * across the plot area. */
void ch_axis_draw_y(FILE *f, const struct ch_axis *a, const char *label);
void ch_axis_draw_x(FILE *f, const struct ch_axis *a, const char *label, int y_base);
/* "linear" or "log", for the svg's data-xscale / data-yscale. */
const char *ch_scale_name(const struct ch_axis *a);

/* The colour of palette index i (distinct for any number of drives). */
void ch_color(char *buf, size_t len, size_t i);

/* A legend entry: a drive's name, its colour and how it is drawn. */
struct ch_key {
	const char *name;
	size_t color;
	bool marker; /* published points: a circle, not a square */
};

/* Height the legend of n keys takes below a chart (0 for n == 0). */
int ch_legend_height(const struct ch_key *k, size_t n);
/* Draws it from y0 on, in columns across the chart's full width; every
 * name whole (wrapped onto more lines when longer than a column). */
void ch_legend_draw(FILE *f, const struct ch_key *k, size_t n, int y0);
/* Text lines a string takes at most max_chars characters per line. */
size_t ch_text_lines(const char *s, size_t max_chars);
/* A <text> at x,y whose content is s wrapped at max_chars, lines 14 px apart. */
void ch_text_wrapped(FILE *f, const char *cls, double x, double y, const char *s, size_t max_chars);
/* Characters per line that fit in px pixels. */
size_t ch_chars_in(double px);
#define CH_LINE_H 15

#endif
