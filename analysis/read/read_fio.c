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
 *
 * json-c reads each document from a compact copy (compact.h) without the
 * whitespace and the members never read, bins among them; from the original
 * where there is no copy, and always to report a parse error.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "read/compact.h"
#include "model/group.h"
#include "util/json_get.h"
#include "model/label.h"
#include "model/ran.h"
#include "read/read_ai.h"
#include "read/read_clients.h"
#include "read/read_fio.h"
#include "read/read_whole.h"
#include "read/read_fio_fast.h"
#include "read/read_fio_globals.h"
#include "read/read_fio_opts.h"

struct pending_list {
	struct fr_pending *v;
	size_t n, cap;
};

struct doc_ctx {
	struct fr_model *m;
	const char *source;
	const struct fr_label *label;
	struct json_object *root; /* the document being read */
	char *fio_version;	  /* the document's, kept past its tree for the model */
	double timestamp;
	bool clients;	 /* client_stats: "All clients" is fio's sum, not a job */
	bool own_report; /* the input is a report fiorank wrote */
	struct pending_list jobs;
	size_t offset;		  /* byte offset of the document in the input */
	struct json_object *kept; /* fr_fio_keep of the last document read */
	struct fr_clients fleet;  /* its servers, when label->fleet (read_clients.h) */
	char *err;		  /* why the input is rejected */
};

static void fail(struct doc_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void fail(struct doc_ctx *c, const char *fmt, ...)
{
	va_list ap;

	free(c->err);
	va_start(ap, fmt);
	if (vasprintf(&c->err, fmt, ap) < 0)
		c->err = NULL;
	va_end(ap);
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
		if (fr_pct_key_is(key, want) && is_number(val))
			return json_object_get_double(val);
	}
	return NAN;
}

/* One latency object ({mean, percentile{...}}) scaled to ns. */
static void read_lat(struct json_object *o, double scale, struct fr_lat *l)
{
	struct json_object *pct = fr_json_get(o, "percentile");

	l->mean = fr_json_num(o, "mean") * scale;
	/* the ones compact.c keeps in the copy (fr_pct_read) */
	l->p99 = percentile(pct, "99.000000", fr_pct_read[0]) * scale;
	l->p999 = percentile(pct, "99.900000", fr_pct_read[1]) * scale;
	l->p9999 = percentile(pct, "99.990000", fr_pct_read[2]) * scale;
}

/* fio's stddev and max of one latency object, scaled to ns; known only
 * when both are sound numbers. */
static void read_spread(struct json_object *o, double scale, struct fr_spread *s)
{
	double sd = fr_json_num(o, "stddev"), max = fr_json_num(o, "max");

	s->known = isfinite(sd) && isfinite(max) && sd >= 0 && max >= 0;
	s->stddev = s->known ? sd * scale : NAN;
	s->max = s->known ? max * scale : NAN;
}

