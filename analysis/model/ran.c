// SPDX-License-Identifier: GPL-2.0-only
/*
 * Cross-checks of what a job did against its options and its label
 * (ran.h).  fio's figures are the truth: the options are what was asked,
 * the name what someone called it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/ran.h"

/* 4096 -> "4 KiB", 4000 -> "4000 B" */
static void size_text(char *out, size_t len, unsigned b)
{
	if (b && b % 1024 == 0)
		snprintf(out, len, "%u KiB", b / 1024);
	else
		snprintf(out, len, "%u B", b);
}

static int ran_read_pct(const struct fr_ran *r)
{
	uint64_t n = r->ios[FR_READ] + r->ios[FR_WRITE];

	return n ? (int)lround(100.0 * (double)r->ios[FR_READ] / (double)n) : -1;
}

/* "8 KiB random reads", "4 KiB reads and 64 KiB writes (78 % reads)". */
static void ran_text(char *out, size_t len, const struct fr_ran *r, int random)
{
	static const char *const what[2] = {"reads", "writes"};
	const char *adj = random == 1 ? "random " : random == 0 ? "sequential " : "";
	char part[2][48];
	int n = 0;

	for (int d = FR_READ; d <= FR_WRITE; d++) {
		char sz[24];

		if (!r->ios[d])
			continue;
		if (r->bs[d])
			size_text(sz, sizeof(sz), r->bs[d]);
		else
			snprintf(sz, sizeof(sz), "mixed-size");
		snprintf(part[n], sizeof(part[0]), "%s %s%s", sz, n ? "" : adj, what[d]);
		n++;
	}
	if (n == 2)
		snprintf(out, len, "%s and %s (%d %% reads)", part[0], part[1], ran_read_pct(r));
	else if (n == 1)
		snprintf(out, len, "%s only", part[0]);
	else
		snprintf(out, len, "no reads or writes");
}

/* A read share achieved against the one asked for: fio draws each I/O's
 * direction at random, so a share within 4 standard deviations of a
 * binomial draw (and at least 2 points) is the share asked for. */
static bool share_ok(const struct fr_ran *r, int want)
{
	double n = (double)(r->ios[FR_READ] + r->ios[FR_WRITE]), p = want / 100.0;
	double got = 100.0 * (double)r->ios[FR_READ] / (n ? n : 1);

	if (want == 100 || want == 0)
		return want == 100 ? !r->ios[FR_WRITE] && r->ios[FR_READ]
				   : !r->ios[FR_READ] && r->ios[FR_WRITE];
	if (!r->ios[FR_READ] || !r->ios[FR_WRITE])
		return false;
	return fabs(got - want) <= fmax(2.0, 400.0 * sqrt(p * (1 - p) / n));
}

/* How many I/Os a job of options o can have in flight at once: its queue
 * depth per job and namespace (the ssdnvme engine's namespaces= each have
 * their own); 0 when not known. */
static unsigned in_flight(const struct fr_jobopts *o)
{
	if (!o || !o->known || !o->iodepth)
		return 0;
	return o->iodepth * (o->numjobs ? o->numjobs : 1) * (o->namespaces ? o->namespaces : 1);
}

/*
 * A counted size agrees with the one asked for.  fio counts an I/O when it
 * is queued and its bytes when it completes, and ramp_time's reset falls
 * between the two for the I/Os then in flight (so does runtime's end): a
 * 4k reader at iodepth=32 counted 1984 reads and 8253440 bytes, 31 reads'
 * bytes more (4160 per read).  So the bytes may be off by up to a full
 * queue of I/Os of the size asked for; beyond that the size differs.
 */
static bool size_agrees(uint64_t ios, unsigned counted, unsigned want, unsigned depth)
{
	unsigned gap = counted > want ? counted - want : want - counted;

	return !counted || !want || !gap || (double)gap * (double)ios <= (double)depth * want;
}

/* The sizes the figures show agree with w's (where both are known); a
 * queue of depth I/Os may be counted apart from their bytes. */
static bool sizes_ok(const struct fr_ran *r, const struct fr_workload *w, unsigned depth)
{
	for (int d = FR_READ; d <= FR_WRITE; d++)
		if (r->ios[d] && !size_agrees(r->ios[d], r->bs[d], w->bs[d], depth))
			return false;
	return true;
}

/* What the options asked for, as text: "rw=randwrite bs=64k". */
static void opts_text(char *out, size_t len, const struct fr_jobopts *o)
{
	snprintf(out, len, "rw=%s bs=%s%s%s", o->rw ? o->rw : "read (default)",
		 o->bs ? o->bs : "4k (default)", o->kb_base ? " kb_base=" : "",
		 o->kb_base ? o->kb_base : "");
}

