// SPDX-License-Identifier: GPL-2.0-only
/*
 * One fio JSON document into flat records (fastread_scan.h).  Declines,
 * for json-c's path to read the input, on anything read_fio.c would read
 * in a way these records cannot hold: a value of another type than fio
 * writes where read_fio.c takes one, a member read_fio.c takes given twice
 * (json-c keeps the last), client/server output (fio 3.39+'s per-server
 * "global options" array among it: not an object, read_opts() declines),
 * a fiorank report, more than one document, and whatever the cursor itself
 * declines (jscan.h).
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "read/fastread_scan.h"
#include "read/read_fio_opts.h"
#include "read/jscan.h"

#define LIT(s) s, sizeof(s) - 1

struct name {
	const char *s;
	size_t n;
};

/* Index of key in names (count of them), or -1.  Most keys are none of
 * them: the first byte rules most out before memcmp() is called. */
static int name_index(const char *key, size_t len, const struct name *names, int count)
{
	for (int i = 0; i < count; i++)
		if (names[i].n == len && names[i].s[0] == key[0] && !memcmp(names[i].s, key, len))
			return i;
	return -1;
}

/* A member given twice: json-c keeps the last, these records the first. */
static bool first_time(unsigned *seen, int idx)
{
	if (*seen & 1u << idx)
		return false;
	*seen |= 1u << idx;
	return true;
}

static const char *keep_string(struct fs_doc *d, const char *s, size_t n)
{
	char *at = d->arena + d->arena_used;

	memcpy(at, s, n);
	at[n] = '\0';
	d->arena_used += n + 1;
	return at;
}

static bool read_string(struct fr_js *s, struct fs_doc *d, const char **out)
{
	const char *str;
	size_t n;

	if (!fr_js_string(s, &str, &n))
		return false;
	*out = keep_string(d, str, n);
	return true;
}

/* fio's {"1.000000" : 2128, ...}: the values of the keys meaning the
 * percentiles read_fio.c reads; two keys meaning one decline. */
static bool read_pct(struct fr_js *s, struct fs_lat *l)
{
	const char *key;
	size_t n;
	bool first = true;
	char text[32];

	if (!fr_js_open(s, '{'))
		return false;
	while (fr_js_key(s, &first, &key, &n)) {
		double v;
		int which;

		if (!fr_js_number(s, &v) || n >= sizeof(text))
			return false;
		memcpy(text, key, n);
		text[n] = '\0';
		which = fr_pct_key_which(text);
		if (which < 0)
			continue;
		if (!isnan(l->pct[which]) || isnan(v))
			return false;
		l->pct[which] = v;
	}
	return !s->bad;
}

/* A json+ bin's key as strtod() reads it: fio writes integer nanoseconds
 * ("2128"), converted here (up to 15 digits, every such integer exact in a
 * double, as strtod() gives it); anything else goes to strtod(). */
#define BIN_KEY_MAX 32 /* longer keys decline */

static double bin_ns(const char *key, size_t n)
{
	char text[BIN_KEY_MAX];
	double v = 0;
	size_t i;

	for (i = 0; i < n && i < 15 && key[i] >= '0' && key[i] <= '9'; i++)
		v = v * 10 + (key[i] - '0');
	if (i == n)
		return v;
	memcpy(text, key, n);
	text[n] = '\0';
	return strtod(text, NULL);
}

/* Bins read as integers into dir's buckets; false when one is not above
 * the bin before (*last).  Ascending, each bin's bucket is at or above
 * the one before's, *k (read_fio_keep.h). */
static bool add_bins(struct fs_dir *dir, const uint64_t *ns, const uint64_t *count, size_t n,
		     double *last, long *k)
{
	const uint64_t *start = fr_dist_bucket_starts();

	for (size_t i = 0; i < n; i++) {
		double at = (double)ns[i];

		if (!(at > *last))
			return false;
		*last = at;
		while (*k < FR_DIST_NBUCKETS && ns[i] >= start[*k + 1])
			++*k;
		if (count[i] > 0 && *k < FR_DIST_NBUCKETS)
			dir->buckets[*k] += (double)count[i];
	}
	return true;
}

