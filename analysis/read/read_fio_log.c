// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio's latency logs (read_fio_log.h): which files a step's jobs wrote,
 * their lines, and the figures per interval.  fio's log formats (HOWTO "Log
 * File Formats", fio 3.x): a latency log line is "time (ms), value (ns),
 * data direction (0 read, 1 write, 2 trim), block size, offset" and, with
 * log_prio, a priority; a histogram log line is "time (ms), direction,
 * block size" and then FIO_IO_U_PLAT_NR (1856) bin counts of completions
 * in that interval.
 */
#include <errno.h>
#include <json-c/json.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/json_get.h"
#include "read/read_fio.h"
#include "read/read_fio_globals.h"
#include "read/read_fio_log.h"
#include "util/slurp.h"

#define PLAT_BITS   6
#define PLAT_VAL    (1u << PLAT_BITS)
#define PLAT_NR	    (29 * PLAT_VAL) /* fio's FIO_IO_U_PLAT_NR */
#define MAX_WINDOWS 300

/* The samples of one kind of log over the step's threads. */
struct samples {
	double *t, *v; /* per-I/O or averaged: time (ms) and latency (ns) */
	size_t n, cap;
	size_t files;
	double avg_ms; /* log_avg_msec of the averaged logs, 0 per-I/O */
};

/* Histogram intervals merged over threads: slot -> bins. */
struct hist {
	uint64_t *bins; /* nslots x PLAT_NR */
	size_t nslots;
	size_t files;
	double ms; /* log_hist_msec */
};

static int push(struct samples *s, double t, double v)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 1024;
		double *t2 = realloc(s->t, cap * sizeof(*t2)), *v2;

		if (!t2)
			return -ENOMEM;
		s->t = t2;
		v2 = realloc(s->v, cap * sizeof(*v2));
		if (!v2)
			return -ENOMEM;
		s->v = v2;
		s->cap = cap;
	}
	s->t[s->n] = t;
	s->v[s->n++] = v;
	return 0;
}

/* A non-negative integer field followed by ',' or the end; advances *p. */
static int field(const char **p, double *v)
{
	char *end;
	unsigned long long x;

	while (**p == ' ' || **p == '\t')
		(*p)++;
	if (**p < '0' || **p > '9')
		return -1;
	errno = 0;
	x = strtoull(*p, &end, 10);
	if (errno)
		return -1;
	*v = (double)x;
	while (*end == ' ' || *end == '\t')
		end++;
	if (*end == ',')
		end++;
	else if (*end && *end != '\n' && *end != '\r')
		return -1;
	*p = end;
	return 0;
}

static bool at_end(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
		p++;
	return !*p;
}

int fr_fio_log_parse_lat(const char *line, double *t_ms, double *value, unsigned *ddir)
{
	double f[6];
	size_t n = 0;

	while (n < 6 && !at_end(line))
		if (field(&line, &f[n++]))
			return -1;
	if ((n != 5 && n != 6) || !at_end(line) || f[2] > 2)
		return -1;
	*t_ms = f[0];
	*value = f[1];
	*ddir = (unsigned)f[2];
	return 0;
}

/* One histogram line into h (its slot by time); -1 when damaged. */
static int parse_hist(const char *line, enum fr_dir dir, struct hist *h)
{
	double t, d, bs, c;
	size_t slot;

	if (field(&line, &t) || field(&line, &d) || field(&line, &bs) || d > 2)
		return -1;
	slot = (size_t)floor(t / h->ms);
	if (slot >= 100000)
		return -1;
	if (slot >= h->nslots && (unsigned)d == (unsigned)dir) {
		uint64_t *b = realloc(h->bins, (slot + 1) * PLAT_NR * sizeof(*b));

		if (!b)
			return -ENOMEM;
		memset(b + h->nslots * PLAT_NR, 0, (slot + 1 - h->nslots) * PLAT_NR * sizeof(*b));
		h->bins = b;
		h->nslots = slot + 1;
	}
	for (size_t i = 0; i < PLAT_NR; i++) {
		if (at_end(line) || field(&line, &c))
			return -1;
		if ((unsigned)d == (unsigned)dir)
			h->bins[slot * PLAT_NR + i] += (uint64_t)c;
	}
	return at_end(line) ? 0 : -1;
}

/* Reads one log file into s (latency) or h (histogram); a damaged line is
 * reported as file:line and fails the file. */
