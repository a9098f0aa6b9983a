// SPDX-License-Identifier: GPL-2.0-only
/* A fio output re-read for its method (prov_fio.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "json_get.h"
#include "prov_fio.h"
#include "label.h"
#include "read_fio.h"

/* ------------------------------------------------------------ fio output */

static const char *opt(struct json_object *job, struct json_object *global, const char *key)
{
	const char *v = fr_json_str(fr_json_get(job, "job options"), key);

	return v ? v : fr_json_str(global, key);
}

static unsigned opt_uint(struct json_object *job, struct json_object *global, const char *key,
			 unsigned dflt)
{
	const char *v = opt(job, global, key);
	char *end;
	unsigned long n;

	if (!v)
		return dflt;
	n = strtoul(v, &end, 10);
	return end != v && !*end && n <= 1u << 20 ? (unsigned)n : 0;
}

static void apply_opts(struct fr_jobopts *o, struct json_object *opts)
{
	if (!json_object_is_type(opts, json_type_object))
		return;
	json_object_object_foreach(opts, key, val)
	{
		if (json_object_is_type(val, json_type_string))
			fr_jobopts_set(o, key, json_object_get_string(val));
	}
}

/* One block size for reads and writes (bs=4k or bs=4k,4k) read as fio reads
 * it (label.c); 0 for ranges, splits, unequal or unreadable sizes. */
static unsigned job_bs(const struct fr_jobopts *o)
{
	unsigned kb_base = o->kb_base && !strcmp(o->kb_base, "1000") ? 1000 : 1024;
	const char *bs = o->bs ? o->bs : "4096"; /* fio's default */
	unsigned long long b = 0, other;
	char *dup, *part, *save = NULL;
	int n = 0;

	if (o->bs_varies || !(dup = strdup(bs)))
		return 0;
	for (part = strtok_r(dup, ",", &save); part && n < 2;
	     part = strtok_r(NULL, ",", &save), n++)
		if (fr_fio_size(part, kb_base, n ? &other : &b) || (n && other != b))
			b = 0;
	free(dup);
	return b <= 1u << 30 ? (unsigned)b : 0;
}

static int job_read_pct(const struct fr_jobopts *o)
{
	const char *rw = o->rw ? o->rw : "read"; /* fio's default */
	size_t len = strcspn(rw, ":");

#define RW_IS(s) (len == strlen(s) && !strncmp(rw, s, len))
	if (RW_IS("read") || RW_IS("randread"))
		return 100;
	if (RW_IS("write") || RW_IS("randwrite"))
		return 0;
	if (RW_IS("rw") || RW_IS("readwrite") || RW_IS("randrw"))
		return o->rwmixread;
#undef RW_IS
	return -1; /* trim, trimwrite, ... */
}

static int read_job(struct json_object *j, struct json_object *global, struct fjob *out)
{
	double rt = fr_json_num(j, "job_runtime"), gid = fr_json_num(j, "groupid");
	bool grouped = opt(j, global, "group_reporting") != NULL;
	struct fr_jobopts o;

	fr_jobopts_init(&o);
	apply_opts(&o, global);
	apply_opts(&o, fr_json_get(j, "job options"));
	out->name = strdup(fr_json_str(j, "jobname") ?: "");
	if (!out->name)
		return -ENOMEM;
	out->groupid = isnan(gid) ? -1 : (long)gid;
	out->iodepth = opt_uint(j, global, "iodepth", 1);
	out->numjobs = opt_uint(j, global, "numjobs", 1);
	out->bs = job_bs(&o);
	out->read_pct = job_read_pct(&o);
	/* group_reporting sums the clones' runtimes */
	out->step_s = !isnan(rt) ? rt / 1000.0 / (grouped && out->numjobs ? out->numjobs : 1) : 0;
	out->error = fr_json_num(j, "error") > 0;
	return 0;
}

/* The last complete document of a fio output (text may precede it,
 * --status-interval concatenates several). */
static struct json_object *last_doc(const char *buf, size_t len)
{
	char err[64];

	for (size_t off = len; off-- > 0;) {
		struct json_object *root;

		if (buf[off] != '{' || (off && buf[off - 1] != '\n'))
			continue;
		root = fr_json_parse(buf + off, len - off, err, sizeof(err));
		if (root && (fr_json_get(root, "jobs") || fr_json_get(root, "client_stats")))
			return root;
		json_object_put(root);
	}
	return NULL;
}

