// SPDX-License-Identifier: GPL-2.0-only
/*
 * Where a step's run is described (prov_priv.h): the runner's manifest
 * above its fio output and the engine file its reader kept
 * (fr_step.engine_doc).  The manifests the walk read are kept in the model
 * (fr_model.manifests); one above the inputs the walk did not read (a
 * results folder named below its top) is read here, once, and each
 * manifest's runs and drives are indexed at its first use.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <json-c/json.h>

#include "util/json_get.h"
#include "model/label.h"
#include "read/prov_priv.h"
#include "util/slurp.h"

#define MAX_UP 8 /* directory levels searched for a manifest */

struct prov_doc {
	char *path;
	struct json_object *root; /* NULL: absent or unreadable */
	/* a manifest's look-ups, made at its first use (manifest_index): a
	 * search of runs[] or drives[] per step made a results directory of
	 * many runs quadratic */
	bool indexed;
	struct json_object *runs_by_output;  /* "output" -> runs[] entry */
	struct json_object *drives_by_label; /* "label" -> drives[] entry */
	/* a --hosts run: each host's drive by its entrant label */
	struct json_object *drives_by_entrant;
	struct json_object *precond_by_drive; /* "drive" -> [done, total] */
};

/* The document at path: the walk's tree when it read the file (kept,
 * may be NULL), else read and parsed here once however often it is asked
 * for; NULL when out of memory.  Valid until the next doc_get. */
static struct prov_doc *doc_get(struct prov_docs *c, const struct fr_model *m, const char *path)
{
	struct json_object *root = NULL, *idx;
	struct prov_doc *d;
	size_t len;
	char *buf, err[128];

	if (!c->by_path && !(c->by_path = json_object_new_object()))
		return NULL;
	if (json_object_object_get_ex(c->by_path, path, &idx))
		return &c->docs[json_object_get_int64(idx)];
	if (c->n == c->cap) {
		size_t ncap = c->cap ? 2 * c->cap : 16;
		struct prov_doc *t = realloc(c->docs, ncap * sizeof(*t));

		if (!t)
			return NULL;
		c->docs = t;
		c->cap = ncap;
	}
	if (fr_model_manifest(m, path, &root)) {
		json_object_get(root);
	} else if ((buf = fr_slurp(path, &len))) {
		root = fr_json_parse(buf, len, err, sizeof(err));
		free(buf);
	}
	d = &c->docs[c->n];
	memset(d, 0, sizeof(*d));
	d->root = root;
	if (!(d->path = strdup(path)) ||
	    json_object_object_add(c->by_path, path, json_object_new_int64((int64_t)c->n))) {
		free(d->path);
		json_object_put(root);
		return NULL;
	}
	c->n++;
	return d;
}

static void docs_free(struct prov_docs *c)
{
	for (size_t i = 0; i < c->n; i++) {
		free(c->docs[i].path);
		json_object_put(c->docs[i].root);
		json_object_put(c->docs[i].runs_by_output);
		json_object_put(c->docs[i].drives_by_label);
		json_object_put(c->docs[i].drives_by_entrant);
		json_object_put(c->docs[i].precond_by_drive);
	}
	free(c->docs);
	json_object_put(c->by_path);
}

/* Adds o under key unless the key is there (the first wins, as the
 * linear searches had it). */
static void index_first(struct json_object *index, const char *key, struct json_object *o)
{
	if (key && !json_object_object_get_ex(index, key, NULL))
		json_object_object_add(index, key, json_object_get(o));
}

static void bump(struct json_object *counts, size_t i)
{
	int v = json_object_get_int(json_object_array_get_idx(counts, i));

	json_object_array_put_idx(counts, i, json_object_new_int(v + 1));
}

/* One preconditioning run of a drive counted in [done, total]. */
static void count_precond(struct json_object *index, struct json_object *run)
{
	const char *suite = fr_json_str(run, "suite"), *drive = fr_json_str(run, "drive");
	const char *status = fr_json_str(run, "status");
	struct json_object *counts;

	if (!suite || strcmp(suite, "precondition") || !drive)
		return;
	if (!json_object_object_get_ex(index, drive, &counts)) {
		counts = json_object_new_array();
		if (!counts || json_object_array_add(counts, json_object_new_int(0)) ||
		    json_object_array_add(counts, json_object_new_int(0)) ||
		    json_object_object_add(index, drive, counts)) {
			json_object_put(counts);
			return;
		}
	}
	bump(counts, 1);
	if (status && !strcmp(status, "done"))
		bump(counts, 0);
}

