// SPDX-License-Identifier: GPL-2.0-only
/*
 * The figures of each PTS test as a page of the report model
 * (pts_report.h), which every output format renders: the report header, the steady-state rounds,
 * the test's figures (its figure of merit first), tables and chart series.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "util/json_get.h"
#include "read/pts.h"
#include "report/pts_build.h"
#include "report/pts_fig.h"
#include "report/pts_ss.h"
#include "report/pts_tails.h"
#include "read/read_fio_log.h"

const struct fr_pts_page fr_pts_pages[FR_PTS_NPAGES] = {
	{"pts-wsat", NULL, "wsat"},   {"pts-hir", NULL, "ws5"},	 {"pts-xsr", NULL, "xsr"},
	{"pts-dirth", NULL, "dirth"}, {"pts-lat", NULL, "lat"},	 {"pts-iops", NULL, NULL},
	{"pts-tp", "128k", NULL},     {"pts-tp", "1024k", NULL},
};

/* ------------------------------------------------------------ steady state */

/* The rounds and the verdict the runner wrote
 * (<drive>/<suite>/steady-state[-<part>].json); returns that file, read
 * once, for the measures' verdicts after the test's own figures
 * (pts_tails()), NULL when there is none. */
static struct json_object *steady_state(struct fr_pts_fig *fig, const struct fr_pts_drive *d,
					const char *suite, const char *part,
					struct fr_pts_run **runs)
{
	char *p;
	struct json_object *v, *rounds;

	if (asprintf(&p, "%s/%s/%s/steady-state%s%s.json", d->dir, d->label, suite, part ? "-" : "",
		     part ? part : "") < 0)
		return NULL;
	v = fr_json_load_file(p);
	rounds = fr_json_get(v, "round_iops");
	if (v && json_object_is_type(rounds, json_type_array)) {
		struct fr_pts_chart *c =
			pts_chart(fig, "steady-state convergence", "round", "IOPS");
		struct fr_pts_line *s = pts_series(c, "round IOPS");
		size_t i;

		for (i = 0; i < json_object_array_length(rounds); i++)
			pts_point(s, (double)(i + 1),
				  json_object_get_double(json_object_array_get_idx(rounds, i)));
		fig->ss = pts_steady_state(v, p, runs);
		if (fig->ss) /* fiorank's own figures, not the file's */
			pts_window_lines(c, &fig->ss->iops, "");
		free(p);
		return v;
	}
	free(p);
	json_object_put(v);
	return NULL;
}

/* ------------------------------------------------------------ the tests */

static void wsat(struct fr_pts_fig *fig, struct fr_pts_run **runs)
{
	const struct fr_pts_run *r = pts_first_of(runs, "wsat");
	struct fr_pts_series s;
	struct fr_pts_line *t, *g;
	double tgb = 0, last = 0;
	size_t i, k0;

	if (!r)
		return;
	pts_figure(
		fig, "tgbw_gb",
		fr_json_num(fr_json_get(json_object_array_get_idx(fr_json_get(r->fio, "jobs"), 0),
					"write"),
			    "io_bytes") /
			1e9);
	pts_figure(fig, "mean_iops", fr_pts_iops(r));
	if (fr_pts_log(r, "iops", &s)) {
		pts_note(fig, "no whole second that every job's IOPS log has (a run shorter than a "
			      "second per job, or no log beside the run): no IOPS against time");
		return;
	}
	t = pts_series(pts_chart(fig, "IOPS vs time", "s", "IOPS"), "4 KiB random write");
	g = pts_series(pts_chart(fig, "IOPS vs total GB written", "GB", "IOPS"),
		       "4 KiB random write");
	for (i = 0; i < s.n; i++) {
		tgb += s.v[i] * (s.bs > 0 ? s.bs : 4096) / 1e9;
		pts_point(t, s.t_s[i], s.v[i]);
		pts_point(g, tgb, s.v[i]);
	}
	/* the last tenth of the run (at least one interval): where WSAT ends */
	k0 = s.n - (s.n / 10 ? s.n / 10 : 1);
	for (i = k0; i < s.n; i++)
		last += s.v[i] / (double)(s.n - k0);
	pts_figure(fig, "fob_iops", s.v[0]);
	pts_merit(fig, "final_iops", last, true);
	fr_pts_series_free(&s);
}

static void hir(struct fr_pts_fig *fig, struct fr_pts_run **runs)
{
	struct fr_pts_table *rows = pts_table(
		fig, "wait states",
		"wait state,bursts,mean burst IOPS,min burst IOPS,max burst IOPS,baseline IOPS");
	struct fr_pts_chart *bursts = pts_chart(fig, "IOPS per burst", "burst (in order)", "IOPS");
	struct fr_pts_line *cur = NULL;
	const char *ws = NULL;
	double n = 0, sum = 0, mn = NAN, mx = NAN, x = 0;

	for (; *runs; runs++) {
		const struct fr_pts_run *r = *runs;
		double v = fr_pts_iops(r);

		if (strncmp(r->test, "ws", 2))
			continue;
		if (!ws || strcmp(ws, r->test)) {
			ws = r->test;
			cur = pts_series(bursts, ws);
			n = sum = 0;
			mn = mx = NAN;
		}
		if (!strcmp(r->step, "base")) {
			struct fr_pts_row *rw = pts_row(rows, ws);

			pts_cell(rw, n);
			pts_cell(rw, n ? sum / n : NAN);
			pts_cell(rw, mn);
			pts_cell(rw, mx);
			pts_cell(rw, v);
			continue;
		}
		pts_point(cur, ++x, v);
		n++;
		sum += v;
		mn = isnan(mn) || v < mn ? v : mn;
		mx = isnan(mx) || v > mx ? v : mx;
	}
}

