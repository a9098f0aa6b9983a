// SPDX-License-Identifier: GPL-2.0-only
/*
 * The ssdnvme engine's identity/tag file (schema "ssdnvme-engine/1", see
 * docs/engine.md) -> drive identity and per-namespace latency tails.  The
 * engine measures each command from submission to completion; fiorank files
 * that figure under both latency bases, since there is no separate
 * submission latency to subtract.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "util/json_get.h"
#include "read/placement.h"
#include "read/read_engine.h"
#include "read/read_fio_globals.h"

/* A non-empty string member, copied; NULL when absent or empty. */
static int copy_str(struct json_object *o, const char *key, char **out)
{
	const char *v = fr_json_str(o, key);

	if (!v || !*v)
		return 0;
	*out = strdup(v);
	return *out ? 0 : -1;
}

static double pct(struct json_object *p, double want)
{
	if (!p || !json_object_is_type(p, json_type_object))
		return NAN;
	json_object_object_foreach(p, key, val)
	{
		char *end;
		double k = strtod(key, &end);

		if (end != key && !*end && fabs(k - want) < 1e-6 &&
		    (json_object_is_type(val, json_type_int) ||
		     json_object_is_type(val, json_type_double)))
			return json_object_get_double(val);
	}
	return NAN;
}

static int parse_dir(const char *s, enum fr_dir *d)
{
	if (!s)
		return -1;
	if (!strcmp(s, "read"))
		*d = FR_READ;
	else if (!strcmp(s, "write"))
		*d = FR_WRITE;
	else if (!strcmp(s, "trim"))
		*d = FR_TRIM;
	else
		return 1; /* flush and others: not ranked */
	return 0;
}

static int read_tags(struct json_object *tags, struct fr_engine *e, char *err, size_t errlen)
{
	size_t n = json_object_array_length(tags);

	e->tags = calloc(n ? n : 1, sizeof(*e->tags));
	if (!e->tags) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		struct json_object *t = json_object_array_get_idx(tags, i);
		struct json_object *lat = fr_json_get(t, "lat_ns");
		struct json_object *dir = fr_json_get(t, "direction");
		struct fr_tag *out = &e->tags[e->ntags];
		double nsid = fr_json_num(t, "nsid"), count = fr_json_num(t, "count");
		int r;

		r = parse_dir(dir && json_object_is_type(dir, json_type_string)
				      ? json_object_get_string(dir)
				      : NULL,
			      &out->dir);
		if (r < 0 || isnan(nsid) || nsid < 0 || nsid > 4294967295.0 || !lat) {
			snprintf(err, errlen,
				 "tags[%zu]: needs \"nsid\", \"direction\" and \"lat_ns\"", i);
			return -1;
		}
		if (r > 0)
			continue;
		out->nsid = (unsigned)nsid;
		out->placed = out->dir == FR_WRITE && fr_json_get(t, "placement_id");
		out->job = fr_json_str(t, "job");
		out->count = !isnan(count) && count > 0 ? (uint64_t)count : 0;
		out->lat.mean = fr_json_num(lat, "mean");
		out->lat.p99 = pct(fr_json_get(lat, "percentile"), 99.0);
		out->lat.p999 = pct(fr_json_get(lat, "percentile"), 99.9);
		out->lat.p9999 = pct(fr_json_get(lat, "percentile"), 99.99);
		e->ntags++;
	}
	return 0;
}

