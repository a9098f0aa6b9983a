// SPDX-License-Identifier: GPL-2.0-only
/*
 * "Why the tail" (tailwhy.h): the steps' engine files, their tag logs read
 * per key, each key attributed (tailwhy_attr.c) and said in one sentence
 * that every format prints.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "report/tailwhy.h"
#include "report/tailwhy_priv.h"
#include "util/appendf.h"
#include "util/json_get.h"

const char *fr_tw_factor_name(enum fr_tw_factor f)
{
	static const char *const n[] = {"writes_inflight", "reads_inflight", "submit_delay",
					"health"};

	return f < FR_TW_NFACTORS ? n[f] : "?";
}

const char *fr_tw_verdict_name(enum fr_tw_verdict v)
{
	static const char *const n[] = {"cause", "no_common_cause", "too_few", "no_median"};

	return v <= FR_TW_NO_MEDIAN ? n[v] : "?";
}

static void lat_text(char *buf, size_t len, uint64_t ns)
{
	if (ns >= 1000000)
		snprintf(buf, len, "%.2f ms", ns / 1e6);
	else
		snprintf(buf, len, "%.1f us", ns / 1e3);
}

static double pc(uint64_t a, uint64_t n)
{
	return n ? 100.0 * a / n : 0;
}

/* What the factor is, after ">= K" or alone. */
static void factor_text(const struct fr_tw_key *k, enum fr_tw_factor f, char *buf, size_t len)
{
	if (f == FR_TW_WRITES)
		snprintf(buf, len, ">= %u writes in flight on %s", k->t[f].k,
			 k->writes_on ? k->writes_on : "the controller");
	else if (f == FR_TW_READS)
		snprintf(buf, len, ">= %u reads in flight on the controller", k->t[f].k);
	else if (f == FR_TW_SLAT)
		snprintf(buf, len, "a submission delay (fio's prep to issue) >= %.1f us",
			 k->t[f].k / 1e3);
	else
		snprintf(buf, len, "a health interval with throttling or a critical warning");
}

static int sentence_cause(struct fr_tw_key *k, const char *who, const char *dirs, const char *tail)
{
	char **s = &k->sentence, what[128];
	bool first = true;
	enum fr_tw_factor f;

	for (f = 0; f < FR_TW_NFACTORS; f++) {
		const struct fr_tw_test *t = &k->t[f];
		int rc;

		if (!t->cause)
			continue;
		factor_text(k, f, what, sizeof(what));
		if (first)
			rc = fr_appendf(
				s, "",
				"%.0f %% of %s slowest %s (n=%llu, >= %s) had %s, against %.0f %% "
				"of its median %s (n=%llu; Fisher p = %.2g)",
				pc(t->slow_hits, k->n_slow), who, dirs,
				(unsigned long long)k->n_slow, tail, what,
				pc(t->med_hits, k->n_med), dirs, (unsigned long long)k->n_med,
				t->p);
		else
			rc = fr_appendf(s, "", "; %.0f %% had %s, against %.0f %% (p = %.2g)",
					pc(t->slow_hits, k->n_slow), what,
					pc(t->med_hits, k->n_med), t->p);
		if (rc)
			return rc;
		first = false;
	}
	if (!k->t[FR_TW_HEALTH].tested)
		return fr_appendf(s, "", "; no health snapshots to set them against");
	if (k->t[FR_TW_HEALTH].cause)
		return 0;
	if (!k->t[FR_TW_HEALTH].slow_hits)
		return fr_appendf(s, "", "; none coincided with throttling or a critical warning");
	return fr_appendf(
		s, "",
		"; %.0f %% coincided with throttling or a warning, against %.0f %% (not a cause)",
		pc(k->t[FR_TW_HEALTH].slow_hits, k->n_slow),
		pc(k->t[FR_TW_HEALTH].med_hits, k->n_med));
}