/* A rate-capped mix: its share is checked only for having both directions. */
static bool capped_mix(const struct fr_ran *r, const struct fr_jobopts *o, int pct)
{
	return o->rate_capped && !r->merged && pct > 0 && pct < 100 && r->ios[FR_READ] &&
	       r->ios[FR_WRITE];
}

static const char *opts_problem(struct fr_ran *r, const struct fr_jobopts *o, const char *jobname,
				long groupid, char *buf, size_t len)
{
	struct fr_workload ow;
	char did[128], asked[96];

	fr_workload_of_opts(o, &ow);
	r->drifted_pct = -1;
	if (!o->known)
		return NULL; /* nothing asked that the figures could contradict */
	if (capped_mix(r, o, ow.read_pct) && !share_ok(r, ow.read_pct) &&
	    sizes_ok(r, &ow, in_flight(o))) {
		r->drifted_pct = ran_read_pct(r);
		return NULL;
	}
	if ((ow.read_pct < 0 || share_ok(r, ow.read_pct)) && sizes_ok(r, &ow, in_flight(o)))
		return NULL;
	ran_text(did, sizeof(did), r, r->merged ? -1 : ow.random);
	opts_text(asked, sizeof(asked), o);
	if (r->merged)
		snprintf(buf, len,
			 "job '%s': a mixed group: fio reports the jobs of group %ld, from '%s' "
			 "to '%s', as one entry (group_reporting) and they did different "
			 "workloads (%s; the last job's options: %s); not ranked as one profile",
			 jobname, groupid, jobname, o->name, did, asked);
	else
		snprintf(buf, len,
			 "job '%s': fio counted %s, not what its options ask for (%s); its "
			 "figures are not one workload",
			 jobname, did, asked);
	return buf;
}

/* The direction a role needs: noisy-neighbor and write-pressure readers
 * read only, their writers write. */
static const char *role_problem(const struct fr_ran *r, const struct fr_job_label *l, int random,
				const char *jobname, char *buf, size_t len)
{
	bool reader = l->kind == FR_KIND_NN_READ || l->kind == FR_KIND_WP_READ;
	bool writer = l->kind == FR_KIND_NN_WRITE || l->kind == FR_KIND_WP_WRITE;
	char did[128];

	if ((!reader || (r->ios[FR_READ] && !r->ios[FR_WRITE])) && (!writer || r->ios[FR_WRITE]))
		return NULL;
	ran_text(did, sizeof(did), r, random);
	snprintf(buf, len, "job '%s': a %s %s that did %s; the name does not say what ran", jobname,
		 fr_kind_name(l->kind)[0] == 'n' ? "noisy-neighbor" : "write-pressure",
		 reader ? "reader" : "writer", did);
	return buf;
}

const char *fr_ran_check(struct fr_ran *r, const struct fr_jobopts *o, const struct fr_job_label *l,
			 const char *jobname, long groupid, char *buf, size_t len)
{
	struct fr_workload nw, ow;
	struct fr_ran used;
	char did[128];

	if (opts_problem(r, o, jobname, groupid, buf, len))
		return buf;
	fr_workload_of_opts(o, &ow);
	if (!o->known) /* the figures alone: directions and counted sizes */
		ow = (struct fr_workload){.read_pct = -1, .random = -1};
	if (l->kind == FR_KIND_TQ || l->kind == FR_KIND_TQ_PRECOND)
		return NULL; /* numjobs x iodepth: fr_pair_roles(), over the output */
	if (l->kind != FR_KIND_CURVE)
		return role_problem(r, l, ow.random, jobname, buf, len);
	if (fr_workload_of_name(l->profile, &nw))
		return NULL; /* a name that says no workload: nothing to hold it to */
	/* the sizes fio used: counted, else as the options say */
	used = *r;
	for (int d = FR_READ; d <= FR_WRITE; d++)
		if (!used.bs[d] || (o->known && o->bs_varies))
			/* several sizes: an average that happens to be whole is none */
			used.bs[d] = o->known && o->bs_varies ? 0 : ow.bs[d];
	if ((share_ok(&used, nw.read_pct) || (r->drifted_pct >= 0 && nw.read_pct == ow.read_pct)) &&
	    sizes_ok(&used, &nw, in_flight(o)) &&
	    !(o->known && o->bs_varies && (nw.bs[0] || nw.bs[1])) &&
	    (ow.random < 0 || ow.random == nw.random))
		return NULL;
	ran_text(did, sizeof(did), &used, ow.random);
	snprintf(buf, len,
		 "job '%s': named %s but did %s%s%s%s%s%s; the name does not say what ran (rename "
		 "the job or leave the profile to fiorank)",
		 jobname, l->profile, did, o->bs_varies ? " (" : "",
		 o->bs_varies ? o->bs_split_key : "", o->bs_varies ? "=" : "",
		 o->bs_varies ? o->bs_split : "", o->bs_varies ? ")" : "");
	return buf;
}
