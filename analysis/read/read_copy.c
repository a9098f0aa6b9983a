// SPDX-License-Identifier: GPL-2.0-only
/*
 * A Copy method run (model/copy.h) from its fio output: the jobs' roles
 * from what they ran (their options, not their names), then the figures of
 * each phase and the comparison.
 *
 * Roles: the Copy job has write_mode=copy; the host's copy is a plain
 * writer on the same namespaces and file and a reader of them (the source);
 * any other reader (another namespace or file) is a tenant beside the phase
 * it is listed in.  A phase begins at its first mover; a tenant listed
 * before any mover belongs to the first phase.  Where fio says when each job
 * measured (job_start, fio 3.39 on; it restarts at the end of ramp_time, as
 * the counters do), the two phases must not overlap.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "model/copy.h"
#include "read/read_copy.h"
#include "util/json_get.h"

enum role { R_OTHER, R_COPY, R_HWRITE, R_HREAD, R_TENANT };

struct roles {
	struct json_object *copy, *hwrite, *hread, *tenant[2]; /* tenant[0]: copy phase */
	const char *dup;				       /* a role met twice */
};

/* A job's option: its own, else the global one, else NULL. */
static const char *opt(struct json_object *root, struct json_object *job, const char *key)
{
	const char *v = fr_json_str(fr_json_get(job, "job options"), key);

	return v ? v : fr_json_str(fr_json_get(root, "global options"), key);
}

static bool same(const char *a, const char *b)
{
	return !strcmp(a ? a : "", b ? b : "");
}

static enum role role_of(struct json_object *root, struct json_object *job,
			 struct json_object *copy)
{
	const char *rw = opt(root, job, "rw"), *wm = opt(root, job, "write_mode");

	if (!rw)
		rw = opt(root, job, "readwrite");
	if (!rw)
		rw = "read"; /* fio's default */
	if (wm && !strcmp(wm, "copy"))
		return R_COPY;
	if (!copy)
		return !strcmp(rw, "read") || !strcmp(rw, "randread") ? R_TENANT : R_OTHER;
	bool on_src = same(opt(root, job, "namespaces"), opt(root, copy, "namespaces")) &&
		      same(opt(root, job, "filename"), opt(root, copy, "filename"));
	if (!strcmp(rw, "read") || !strcmp(rw, "randread"))
		return on_src ? R_HREAD : R_TENANT;
	if ((!strcmp(rw, "write") || !strcmp(rw, "randwrite")) && !wm && on_src)
		return R_HWRITE;
	return R_OTHER;
}

static void take(struct json_object **slot, struct json_object *job, struct roles *r)
{
	if (*slot && !r->dup)
		r->dup = fr_json_str(job, "jobname");
	else if (!*slot)
		*slot = job;
}

/* Every job's role, in document order (see the top). */
static void find_roles(struct json_object *root, struct json_object *jobs, struct roles *r)
{
	struct json_object *copy = NULL;
	size_t n = json_object_array_length(jobs);
	int phase = -1; /* 0 the Copy's, 1 the host's, -1 before any mover */

	memset(r, 0, sizeof(*r));
	for (size_t i = 0; i < n; i++)
		if (role_of(root, json_object_array_get_idx(jobs, i), NULL) == R_COPY && !copy)
			copy = json_object_array_get_idx(jobs, i);
	for (size_t i = 0; i < n; i++) {
		struct json_object *job = json_object_array_get_idx(jobs, i);

		switch (role_of(root, job, copy)) {
		case R_COPY:
			take(&r->copy, job, r);
			phase = 0;
			break;
		case R_HWRITE:
			take(&r->hwrite, job, r);
			phase = 1;
			break;
		case R_HREAD:
			take(&r->hread, job, r);
			phase = 1;
			break;
		case R_TENANT:
			if (phase < 0)
				phase = r->hwrite || r->hread ? 1 : 0;
			take(&r->tenant[phase], job, r);
			break;
		case R_OTHER:
			break;
		}
	}
}

static double dir_num(struct json_object *job, const char *dir, const char *key)
{
	return fr_json_num(fr_json_get(job, dir), key);
}

static double pct(struct json_object *job, const char *key)
{
	struct json_object *p =
		fr_json_get(fr_json_get(fr_json_get(job, "read"), "clat_ns"), "percentile");

	return fr_json_num(p, key);
}

/* A mover's CPU: % of one CPU, and seconds over its measured runtime
 * (fio's usr/sys time and job_runtime both restart at the end of the ramp,
 * as its byte counts do). */
static void add_cpu(struct fr_copy_phase *ph, struct json_object *job)
{
	double c = fr_json_num(job, "usr_cpu") + fr_json_num(job, "sys_cpu");

	ph->cpu_pct += c;
	ph->cpu_s += c / 100.0 * fr_json_num(job, "job_runtime") / 1000.0;
}

static void add_name(char *buf, size_t len, struct json_object *job)
{
	size_t l = strlen(buf);

	snprintf(buf + l, len - l, "%s%s", l ? ", " : "", fr_json_str(job, "jobname"));
}

static void reader(struct fr_copy_phase *ph, struct json_object *t)
{
	ph->rd_iops = ph->rd_p50 = ph->rd_p99 = ph->rd_p999 = NAN;
	if (!t)
		return;
	snprintf(ph->reader, sizeof(ph->reader), "%s", fr_json_str(t, "jobname"));
	ph->rd_iops = dir_num(t, "read", "iops");
	ph->rd_p50 = pct(t, "50.000000");
	ph->rd_p99 = pct(t, "99.000000");
	ph->rd_p999 = pct(t, "99.900000");
}

