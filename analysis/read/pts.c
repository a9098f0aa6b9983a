// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reading the PTS suites' results (pts.h): the manifest's runs, their fio
 * JSON and the per-second logs fio wrote beside them.
 */
#include <errno.h>
#include <glob.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "util/json_get.h"
#include "read/json_bins.h"
#include "read/pts.h"
#include "read/read_fio_globals.h"
#include "read/read_fio_log.h"

static char *join(const char *dir, const char *rel)
{
	char *p;

	if (asprintf(&p, "%s/%s", dir, rel) < 0)
		return NULL;
	return p;
}

/* --purge's value in the manifest's argv (the command line as run). */
static const char *argv_purge(struct json_object *manifest)
{
	struct json_object *argv = fr_json_get(manifest, "argv");
	size_t i,
		n = json_object_is_type(argv, json_type_array) ? json_object_array_length(argv) : 0;

	for (i = 0; i < n; i++) {
		const char *a = json_object_get_string(json_object_array_get_idx(argv, i));

		if (a && !strcmp(a, "--purge") && i + 1 < n)
			return json_object_get_string(json_object_array_get_idx(argv, i + 1));
		if (a && !strncmp(a, "--purge=", 8))
			return a + 8;
	}
	return NULL;
}

static bool is_pts(const char *suite)
{
	return suite && !strncmp(suite, "pts-", 4);
}

/* The done runs of drive label with an output, in the manifest's order. */
static int load_runs(struct fr_pts_drive *d, struct json_object *runs, FILE *err)
{
	size_t i, n = json_object_array_length(runs);

	d->runs = calloc(n ? n : 1, sizeof(*d->runs));
	if (!d->runs)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		struct json_object *r = json_object_array_get_idx(runs, i);
		const char *drive = fr_json_str(r, "drive"), *status = fr_json_str(r, "status");
		const char *out = fr_json_str(r, "output");
		struct fr_pts_run *x = &d->runs[d->nruns];

		if (!drive || strcmp(drive, d->label) || !is_pts(fr_json_str(r, "suite")) ||
		    !status || strcmp(status, "done") || !out || !strstr(out, ".json"))
			continue;
		x->suite = fr_json_str(r, "suite");
		x->test = fr_json_str(r, "test");
		x->step = fr_json_str(r, "step");
		if (!x->test || !x->step) { /* the runner names both */
			fprintf(err,
				"fiorank pts: %s: manifest run %s of suite %s has no \"test\" or "
				"\"step\": not read\n",
				d->dir, fr_json_str(r, "id") ? fr_json_str(r, "id") : out,
				x->suite);
			continue;
		}
		x->json = join(d->dir, out);
		if (!x->json)
			return -ENOMEM;
		x->fio = fr_json_load_file(x->json);
		d->nruns++;
	}
	return 0;
}

/* The drives loaded so far freed, and none left to the caller. */
static int unload(struct fr_pts_drive **drives, size_t *n, struct json_object *m)
{
	for (size_t i = 0; i < *n; i++)
		fr_pts_drive_free(&(*drives)[i]);
	free(*drives);
	*drives = NULL;
	*n = 0;
	json_object_put(m);
	return -ENOMEM;
}

int fr_pts_load(const char *dir, struct fr_pts_drive **drives, size_t *n, FILE *err)
{
	char *path = join(dir, "manifest.json");
	struct json_object *m = path ? fr_json_load_file(path) : NULL, *ds, *runs;
	size_t i, nd;

	*drives = NULL;
	*n = 0;
	ds = fr_json_get(m, "drives");
	runs = fr_json_get(m, "runs");
	if (!m || !json_object_is_type(ds, json_type_array) ||
	    !json_object_is_type(runs, json_type_array)) {
		fprintf(err,
			"fiorank pts: %s: not a results directory of ssdnvme-suite (no readable "
			"manifest.json with drives and runs)\n",
			dir);
		free(path);
		json_object_put(m);
		return -1;
	}
	free(path);
	nd = json_object_array_length(ds);
	*drives = calloc(nd ? nd : 1, sizeof(**drives));
	if (!*drives) {
		json_object_put(m);
		return -ENOMEM;
	}
	for (i = 0; i < nd; i++) {
		struct fr_pts_drive *d = &(*drives)[i];
		struct json_object *dr = json_object_array_get_idx(ds, i);

		d->manifest = json_object_get(m);
		d->drive = dr;
		d->dir = strdup(dir);
		d->label = strdup(fr_json_str(dr, "label") ? fr_json_str(dr, "label") : "?");
		d->purge = argv_purge(m);
		*n = i + 1;
		if (!d->dir || !d->label || load_runs(d, runs, err))
			return unload(drives, n, m);
	}
	json_object_put(m);
	return 0;
}

void fr_pts_drive_free(struct fr_pts_drive *d)
{
	size_t i;

	for (i = 0; i < d->nruns; i++) {
		free(d->runs[i].json);
		json_object_put(d->runs[i].fio);
	}
	free(d->runs);
	free(d->dir);
	free(d->label);
	json_object_put(d->manifest);
}

