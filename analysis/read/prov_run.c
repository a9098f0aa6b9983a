// SPDX-License-Identifier: GPL-2.0-only
/*
 * How and when a drive's runs ran (prov_priv.h): host, fio and engine
 * versions, dates, mode, steady state, preconditioning, and each measured
 * step's method, walking the drive's steps.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <json-c/json.h>

#include "util/json_get.h"
#include "model/label.h"
#include "read/prov_priv.h"
#include "read/provenance.h"

static void steady_state(struct fr_prov_drive *pd, const struct prov_where *w)
{
	struct json_object *ss =
		fr_json_get(fr_json_get(w->mf, "steady_state"), fr_json_str(w->run, "drive"));
	struct json_object *steady = fr_json_get(ss, "steady");
	double rounds = fr_json_num(ss, "rounds");
	const char *reason = fr_json_str(ss, "reason");
	bool reached = steady && json_object_get_boolean(steady);
	char v[192];

	if (!ss)
		return;
	snprintf(v, sizeof(v), "%s after %.0f round%s%s%s%s", reached ? "reached" : "NOT reached",
		 isnan(rounds) ? 0 : rounds, rounds == 1 ? "" : "s", reason ? " (" : "",
		 reason ? reason : "", reason ? ")" : "");
	fr_prov_add_word(pd->steady, sizeof(pd->steady), v);
	pd->steady_not_reached |= !reached;
}

/* fio's own steady-state verdict (--ss) of a step's jobs: shown beside
 * the runner's, and "not attained" counts as the runner's "NOT reached". */
static void fio_steady_state(struct fr_prov_drive *pd, const struct fr_profile *pr,
			     const struct fr_step *st)
{
	char v[192];

	if (st->fio_ss == FR_SS_NONE)
		return;
	snprintf(v, sizeof(v), "fio --ss=%s %s (%s %s)", st->fio_ss_what,
		 st->fio_ss == FR_SS_ATTAINED ? "attained" : "NOT attained", pr->name, st->name);
	fr_prov_add_word(pd->steady, sizeof(pd->steady), v);
	pd->steady_not_reached |= st->fio_ss == FR_SS_NOT_ATTAINED;
}

/* Preconditioning runs of the drive recorded in the manifest. */
static void preconditioning(struct fr_prov_drive *pd, const struct prov_where *w)
{
	unsigned done, total;
	char v[96];

	if (!w->precond)
		return;
	done = (unsigned)json_object_get_int(json_object_array_get_idx(w->precond, 0));
	total = (unsigned)json_object_get_int(json_object_array_get_idx(w->precond, 1));
	if (!total)
		return;
	snprintf(v, sizeof(v), "%u of %u preconditioning runs done", done, total);
	fr_prov_add_word(pd->precond, sizeof(pd->precond), v);
}

/* src: the step whose fio output's version stands in where no manifest or
 * engine file says it, or NULL; st: the step, whose fio output's time
 * counts toward the drive's dates where no manifest says them (every
 * step's: a noisy-neighbor run has no curve peak to stand in). */
static void run_facts(struct fr_prov_drive *pd, const struct prov_where *w,
		      const struct fr_step *src, const struct fr_step *st)
{
	/* the manifest's, else (a plain fio run) the engine file's */
	struct json_object *sys = w->sys  ? w->sys
				  : w->mf ? fr_json_get(w->mf, "system")
					  : fr_json_get(w->eng, "system");
	const char *eng = w->eng ? fr_json_str(w->eng, "engine_version") : NULL;
	char e[128], d[160];

	fr_prov_add_word(pd->fio, sizeof(pd->fio),
			 w->eng ? fr_json_str(w->eng, "fio_version")
				: fr_json_str(w->mf, "fio_version"));
	if (!*pd->fio && src && src->fio_version)
		fr_prov_add_word(pd->fio, sizeof(pd->fio), src->fio_version);
	snprintf(e, sizeof(e), "%s%s%s", w->run ? fr_json_str(w->run, "engine") ?: "" : "",
		 eng ? " " : "", eng ? eng : "");
	if (w->eng && !w->run)
		snprintf(e, sizeof(e), "ssdnvme%s%s", eng ? " " : "", eng ? eng : "");
	fr_prov_add_word(pd->engine, sizeof(pd->engine), e);
	fr_prov_add_word(pd->mode, sizeof(pd->mode), fr_json_str(w->mf, "mode"));
	fr_prov_add_word(pd->cpu, sizeof(pd->cpu), fr_json_str(sys, "cpu"));
	fr_prov_add_word(pd->kernel, sizeof(pd->kernel), fr_json_str(sys, "kernel"));
	if (w->mf && fr_json_str(w->mf, "started")) {
		snprintf(d, sizeof(d), "%s .. %s", fr_json_str(w->mf, "started"),
			 fr_json_str(w->mf, "finished") ?: "(not finished)");
		fr_prov_add_word(pd->dates, sizeof(pd->dates), d);
	} else if (st->timestamp > 0) {
		if (!pd->first_s || st->timestamp < pd->first_s)
			pd->first_s = st->timestamp;
		if (st->timestamp > pd->last_s)
			pd->last_s = st->timestamp;
	}
	/* the same for every step of a drive in one manifest: said once (a
	 * loop over all runs per step made a big results directory quadratic) */
	if (w->mf && (w->mf != pd->facts_mf || !w->run_drive || !pd->facts_drive ||
		      strcmp(w->run_drive, pd->facts_drive))) {
		steady_state(pd, w);
		preconditioning(pd, w);
		pd->facts_mf = w->mf;
		pd->facts_drive = w->run_drive;
	}
}