/* A direction's figures; NULL when sound, else why not (static text). */
static const char *read_dir(struct json_object *d, struct fr_dirstat *out)
{
	static const char *const keys[FR_NBASES][2] = {{"clat_ns", "clat"}, {"lat_ns", "lat"}};
	double ios, bw;

	if (!json_object_is_type(d, json_type_object))
		return "is not a JSON object";
	out->iops = fr_json_num(d, "iops");
	if (isnan(out->iops))
		return "has no numeric \"iops\"";
	if (!isfinite(out->iops) || out->iops < 0 || out->iops >= FR_MAX_IOPS)
		return "has an \"iops\" that is negative, infinite or beyond any device";
	bw = fr_json_num(d, "bw_bytes");
	/* fio < 3.0 has only "bw", in KiB/s */
	out->bw_bytes = !isnan(bw) ? bw : fr_json_num(d, "bw") * 1024.0;
	if (isnan(out->bw_bytes))
		out->bw_bytes = 0;
	if (!isfinite(out->bw_bytes) || out->bw_bytes < 0 || out->bw_bytes >= FR_MAX_BW)
		return "has a bandwidth that is negative, infinite or beyond any device";
	/* bytes moved (the host side of a WAF); fio < 3.0 counted KiB */
	out->io_bytes = isnan(bw) ? NAN : fr_json_num(d, "io_bytes");
	if (!(out->io_bytes >= 0 && out->io_bytes < 1e21))
		out->io_bytes = NAN;
	ios = fr_json_num(d, "total_ios");
	if (isnan(ios) && fr_json_get(d, "total_ios"))
		return "has a \"total_ios\" that is not a number";
	if (isnan(ios))
		ios = round(out->iops * fr_json_num(d, "runtime") / 1000.0);
	if (!isnan(ios) && (!(ios >= 0 && ios < FR_MAX_IOS) || ios != floor(ios)))
		return "has a \"total_ios\" that is not a count of operations";
	out->ios = isnan(ios) ? 0 : (uint64_t)ios;
	if (!out->ios && out->iops > 0)
		return "reports IOPS but no completed operation (total_ios 0)";
	for (int b = 0; b < FR_NBASES; b++) {
		struct json_object *ns = fr_json_get(d, keys[b][0]);

		if (ns) {
			read_lat(ns, 1.0, &out->lat[b]);
			read_spread(ns, 1.0, &out->spread[b]);
		} else if (fr_json_get(d, keys[b][1])) {
			read_lat(fr_json_get(d, keys[b][1]), 1000.0, &out->lat[b]);
			read_spread(fr_json_get(d, keys[b][1]), 1000.0, &out->spread[b]);
		}
		if (fr_bad_lat(&out->lat[b]))
			return "has a negative or infinite latency";
	}
	if (!out->ios)
		for (int b = 0; b < FR_NBASES; b++) {
			out->lat[b] = (struct fr_lat){NAN, NAN, NAN, NAN};
			out->spread[b] = (struct fr_spread){0};
		}
	return NULL;
}

