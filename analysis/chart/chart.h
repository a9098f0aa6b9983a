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

#include "util/logscale.h"

#define CH_W	  860
#define CH_LEFT	  78
#define CH_RIGHT  28
#define CH_TOP	  34
#define CH_PLOT_H 260
#define CH_PLOT_W (CH_W - CH_LEFT - CH_RIGHT)
/* below the plot: tick numbers and the axis label */
#define CH_BOTTOM 48

/* One axis: the data range it shows and how it maps to pixels. */
struct ch_axis {
	bool log;
	double lo, hi;	    /* shown range (log: powers of ten) */
	double px0, px_len; /* pixel of lo and length towards hi (negative: upwards) */
};

/**
 * ch_axis_fit() - fit an axis to values
 * @a: the axis (its range and scale set; ch_axis_place() places it)
 * @v: the values (the finite ones count; NaN is skipped)
 * @n: how many
 * @allow_log: whether a log scale may be chosen
 *
 * A log scale when @allow_log and the positive values span more than
 * FR_LOG_DECADES decades (util/logscale.h); otherwise linear from 0.
 */
void ch_axis_fit(struct ch_axis *a, const double *v, size_t n, bool allow_log);

/**
 * ch_axis_fit_scale() - fit an axis on a scale already chosen
 * @a: the axis
 * @v: the values
 * @n: how many
 * @log_scale: the scale a section's charts share (chosen over all their
 *             values); log only when some value is positive
 */
void ch_axis_fit_scale(struct ch_axis *a, const double *v, size_t n, bool log_scale);

/**
 * ch_axis_place() - where an axis lies on the canvas
 * @a: the axis
 * @px0: the pixel of its low end
 * @px_len: its length in pixels (negative: upwards)
 */
void ch_axis_place(struct ch_axis *a, double px0, double px_len);

/**
 * ch_axis_pos() - the pixel of a value on an axis
 * @a: the axis, fitted and placed
 * @v: the value
 *
 * Return: the pixel, or NaN when @v cannot be shown (NaN, or <= 0 on log).
 */
double ch_axis_pos(const struct ch_axis *a, double v);

/**
 * ch_axis_ticks() - the tick values of an axis
 * @a: the axis
 * @t: where they are written
 * @max: the room in @t
 *
 * Log: every decade; linear: about five round steps.
 *
 * Return: how many were written.
 */
size_t ch_axis_ticks(const struct ch_axis *a, double *t, size_t max);

/**
 * ch_tick_text() - a tick's number, short ("1.5M", "20k", "0.1")
 * @f: the document being written
 * @v: the value
 */
void ch_tick_text(FILE *f, double v);

/**
 * ch_axis_draw_y() - grid lines and tick numbers of a vertical axis
 * @f: the document being written
 * @a: the axis, fitted and placed
 * @label: the axis's label
 */
void ch_axis_draw_y(FILE *f, const struct ch_axis *a, const char *label);

/**
 * ch_axis_draw_x() - grid lines and tick numbers of a horizontal axis
 * @f: the document being written
 * @a: the axis, fitted and placed
 * @label: the axis's label
 * @y_base: the pixel row of the axis line (the numbers go below it)
 */
void ch_axis_draw_x(FILE *f, const struct ch_axis *a, const char *label, int y_base);

/**
 * ch_scale_name() - an axis's scale, for the svg's data-xscale/data-yscale
 * @a: the axis
 *
 * Return: "linear" or "log".
 */
const char *ch_scale_name(const struct ch_axis *a);

/**
 * ch_color() - the colour of a palette index
 * @buf: where the CSS colour is written
 * @len: the size of @buf
 * @i: the index (fr_palette_index()); distinct for any number of drives
 */
void ch_color(char *buf, size_t len, size_t i);

/* A legend entry: a drive's name, its colour and how it is drawn. */
struct ch_key {
	const char *name;
	size_t color;
	bool marker; /* published points: a circle, not a square */
};

/**
 * ch_legend_height() - the height a legend takes below a chart
 * @k: the entries
 * @n: how many
 *
 * Return: the height in pixels (0 for @n == 0).
 */
int ch_legend_height(const struct ch_key *k, size_t n);

/**
 * ch_legend_draw() - draw a legend below a chart
 * @f: the document being written
 * @k: the entries
 * @n: how many
 * @y0: the pixel row it starts at
 *
 * In columns across the chart's full width; every name whole (wrapped onto
 * more lines when longer than a column).
 */
void ch_legend_draw(FILE *f, const struct ch_key *k, size_t n, int y0);

/**
 * ch_text_lines() - the lines a string takes when wrapped
 * @s: the string
 * @max_chars: characters per line at most
 *
 * Return: how many lines.
 */
size_t ch_text_lines(const char *s, size_t max_chars);

/**
 * ch_text_wrapped() - a <text> whose content is wrapped, lines 14 px apart
 * @f: the document being written
 * @cls: its CSS class
 * @x: where it starts
 * @y: the baseline of its first line
 * @s: the content (escaped here)
 * @max_chars: characters per line at most
 */
void ch_text_wrapped(FILE *f, const char *cls, double x, double y, const char *s, size_t max_chars);

/**
 * ch_chars_in() - the characters per line that fit in a width
 * @px: the width in pixels
 *
 * Return: how many.
 */
size_t ch_chars_in(double px);
#define CH_LINE_H 15

#endif
