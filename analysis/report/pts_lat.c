// SPDX-License-Identifier: GPL-2.0-only
/*
 * The figures of PTS's LAT test (pts_fig.h): PTS reports response times
 * as a grid, rows the block sizes, columns the read/write mixes, one grid
 * per statistic.  The rows and columns are the block sizes and mixes the
 * runs' step names ("<bs>-r<read %>") say, whatever they are; a cell no
 * run filled is not printed; a step named otherwise keeps a row of its
 * own in a list after the grids, so nothing that ran is left out.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "read/pts.h"
#include "report/pts_build.h"
#include "report/pts_fig.h"

#define MAX_AXIS 16

/* The grid's axes: block sizes smallest first, mixes as PTS orders them
 * (most reads first: 100/0, 65/35, 0/100). */
struct axes {
	char bs[MAX_AXIS][32];
	double bytes[MAX_AXIS];
	size_t nbs;
	int mix[MAX_AXIS];
	size_t nmix;
};

/* A step name's block size and read %; false when it is not "<bs>-r<n>". */
static bool parse_step(const char *step, char *bs, size_t len, int *read_pct)
{
	const char *dash = strrchr(step, '-');
	char *end;
	long pct;

	if (!dash || dash == step || dash[1] != 'r' || (size_t)(dash - step) >= len)
		return false;
	pct = strtol(dash + 2, &end, 10);
	if (end == dash + 2 || *end || pct < 0 || pct > 100)
		return false;
	snprintf(bs, len, "%.*s", (int)(dash - step), step);
	*read_pct = (int)pct;
	return pts_bs_bytes(bs) > 0;
}

/* Adds a block size and a mix to the axes, in their order; false when an
 * axis is full (the step then goes to the list). */
static bool add_axes(struct axes *a, const char *bs, int pct)
{
	double bytes = pts_bs_bytes(bs);
	size_t i, k;

	for (i = 0; i < a->nbs && a->bytes[i] < bytes; i++)
		;
	if (i == a->nbs || a->bytes[i] != bytes) {
		if (a->nbs == MAX_AXIS)
			return false;
		for (k = a->nbs++; k > i; k--) {
			a->bytes[k] = a->bytes[k - 1];
			memcpy(a->bs[k], a->bs[k - 1], sizeof(a->bs[k]));
		}
		a->bytes[i] = bytes;
		snprintf(a->bs[i], sizeof(a->bs[i]), "%s", bs);
	}
	for (i = 0; i < a->nmix && a->mix[i] > pct; i++)
		;
	if (i == a->nmix || a->mix[i] != pct) {
		if (a->nmix == MAX_AXIS)
			return false;
		for (k = a->nmix++; k > i; k--)
			a->mix[k] = a->mix[k - 1];
		a->mix[i] = pct;
	}
	return true;
}

/* A new cell for the step, or NULL (out of memory, or the same block size
 * and mix ran before: the first is kept). */
static struct fr_pts_lat_cell *new_cell(struct fr_pts_fig *fig, const char *bs, int pct,
					const struct fr_pts_run *r)
{
	struct fr_pts_lat_cell *c;

	for (size_t i = 0; i < fig->nlat_cells; i++)
		if (fig->lat_cells[i].bytes == pts_bs_bytes(bs) &&
		    fig->lat_cells[i].read_pct == pct)
			return NULL;
	c = pts_grow(fig->lat_cells, fig->nlat_cells, sizeof(*c));
	if (!c)
		return NULL;
	fig->lat_cells = c;
	c += fig->nlat_cells++;
	c->block_size = strdup(bs);
	c->bytes = pts_bs_bytes(bs);
	c->read_pct = pct;
	c->iops = fr_pts_iops(r);
	c->mean_us = fr_pts_mean_us(r);
	c->max_us = fr_pts_max_us(r);
	c->p99_999_us = fr_pts_pct_us(r, 99.999);
	return c;
}

static double stat_of(const struct fr_pts_lat_cell *c, int stat)
{
	switch (stat) {
	case 0:
		return c->mean_us;
	case 1:
		return c->p99_999_us;
	case 2:
		return c->max_us;
	default:
		return c->iops;
	}
}