static int exclude(struct fr_pending *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int exclude(struct fr_pending *p, const char *fmt, ...)
{
	va_list ap;
	int r;

	if (p->excluded)
		return 0; /* the first reason stands */
	va_start(ap, fmt);
	r = vasprintf(&p->excluded, fmt, ap);
	va_end(ap);
	if (r < 0) {
		p->excluded = NULL;
		return -ENOMEM;
	}
	return 0;
}

/* The bytes per I/O fio counted in a direction (io_bytes / total_ios) when
 * whole; 0 when not known or not one size.  fio < 3 (no bw_bytes) wrote
 * KiB under the name io_bytes. */
static unsigned bytes_per_io(struct json_object *d, uint64_t ios)
{
	double bytes = fr_json_num(d, "io_bytes"), per;

	if (!ios || !isfinite(bytes) || bytes <= 0 || !fr_json_get(d, "bw_bytes"))
		return 0;
	per = bytes / (double)ios;
	return per == floor(per) && per <= 1u << 30 ? (unsigned)per : 0;
}

/* The direction objects of a job: read/write/trim, or with
 * unified_rw_reporting=mixed fio's one "mixed" direction, which is the
 * read or the write direction of a job that only reads or only writes
 * (with =both, read/write/trim are there and "mixed" is their sum). */
static int dir_objects(struct json_object *job, const struct fr_jobopts *o, struct fr_pending *p,
		       struct json_object *obj[FR_NDIRS])
{
	static const char *const dirs[FR_NDIRS] = {"read", "write", "trim"};
	struct json_object *mixed = fr_json_get(job, "mixed");
	int pct = fr_jobopts_read_pct(o);

	for (int d = 0; d < FR_NDIRS; d++)
		obj[d] = fr_json_get(job, dirs[d]);
	if (obj[FR_READ] || obj[FR_WRITE] || obj[FR_TRIM] || !mixed)
		return 0;
	if (pct == 100 || pct == 0) {
		obj[pct ? FR_READ : FR_WRITE] = mixed;
		return 0;
	}
	return exclude(p,
		       "job '%s': unified_rw_reporting=mixed reports its reads and writes as one "
		       "(\"mixed\"), so the read share it achieved and its per-direction figures "
		       "are not known; rerun with unified_rw_reporting=both",
		       p->jobname);
}

/* Every direction of a job; a job whose figures are not sound is excluded.
 * What fio counted per direction goes into *ran; the longest direction's
 * runtime (ms) into *run_ms. */
static int read_dirs(struct json_object *job, const struct fr_jobopts *o, struct fr_pending *p,
		     struct fr_ran *ran, double *run_ms)
{
	static const char *const dirs[FR_NDIRS] = {"read", "write", "trim"};
	struct json_object *obj[FR_NDIRS];
	uint64_t ios = 0;
	bool any = false;

	*run_ms = 0;
	if (dir_objects(job, o, p, obj))
		return -ENOMEM;
	if (p->excluded)
		return 0;
	for (int d = 0; d < FR_NDIRS; d++) {
		const char *why;
		double rt;

		for (int b = 0; b < FR_NBASES; b++)
			p->job.dir[d].lat[b] = (struct fr_lat){NAN, NAN, NAN, NAN};
		if (!obj[d])
			continue;
		any = true;
		why = read_dir(obj[d], &p->job.dir[d]);
		if (why)
			return exclude(p, "job '%s': its \"%s\" %s", p->jobname, dirs[d], why);
		ran->ios[d] = p->job.dir[d].ios;
		ran->bs[d] = bytes_per_io(obj[d], ran->ios[d]);
		if (fr_drop_verify_reads(o, d, p, ran))
			continue;
		rt = fr_json_num(obj[d], "runtime");
		if (ran->ios[d] && isfinite(rt) && rt > *run_ms)
			*run_ms = rt;
		ios += p->job.dir[d].ios;
	}
	if (!any)
		return exclude(p, "job '%s' has no \"read\", \"write\" or \"trim\" figures",
			       p->jobname);
	if (!ios)
		return exclude(p, "job '%s' completed no I/O: there is no figure to rank",
			       p->jobname);
	return 0;
}

static struct fr_pending *new_pending(struct doc_ctx *c)
{
	struct pending_list *l = &c->jobs;

	if (l->n == l->cap) {
		size_t ncap = l->cap ? l->cap * 2 : 16;
		struct fr_pending *v = realloc(l->v, ncap * sizeof(*v));

		if (!v)
			return NULL;
		l->v = v;
		l->cap = ncap;
	}
	memset(&l->v[l->n], 0, sizeof(l->v[0]));
	l->v[l->n].groupid = -1;
	return &l->v[l->n++];
}

static void clear_pending(struct pending_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		fr_pending_free(&l->v[i]);
	l->n = 0;
}

static const char *opt_value(struct json_object *v)
{
	return json_object_is_type(v, json_type_string) ? json_object_get_string(v)
							: json_object_to_json_string(v);
}

/* The job's options as fio applies them (global first: G, its server's)
 * for its profile, and its own options split into workload and rate caps
 * for grouping. */
static int read_options(const struct fr_fio_globals *g, struct json_object *job,
			struct fr_pending *p, struct fr_jobopts *o)
{
	struct json_object *own = fr_json_get(job, "job options");

	fr_jobopts_init(o);
	if (g->opts) {
		json_object_object_foreach(g->opts, gk, gv)
		{
			if (fr_fio_globals_option(g, gk))
				fr_jobopts_set(o, gk, opt_value(gv));
		}
	}
	if (!(p->workload = strdup("")) || !(p->rate = strdup("")))
		return -ENOMEM;
	if (!own || !json_object_is_type(own, json_type_object))
		return 0;
	o->known = true;
	json_object_object_foreach(own, key, val)
	{
		const char *v = opt_value(val);

		fr_jobopts_set(o, key, v);
		if (fr_opt_is_rate(key)	    ? fr_opts_append(&p->rate, key, v)
		    : fr_opt_is_pacing(key) ? 0
					    : fr_opts_append_workload(&p->workload, key, v))
			return -ENOMEM;
	}
	return fr_opts_sort_lines(p->workload);
}

/* fio's steady-state verdict (--ss) of a job, when it had one. */
static void read_steadystate(struct json_object *job, struct fr_jobrun *run)
{
	struct json_object *ss = fr_json_get(job, "steadystate");
	double attained = fr_json_num(ss, "attained");
	const char *what = fr_json_str(ss, "ss");

	if (!ss || isnan(attained))
		return;
	run->fio_ss = attained != 0 ? FR_SS_ATTAINED : FR_SS_NOT_ATTAINED;
	snprintf(run->fio_ss_what, sizeof(run->fio_ss_what), "%s", what ? what : "?");
}

/* Labels a job (label.c has the order) from its name and options. */
static int label_job(struct doc_ctx *c, struct json_object *job, const struct fr_fio_globals *g,
		     struct fr_pending *p, struct fr_jobopts *o, struct fr_job_label *l)
{
	if (read_options(g, job, p, o) || fr_label_job(c->label, p->jobname, p->host, o, l))
		return -ENOMEM;
	p->job.run = (struct fr_jobrun){
		.known = true,
		.iodepth = o->iodepth,
		.numjobs = o->numjobs,
		.bs = fr_jobopts_bs(o),
		.read_pct = fr_jobopts_read_pct(o),
		.namespaces = o->namespaces,
		.target_iops = fr_jobopts_target_iops(o),
	};
	read_steadystate(job, &p->job.run);
	/* the options' strings live in the document; the job outlives it */
	if (o->filename && !(p->filename = strdup(o->filename)))
		return -ENOMEM;
	p->job.run.filename = p->filename;
	p->drive = l->drive;
	p->profile = l->profile;
	p->step = l->step;
	p->job.kind = l->kind;
	p->job.nsid = l->nsid;
	p->profile_named = l->profile_named;
	p->step_named = l->step_named;
	return l->problem ? exclude(p, "job '%s': %s", p->jobname, l->problem) : 0;
}

/*
 * The step time and the cross-checks of what the job did.  The step time
 * is the longest direction's runtime: fio's job_runtime of a group_reporting
 * entry is the sum over its jobs, and a bare group_reporting is not in the
 * JSON to divide it by.
 */
static int check_ran(struct json_object *job, const struct fr_jobopts *o,
		     const struct fr_job_label *l, struct fr_pending *p, long groupid)
{
	struct fr_ran ran = {0};
	double run_ms;
	char why[512];

	if (read_dirs(job, o, p, &ran, &run_ms))
		return -ENOMEM;
	if (p->excluded)
		return 0;
	if (!(run_ms > 0)) {
		run_ms = fr_json_num(job, "job_runtime");
		if (isfinite(run_ms) && o->group_reporting && o->numjobs)
			run_ms /= o->numjobs;
	}
	if (isfinite(run_ms) && run_ms > 0)
		p->job.run.step_s = run_ms / 1000.0;
	ran.merged = o->name && strcmp(o->name, p->jobname);
	if (fr_ran_check(&ran, o, l, p->jobname, groupid, why, sizeof(why)))
		return exclude(p, "%s", why);
	if (ran.drifted_pct >= 0)
		p->job.run.read_pct = ran.drifted_pct; /* what the method states */
	return 0;
}

/* Client label: the hostname, with the port when several clients share it. */
static char *client_of(struct json_object *jobs, struct json_object *job)
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
	return fr_client_label(host, fr_json_num(job, "port"), shared);
}