static double ratio(double a, double b)
{
	return isfinite(a) && isfinite(b) && b > 0 ? a / b : NAN;
}

static void figures(struct fr_copy_run *run, const struct roles *r)
{
	struct fr_copy_phase *c = &run->copy, *h = &run->host;
	double cmds;

	add_name(c->movers, sizeof(c->movers), r->copy);
	c->landed_bytes = dir_num(r->copy, "write", "io_bytes");
	c->mbps = dir_num(r->copy, "write", "bw_bytes") / 1e6;
	cmds = dir_num(r->copy, "write", "total_ios");
	c->commands = isfinite(cmds) && cmds > 0 ? (uint64_t)cmds : 0;
	c->bus_bytes = (double)c->commands * FR_COPY_RANGE_DESC;
	if (c->commands && fmod(c->landed_bytes, (double)c->commands) == 0)
		run->range_bytes = (unsigned)(c->landed_bytes / (double)c->commands);
	add_cpu(c, r->copy);
	reader(c, r->tenant[0]);

	add_name(h->movers, sizeof(h->movers), r->hread);
	add_name(h->movers, sizeof(h->movers), r->hwrite);
	h->landed_bytes = dir_num(r->hwrite, "write", "io_bytes");
	h->mbps = dir_num(r->hwrite, "write", "bw_bytes") / 1e6;
	cmds = dir_num(r->hread, "read", "total_ios") + dir_num(r->hwrite, "write", "total_ios");
	h->commands = isfinite(cmds) && cmds > 0 ? (uint64_t)cmds : 0;
	h->bus_bytes = dir_num(r->hread, "read", "io_bytes") + h->landed_bytes;
	add_cpu(h, r->hread);
	add_cpu(h, r->hwrite);
	reader(h, r->tenant[1]);

	c->cpu_s_per_gb = c->landed_bytes > 0 ? c->cpu_s / (c->landed_bytes / 1e9) : NAN;
	h->cpu_s_per_gb = h->landed_bytes > 0 ? h->cpu_s / (h->landed_bytes / 1e9) : NAN;
	run->bus_saved = 2 * c->landed_bytes - c->bus_bytes;
	run->r_mbps = ratio(c->mbps, h->mbps);
	run->r_cpu_gb = ratio(c->cpu_s_per_gb, h->cpu_s_per_gb);
	run->r_p50 = ratio(c->rd_p50, h->rd_p50);
	run->r_p99 = ratio(c->rd_p99, h->rd_p99);
	run->r_p999 = ratio(c->rd_p999, h->rd_p999);
}

/* The phase's measured window [job_start, + job_runtime) in ms; false when
 * fio did not say it. */
static bool window(struct json_object *job, double *from, double *to)
{
	*from = fr_json_num(job, "job_start");
	*to = *from + fr_json_num(job, "job_runtime");
	return isfinite(*from) && isfinite(*to) && *from > 0;
}

static bool overlap(struct json_object *a, struct json_object *b)
{
	double a0, a1, b0, b1;

	return window(a, &a0, &a1) && window(b, &b0, &b1) && a0 < b1 && b0 < a1;
}

/* Why the run is no comparison, into run->why ("" when it is one). */
static void check_roles(struct fr_copy_run *run, const struct roles *r, struct json_object *jobs)
{
	size_t n = json_object_array_length(jobs);

	for (size_t i = 0; i < n; i++) {
		struct json_object *job = json_object_array_get_idx(jobs, i);
		double err = fr_json_num(job, "error");

		if (isfinite(err) && err != 0) {
			snprintf(run->why, sizeof(run->why), "job '%s' ended with error %.0f",
				 fr_json_str(job, "jobname"), err);
			return;
		}
	}
	if (r->dup)
		snprintf(run->why, sizeof(run->why),
			 "job '%s' has a role another job already has (Copy, host read, host "
			 "write, or the reader of a phase): one of each is compared",
			 r->dup);
	else if (!r->hwrite || !r->hread)
		snprintf(run->why, sizeof(run->why),
			 "no host phase to compare with: %s (a plain writer and a reader of the "
			 "Copy job's namespaces, as jobs/copy.fio's host-write and host-read)",
			 !r->hwrite && !r->hread ? "no host writer and no host reader"
			 : !r->hwrite		 ? "no host writer"
						 : "no host reader");
	else if (overlap(r->copy, r->hwrite) || overlap(r->copy, r->hread))
		snprintf(run->why, sizeof(run->why),
			 "the Copy and the host's copy ran at the same time (fio's job_start and "
			 "job_runtime overlap): the phases need a stonewall between them");
}

int fr_read_copy(struct fr_copy_run *run, const char *buf, size_t len, const char *source,
		 const char *drive)
{
	struct json_object *root = fr_json_last_fio_doc(buf, len), *jobs;
	struct roles r;

	memset(run, 0, sizeof(*run));
	if (!(run->drive = strdup(drive ? drive : "unknown")) || !(run->source = strdup(source))) {
		json_object_put(root);
		free(run->drive);
		free(run->source);
		return -ENOMEM;
	}
	run->r_mbps = run->r_cpu_gb = run->r_p50 = run->r_p99 = run->r_p999 = NAN;
	jobs = fr_json_get(root, "jobs");
	if (!jobs) {
		snprintf(run->why, sizeof(run->why), "no fio document with a \"jobs\" array");
		json_object_put(root);
		return 0;
	}
	find_roles(root, jobs, &r);
	check_roles(run, &r, jobs);
	if (!run->why[0])
		figures(run, &r);
	json_object_put(root);
	return 0;
}
