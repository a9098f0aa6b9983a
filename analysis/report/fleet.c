// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fleet view (fleet.h): per --hosts manifest, per run, per direction
 * (fleet_dir.c), each host's drive, the fleet row from the summed bins,
 * fio's "All clients" checked against it, and the spread across the drives.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "model/clients.h"
#include "model/label.h"
#include "report/fleet.h"
#include "report/fleet_dir.h"
#include "report/fleet_read.h"
#include "util/json_get.h"

/* *to = a copy of s, or NULL for NULL; false when out of memory. */
static bool dup_to(char **to, const char *s)
{
	*to = s ? strdup(s) : NULL;
	return !s || *to;
}

/* The manifest's drives of a run's label by host (as given), made once per
 * run: a look-up per host, not a scan of drives[]. */
static struct json_object *drives_by_host(struct json_object *mf, const char *label)
{
	struct json_object *drives = fr_json_get(mf, "drives"), *by = json_object_new_object();
	size_t n =
		json_object_is_type(drives, json_type_array) ? json_object_array_length(drives) : 0;

	for (size_t i = 0; by && i < n; i++) {
		struct json_object *d = json_object_array_get_idx(drives, i);
		const char *l = fr_json_str(d, "label"), *h = fr_json_str(d, "host");

		if (l && h && !strcmp(l, label) && !json_object_object_get_ex(by, h, NULL) &&
		    json_object_object_add(by, h, json_object_get(d))) {
			json_object_put(by);
			return NULL;
		}
	}
	return by;
}

/* A run the runner stopped at its deadline (--host-deadline): which hosts
 * it still waited for, in why; false for any other run. */
static bool stopped_at_deadline(struct json_object *run, char *why, size_t len)
{
	struct json_object *silent = fr_json_get(run, "hosts_silent");
	size_t n =
		json_object_is_type(silent, json_type_array) ? json_object_array_length(silent) : 0;
	int at = snprintf(why, len,
			  "the runner stopped the run %.0f s after its start, still waiting for",
			  fr_json_num(run, "stopped_after_s"));

	if (!silent)
		return false;
	for (size_t i = 0; i < n && at > 0 && (size_t)at < len; i++)
		at += snprintf(why + at, len - at, "%s host %s", i ? "," : "",
			       json_object_get_string(json_object_array_get_idx(silent, i)));
	if (at > 0 && (size_t)at < len)
		snprintf(why + at, len - at, "%s (--host-deadline): fio wrote no host's result",
			 n ? "" : " a host it could not tell");
	return true;
}

/* The reader's record of a run's output, or NULL with why set. */
static const struct fr_clients *run_clients(const struct fr_model *m, const char *mf_dir,
					    struct json_object *run, char *why, size_t len)
{
	const struct fr_clients *rec = NULL;
	char *path;

	if (stopped_at_deadline(run, why, len))
		return NULL;
	if (asprintf(&path, "%s/%s", mf_dir, fr_json_str(run, "output") ?: "") < 0)
		return NULL;
	if (access(path, F_OK) && !strcmp(fr_json_str(run, "status"), "failed"))
		snprintf(why, len, "the run failed before fio wrote an output");
	else if (!(rec = fr_model_find_clients(m, path)))
		snprintf(why, len, "its fio output %s was not among the files read", path);
	else if (rec->problem)
		snprintf(why, len, "%s", rec->problem);
	free(path);
	return rec && !rec->problem ? rec : NULL;
}

/* The directions with I/O of a step whose hosts' figures are read. */
static int step_dirs(const struct fr_fleet_ctx *c, struct fr_fleet_step *st)
{
	st->has_dirs = true;
	if (!(st->dirs = calloc(2, sizeof(*st->dirs))))
		return -ENOMEM;
	for (enum fr_dir d = FR_READ; d <= FR_WRITE; d++) {
		bool io = false;

		for (size_t i = 0; i < c->nh; i++)
			io |= c->h[i]->dir[d].ios > 0;
		if (io && fr_fleet_dir_make(c, d, &st->dirs[st->ndirs++]))
			return -ENOMEM;
	}
	return 0;
}