/* A --hosts run's client: its host's drive is its entrant (docs/fleet.md). */
static int host_entrant(const struct fr_label *lb, struct json_object *job, struct fr_pending *p)
{
	struct json_object *entrant;
	char key[512];

	if (!p->host || !lb->host_entrants ||
	    !fr_client_key(fr_json_str(job, "hostname"), fr_json_num(job, "port"), key,
			   sizeof(key)) ||
	    !json_object_object_get_ex(lb->host_entrants, key, &entrant))
		return 0;
	return fr_label_set(&p->drive, json_object_get_string(entrant));
}

static int read_job(struct doc_ctx *c, struct json_object *jobs, size_t idx)
{
	struct json_object *job = json_object_array_get_idx(jobs, idx);
	const char *jobname = fr_json_str(job, "jobname"), *why;
	struct fr_fio_globals g;
	struct fr_job_label l;
	struct fr_jobopts o;
	struct fr_pending *p;
	double err, gid;
	int ret;

	/* The sum over clients would count every client twice. */
	if (c->clients && jobname && !strcmp(jobname, "All clients"))
		return 0;
	p = new_pending(c);
	if (!p)
		return -ENOMEM;
	if (jobname)
		p->jobname = strdup(jobname);
	else if (asprintf(&p->jobname, "#%zu", idx + 1) < 0)
		p->jobname = NULL;
	if (!p->jobname)
		return -ENOMEM;
	if (!json_object_is_type(job, json_type_object))
		return exclude(p, "job #%zu is not a JSON object", idx + 1);
	if (!jobname)
		return exclude(p, "job #%zu has no \"jobname\"", idx + 1);
	if (fr_json_str(job, "hostname") && !(p->host = client_of(jobs, job)))
		return -ENOMEM;
	gid = fr_json_num(job, "groupid");
	p->groupid = isfinite(gid) && gid >= 0 && gid < 1e9 ? (long)gid : -1;
	if ((why = fr_fio_globals_of(c->root, job, &g)))
		return exclude(p, "job '%s'%s%s: %s", jobname, p->host ? " on " : "",
			       p->host ? p->host : "", why);
	if (label_job(c, job, &g, p, &o, &l) || host_entrant(c->label, job, p))
		return -ENOMEM;
	err = fr_json_num(job, "error");
	if (!isnan(err) && err != 0)
		ret = exclude(p, "job '%s'%s%s ended with error %.0f (%s)", jobname,
			      p->host ? " on " : "", p->host ? p->host : "", err,
			      strerror(err > 0 && err < 4096 ? (int)err : EIO));
	else
		ret = check_ran(job, &o, &l, p, p->groupid);
	/* l's strings now belong to p */
	return ret;
}

