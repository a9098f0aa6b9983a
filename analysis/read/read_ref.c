// SPDX-License-Identifier: GPL-2.0-only
/*
 * Published reference results: the CSV files of analysis/reference read
 * into tables (read_ref.h; ref_model.c adds them to a model).  The
 * files are small CSVs with a header row and RFC 4180 quoting (notes carry
 * commas); columns are found by header name so a reordered file still reads.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read/read_ref.h"
#include "util/slurp.h"

#define MAX_COLS 16

struct csv {
	const char *p, *end;
	char *cols[MAX_COLS];
	size_t ncols;
};

static void csv_clear(struct csv *c)
{
	for (size_t i = 0; i < c->ncols; i++)
		free(c->cols[i]);
	c->ncols = 0;
}

/* Reads one field into a fresh string; returns NULL on a quoting error. */
static char *csv_field(struct csv *c)
{
	size_t cap = 32, n = 0;
	char *s = malloc(cap);
	bool quoted = c->p < c->end && *c->p == '"';

	if (!s)
		return NULL;
	if (quoted)
		c->p++;
	while (c->p < c->end) {
		char ch = *c->p;

		if (quoted && ch == '"') {
			if (c->p + 1 < c->end && c->p[1] == '"') {
				c->p++;
			} else {
				c->p++;
				quoted = false;
				continue;
			}
		} else if (!quoted && (ch == ',' || ch == '\n' || ch == '\r')) {
			break;
		}
		if (n + 2 > cap) {
			char *t = realloc(s, cap *= 2);

			if (!t) {
				free(s);
				return NULL;
			}
			s = t;
		}
		s[n++] = ch;
		c->p++;
	}
	s[n] = '\0';
	if (quoted) {
		free(s);
		return NULL;
	}
	return s;
}

/* Reads one record; returns 1 for a record, 0 at the end, -1 on error. */
static int csv_record(struct csv *c)
{
	csv_clear(c);
	while (c->p < c->end && (*c->p == '\n' || *c->p == '\r'))
		c->p++;
	if (c->p >= c->end)
		return 0;
	for (;;) {
		char *f;

		if (c->ncols == MAX_COLS)
			return -1;
		f = csv_field(c);
		if (!f)
			return -1;
		c->cols[c->ncols++] = f;
		if (c->p < c->end && *c->p == ',') {
			c->p++;
			continue;
		}
		return 1;
	}
}

struct table {
	const char *source;
	char header[MAX_COLS][32];
	size_t nheader;
	unsigned line;
};

static const char *col(const struct table *t, const struct csv *c, const char *name)
{
	for (size_t i = 0; i < t->nheader && i < c->ncols; i++)
		if (!strcmp(t->header[i], name))
			return c->cols[i];
	return NULL;
}

static double col_num(const struct table *t, const struct csv *c, const char *name, bool *bad)
{
	const char *s = col(t, c, name);
	char *end;
	double v;

	if (!s || !*s)
		return NAN;
	errno = 0;
	v = strtod(s, &end);
	if (*end || errno || !isfinite(v)) {
		*bad = true;
		return NAN;
	}
	return v;
}

static char *col_dup(const struct table *t, const struct csv *c, const char *name)
{
	const char *s = col(t, c, name);

	return strdup(s ? s : "");
}

static int add_curve(struct fr_ref *r, const struct table *t, const struct csv *c, bool *bad)
{
	struct fr_ref_curve *v = realloc(r->curves, (r->ncurves + 1) * sizeof(*v));

	if (!v)
		return -1;
	r->curves = v;
	v = &v[r->ncurves++];
	v->review = col_dup(t, c, "review");
	v->device = col_dup(t, c, "device");
	v->profile = col_dup(t, c, "profile");
	v->load = col_dup(t, c, "load");
	v->point = col_dup(t, c, "point");
	v->note = col_dup(t, c, "note");
	v->capacity = col_dup(t, c, "capacity");
	v->host = col_dup(t, c, "host");
	v->drives = 1;
	if (col(t, c, "drives") && *col(t, c, "drives")) {
		double n = col_num(t, c, "drives", bad);

		if (!(n >= 1 && n <= 1024 && n == floor(n)))
			*bad = true;
		else
			v->drives = (unsigned)n;
	}
	v->iops = col_num(t, c, "iops", bad);
	v->gbps = col_num(t, c, "gbps", bad);
	v->lat_us = col_num(t, c, "latency_us", bad);
	if (!*v->review || !*v->device || !*v->profile || isnan(v->iops))
		*bad = true;
	return 0;
}

