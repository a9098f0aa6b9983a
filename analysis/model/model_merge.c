// SPDX-License-Identifier: GPL-2.0-only
/*
 * Figures into the model (model.h): a job's added to its step
 * (fr_model_add: means weighted by I/Os, tails the larger, spreads pooled,
 * methods, targets and origins noted), and one model merged into another
 * (fr_model_merge: the input threads' models into one, a step read twice
 * excluded).
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "model/copy.h"
#include "model/health.h"
#include "model/model.h"
#include "model/model_priv.h"
#include "model/pooled.h"

static struct fr_step *find_step(struct fr_profile *p, const struct fr_job *job)
{
	for (size_t i = 0; i < p->nsteps; i++) {
		struct fr_step *s = &p->steps[i];

		if (!strcmp(s->name, job->step) && s->kind == job->kind && s->nsid == job->nsid)
			return s;
	}
	return NULL;
}

static struct fr_step *profile_step(struct fr_profile *p, const struct fr_job *job)
{
	struct fr_step *s = find_step(p, job);

	if (s)
		return s;
	if (fr_model_grow((void **)&p->steps, &p->cap, p->nsteps + 1, sizeof(*p->steps)))
		return NULL;
	s = &p->steps[p->nsteps];
	s->name = strdup(job->step);
	s->source = strdup(job->source ? job->source : "");
	if (!s->name || !s->source) {
		free(s->name);
		free(s->source);
		s->name = s->source = NULL;
		return NULL;
	}
	s->kind = job->kind;
	s->nsid = job->nsid;
	s->groupid = job->groupid;
	for (int d = 0; d < FR_NDIRS; d++)
		for (int b = 0; b < FR_NBASES; b++)
			s->dir[d].lat[b] = (struct fr_lat){NAN, NAN, NAN, NAN};
	s->round_tail_us[0] = s->round_tail_us[1] = NAN;
	p->nsteps++;
	return s;
}

/* Weighted mean of two means; a missing side leaves the other. */
static double merge_mean(double a, uint64_t na, double b, uint64_t nb)
{
	if (isnan(a) || !na)
		return b;
	if (isnan(b) || !nb)
		return a;
	return (a * (double)na + b * (double)nb) / (double)(na + nb);
}

/* Percentiles of separate jobs cannot be combined exactly without their
 * histograms; the merged step keeps the worst, which is what a tail figure
 * is meant to expose. */
static double merge_tail(double a, double b)
{
	if (isnan(a))
		return b;
	if (isnan(b))
		return a;
	return a > b ? a : b;
}

/* Two parts of one step's method: outstanding I/O adds up, a size or read
 * share they disagree on becomes unknown, the shorter time is the step's. */
static void merge_method(struct fr_method *into, const struct fr_method *from)
{
	if (!from->known)
		return;
	if (!into->known) {
		*into = *from;
		return;
	}
	into->outstanding += from->outstanding;
	into->namespaces += from->namespaces;
	if (into->bs != from->bs)
		into->bs = 0;
	if (into->read_pct != from->read_pct)
		into->read_pct = -1;
	if (from->step_s > 0 && (into->step_s <= 0 || from->step_s < into->step_s))
		into->step_s = from->step_s;
}

/* Adds one job's filename= to the step's ":"-joined targets (once). */
static int note_targets(struct fr_step *s, const char *files)
{
	size_t n = files ? strlen(files) : 0;
	char *t;

	if (!n)
		return 0;
	for (const char *p = s->targets; p && (p = strstr(p, files)); p += n)
		if ((p == s->targets || p[-1] == ':') && (p[n] == '\0' || p[n] == ':'))
			return 0;
	if (asprintf(&t, "%s%s%s", s->targets ? s->targets : "", s->targets ? ":" : "", files) < 0)
		return -ENOMEM;
	free(s->targets);
	s->targets = t;
	return 0;
}

/* The fio version and time of the output that filled a step (the first). */
static int note_doc(struct fr_step *s, const char *fio_version, double timestamp)
{
	if (!s->fio_version && fio_version && !(s->fio_version = strdup(fio_version)))
		return -ENOMEM;
	if (!s->timestamp)
		s->timestamp = timestamp;
	return 0;
}

/* The spread of two parts: the pooled deviation (pooled.c) and the larger
 * max; known only when both parts that did I/O have it. */
static void merge_spread(struct fr_spread *into, const struct fr_dirstat *a,
			 const struct fr_spread *from, const struct fr_dirstat *b, int basis)
{
	struct fr_pooled p = {0};

	if (!b->ios)
		return;
	if (!a->ios) {
		*into = *from;
		return;
	}
	if (!into->known || !from->known) {
		into->known = false;
		return;
	}
	fr_pooled_add(&p, a->ios, a->lat[basis].mean, into->stddev);
	fr_pooled_add(&p, b->ios, b->lat[basis].mean, from->stddev);
	into->stddev = fr_pooled_sd(&p);
	into->max = into->max > from->max ? into->max : from->max;
}

