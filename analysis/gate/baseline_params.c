// SPDX-License-Identifier: GPL-2.0-only
/*
 * Whether a step and its baseline ran the same profile: the options fio
 * applied to the job (global, then the job's own), read again from the
 * step's fio output.  Rate caps are not parameters of the profile (a slower
 * drive under the same caps is what a baseline is for), nor are pacing and
 * log options or where the data went (filename, directory).
 */
#include <errno.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate/baseline.h"
#include "util/json_get.h"
#include "model/label.h"
#include "read/read_fio.h"
#include "read/read_fio_globals.h"
#include "util/slurp.h"

static struct json_object *find_job(struct json_object *root, const char *name)
{
	struct json_object *jobs = fr_json_get(root, "jobs");

	if (!jobs)
		jobs = fr_json_get(root, "client_stats");
	if (!json_object_is_type(jobs, json_type_array))
		return NULL;
	for (size_t i = 0; i < json_object_array_length(jobs); i++) {
		struct json_object *j = json_object_array_get_idx(jobs, i);
		const char *n = fr_json_str(j, "jobname");

		if (n && !strcmp(n, name))
			return j;
	}
	return NULL;
}

/* Options in one spelling (fr_opt_canon): bs=4k is bs=4096, and an
 * option at fio's default is the same as none (a later one at the default
 * undoes an earlier one).  G: the global options SRC is, NULL for a
 * job's own. */
static void set_opts(struct json_object *dst, struct json_object *src,
		     const struct fr_fio_globals *g)
{
	char ck[64], cv[256];

	if (!json_object_is_type(src, json_type_object))
		return;
	json_object_object_foreach(src, k, v)
	{
		if (fr_opt_not_workload(k) || (g && !fr_fio_globals_option(g, k)))
			continue;
		if (fr_opt_canon(k, json_object_get_string(v), ck, sizeof(ck), cv, sizeof(cv)))
			json_object_object_add(dst, ck, json_object_new_string(cv));
		else
			json_object_object_del(dst, ck);
	}
}

/* A mix that is all one direction is that direction's workload:
 * rw=randrw rwmixread=100 is rw=randread (fio's default rw=read then
 * left out, as fr_opt_canon() leaves out every default). */
static void one_direction(struct json_object *opts)
{
	const char *rw = fr_json_str(opts, "rw"), *mix = fr_json_str(opts, "rwmixread");
	bool rand = rw && !strcmp(rw, "randrw");

	if (!rw || (!rand && strcmp(rw, "rw")) || !mix || (strcmp(mix, "100") && strcmp(mix, "0")))
		return;
	if (!strcmp(mix, "100") && !rand)
		json_object_object_del(opts, "rw");
	else
		json_object_object_add(
			opts, "rw",
			json_object_new_string(rand ? (mix[0] == '1' ? "randread" : "randwrite")
						    : "write"));
	json_object_object_del(opts, "rwmixread");
}

/* The step's options (from what its reader kept of its fio output), or
 * NULL when not known (no single job name, nothing kept, its server's global
 * options not known: read_fio_globals.h). */
static struct json_object *step_opts(const struct fr_step *s)
{
	struct json_object *root = s->fio_doc, *job, *opts = NULL;
	struct fr_fio_globals g;

	if (!root || s->njobnames != 1)
		return NULL;
	job = find_job(root, s->jobnames[0]);
	if (job && !fr_fio_globals_of(root, job, &g) && (opts = json_object_new_object())) {
		set_opts(opts, g.opts, &g);
		set_opts(opts, fr_json_get(job, "job options"), NULL);
		one_direction(opts);
	}
	return opts;
}

static const char *opt_str(struct json_object *o, const char *key)
{
	struct json_object *v = fr_json_get(o, key);

	return v ? json_object_get_string(v) : "(default)";
}

static int add_diff(char **out, const char *key, const char *cur, const char *base)
{
	char *t;

	if (asprintf(&t, "%s%s%s %s here, %s in the baseline", *out ? *out : "", *out ? "; " : "",
		     key, cur, base) < 0)
		return -1;
	free(*out);
	*out = t;
	return 0;
}

