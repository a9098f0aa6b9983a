// SPDX-License-Identifier: GPL-2.0-only
/*
 * The global options of a job of fio's JSON output (read_fio_globals.h):
 * one object for every job, or fio 3.39+'s array of one object per server.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "read/read_fio_globals.h"
#include "util/json_get.h"

/* The per-server array of ROOT, or NULL when "global options" is not one. */
static struct json_object *per_server(struct json_object *root)
{
	struct json_object *g = fr_json_get(root, "global options");

	return json_object_is_type(g, json_type_array) ? g : NULL;
}

/* Whether A and B (an entry, a job) name the same server. */
static bool same_server(struct json_object *a, struct json_object *b)
{
	const char *ha = fr_json_str(a, "hostname"), *hb = fr_json_str(b, "hostname");
	double pa = fr_json_num(a, "port");

	return ha && hb && !strcmp(ha, hb) && isfinite(pa) && pa == fr_json_num(b, "port");
}

bool fr_fio_globals_check(struct json_object *root, char *why, size_t len)
{
	struct json_object *arr = per_server(root);
	size_t n = arr ? json_object_array_length(arr) : 0;

	for (size_t i = 0; i < n; i++) {
		struct json_object *e = json_object_array_get_idx(arr, i);

		if (!json_object_is_type(e, json_type_object)) {
			snprintf(why, len, "\"global options\" entry #%zu is not a JSON object",
				 i + 1);
			return false;
		}
		if (!fr_json_str(e, "hostname") || !isfinite(fr_json_num(e, "port"))) {
			snprintf(why, len,
				 "\"global options\" entry #%zu does not name its server (a string "
				 "\"hostname\" and a number \"port\", as fio 3.39+ writes them)",
				 i + 1);
			return false;
		}
	}
	return true;
}

/* The jobs of ROOT: "jobs", else "client_stats". */
static struct json_object *jobs_of(struct json_object *root)
{
	struct json_object *jobs = fr_json_get(root, "jobs");

	jobs = jobs ? jobs : fr_json_get(root, "client_stats");
	return json_object_is_type(jobs, json_type_array) ? jobs : NULL;
}

/* Whether an entry of ARR names a server no job of ROOT ran on. */
static bool orphan_entry(struct json_object *root, struct json_object *arr)
{
	struct json_object *jobs = jobs_of(root);
	size_t njobs = jobs ? json_object_array_length(jobs) : 0;

	for (size_t i = 0; i < json_object_array_length(arr); i++) {
		struct json_object *e = json_object_array_get_idx(arr, i);
		bool found = false;

		for (size_t j = 0; j < njobs && !found; j++)
			found = same_server(e, json_object_array_get_idx(jobs, j));
		if (!found)
			return true;
	}
	return false;
}

const char *fr_fio_globals_of(struct json_object *root, struct json_object *job,
			      struct fr_fio_globals *g)
{
	struct json_object *arr = per_server(root), *opts;

	*g = (struct fr_fio_globals){0};
	if (!arr) {
		opts = fr_json_get(root, "global options");
		g->opts = json_object_is_type(opts, json_type_object) ? opts : NULL;
		return NULL;
	}
	if (!fr_json_str(job, "hostname") || !isfinite(fr_json_num(job, "port")))
		return "fio's \"global options\" are per server (fio 3.39+ client/server) but the "
		       "job names no server (\"hostname\", \"port\"), so which are its is not "
		       "known";
	for (size_t i = 0; i < json_object_array_length(arr); i++) {
		struct json_object *e = json_object_array_get_idx(arr, i);

		if (!same_server(e, job))
			continue;
		if (g->opts && !json_object_equal(g->opts, e)) {
			*g = (struct fr_fio_globals){0};
			return "fio's \"global options\" have two different entries for its "
			       "server, "
			       "so which are its is not known";
		}
		*g = (struct fr_fio_globals){.opts = e, .per_server = true};
	}
	if (!g->opts && orphan_entry(root, arr))
		return "fio's \"global options\" have no entry for its server and one for a "
		       "server no job ran on, which may be its renamed (a \"hostname\" or "
		       "\"port\" option): its options are not known";
	return NULL;
}

bool fr_fio_globals_option(const struct fr_fio_globals *g, const char *key)
{
	return !g->per_server || (strcmp(key, "hostname") && strcmp(key, "port"));
}

struct json_object *fr_fio_global(struct json_object *root, struct json_object *job,
				  const char *key)
{
	struct fr_fio_globals g;

	if (fr_fio_globals_of(root, job, &g) || !fr_fio_globals_option(&g, key))
		return NULL;
	return fr_json_get(g.opts, key);
}

const char *fr_fio_global_str(struct json_object *root, struct json_object *job, const char *key)
{
	struct json_object *v = fr_fio_global(root, job, key);

	return json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
}