/* One grid: a row per block size, a column per mix, a statistic in each. */
static void grid(struct fr_pts_fig *fig, const struct axes *a, const char *name, int stat)
{
	char cols[16 * MAX_AXIS] = "block size";
	struct fr_pts_table *t;
	size_t i, m, k;

	for (m = 0; m < a->nmix; m++)
		snprintf(cols + strlen(cols), sizeof(cols) - strlen(cols), ",%d/%d", a->mix[m],
			 100 - a->mix[m]);
	t = pts_table(fig, name, cols);
	for (i = 0; i < a->nbs; i++) {
		struct fr_pts_row *rw = pts_row(t, a->bs[i]);

		for (m = 0; m < a->nmix; m++) {
			double v = NAN;

			for (k = 0; k < fig->nlat_cells; k++)
				if (fig->lat_cells[k].bytes == a->bytes[i] &&
				    fig->lat_cells[k].read_pct == a->mix[m])
					v = stat_of(&fig->lat_cells[k], stat);
			pts_cell(rw, v);
		}
	}
}

/* PTS's plot of the grid: a row of bars per mix over the block sizes. */
static void grid_chart(struct fr_pts_fig *fig, const struct axes *a)
{
	struct fr_pts_chart *c =
		pts_chart(fig, "mean response time by block size and read/write mix",
			  "block size (KiB)", "us");
	char name[16];

	if (c)
		c->kind = "bars3d";
	for (size_t m = 0; m < a->nmix; m++) {
		struct fr_pts_line *l;

		snprintf(name, sizeof(name), "%d/%d", a->mix[m], 100 - a->mix[m]);
		l = pts_series(c, name);
		for (size_t i = 0; i < a->nbs; i++) {
			double v = NAN;

			for (size_t k = 0; k < fig->nlat_cells; k++)
				if (fig->lat_cells[k].bytes == a->bytes[i] &&
				    fig->lat_cells[k].read_pct == a->mix[m])
					v = fig->lat_cells[k].mean_us;
			pts_point(l, a->bytes[i] / 1024, v);
		}
	}
}

/* The steps outside the grid, one row each, as the runs name them. */
static void outside(struct fr_pts_fig *fig, struct fr_pts_run **runs, const bool *in_grid)
{
	struct fr_pts_table *t = NULL;

	for (size_t i = 0; runs[i]; i++) {
		struct fr_pts_row *rw;

		if (in_grid[i] || strcmp(runs[i]->test, "lat"))
			continue;
		if (!t)
			t = pts_table(fig,
				      "latency, steps outside the grid (not named <block "
				      "size>-r<read %>, or run twice)",
				      "step,IOPS,mean (us),max (us),99.999 % (us)");
		rw = pts_row(t, runs[i]->step);
		pts_cell(rw, fr_pts_iops(runs[i]));
		pts_cell(rw, fr_pts_mean_us(runs[i]));
		pts_cell(rw, fr_pts_max_us(runs[i]));
		pts_cell(rw, fr_pts_pct_us(runs[i], 99.999));
	}
}

void fr_pts_lat_fig(struct fr_pts_fig *fig, struct fr_pts_run **runs)
{
	static const char *const grids[] = {
		"mean response time (us), block size x read/write mix",
		"99.999 % response time (us), block size x read/write mix",
		"max response time (us), block size x read/write mix",
		"IOPS, block size x read/write mix",
	};
	struct fr_pts_chart *c = pts_chart(fig, "mean and 99.999 % response time", "step", "us");
	struct fr_pts_line *m = pts_series(c, "mean"), *n9 = pts_series(c, "99.999 %");
	struct axes a = {.nbs = 0};
	size_t n = 0, i;
	bool *in_grid;
	double x = 0;

	while (runs[n])
		n++;
	in_grid = calloc(n + 1, sizeof(*in_grid));
	if (!in_grid)
		return;
	if (c)
		c->y_scale = "log10";
	for (i = 0; i < n; i++) {
		const struct fr_pts_run *r = runs[i];
		char bs[32];
		int pct;

		if (strcmp(r->test, "lat"))
			continue;
		x++;
		pts_chart_label(c, r->step);
		pts_point(m, x, fr_pts_mean_us(r));
		pts_point(n9, x, fr_pts_pct_us(r, 99.999));
		if (!parse_step(r->step, bs, sizeof(bs), &pct) || !add_axes(&a, bs, pct))
			continue;
		in_grid[i] = new_cell(fig, bs, pct, r) != NULL;
		if (in_grid[i] && pts_bs_bytes(bs) == 4096 && pct == 65)
			pts_merit(fig, "4k_65_35_mean_us", fr_pts_mean_us(r), false);
	}
	for (i = 0; a.nbs && i < sizeof(grids) / sizeof(*grids); i++)
		grid(fig, &a, grids[i], (int)i);
	if (a.nbs)
		grid_chart(fig, &a);
	outside(fig, runs, in_grid);
	free(in_grid);
}
