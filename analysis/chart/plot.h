/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A line plot on the report's chart axes and legend (chart_plot.c): the
 * axes of chart_axis.c, the legend below the plot of chart_legend.c, and
 * what the SNIA PTS pages draw beside (fiorank pts): an x axis of powers
 * of two or of named steps, a shaded x range (PTS's measurement window),
 * dashed guide lines (its average, +-10 % and slope lines) and PTS's 3D
 * bar plot.
 */
#ifndef FIORANK_PLOT_H
#define FIORANK_PLOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The style the chart axes and legends need in a page that draws them. */
#define FR_CHART_CSS                                                                          \
	"svg{display:block;margin:8px 0;background:#fff}svg text{font-size:11px;fill:#222}"   \
	".axes line{stroke:#444}.axes line.grid{stroke:#ddd}.axes line.minor{stroke:#f0f0f0}" \
	".series{stroke-width:2}.guide{stroke-width:1.5;stroke-dasharray:6 4}"                \
	"rect.band{fill:#fe9;fill-opacity:0.35}"

struct fr_plot_line {
	const char *name;
	const double *x, *y; /* y NaN: no point at that x */
	size_t n;
	bool guide; /* a guide line (dashed, no markers), not data */
};

enum fr_plot_x {
	FR_PLOT_X_LINEAR, /* a number line from 0 */
	FR_PLOT_X_LOG2,	  /* powers of two, a tick at each x of the first line */
	FR_PLOT_X_NAMED,  /* x = 1, 2, ... named by x_names */
	FR_PLOT_X_BARS3D, /* the first line's x as categories; each line a row of
			   * bars, one behind the other (PTS's 3D plot) */
};

struct fr_plot {
	const char *title, *xlabel, *ylabel;
	const struct fr_plot_line *lines;
	size_t n;
	enum fr_plot_x x_kind;
	const char *const *x_names;
	size_t nx_names;
	bool y_log; /* log10 y (decades) */
	bool band;  /* shade x from band_lo to band_hi */
	double band_lo, band_hi;
	const char *band_name; /* said in the band's <title> */
};

/**
 * fr_svg_plot() - a plot as an inline SVG
 * @f: the page being written
 * @p: the plot
 *
 * Lines in the legend's colours (index i for line i), every point of a
 * line of at most 80 points marked with its figures in a <title>; the
 * legend below the plot names every line whole; nothing is drawn outside
 * the plot area.
 */
void fr_svg_plot(FILE *f, const struct fr_plot *p);

#endif
