/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef FIORANK_SVG_H
#define FIORANK_SVG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Writes s with &, <, >, " and ' escaped for HTML text and attributes. */
void fr_html_escape(FILE *f, const char *s);

struct fr_series {
	const char *name;
	const double *x, *y;
	size_t n;
	bool markers_only; /* published points: no line, nothing is known between them */
};

/* Line chart of several series (points joined in the given order, or
 * markers only). */
void fr_svg_lines(FILE *f, const char *title, const char *xlabel, const char *ylabel,
		  const struct fr_series *s, size_t n);

struct fr_bar {
	const char *label;
	double value;
	const char *note; /* printed after the value, e.g. "1st" */
};

/* Horizontal bars, one per entry, in the given order. */
void fr_svg_bars(FILE *f, const char *title, const char *unit, const struct fr_bar *b, size_t n);

/* Vertical bars grouped by category: values[g * nseries + s]. */
void fr_svg_groups(FILE *f, const char *title, const char *unit, const char *const *groups,
		   size_t ngroups, const char *const *series, size_t nseries, const double *values);

#endif