int fr_fio_source_read(struct fsrc *s)
{
	size_t len, n;
	char *buf = fr_slurp(s->path, &len);
	struct json_object *root, *jobs, *global;

	if (buf) /* json+ histograms are not needed: the reader's shortcut */
		fr_blank_bins(buf, len);
	root = buf ? last_doc(buf, len) : NULL;
	free(buf);
	if (!root)
		return 0;
	jobs = fr_json_get(root, "jobs");
	if (!jobs)
		jobs = fr_json_get(root, "client_stats");
	global = fr_json_get(root, "global options");
	snprintf(s->fio, sizeof(s->fio), "%s", fr_json_str(root, "fio version") ?: "");
	s->timestamp = fr_json_num(root, "timestamp");
	if (isnan(s->timestamp) || s->timestamp < 0)
		s->timestamp = 0;
	n = json_object_is_type(jobs, json_type_array) ? json_object_array_length(jobs) : 0;
	s->jobs = calloc(n + 1, sizeof(*s->jobs));
	if (!s->jobs) {
		json_object_put(root);
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++) {
		struct json_object *j = json_object_array_get_idx(jobs, i);
		const char *name = fr_json_str(j, "jobname");

		if (name && !strcmp(name, "All clients"))
			continue;
		if (read_job(j, global, &s->jobs[s->njobs])) {
			json_object_put(root);
			return -ENOMEM;
		}
		s->njobs++;
	}
	json_object_put(root);
	return 0;
}

void fr_fio_source_free(struct fsrc *s)
{
	for (size_t i = 0; i < s->njobs; i++)
		free(s->jobs[i].name);
	free(s->jobs);
	s->jobs = NULL;
	s->njobs = 0;
}

/* ------------------------------------------------------------ methods */

/* The jobs of a source that made a step: those the reader merged into it
 * (its job names, in its fio group); a step that names none takes all. */
static bool job_of_step(const struct fjob *j, const struct fr_step *st)
{
	bool named = false;

	if (st->groupid >= 0 && j->groupid >= 0 && j->groupid != st->groupid)
		return false;
	for (size_t i = 0; i < st->njobnames && !named; i++)
		named = !strcmp(st->jobnames[i], j->name);
	return named;
}

void fr_fio_step_method(const struct fsrc *src, const struct fr_step *st, struct fr_method *me)
{
	bool any = false;
	const char *seen[64];
	size_t nseen = 0;

	for (size_t i = 0; i < src->njobs; i++)
		any |= job_of_step(&src->jobs[i], st);
	me->read_pct = -1;
	for (size_t i = 0; i < src->njobs; i++) {
		const struct fjob *j = &src->jobs[i];
		bool dup = false;

		if (j->error || (any && !job_of_step(j, st)))
			continue;
		for (size_t k = 0; k < nseen; k++)
			dup |= !strcmp(seen[k], j->name);
		if (nseen < 64)
			seen[nseen++] = j->name;
		if (!me->known) {
			me->bs = j->bs;
			me->read_pct = j->read_pct;
			me->step_s = j->step_s;
		}
		me->known = true;
		if (!dup) /* clones of one job (numjobs) are listed once each */
			me->outstanding += j->iodepth * j->numjobs;
		me->bs = me->bs == j->bs ? me->bs : 0;
		me->read_pct = me->read_pct == j->read_pct ? me->read_pct : -1;
		if (j->step_s > 0 && j->step_s < me->step_s)
			me->step_s = j->step_s;
	}
}

/* "4k-randread: 4 x 32 = 128 outstanding, 4 KiB, 100 % read, 30 s steps" */
void fr_fio_method_text(char *buf, size_t len, const char *profile, const struct fr_method *me)
{
	char bs[32] = "mixed sizes", rd[32] = "read share unknown", t[32] = "step time unknown";

	if (me->bs)
		snprintf(bs, sizeof(bs), "%u KiB", me->bs / 1024);
	if (me->read_pct >= 0)
		snprintf(rd, sizeof(rd), "%d %% read", me->read_pct);
	if (me->step_s > 0)
		snprintf(t, sizeof(t), "%.0f s steps", me->step_s);
	snprintf(buf, len, "%s: %u outstanding, %s, %s, %s", profile, me->outstanding, bs, rd, t);
}
