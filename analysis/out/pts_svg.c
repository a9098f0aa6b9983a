// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PTS pages' charts as inline SVG (pts_html.c): a chart of the report
 * model (report/pts_report.h) drawn by the report's chart axes and legend
 * (chart/plot.h) with its rendering hints: x_scale "log2" (ticks at the
 * points' x), x_labels (a name per x = 1, 2, ...), y_scale "log10", kind
 * "bars3d"; the steady-state charts' measurement window shaded and their
 * guide lines (window average, +-10 %, least-squares slope) dashed.
 */
#include <stdlib.h>
#include <string.h>

#include "util/escape.h"
#include "out/pts_out.h"
#include "chart/plot.h"

static bool is(const char *hint, const char *value)
{
	return hint && !strcmp(hint, value);
}

static enum fr_plot_x x_kind(const struct fr_pts_chart *c)
{
	if (is(c->kind, "bars3d"))
		return FR_PLOT_X_BARS3D;
	if (c->nlabels)
		return FR_PLOT_X_NAMED;
	return is(c->x_scale, "log2") ? FR_PLOT_X_LOG2 : FR_PLOT_X_LINEAR;
}

void fr_pts_svg_chart(FILE *f, const struct fr_pts_chart *c)
{
	struct fr_plot_line *lines = calloc(c->nlines + 1, sizeof(*lines));
	struct fr_plot p = {
		.title = c->name,
		.xlabel = c->x,
		.ylabel = c->y,
		.lines = lines,
		.n = c->nlines,
		.x_kind = x_kind(c),
		.x_names = (const char *const *)c->x_labels,
		.nx_names = c->nlabels,
		.y_log = is(c->y_scale, "log10"),
		.band = c->has_window,
		.band_lo = c->window_lo,
		.band_hi = c->window_hi,
		.band_name = "PTS measurement window",
	};

	if (!lines)
		return;
	for (size_t i = 0; i < c->nlines; i++)
		lines[i] = (struct fr_plot_line){c->lines[i]->name, c->lines[i]->x, c->lines[i]->y,
						 c->lines[i]->n, c->lines[i]->guide};
	fputs("<figure><figcaption>", f);
	fr_html_escape(f, c->name);
	if (p.x_kind == FR_PLOT_X_BARS3D)
		fputs(" (3D style: the front row on the axis' scale, each row behind set back "
		      "and up by its depth)",
		      f);
	if (p.band)
		fputs(" (shaded: the measurement window; dashed: its average, +-10 % and "
		      "least-squares slope)",
		      f);
	fputs("</figcaption>\n", f);
	fr_svg_plot(f, &p);
	fputs("</figure>\n", f);
	free(lines);
}
