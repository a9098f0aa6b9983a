// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fleet view (fleet.h): per --hosts manifest, per run, per direction,
 * each host's drive, the fleet row from the summed bins, fio's "All
 * clients" checked against it, and the spread across the drives.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "model/label.h"
#include "report/fleet.h"
#include "util/json_get.h"

#define NPCT 3
static const double pcts[NPCT] = {99, 99.9, 99.99};
static const char *const pct_keys[NPCT] = {"p99_us", "p99_9_us", "p99_99_us"};
/* fio's own percentile keys for them */
static const char *const fio_keys[NPCT] = {"99.000000", "99.900000", "99.990000"};
static const char *const dir_names[] = {"read", "write"};

struct step_ctx {
	struct json_object *mf;	   /* the manifest */
	struct json_object *hosts; /* its "hosts" */
	struct json_object *run;
	struct json_object *by_host; /* the run's drives by host (drives_by_host()) */
	struct fr_fleet_host *h;     /* per host */
	size_t nh;
};

static struct json_object *jnum(double v)
{
	return isfinite(v) ? json_object_new_double(v) : NULL;
}

static int add(struct json_object *o, const char *k, struct json_object *v)
{
	return json_object_object_add(o, k, v);
}

static int add_str(struct json_object *o, const char *k, const char *s)
{
	return add(o, k, s ? json_object_new_string(s) : NULL);
}

/* The manifest's drives of a run's label by host (as given), made once per
 * run: a look-up per host, not a scan of drives[]. */
static struct json_object *drives_by_host(struct json_object *mf, const char *label)
{
	struct json_object *drives = fr_json_get(mf, "drives"), *by = json_object_new_object();
	size_t n =
		json_object_is_type(drives, json_type_array) ? json_object_array_length(drives) : 0;

	for (size_t i = 0; by && i < n; i++) {
		struct json_object *d = json_object_array_get_idx(drives, i);
		const char *l = fr_json_str(d, "label"), *h = fr_json_str(d, "host");

		if (l && h && !strcmp(l, label) && !json_object_object_get_ex(by, h, NULL) &&
		    json_object_object_add(by, h, json_object_get(d))) {
			json_object_put(by);
			return NULL;
		}
	}
	return by;
}

/* "QEMU NVMe Ctrl fleet0001 ns1": the drive as the rest of the report
 * names a runner's drive; the host as given when the manifest lacks it. */
static void drive_name(char *buf, size_t len, struct json_object *d, const char *host)
{
	if (!fr_host_drive_label(buf, len, fr_json_str(d, "model"), fr_json_str(d, "serial"),
				 fr_json_num(d, "nsid")))
		snprintf(buf, len, "drive on %s (model, serial not recorded)", host);
}

static struct json_object *host_entry(struct json_object *mf, struct json_object *by_host,
				      const char *host)
{
	struct json_object *o = json_object_new_object();
	struct json_object *sys = fr_json_get(fr_json_get(mf, "systems"), host);
	struct json_object *d = fr_json_get(by_host, host);
	char name[512];

	if (!o)
		return NULL;
	drive_name(name, sizeof(name), d, host);
	add_str(o, "host", host);
	add_str(o, "drive", name);
	add_str(o, "serial", fr_json_str(d, "serial"));
	add_str(o, "hostname", fr_json_str(sys, "host"));
	add_str(o, "kernel", fr_json_str(sys, "kernel"));
	add_str(o, "cpu", fr_json_str(sys, "cpu"));
	add_str(o, "fio", fr_json_str(sys, "fio"));
	return o;
}

/* One host's (or the fleet's) figures of one direction. */
static struct json_object *figures(double ios, double iops, double mean_sum,
				   const struct fr_hist *hist)
{
	struct json_object *o = json_object_new_object();

	if (!o)
		return NULL;
	add(o, "ios", json_object_new_double(ios));
	add(o, "iops", jnum(iops));
	add(o, "mean_us", jnum(mean_sum / ios / 1000));
	for (int k = 0; k < NPCT; k++)
		add(o, pct_keys[k], jnum(fr_hist_pct(hist, pcts[k]) / 1000));
	return o;
}

/* The summed bins of every host's direction d (all present). */
static int fleet_hist(const struct step_ctx *c, int d, struct fr_hist *sum)
{
	for (size_t i = 0; i < c->nh; i++) {
		const struct fr_hist *h = &c->h[i].dir[d].hist;

		for (size_t b = 0; b < h->n; b++) {
			if (sum->n == sum->cap) {
				size_t cap = sum->cap ? 2 * sum->cap : 1024;
				struct fr_bin *v = realloc(sum->b, cap * sizeof(*v));

				if (!v)
					return -ENOMEM;
				sum->b = v;
				sum->cap = cap;
			}
			sum->b[sum->n++] = h->b[b];
		}
		sum->total += h->total;
	}
	fr_hist_sort(sum);
	return 0;
}

