// SPDX-License-Identifier: GPL-2.0-only
/*
 * Jobs of different fio groups are never added up (group.h has the rule).
 * An output holds a handful to a few hundred jobs, so the classes of equal
 * labels are found by pairwise comparison.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/group.h"
#include "model/label.h"

void fr_pending_free(struct fr_pending *p)
{
	free(p->drive);
	free(p->profile);
	free(p->step);
	free(p->jobname);
	free(p->host);
	free(p->workload);
	free(p->rate);
	free(p->filename);
	free(p->excluded);
}

static bool same_label(const struct fr_pending *a, const struct fr_pending *b)
{
	return a->job.kind == b->job.kind && a->job.nsid == b->job.nsid &&
	       !strcmp(a->drive, b->drive) && !strcmp(a->profile, b->profile) &&
	       !strcmp(a->step, b->step);
}

static bool usable(const struct fr_pending *p)
{
	return !p->excluded;
}

/* The first usable job with the same label as v[i] (i itself if none). */
static size_t leader(const struct fr_pending *v, size_t i)
{
	for (size_t j = 0; j < i; j++)
		if (usable(&v[j]) && same_label(&v[j], &v[i]))
			return j;
	return i;
}

/* Distinct job names of the class members in group g, joined by '+'. */
static char *group_names(const struct fr_pending *v, const size_t *cls, size_t n, size_t c, long g)
{
	char *out = NULL;
	size_t len = 0;

	for (size_t i = 0; i < n; i++) {
		bool dup = false;
		size_t k;

		if (cls[i] != c || v[i].groupid != g)
			continue;
		for (size_t j = 0; j < i && !dup; j++)
			dup = cls[j] == c && v[j].groupid == g &&
			      !strcmp(v[j].jobname, v[i].jobname);
		if (dup)
			continue;
		k = strlen(v[i].jobname);
		char *t = realloc(out, len + k + 2);

		if (!t) {
			free(out);
			return NULL;
		}
		out = t;
		if (len)
			out[len++] = '+';
		memcpy(out + len, v[i].jobname, k + 1);
		len += k;
	}
	return out;
}

/* Members differ only by rate caps: one workload, and each group its own
 * cap (the same within a group). */
static bool rate_curve(const struct fr_pending *v, const size_t *cls, size_t n, size_t c)
{
	for (size_t i = 0; i < n; i++) {
		if (cls[i] != c)
			continue;
		if (v[i].step_named || strcmp(v[i].workload, v[c].workload))
			return false;
		for (size_t j = 0; j < i; j++) {
			bool same_group = v[j].groupid == v[i].groupid;

			if (cls[j] == c && same_group != !strcmp(v[j].rate, v[i].rate))
				return false;
		}
	}
	return true;
}

static int rename_class(struct fr_pending *v, const size_t *cls, size_t n, size_t c)
{
	bool several = false, profile_named = false, curve;

	for (size_t i = 0; i < n; i++)
		if (cls[i] == c) {
			several |= v[i].groupid != v[c].groupid;
			profile_named |= v[i].profile_named;
		}
	if (!several)
		return 0;
	curve = rate_curve(v, cls, n, c);
	if (!curve && profile_named)
		return 0; /* left for exclude_repeats() */
	for (size_t i = 0; i < n; i++) {
		char *name;

		if (cls[i] != c)
			continue;
		name = group_names(v, cls, n, c, v[i].groupid);
		if (!name)
			return -ENOMEM;
		free(curve ? v[i].step : v[i].profile);
		*(curve ? &v[i].step : &v[i].profile) = name;
	}
	return 0;
}

/* What is still claimed by two groups keeps the first group's jobs. */
static int exclude_repeats(struct fr_pending *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		size_t l;

		if (!usable(&v[i]))
			continue;
		l = leader(v, i);
		if (v[l].groupid == v[i].groupid)
			continue;
		if (asprintf(&v[i].excluded,
			     "job '%s' (fio group %ld) has the drive, profile and step of job "
			     "'%s' (group %ld): %s %s; jobs of different fio groups did not run "
			     "together and are not added up",
			     v[i].jobname, v[i].groupid, v[l].jobname, v[l].groupid, v[i].profile,
			     v[i].step) < 0) {
			v[i].excluded = NULL;
			return -ENOMEM;
		}
	}
	return 0;
}

/* Line L ("k=v\n") of a workload: whether it says something about the
 * workload (not where it ran or its outputs). */