/* One JSON document: must be fio's.  On success its jobs replace those of
 * earlier documents of the same input. */
static int read_doc(struct doc_ctx *c, struct json_object *root)
{
	struct json_object *jobs;
	size_t n;
	char why[256];

	const char *schema = fr_json_str(root, "schema");

	if (schema && !strncmp(schema, "fiorank/", 8)) {
		c->own_report = true;
		fail(c, "a fiorank report (schema %s), not fio output: passed over", schema);
		return -1;
	}
	if (!json_object_is_type(root, json_type_object) || !fr_json_str(root, "fio version")) {
		fail(c, "JSON document at byte %zu is not fio output (no \"fio version\" key)",
		     c->offset);
		return -1;
	}
	jobs = fr_json_get(root, "jobs");
	c->clients = !jobs;
	if (!jobs)
		jobs = fr_json_get(root, "client_stats");
	if (!jobs || !json_object_is_type(jobs, json_type_array)) {
		fail(c, "fio JSON at byte %zu has no \"jobs\" or \"client_stats\" array",
		     c->offset);
		return -1;
	}
	if (!fr_fio_globals_check(root, why, sizeof(why))) {
		fail(c, "fio JSON at byte %zu: %s", c->offset, why);
		return -1;
	}
	c->root = root;
	free(c->fio_version);
	if (!(c->fio_version = strdup(fr_json_str(root, "fio version")))) {
		fail(c, "out of memory");
		return -1;
	}
	c->timestamp = fr_json_num(root, "timestamp");
	if (!isfinite(c->timestamp) || c->timestamp < 0)
		c->timestamp = 0;
	clear_pending(&c->jobs);
	json_object_put(c->kept);
	c->kept = NULL;
	if (c->m->keep != FR_KEEP_NONE &&
	    !(c->kept = fr_fio_keep(root, c->m->keep == FR_KEEP_ALL))) {
		fail(c, "out of memory");
		return -1;
	}
	fr_clients_free(&c->fleet);
	if (c->label->fleet && fr_clients_read(root, c->source, &c->fleet)) {
		fail(c, "out of memory");
		return -1;
	}
	n = json_object_array_length(jobs);
	for (size_t i = 0; i < n; i++)
		if (read_job(c, jobs, i)) {
			fail(c, "out of memory");
			return -1;
		}
	return 0;
}