/* The "All clients" entry of client_stats, or NULL. */
static struct json_object *all_clients(struct json_object *clients)
{
	size_t n = json_object_array_length(clients);

	for (size_t i = 0; i < n; i++) {
		struct json_object *e = json_object_array_get_idx(clients, i);

		if (!strcmp(fr_json_str(e, "jobname") ?: "", "All clients"))
			return e;
	}
	return NULL;
}

static bool differs(double a, double b, double rel)
{
	return !(fabs(a - b) <= rel * fmax(fabs(a), fabs(b)));
}

/*
 * fio's "All clients" block beside the fleet row, in one line: its I/O
 * count must be the hosts' sum, and its percentiles (when it has them: fio
 * 3.33 writes none) the summed bins' exactly.  Its IOPS are its I/Os over
 * the longest host's runtime, the fleet row's the sum of each host's own
 * rate: they differ by the hosts' skew, which is said, not called wrong.
 */
static void all_clients_note(struct json_object *clients, int d, struct json_object *fleet,
			     char *buf, size_t len)
{
	struct json_object *all = all_clients(clients), *dj = fr_json_get(all, dir_names[d]);
	struct json_object *pct = fr_json_get(fr_json_get(dj, "clat_ns"), "percentile");
	double ios = fr_json_num(dj, "total_ios"), iops = fr_json_num(dj, "iops");
	char diff[400] = "", rate[200] = "";
	size_t at = 0;

	if (!all) {
		snprintf(buf, len, "fio wrote no \"All clients\" block: nothing to check against");
		return;
	}
	if (differs(ios, fr_json_num(fleet, "ios"), 0))
		at += (size_t)snprintf(diff + at, sizeof(diff) - at,
				       ", its I/Os %.0f, the hosts' %.0f", ios,
				       fr_json_num(fleet, "ios"));
	for (int k = 0; k < NPCT && pct && at < sizeof(diff); k++) {
		double v = fr_json_num(pct, fio_keys[k]) / 1000,
		       mine = fr_json_num(fleet, pct_keys[k]);

		if (isfinite(v) && differs(v, mine, 1e-9))
			at += (size_t)snprintf(diff + at, sizeof(diff) - at,
					       ", its %s %.1f, the summed bins' %.1f", pct_keys[k],
					       v, mine);
	}
	if (differs(iops, fr_json_num(fleet, "iops"), 0.001))
		snprintf(rate, sizeof(rate),
			 "; its IOPS %.0f are its I/Os over the longest host's runtime (%.0f ms), "
			 "the fleet row's %.0f the hosts' own rates summed",
			 iops, fr_json_num(dj, "runtime"), fr_json_num(fleet, "iops"));
	if (at)
		snprintf(buf, len, "fio's \"All clients\" disagrees:%s%s", diff + 1, rate);
	else if (!pct)
		snprintf(buf, len,
			 "fio's \"All clients\" has no percentiles: its I/Os agree, its tails are "
			 "not checked%s",
			 rate);
	else
		snprintf(buf, len, "fio's \"All clients\" agrees (I/Os, p99, p99.9, p99.99)%s",
			 rate);
}

/* The spread of one figure over the present hosts: {n, min, median, max,
 * cv, mad, outlier, rule}. */