static int sentence_none(struct fr_tw_key *k, const char *who, const char *dirs, const char *tail)
{
	char what[128];
	enum fr_tw_factor f;
	const char *sep = ": ";

	if (fr_appendf(
		    &k->sentence, "",
		    "no common cause found for %s slowest %s (n=%llu, >= %s) against its median %s "
		    "(n=%llu)",
		    who, dirs, (unsigned long long)k->n_slow, tail, dirs,
		    (unsigned long long)k->n_med))
		return -ENOMEM;
	for (f = 0; f < FR_TW_NFACTORS; f++) {
		const struct fr_tw_test *t = &k->t[f];

		if (!t->tested)
			continue;
		factor_text(k, f, what, sizeof(what));
		if (fr_appendf(&k->sentence, "", "%s%s %.0f %% vs %.0f %%", sep, what,
			       pc(t->slow_hits, k->n_slow), pc(t->med_hits, k->n_med)))
			return -ENOMEM;
		sep = ", ";
	}
	return 0;
}

static int make_sentence(struct fr_tw_key *k, double pct)
{
	char who[96], tail[32];
	const char *dirs = k->dir == FR_READ ? "reads" : "writes";

	if (k->nsid)
		snprintf(who, sizeof(who), "ns%u's", k->nsid);
	else
		snprintf(who, sizeof(who), "%s's", k->label ? k->label : "the job");
	lat_text(tail, sizeof(tail), k->tail_ns);
	switch (k->verdict) {
	case FR_TW_CAUSE:
		return sentence_cause(k, who, dirs, tail);
	case FR_TW_NONE:
		return sentence_none(k, who, dirs, tail);
	case FR_TW_TOO_FEW:
		return fr_appendf(
			&k->sentence, "",
			"too few slow I/Os (n=%llu) to attribute %s %s above p%g (at least %d: "
			"run longer or lower --tail-pct)",
			(unsigned long long)k->n_slow, who, dirs, pct, FR_TW_MIN_SLOW);
	default: /* FR_TW_NO_MEDIAN */
		return fr_appendf(
			&k->sentence, "",
			"no tag log: only %s %llu kept slowest %s (>= %s), no median I/Os to "
			"compare them with, so not attributed (run with tag_log=1)",
			who, (unsigned long long)k->n_slow, dirs, tail);
	}
}

/* "ns1-3" / "ns1,3": the namespaces the run's write keys wrote, when this
 * key's own is not among them; NULL otherwise (the controller's count). */
static char *writes_on(struct json_object *keys, unsigned own)
{
	unsigned char on[1024] = {0};
	unsigned ns, lo, any = 0;
	char *s = NULL;
	size_t i;

	for (i = 0; i < json_object_array_length(keys); i++) {
		struct json_object *k = json_object_array_get_idx(keys, i);
		const char *dir = fr_json_str(k, "direction");
		double nsid = fr_json_num(k, "nsid");

		if (dir && !strcmp(dir, "write") && nsid >= 1 && nsid < 1024)
			on[(unsigned)nsid] = any = 1;
	}
	if (!any || own >= 1024 || on[own])
		return NULL;
	for (ns = 1; ns < 1024; ns++) {
		if (!on[ns])
			continue;
		for (lo = ns; ns + 1 < 1024 && on[ns + 1]; ns++)
			;
		if (fr_appendf(&s, "", lo == ns ? "%s%u" : "%s%u-%u", s ? "," : "ns", lo, ns)) {
			free(s);
			return NULL;
		}
	}
	return s;
}

/* The step that holds the key's job (its fio job merged into it) among the
 * drive's steps with the same engine file; NULL when none names it. */
static const struct fr_step *step_of_job(const struct fr_drive *d, struct json_object *eng,
					 const char *job, const char **profile)
{
	size_t pi, si, j;

	for (pi = 0; job && pi < d->nprofiles; pi++)
		for (si = 0; si < d->profiles[pi].nsteps; si++) {
			const struct fr_step *s = &d->profiles[pi].steps[si];

			for (j = 0; s->engine_doc == eng && j < s->njobnames; j++)
				if (!strcmp(s->jobnames[j], job)) {
					*profile = d->profiles[pi].name;
					return s;
				}
		}
	return NULL;
}