static int read_log(const char *path, enum fr_dir dir, struct samples *s, struct hist *h, FILE *err)
{
	size_t len = 0, lineno = 0;
	char *buf = fr_slurp(path, &len), *line, *save = NULL;
	int ret = 0;

	if (!buf) {
		fprintf(err, "fiorank: %s: cannot read the fio log: %s\n", path, strerror(errno));
		return -1;
	}
	for (line = strtok_r(buf, "\n", &save); line && !ret; line = strtok_r(NULL, "\n", &save)) {
		double t, v;
		unsigned d;

		lineno++;
		if (at_end(line))
			continue;
		if (h)
			ret = parse_hist(line, dir, h);
		else if (!(ret = fr_fio_log_parse_lat(line, &t, &v, &d)) && d == (unsigned)dir)
			ret = push(s, t, v);
		if (ret == -1)
			fprintf(err,
				"fiorank: %s:%zu: not a fio %s log line (%s expected): its step's "
				"logs are not charted\n",
				path, lineno, h ? "histogram" : "latency",
				h ? "time, direction, block size, 1856 bin counts"
				  : "time, value, direction, block size, offset");
	}
	free(buf);
	return ret;
}

/* fio's value of bin idx (the middle of the bin's range), ns. */
static double bin_value(size_t idx)
{
	unsigned shift;

	if (idx < 2 * PLAT_VAL)
		return (double)idx;
	shift = (unsigned)(idx >> PLAT_BITS) - 1;
	return (double)(1ull << (shift + PLAT_BITS)) +
	       ((double)(idx % PLAT_VAL) + 0.5) * (double)(1ull << shift);
}

static struct json_object *option(struct json_object *root, struct json_object *job,
				  const char *key)
{
	struct json_object *v = fr_json_get(fr_json_get(job, "job options"), key);

	return v ? v : fr_fio_global(root, job, key);
}

static double num_option(struct json_object *root, struct json_object *job, const char *key,
			 double dflt)
{
	struct json_object *v = option(root, job, key);
	const char *s = v ? json_object_get_string(v) : NULL;

	return s && *s ? strtod(s, NULL) : dflt;
}

/* dir/NAME_TYPE[.T].log, NAME's last component only. */
static void log_path(char *buf, size_t len, const char *json, const char *name, const char *type,
		     unsigned thread, bool per_job)
{
	const char *slash = strrchr(json, '/'), *base = strrchr(name, '/');
	int dirlen = slash ? (int)(slash - json + 1) : 0;

	base = base ? base + 1 : name;
	if (per_job)
		snprintf(buf, len, "%.*s%s_%s.%u.log", dirlen, json, base, type, thread);
	else
		snprintf(buf, len, "%.*s%s_%s.log", dirlen, json, base, type);
}

static bool step_job(const struct fr_step *s, const char *name)
{
	for (size_t i = 0; name && i < s->njobnames; i++)
		if (!strcmp(s->jobnames[i], name))
			return true;
	return false;
}

struct readers {
	struct samples lat;
	struct hist hist;
	bool damaged, per_io, averaged;
	bool shared_read; /* per_job_logs=0: the threads' one file, read once */
	char note[256];
};

/* The logs one JSON job entry (threads first..first+nthreads-1) wrote. */
static int job_logs(struct json_object *root, struct json_object *job, const char *json,
		    unsigned first, unsigned nthreads, enum fr_dir dir, struct readers *r,
		    FILE *err)
{
	struct json_object *lat = option(root, job, "write_lat_log");
	struct json_object *hist = option(root, job, "write_hist_log");
	const char *jobname = fr_json_str(job, "jobname");
	bool per_job = num_option(root, job, "per_job_logs", 1) != 0;
	char path[4096];

	if ((lat || hist) && num_option(root, job, "log_gz_store", 0)) {
		snprintf(r->note, sizeof(r->note), "compressed logs (log_gz_store) are not read");
		return 0;
	}
	for (unsigned t = first; t < first + nthreads; t++) {
		if (!per_job && r->shared_read)
			break;
		r->shared_read |= !per_job;
		if (lat) {
			const char *n = json_object_get_string(lat);
			double avg = num_option(root, job, "log_avg_msec", 0);

			log_path(path, sizeof(path), json, *n ? n : jobname, "clat", t, per_job);
			if (read_log(path, dir, &r->lat, NULL, err))
				return r->damaged = true, 0;
			r->lat.files++;
			r->lat.avg_ms = avg;
			r->per_io |= avg == 0;
			r->averaged |= avg > 0;
		}
		if (hist) {
			const char *n = json_object_get_string(hist);

			r->hist.ms = num_option(root, job, "log_hist_msec", 0);
			if (!(r->hist.ms > 0) || num_option(root, job, "log_hist_coarseness", 0)) {
				snprintf(r->note, sizeof(r->note),
					 "histogram logs need log_hist_msec and no "
					 "log_hist_coarseness");
				continue;
			}
			log_path(path, sizeof(path), json, *n ? n : jobname, "clat_hist", t,
				 per_job);
			if (read_log(path, dir, NULL, &r->hist, err))
				return r->damaged = true, 0;
			r->hist.files++;
		}
	}
	return 0;
}