/* The runner's mode of the nearest manifest.json in dir (that manifest's,
 * found or not), with the answer of every directory remembered in cache:
 * dir -> mode string, or JSON null for none. */
static const char *dir_mode(struct json_object *cache, const char *dir, bool *found)
{
	struct json_object *hit, *m;
	char *path, *buf, err[64];
	size_t len;

	*found = false;
	if (cache && json_object_object_get_ex(cache, dir, &hit)) {
		*found = hit != NULL;
		return hit ? json_object_get_string(hit) : NULL;
	}
	if (asprintf(&path, "%s/manifest.json", *dir ? dir : "") < 0)
		return NULL;
	buf = fr_slurp(path, &len);
	free(path);
	if (buf) {
		*found = true;
		m = fr_json_parse(buf, len, err, sizeof(err));
		free(buf);
		hit = fr_json_str(m, "mode") ? json_object_new_string(fr_json_str(m, "mode"))
					     : json_object_new_string("");
		json_object_put(m);
	} else {
		hit = NULL;
	}
	if (cache)
		json_object_object_add(cache, dir, hit);
	return hit ? json_object_get_string(hit) : NULL;
}

void fr_bl_modes_seed(struct json_object *cache, const struct fr_model *m)
{
	static const char name[] = "/manifest.json";
	const size_t nl = sizeof(name) - 1;

	if (!m->manifests)
		return;
	json_object_object_foreach(m->manifests, path, root)
	{
		size_t pl = strlen(path);
		const char *mode = fr_json_str(root, "mode");
		char *dir;

		if (pl < nl || strcmp(path + pl - nl, name) || !(dir = strndup(path, pl - nl)))
			continue;
		/* as dir_mode has it: a manifest read gives its mode, "" for none */
		json_object_object_add(cache, dir, json_object_new_string(mode ? mode : ""));
		free(dir);
	}
}

/* The runner's mode (short, full) from the manifest.json of the results
 * directory holding the step's file, or NULL when there is none. */
static char *runner_mode(const char *source, struct json_object *cache)
{
	char *dir = strdup(source), *slash, *mode = NULL;

	/* DIR/<drive>/<suite>/<test>/<step>.json: at most four levels up */
	for (int up = 0; dir && up < 4 && (slash = strrchr(dir, '/')); up++) {
		const char *m;
		bool found;

		*slash = '\0';
		m = dir_mode(cache, dir, &found);
		if (!found)
			continue;
		if (m && *m)
			mode = strdup(m);
		break; /* the nearest manifest is the one */
	}
	free(dir);
	return mode;
}

/* The runner's modes differ (both known): "runner mode short here, ..." */
static int diff_mode(char **out, const struct fr_step *cur, const struct fr_step *base,
		     struct json_object *cache)
{
	char *c = cur->source ? runner_mode(cur->source, cache) : NULL;
	char *b = base->source ? runner_mode(base->source, cache) : NULL;
	int ret = 0;

	if (c && b && strcmp(c, b))
		ret = add_diff(out, "runner mode", c, b);
	free(c);
	free(b);
	return ret;
}

/* Keys of a that b lacks or holds otherwise; each pair named once. */
static int diff_keys(char **out, struct json_object *a, struct json_object *b, bool a_is_cur)
{
	json_object_object_foreach(a, k, v)
	{
		const char *va = json_object_get_string(v);

		if (!a_is_cur && fr_json_get(b, k))
			continue; /* the first pass named it */
		if (fr_json_get(b, k) && !strcmp(va, opt_str(b, k)))
			continue;
		if (add_diff(out, k, a_is_cur ? va : opt_str(b, k), a_is_cur ? opt_str(b, k) : va))
			return -1;
	}
	return 0;
}

char *fr_bl_unlike(const struct fr_step *cur, const struct fr_step *base,
		   struct json_object *mode_cache)
{
	struct json_object *c = step_opts(cur), *b = step_opts(base);
	char *out = NULL;

	if ((c && b && (diff_keys(&out, c, b, true) || diff_keys(&out, b, c, false))) ||
	    diff_mode(&out, cur, base, mode_cache)) {
		free(out);
		out = NULL;
		errno = ENOMEM;
	}
	json_object_put(c);
	json_object_put(b);
	return out;
}
