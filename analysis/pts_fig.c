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

#include "json_get.h"
#include "pts.h"
#include "read_fio_log.h"

#define NUM(v) (isnan(v) || isinf(v) ? NULL : json_object_new_double(v))

static void put(struct json_object *o, const char *k, struct json_object *v)
{
	json_object_object_add(o, k, v);
}

static void put_str(struct json_object *o, const char *k, const char *v)
{
	put(o, k, v ? json_object_new_string(v) : NULL);
}

/* A table: {name, columns[], rows[]}; rows are added with row(). */
static struct json_object *table(struct json_object *fig, const char *name, const char *cols)
{
	struct json_object *t = json_object_new_object(), *c = json_object_new_array();
	char *dup = strdup(cols), *save = NULL, *w;

	for (w = strtok_r(dup, ",", &save); w; w = strtok_r(NULL, ",", &save))
		json_object_array_add(c, json_object_new_string(w));
	free(dup);
	put_str(t, "name", name);
	put(t, "columns", c);
	put(t, "rows", json_object_new_array());
	json_object_array_add(fr_json_get(fig, "tables"), t);
	return fr_json_get(t, "rows");
}

static struct json_object *row(struct json_object *rows, const char *first)
{
	struct json_object *r = json_object_new_array();

	json_object_array_add(r, json_object_new_string(first));
	json_object_array_add(rows, r);
	return r;
}

static void cell(struct json_object *r, double v)
{
	json_object_array_add(r, NUM(v));
}

/* A chart: {name, x, y, series: [{name, x[], y[]}]}; returns its series. */
static struct json_object *chart(struct json_object *fig, const char *name, const char *x,
				 const char *y)
{
	struct json_object *c = json_object_new_object();

	put_str(c, "name", name);
	put_str(c, "x", x);
	put_str(c, "y", y);
	put(c, "series", json_object_new_array());
	json_object_array_add(fr_json_get(fig, "charts"), c);
	return fr_json_get(c, "series");
}

static struct json_object *series(struct json_object *list, const char *name)
{
	struct json_object *s = json_object_new_object();

	put_str(s, "name", name);
	put(s, "x", json_object_new_array());
	put(s, "y", json_object_new_array());
	json_object_array_add(list, s);
	return s;
}

static void point(struct json_object *s, double x, double y)
{
	json_object_array_add(fr_json_get(s, "x"), json_object_new_double(x));
	json_object_array_add(fr_json_get(s, "y"), NUM(y));
}

static void figure(struct json_object *fig, const char *k, double v)
{
	put(fr_json_get(fig, "figures"), k, NUM(v));
}

static void merit(struct json_object *fig, const char *k, double v, bool higher)
{
	struct json_object *m = json_object_new_object();

	put_str(m, "name", k);
	put(m, "value", NUM(v));
	put(m, "higher_is_better", json_object_new_boolean(higher));
	put(fig, "merit", m);
	figure(fig, k, v);
}

/* ------------------------------------------------------------ header */

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
	const struct fr_pts_run *ss = first_of(runs, "wdpc");
	char buf[160];
	size_t i;

	put_str(h, "drive", d->label);
	for (i = 0; i < sizeof(drive_keys) / sizeof(*drive_keys); i++) {
		struct json_object *v = fr_json_get(d->drive, drive_keys[i]);

		put(h, drive_keys[i], v ? json_object_get(v) : NULL);
	}
	put_str(h, "host", fr_json_str(sys, "host"));
	put_str(h, "cpu", fr_json_str(sys, "cpu"));
	put_str(h, "kernel", fr_json_str(sys, "kernel"));
	put_str(h, "fio_version", fr_json_str(d->manifest, "fio_version"));
	put_str(h, "engine", fr_json_str(d->manifest, "engine"));
	put_str(h, "mode", fr_json_str(d->manifest, "mode"));
	put_str(h, "purge", d->purge ? d->purge : "none (not fresh-out-of-box)");
	put_str(h, "wipc",
		first_of(runs, "wipc") ? "2 x capacity, 128 KiB sequential writes" : "none");
	if (ss) {
		snprintf(buf, sizeof(buf), "rounds of %s %s, %s jobs x QD %s, to steady state",
			 fr_pts_opt(ss, "bs") ? fr_pts_opt(ss, "bs") : "?",
			 fr_pts_opt(ss, "rw") ? fr_pts_opt(ss, "rw") : "?",
			 fr_pts_opt(ss, "numjobs") ? fr_pts_opt(ss, "numjobs") : "1",
			 fr_pts_opt(ss, "iodepth") ? fr_pts_opt(ss, "iodepth") : "1");
		put_str(h, "wdpc", buf);
	} else {
		put_str(h, "wdpc", "none");
	}
	if (measured) {
		put_str(h, "active_range", fr_pts_opt(measured, "size"));
		put_str(h, "threads",
			fr_pts_opt(measured, "numjobs") ? fr_pts_opt(measured, "numjobs") : "1");
		put_str(h, "queue_depth",
			fr_pts_opt(measured, "iodepth") ? fr_pts_opt(measured, "iodepth") : "1");
	}
	/* the job files set no buffer pattern: fio's default buffers */
	put_str(h, "data_pattern",
		"fio's default: pseudo-random buffers, refilled per I/O (scramble_buffers)");
	put(fig, "header", h);
}