#define BINS_RUN 64 /* bins read per fr_js_int_members() call */

/* A bin that fr_js_int_members() stopped at (not in fio's own form): read
 * and added up into DIR, or with DIR NULL passed over, checked as any
 * skipped value is. */
static bool other_bin(struct fr_js *s, struct fs_dir *dir, const char *key, size_t n, double *last)
{
	double count, at;
	long k;

	if (!dir)
		return fr_js_skip(s);
	if (n == 0 || n >= BIN_KEY_MAX || !fr_js_number(s, &count))
		return false;
	at = bin_ns(key, n);
	if (!(at > *last))
		return false;
	*last = at;
	k = fr_dist_bucket_of(at);
	if (count > 0 && k >= 0)
		dir->buckets[k] += count;
	return true;
}

/* json+'s "bins" of clat_ns (ns -> count), summed into DIR as fr_fio_keep()
 * sums them.  fio writes them in ascending order; keys out of that order (a
 * repeated one among them, which json-c's tree keeps once, last value)
 * decline the document, as do a key or count that is not a plain number.
 * With DIR NULL (fs_doc.bins false: no stage keeps the bins) the same walk
 * passes over them: checked as fr_js_skip() checks any value (one that is
 * not an object too), fio's own form still a run at a time (half the
 * instructions of stepping over it byte by byte), nothing added up, and
 * no order asked of the keys. */
static bool read_bins(struct fr_js *s, struct fs_dir *dir)
{
	const char *key;
	size_t n;
	bool first = true;
	double last = -INFINITY;
	long run_bucket = 0; /* add_bins()'s */

	if (!dir && fr_js_peek(s) != '{')
		return fr_js_skip(s);
	if (dir)
		dir->has_bins = true;
	if (!fr_js_open(s, '{'))
		return false;
	for (;;) {
		uint64_t ns[BINS_RUN], counts[BINS_RUN];
		size_t got = fr_js_int_members(s, first, ns, counts, BINS_RUN);

		/* fio's own form, read a run at a time */
		if (got) {
			first = false;
			if (dir && !add_bins(dir, ns, counts, got, &last, &run_bucket))
				return false;
			if (got == BINS_RUN)
				continue;
		}
		if (!fr_js_key(s, &first, &key, &n))
			break;
		if (!other_bin(s, dir, key, n, &last))
			return false;
	}
	return !s->bad;
}

/* BINS_OF: the direction whose clat_ns this is, NULL for another latency;
 * BINS: whether its json+ bins are read (fs_doc.bins) or passed over */
static bool read_lat(struct fr_js *s, struct fs_lat *l, struct fs_dir *bins_of, bool bins)
{
	static const struct name names[] = {
		{LIT("mean")}, {LIT("stddev")}, {LIT("max")}, {LIT("percentile")}, {LIT("bins")}};
	double *num[] = {&l->mean, &l->stddev, &l->max};
	const char *key;
	size_t n;
	unsigned seen = 0;
	bool first = true;

	l->present = true;
	if (!fr_js_open(s, '{'))
		return false;
	while (fr_js_key(s, &first, &key, &n)) {
		int i = name_index(key, n, names, bins_of ? 5 : 4);
		bool ok = i < 0			  ? fr_js_skip(s)
			  : !first_time(&seen, i) ? false
			  : i == 4		  ? read_bins(s, bins ? bins_of : NULL)
			  : i == 3		  ? read_pct(s, l)
						  : fr_js_number(s, num[i]);

		if (!ok)
			return false;
	}
	return !s->bad;
}