static void xsr(struct fr_pts_fig *fig, struct fr_pts_run **runs)
{
	struct fr_pts_table *rows = pts_table(
		fig, "segments",
		"segment,rw/bs,logged seconds,mean MB/s,first second MB/s,last second MB/s");
	struct fr_pts_chart *c = pts_chart(fig, "throughput across the transitions", "s", "MB/s");
	double t0 = 0;

	for (; *runs; runs++) {
		const struct fr_pts_run *r = *runs;
		struct fr_pts_series s;
		struct fr_pts_row *rw = pts_row(rows, r->step);
		struct fr_pts_line *sr = pts_series(c, r->step);
		char what[64];
		size_t i;
		bool have = !fr_pts_log(r, "bw", &s);

		snprintf(what, sizeof(what), "%s/%s",
			 fr_pts_opt(r, "rw") ? fr_pts_opt(r, "rw") : "?",
			 fr_pts_opt(r, "bs") ? fr_pts_opt(r, "bs") : "?");
		pts_cell_str(rw, what);
		pts_cell(rw, have ? (double)s.n : NAN);
		pts_cell(rw, fr_pts_mbps(r));
		/* fio's bandwidth logs are in KiB/s */
		pts_cell(rw, have ? s.v[0] * 1024 / 1e6 : NAN);
		pts_cell(rw, have ? s.v[s.n - 1] * 1024 / 1e6 : NAN);
		for (i = 0; have && i < s.n; i++)
			pts_point(sr, t0 + s.t_s[i], s.v[i] * 1024 / 1e6);
		t0 += have ? (double)s.n : 0;
		if (have)
			fr_pts_series_free(&s);
	}
}

/* The run's latency histogram over reads and writes, from json+'s bins,
 * in power-of-two microsecond bins (the share of I/Os in each). */
static void histogram(struct fr_pts_fig *fig, const struct fr_pts_run *r, const char *point_name)
{
	static const char *const dirs[] = {"read", "write"};
	struct json_object *job = json_object_array_get_idx(fr_json_get(r->fio, "jobs"), 0);
	struct fr_pts_chart *c;
	struct fr_pts_line *s;
	double count[40] = {0}, total = 0;
	char name[128];
	int d, k, top = -1;

	snprintf(name, sizeof(name), "response-time histogram at the %s point (%s)", point_name,
		 fr_json_str(job, "jobname") ? fr_json_str(job, "jobname") : "?");
	c = pts_chart(fig, name, "response time up to (us, log2 bins)", "% of I/Os");
	s = pts_series(c, point_name);
	if (c)
		c->x_scale = "log2";
	for (d = 0; job && d < 2; d++) {
		struct json_object *bins =
			fr_json_get(fr_json_get(fr_json_get(job, dirs[d]), "clat_ns"), "bins");

		if (!json_object_is_type(bins, json_type_object))
			continue;
		json_object_object_foreach(bins, key, val)
		{
			double us = strtod(key, NULL) / 1000;

			k = us <= 1 ? 0 : (int)ceil(log2(us));
			k = k > 39 ? 39 : k;
			count[k] += json_object_get_double(val);
			total += json_object_get_double(val);
			top = k > top ? k : top;
		}
	}
	for (k = 0; total > 0 && k <= top; k++)
		pts_point(s, ldexp(1, k), 100 * count[k] / total);
}

