// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio JSON output -> model.
 *
 * fio writes more than JSON into an output file: warnings and errors
 * ("fio: pid=..., err=...") before the document, "<host>" lines in
 * client/server mode, and one document per --status-interval tick.  The
 * reader therefore looks for each '{' that opens a line, hands the rest of
 * the buffer to json-c's tokener (which stops at the end of one document and
 * tells where), and moves on.  The last fio document of a file is the final
 * report (interval documents are cumulative snapshots); earlier ones must
 * still parse, so a damaged file is not half-read.
 *
 * Shapes: fio >= 3.0 reports clat_ns/lat_ns in ns, older fio clat/lat in µs;
 * json+ adds "bins" (ignored: fio's percentiles are used); 3.30+ adds "prios"
 * (ignored: the totals include every priority); client/server output has
 * "client_stats" with hostname/port per client plus an "All clients" sum.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <json-c/json.h>

#include "json_get.h"
#include "read_fio.h"

#define NAME_LEN 128

struct pending {
	struct fr_job job;
	char drive[NAME_LEN];
	char profile[NAME_LEN];
	char step[NAME_LEN];
	char excluded[256]; /* why the job is not used, or "" */
};

struct pending_list {
	struct pending *v;
	size_t n, cap;
};

struct doc_ctx {
	struct fr_model *m;
	const char *source;
	const struct fr_label *label;
	struct json_object *global_opts;
	struct pending_list jobs;
	size_t offset; /* byte offset of the document in the input */
	char err[256];
};

int fr_slurp_into(const char *path, char **buf, size_t *cap, size_t *len)
{
	struct stat st;
	size_t got = 0, want;
	ssize_t r;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	if (fstat(fd, &st))
		goto fail;
	if (!S_ISREG(st.st_mode) || st.st_size > INT_MAX) {
		errno = S_ISDIR(st.st_mode) ? EISDIR : S_ISREG(st.st_mode) ? EFBIG : EINVAL;
		goto fail;
	}
	want = (size_t)st.st_size + 1;
	if (want > *cap) {
		char *nb = realloc(*buf, want);

		if (!nb)
			goto fail;
		*buf = nb;
		*cap = want;
	}
	while (got < (size_t)st.st_size) {
		r = read(fd, *buf + got, (size_t)st.st_size - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			goto fail;
		if (!r)
			break;
		got += (size_t)r;
	}
	(*buf)[got] = '\0';
	*len = got;
	close(fd);
	return 0;
fail:
	close(fd);
	return -1;
}

char *fr_slurp(const char *path, size_t *len)
{
	char *buf = NULL;
	size_t cap = 0;

	if (fr_slurp_into(path, &buf, &cap, len)) {
		int e = errno;

		free(buf);
		errno = e;
		return NULL;
	}
	return buf;
}

static bool is_number(struct json_object *v)
{
	return v &&
	       (json_object_is_type(v, json_type_int) || json_object_is_type(v, json_type_double));
}

/* fio prints percentile keys as "%f" ("99.900000"); match them by value so a
 * hand-edited "99.9" is found too. */
static double percentile(struct json_object *pct, const char *fio_key, double want)
{
	struct json_object *v;

	if (!pct || !json_object_is_type(pct, json_type_object))
		return NAN;
	/* the key as fio prints it: one hash lookup, no scan */
	if (json_object_object_get_ex(pct, fio_key, &v) && is_number(v))
		return json_object_get_double(v);
	json_object_object_foreach(pct, key, val)
	{
		char *end;
		double k = strtod(key, &end);

		if (end != key && !*end && fabs(k - want) < 1e-6 && is_number(val))
			return json_object_get_double(val);
	}
	return NAN;
}

/* One latency object ({mean, percentile{...}}) scaled to ns. */
static void read_lat(struct json_object *o, double scale, struct fr_lat *l)
{
	struct json_object *pct = fr_json_get(o, "percentile");

	l->mean = fr_json_num(o, "mean") * scale;
	l->p99 = percentile(pct, "99.000000", 99.0) * scale;
	l->p999 = percentile(pct, "99.900000", 99.9) * scale;
	l->p9999 = percentile(pct, "99.990000", 99.99) * scale;
}

static int read_dir(struct doc_ctx *c, const char *jobname, struct json_object *d,
		    struct fr_dirstat *out)
{
	static const char *const keys[FR_NBASES][2] = {{"clat_ns", "clat"}, {"lat_ns", "lat"}};
	double ios, bw;

	for (int b = 0; b < FR_NBASES; b++)
		out->lat[b] = (struct fr_lat){NAN, NAN, NAN, NAN};
	if (!d)
		return 0;
	if (!json_object_is_type(d, json_type_object)) {
		snprintf(c->err, sizeof(c->err), "job '%s': a direction is not a JSON object",
			 jobname);
		return -1;
	}
	out->iops = fr_json_num(d, "iops");
	if (isnan(out->iops) || out->iops < 0) {
		snprintf(c->err, sizeof(c->err), "job '%s': missing or invalid \"iops\"", jobname);
		return -1;
	}
	bw = fr_json_num(d, "bw_bytes");
	/* fio < 3.0 has only "bw", in KiB/s */
	out->bw_bytes = !isnan(bw) ? bw : fr_json_num(d, "bw") * 1024.0;
	if (isnan(out->bw_bytes) || out->bw_bytes < 0)
		out->bw_bytes = 0;
	ios = fr_json_num(d, "total_ios");
	if (isnan(ios))
		ios = out->iops * fr_json_num(d, "runtime") / 1000.0;
	out->ios = (!isnan(ios) && ios > 0 && ios < 1e19) ? (uint64_t)ios : 0;
	for (int b = 0; b < FR_NBASES; b++) {
		struct json_object *ns = fr_json_get(d, keys[b][0]);

		if (ns)
			read_lat(ns, 1.0, &out->lat[b]);
		else if (fr_json_get(d, keys[b][1]))
			read_lat(fr_json_get(d, keys[b][1]), 1000.0, &out->lat[b]);
	}
	if (!out->ios) {
		out->iops = 0;
		for (int b = 0; b < FR_NBASES; b++)
			out->lat[b] = (struct fr_lat){NAN, NAN, NAN, NAN};
	}
	return 0;
}

static const char *option(struct doc_ctx *c, struct json_object *job, const char *key)
{
	const char *v = fr_json_str(fr_json_get(job, "job options"), key);

	return v ? v : fr_json_str(c->global_opts, key);
}

/* A job name outside the results contract ("job1"): name the profile after
 * what the job did, e.g. 4k-randread or 8k-randrw-70-30. */
static bool profile_from_options(struct doc_ctx *c, struct json_object *job, char *out, size_t len)
{
	const char *rw = option(c, job, "rw"), *bs = option(c, job, "bs");
	const char *mix = option(c, job, "rwmixread");
	char bsname[32];
	char *end;
	unsigned long long v;
	int r = mix ? atoi(mix) : 50;

	if (!rw || !bs)
		return false;
	v = strtoull(bs, &end, 10);
	if (!*end && v && v % 1024 == 0)
		snprintf(bsname, sizeof(bsname), "%lluk", v / 1024);
	else
		snprintf(bsname, sizeof(bsname), "%s", bs);
	for (char *p = bsname; *p; p++)
		*p = (char)(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p);
	if (r < 0 || r > 100)
		r = 50;
	if (!strcmp(rw, "randread") || !strcmp(rw, "randwrite"))
		snprintf(out, len, "%s-%s", bsname, rw);
	else if (!strcmp(rw, "read") || !strcmp(rw, "write"))
		snprintf(out, len, "%s-seq%s", bsname, rw);
	else if (!strcmp(rw, "randrw"))
		snprintf(out, len, "%s-randrw-%d-%d", bsname, r, 100 - r);
	else if (!strcmp(rw, "rw") || !strcmp(rw, "readwrite"))
		snprintf(out, len, "%s-seqrw-%d-%d", bsname, r, 100 - r);
	else
		return false;
	return true;
}

static struct pending *new_pending(struct doc_ctx *c)
{
	struct pending_list *l = &c->jobs;

	if (l->n == l->cap) {
		size_t ncap = l->cap ? l->cap * 2 : 16;
		struct pending *v = realloc(l->v, ncap * sizeof(*v));

		if (!v)
			return NULL;
		l->v = v;
		l->cap = ncap;
	}
	memset(&l->v[l->n], 0, sizeof(l->v[0]));
	return &l->v[l->n++];
}

static void label_job(struct doc_ctx *c, struct json_object *job, const char *jobname,
		      const char *client, struct pending *p)
{
	const struct fr_label *lb = c->label;
	const char *drive = lb->drive ? lb->drive : client ? client : lb->fallback_drive;

	snprintf(p->drive, sizeof(p->drive), "%s", drive ? drive : "unknown");
	fr_parse_jobname(jobname, p->profile, sizeof(p->profile), p->step, sizeof(p->step),
			 &p->job.kind, &p->job.nsid);
	if (p->job.kind == FR_KIND_CURVE && !strchr(jobname, '@')) {
		if (lb->profile_hint) {
			snprintf(p->profile, sizeof(p->profile), "%s", lb->profile_hint);
			if (lb->step_hint)
				snprintf(p->step, sizeof(p->step), "%s", lb->step_hint);
		} else {
			profile_from_options(c, job, p->profile, sizeof(p->profile));
		}
	}
	if (lb->profile)
		snprintf(p->profile, sizeof(p->profile), "%s", lb->profile);
	if (lb->step)
		snprintf(p->step, sizeof(p->step), "%s", lb->step);
}

/* Client label: the hostname, with the port when several clients share it. */
static void client_label(struct json_object *jobs, struct json_object *job, char *out, size_t len)
{
	const char *host = fr_json_str(job, "hostname");
	size_t n = json_object_array_length(jobs);
	bool shared = false;

	for (size_t i = 0; i < n; i++) {
		struct json_object *o = json_object_array_get_idx(jobs, i);
		const char *h = fr_json_str(o, "hostname");

		if (o != job && h && !strcmp(h, host) &&
		    fr_json_num(o, "port") != fr_json_num(job, "port"))
			shared = true;
	}
	if (shared && !isnan(fr_json_num(job, "port")))
		snprintf(out, len, "%s:%.0f", host, fr_json_num(job, "port"));
	else
		snprintf(out, len, "%s", host);
}

static int read_job(struct doc_ctx *c, struct json_object *jobs, size_t idx)
{
	static const char *const dirs[FR_NDIRS] = {"read", "write", "trim"};
	struct json_object *job = json_object_array_get_idx(jobs, idx);
	const char *jobname = fr_json_str(job, "jobname");
	char client[NAME_LEN] = "";
	struct pending *p;
	double err;

	if (!job || !json_object_is_type(job, json_type_object) || !jobname) {
		snprintf(c->err, sizeof(c->err), "job #%zu has no \"jobname\"", idx + 1);
		return -1;
	}
	/* The sum over clients would count every client twice. */
	if (!strcmp(jobname, "All clients"))
		return 0;
	if (fr_json_str(job, "hostname"))
		client_label(jobs, job, client, sizeof(client));
	p = new_pending(c);
	if (!p) {
		snprintf(c->err, sizeof(c->err), "out of memory");
		return -1;
	}
	label_job(c, job, jobname, *client ? client : NULL, p);
	for (int d = 0; d < FR_NDIRS; d++)
		if (read_dir(c, jobname, fr_json_get(job, dirs[d]), &p->job.dir[d]))
			return -1;
	err = fr_json_num(job, "error");
	if (!isnan(err) && err != 0) {
		snprintf(p->excluded, sizeof(p->excluded),
			 "job '%s'%s%s ended with error %.0f (%s)", jobname, *client ? " on " : "",
			 client, err, strerror(err > 0 && err < 4096 ? (int)err : EIO));
	}
	return 0;
}

/* One JSON document: must be fio's.  On success its jobs replace those of
 * earlier documents of the same input. */
static int read_doc(struct doc_ctx *c, struct json_object *root)
{
	struct json_object *jobs;
	size_t n;

	if (!json_object_is_type(root, json_type_object) || !fr_json_str(root, "fio version")) {
		snprintf(c->err, sizeof(c->err),
			 "JSON document at byte %zu is not fio output (no \"fio version\" key)",
			 c->offset);
		return -1;
	}
	jobs = fr_json_get(root, "jobs");
	if (!jobs)
		jobs = fr_json_get(root, "client_stats");
	if (!jobs || !json_object_is_type(jobs, json_type_array)) {
		snprintf(c->err, sizeof(c->err),
			 "fio JSON at byte %zu has no \"jobs\" or \"client_stats\" array",
			 c->offset);
		return -1;
	}
	c->global_opts = fr_json_get(root, "global options");
	c->jobs.n = 0;
	n = json_object_array_length(jobs);
	for (size_t i = 0; i < n; i++)
		if (read_job(c, jobs, i))
			return -1;
	return 0;
}

/* Start of the next line that opens a JSON object, or len. */
static size_t next_doc(const char *buf, size_t pos, size_t len)
{
	bool line_start = pos == 0 || buf[pos - 1] == '\n';

	for (; pos < len; pos++) {
		char ch = buf[pos];

		if (line_start && ch == '{')
			return pos;
		if (ch == '\n')
			line_start = true;
		else if (ch != ' ' && ch != '\t' && ch != '\r')
			line_start = false;
	}
	return len;
}

/* fio's terse format: "3;fio-3.33;jobname;..." */
static bool looks_terse(const char *buf, size_t len)
{
	size_t i = 0;

	while (i < len && buf[i] >= '0' && buf[i] <= '9')
		i++;
	return i > 0 && i + 5 < len && !strncmp(buf + i, ";fio-", 5);
}

/* The characters of a fio histogram body: "<digits>" : <digits>, ... */
static bool in_bins(unsigned char c)
{
	return (c >= '0' && c <= '9') || c == '"' || c == ':' || c == ',' || c == ' ' ||
	       c == '\n' || c == '\t' || c == '\r';
}

size_t fr_blank_bins(char *buf, size_t len)
{
	static const char key[] = "\"bins\" : {";
	const size_t klen = sizeof(key) - 1;
	char *p = buf, *end = buf + len;
	size_t n = 0;

	while ((p = memmem(p, (size_t)(end - p), key, klen))) {
		char *body = p + klen, *q = body;

		/* the key itself, not text inside a string: whitespace before it */
		if (p == buf || (p[-1] != ' ' && p[-1] != '\n' && p[-1] != '\t')) {
			p = body;
			continue;
		}
		while (q < end && in_bins((unsigned char)*q))
			q++;
		if (q < end && *q == '}') {
			memset(body, ' ', (size_t)(q - body));
			n++;
		}
		p = q;
	}
	return n;
}

static int parse_docs(struct doc_ctx *c, const char *buf, size_t len)
{
	struct json_tokener *tok = json_tokener_new();
	size_t pos = 0, ndocs = 0;
	int ret = 0;

	if (!tok) {
		snprintf(c->err, sizeof(c->err), "out of memory");
		return -1;
	}
	while ((pos = next_doc(buf, pos, len)) < len) {
		struct json_object *root;
		enum json_tokener_error jerr;

		json_tokener_reset(tok);
		root = json_tokener_parse_ex(tok, buf + pos, (int)(len - pos));
		jerr = json_tokener_get_error(tok);
		c->offset = pos;
		if (!root) {
			if (jerr == json_tokener_continue || jerr == json_tokener_success)
				snprintf(c->err, sizeof(c->err),
					 "truncated JSON: document starting at byte %zu ends at "
					 "byte %zu before it is complete",
					 pos, len);
			else
				snprintf(c->err, sizeof(c->err), "JSON parse error at byte %zu: %s",
					 pos + json_tokener_get_parse_end(tok),
					 json_tokener_error_desc(jerr));
			ret = -1;
			break;
		}
		ret = read_doc(c, root);
		json_object_put(root);
		if (ret)
			break;
		ndocs++;
		pos += json_tokener_get_parse_end(tok);
	}
	json_tokener_free(tok);
	if (!ret && !ndocs) {
		if (looks_terse(buf, len))
			snprintf(c->err, sizeof(c->err),
				 "fio terse output is not supported (rerun fio with "
				 "--output-format=json or json+)");
		else
			snprintf(c->err, sizeof(c->err),
				 "no JSON document found (%zu bytes of text; is this fio "
				 "--output-format=json output?)",
				 len);
		ret = -1;
	}
	return ret;
}

static void note_job(struct fr_read_info *info, const struct pending *p)
{
	if (!info)
		return;
	if (!info->jobs++)
		snprintf(info->drive, sizeof(info->drive), "%s", p->drive);
	if (p->job.kind == FR_KIND_NN_READ && !p->job.nsid && !info->nn_jobs++)
		snprintf(info->nn_step, sizeof(info->nn_step), "%s", p->step);
}

int fr_read_fio_buffer(struct fr_model *m, const char *buf, size_t len, const char *source,
		       const struct fr_label *label, struct fr_read_info *info)
{
	struct doc_ctx c = {.m = m, .source = source, .label = label};
	int ret = 0;

	if (info)
		memset(info, 0, sizeof(*info));
	if (len > INT_MAX) {
		fr_model_skip(m, source, "file too large (%zu bytes)", len);
		return -1;
	}
	if (parse_docs(&c, buf, len)) {
		fr_model_skip(m, source, "%s", c.err);
		ret = -1;
		goto out;
	}
	for (size_t i = 0; i < c.jobs.n; i++) {
		struct pending *p = &c.jobs.v[i];

		if (*p->excluded) {
			fr_model_exclude(m, source, "%s", p->excluded);
			continue;
		}
		p->job.drive = p->drive;
		p->job.profile = p->profile;
		p->job.step = p->step;
		p->job.source = source;
		if (fr_model_add(m, &p->job)) {
			fr_model_skip(m, source, "out of memory");
			ret = -1;
			goto out;
		}
		note_job(info, p);
	}
	m->files_read++;
out:
	free(c.jobs.v);
	return ret;
}