static struct json_object *spread_json(const struct step_ctx *c, struct json_object *rows,
				       const char *key)
{
	struct json_object *o = json_object_new_object();
	double *v = calloc(c->nh ? c->nh : 1, sizeof(*v));
	struct fr_drive_spread s;
	char rule[240];

	if (!o || !v || fr_drive_spread_of(v, 0, &s)) {
		json_object_put(o);
		free(v);
		return NULL;
	}
	for (size_t i = 0; i < c->nh; i++)
		v[i] = fr_json_num(json_object_array_get_idx(rows, i), key);
	if (fr_drive_spread_of(v, c->nh, &s)) {
		json_object_put(o);
		free(v);
		return NULL;
	}
	free(v);
	add(o, "n", json_object_new_int64((int64_t)s.n));
	add(o, "min", jnum(s.min));
	add(o, "median", jnum(s.median));
	add(o, "max", jnum(s.max));
	add(o, "cv", jnum(s.cv));
	add(o, "mad_scaled", jnum(s.mad));
	if (s.n < FR_OUTLIER_MIN_N)
		snprintf(rule, sizeof(rule),
			 "no outlier named: the rule (beyond median +- %.0f x scaled MAD) needs "
			 ">= %d drives, here %zu",
			 FR_OUTLIER_K, FR_OUTLIER_MIN_N, s.n);
	else if (!s.rule_applied)
		snprintf(rule, sizeof(rule),
			 "no outlier named: the scaled MAD is 0 (half the drives or more equal)");
	else if (s.outlier == -1)
		snprintf(rule, sizeof(rule), "none beyond median +- %.0f x scaled MAD",
			 FR_OUTLIER_K);
	else
		snprintf(rule, sizeof(rule), "beyond median +- %.0f x scaled MAD", FR_OUTLIER_K);
	add_str(o, "rule", rule);
	if (s.rule_applied && s.outlier != -1) {
		struct json_object *list = json_object_new_array();

		for (size_t i = 0; list && i < c->nh; i++) {
			double x = fr_json_num(json_object_array_get_idx(rows, i), key);

			if (isfinite(x) && fabs(x - s.median) > FR_OUTLIER_K * s.mad)
				json_object_array_add(
					list,
					json_object_new_string(fr_json_str(
						json_object_array_get_idx(rows, i), "drive")));
		}
		add(o, "outliers", list);
	}
	return o;
}

/* Why the fleet row of direction d is withheld ("" when it is not). */
static void withheld(const struct step_ctx *c, int d, char *buf, size_t len)
{
	*buf = '\0';
	for (size_t i = 0; i < c->nh; i++) {
		const char *host = json_object_get_string(json_object_array_get_idx(c->hosts, i));
		const char *name =
			fr_json_str(fr_json_get(fr_json_get(c->mf, "systems"), host), "host");

		if (!c->h[i].present)
			snprintf(
				buf, len,
				"fleet row withheld: host %s%s%s%s has no result in this step (%s)",
				host, name ? " (" : "", name ? name : "", name ? ")" : "",
				c->h[i].why);
		else if (c->h[i].dir[d].no_bins)
			snprintf(buf, len,
				 "fleet row withheld: host %s%s%s%s has no json+ latency bins",
				 host, name ? " (" : "", name ? name : "", name ? ")" : "");
		if (*buf)
			return;
	}
}

/* One direction of a step: {dir, hosts: [...], fleet | withheld, all_clients, spread}. */
static struct json_object *dir_json(const struct step_ctx *c, struct json_object *clients, int d)
{
	struct json_object *o = json_object_new_object(), *rows, *spread;
	double ios = 0, iops = 0, mean_sum = 0;
	struct fr_hist sum = {0};
	char why[1024];

	if (!o)
		return NULL;
	add_str(o, "dir", dir_names[d]);
	if (!(rows = json_object_new_array()) || add(o, "hosts", rows))
		goto nomem;
	for (size_t i = 0; i < c->nh; i++) {
		const char *host = json_object_get_string(json_object_array_get_idx(c->hosts, i));
		const struct fr_fleet_hdir *hd = &c->h[i].dir[d];
		struct json_object *row =
			c->h[i].present && hd->ios > 0
				? figures(hd->ios, hd->iops, hd->mean_sum, &hd->hist)
				: json_object_new_object();
		struct json_object *who = host_entry(c->mf, c->by_host, host);

		if (!row || !who || json_object_array_add(rows, row))
			goto nomem;
		json_object_object_foreach(who, k, v) add(row, k, json_object_get(v));
		json_object_put(who);
		if (!c->h[i].present)
			add_str(row, "missing", c->h[i].why);
		ios += hd->ios;
		iops += hd->iops;
		mean_sum += hd->mean_sum;
	}
	withheld(c, d, why, sizeof(why));
	if (*why) {
		add_str(o, "withheld", why);
	} else {
		struct json_object *fleet;

		if (fleet_hist(c, d, &sum) || !(fleet = figures(ios, iops, mean_sum, &sum)))
			goto nomem;
		add(fleet, "hosts", json_object_new_int64((int64_t)c->nh));
		add(o, "fleet", fleet);
		all_clients_note(clients, d, fleet, why, sizeof(why));
		add_str(o, "all_clients", why);
	}
	if (!(spread = json_object_new_object()) || add(o, "spread", spread))
		goto nomem;
	{
		static const char *const figs[] = {"iops", "p99_us", "p99_99_us"};

		for (size_t k = 0; k < 3; k++) {
			struct json_object *s = spread_json(c, rows, figs[k]);

			if (!s)
				goto nomem;
			add(spread, figs[k], s);
		}
	}
	fr_hist_free(&sum);
	return o;
nomem:
	fr_hist_free(&sum);
	json_object_put(o);
	return NULL;
}