static void merge_dir(struct fr_dirstat *into, const struct fr_dirstat *from)
{
	for (int b = 0; b < FR_NBASES; b++) {
		struct fr_lat *l = &into->lat[b];
		const struct fr_lat *f = &from->lat[b];

		/* before the means and counts below take in the new part */
		merge_spread(&into->spread[b], into, &from->spread[b], from, b);

		l->mean = merge_mean(l->mean, into->ios, f->mean, from->ios);
		l->p99 = merge_tail(l->p99, f->p99);
		l->p999 = merge_tail(l->p999, f->p999);
		l->p9999 = merge_tail(l->p9999, f->p9999);
	}
	into->ios += from->ios;
	into->iops += from->iops;
	into->bw_bytes += from->bw_bytes;
	into->io_bytes += from->io_bytes; /* NAN (unknown) on a side stays */
}

/* Rate targets add up over the jobs run side by side; one not known makes
 * the sum not known. */
static double add_target(double sum, double target)
{
	return isnan(sum) || isnan(target) ? NAN : sum + target;
}

double fr_step_target_missed(const struct fr_step *s)
{
	double share;

	if (isnan(s->target_iops) || s->target_iops <= 0)
		return NAN;
	share = fr_step_iops(s) / s->target_iops;
	return share < FR_TARGET_MISS ? share : NAN;
}

/* fio's steady-state verdicts: one job not attained makes the step's. */
static void merge_ss(struct fr_step *s, int ss, const char *what)
{
	if (ss == FR_SS_NONE || s->fio_ss == FR_SS_NOT_ATTAINED ||
	    (ss == FR_SS_ATTAINED && s->fio_ss == FR_SS_ATTAINED))
		return;
	s->fio_ss = ss;
	snprintf(s->fio_ss_what, sizeof(s->fio_ss_what), "%s", what);
}

/* Records where a step's figures came from: job name and fio group. */
static int note_origin(struct fr_step *s, const char *jobname, long groupid)
{
	char **v;

	if (s->groupid != groupid)
		s->groupid = -1;
	if (!jobname)
		return 0;
	for (size_t i = 0; i < s->njobnames; i++)
		if (!strcmp(s->jobnames[i], jobname))
			return 0;
	v = realloc(s->jobnames, (s->njobnames + 1) * sizeof(*v));
	if (!v)
		return -ENOMEM;
	s->jobnames = v;
	v[s->njobnames] = strdup(jobname);
	if (!v[s->njobnames])
		return -ENOMEM;
	s->njobnames++;
	return 0;
}

int fr_model_add(struct fr_model *m, const struct fr_job *job)
{
	struct fr_drive *d = fr_model_drive(m, job->drive);
	struct fr_profile *p;
	struct fr_step *s;
	size_t named;

	if (!d)
		return -ENOMEM;
	p = fr_drive_profile(d, job->profile);
	if (!p)
		return -ENOMEM;
	s = profile_step(p, job);
	if (!s)
		return -ENOMEM;
	named = s->njobnames;
	if (note_origin(s, job->jobname, job->groupid) ||
	    note_doc(s, job->fio_version, job->timestamp) || note_targets(s, job->run.filename))
		return -ENOMEM;
	if (job->run.known) {
		/* the first entry of a name counts its numjobs clones (one
		 * entry each, or one for all with group_reporting); an entry
		 * of that name beyond numjobs is one more job in flight, and
		 * another name another job beside it (jobs of one step ran
		 * one workload: fr_group_resolve()) */
		unsigned extra = job->run.entry_of_name > job->run.numjobs ? job->run.iodepth : 0;
		struct fr_method how = {
			.known = true,
			.outstanding =
				s->njobnames > named ? job->run.iodepth * job->run.numjobs : extra,
			.bs = job->run.bs,
			.read_pct = job->run.read_pct,
			.step_s = job->run.step_s,
			.namespaces = s->njobnames > named ? job->run.namespaces : 0,
		};

		merge_method(&s->method, &how);
		merge_ss(s, job->run.fio_ss, job->run.fio_ss_what);
		/* clones of one name carry the whole numjobs target once */
		if (s->njobnames > named)
			s->target_iops = add_target(s->target_iops, job->run.target_iops);
	}
	for (int i = 0; i < FR_NDIRS; i++)
		merge_dir(&s->dir[i], &job->dir[i]);
	s->njobs++;
	m->jobs_read++;
	return 0;
}

enum problem_kind { SKIPPED, EXCLUDED, NOTE };

static int merge_problems(struct fr_model *dst, const struct fr_problem *p, size_t n,
			  enum problem_kind kind)
{
	for (size_t i = 0; i < n; i++) {
		int r = kind == SKIPPED	   ? fr_model_skip(dst, p[i].source, "%s", p[i].reason)
			: kind == EXCLUDED ? fr_model_exclude(dst, p[i].source, "%s", p[i].reason)
					   : fr_model_note(dst, p[i].source, "%s", p[i].reason);

		if (r)
			return r;
	}
	return 0;
}