static struct fr_tw_key *new_key(struct fr_tailwhy *tw, const struct fr_drive *d,
				 const struct fr_profile *p, const struct fr_step *s,
				 struct json_object *key, struct json_object *keys,
				 struct json_object *eng)
{
	struct fr_tw_key *k, *grown = realloc(tw->k, (tw->n + 1) * sizeof(*grown));
	const char *job = fr_json_str(key, "job"), *label = fr_json_str(key, "label");
	const char *dir = fr_json_str(key, "direction");

	if (!grown)
		return NULL;
	tw->k = grown;
	k = &tw->k[tw->n++];
	memset(k, 0, sizeof(*k));
	k->drive = d;
	k->profile = p->name;
	k->step = step_of_job(d, eng, job, &k->profile);
	if (!k->step) {
		k->profile = p->name;
		k->step = s;
	}
	k->nsid = (unsigned)fr_json_num(key, "nsid");
	k->dir = dir && !strcmp(dir, "write") ? FR_WRITE : FR_READ;
	k->job = job ? strdup(job) : NULL;
	k->label = label ? strdup(label) : NULL;
	k->writes_on = writes_on(keys, k->nsid);
	k->fdp_events = fr_tw_fdp_events(eng);
	return k;
}

/* A key worth a line: reads or writes (trims and flushes have no victims). */
static bool key_wanted(struct json_object *key)
{
	const char *dir = fr_json_str(key, "direction");

	return dir && (!strcmp(dir, "read") || !strcmp(dir, "write")) &&
	       !fr_json_get(key, "placement_id");
}

struct doc_ctx {
	struct fr_tailwhy *tw;
	const struct fr_drive *d;
	const struct fr_profile *p;
	const struct fr_step *s;
	struct json_object *eng, *keys;
	double pct;
	FILE *err;
};

static int key_from_log(struct doc_ctx *c, struct json_object *key, struct fr_tw_recs *v,
			bool truncated)
{
	struct fr_tw_health h;
	struct fr_tw_key *k = new_key(c->tw, c->d, c->p, c->s, key, c->keys, c->eng);
	int rc;

	if (!k)
		return -ENOMEM;
	k->source = FR_TW_TAGLOG;
	k->truncated = truncated;
	if (fr_tw_read_health(c->eng, k->job, (long)fr_json_num(key, "thread"),
			      fr_json_str(key, "controller"), &h))
		return -ENOMEM;
	rc = fr_tw_attribute(k, v, &h, c->pct);
	free(h.span);
	return rc ? rc : make_sentence(k, c->pct);
}

static int job_log(struct doc_ctx *c, struct json_object *job)
{
	const char *log = fr_json_str(job, "taglog");
	double thread = fr_json_num(job, "thread");
	size_t i, nkeys = json_object_array_length(c->keys);
	struct fr_tw_recs *by_id = calloc(nkeys ? nkeys : 1, sizeof(*by_id));
	bool truncated = false;
	char err[512];
	int rc = 0;

	if (!by_id)
		return -ENOMEM;
	rc = fr_tw_read_log(log, c->s->source, by_id, nkeys, &truncated, err, sizeof(err));
	if (rc == -EINVAL && c->err)
		fprintf(c->err, "fiorank: %s: not used for \"why the tail\"\n", err);
	for (i = 0; !rc && i < nkeys; i++) {
		struct json_object *key = json_object_array_get_idx(c->keys, i);
		double id = fr_json_num(key, "id");

		if (fr_json_num(key, "thread") != thread || !key_wanted(key) || id < 0 ||
		    id >= nkeys || !by_id[(size_t)id].n)
			continue;
		rc = key_from_log(c, key, &by_id[(size_t)id], truncated);
	}
	for (i = 0; i < nkeys; i++)
		free(by_id[i].r);
	free(by_id);
	return rc == -EINVAL ? 0 : rc;
}

