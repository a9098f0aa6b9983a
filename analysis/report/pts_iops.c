// SPDX-License-Identifier: GPL-2.0-only
/*
 * The figures of PTS's IOPS and throughput tests (pts.h): their rounds are
 * the measurement (each round the whole matrix, test "round<N>", step
 * "<bs>-r<read %>"), so each cell is its step's mean over the rounds of
 * the steady-state window the runner judged (steady-state[-<bs>].json:
 * first_round..rounds).  A cell some round of the window lacks is not
 * printed.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "read/pts.h"
#include "report/pts_build.h"
#include "report/pts_fig.h"

/* PTS's read/write mixes, as its report's columns order them. */
static const int mixes[] = {0, 5, 35, 50, 65, 95, 100};
#define NMIX (sizeof(mixes) / sizeof(*mixes))

/* The rounds the figures average: the runner's verdict's window, else (no
 * verdict: an interrupted run) the last five rounds that ran, said so. */
struct window {
	int first, last;
};

static int round_of(const struct fr_pts_run *r)
{
	return strncmp(r->test, "round", 5) ? 0 : atoi(r->test + 5);
}

static void find_window(struct fr_pts_fig *fig, struct fr_pts_run **runs, struct window *w)
{
	const struct fr_pts_ss *ss = fig->ss;
	int mx = 0;

	for (; *runs; runs++)
		mx = round_of(*runs) > mx ? round_of(*runs) : mx;
	if (ss && ss->iops.rounds == (size_t)mx) {
		w->first = ss->iops.has_window ? ss->iops.first_round : 0;
		w->last = mx;
	} else {
		w->first = mx > 5 ? mx - 4 : 1;
		w->last = mx;
		pts_note(fig, "no steady-state verdict for these rounds (the run was stopped?): "
			      "the figures average the last rounds that ran");
	}
	if (w->first < 1)
		w->first = 1;
}

/* The bytes of a fio block size ("4k", "512", "1024k", "1m"), 0 if unreadable. */
static double bytes_of(const char *bs)
{
	char *end;
	double v = bs ? strtod(bs, &end) : 0;

	if (!bs || end == bs)
		return 0;
	switch (*end) {
	case 'k':
	case 'K':
		return v * 1024;
	case 'm':
	case 'M':
		return v * 1024 * 1024;
	default:
		return v;
	}
}

/* step's mean IOPS (mbps: MB/s) over the window, NAN unless every round of
 * it has the step; *bs the block size it ran. */
static double window_mean(struct fr_pts_run **runs, const char *step, const struct window *w,
			  bool mbps, const char **bs)
{
	double sum = 0;
	int n = 0;

	for (; *runs; runs++) {
		const struct fr_pts_run *r = *runs;
		int k = round_of(r);

		if (k < w->first || k > w->last || strcmp(r->step, step))
			continue;
		sum += mbps ? fr_pts_mbps(r) : fr_pts_iops(r);
		n++;
		*bs = fr_pts_opt(r, "bs");
	}
	return n == w->last - w->first + 1 ? sum / n : NAN;
}

/* The block sizes the rounds ran, by their step names, smallest first. */
static size_t block_sizes(struct fr_pts_run **runs, const char *bss[], size_t max)
{
	size_t n = 0, i, j;

	for (; *runs; runs++) {
		const char *s = (*runs)->step, *dash = strrchr(s, '-');
		bool seen = false;

		if (!round_of(*runs) || !dash)
			continue;
		for (i = 0; i < n && !seen; i++)
			seen = !strncmp(bss[i], s, (size_t)(dash - s)) && bss[i][dash - s] == '-';
		if (!seen && n < max)
			bss[n++] = s;
	}
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && bytes_of(bss[j]) < bytes_of(bss[j - 1]); j--) {
			const char *t = bss[j];

			bss[j] = bss[j - 1];
			bss[j - 1] = t;
		}
	return n;
}

/* "<bs>" of a step name "<bs>-r<mix>" into buf. */
static const char *bs_name(const char *step, char *buf, size_t len)
{
	const char *dash = strrchr(step, '-');

	snprintf(buf, len, "%.*s", dash ? (int)(dash - step) : (int)strlen(step), step);
	return buf;
}

/* The row's label: the step's block size, and what ran when a setting
 * (SSDNVME_PTS_LARGE_BS) made it smaller. */
static void row_label(char *buf, size_t len, const char *name, const char *ran)
{
	if (ran && bytes_of(ran) != bytes_of(name))
		snprintf(buf, len, "%s (ran %s)", name, ran);
	else
		snprintf(buf, len, "%s", name);
}