/* A server of the output that is none of the manifest's hosts: said, not
 * counted (its drive has no manifest entry); its key, NULL when none. */
static const char *unlisted(struct json_object *by_key, struct json_object *hosts)
{
	struct json_object *known = json_object_new_object();
	const char *out = NULL;
	char key[512];

	for (size_t h = 0; known && h < json_object_array_length(hosts); h++)
		if (fr_host_key(json_object_get_string(json_object_array_get_idx(hosts, h)), key,
				sizeof(key)))
			json_object_object_add(known, key, NULL);
	json_object_object_foreach(by_key, k, v)
	{
		(void)v;
		if (known && !out && !json_object_object_get_ex(known, k, NULL))
			out = k;
	}
	json_object_put(known);
	return out;
}

/* One run of the manifest: {run, profile, step, status, dirs | problem}. */
static struct json_object *run_json(struct json_object *mf, const char *mf_dir,
				    struct json_object *run)
{
	struct json_object *o = json_object_new_object(), *doc, *clients, *dirs, *dj,
			   *by_key = NULL;
	const char *other;
	struct step_ctx c = {.mf = mf, .hosts = fr_json_get(mf, "hosts"), .run = run};
	char *path, why[1024] = "";

	if (!o)
		return NULL;
	add_str(o, "run", fr_json_str(run, "id") ?: fr_json_str(run, "output"));
	add_str(o, "profile", fr_json_str(run, "test"));
	add_str(o, "step", fr_json_str(run, "step"));
	add_str(o, "status", fr_json_str(run, "status"));
	if (asprintf(&path, "%s/%s", mf_dir, fr_json_str(run, "output") ?: "") < 0) {
		json_object_put(o);
		return NULL;
	}
	if (access(path, F_OK) && !strcmp(fr_json_str(run, "status"), "failed"))
		snprintf(why, sizeof(why), "the run failed before fio wrote an output");
	doc = *why ? NULL : fr_fleet_read_doc(path, why, sizeof(why));
	free(path);
	if (!doc) {
		add_str(o, "problem", why);
		return o;
	}
	clients = fr_json_get(doc, "client_stats");
	if (!json_object_is_type(clients, json_type_array)) {
		snprintf(why, sizeof(why),
			 "its fio output has no \"client_stats\" (not a client/server output)");
		add_str(o, "problem", why);
		json_object_put(doc);
		return o;
	}
	c.nh = json_object_array_length(c.hosts);
	c.h = calloc(c.nh ? c.nh : 1, sizeof(*c.h));
	c.by_host = drives_by_host(mf, fr_json_str(run, "drive") ?: "");
	by_key = fr_fleet_index_clients(clients);
	if (!c.h || !c.by_host || !by_key || !(dirs = json_object_new_array()) ||
	    add(o, "dirs", dirs))
		goto nomem;
	for (size_t i = 0; i < c.nh; i++) {
		const char *host = json_object_get_string(json_object_array_get_idx(c.hosts, i));

		if (fr_fleet_host_figures(by_key, host, &c.h[i]))
			goto nomem;
		if (!c.h[i].present)
			fr_fleet_resumed_why(mf, run, host, c.h[i].why, sizeof(c.h[i].why));
	}
	for (int d = 0; d < 2; d++) {
		bool io = false;

		for (size_t i = 0; i < c.nh; i++)
			io |= c.h[i].dir[d].ios > 0;
		if (!io)
			continue;
		if (!(dj = dir_json(&c, clients, d)) || json_object_array_add(dirs, dj))
			goto nomem;
	}
	if ((other = unlisted(by_key, c.hosts))) {
		snprintf(why, sizeof(why),
			 "fio's output has a client (%.200s) that is none of the manifest's "
			 "hosts: not counted",
			 other);
		add_str(o, "note", why);
	}
	/* every host lost: no direction had I/O, the loss is still said */
	if (!json_object_array_length(dirs)) {
		withheld(&c, 0, why, sizeof(why));
		add_str(o, "problem", *why ? why : "no host did I/O in this step");
	}
	for (size_t i = 0; i < c.nh; i++)
		fr_fleet_host_free(&c.h[i]);
	free(c.h);
	json_object_put(c.by_host);
	json_object_put(by_key);
	json_object_put(doc);
	return o;
nomem:
	for (size_t i = 0; c.h && i < c.nh; i++)
		fr_fleet_host_free(&c.h[i]);
	free(c.h);
	json_object_put(c.by_host);
	json_object_put(by_key);
	json_object_put(doc);
	json_object_put(o);
	return NULL;
}