static void dirth(struct fr_pts_fig *fig, struct fr_pts_run **runs)
{
	struct fr_pts_table *rows = pts_table(
		fig, "demand intensity", "step,threads,queue depth,IOPS,mean response time (ms)");
	struct fr_pts_table *pts = pts_table(fig, "operating points",
					     "point,step,IOPS,mean (ms),99.999 % (ms),max (ms)");
	struct fr_pts_chart *c = pts_chart(fig, "IOPS vs mean response time", "IOPS", "ms");
	struct fr_pts_line *s = NULL;
	const char *tc = NULL;

	for (struct fr_pts_run **p = runs; *p; p++) {
		const struct fr_pts_run *r = *p;

		if (!strcmp(r->test, "dirth")) {
			struct fr_pts_row *rw = pts_row(rows, r->step);
			const char *t = fr_pts_opt(r, "numjobs");

			pts_cell(rw, t ? atof(t) : NAN);
			pts_cell(rw,
				 fr_pts_opt(r, "iodepth") ? atof(fr_pts_opt(r, "iodepth")) : NAN);
			pts_cell(rw, fr_pts_iops(r));
			pts_cell(rw, fr_pts_mean_us(r) / 1000);
			if (!tc || !t || strcmp(tc, t)) {
				char n[32];

				tc = t;
				snprintf(n, sizeof(n), "T%s", t ? t : "?");
				s = pts_series(c, n);
			}
			pts_point(s, fr_pts_iops(r), fr_pts_mean_us(r) / 1000);
		} else if (!strcmp(r->test, "histogram")) {
			struct fr_pts_row *rw = pts_row(pts, r->step);
			const char *name = fr_json_str(
				json_object_array_get_idx(fr_json_get(r->fio, "jobs"), 0),
				"jobname");
			const char *tq = name ? strrchr(name, '-') : NULL;

			pts_cell_str(rw, tq ? tq + 1 : "?");
			pts_cell(rw, fr_pts_iops(r));
			pts_cell(rw, fr_pts_mean_us(r) / 1000);
			pts_cell(rw, fr_pts_pct_us(r, 99.999) / 1000);
			pts_cell(rw, fr_pts_max_us(r) / 1000);
			if (!strcmp(r->step, "max"))
				pts_merit(fig, "max_point_iops", fr_pts_iops(r), true);
			histogram(fig, r, r->step);
		}
	}
}

static void lat(struct fr_pts_fig *fig, struct fr_pts_run **runs)
{
	struct fr_pts_table *rows = pts_table(
		fig, "latency", "block size-read %,IOPS,mean (us),max (us),99.999 % (us)");
	struct fr_pts_chart *c = pts_chart(fig, "mean and 99.999 % response time", "step", "us");
	struct fr_pts_line *m = pts_series(c, "mean"), *n9 = pts_series(c, "99.999 %");
	double x = 0;

	if (c)
		c->y_scale = "log10";

	for (; *runs; runs++) {
		const struct fr_pts_run *r = *runs;
		struct fr_pts_row *rw;

		if (strcmp(r->test, "lat"))
			continue;
		rw = pts_row(rows, r->step);
		pts_cell(rw, fr_pts_iops(r));
		pts_cell(rw, fr_pts_mean_us(r));
		pts_cell(rw, fr_pts_max_us(r));
		pts_cell(rw, fr_pts_pct_us(r, 99.999));
		x++;
		pts_chart_label(c, r->step);
		pts_point(m, x, fr_pts_mean_us(r));
		pts_point(n9, x, fr_pts_pct_us(r, 99.999));
		if (!strcmp(r->step, "4k-r65"))
			pts_merit(fig, "4k_65_35_mean_us", fr_pts_mean_us(r), false);
	}
}

/* The runs of one block size of the throughput test (its purge and WIPC
 * are steps named by it, its rounds' steps start with it), in place. */
static void keep_part(struct fr_pts_run **runs, const char *part)
{
	size_t i, k = 0, n = strlen(part);

	for (i = 0; runs[i]; i++)
		if (!strncmp(runs[i]->step, part, n) &&
		    (runs[i]->step[n] == '-' || runs[i]->step[n] == 0))
			runs[k++] = runs[i];
	runs[k] = NULL;
}

struct fr_pts_fig *fr_pts_figures(struct fr_pts_drive *d, const struct fr_pts_page *page)
{
	struct fr_pts_run **runs = fr_pts_runs(d, page->suite);
	struct fr_pts_fig *fig;
	struct json_object *verdict;
	const struct fr_pts_run *measured = NULL;
	char name[256];
	size_t i;

	if (runs && page->part)
		keep_part(runs, page->part);
	if (!runs || !runs[0] || !(fig = calloc(1, sizeof(*fig)))) {
		free(runs);
		return NULL;
	}
	if (page->main_test)
		measured = pts_first_of(runs, page->main_test);
	if (!measured)
		for (i = 0; runs[i] && !measured; i++)
			if (strcmp(runs[i]->test, "wipc") && strcmp(runs[i]->test, "wdpc") &&
			    strcmp(runs[i]->test, "purge"))
				measured = runs[i];
	pts_drive_name(name, sizeof(name), d);
	fig->label = strdup(d->label);
	fig->drive = strdup(name);
	fig->test = page->suite;
	fig->part = page->part;
	pts_header(fig, d, runs, measured);
	verdict = steady_state(fig, d, page->suite, page->part, runs);
	if (!strcmp(page->suite, "pts-wsat"))
		wsat(fig, runs);
	else if (!strcmp(page->suite, "pts-hir"))
		hir(fig, runs);
	else if (!strcmp(page->suite, "pts-xsr"))
		xsr(fig, runs);
	else if (!strcmp(page->suite, "pts-dirth"))
		dirth(fig, runs);
	else if (!strcmp(page->suite, "pts-lat"))
		lat(fig, runs);
	else if (!strcmp(page->suite, "pts-iops"))
		fr_pts_iops_fig(fig, runs);
	else if (!strcmp(page->suite, "pts-tp"))
		fr_pts_tp_fig(fig, runs, page->part);
	if (verdict && fig->ss) /* after the test's own tables and charts */
		pts_tails(fig, fig->ss, verdict, runs);
	json_object_put(verdict);
	free(runs);
	return fig;
}
