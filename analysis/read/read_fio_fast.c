// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio's JSON output read without json-c's tree (read_fio_fast.h): the
 * document scanned into flat records (fastread_scan.c), then each job
 * resolved as read_fio.c resolves it from the tree, step for step, with
 * the same label, option and cross-check functions.  Where read_fio.c
 * would exclude a job or reject the input, this reader declines instead
 * and read_fio.c reads the input again with json-c: the reasons it gives
 * are written in one place only.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "read/fastread_scan.h"
#include "model/ran.h"
#include "read/read_fio_fast.h"
#include "read/read_fio_opts.h"

/* Bounds of read_fio.c: past them a figure is not a measurement. */

/* json-c's path for every input when 0; -1 until the environment is read */
static int fast_mode = -1;

bool fr_read_fio_fast_on(void)
{
	int mode = __atomic_load_n(&fast_mode, __ATOMIC_RELAXED);

	if (mode < 0) {
		const char *env = getenv("FIORANK_JSONC");

		mode = !(env && !strcmp(env, "1"));
		__atomic_store_n(&fast_mode, mode, __ATOMIC_RELAXED);
	}
	return mode;
}

void fr_read_fio_fast_set(bool on)
{
	__atomic_store_n(&fast_mode, on, __ATOMIC_RELAXED);
}

/* read_fio.c's read_lat() and read_spread() of one latency object */
static void take_lat(const struct fs_lat *l, double scale, struct fr_lat *lat, struct fr_spread *sp)
{
	lat->mean = l->mean * scale;
	lat->p99 = l->pct[0] * scale;
	lat->p999 = l->pct[1] * scale;
	lat->p9999 = l->pct[2] * scale;
	sp->known = isfinite(l->stddev) && isfinite(l->max) && l->stddev >= 0 && l->max >= 0;
	sp->stddev = sp->known ? l->stddev * scale : NAN;
	sp->max = sp->known ? l->max * scale : NAN;
}

/* read_fio.c's read_dir(): false where it gives a reason to exclude */
static bool take_dir(const struct fs_dir *d, struct fr_dirstat *out)
{
	double ios;

	out->iops = d->iops;
	if (!isfinite(out->iops) || out->iops < 0 || out->iops >= FR_MAX_IOPS)
		return false;
	out->bw_bytes = !isnan(d->bw_bytes) ? d->bw_bytes : d->bw * 1024.0;
	if (isnan(out->bw_bytes))
		out->bw_bytes = 0;
	if (!isfinite(out->bw_bytes) || out->bw_bytes < 0 || out->bw_bytes >= FR_MAX_BW)
		return false;
	out->io_bytes = isnan(d->bw_bytes) ? NAN : d->io_bytes;
	if (!(out->io_bytes >= 0 && out->io_bytes < 1e21))
		out->io_bytes = NAN;
	ios = d->total_ios;
	if (isnan(ios))
		ios = round(out->iops * d->runtime / 1000.0);
	if (!isnan(ios) && (!(ios >= 0 && ios < FR_MAX_IOS) || ios != floor(ios)))
		return false;
	out->ios = isnan(ios) ? 0 : (uint64_t)ios;
	if (!out->ios && out->iops > 0)
		return false;
	for (int b = 0; b < FR_NBASES; b++) {
		/* FS_CLAT_NS, FS_CLAT, FS_LAT_NS, FS_LAT: ns, else µs */
		const struct fs_lat *ns = &d->lat[2 * b], *us = &d->lat[2 * b + 1];

		if (ns->present)
			take_lat(ns, 1.0, &out->lat[b], &out->spread[b]);
		else if (us->present)
			take_lat(us, 1000.0, &out->lat[b], &out->spread[b]);
		if (fr_bad_lat(&out->lat[b]))
			return false;
	}
	if (!out->ios)
		for (int b = 0; b < FR_NBASES; b++) {
			out->lat[b] = (struct fr_lat){NAN, NAN, NAN, NAN};
			out->spread[b] = (struct fr_spread){0};
		}
	return true;
}

/* read_fio.c's bytes_per_io() */
static unsigned bytes_per_io(const struct fs_dir *d, uint64_t ios)
{
	double per;

	if (!ios || !isfinite(d->io_bytes) || d->io_bytes <= 0 || isnan(d->bw_bytes))
		return 0;
	per = d->io_bytes / (double)ios;
	return per == floor(per) && per <= 1u << 30 ? (unsigned)per : 0;
}

/* read_fio.c's dir_objects(): false where it excludes (a mix reported as
 * one "mixed" direction) */
static bool dir_objects(const struct fs_job *j, const struct fr_jobopts *o,
			const struct fs_dir *obj[FR_NDIRS])
{
	int pct = fr_jobopts_read_pct(o);

	for (int d = 0; d < FR_NDIRS; d++)
		obj[d] = j->dir[d].present ? &j->dir[d] : NULL;
	if (obj[FR_READ] || obj[FR_WRITE] || obj[FR_TRIM] || !j->dir[FS_MIXED].present)
		return true;
	if (pct != 100 && pct != 0)
		return false;
	obj[pct ? FR_READ : FR_WRITE] = &j->dir[FS_MIXED];
	return true;
}