/* The rounds and the verdict the runner wrote (<drive>/<suite>/steady-state.json). */
static void steady_state(struct json_object *fig, const struct fr_pts_drive *d, const char *suite)
{
	char *p;
	struct json_object *v, *rounds;

	if (asprintf(&p, "%s/%s/%s/steady-state.json", d->dir, d->label, suite) < 0)
		return;
	v = fr_json_load_file(p);
	free(p);
	rounds = fr_json_get(v, "round_iops");
	if (v && json_object_is_type(rounds, json_type_array)) {
		struct json_object *s = series(
			chart(fig, "steady-state convergence", "round", "IOPS"), "round IOPS");
		size_t i;

		for (i = 0; i < json_object_array_length(rounds); i++)
			point(s, (double)(i + 1),
			      json_object_get_double(json_object_array_get_idx(rounds, i)));
		put(fig, "steady_state", json_object_get(v));
	}
	json_object_put(v);
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
	figure(fig, "tgbw_gb",
	       fr_json_num(fr_json_get(json_object_array_get_idx(fr_json_get(r->fio, "jobs"), 0),
				       "write"),
			   "io_bytes") /
		       1e9);
	figure(fig, "mean_iops", fr_pts_iops(r));
	if (fr_pts_log(r, "iops", &s)) {
		put_str(fig, "note",
			"no whole second that every job's IOPS log has (a run shorter than a "
			"second per job, or no log beside the run): no IOPS against time");
		return;
	}
	t = series(chart(fig, "IOPS vs time", "s", "IOPS"), "4 KiB random write");
	g = series(chart(fig, "IOPS vs total GB written", "GB", "IOPS"), "4 KiB random write");
	for (i = 0; i < s.n; i++) {
		tgb += s.v[i] * (s.bs > 0 ? s.bs : 4096) / 1e9;
		point(t, s.t_s[i], s.v[i]);
		point(g, tgb, s.v[i]);
	}
	/* the last tenth of the run (at least one interval): where WSAT ends */
	k0 = s.n - (s.n / 10 ? s.n / 10 : 1);
	for (i = k0; i < s.n; i++)
		last += s.v[i] / (double)(s.n - k0);
	figure(fig, "fob_iops", s.v[0]);
	merit(fig, "final_iops", last, true);
	fr_pts_series_free(&s);
}

static void hir(struct json_object *fig, struct fr_pts_run **runs)
{
	struct json_object *rows = table(
		fig, "wait states",
		"wait state,bursts,mean burst IOPS,min burst IOPS,max burst IOPS,baseline IOPS");
	struct json_object *bursts = chart(fig, "IOPS per burst", "burst (in order)", "IOPS"),
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
			cur = series(bursts, ws);
			n = sum = 0;
			mn = mx = NAN;
		}
		if (!strcmp(r->step, "base")) {
			struct json_object *rw = row(rows, ws);

			cell(rw, n);
			cell(rw, n ? sum / n : NAN);
			cell(rw, mn);
			cell(rw, mx);
			cell(rw, v);
			continue;
		}
		point(cur, ++x, v);
		n++;
		sum += v;
		mn = isnan(mn) || v < mn ? v : mn;
		mx = isnan(mx) || v > mx ? v : mx;
	}
}

