// SPDX-License-Identifier: GPL-2.0-only
/*
 * The figures of each PTS test as one JSON object (pts.h), which every
 * output format renders: the report header, the steady-state rounds, the
 * test's figures (its figure of merit first), tables and chart series.
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

/* ------------------------------------------------------------ header */

/*
 * The drive's name on its pages: the runner names a drive after its device
 * node ("ng0n1"); that one is named by model, serial and namespace as the
 * ranking report names it ("QEMU NVMe Ctrl deadbeef ns1").  A label of the
 * user's, or a drive without model and serial (a file), keeps its label.
 */
static void drive_name(char *buf, size_t len, const struct fr_pts_drive *d)
{
	const char *model = fr_json_str(d->drive, "model"),
		   *serial = fr_json_str(d->drive, "serial");
	const char *path = fr_json_str(d->drive, "path"), *base = path ? strrchr(path, '/') : NULL;
	struct json_object *nsid = fr_json_get(d->drive, "nsid");

	base = base ? base + 1 : path;
	if (!model || !*model || !serial || !*serial || !base || strcmp(base, d->label)) {
		snprintf(buf, len, "%s", d->label);
		return;
	}
	if (json_object_is_type(nsid, json_type_int))
		snprintf(buf, len, "%s %s ns%d", model, serial, json_object_get_int(nsid));
	else
		snprintf(buf, len, "%s %s", model, serial);
}

static const struct fr_pts_run *first_of(struct fr_pts_run **runs, const char *test)
{
	for (; *runs; runs++)
		if (!strcmp((*runs)->test, test))
			return *runs;
	return NULL;
}

static void header(struct json_object *fig, const struct fr_pts_drive *d, struct fr_pts_run **runs,
		   const struct fr_pts_run *measured)
{
	struct json_object *h = json_object_new_object(), *sys = fr_json_get(d->manifest, "system");
	static const char *const drive_keys[] = {"path",     "kind", "model",	 "serial",
						 "firmware", "nsid", "lba_size", "capacity_bytes"};
	const struct fr_pts_run *ss = first_of(runs, "wdpc"), *wipc = first_of(runs, "wipc");
	char buf[160];
	size_t i;

	pts_put_str(h, "drive", d->label);
	for (i = 0; i < sizeof(drive_keys) / sizeof(*drive_keys); i++) {
		struct json_object *v = fr_json_get(d->drive, drive_keys[i]);

		pts_put(h, drive_keys[i], v ? json_object_get(v) : NULL);
	}
	pts_put_str(h, "host", fr_json_str(sys, "host"));
	pts_put_str(h, "cpu", fr_json_str(sys, "cpu"));
	pts_put_str(h, "kernel", fr_json_str(sys, "kernel"));
	pts_put_str(h, "fio_version", fr_json_str(d->manifest, "fio_version"));
	pts_put_str(h, "engine", fr_json_str(d->manifest, "engine"));
	pts_put_str(h, "mode", fr_json_str(d->manifest, "mode"));
	pts_put_str(h, "purge", d->purge ? d->purge : "none (not fresh-out-of-box)");
	if (wipc) {
		snprintf(buf, sizeof(buf), "2 x capacity, %s sequential writes",
			 fr_pts_opt(wipc, "bs") ? fr_pts_opt(wipc, "bs") : "?");
		pts_put_str(h, "wipc", buf);
	} else {
		pts_put_str(h, "wipc", "none");
	}
	if (measured && !strncmp(measured->test, "round", 5)) {
		/* IOPS and throughput: PTS's loop, the rounds are the test */
		pts_put_str(h, "wdpc",
			    "the test's own rounds (each the whole test), to steady "
			    "state");
	} else if (ss) {
		snprintf(buf, sizeof(buf), "rounds of %s %s, %s jobs x QD %s, to steady state",
			 fr_pts_opt(ss, "bs") ? fr_pts_opt(ss, "bs") : "?",
			 fr_pts_opt(ss, "rw") ? fr_pts_opt(ss, "rw") : "?",
			 fr_pts_opt(ss, "numjobs") ? fr_pts_opt(ss, "numjobs") : "1",
			 fr_pts_opt(ss, "iodepth") ? fr_pts_opt(ss, "iodepth") : "1");
		pts_put_str(h, "wdpc", buf);
	} else {
		pts_put_str(h, "wdpc", "none");
	}
	if (measured) {
		pts_put_str(h, "active_range", fr_pts_opt(measured, "size"));
		pts_put_str(h, "threads",
			    fr_pts_opt(measured, "numjobs") ? fr_pts_opt(measured, "numjobs")
							    : "1");
		pts_put_str(h, "queue_depth",
			    fr_pts_opt(measured, "iodepth") ? fr_pts_opt(measured, "iodepth")
							    : "1");
	}
	/* the job files set no buffer pattern: fio's default buffers */
	pts_put_str(h, "data_pattern",
		    "fio's default: pseudo-random buffers, refilled per I/O (scramble_buffers)");
	pts_put(fig, "header", h);
}