/* BINS: whether clat_ns's json+ "bins" are read (fs_doc.bins) */
static bool read_dir(struct fr_js *s, struct fs_dir *dir, bool bins)
{
	static const struct name names[] = {{LIT("iops")},     {LIT("bw_bytes")},  {LIT("bw")},
					    {LIT("io_bytes")}, {LIT("total_ios")}, {LIT("runtime")},
					    {LIT("clat_ns")},  {LIT("clat")},	   {LIT("lat_ns")},
					    {LIT("lat")}};
	double *num[] = {&dir->iops,	 &dir->bw_bytes,  &dir->bw,
			 &dir->io_bytes, &dir->total_ios, &dir->runtime};
	const char *key;
	size_t n;
	unsigned seen = 0;
	bool first = true;

	dir->present = true;
	if (!fr_js_open(s, '{'))
		return false;
	while (fr_js_key(s, &first, &key, &n)) {
		int i = name_index(key, n, names, 10);
		bool ok = i < 0			  ? fr_js_skip(s)
			  : !first_time(&seen, i) ? false
			  : i >= 6 ? read_lat(s, &dir->lat[i - 6], i - 6 == FS_CLAT_NS ? dir : NULL,
					      bins)
				   : fr_js_number(s, num[i]);

		if (!ok)
			return false;
	}
	return !s->bad;
}

static bool grow(void **v, size_t *cap, size_t need, size_t size)
{
	size_t ncap;
	void *nv;

	if (need <= *cap)
		return true;
	ncap = *cap ? *cap * 2 : 16;
	nv = realloc(*v, ncap * size);
	if (!nv)
		return false;
	*v = nv;
	*cap = ncap;
	return true;
}

/* An option given twice (fio writes some so): json-c keeps the first's
 * place with the last's value, and so do these records.  Whether o went
 * into an earlier entry of d->opts[start ..]. */
static bool replaced(struct fs_doc *d, size_t start, const struct fs_opt *o)
{
	for (size_t i = start; i < d->nopts; i++)
		if (!strcmp(d->opts[i].key, o->key)) {
			d->opts[i].val = o->val;
			return true;
		}
	return false;
}

/* An options object of strings into d->opts. */
static bool read_opts(struct fr_js *s, struct fs_doc *d, size_t *start, size_t *count)
{
	const char *key;
	size_t n;
	bool first = true;

	*start = d->nopts;
	if (!fr_js_open(s, '{'))
		return false;
	while (fr_js_key(s, &first, &key, &n)) {
		struct fs_opt o;

		if (!grow((void **)&d->opts, &d->ocap, d->nopts + 1, sizeof(*d->opts)))
			return false;
		o.key = keep_string(d, key, n);
		if (!read_string(s, d, &o.val))
			return false;
		if (!replaced(d, *start, &o))
			d->opts[d->nopts++] = o;
	}
	*count = d->nopts - *start;
	return !s->bad;
}

static bool read_ss(struct fr_js *s, struct fs_doc *d, struct fs_job *j)
{
	static const struct name names[] = {{LIT("attained")}, {LIT("ss")}};
	const char *key;
	size_t n;
	unsigned seen = 0;
	bool first = true;

	j->has_ss = true;
	if (!fr_js_open(s, '{'))
		return false;
	while (fr_js_key(s, &first, &key, &n)) {
		int i = name_index(key, n, names, 2);
		bool ok = i < 0			  ? fr_js_skip(s)
			  : !first_time(&seen, i) ? false
			  : i == 0		  ? fr_js_number(s, &j->ss_attained)
						  : read_string(s, d, &j->ss_what);

		if (!ok)
			return false;
	}
	return !s->bad;
}

static void job_init(struct fs_job *j)
{
	memset(j, 0, sizeof(*j));
	j->groupid = j->error = j->job_runtime = j->ss_attained = NAN;
	for (int d = 0; d < FS_NDIR; d++) {
		struct fs_dir *dir = &j->dir[d];

		dir->iops = dir->bw_bytes = dir->bw = dir->io_bytes = NAN;
		dir->total_ios = dir->runtime = NAN;
		for (int b = 0; b < FS_NLAT; b++) {
			struct fs_lat *l = &dir->lat[b];

			l->mean = l->stddev = l->max = NAN;
			for (int p = 0; p < FR_NPCT; p++)
				l->pct[p] = NAN;
		}
	}
}