static int exclude_duplicate(struct fr_model *dst, const struct fr_drive *d,
			     const struct fr_profile *p, const struct fr_step *s,
			     const struct fr_step *first)
{
	char ns[24] = "";

	if (s->nsid)
		snprintf(ns, sizeof(ns), " ns%u", s->nsid);
	dst->jobs_read -= s->njobs;
	return fr_model_exclude(dst, s->source,
				"drive '%s' %s step %s (%s%s) was already read from %s; give "
				"separate runs separate labels (-d)",
				d->label, p->name, s->name, fr_kind_name(s->kind), ns,
				first->source);
}

/* The Copy runs of src after dst's (model/copy.h). */
static int merge_copy(struct fr_model *dst, const struct fr_model *src)
{
	struct fr_copy_run *v;

	if (!src->ncopy)
		return 0;
	v = realloc(dst->copy, (dst->ncopy + src->ncopy) * sizeof(*v));
	if (!v)
		return -ENOMEM;
	dst->copy = v;
	for (size_t i = 0; i < src->ncopy; i++) {
		struct fr_copy_run *r = &v[dst->ncopy];

		*r = src->copy[i];
		r->drive = strdup(src->copy[i].drive);
		r->source = strdup(src->copy[i].source);
		dst->ncopy++;
		if (!r->drive || !r->source)
			return -ENOMEM;
	}
	return 0;
}

/* The AI sections' kept trees, shared by reference. */
static int merge_ai_docs(struct fr_model *dst, const struct fr_model *src)
{
	if (!src->ai_docs)
		return 0;
	json_object_object_foreach(src->ai_docs, source, doc)
	{
		if (fr_model_keep_ai_doc(dst, source, doc))
			return -ENOMEM;
	}
	return 0;
}

int fr_model_merge(struct fr_model *dst, const struct fr_model *src)
{
	for (size_t d = 0; d < src->ndrives; d++) {
		const struct fr_drive *sd = &src->drives[d];
		struct fr_drive *dd = fr_model_drive(dst, sd->label);

		if (!dd ||
		    fr_drive_set_ident(dd, sd->ident.model, sd->ident.serial, sd->ident.firmware))
			return -ENOMEM;
		for (size_t p = 0; p < sd->nprofiles; p++) {
			const struct fr_profile *sp = &sd->profiles[p];
			struct fr_profile *dp = fr_drive_profile(dd, sp->name);

			if (!dp)
				return -ENOMEM;
			for (size_t k = 0; k < sp->nsteps; k++) {
				const struct fr_step *ss = &sp->steps[k];
				struct fr_job job = {.step = ss->name,
						     .kind = ss->kind,
						     .nsid = ss->nsid,
						     .source = ss->source,
						     .groupid = ss->groupid};
				struct fr_step *ds = find_step(dp, &job);

				if (ds && strcmp(ds->source, ss->source)) {
					if (exclude_duplicate(dst, sd, sp, ss, ds))
						return -ENOMEM;
					continue;
				}
				ds = ds ? ds : profile_step(dp, &job);
				if (!ds || note_origin(ds, NULL, ss->groupid))
					return -ENOMEM;
				for (size_t j = 0; j < ss->njobnames; j++)
					if (note_origin(ds, ss->jobnames[j], ss->groupid))
						return -ENOMEM;
				for (int i = 0; i < FR_NDIRS; i++)
					merge_dir(&ds->dir[i], &ss->dir[i]);
				ds->njobs += ss->njobs;
				merge_method(&ds->method, &ss->method);
				merge_ss(ds, ss->fio_ss, ss->fio_ss_what);
				ds->target_iops = add_target(ds->target_iops, ss->target_iops);
				if (note_doc(ds, ss->fio_version, ss->timestamp) ||
				    note_targets(ds, ss->targets))
					return -ENOMEM;
				if (ss->health && !ds->health &&
				    !(ds->health = fr_health_dup(ss->health)))
					return -ENOMEM;
				if (ss->placement && !ds->placement &&
				    !(ds->placement = fr_placement_dup(ss->placement)))
					return -ENOMEM;
				ds->tags_incl_ramp |= ss->tags_incl_ramp;
				for (int t = 0; t < 2; t++)
					if (isnan(ds->round_tail_us[t]))
						ds->round_tail_us[t] = ss->round_tail_us[t];
				if (!ds->fio_doc)
					ds->fio_doc = json_object_get(ss->fio_doc);
				if (!ds->engine_doc)
					ds->engine_doc = json_object_get(ss->engine_doc);
			}
		}
	}
	if (merge_copy(dst, src) || merge_ai_docs(dst, src))
		return -ENOMEM;
	dst->files_read += src->files_read;
	dst->jobs_read += src->jobs_read;
	if (merge_problems(dst, src->skipped, src->nskipped, SKIPPED) ||
	    merge_problems(dst, src->excluded, src->nexcluded, EXCLUDED) ||
	    merge_problems(dst, src->notes, src->nnotes, NOTE))
		return -ENOMEM;
	return 0;
}