static int add_lat(struct fr_ref_lat **arr, size_t *n, const struct table *t, const struct csv *c,
		   bool nn, bool *bad)
{
	struct fr_ref_lat *v = realloc(*arr, (*n + 1) * sizeof(*v));
	const char *ns;

	if (!v)
		return -1;
	*arr = v;
	v = &v[(*n)++];
	memset(v, 0, sizeof(*v));
	v->review = col_dup(t, c, "review");
	v->device = col_dup(t, c, "device");
	v->metric = col_dup(t, c, "metric");
	v->note = col_dup(t, c, "note");
	v->value_us = col_num(t, c, "value_us", bad);
	v->write_mbps = nn ? NAN : col_num(t, c, "write_mbps", bad);
	if (nn) {
		ns = col(t, c, "namespace");
		if (!ns || (ns[0] != 'N' && ns[0] != 'n') || (ns[1] != 'S' && ns[1] != 's') ||
		    !(v->nsid = (unsigned)strtoul(ns + 2, NULL, 10)))
			*bad = true;
	}
	if (!*v->review || !*v->device || !*v->metric)
		*bad = true;
	return 0;
}

static int add_method(struct fr_ref *r, const struct table *t, const struct csv *c, bool *bad)
{
	struct fr_ref_method *v = realloc(r->methods, (r->nmethods + 1) * sizeof(*v));

	if (!v)
		return -1;
	r->methods = v;
	v = &v[r->nmethods++];
	v->review = col_dup(t, c, "review");
	v->profile = col_dup(t, c, "profile");
	v->load = col_dup(t, c, "load");
	v->note = col_dup(t, c, "note");
	v->outstanding = col_num(t, c, "outstanding", bad);
	v->block_size = col_num(t, c, "block_size", bad);
	v->read_pct = col_num(t, c, "read_pct", bad);
	v->namespaces = col_num(t, c, "namespaces", bad); /* noisy neighbor only */
	v->writers = col_num(t, c, "writers", bad);
	if (!*v->review || !*v->profile || !*v->load ||
	    (isnan(v->outstanding) && !*v->note)) /* an unstated method says why */
		*bad = true;
	return 0;
}

static int add_review(struct fr_ref *r, const struct table *t, const struct csv *c, bool *bad)
{
	struct fr_ref_review *v = realloc(r->reviews, (r->nreviews + 1) * sizeof(*v));

	if (!v)
		return -1;
	r->reviews = v;
	v = &v[r->nreviews++];
	v->review = col_dup(t, c, "review");
	v->publisher = col_dup(t, c, "publisher");
	v->title = col_dup(t, c, "title");
	v->date = col_dup(t, c, "date");
	if (!*v->review || !*v->title || !*v->date)
		*bad = true;
	return 0;
}

void fr_ref_cite(const struct fr_ref *ref, const char *review, char *buf, size_t len)
{
	for (size_t i = 0; i < ref->nreviews; i++) {
		const struct fr_ref_review *v = &ref->reviews[i];

		if (!strcmp(v->review, review)) {
			snprintf(buf, len, "%s: \"%s\" (%s%sdate %s)", review, v->title,
				 v->publisher, *v->publisher ? ", " : "", v->date);
			return;
		}
	}
	snprintf(buf, len, "%s", review);
}