static bool read_job(struct fr_js *s, struct fs_doc *d, struct fs_job *j)
{
	enum { NAME, GROUP, ERROR, RUNTIME, OPTS, SS, DIR0, HOST = DIR0 + FS_NDIR, PORT, N };
	static const struct name names[N] = {
		{LIT("jobname")},     {LIT("groupid")},	    {LIT("error")},    {LIT("job_runtime")},
		{LIT("job options")}, {LIT("steadystate")}, {LIT("read")},     {LIT("write")},
		{LIT("trim")},	      {LIT("mixed")},	    {LIT("hostname")}, {LIT("port")}};
	double *num[] = {[GROUP] = &j->groupid, [ERROR] = &j->error, [RUNTIME] = &j->job_runtime};
	const char *key;
	size_t n;
	unsigned seen = 0;
	bool first = true;

	job_init(j);
	if (!fr_js_open(s, '{'))
		return false;
	while (fr_js_key(s, &first, &key, &n)) {
		int i = name_index(key, n, names, N);
		bool ok;

		if (i < 0)
			ok = fr_js_skip(s);
		else if (!first_time(&seen, i) || i >= HOST)
			ok = false; /* a client's job: json-c's path labels it */
		else if (i == NAME)
			ok = read_string(s, d, &j->jobname);
		else if (i == OPTS)
			ok = (j->has_opts = true) && read_opts(s, d, &j->opt0, &j->nopts);
		else if (i == SS)
			ok = read_ss(s, d, j);
		else if (i >= DIR0)
			ok = read_dir(s, &j->dir[i - DIR0], d->bins);
		else
			ok = fr_js_number(s, num[i]);
		if (!ok)
			return false;
	}
	return !s->bad && j->jobname;
}

static bool read_jobs(struct fr_js *s, struct fs_doc *d)
{
	bool first = true;

	d->has_jobs = true;
	if (!fr_js_open(s, '['))
		return false;
	while (fr_js_elem(s, &first)) {
		if (!grow((void **)&d->jobs, &d->jcap, d->njobs + 1, sizeof(*d->jobs)) ||
		    !read_job(s, d, &d->jobs[d->njobs]))
			return false;
		d->njobs++;
	}
	return !s->bad;
}

static bool read_root(struct fr_js *s, struct fs_doc *d)
{
	enum { VERSION, TIMESTAMP, JOBS, GLOBAL, CLIENTS, SCHEMA, N };
	static const struct name names[N] = {{LIT("fio version")},  {LIT("timestamp")},
					     {LIT("jobs")},	    {LIT("global options")},
					     {LIT("client_stats")}, {LIT("schema")}};
	const char *key;
	size_t n;
	unsigned seen = 0;
	bool first = true;

	if (!fr_js_open(s, '{'))
		return false;
	while (fr_js_key(s, &first, &key, &n)) {
		int i = name_index(key, n, names, N);
		bool ok;

		if (i < 0)
			ok = fr_js_skip(s);
		else if (!first_time(&seen, i) || i >= CLIENTS)
			ok = false; /* client/server output, a fiorank report */
		else if (i == VERSION)
			ok = read_string(s, d, &d->fio_version);
		else if (i == TIMESTAMP)
			ok = fr_js_number(s, &d->timestamp);
		else if (i == JOBS)
			ok = read_jobs(s, d);
		else
			ok = (d->has_gopts = true) && read_opts(s, d, &d->gopt0, &d->ngopts);
		if (!ok)
			return false;
	}
	return !s->bad && d->fio_version && d->has_jobs;
}

bool fs_scan(const char *buf, size_t len, bool bins, struct fs_doc *d)
{
	size_t pos = fr_fio_next_doc(buf, fr_fio_bom_len(buf, len), len);
	struct fr_js s;

	memset(d, 0, sizeof(*d));
	d->bins = bins;
	d->timestamp = NAN;
	if (pos >= len || !(d->arena = malloc(len + 1)))
		return false;
	fr_js_init(&s, buf + pos, buf + len);
	if (!read_root(&s, d))
		return false;
	/* another document after it (--status-interval) is json-c's path's */
	return !memchr(s.p, '{', (size_t)(buf + len - s.p));
}

void fs_doc_free(struct fs_doc *d)
{
	free(d->jobs);
	free(d->opts);
	free(d->arena);
	memset(d, 0, sizeof(*d));
}