/* Every job entry of the step's JSON: its thread numbers in fio's run
 * (entries in thread order, one per thread; with group_reporting only a
 * single entry can be matched to its threads, 1..numjobs). */
static void step_logs(const struct fr_step *s, enum fr_dir dir, struct readers *r, FILE *err)
{
	struct json_object *root = s->fio_doc, *jobs; /* what the reader kept */
	size_t njobs;
	unsigned thread = 1;

	jobs = fr_json_get(root, "jobs");
	njobs = json_object_is_type(jobs, json_type_array) ? json_object_array_length(jobs) : 0;
	for (size_t i = 0; i < njobs && !r->damaged; i++) {
		struct json_object *j = json_object_array_get_idx(jobs, i);
		bool grouped = option(root, j, "group_reporting") != NULL;
		unsigned nthreads = grouped ? (unsigned)num_option(root, j, "numjobs", 1) : 1;

		if (grouped && njobs > 1) {
			snprintf(r->note, sizeof(r->note),
				 "group_reporting: the logs' thread numbers cannot be matched "
				 "to the jobs");
			break;
		}
		if (step_job(s, fr_json_str(j, "jobname")))
			job_logs(root, j, s->source, thread, nthreads ? nthreads : 1, dir, r, err);
		thread += nthreads ? nthreads : 1;
	}
}

struct json_object *fr_json_load_file(const char *path)
{
	size_t len = 0;
	char *buf = path ? fr_slurp(path, &len) : NULL, *start, err[128];
	struct json_object *o = NULL;

	if (buf && (start = memchr(buf, '{', len)))
		o = fr_json_parse(start, len - (size_t)(start - buf), err, sizeof(err));
	free(buf);
	return o;
}

static int cmp_pair(const void *a, const void *b)
{
	const double *x = a, *y = b;

	if (x[0] != y[0])
		return x[0] < y[0] ? -1 : 1;
	return x[1] < y[1] ? -1 : x[1] > y[1];
}

static int alloc_series(struct fr_log_series *ls, size_t n)
{
	ls->t_s = calloc(n + 1, sizeof(*ls->t_s));
	ls->mean_us = calloc(n + 1, sizeof(*ls->mean_us));
	ls->p99_us = calloc(n + 1, sizeof(*ls->p99_us));
	if (!ls->t_s || !ls->mean_us || !ls->p99_us)
		return -ENOMEM;
	for (size_t i = 0; i <= n; i++)
		ls->mean_us[i] = ls->p99_us[i] = NAN;
	ls->n = n;
	return 0;
}

/* An interval length giving at most MAX_WINDOWS intervals over end_ms. */
static double window_for(double end_ms)
{
	static const double w[] = {250, 500, 1000, 2000, 5000, 10000, 30000, 60000, 300000};
	size_t i = 0;

	while (i + 1 < sizeof(w) / sizeof(w[0]) && end_ms / w[i] > MAX_WINDOWS)
		i++;
	return w[i];
}

/* Per-I/O samples: every completion of an interval is a line, so its mean
 * and its p99 (nearest rank: the ceil(0.99 n)-th smallest) are exact. */
