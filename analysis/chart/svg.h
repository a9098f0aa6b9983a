/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef FIORANK_SVG_H
#define FIORANK_SVG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* One colour per drive across a report: the index of a label, given the
 * next free one the first time it is seen. */
struct fr_palette {
	char **labels;
	size_t n, cap;
};
size_t fr_palette_index(struct fr_palette *p, const char *label);
void fr_palette_free(struct fr_palette *p);

struct fr_series {
	const char *name;
	const double *x, *y;
	size_t n;
	bool markers_only; /* published points: no line, nothing is known between them */
	size_t color;	   /* fr_palette_index() of the drive */
	const char *const *point_labels; /* per point ("10 %", "peak"), or NULL */
};

/* Line chart of several series (points joined in the given order, or
 * markers only); each axis linear from 0, or log where the values span
 * decades.  The legend below the plot names every series whole. */
void fr_svg_lines(FILE *f, const char *title, const char *xlabel, const char *ylabel,
		  const struct fr_series *s, size_t n);

/* One scale rule for the charts of a section (a profile's mean and p99
 * curves): each axis log when the values of all of them span decades. */
struct fr_scales {
	bool xlog, ylog;
};
/* The values the rule is taken over: fr_scales_add each chart's series,
 * then fr_scales_decide (out of memory: linear axes, noted in failed). */
struct fr_scale_values {
	double *x, *y;
	size_t n, cap;
	bool failed;
};
void fr_scales_add(struct fr_scale_values *v, const struct fr_series *s, size_t n);
void fr_scales_decide(struct fr_scale_values *v, struct fr_scales *out);
/* fr_svg_lines on the section's scales. */
void fr_svg_lines_scaled(FILE *f, const char *title, const char *xlabel, const char *ylabel,
			 const struct fr_series *s, size_t n, const struct fr_scales *sc);

struct fr_bar {
	const char *label;
	double value;
	const char *note; /* printed after the value, e.g. "1st" */
	size_t color;
};

/* Horizontal bars, one per entry, in the given order, each under its
 * whole label; linear from 0 (a bar's length is its figure), the value
 * written after each bar. */
void fr_svg_bars(FILE *f, const char *title, const char *unit, const struct fr_bar *b, size_t n);

/* Vertical bars grouped by category: values[g * nseries + s]; colors[s]
 * the palette index of series s. */
void fr_svg_groups(FILE *f, const char *title, const char *unit, const char *const *groups,
		   size_t ngroups, const char *const *series, const size_t *colors, size_t nseries,
		   const double *values);

#endif