static int read_root(struct json_object *root, struct fr_engine *e, char *err, size_t errlen)
{
	struct json_object *schema = fr_json_get(root, "schema"),
			   *files = fr_json_get(root, "files");
	struct json_object *tags = fr_json_get(root, "tags");

	if (!schema || !json_object_is_type(schema, json_type_string) ||
	    strncmp(json_object_get_string(schema), "ssdnvme-engine/", 15)) {
		snprintf(err, errlen,
			 "not an ssdnvme engine file (\"schema\" is not "
			 "\"ssdnvme-engine/1\")");
		return -1;
	}
	if (strcmp(json_object_get_string(schema), "ssdnvme-engine/1")) {
		snprintf(err, errlen,
			 "unsupported engine schema \"%s\" (this fiorank reads "
			 "ssdnvme-engine/1)",
			 json_object_get_string(schema));
		return -1;
	}
	if (files && json_object_is_type(files, json_type_array) &&
	    json_object_array_length(files) > 0) {
		struct json_object *f = json_object_array_get_idx(files, 0);

		if (copy_str(f, "model", &e->model) || copy_str(f, "serial", &e->serial) ||
		    copy_str(f, "firmware", &e->firmware)) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
	}
	e->health = json_object_get(fr_json_get(root, "health"));
	if (!tags)
		return 0;
	/* docs/tags.md: "tags" is an object whose "keys" array holds the tag keys */
	if (json_object_is_type(tags, json_type_object))
		tags = fr_json_get(tags, "keys");
	if (!tags || !json_object_is_type(tags, json_type_array)) {
		snprintf(err, errlen,
			 "\"tags\" is neither an array nor an object with a "
			 "\"keys\" array");
		return -1;
	}
	if (read_tags(tags, e, err, errlen))
		return -1;
	return 0;
}

int fr_read_engine(const char *buf, size_t len, struct fr_engine *e, char *err, size_t errlen)
{
	struct json_object *root;
	int ret;

	memset(e, 0, sizeof(*e));
	root = fr_json_parse(buf, len, err, errlen);
	if (!root)
		return -1;
	ret = read_root(root, e, err, errlen);
	e->root = root; /* the reference fr_json_parse gave */
	if (ret)
		fr_engine_free(e);
	return ret;
}

void fr_engine_free(struct fr_engine *e)
{
	free(e->tags);
	free(e->model);
	free(e->serial);
	free(e->firmware);
	json_object_put(e->health);
	json_object_put(e->root);
	memset(e, 0, sizeof(*e));
}

char *fr_engine_label(const struct fr_engine *e)
{
	char *out;

	if (!e->serial)
		return strdup(e->model ? e->model : "drive");
	if (asprintf(&out, "%s %s", e->model ? e->model : "drive", e->serial) < 0)
		return NULL;
	return out;
}

/* Placed write keys of NSID in E, and whether T is the first of them. */
static size_t placed_keys(const struct fr_engine *e, const struct fr_tag *t, bool *first)
{
	size_t n = 0;

	*first = false;
	for (size_t i = 0; i < e->ntags; i++)
		if (e->tags[i].placed && e->tags[i].nsid == t->nsid) {
			if (!n)
				*first = &e->tags[i] == t;
			n++;
		}
	return n;
}

/* Labels the step JOB made: its figures include fio's ramp (fr_step.tags_incl_ramp). */
static void label_ramp(struct fr_model *m, const struct fr_job *job)
{
	struct fr_drive *d = fr_model_find_drive(m, job->drive);
	struct fr_profile *p =
		d ? (struct fr_profile *)fr_drive_find_profile(d, job->profile) : NULL;

	for (size_t i = 0; p && i < p->nsteps; i++)
		if (p->steps[i].kind == job->kind && p->steps[i].nsid == job->nsid &&
		    !strcmp(p->steps[i].name, job->step))
			p->steps[i].tags_incl_ramp = true;
}

/* Attaches NSID's per-PID figures to its write step of DRIVE / STEP. */
static int attach_placement(struct fr_model *m, const struct fr_engine *e, const char *drive,
			    const char *step, unsigned nsid)
{
	struct fr_drive *d = fr_model_find_drive(m, drive);
	struct fr_profile *p =
		d ? (struct fr_profile *)fr_drive_find_profile(d, "noisy-neighbor") : NULL;
	bool nomem;

	for (size_t i = 0; p && i < p->nsteps; i++) {
		struct fr_step *s = &p->steps[i];

		if (s->kind != FR_KIND_NN_WRITE || s->nsid != nsid || strcmp(s->name, step) ||
		    s->placement)
			continue;
		s->placement = fr_placement_read(e->root, nsid, &nomem);
		return nomem ? -1 : 0;
	}
	return 0;
}

/* The kept fio tree of the steps of M (one fio output's model), NULL none. */
static struct json_object *fio_tree(const struct fr_model *m)
{
	for (size_t d = 0; d < m->ndrives; d++)
		for (size_t p = 0; p < m->drives[d].nprofiles; p++)
			for (size_t k = 0; k < m->drives[d].profiles[p].nsteps; k++)
				if (m->drives[d].profiles[p].steps[k].fio_doc)
					return m->drives[d].profiles[p].steps[k].fio_doc;
	return NULL;
}