void fr_pts_iops_fig(struct fr_pts_fig *fig, struct fr_pts_run **runs)
{
	const char *bss[16];
	size_t nbs = block_sizes(runs, bss, 16), i, m;
	bool ran[NMIX] = {false};
	char cols[256] = "block size", step[64], name[32], label[64];
	struct fr_pts_table *rows;
	struct fr_pts_chart *line, *bars;
	struct fr_pts_line *ls[NMIX] = {NULL}, *bs_[NMIX] = {NULL};
	struct window w;

	find_window(fig, runs, &w);
	/* the columns: the mixes that ran */
	for (m = 0; m < NMIX; m++) {
		for (struct fr_pts_run **p = runs; *p && !ran[m]; p++) {
			const char *r = strrchr((*p)->step, 'r');

			ran[m] = round_of(*p) && r && atoi(r + 1) == mixes[m];
		}
		if (ran[m])
			snprintf(cols + strlen(cols), sizeof(cols) - strlen(cols), ",%d/%d",
				 mixes[m], 100 - mixes[m]);
	}
	rows = pts_table(fig, "IOPS (read/write mix), mean of the steady-state window", cols);
	line = pts_chart(fig, "IOPS vs block size, one line per read/write mix", "block size (KiB)",
			 "IOPS");
	if (line)
		line->x_scale = "log2";
	bars = pts_chart(fig, "IOPS by block size and read/write mix", "block size (KiB)", "IOPS");
	if (bars)
		bars->kind = "bars3d";
	for (m = 0; m < NMIX; m++) {
		if (!ran[m])
			continue;
		snprintf(name, sizeof(name), "%d/%d", mixes[m], 100 - mixes[m]);
		ls[m] = pts_series(line, name);
		bs_[m] = pts_series(bars, name);
	}
	for (i = 0; i < nbs; i++) {
		const char *bs = NULL;
		struct fr_pts_row *rw;
		double kib = 0;

		bs_name(bss[i], name, sizeof(name));
		for (m = 0; m < NMIX; m++) {
			double v;

			if (!ran[m])
				continue;
			snprintf(step, sizeof(step), "%s-r%d", name, mixes[m]);
			v = window_mean(runs, step, &w, false, &bs);
			kib = bytes_of(bs ? bs : name) / 1024;
			pts_point(ls[m], kib, v);
			pts_point(bs_[m], kib, v);
			if (!strcmp(step, "4k-r0"))
				pts_merit(fig, "4k_0_100_iops", v, true);
			else if (!strcmp(step, "4k-r100"))
				pts_figure(fig, "4k_100_0_iops", v);
			else if (!strcmp(step, "4k-r65"))
				pts_figure(fig, "4k_65_35_iops", v);
		}
		row_label(label, sizeof(label), name, bs);
		rw = pts_row(rows, label);
		for (m = 0; m < NMIX; m++) {
			if (!ran[m])
				continue;
			snprintf(step, sizeof(step), "%s-r%d", name, mixes[m]);
			pts_cell(rw, window_mean(runs, step, &w, false, &bs));
		}
	}
	pts_figure(fig, "window_first_round", w.first);
	pts_figure(fig, "window_last_round", w.last);
}

void fr_pts_tp_fig(struct fr_pts_fig *fig, struct fr_pts_run **runs, const char *part)
{
	struct fr_pts_table *rows = pts_table(fig, "throughput, mean of the steady-state window",
					      "step,rw/bs,MB/s,IOPS");
	struct fr_pts_chart *c = pts_chart(fig, "MB/s per round", "round", "MB/s");
	static const char *const dirs[] = {"read", "write"};
	struct window w;
	int d;

	find_window(fig, runs, &w);
	for (d = 0; d < 2; d++) {
		struct fr_pts_line *s = pts_series(c, dirs[d]);
		struct fr_pts_row *rw;
		const char *bs = NULL;
		char step[64], what[64];
		double mbps;

		snprintf(step, sizeof(step), "%s-r%d", part, d ? 0 : 100);
		for (struct fr_pts_run **p = runs; *p; p++)
			if (round_of(*p) && !strcmp((*p)->step, step))
				pts_point(s, round_of(*p), fr_pts_mbps(*p));
		mbps = window_mean(runs, step, &w, true, &bs);
		snprintf(what, sizeof(what), "%s/%s", d ? "write" : "read", bs ? bs : "?");
		rw = pts_row(rows, d ? "0/100" : "100/0");
		pts_cell_str(rw, what);
		pts_cell(rw, mbps);
		pts_cell(rw, window_mean(runs, step, &w, false, &bs));
		if (d)
			pts_merit(fig, "write_mbps", mbps, true);
		else
			pts_figure(fig, "read_mbps", mbps);
	}
	pts_figure(fig, "window_first_round", w.first);
	pts_figure(fig, "window_last_round", w.last);
}