/* fio's terse format: "3;fio-3.33;jobname;..." */
static bool looks_terse(const char *buf, size_t len)
{
	size_t i = 0;

	while (i < len && buf[i] >= '0' && buf[i] <= '9')
		i++;
	return i > 0 && i + 5 < len && !strncmp(buf + i, ";fio-", 5);
}

/* One document from pos: parsed from its compact copy (compact.h) when
 * there is one, else (and to report an error exactly) from the original.
 * *used is how many bytes of the input the document took. */
static struct json_object *parse_doc(struct json_tokener *tok, const char *buf, size_t pos,
				     size_t len, char *scratch, size_t *used)
{
	struct json_object *root;
	size_t n, doc_len;

	if (scratch && fr_compact_doc(buf + pos, len - pos, scratch, &n, &doc_len)) {
		json_tokener_reset(tok);
		root = json_tokener_parse_ex(tok, scratch, (int)n);
		if (root && json_tokener_get_parse_end(tok) == n) {
			*used = doc_len;
			return root;
		}
		json_object_put(root);
	}
	json_tokener_reset(tok);
	root = json_tokener_parse_ex(tok, buf + pos, (int)(len - pos));
	*used = json_tokener_get_parse_end(tok);
	return root;
}

static int parse_docs(struct doc_ctx *c, const char *buf, size_t len)
{
	struct json_tokener *tok = json_tokener_new();
	size_t pos = fr_fio_bom_len(buf, len), ndocs = 0, used;
	/* without room for a copy, the original is parsed: slower, the same */
	char *scratch = malloc(len ? len : 1);
	int ret = 0;

	if (!tok) {
		free(scratch);
		fail(c, "out of memory");
		return -1;
	}
	while ((pos = fr_fio_next_doc(buf, pos, len)) < len) {
		struct json_object *root;
		enum json_tokener_error jerr;

		root = parse_doc(tok, buf, pos, len, scratch, &used);
		jerr = json_tokener_get_error(tok);
		c->offset = pos;
		if (!root) {
			if (jerr == json_tokener_continue || jerr == json_tokener_success)
				fail(c,
				     "truncated JSON: document starting at byte %zu ends at "
				     "byte %zu before it is complete",
				     pos, len);
			else
				fail(c, "JSON parse error at byte %zu: %s", pos + used,
				     json_tokener_error_desc(jerr));
			ret = -1;
			break;
		}
		ret = read_doc(c, root);
		json_object_put(root);
		if (ret)
			break;
		ndocs++;
		pos += used;
	}
	json_tokener_free(tok);
	free(scratch);
	if (!ret && !ndocs) {
		if (looks_terse(buf, len))
			fail(c, "fio terse output is not supported (rerun fio with "
				"--output-format=json or json+)");
		else
			fail(c,
			     "no JSON document found (%zu bytes of text; is this fio "
			     "--output-format=json output?)",
			     len);
		ret = -1;
	}
	return ret;
}

void fr_read_info_free(struct fr_read_info *info)
{
	free(info->drive);
	free(info->nn_step);
	memset(info, 0, sizeof(*info));
}

static int note_job(struct fr_read_info *info, const struct fr_pending *p)
{
	if (!info)
		return 0;
	if (!info->jobs++) {
		info->first_group = p->groupid;
		if (!(info->drive = strdup(p->drive)))
			return -ENOMEM;
	}
	info->groups_differ |= p->groupid != info->first_group;
	if (p->job.kind == FR_KIND_NN_READ && !p->job.nsid && !info->nn_jobs++ &&
	    !(info->nn_step = strdup(p->step)))
		return -ENOMEM;
	return 0;
}

/* P's place among the usable entries of its name, fio group and label
 * (model.h, entry_of_name). */