static void xsr(struct json_object *fig, struct fr_pts_run **runs)
{
	struct json_object *rows =
		table(fig, "segments",
		      "segment,rw/bs,logged seconds,mean MB/s,first second MB/s,last second MB/s");
	struct json_object *c = chart(fig, "throughput across the transitions", "s", "MB/s");
	double t0 = 0;

	for (; *runs; runs++) {
		const struct fr_pts_run *r = *runs;
		struct fr_pts_series s;
		struct json_object *rw = row(rows, r->step), *sr = series(c, r->step);
		char what[64];
		size_t i;
		bool have = !fr_pts_log(r, "bw", &s);

		snprintf(what, sizeof(what), "%s/%s",
			 fr_pts_opt(r, "rw") ? fr_pts_opt(r, "rw") : "?",
			 fr_pts_opt(r, "bs") ? fr_pts_opt(r, "bs") : "?");
		json_object_array_add(rw, json_object_new_string(what));
		cell(rw, have ? (double)s.n : NAN);
		cell(rw, fr_pts_mbps(r));
		/* fio's bandwidth logs are in KiB/s */
		cell(rw, have ? s.v[0] * 1024 / 1e6 : NAN);
		cell(rw, have ? s.v[s.n - 1] * 1024 / 1e6 : NAN);
		for (i = 0; have && i < s.n; i++)
			point(sr, t0 + s.t_s[i], s.v[i] * 1024 / 1e6);
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
	s = series(chart(fig, name, "response time up to (us, log2 bins)", "% of I/Os"),
		   point_name);
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
		point(s, ldexp(1, k), 100 * count[k] / total);
}

static void dirth(struct json_object *fig, struct fr_pts_run **runs)
{
	struct json_object *rows = table(fig, "demand intensity",
					 "step,threads,queue depth,IOPS,mean response time (ms)");
	struct json_object *pts =
		table(fig, "operating points", "point,step,IOPS,mean (ms),99.999 % (ms),max (ms)");
	struct json_object *c = chart(fig, "IOPS vs mean response time", "IOPS", "ms"), *s = NULL;
	const char *tc = NULL;

	for (struct fr_pts_run **p = runs; *p; p++) {
		const struct fr_pts_run *r = *p;

		if (!strcmp(r->test, "dirth")) {
			struct json_object *rw = row(rows, r->step);
			const char *t = fr_pts_opt(r, "numjobs");

			cell(rw, t ? atof(t) : NAN);
			cell(rw, fr_pts_opt(r, "iodepth") ? atof(fr_pts_opt(r, "iodepth")) : NAN);
			cell(rw, fr_pts_iops(r));
			cell(rw, fr_pts_mean_us(r) / 1000);
			if (!tc || !t || strcmp(tc, t)) {
				char n[32];

				tc = t;
				snprintf(n, sizeof(n), "T%s", t ? t : "?");
				s = series(c, n);
			}
			point(s, fr_pts_iops(r), fr_pts_mean_us(r) / 1000);
		} else if (!strcmp(r->test, "histogram")) {
			struct json_object *rw = row(pts, r->step);
			const char *name = fr_json_str(
				json_object_array_get_idx(fr_json_get(r->fio, "jobs"), 0),
				"jobname");
			const char *tq = name ? strrchr(name, '-') : NULL;

			json_object_array_add(rw, json_object_new_string(tq ? tq + 1 : "?"));
			cell(rw, fr_pts_iops(r));
			cell(rw, fr_pts_mean_us(r) / 1000);
			cell(rw, fr_pts_pct_us(r, 99.999) / 1000);
			cell(rw, fr_pts_max_us(r) / 1000);
			if (!strcmp(r->step, "max"))
				merit(fig, "max_point_iops", fr_pts_iops(r), true);
			histogram(fig, r, r->step);
		}
	}
}

static void lat(struct json_object *fig, struct fr_pts_run **runs)
{
	struct json_object *rows =
		table(fig, "latency", "block size-read %,IOPS,mean (us),max (us),99.999 % (us)");
	struct json_object *c = chart(fig, "mean and 99.999 % response time", "step", "us");
	struct json_object *m = series(c, "mean"), *n9 = series(c, "99.999 %");
	double x = 0;

	for (; *runs; runs++) {
		const struct fr_pts_run *r = *runs;
		struct json_object *rw;

		if (strcmp(r->test, "lat"))
			continue;
		rw = row(rows, r->step);
		cell(rw, fr_pts_iops(r));
		cell(rw, fr_pts_mean_us(r));
		cell(rw, fr_pts_max_us(r));
		cell(rw, fr_pts_pct_us(r, 99.999));
		x++;
		point(m, x, fr_pts_mean_us(r));
		point(n9, x, fr_pts_pct_us(r, 99.999));
		if (!strcmp(r->step, "4k-r65"))
			merit(fig, "4k_65_35_mean_us", fr_pts_mean_us(r), false);
	}
}

struct json_object *fr_pts_figures(struct fr_pts_drive *d, const char *suite)
{
	struct fr_pts_run **runs = fr_pts_runs(d, suite);
	struct json_object *fig;
	const struct fr_pts_run *measured = NULL;
	static const char *const main_test[] = {"wsat", "ws5", "xsr", "dirth", "lat"};
	size_t i;

	if (!runs)
		return NULL;
	for (i = 0; i < 5; i++)
		if (!strcmp(suite, fr_pts_suites[i]))
			measured = first_of(runs, main_test[i]);
	if (!measured)
		for (i = 0; runs[i] && !measured; i++)
			if (strcmp(runs[i]->test, "wipc") && strcmp(runs[i]->test, "wdpc"))
				measured = runs[i];
	fig = json_object_new_object();
	put_str(fig, "drive", d->label);
	put_str(fig, "test", suite);
	header(fig, d, runs, measured);
	put(fig, "figures", json_object_new_object());
	put(fig, "tables", json_object_new_array());
	put(fig, "charts", json_object_new_array());
	steady_state(fig, d, suite);
	if (!strcmp(suite, "pts-wsat"))
		wsat(fig, runs);
	else if (!strcmp(suite, "pts-hir"))
		hir(fig, runs);
	else if (!strcmp(suite, "pts-xsr"))
		xsr(fig, runs);
	else if (!strcmp(suite, "pts-dirth"))
		dirth(fig, runs);
	else if (!strcmp(suite, "pts-lat"))
		lat(fig, runs);
	free(runs);
	return fig;
}