static int per_io_series(const struct samples *s, struct fr_log_series *ls)
{
	double *pair = malloc((s->n + 1) * 2 * sizeof(*pair)), end = 0;
	size_t i = 0, nwin;

	if (!pair)
		return -ENOMEM;
	for (size_t k = 0; k < s->n; k++)
		end = fmax(end, s->t[k]);
	ls->window_ms = window_for(end);
	for (size_t k = 0; k < s->n; k++) {
		pair[2 * k] = floor(s->t[k] / ls->window_ms);
		pair[2 * k + 1] = s->v[k];
	}
	qsort(pair, s->n, 2 * sizeof(*pair), cmp_pair);
	nwin = s->n ? (size_t)pair[2 * (s->n - 1)] + 1 : 0;
	if (alloc_series(ls, nwin)) {
		free(pair);
		return -ENOMEM;
	}
	for (size_t w = 0; w < nwin; w++)
		ls->t_s[w] = (double)(w + 1) * ls->window_ms / 1000;
	while (i < s->n) {
		size_t w = (size_t)pair[2 * i], j = i;
		double sum = 0;

		for (; j < s->n && (size_t)pair[2 * j] == w; j++)
			sum += pair[2 * j + 1];
		ls->mean_us[w] = sum / (double)(j - i) / 1000;
		if (j - i >= FR_LOG_P99_MIN_IOS)
			ls->p99_us[w] =
				pair[2 * (i + (size_t)ceil(0.99 * (double)(j - i)) - 1) + 1] / 1000;
		i = j;
	}
	free(pair);
	ls->mean_from = "fio per-I/O clat log";
	ls->p99_from = "fio per-I/O clat log";
	return 0;
}

/* One thread's averaged log: its lines are the interval means. */
static int averaged_series(const struct samples *s, struct fr_log_series *ls)
{
	if (alloc_series(ls, s->n))
		return -ENOMEM;
	ls->window_ms = s->avg_ms;
	for (size_t k = 0; k < s->n; k++) {
		ls->t_s[k] = s->t[k] / 1000;
		ls->mean_us[k] = s->v[k] / 1000;
	}
	ls->mean_from = "fio averaged clat log";
	return 0;
}

/* The p99 of each histogram interval from its bins merged over threads. */
static void hist_p99(const struct hist *h, struct fr_log_series *ls)
{
	for (size_t w = 0; w < h->nslots && w < ls->n; w++) {
		const uint64_t *b = h->bins + w * PLAT_NR;
		uint64_t total = 0, seen = 0;

		for (size_t i = 0; i < PLAT_NR; i++)
			total += b[i];
		if (total < FR_LOG_P99_MIN_IOS)
			continue;
		for (size_t i = 0; i < PLAT_NR; i++) {
			seen += b[i];
			if ((double)seen >= ceil(0.99 * (double)total)) {
				ls->p99_us[w] = bin_value(i) / 1000;
				break;
			}
		}
	}
	ls->p99_from = "fio clat histogram log";
}

/* Histogram slots k (fio writes at the end of interval k-1, a little after
 * k x log_hist_msec) onto the series' intervals. */
static int hist_series(const struct hist *h, struct fr_log_series *ls)
{
	if (!ls->n) {
		if (alloc_series(ls, h->nslots))
			return -ENOMEM;
		ls->window_ms = h->ms;
		for (size_t w = 0; w < h->nslots; w++)
			ls->t_s[w] = (double)w * h->ms / 1000;
	} else if (ls->window_ms != h->ms) {
		snprintf(ls->note, sizeof(ls->note),
			 "the histogram log's interval (%g ms) is not the latency log's: its p99 "
			 "is not charted",
			 h->ms);
		return 0;
	}
	hist_p99(h, ls);
	return 0;
}

int fr_fio_log_series(const struct fr_step *s, enum fr_dir dir, struct fr_log_series *out,
		      FILE *err)
{
	struct readers r = {0};
	int ret = 0;

	memset(out, 0, sizeof(*out));
	step_logs(s, dir, &r, err);
	snprintf(out->note, sizeof(out->note), "%s", r.note);
	out->damaged = r.damaged;
	out->found = !r.damaged && (r.lat.files || r.hist.files);
	if (out->found && r.per_io && !r.averaged)
		ret = per_io_series(&r.lat, out);
	else if (out->found && r.averaged && !r.per_io && r.lat.files == 1)
		ret = averaged_series(&r.lat, out);
	else if (out->found && r.lat.files)
		snprintf(out->mean_note, sizeof(out->mean_note),
			 "averaged logs of %zu threads: their means carry no counts and cannot "
			 "be merged; no mean over time",
			 r.lat.files);
	/* per-I/O logs give the exact p99 already */
	if (!ret && out->found && r.hist.files && !out->p99_from)
		ret = hist_series(&r.hist, out);
	free(r.lat.t);
	free(r.lat.v);
	free(r.hist.bins);
	if (ret)
		fr_log_series_free(out);
	return ret;
}

void fr_log_series_free(struct fr_log_series *ls)
{
	free(ls->t_s);
	free(ls->mean_us);
	free(ls->p99_us);
	ls->t_s = ls->mean_us = ls->p99_us = NULL;
	ls->n = 0;
}