void fr_prov_fio_dates(struct fr_prov_drive *pd)
{
	char a[32], b[32], w[96];
	time_t t0 = (time_t)pd->first_s, t1 = (time_t)pd->last_s;
	struct tm tm;

	if (!pd->first_s)
		return;
	strftime(a, sizeof(a), "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&t0, &tm));
	strftime(b, sizeof(b), "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&t1, &tm));
	if (t0 == t1)
		snprintf(w, sizeof(w), "%s (fio output)", a);
	else
		snprintf(w, sizeof(w), "%s .. %s (fio outputs)", a, b);
	fr_prov_add_word(pd->dates, sizeof(pd->dates), w);
}

/* The curve step rank.c takes as the peak (highest IOPS, MB/s for
 * sequential profiles): the one placing compares. */
static const struct fr_step *peak_step(const struct fr_profile *pr)
{
	bool by_mbps = fr_profile_by_mbps(pr->name);
	const struct fr_step *best = NULL;

	for (size_t s = 0; s < pr->nsteps; s++) {
		const struct fr_step *st = &pr->steps[s];
		double v = by_mbps ? fr_step_mbps(st) : fr_step_iops(st);

		if (st->kind == FR_KIND_CURVE &&
		    (!best || v > (by_mbps ? fr_step_mbps(best) : fr_step_iops(best))))
			best = st;
	}
	return best;
}

/* "4k-randread: 128 outstanding, 4 KiB, 100 % read, 30 s steps" */
static void method_text(char *buf, size_t len, const char *profile, const struct fr_method *me)
{
	char bs[32] = "mixed sizes", rd[32] = "read share unknown", t[32] = "step time unknown";

	if (me->bs && me->bs % 1024 == 0)
		snprintf(bs, sizeof(bs), "%u KiB", me->bs / 1024);
	else if (me->bs)
		snprintf(bs, sizeof(bs), "%u B", me->bs);
	if (me->read_pct >= 0)
		snprintf(rd, sizeof(rd), "%d %% read", me->read_pct);
	if (me->step_s > 0)
		/* whole seconds as the methods state them; a run under a
		 * second is not "0 s" */
		snprintf(t, sizeof(t), me->step_s >= 1 ? "%.0f s steps" : "%.2g s steps",
			 me->step_s);
	snprintf(buf, len, "%s: %u outstanding, %s, %s, %s", profile, me->outstanding, bs, rd, t);
}

void fr_prov_drive_steps(struct prov_ctx *c, struct fr_drive *d, struct fr_prov_drive *pd)
{
	for (size_t p = 0; p < d->nprofiles; p++) {
		struct fr_profile *pr = &d->profiles[p];
		const struct fr_step *peak = peak_step(pr);
		bool described = false;

		for (size_t s = 0; s < pr->nsteps; s++) {
			struct fr_step *st = &pr->steps[s];
			struct prov_where w;
			unsigned group;

			if (!st->source)
				continue;
			fr_prov_locate(c, d->label, st, &w);
			/* the peak's method is the one compared and described
			 * (the reader filled what the fio options say); its fio
			 * version and date stand in where no manifest or engine
			 * file says them */
			fr_prov_identity(pd, &w);
			fio_steady_state(pd, pr, st);
			fr_prov_step_namespaces(pd->namespaces, sizeof(pd->namespaces), &w, st);
			run_facts(pd, &w, st == peak ? st : NULL, st);
			if (!st->method.known)
				continue;
			/* every step the fio options described: noisy neighbor
			 * compares its readers' steps, a curve its peak */
			st->method.target = fr_prov_target(&w, &group);
			st->method.short_mode = fr_json_str(w.mf, "mode") &&
						!strcmp(fr_json_str(w.mf, "mode"), "short");
			if (st != peak)
				continue;
			if (group > d->group)
				d->group = group;
			if (!described && st->method.known) {
				char t[200];

				method_text(t, sizeof(t), pr->name, &st->method);
				fr_prov_add_word(pd->method, sizeof(pd->method), t);
				described = true;
			}
		}
	}
}