static unsigned entry_of_name(const struct fr_pending *v, size_t i)
{
	unsigned k = 1;

	for (size_t j = 0; j < i; j++)
		k += !v[j].excluded && v[j].groupid == v[i].groupid &&
		     !strcmp(v[j].jobname, v[i].jobname) && !strcmp(v[j].drive, v[i].drive) &&
		     !strcmp(v[j].profile, v[i].profile) && !strcmp(v[j].step, v[i].step);
	return k;
}

/* The resolved jobs of the final document into the model. */
static int add_jobs(struct doc_ctx *c, struct fr_read_info *info)
{
	for (size_t i = 0; i < c->jobs.n; i++) {
		struct fr_pending *p = &c->jobs.v[i];

		if (!p->excluded)
			p->job.run.entry_of_name = entry_of_name(c->jobs.v, i);
		if (p->excluded) {
			if (fr_model_exclude(c->m, c->source, "%s", p->excluded))
				return -ENOMEM;
			continue;
		}
		p->job.drive = p->drive;
		p->job.profile = p->profile;
		p->job.step = p->step;
		p->job.source = c->source;
		p->job.jobname = p->jobname;
		p->job.groupid = p->groupid;
		p->job.fio_version = c->fio_version;
		p->job.timestamp = c->timestamp;
		if (fr_model_add(c->m, &p->job) || note_job(info, p))
			return -ENOMEM;
	}
	return 0;
}

int fr_read_fio_buffer(struct fr_model *m, const char *buf, size_t len, const char *source,
		       const struct fr_label *label, struct fr_read_info *info)
{
	struct doc_ctx c = {.m = m, .source = source, .label = label};
	struct fr_fast_doc fast;
	bool fast_read;
	int ret = 0;

	if (info)
		memset(info, 0, sizeof(*info));
	if (len > INT_MAX) {
		fr_model_skip(m, source, "file too large (%zu bytes)", len);
		return -1;
	}
	/* the common case without json-c's tree (read_fio_fast.h) */
	fast_read = fr_read_fio_fast_on() && fr_read_fio_fast(buf, len, label, m->keep, &fast);
	if (fast_read) {
		c.jobs = (struct pending_list){fast.jobs, fast.njobs, fast.cap};
		c.fio_version = fast.fio_version;
		c.timestamp = fast.timestamp;
		c.kept = fast.kept;
	}
	if (!fast_read && parse_docs(&c, buf, len)) {
		if (c.own_report)
			fr_model_note(m, source, "%s", c.err);
		else
			fr_model_skip(m, source, "%s", c.err ? c.err : "out of memory");
		ret = -1;
	} else if ((ret = fr_read_copy_run(m, source, c.jobs.v, c.jobs.n, buf, len))) {
		/* a Copy method run (read_whole.h), or out of memory */
		if (ret < 0)
			fr_model_skip(m, source, "out of memory");
		else
			m->files_read++;
		ret = ret < 0 ? -1 : 0;
	} else if (fr_pair_roles(c.jobs.v, c.jobs.n) || fr_group_resolve(c.jobs.v, c.jobs.n) ||
		   add_jobs(&c, info) ||
		   fr_read_round_tails(m, source, c.jobs.v, c.jobs.n, buf, len) ||
		   fr_read_ai_keep(m, source, c.jobs.v, c.jobs.n, buf, len)) {
		fr_model_skip(m, source, "out of memory");
		ret = -1;
	} else {
		fr_model_keep_docs(m, source, c.kept, NULL);
		m->files_read++;
	}
	/* the fleet view's servers, also of an output not read (said why:
	 * an earlier document of a file the reader rejected is not used) */
	if (ret)
		fr_clients_free(&c.fleet);
	if (label->fleet && fr_clients_keep(m, &c.fleet, source, ret ? c.err : NULL)) {
		(void)fr_model_skip(m, source, "out of memory");
		ret = -1;
	}
	fr_clients_free(&c.fleet);
	json_object_put(c.kept);
	clear_pending(&c.jobs);
	free(c.jobs.v);
	free(c.err);
	free(c.fio_version);
	return ret;
}