static bool workload_line(const char *l)
{
	char key[64];
	size_t k = strcspn(l, "=\n");

	if (!k || k >= sizeof(key))
		return k != 0;
	memcpy(key, l, k);
	key[k] = '\0';
	return !fr_opt_not_workload(key);
}

/* The next line of "k=v\n" lines after L. */
static const char *next_line(const char *l)
{
	l += strcspn(l, "\n");
	return *l ? l + 1 : l;
}

/* Whether the lines S hold the line L of N bytes. */
static bool has_line(const char *s, const char *l, size_t n)
{
	for (; *s; s = next_line(s))
		if (strcspn(s, "\n") == n && !strncmp(s, l, n))
			return true;
	return false;
}

/* The workload lines of A that B lacks, space-separated ("ioengine=io_uring
 * iodepth=16") into OUT, "fio's defaults" when none; how many there are. */
static size_t lines_only_in(const char *a, const char *b, char *out, size_t len)
{
	size_t at = 0, count = 0;

	out[0] = '\0';
	for (const char *l = a; *l; l = next_line(l)) {
		size_t n = strcspn(l, "\n");

		if (has_line(b, l, n) || !workload_line(l))
			continue;
		count++;
		if (at + n + 2 < len)
			at += (size_t)snprintf(out + at, len - at, "%s%.*s", at ? " " : "", (int)n,
					       l);
	}
	if (!at && len)
		snprintf(out, len, "fio's defaults");
	return count;
}

static bool same_workload(const char *a, const char *b)
{
	char none[1];

	return !lines_only_in(a, b, none, 0) && !lines_only_in(b, a, none, 0);
}

/*
 * Jobs of one fio group that come to one drive, profile and step are added
 * up as one result, so they must have run one workload: two jobs of one
 * name at psync QD1 and io_uring QD16 are not "1 outstanding" under the
 * first one's options.  Every job of such a mix is excluded, with the
 * options that differ.
 */
static int exclude_unlike_merges(struct fr_pending *v, size_t n)
{
	size_t *other = calloc(n + 1, sizeof(*other));

	if (!other)
		return -ENOMEM;
	/* decided on the jobs as read: other[i] - 1 is a job unlike v[i] */
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n && !other[i]; j++)
			if (j != i && usable(&v[i]) && usable(&v[j]) &&
			    v[i].groupid == v[j].groupid && same_label(&v[i], &v[j]) &&
			    !same_workload(v[i].workload, v[j].workload))
				other[i] = j + 1;
	for (size_t i = 0; i < n; i++) {
		const struct fr_pending *o;
		char mine[160], theirs[160];

		if (!other[i])
			continue;
		o = &v[other[i] - 1];
		lines_only_in(v[i].workload, o->workload, mine, sizeof(mine));
		lines_only_in(o->workload, v[i].workload, theirs, sizeof(theirs));
		if (asprintf(
			    &v[i].excluded,
			    "job '%s' (fio group %ld) ran %s where job '%s' of the same group ran "
			    "%s, and both are drive '%s' %s step %s: jobs of one step are added up "
			    "only when they ran one workload; give them their own names",
			    v[i].jobname, v[i].groupid, mine, o->jobname, theirs, v[i].drive,
			    v[i].profile, v[i].step) < 0) {
			v[i].excluded = NULL;
			free(other);
			return -ENOMEM;
		}
	}
	free(other);
	return 0;
}

int fr_group_resolve(struct fr_pending *v, size_t n)
{
	size_t *cls = calloc(n + 1, sizeof(*cls));
	int ret = 0;

	if (!cls || exclude_unlike_merges(v, n)) {
		free(cls);
		return -ENOMEM;
	}
	/* classes by the labels as read, before any renaming */
	for (size_t i = 0; i < n; i++)
		cls[i] = usable(&v[i]) ? leader(v, i) : (size_t)-1;
	for (size_t i = 0; i < n && !ret; i++)
		if (cls[i] == i)
			ret = rename_class(v, cls, n, i);
	free(cls);
	return ret ? ret : exclude_repeats(v, n);
}

/* The kind that must run beside k, or k itself when none. */
static enum fr_kind partner_kind(enum fr_kind k)
{
	switch (k) {
	case FR_KIND_WP_READ:
		return FR_KIND_WP_WRITE;
	case FR_KIND_WP_WRITE:
		return FR_KIND_WP_READ;
	case FR_KIND_NN_READ:
		return FR_KIND_NN_WRITE;
	case FR_KIND_NN_WRITE:
		return FR_KIND_NN_READ;
	default:
		return k;
	}
}