/* read_fio.c's read_dirs() */
static bool take_dirs(const struct fs_job *j, const struct fr_jobopts *o, struct fr_pending *p,
		      struct fr_ran *ran, double *run_ms)
{
	const struct fs_dir *obj[FR_NDIRS];
	uint64_t ios = 0;
	bool any = false;

	*run_ms = 0;
	if (!dir_objects(j, o, obj))
		return false;
	for (int d = 0; d < FR_NDIRS; d++) {
		for (int b = 0; b < FR_NBASES; b++)
			p->job.dir[d].lat[b] = (struct fr_lat){NAN, NAN, NAN, NAN};
		if (!obj[d])
			continue;
		any = true;
		if (!take_dir(obj[d], &p->job.dir[d]))
			return false;
		ran->ios[d] = p->job.dir[d].ios;
		ran->bs[d] = bytes_per_io(obj[d], ran->ios[d]);
		if (fr_drop_verify_reads(o, d, p, ran))
			continue;
		if (ran->ios[d] && isfinite(obj[d]->runtime) && obj[d]->runtime > *run_ms)
			*run_ms = obj[d]->runtime;
		ios += p->job.dir[d].ios;
	}
	return any && ios;
}

/* read_fio.c's read_options() */
static bool take_options(const struct fs_doc *d, const struct fs_job *j, struct fr_pending *p,
			 struct fr_jobopts *o)
{
	fr_jobopts_init(o);
	for (size_t i = d->gopt0; i < d->gopt0 + d->ngopts; i++)
		fr_jobopts_set(o, d->opts[i].key, d->opts[i].val);
	if (!(p->workload = strdup("")) || !(p->rate = strdup("")))
		return false;
	if (!j->has_opts)
		return true;
	o->known = true;
	for (size_t i = j->opt0; i < j->opt0 + j->nopts; i++) {
		const char *k = d->opts[i].key, *v = d->opts[i].val;

		fr_jobopts_set(o, k, v);
		if (fr_opt_is_rate(k)	  ? fr_opts_append(&p->rate, k, v)
		    : fr_opt_is_pacing(k) ? false
					  : fr_opts_append_workload(&p->workload, k, v))
			return false;
	}
	return !fr_opts_sort_lines(p->workload);
}

/* read_fio.c's label_job() and read_steadystate() */
static bool take_label(const struct fs_doc *d, const struct fs_job *j, const struct fr_label *label,
		       struct fr_pending *p, struct fr_jobopts *o, struct fr_job_label *l)
{
	if (!take_options(d, j, p, o) || fr_label_job(label, p->jobname, NULL, o, l))
		return false;
	p->job.run = (struct fr_jobrun){
		.known = true,
		.iodepth = o->iodepth,
		.numjobs = o->numjobs,
		.bs = fr_jobopts_bs(o),
		.read_pct = fr_jobopts_read_pct(o),
		.namespaces = o->namespaces,
		.target_iops = fr_jobopts_target_iops(o),
	};
	if (j->has_ss && !isnan(j->ss_attained)) {
		p->job.run.fio_ss = j->ss_attained != 0 ? FR_SS_ATTAINED : FR_SS_NOT_ATTAINED;
		snprintf(p->job.run.fio_ss_what, sizeof(p->job.run.fio_ss_what), "%s",
			 j->ss_what ? j->ss_what : "?");
	}
	p->drive = l->drive;
	p->profile = l->profile;
	p->step = l->step;
	if (o->filename && !(p->filename = strdup(o->filename)))
		return false;
	p->job.run.filename = p->filename;
	p->job.kind = l->kind;
	p->job.nsid = l->nsid;
	p->profile_named = l->profile_named;
	p->step_named = l->step_named;
	return !l->problem;
}

/* read_fio.c's check_ran(): the step time and the cross-checks */
static bool take_ran(const struct fs_job *j, const struct fr_jobopts *o,
		     const struct fr_job_label *l, struct fr_pending *p)
{
	struct fr_ran ran = {0};
	double run_ms;
	char why[512];

	if (!take_dirs(j, o, p, &ran, &run_ms))
		return false;
	if (!(run_ms > 0)) {
		run_ms = j->job_runtime;
		if (isfinite(run_ms) && o->group_reporting && o->numjobs)
			run_ms /= o->numjobs;
	}
	if (isfinite(run_ms) && run_ms > 0)
		p->job.run.step_s = run_ms / 1000.0;
	ran.merged = o->name && strcmp(o->name, p->jobname);
	if (fr_ran_check(&ran, o, l, p->jobname, p->groupid, why, sizeof(why)))
		return false;
	if (ran.drifted_pct >= 0)
		p->job.run.read_pct = ran.drifted_pct;
	return true;
}