struct fr_pts_run **fr_pts_runs(const struct fr_pts_drive *d, const char *suite)
{
	struct fr_pts_run **out = calloc(d->nruns + 1, sizeof(*out));
	size_t i, k = 0;

	if (!out)
		return NULL;
	for (i = 0; i < d->nruns; i++)
		if (!strcmp(d->runs[i].suite, suite))
			out[k++] = &d->runs[i];
	if (!k) {
		free(out);
		return NULL;
	}
	return out;
}

/* One log into s: values summed by interval (the sample's time rounded to
 * whole intervals of log_avg_msec, 1000 ms here). */
static int add_log(const char *path, struct fr_pts_series *s, unsigned **cnt)
{
	FILE *f = fopen(path, "r");
	char line[256];

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		double t_ms, v, bs = 0;
		unsigned ddir;
		size_t k;

		if (fr_fio_log_parse_lat(line, &t_ms, &v, &ddir) || ddir != 1)
			continue;
		k = (size_t)lround(t_ms / 1000.0);
		if (k >= s->n) {
			size_t j, nn = k + 1;
			double *t = realloc(s->t_s, nn * sizeof(*t)), *vv;
			unsigned *c;

			if (!t)
				break;
			s->t_s = t;
			c = realloc(*cnt, nn * sizeof(*c));
			if (!c)
				break;
			*cnt = c;
			s->t_s = t;
			vv = realloc(s->v, nn * sizeof(*vv));
			if (!vv)
				break;
			s->v = vv;
			for (j = s->n; j < nn; j++) {
				s->t_s[j] = (double)j;
				s->v[j] = 0;
				(*cnt)[j] = 0;
			}
			s->n = nn;
		}
		s->v[k] += v;
		(*cnt)[k]++;
		if (sscanf(line, "%*[^,], %*[^,], %*[^,], %lf", &bs) == 1)
			s->bs = s->bs == 0 || s->bs == bs ? bs : -1;
	}
	fclose(f);
	return 0;
}

int fr_pts_log(const struct fr_pts_run *r, const char *kind, struct fr_pts_series *s)
{
	size_t len = strlen(r->json), i, k = 0, nlogs = 0;
	unsigned *cnt = NULL;
	char *pat;
	glob_t g;

	memset(s, 0, sizeof(*s));
	if (len < 5 || asprintf(&pat, "%.*s_%s.*.log", (int)(len - 5), r->json, kind) < 0)
		return -1;
	if (glob(pat, 0, NULL, &g) == 0) {
		for (i = 0; i < g.gl_pathc; i++)
			nlogs += !add_log(g.gl_pathv[i], s, &cnt);
		globfree(&g);
	}
	free(pat);
	/* keep the intervals every log has a sample of */
	for (i = 0; i < s->n; i++) {
		if (cnt[i] != nlogs) {
			s->dropped += cnt[i] > 0;
			continue;
		}
		s->t_s[k] = s->t_s[i];
		s->v[k++] = s->v[i];
	}
	s->n = k;
	free(cnt);
	if (!s->n)
		fr_pts_series_free(s);
	return s->n ? 0 : -1;
}

void fr_pts_series_free(struct fr_pts_series *s)
{
	free(s->t_s);
	free(s->v);
	memset(s, 0, sizeof(*s));
}

static struct json_object *job0(const struct fr_pts_run *r)
{
	struct json_object *jobs = fr_json_get(r->fio, "jobs");

	if (!json_object_is_type(jobs, json_type_array) || json_object_array_length(jobs) < 1)
		return NULL;
	return json_object_array_get_idx(jobs, 0);
}

const char *fr_pts_opt(const struct fr_pts_run *r, const char *key)
{
	const char *v = fr_json_str(fr_json_get(job0(r), "job options"), key);

	return v ? v : fr_fio_global_str(r->fio, job0(r), key);
}

/* Sums field of reads and writes (NAN when no job). */
static double both(const struct fr_pts_run *r, const char *field)
{
	struct json_object *j = job0(r);

	if (!j)
		return NAN;
	return fr_json_num(fr_json_get(j, "read"), field) +
	       fr_json_num(fr_json_get(j, "write"), field);
}

double fr_pts_iops(const struct fr_pts_run *r)
{
	return both(r, "iops");
}

double fr_pts_mbps(const struct fr_pts_run *r)
{
	return both(r, "bw_bytes") / 1e6;
}

double fr_pts_mean_us(const struct fr_pts_run *r)
{
	static const char *const dirs[] = {"read", "write"};
	struct json_object *j = job0(r);
	double n = 0, sum = 0;
	int i;

	for (i = 0; j && i < 2; i++) {
		struct json_object *d = fr_json_get(j, dirs[i]);
		double k = fr_json_num(d, "total_ios");

		if (k > 0) {
			n += k;
			sum += k * fr_json_num(fr_json_get(d, "clat_ns"), "mean");
		}
	}
	return n > 0 ? sum / n / 1000 : NAN;
}

double fr_pts_max_us(const struct fr_pts_run *r)
{
	return fr_job_max_us(job0(r));
}

double fr_pts_pct_us(const struct fr_pts_run *r, double p)
{
	return fr_job_pct_us(job0(r), p);
}
