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

/* fio's sizes: a number with an optional k/m/g suffix (powers of 1024). */
static unsigned parse_size(const char *s)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s)
		return 0;
	if (*end == 'k' || *end == 'K')
		v *= 1024, end++;
	else if (*end == 'm' || *end == 'M')
		v *= 1048576, end++;
	if ((*end == 'i' || *end == 'I') && (end[1] == 'b' || end[1] == 'B'))
		end += 2;
	else if (*end == 'b' || *end == 'B')
		end++;
	return *end || v < 1 || v > 1 << 30 ? 0 : (unsigned)v;
}

/* bs=4k or bs=4k,4k (read,write[,trim]); 0 for ranges, splits or unequal. */
static unsigned job_bs(struct json_object *job, struct json_object *global)
{
	const char *v = opt(job, global, "bs");
	char first[32];
	size_t n;

	if (opt(job, global, "bssplit") || opt(job, global, "bsrange"))
		return 0;
	if (!v)
		v = opt(job, global, "blocksize");
	if (!v)
		return 4096; /* fio's default */
	if (strchr(v, '-') || strchr(v, ':'))
		return 0;
	n = strcspn(v, ",");
	snprintf(first, sizeof(first), "%.*s", (int)n, v);
	for (const char *p = v + n; *p == ','; p += strcspn(p + 1, ",") + 1) {
		char other[32];

		snprintf(other, sizeof(other), "%.*s", (int)strcspn(p + 1, ","), p + 1);
		if (*other && parse_size(other) != parse_size(first))
			return 0;
	}
	return parse_size(first);
}

static int job_read_pct(struct json_object *job, struct json_object *global)
{
	const char *rw = opt(job, global, "rw");
	const char *mix = opt(job, global, "rwmixread");
	const char *mixw = opt(job, global, "rwmixwrite");

	if (!rw)
		rw = opt(job, global, "readwrite");
	if (!rw || !strcmp(rw, "read") || !strcmp(rw, "randread"))
		return 100; /* fio's default is read */
	if (!strcmp(rw, "write") || !strcmp(rw, "randwrite"))
		return 0;
	if (strcmp(rw, "rw") && strcmp(rw, "readwrite") && strcmp(rw, "randrw"))
		return -1; /* trim, trimwrite, ... */
	if (mix)
		return atoi(mix);
	return mixw ? 100 - atoi(mixw) : 50;
}

static void read_job(struct json_object *j, struct json_object *global, struct fjob *out)
{
	double rt = fr_json_num(j, "job_runtime");
	bool grouped = opt(j, global, "group_reporting") != NULL;

	snprintf(out->name, sizeof(out->name), "%s", fr_json_str(j, "jobname") ?: "");
	out->iodepth = opt_uint(j, global, "iodepth", 1);
	out->numjobs = opt_uint(j, global, "numjobs", 1);
	out->bs = job_bs(j, global);
	out->read_pct = job_read_pct(j, global);
	/* group_reporting sums the clones' runtimes */
	out->step_s = !isnan(rt) ? rt / 1000.0 / (grouped && out->numjobs ? out->numjobs : 1) : 0;
	out->error = fr_json_num(j, "error") > 0;
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
		read_job(j, global, &s->jobs[s->njobs++]);
	}
	json_object_put(root);
	return 0;
}

/* ------------------------------------------------------------ methods */

/* The jobs of a source that made a step: those whose name parses to the
 * step's profile and step, else (names outside the contract) all. */
static bool job_of_step(const struct fjob *j, const char *profile, const char *step)
{
	char p[128], s[128];
	enum fr_kind k;
	unsigned ns;

	fr_parse_jobname(j->name, p, sizeof(p), s, sizeof(s), &k, &ns);
	return !strcmp(p, profile) && !strcmp(s, step);
}

void fr_fio_step_method(const struct fsrc *src, const char *profile, const struct fr_step *st,
			struct fr_method *me)
{
	bool any = false;
	const char *seen[64];
	size_t nseen = 0;

	for (size_t i = 0; i < src->njobs; i++)
		any |= job_of_step(&src->jobs[i], profile, st->name);
	me->read_pct = -1;
	for (size_t i = 0; i < src->njobs; i++) {
		const struct fjob *j = &src->jobs[i];
		bool dup = false;

		if (j->error || (any && !job_of_step(j, profile, st->name)))
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