/* read_fio.c's read_job(), for a job it would use */
static bool take_job(const struct fs_doc *d, const struct fs_job *j, const struct fr_label *label,
		     struct fr_pending *p)
{
	struct fr_job_label l;
	struct fr_jobopts o;

	memset(p, 0, sizeof(*p));
	if (!(p->jobname = strdup(j->jobname)))
		return false;
	p->groupid =
		isfinite(j->groupid) && j->groupid >= 0 && j->groupid < 1e9 ? (long)j->groupid : -1;
	/* l's strings belong to p from here */
	if (!take_label(d, j, label, p, &o, &l))
		return false;
	if (!isnan(j->error) && j->error != 0)
		return false;
	return take_ran(j, &o, &l, p);
}

/* An options object as json-c's tree holds it (a repeated key already
 * took its first place with its last value in the records). */
static struct json_object *opts_object(const struct fs_doc *d, size_t opt0, size_t nopts)
{
	struct json_object *o = json_object_new_object();

	for (size_t i = 0; o && i < nopts; i++) {
		const struct fs_opt *opt = &d->opts[opt0 + i];
		struct json_object *v = json_object_new_string(opt->val);

		if (!v || json_object_object_add(o, opt->key, v)) {
			json_object_put(v);
			json_object_put(o);
			return NULL;
		}
	}
	return o;
}

/* Adds V under KEY to O; V NULL is out of memory. */
static bool add(struct json_object *o, const char *key, struct json_object *v)
{
	if (v && !json_object_object_add(o, key, v))
		return true;
	json_object_put(v);
	return false;
}

static struct json_object *kept_job(const struct fs_doc *d, const struct fs_job *j)
{
	struct json_object *k = json_object_new_object();
	static const int dirs[] = {FS_READ, FS_WRITE};
	static const char *const names[] = {"read", "write"};
	bool ok = k != NULL;

	if (ok && j->jobname)
		ok = add(k, "jobname", json_object_new_string(j->jobname));
	if (ok && j->has_opts)
		ok = add(k, "job options", opts_object(d, j->opt0, j->nopts));
	for (size_t i = 0; ok && i < 2; i++)
		if (j->dir[dirs[i]].has_bins)
			ok = add(k, names[i], fr_fio_keep_buckets(j->dir[dirs[i]].buckets));
	if (!ok) {
		json_object_put(k);
		return NULL;
	}
	return k;
}

/* What fr_fio_keep() keeps of json-c's tree, made from the records, key
 * for key in its order (test_analysis_fastread compares the two). */
static struct json_object *kept_doc(const struct fs_doc *d)
{
	struct json_object *kept = json_object_new_object();
	struct json_object *jobs = json_object_new_array_ext((int)d->njobs);
	bool ok = kept && add(kept, "jobs", jobs);

	if (!kept)
		json_object_put(jobs);
	if (ok && d->has_gopts)
		ok = add(kept, "global options", opts_object(d, d->gopt0, d->ngopts));
	for (size_t i = 0; ok && i < d->njobs; i++) {
		struct json_object *j = kept_job(d, &d->jobs[i]);

		ok = j && !json_object_array_add(jobs, j);
		if (!ok)
			json_object_put(j);
	}
	if (!ok) {
		json_object_put(kept);
		return NULL;
	}
	return kept;
}

void fr_fast_doc_free(struct fr_fast_doc *out)
{
	json_object_put(out->kept);
	for (size_t i = 0; i < out->njobs; i++)
		fr_pending_free(&out->jobs[i]);
	free(out->jobs);
	free(out->fio_version);
	memset(out, 0, sizeof(*out));
}

bool fr_read_fio_fast(const char *buf, size_t len, const struct fr_label *label, enum fr_keep keep,
		      struct fr_fast_doc *out)
{
	struct fs_doc d;
	bool ok = fs_scan(buf, len, keep == FR_KEEP_ALL, &d);

	memset(out, 0, sizeof(*out));
	if (ok && d.njobs) {
		out->cap = d.njobs;
		ok = (out->jobs = calloc(d.njobs, sizeof(*out->jobs))) != NULL;
	}
	for (size_t i = 0; ok && i < d.njobs; i++) {
		/* counted first: a job given up half-made is freed with the rest */
		out->njobs++;
		ok = take_job(&d, &d.jobs[i], label, &out->jobs[i]);
	}
	if (ok) {
		out->timestamp = isfinite(d.timestamp) && d.timestamp >= 0 ? d.timestamp : 0;
		ok = (out->fio_version = strdup(d.fio_version)) != NULL;
	}
	if (ok && keep != FR_KEEP_NONE)
		ok = (out->kept = kept_doc(&d)) != NULL;
	if (!ok)
		fr_fast_doc_free(out);
	fs_doc_free(&d);
	return ok;
}
