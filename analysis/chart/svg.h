/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef FIORANK_SVG_H
#define FIORANK_SVG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "util/logscale.h"

/* One colour per drive across a report: the index of a label, given the
 * next free one the first time it is seen. */
struct fr_palette {
	char **labels;
	size_t n, cap;
};
/**
 * fr_palette_index() - the colour of a drive
 * @p: the report's palette (zero-initialised before the first call)
 * @label: the drive's label (NULL counts as "")
 *
 * Return: the label's index, the next free one the first time it is seen
 * (ch_color() turns it into a colour); out of memory, the next free index
 * without remembering it.
 */
size_t fr_palette_index(struct fr_palette *p, const char *label);

/**
 * fr_palette_free() - free a palette's labels
 * @p: the palette (left empty)
 */
void fr_palette_free(struct fr_palette *p);

struct fr_series {
	const char *name;
	const double *x, *y;
	size_t n;
	bool markers_only; /* published points: no line, nothing is known between them */
	size_t color;	   /* fr_palette_index() of the drive */
	const char *const *point_labels; /* per point ("10 %", "peak"), or NULL */
};

/**
 * fr_svg_lines() - a line chart of several series
 * @f: the HTML report being written
 * @title: the chart's title
 * @xlabel: the x axis's label
 * @ylabel: the y axis's label
 * @s: the series: points joined in the given order, or markers only
 * @n: how many
 *
 * Each axis is linear from 0, or log where the values span decades.  The
 * legend below the plot names every series whole.
 */
void fr_svg_lines(FILE *f, const char *title, const char *xlabel, const char *ylabel,
		  const struct fr_series *s, size_t n);

/**
 * fr_svg_lines_scaled() - fr_svg_lines() on the section's scales
 * @f: the HTML report being written
 * @title: the chart's title
 * @xlabel: the x axis's label
 * @ylabel: the y axis's label
 * @s: the series
 * @n: how many
 * @sc: the scales the report stage chose for the chart's section
 */
void fr_svg_lines_scaled(FILE *f, const char *title, const char *xlabel, const char *ylabel,
			 const struct fr_series *s, size_t n, const struct fr_scales *sc);

struct fr_bar {
	const char *label;
	double value;
	const char *note; /* printed after the value, e.g. "1st" */
	size_t color;
};

/**
 * fr_svg_bars() - horizontal bars, one per entry
 * @f: the HTML report being written
 * @title: the chart's title
 * @unit: the values' unit, written after each value
 * @b: the bars, drawn in the given order, each under its whole label
 * @n: how many
 *
 * Linear from 0: a bar's length is its figure.
 */
void fr_svg_bars(FILE *f, const char *title, const char *unit, const struct fr_bar *b, size_t n);

/**
 * fr_svg_groups() - vertical bars grouped by category
 * @f: the HTML report being written
 * @title: the chart's title
 * @unit: the values' unit
 * @groups: the categories' names
 * @ngroups: how many
 * @series: the series' names (one bar per series in each group)
 * @colors: the palette index of each series
 * @nseries: how many
 * @values: values[g * @nseries + s], NaN where there is none
 *
 * Linear from 0, as fr_svg_bars(): a bar's height is its figure, written
 * above it where the bar is wide enough.
 */
void fr_svg_groups(FILE *f, const char *title, const char *unit, const char *const *groups,
		   size_t ngroups, const char *const *series, const size_t *colors, size_t nseries,
		   const double *values);

#endif