/* A run the fleet view reads: a curve or test step that ran (done), lost
 * a host (partial) or failed with an output; PTS runs are fiorank pts's,
 * a host's rerun alone (resume_of) is said in the run it completes. */
static bool fleet_run(struct json_object *run)
{
	const char *suite = fr_json_str(run, "suite"), *status = fr_json_str(run, "status");

	return fr_json_str(run, "output") && (!suite || strncmp(suite, "pts-", 4)) && status &&
	       !fr_json_get(run, "resume_of") &&
	       (!strcmp(status, "done") || !strcmp(status, "failed") || !strcmp(status, "partial"));
}

static struct json_object *fleet_json(const char *path, struct json_object *mf)
{
	struct json_object *o = json_object_new_object(), *runs = fr_json_get(mf, "runs"), *steps;
	size_t n = json_object_is_type(runs, json_type_array) ? json_object_array_length(runs) : 0;
	char dir[4096];
	const char *slash = strrchr(path, '/');

	snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
	if (!o)
		return NULL;
	add_str(o, "manifest", path);
	add(o, "hosts", json_object_get(fr_json_get(mf, "hosts")));
	if (!(steps = json_object_new_array()) || add(o, "steps", steps))
		goto nomem;
	for (size_t i = 0; i < n; i++) {
		struct json_object *run = json_object_array_get_idx(runs, i), *r;

		if (!fleet_run(run))
			continue;
		if (!(r = run_json(mf, dir, run)) || json_object_array_add(steps, r))
			goto nomem;
	}
	return o;
nomem:
	json_object_put(o);
	return NULL;
}

static bool has_hosts(struct json_object *mf)
{
	struct json_object *h = fr_json_get(mf, "hosts");

	/* "systems" (one per server) is written by a --hosts run alone; a run
	 * on this host lists its own name in "hosts" */
	if (!json_object_is_type(fr_json_get(mf, "systems"), json_type_object) ||
	    !json_object_is_type(h, json_type_array) || !json_object_array_length(h))
		return false;
	for (size_t i = 0; i < json_object_array_length(h); i++)
		if (!json_object_is_type(json_object_array_get_idx(h, i), json_type_string))
			return false;
	return true;
}

int fr_fleet_build(const struct fr_model *m, struct json_object **out)
{
	struct json_object *root = NULL, *list = NULL;

	*out = NULL;
	if (!m->manifests)
		return 0;
	json_object_object_foreach(m->manifests, path, mf)
	{
		struct json_object *f;

		if (!has_hosts(mf))
			continue;
		if (!root && (!(root = json_object_new_object()) ||
			      !(list = json_object_new_array()) || add(root, "fleets", list)))
			goto nomem;
		if (!(f = fleet_json(path, mf)) || json_object_array_add(list, f))
			goto nomem;
	}
	*out = root;
	return 0;
nomem:
	json_object_put(root);
	return -ENOMEM;
}

static size_t warn_step(struct json_object *st, FILE *f)
{
	struct json_object *dirs = fr_json_get(st, "dirs");
	const char *run = fr_json_str(st, "run") ?: "?";
	size_t said = 0;

	if (fr_json_str(st, "problem")) {
		if (f)
			fprintf(f, "fiorank: fleet: %s: %s\n", run, fr_json_str(st, "problem"));
		said++;
	}
	for (size_t k = 0; dirs && k < json_object_array_length(dirs); k++) {
		struct json_object *d = json_object_array_get_idx(dirs, k);

		if (fr_json_str(d, "withheld")) {
			if (f)
				fprintf(f, "fiorank: fleet: %s (%s): %s\n", run,
					fr_json_str(d, "dir"), fr_json_str(d, "withheld"));
			said++;
		}
	}
	return said;
}

size_t fr_fleet_warn(struct json_object *fleet, FILE *f)
{
	struct json_object *list = fr_json_get(fleet, "fleets");
	size_t said = 0;

	for (size_t i = 0; list && i < json_object_array_length(list); i++) {
		struct json_object *steps =
			fr_json_get(json_object_array_get_idx(list, i), "steps");

		for (size_t s = 0; steps && s < json_object_array_length(steps); s++)
			said += warn_step(json_object_array_get_idx(steps, s), f);
	}
	return said;
}