/* fio's ramp_time of job NAME in the kept tree DOC ("1", "2s", "500ms"), 0 none. */
static double fio_ramp(struct json_object *doc, const char *name)
{
	static const char *const lists[] = {"jobs", "client_stats"};

	for (size_t l = 0; l < 2; l++) {
		struct json_object *jobs = fr_json_get(doc, lists[l]);

		for (size_t i = 0; jobs && json_object_is_type(jobs, json_type_array) &&
				   i < json_object_array_length(jobs);
		     i++) {
			struct json_object *j = json_object_array_get_idx(jobs, i);
			const char *own = fr_json_str(fr_json_get(j, "job options"), "ramp_time");
			const char *jn = fr_json_str(j, "jobname"), *global;

			if (!jn || strcmp(jn, name))
				continue;
			global = fr_fio_global_str(doc, j, "ramp_time");
			return own ? strtod(own, NULL) : global ? strtod(global, NULL) : 0;
		}
	}
	return 0;
}

size_t fr_engine_ramp_check(struct fr_model *m, struct fr_engine *e, const char *sidecar)
{
	struct json_object *doc = fio_tree(m), *jobs = fr_json_get(e->root, "jobs");
	size_t marked = 0;

	for (size_t j = 0; doc && jobs && json_object_is_type(jobs, json_type_array) &&
			   j < json_object_array_length(jobs);
	     j++) {
		struct json_object *ej = json_object_array_get_idx(jobs, j);
		const char *name = fr_json_str(ej, "name");
		size_t n = 0;

		if (!name || json_object_object_get_ex(ej, "tags_ramp", NULL) ||
		    !(fio_ramp(doc, name) > 0))
			continue;
		for (size_t i = 0; i < e->ntags; i++)
			if (e->tags[i].job && !strcmp(e->tags[i].job, name)) {
				e->tags[i].ramp_included = true;
				n++;
			}
		if (n)
			fr_model_note(
				m, sidecar,
				"job '%s' ran with a ramp_time and this engine file has no "
				"\"tags_ramp\" (an engine from before the ramp fix): its %zu "
				"tag key%s include the ramp, fio's figures do not; the figures "
				"from them are labelled so and not ranked beside fio's",
				name, n, n == 1 ? "" : "s");
		marked += n;
	}
	return marked;
}

int fr_engine_add_tails(struct fr_model *m, const struct fr_engine *e, const char *drive,
			const char *step, const char *source)
{
	for (size_t i = 0; i < e->ntags; i++) {
		const struct fr_tag *t = &e->tags[i];
		struct fr_job job = {
			.drive = drive,
			.profile = "noisy-neighbor",
			.step = step,
			.kind = t->dir == FR_READ ? FR_KIND_NN_READ : FR_KIND_NN_WRITE,
			.nsid = t->nsid,
			.source = source,
			.groupid = -1,
		};
		size_t npids = 1;
		bool first = true;

		if (t->placed) {
			npids = placed_keys(e, t, &first);
			if (!first)
				continue; /* the namespace's write step is made once */
		}
		for (int d = 0; d < FR_NDIRS; d++)
			for (int b = 0; b < FR_NBASES; b++)
				job.dir[d].lat[b] = (struct fr_lat){NAN, NAN, NAN, NAN};
		job.dir[t->dir].ios = t->count;
		if (npids == 1) {
			job.dir[t->dir].lat[FR_CLAT] = t->lat;
			job.dir[t->dir].lat[FR_LAT] = t->lat;
		} else {
			/* several PIDs: their counts add up, their percentiles do
			 * not (the per-PID rows show each) */
			for (size_t k = i + 1; k < e->ntags; k++)
				if (e->tags[k].placed && e->tags[k].nsid == t->nsid)
					job.dir[t->dir].ios += e->tags[k].count;
		}
		if (fr_model_add(m, &job))
			return -1;
		if (t->ramp_included)
			label_ramp(m, &job);
		m->jobs_read--; /* a share of a fio job already counted */
		if (t->placed && attach_placement(m, e, drive, step, t->nsid))
			return -1;
	}
	return 0;
}