/* No tag log: a noisy-neighbor victim's kept outliers, described only. */
static int key_from_outliers(struct doc_ctx *c, struct json_object *key)
{
	struct json_object *out = fr_json_get(key, "outliers");
	size_t i, n = json_object_is_type(out, json_type_array) ? json_object_array_length(out) : 0;
	struct fr_tw_key *k;
	uint64_t fastest = UINT64_MAX;

	if (!n)
		return 0;
	k = new_key(c->tw, c->d, c->p, c->s, key, c->keys, c->eng);
	if (!k)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		double lat = fr_json_num(json_object_array_get_idx(out, i), "lat_ns");

		if (lat >= 0 && (uint64_t)lat < fastest)
			fastest = (uint64_t)lat;
	}
	k->source = FR_TW_OUTLIERS;
	k->n = (uint64_t)fr_json_num(key, "count");
	k->n_slow = n;
	k->tail_ns = fastest;
	k->verdict = FR_TW_NO_MEDIAN;
	return make_sentence(k, c->pct);
}

static int one_doc(struct doc_ctx *c)
{
	struct json_object *jobs = fr_json_get(c->eng, "jobs");
	size_t i, from_logs = c->tw->n;
	int rc = 0;

	c->keys = fr_json_get(fr_json_get(c->eng, "tags"), "keys");
	if (!json_object_is_type(c->keys, json_type_array))
		return 0;
	for (i = 0; !rc && json_object_is_type(jobs, json_type_array) &&
		    i < json_object_array_length(jobs);
	     i++) {
		struct json_object *job = json_object_array_get_idx(jobs, i);

		if (fr_json_str(job, "taglog"))
			rc = job_log(c, job);
	}
	/* no tag log, or none that could be read (named on stderr): the
	 * noisy-neighbor victims' outliers, so that they are still listed */
	if (rc || c->tw->n > from_logs ||
	    (c->s->kind != FR_KIND_NN_READ && c->s->kind != FR_KIND_NN_WRITE))
		return rc;
	for (i = 0; !rc && i < json_object_array_length(c->keys); i++) {
		struct json_object *key = json_object_array_get_idx(c->keys, i);
		const char *dir = fr_json_str(key, "direction");
		char *on = writes_on(c->keys, (unsigned)fr_json_num(key, "nsid"));

		/* the victims: reads on a namespace no write key wrote */
		if (dir && !strcmp(dir, "read") && on)
			rc = key_from_outliers(c, key);
		free(on);
	}
	return rc;
}

static bool seen(struct json_object **docs, size_t n, struct json_object *doc)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (docs[i] == doc)
			return true;
	return false;
}

int fr_tailwhy_build(const struct fr_model *m, double pct, struct fr_tailwhy *tw, FILE *err)
{
	struct json_object **docs = NULL, **grown;
	size_t ndocs = 0, di, pi, si;
	int rc = 0;

	memset(tw, 0, sizeof(*tw));
	tw->pct = pct;
	for (di = 0; !rc && di < m->ndrives; di++) {
		const struct fr_drive *d = &m->drives[di];

		for (pi = 0; !rc && !d->reference && pi < d->nprofiles; pi++) {
			const struct fr_profile *p = &d->profiles[pi];

			for (si = 0; !rc && si < p->nsteps; si++) {
				struct doc_ctx c = {
					tw,   d,   p,  &p->steps[si], p->steps[si].engine_doc,
					NULL, pct, err};

				if (!c.eng || seen(docs, ndocs, c.eng))
					continue;
				grown = realloc(docs, (ndocs + 1) * sizeof(*docs));
				if (!grown) {
					rc = -ENOMEM;
					break;
				}
				docs = grown;
				docs[ndocs++] = c.eng;
				rc = one_doc(&c);
			}
		}
	}
	free(docs);
	if (rc)
		fr_tailwhy_free(tw);
	return rc;
}

void fr_tailwhy_free(struct fr_tailwhy *tw)
{
	size_t i;

	for (i = 0; i < tw->n; i++) {
		struct fr_tw_key *k = &tw->k[i];

		free(k->job);
		free(k->label);
		free(k->writes_on);
		free(k->sentence);
		free(k->slow_x);
		free(k->slow_y);
		free(k->med_x);
		free(k->med_y);
	}
	free(tw->k);
	memset(tw, 0, sizeof(*tw));
}