/* 2: a usable partner of v[i] in the output; 1: only excluded ones; 0: none. */
static int partner(const struct fr_pending *v, size_t n, size_t i)
{
	enum fr_kind want = partner_kind(v[i].job.kind);
	bool wp = want == FR_KIND_WP_READ || want == FR_KIND_WP_WRITE;
	int found = 0;

	for (size_t j = 0; j < n; j++) {
		if (v[j].job.kind != want || !v[j].drive || !v[j].step ||
		    strcmp(v[j].drive, v[i].drive) || (wp && strcmp(v[j].step, v[i].step)))
			continue;
		if (usable(&v[j]))
			return 2;
		found = 1;
	}
	return found;
}

/* Why v[i] cannot stand alone; 0 or -ENOMEM.  others_excluded: its
 * partners in the output were excluded for reasons of their own. */
static int exclude_alone(struct fr_pending *v, bool others_excluded)
{
	bool wp = v->job.kind == FR_KIND_WP_READ || v->job.kind == FR_KIND_WP_WRITE;
	bool reader = v->job.kind == FR_KIND_WP_READ || v->job.kind == FR_KIND_NN_READ;
	char who[96];
	int r;

	if (wp)
		snprintf(who, sizeof(who), "%s@%s", reader ? "wp-write" : "wp-read", v->step);
	else
		snprintf(who, sizeof(who), "noisy-neighbor %s (%s...)",
			 reader ? "writer" : "reader", reader ? "nn-write" : "nn-read");
	r = asprintf(&v->excluded, "job '%s': %s %s %s; %s", v->jobname,
		     others_excluded ? "the" : "no", who,
		     others_excluded ? "beside it in this fio output is excluded (see its reason)"
				     : "ran beside it in this fio output",
		     wp ? "a write-pressure step is a reader and a writer run together"
			: "a noisy-neighbor result is readers measured while writers run");
	if (r < 0)
		v->excluded = NULL;
	return r < 0 ? -ENOMEM : 0;
}

/* The jobs and depth a tq-sweep entry ran, against its name. */
static int check_tq(struct fr_pending *v, size_t n, size_t i)
{
	unsigned t, q, jobs = 0;
	int r;

	if ((v[i].job.kind != FR_KIND_TQ && v[i].job.kind != FR_KIND_TQ_PRECOND) ||
	    !usable(&v[i]) || !v[i].job.run.known || sscanf(v[i].step, "t%uq%u", &t, &q) != 2)
		return 0;
	for (size_t j = 0; j < n; j++)
		jobs += v[j].groupid == v[i].groupid && !strcmp(v[j].jobname, v[i].jobname);
	if (jobs == 1)
		jobs = v[i].job.run.numjobs;
	if (jobs == t && v[i].job.run.iodepth == q)
		return 0;
	r = asprintf(&v[i].excluded,
		     "job '%s': named for %u job%s at depth %u but %u job%s ran in its fio group "
		     "(group %ld) at iodepth=%u; the name does not say what ran",
		     v[i].jobname, t, t == 1 ? "" : "s", q, jobs, jobs == 1 ? "" : "s",
		     v[i].groupid, v[i].job.run.iodepth);
	if (r < 0)
		v[i].excluded = NULL;
	return r < 0 ? -ENOMEM : 0;
}

int fr_pair_roles(struct fr_pending *v, size_t n)
{
	int *alone = calloc(n + 1, sizeof(*alone));

	if (!alone)
		return -ENOMEM;
	/* counted on the jobs as read, then excluded together */
	for (size_t i = 0; i < n; i++)
		alone[i] = (v[i].job.kind == FR_KIND_TQ || v[i].job.kind == FR_KIND_TQ_PRECOND) &&
			   usable(&v[i]);
	for (size_t i = 0; i < n; i++)
		if (alone[i] && check_tq(v, n, i)) {
			free(alone);
			return -ENOMEM;
		}
	/* decided on the jobs as read, before any is excluded here: 2 no
	 * partner at all, 1 only excluded ones */
	for (size_t i = 0; i < n; i++)
		alone[i] = usable(&v[i]) && partner_kind(v[i].job.kind) != v[i].job.kind
				   ? 2 - partner(v, n, i)
				   : 0;
	for (size_t i = 0; i < n; i++)
		if (alone[i] > 0 && exclude_alone(&v[i], alone[i] == 1)) {
			free(alone);
			return -ENOMEM;
		}
	free(alone);
	return 0;
}