/* A manifest's look-ups (struct prov_doc), made once; false when out of memory. */
static bool manifest_index(struct prov_doc *d)
{
	struct json_object *runs = fr_json_get(d->root, "runs");
	struct json_object *drives = fr_json_get(d->root, "drives");
	size_t nr = json_object_is_type(runs, json_type_array) ? json_object_array_length(runs) : 0;
	size_t nd =
		json_object_is_type(drives, json_type_array) ? json_object_array_length(drives) : 0;

	if (d->indexed)
		return d->runs_by_output && d->drives_by_label && d->drives_by_entrant &&
		       d->precond_by_drive;
	d->indexed = true;
	d->runs_by_output = json_object_new_object();
	d->drives_by_label = json_object_new_object();
	d->drives_by_entrant = json_object_new_object();
	d->precond_by_drive = json_object_new_object();
	if (!d->runs_by_output || !d->drives_by_label || !d->drives_by_entrant ||
	    !d->precond_by_drive)
		return false;
	for (size_t i = 0; i < nr; i++) {
		struct json_object *r = json_object_array_get_idx(runs, i);

		index_first(d->runs_by_output, fr_json_str(r, "output"), r);
		count_precond(d->precond_by_drive, r);
	}
	for (size_t i = 0; i < nd; i++) {
		struct json_object *dr = json_object_array_get_idx(drives, i);

		char e[512];

		index_first(d->drives_by_label, fr_json_str(dr, "label"), dr);
		if (json_object_is_type(fr_json_get(d->root, "systems"), json_type_object) &&
		    fr_json_str(dr, "host") &&
		    fr_host_drive_label(e, sizeof(e), fr_json_str(dr, "model"),
					fr_json_str(dr, "serial"), fr_json_num(dr, "nsid")))
			index_first(d->drives_by_entrant, e, dr);
	}
	return true;
}

/* o's member key, or NULL (also when key is NULL). */
static struct json_object *lookup(struct json_object *o, const char *key)
{
	struct json_object *v = NULL;

	if (key)
		json_object_object_get_ex(o, key, &v);
	return v;
}

/* The usable (parsed, indexed) manifest.json of directory dir, or NULL. */
static struct prov_doc *dir_manifest(struct prov_ctx *c, const char *dir)
{
	char path[PATH_MAX + 16];
	struct json_object *idx;
	struct json_object *known;
	struct prov_doc *mf;
	struct stat st;
	int64_t i = -1;

	if (!c->dir_mf && !(c->dir_mf = json_object_new_object()))
		return NULL;
	if (json_object_object_get_ex(c->dir_mf, dir, &idx)) {
		i = json_object_get_int64(idx);
		return i < 0 ? NULL : &c->docs.docs[i];
	}
	snprintf(path, sizeof(path), "%s/manifest.json", *dir ? dir : "/");
	if ((fr_model_manifest(c->m, path, &known) || !stat(path, &st)) &&
	    (mf = doc_get(&c->docs, c->m, path)) && mf->root && manifest_index(mf))
		i = mf - c->docs.docs;
	json_object_object_add(c->dir_mf, dir, json_object_new_int64(i));
	return i < 0 ? NULL : &c->docs.docs[i];
}

void fr_prov_locate(struct prov_ctx *c, const char *drive, const struct fr_step *st,
		    struct prov_where *w)
{
	const char *src = st->source;
	char dir[PATH_MAX];
	struct prov_doc *mf;

	memset(w, 0, sizeof(*w));
	snprintf(dir, sizeof(dir), "%s", src);
	for (int up = 0; up < MAX_UP && !w->run; up++) {
		char *slash = strrchr(dir, '/');

		if (!slash)
			break;
		*slash = '\0';
		if (!(mf = dir_manifest(c, dir)))
			continue;
		w->run = lookup(mf->runs_by_output, src + strlen(dir) + 1);
		if (!w->run)
			continue;
		w->mf = mf->root;
		snprintf(w->mf_dir, sizeof(w->mf_dir), "%s", dir);
		w->run_drive = fr_json_str(w->run, "drive");
		/* a --hosts run: the host's own drive, and its system */
		w->mdrive = lookup(mf->drives_by_entrant, drive);
		if (w->mdrive)
			w->sys = fr_json_get(fr_json_get(mf->root, "systems"),
					     fr_json_str(w->mdrive, "host"));
		else
			w->mdrive = lookup(mf->drives_by_label, w->run_drive);
		w->precond = lookup(mf->precond_by_drive, w->run_drive);
	}
	w->eng = st->engine_doc;
}

void fr_prov_ctx_free(struct prov_ctx *c)
{
	docs_free(&c->docs);
	json_object_put(c->dir_mf);
}