/* The hosts' figures of a step's output, its directions and its notes. */
static int step_figures(struct json_object *mf, struct json_object *run,
			const struct fr_clients *rec, struct fr_fleet_step *st)
{
	struct fr_fleet_ctx c = {.mf = mf, .hosts = fr_json_get(mf, "hosts"), .all = &rec->all};
	const char *other;
	char why[1024];
	int ret = -ENOMEM;

	c.nh = json_object_array_length(c.hosts);
	c.h = calloc(c.nh ? c.nh : 1, sizeof(*c.h));
	c.by_host = drives_by_host(mf, fr_json_str(run, "drive") ?: "");
	c.resumed = calloc(c.nh ? c.nh : 1, sizeof(*c.resumed));
	if (!c.h || !c.by_host || !c.resumed || fr_fleet_hosts_of(rec, c.hosts, c.h))
		goto out;
	for (size_t i = 0; i < c.nh; i++)
		if (!c.h[i]->present)
			fr_fleet_resumed_why(
				mf, run,
				json_object_get_string(json_object_array_get_idx(c.hosts, i)),
				c.resumed[i], sizeof(c.resumed[i]));
	if (step_dirs(&c, st))
		goto out;
	if ((other = fr_fleet_unlisted(rec, c.hosts))) {
		snprintf(why, sizeof(why),
			 "fio's output has a client (%.200s) that is none of the manifest's "
			 "hosts: not counted",
			 other);
		if (!dup_to(&st->note, why))
			goto out;
	}
	/* every host lost: no direction had I/O, the loss is still said */
	if (!st->ndirs) {
		fr_fleet_withheld(&c, FR_READ, why, sizeof(why));
		if (!dup_to(&st->problem, *why ? why : "no host did I/O in this step"))
			goto out;
	}
	ret = 0;
out:
	free(c.h);
	free(c.resumed);
	json_object_put(c.by_host);
	return ret;
}

/* One run of the manifest. */
static int step_make(const struct fr_model *m, struct json_object *mf, const char *mf_dir,
		     struct json_object *run, struct fr_fleet_step *st)
{
	const struct fr_clients *rec;
	char why[1024] = "";

	if (!dup_to(&st->run, fr_json_str(run, "id") ?: fr_json_str(run, "output")) ||
	    !dup_to(&st->profile, fr_json_str(run, "test")) ||
	    !dup_to(&st->step, fr_json_str(run, "step")) ||
	    !dup_to(&st->status, fr_json_str(run, "status")))
		return -ENOMEM;
	if (!(rec = run_clients(m, mf_dir, run, why, sizeof(why))))
		return *why && dup_to(&st->problem, why) ? 0 : -ENOMEM;
	return step_figures(mf, run, rec, st);
}

/* A run the fleet view reads: a curve or test step that ran (done), lost
 * a host (partial) or failed with an output; PTS runs are fiorank pts's,
 * a host's rerun alone (resume_of) is said in the run it completes. */
static bool fleet_run(struct json_object *run)
{
	const char *suite = fr_json_str(run, "suite"), *status = fr_json_str(run, "status");

	return fr_json_str(run, "output") && (!suite || strncmp(suite, "pts-", 4)) && status &&
	       !fr_json_get(run, "resume_of") &&
	       (!strcmp(status, "done") || !strcmp(status, "failed") || !strcmp(status, "partial"));
}

static int one_make(const struct fr_model *m, const char *path, struct json_object *mf,
		    struct fr_fleet_one *fo)
{
	struct json_object *runs = fr_json_get(mf, "runs"), *hosts = fr_json_get(mf, "hosts");
	size_t n = json_object_is_type(runs, json_type_array) ? json_object_array_length(runs) : 0;
	char dir[4096];
	const char *slash = strrchr(path, '/');

	snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
	if (!dup_to(&fo->manifest, path) ||
	    !(fo->hosts = calloc(json_object_array_length(hosts), sizeof(*fo->hosts))) ||
	    !(fo->steps = calloc(n ? n : 1, sizeof(*fo->steps))))
		return -ENOMEM;
	for (; fo->nhosts < json_object_array_length(hosts); fo->nhosts++)
		if (!dup_to(&fo->hosts[fo->nhosts],
			    json_object_get_string(json_object_array_get_idx(hosts, fo->nhosts))))
			return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		struct json_object *run = json_object_array_get_idx(runs, i);

		if (fleet_run(run) && step_make(m, mf, dir, run, &fo->steps[fo->nsteps++]))
			return -ENOMEM;
	}
	return 0;
}

static bool has_hosts(struct json_object *mf)
{
	struct json_object *h = fr_json_get(mf, "hosts");

	/* "systems" (one per server) is written by a --hosts run alone; a run
	 * on this host lists its own name in "hosts" */
	if (!json_object_is_type(fr_json_get(mf, "systems"), json_type_object) ||
	    !json_object_is_type(h, json_type_array) || !json_object_array_length(h))
		return false;
	for (size_t i = 0; i < json_object_array_length(h); i++)
		if (!json_object_is_type(json_object_array_get_idx(h, i), json_type_string))
			return false;
	return true;
}

int fr_fleet_build(const struct fr_model *m, struct fr_fleet **out)
{
	struct fr_fleet *fl = NULL;
	size_t n = 0;

	*out = NULL;
	if (!m->manifests)
		return 0;
	json_object_object_foreach(m->manifests, path, mf)
	{
		(void)path;
		n += has_hosts(mf);
	}
	if (!n)
		return 0;
	if (!(fl = calloc(1, sizeof(*fl))) || !(fl->fleets = calloc(n, sizeof(*fl->fleets))))
		goto nomem;
	json_object_object_foreach(m->manifests, p, mf2)
	{
		if (has_hosts(mf2) && one_make(m, p, mf2, &fl->fleets[fl->n++]))
			goto nomem;
	}
	*out = fl;
	return 0;
nomem:
	fr_fleet_free(fl);
	return -ENOMEM;
}

static void step_free(struct fr_fleet_step *st)
{
	free(st->run);
	free(st->profile);
	free(st->step);
	free(st->status);
	for (size_t k = 0; k < st->ndirs; k++)
		fr_fleet_dir_free(&st->dirs[k]);
	free(st->dirs);
	free(st->note);
	free(st->problem);
}

void fr_fleet_free(struct fr_fleet *fl)
{
	for (size_t i = 0; fl && i < fl->n; i++) {
		struct fr_fleet_one *fo = &fl->fleets[i];

		free(fo->manifest);
		for (size_t h = 0; h < fo->nhosts; h++)
			free(fo->hosts[h]);
		free(fo->hosts);
		for (size_t s = 0; s < fo->nsteps; s++)
			step_free(&fo->steps[s]);
		free(fo->steps);
	}
	if (fl)
		free(fl->fleets);
	free(fl);
}

static size_t warn_step(const struct fr_fleet_step *st, FILE *f)
{
	const char *run = st->run ?: "?";
	size_t said = 0;

	if (st->problem) {
		if (f)
			fprintf(f, "fiorank: fleet: %s: %s\n", run, st->problem);
		said++;
	}
	for (size_t k = 0; k < st->ndirs; k++) {
		if (!st->dirs[k].withheld)
			continue;
		if (f)
			fprintf(f, "fiorank: fleet: %s (%s): %s\n", run,
				fr_dir_name(st->dirs[k].dir), st->dirs[k].withheld);
		said++;
	}
	return said;
}

size_t fr_fleet_warn(const struct fr_fleet *fl, FILE *f)
{
	size_t said = 0;

	for (size_t i = 0; fl && i < fl->n; i++)
		for (size_t s = 0; s < fl->fleets[i].nsteps; s++)
			said += warn_step(&fl->fleets[i].steps[s], f);
	return said;
}