/* The rounds and the verdict the runner wrote
 * (<drive>/<suite>/steady-state[-<part>].json); returns that file, read
 * once, for the measures' verdicts after the test's own figures
 * (pts_tails()), NULL when there is none. */
static struct json_object *steady_state(struct json_object *fig, const struct fr_pts_drive *d,
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
		struct json_object *list =
			pts_chart(fig, "steady-state convergence", "round", "IOPS");
		struct json_object *s = pts_series(list, "round IOPS");
		size_t i;

		for (i = 0; i < json_object_array_length(rounds); i++)
			pts_point(s, (double)(i + 1),
				  json_object_get_double(json_object_array_get_idx(rounds, i)));
		struct json_object *ss = pts_steady_state(v, p, runs);

		pts_window_lines(list, ss, ""); /* fiorank's own figures, not the file's */
		pts_put(fig, "steady_state", ss);
		free(p);
		return v;
	}
	free(p);
	json_object_put(v);
	return NULL;
}

/* ------------------------------------------------------------ the tests */

static void wsat(struct json_object *fig, struct fr_pts_run **runs)
{
	const struct fr_pts_run *r = first_of(runs, "wsat");
	struct fr_pts_series s;
	struct json_object *t, *g;
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
		pts_put_str(fig, "note",
			    "no whole second that every job's IOPS log has (a run shorter than a "
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

static void hir(struct json_object *fig, struct fr_pts_run **runs)
{
	struct json_object *rows = pts_table(
		fig, "wait states",
		"wait state,bursts,mean burst IOPS,min burst IOPS,max burst IOPS,baseline IOPS");
	struct json_object *bursts = pts_chart(fig, "IOPS per burst", "burst (in order)", "IOPS"),
			   *cur = NULL;
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
			struct json_object *rw = pts_row(rows, ws);

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

static void xsr(struct json_object *fig, struct fr_pts_run **runs)
{
	struct json_object *rows = pts_table(
		fig, "segments",
		"segment,rw/bs,logged seconds,mean MB/s,first second MB/s,last second MB/s");
	struct json_object *c = pts_chart(fig, "throughput across the transitions", "s", "MB/s");
	double t0 = 0;

	for (; *runs; runs++) {
		const struct fr_pts_run *r = *runs;
		struct fr_pts_series s;
		struct json_object *rw = pts_row(rows, r->step), *sr = pts_series(c, r->step);
		char what[64];
		size_t i;
		bool have = !fr_pts_log(r, "bw", &s);

		snprintf(what, sizeof(what), "%s/%s",
			 fr_pts_opt(r, "rw") ? fr_pts_opt(r, "rw") : "?",
			 fr_pts_opt(r, "bs") ? fr_pts_opt(r, "bs") : "?");
		json_object_array_add(rw, json_object_new_string(what));
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
static void histogram(struct json_object *fig, const struct fr_pts_run *r, const char *point_name)
{
	static const char *const dirs[] = {"read", "write"};
	struct json_object *job = json_object_array_get_idx(fr_json_get(r->fio, "jobs"), 0), *s;
	double count[40] = {0}, total = 0;
	char name[128];
	int d, k, top = -1;

	snprintf(name, sizeof(name), "response-time histogram at the %s point (%s)", point_name,
		 fr_json_str(job, "jobname") ? fr_json_str(job, "jobname") : "?");
	s = pts_series(pts_chart(fig, name, "response time up to (us, log2 bins)", "% of I/Os"),
		       point_name);
	pts_chart_set(fig, "x_scale", "log2");
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

static void dirth(struct json_object *fig, struct fr_pts_run **runs)
{
	struct json_object *rows = pts_table(
		fig, "demand intensity", "step,threads,queue depth,IOPS,mean response time (ms)");
	struct json_object *pts = pts_table(fig, "operating points",
					    "point,step,IOPS,mean (ms),99.999 % (ms),max (ms)");
	struct json_object *c = pts_chart(fig, "IOPS vs mean response time", "IOPS", "ms"),
			   *s = NULL;
	const char *tc = NULL;

	for (struct fr_pts_run **p = runs; *p; p++) {
		const struct fr_pts_run *r = *p;

		if (!strcmp(r->test, "dirth")) {
			struct json_object *rw = pts_row(rows, r->step);
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
			struct json_object *rw = pts_row(pts, r->step);
			const char *name = fr_json_str(
				json_object_array_get_idx(fr_json_get(r->fio, "jobs"), 0),
				"jobname");
			const char *tq = name ? strrchr(name, '-') : NULL;

			json_object_array_add(rw, json_object_new_string(tq ? tq + 1 : "?"));
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

static void lat(struct json_object *fig, struct fr_pts_run **runs)
{
	struct json_object *rows = pts_table(
		fig, "latency", "block size-read %,IOPS,mean (us),max (us),99.999 % (us)");
	struct json_object *c = pts_chart(fig, "mean and 99.999 % response time", "step", "us");

	pts_chart_set(fig, "y_scale", "log10");
	struct json_object *m = pts_series(c, "mean"), *n9 = pts_series(c, "99.999 %");
	double x = 0;

	for (; *runs; runs++) {
		const struct fr_pts_run *r = *runs;
		struct json_object *rw;

		if (strcmp(r->test, "lat"))
			continue;
		rw = pts_row(rows, r->step);
		pts_cell(rw, fr_pts_iops(r));
		pts_cell(rw, fr_pts_mean_us(r));
		pts_cell(rw, fr_pts_max_us(r));
		pts_cell(rw, fr_pts_pct_us(r, 99.999));
		x++;
		pts_chart_label(fig, r->step);
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

_Static_assert(FR_PTS_NPAGES <= FR_PTS_FIG_SLOTS, "a kept figures slot per page");

static struct json_object *make_figures(struct fr_pts_drive *d, const struct fr_pts_page *page);

struct json_object *fr_pts_figures(struct fr_pts_drive *d, const struct fr_pts_page *page)
{
	size_t slot = (size_t)(page - fr_pts_pages);

	if (slot >= FR_PTS_NPAGES) /* not one of the report's pages: not kept */
		return make_figures(d, page);
	if (!d->figs_made[slot]) {
		d->figs[slot] = make_figures(d, page);
		d->figs_made[slot] = true;
	}
	return d->figs[slot] ? json_object_get(d->figs[slot]) : NULL;
}

static struct json_object *make_figures(struct fr_pts_drive *d, const struct fr_pts_page *page)
{
	struct fr_pts_run **runs = fr_pts_runs(d, page->suite);
	struct json_object *fig, *verdict;
	const struct fr_pts_run *measured = NULL;
	char name[256];
	size_t i;

	if (runs && page->part)
		keep_part(runs, page->part);
	if (!runs || !runs[0]) {
		free(runs);
		return NULL;
	}
	if (page->main_test)
		measured = first_of(runs, page->main_test);
	if (!measured)
		for (i = 0; runs[i] && !measured; i++)
			if (strcmp(runs[i]->test, "wipc") && strcmp(runs[i]->test, "wdpc") &&
			    strcmp(runs[i]->test, "purge"))
				measured = runs[i];
	fig = json_object_new_object();
	drive_name(name, sizeof(name), d);
	pts_put_str(fig, "drive", name);
	pts_put_str(fig, "test", page->suite);
	pts_put_str(fig, "part", page->part);
	header(fig, d, runs, measured);
	pts_put(fig, "figures", json_object_new_object());
	pts_put(fig, "tables", json_object_new_array());
	pts_put(fig, "charts", json_object_new_array());
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
	if (verdict) /* after the test's own tables and charts */
		pts_tails(fig, fr_json_get(fig, "steady_state"), verdict, runs);
	json_object_put(verdict);
	free(runs);
	return fig;
}