static int add_row(struct fr_ref *ref, const char *which, const struct table *t,
		   const struct csv *c, bool *bad)
{
	if (!strcmp(which, "reviews"))
		return add_review(ref, t, c, bad);
	if (!strcmp(which, "curves"))
		return add_curve(ref, t, c, bad);
	if (!strcmp(which, "methods"))
		return add_method(ref, t, c, bad);
	if (!strcmp(which, "nn"))
		return add_lat(&ref->nn, &ref->nnn, t, c, true, bad);
	return add_lat(&ref->wp, &ref->nwp, t, c, false, bad);
}

int fr_read_ref_csv(const char *buf, size_t len, const char *which, const char *source,
		    struct fr_ref *ref, char *err, size_t errlen)
{
	struct csv c = {.p = buf, .end = buf + len};
	struct table t = {.source = source, .line = 1};
	int r = csv_record(&c);

	if (r <= 0) {
		snprintf(err, errlen, "%s: no header row", source);
		csv_clear(&c);
		return -1;
	}
	for (size_t i = 0; i < c.ncols; i++)
		snprintf(t.header[t.nheader++], sizeof(t.header[0]), "%s", c.cols[i]);
	while ((r = csv_record(&c)) > 0) {
		bool bad = false;
		int ar;

		t.line++;
		ar = add_row(ref, which, &t, &c, &bad);
		if (ar) {
			snprintf(err, errlen, "%s: out of memory", source);
			break;
		}
		if (bad) {
			snprintf(err, errlen, "%s: record %u: missing or invalid field", source,
				 t.line);
			r = -1;
			break;
		}
	}
	if (r < 0 && !strstr(err, source))
		snprintf(err, errlen, "%s: record %u: bad quoting or too many columns", source,
			 t.line + 1);
	csv_clear(&c);
	return r < 0 ? -1 : 0;
}

int fr_read_ref_dir(const char *dir, struct fr_ref *ref, char *err, size_t errlen)
{
	static const char *const files[][2] = {{"vdbench-curves.csv", "curves"},
					       {"write-pressure.csv", "wp"},
					       {"noisy-neighbor.csv", "nn"},
					       {"methods.csv", "methods"},
					       {"reviews.csv", "reviews"}};

	memset(ref, 0, sizeof(*ref));
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char path[4096];
		size_t len;
		char *buf;
		int r;

		snprintf(path, sizeof(path), "%s/%s", dir, files[i][0]);
		buf = fr_slurp(path, &len);
		if (!buf && errno == ENOENT &&
		    (!strcmp(files[i][1], "methods") || !strcmp(files[i][1], "reviews")))
			continue; /* optional: methods then unknown, reviews cited by id */
		if (!buf) {
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			fr_ref_free(ref);
			return -1;
		}
		*err = '\0';
		r = fr_read_ref_csv(buf, len, files[i][1], path, ref, err, errlen);
		free(buf);
		if (r) {
			fr_ref_free(ref);
			return -1;
		}
	}
	return 0;
}

static void free_lat(struct fr_ref_lat *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].review);
		free(v[i].device);
		free(v[i].metric);
		free(v[i].note);
	}
	free(v);
}

void fr_ref_free(struct fr_ref *ref)
{
	for (size_t i = 0; i < ref->ncurves; i++) {
		struct fr_ref_curve *c = &ref->curves[i];

		free(c->review);
		free(c->device);
		free(c->profile);
		free(c->load);
		free(c->point);
		free(c->note);
		free(c->capacity);
		free(c->host);
	}
	free(ref->curves);
	for (size_t i = 0; i < ref->nmethods; i++) {
		free(ref->methods[i].review);
		free(ref->methods[i].profile);
		free(ref->methods[i].load);
		free(ref->methods[i].note);
	}
	free(ref->methods);
	for (size_t i = 0; i < ref->nreviews; i++) {
		free(ref->reviews[i].review);
		free(ref->reviews[i].publisher);
		free(ref->reviews[i].title);
		free(ref->reviews[i].date);
	}
	free(ref->reviews);
	free_lat(ref->wp, ref->nwp);
	free_lat(ref->nn, ref->nnn);
	memset(ref, 0, sizeof(*ref));
}
