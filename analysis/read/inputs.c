// SPDX-License-Identifier: GPL-2.0-only
/*
 * Input arguments -> a list of tasks (one per file, with its labels
 * decided, or one per problem found), in input order; inputs_read.c then
 * parses the files in parallel and merges them in that order.
 *
 * The drive label of a file, first that applies (label.c has the rules and
 * their order per job; this file gathers what they need per file):
 *   1. --drive given on the command line;
 *   2. the manifest's run entry;
 *   3. the engine identity file ("<model> <serial>");
 *   4. the client hostname (client/server output);
 *   5. the first path component below the directory argument (the runner's
 *      DIR/<drive>/... layout), or the file's name without ".json".
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <json-c/json.h>

#include "read/inputs.h"
#include "read/inputs_priv.h"
#include "util/json_get.h"
#include "model/label.h"
#include "read/read_fio.h"
#include "read/read_manifest.h"
#include "util/slurp.h"

#define MAX_DEPTH 32

struct walk {
	struct fr_inputs *in;
	const struct fr_input_opts *o;
	const char *root;	      /* the directory argument */
	const struct fr_manifest *mf; /* nearest manifest, or NULL */
	const char *mf_dir;	      /* its directory */
	const char *mf_tried;	      /* directory whose manifest.json was read, good or not */
};

struct fr_inputs *fr_inputs_new(void)
{
	struct fr_inputs *in = calloc(1, sizeof(*in));

	if (in && !(in->seen = calloc(in->seen_cap = 1024, sizeof(*in->seen)))) {
		free(in);
		return NULL;
	}
	return in;
}

static void free_task(struct task *t)
{
	free(t->path);
	free(t->drive);
	json_object_put(t->host_entrants);
	free(t->profile);
	free(t->step);
	free(t->fallback);
	free(t->profile_hint);
	free(t->step_hint);
	free(t->sidecar);
	free(t->reason);
	fr_model_free(&t->result);
}

void fr_inputs_free(struct fr_inputs *in)
{
	if (!in)
		return;
	for (size_t i = 0; i < in->ntasks; i++)
		free_task(&in->tasks[i]);
	free(in->tasks);
	for (size_t i = 0; i < in->nidents; i++) {
		free(in->idents[i].label);
		free(in->idents[i].model);
		free(in->idents[i].serial);
		free(in->idents[i].firmware);
	}
	free(in->idents);
	for (size_t i = 0; i < in->npts; i++) {
		free(in->pts[i].manifest_dir);
		free(in->pts[i].drive);
		free(in->pts[i].suite);
	}
	free(in->pts);
	free(in->seen);
	free(in->manifests);
	json_object_put(in->manifest_docs);
	free(in);
}

/* Files are told apart by device and inode: a path named twice, through a
 * symlink or a second argument, is read once (and no realpath() per file). */
static size_t file_hash(dev_t dev, ino_t ino)
{
	return (size_t)((ino * 0x9e3779b97f4a7c15ULL) ^ (dev * 0xc2b2ae3d27d4eb4fULL));
}

static void seen_place(struct file_id *tab, size_t cap, struct file_id id)
{
	size_t i = file_hash(id.dev, id.ino) & (cap - 1);

	while (tab[i].used)
		i = (i + 1) & (cap - 1);
	tab[i] = id;
}

/* Returns 1 if the file was new, 0 if already present, -1 on ENOMEM. */
static int seen_insert(struct fr_inputs *in, dev_t dev, ino_t ino)
{
	struct file_id id = {.dev = dev, .ino = ino, .used = true};
	size_t i;

	if (2 * (in->nseen + 1) > in->seen_cap) {
		struct file_id *tab = calloc(in->seen_cap * 2, sizeof(*tab));

		if (!tab)
			return -1;
		for (size_t k = 0; k < in->seen_cap; k++)
			if (in->seen[k].used)
				seen_place(tab, in->seen_cap * 2, in->seen[k]);
		free(in->seen);
		in->seen = tab;
		in->seen_cap *= 2;
	}
	for (i = file_hash(dev, ino) & (in->seen_cap - 1); in->seen[i].used;
	     i = (i + 1) & (in->seen_cap - 1))
		if (in->seen[i].dev == dev && in->seen[i].ino == ino)
			return 0;
	in->seen[i] = id;
	in->nseen++;
	return 1;
}

static char *dup_or_null(const char *s)
{
	return s ? strdup(s) : NULL;
}

static struct task *new_task(struct fr_inputs *in, enum task_kind kind, const char *path)
{
	struct task *t;

	if (in->ntasks == in->cap) {
		size_t ncap = in->cap ? in->cap * 2 : 64;

		t = realloc(in->tasks, ncap * sizeof(*t));
		if (!t) {
			in->oom = true;
			return NULL;
		}
		in->tasks = t;
		in->cap = ncap;
	}
	t = &in->tasks[in->ntasks];
	memset(t, 0, sizeof(*t));
	t->kind = kind;
	t->path = strdup(path);
	if (!t->path) {
		in->oom = true;
		return NULL;
	}
	in->ntasks++;
	return t;
}

static void problem(struct fr_inputs *in, enum task_kind kind, const char *path, const char *fmt,
		    ...) __attribute__((format(printf, 4, 5)));

static void problem(struct fr_inputs *in, enum task_kind kind, const char *path, const char *fmt,
		    ...)
{
	struct task *t = new_task(in, kind, path);
	va_list ap;

	if (!t)
		return;
	va_start(ap, fmt);
	if (vasprintf(&t->reason, fmt, ap) < 0) {
		t->reason = NULL;
		in->oom = true;
	}
	va_end(ap);
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && !strcmp(s + n - k, suffix);
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

static const struct fr_run *manifest_run(const struct walk *w, const char *path)
{
	size_t dl;

	if (!w->mf)
		return NULL;
	dl = strlen(w->mf_dir);
	if (strncmp(path, w->mf_dir, dl) || path[dl] != '/')
		return NULL;
	return fr_manifest_find(w->mf, path + dl + 1);
}

/* A directory's entries, sorted by strcmp() so that names can be looked up. */
struct listing {
	struct dirent **ents;
	int n;
};

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static bool listed(const struct listing *ls, const char *name)
{
	int lo = 0, hi = ls->n;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2, c = strcmp(ls->ents[mid]->d_name, name);

		if (!c)
			return true;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

/*
 * "<dir>/<step>.json" -> "<dir>/<step>.engine.json", or the manifest's.
 * When the file came from a directory listing, a sidecar the listing does
 * not hold is known to be absent: NULL in *out, and no open() per file.
 */
static int sidecar_path(const struct walk *w, const char *path, const struct fr_run *run,
			const struct listing *ls, char **out)
{
	size_t n = strlen(path);
	int r;

	*out = NULL;
	if (run && run->engine_output)
		r = asprintf(out, "%s/%s", w->mf_dir, run->engine_output);
	else if (ends_with(path, ".json"))
		r = asprintf(out, "%.*s.engine.json", (int)(n - 5), path);
	else
		r = asprintf(out, "%s.engine.json", path);
	if (r < 0) {
		*out = NULL;
		return -1;
	}
	if (ls && !(run && run->engine_output) && !listed(ls, base_name(*out))) {
		free(*out);
		*out = NULL;
	}
	return 0;
}

/* Counts one result of a PTS suite (struct pts_tally) instead of reading it. */
static void tally_pts(struct walk *w, const struct fr_run *run)
{
	struct fr_inputs *in = w->in;
	struct pts_tally *v;

	for (size_t i = 0; i < in->npts; i++)
		if (!strcmp(in->pts[i].manifest_dir, w->mf_dir) &&
		    !strcmp(in->pts[i].drive, run->drive) &&
		    !strcmp(in->pts[i].suite, run->suite)) {
			in->pts[i].n++;
			return;
		}
	v = realloc(in->pts, (in->npts + 1) * sizeof(*v));
	if (!v) {
		in->oom = true;
		return;
	}
	in->pts = v;
	v = &in->pts[in->npts++];
	v->manifest_dir = strdup(w->mf_dir);
	v->drive = strdup(run->drive);
	v->suite = strdup(run->suite);
	v->n = 1;
	if (!v->manifest_dir || !v->drive || !v->suite)
		in->oom = true;
}

/* A --hosts run: each host's drive of the run is an entrant of its own
 * (docs/fleet.md); *out NULL when the manifest names no hosts. */
static int host_entrants(const struct fr_manifest *mf, const struct fr_run *run,
			 struct json_object **out)
{
	*out = NULL;
	for (size_t i = 0; i < mf->ndrives; i++) {
		const struct fr_mdrive *d = &mf->drives[i];

		if (!d->host || !d->entrant || strcmp(d->label, run->drive))
			continue;
		if (!*out && !(*out = json_object_new_object()))
			return -ENOMEM;
		char key[512];

		if (fr_host_key(d->host, key, sizeof(key)) &&
		    json_object_object_add(*out, key, json_object_new_string(d->entrant)))
			return -ENOMEM;
	}
	return 0;
}

static void plan_file(struct walk *w, const char *path, const struct listing *ls)
{
	const struct fr_run *run = manifest_run(w, path);
	struct task *t;

	/* PTS steps are not curves: their rounds repeat one step name and
	 * their matrices mix block sizes (fr_pts_load reads them) */
	if (run && run->suite && !strncmp(run->suite, "pts-", 4)) {
		tally_pts(w, run);
		return;
	}

	if (run && run->status && strcmp(run->status, "done")) {
		problem(w->in, TASK_EXCLUDE, path, "manifest run %s has status \"%s\"",
			run->id ? run->id : run->output, run->status);
		/* a fleet run that failed with an output (a host lost): the
		 * fleet view names the hosts missing from it */
		if (w->mf->fleet && !strcmp(run->status, "failed") && w->in->ntasks &&
		    !strcmp(w->in->tasks[w->in->ntasks - 1].path, path))
			w->in->tasks[w->in->ntasks - 1].fleet = true;
		return;
	}
	t = new_task(w->in, TASK_FILE, path);
	if (!t)
		return;
	if (w->o->drive)
		t->drive = strdup(w->o->drive);
	else if (run)
		t->drive = fr_manifest_drive_label(w->mf, run);
	if (run && !w->o->drive && host_entrants(w->mf, run, &t->host_entrants))
		w->in->oom = true;
	t->fleet = run && w->mf->fleet;
	t->profile = dup_or_null(w->o->profile);
	t->step = dup_or_null(w->o->step);
	t->fallback = fr_fallback_label(w->root, path);
	if (sidecar_path(w, path, run, ls, &t->sidecar))
		w->in->oom = true;
	/* a curve test of the manifest names the profile when the job name cannot */
	if (run && run->test && !fr_test_names_itself(run->test)) {
		t->profile_hint = strdup(run->test);
		t->step_hint = dup_or_null(run->step);
		if (!t->profile_hint || (run->step && !t->step_hint))
			w->in->oom = true;
	}
	if (!t->fallback || ((w->o->drive || run) && !t->drive) || (w->o->profile && !t->profile) ||
	    (w->o->step && !t->step))
		w->in->oom = true;
}

static void keep_idents(struct fr_inputs *in, const struct fr_manifest *mf)
{
	struct ident *v = realloc(in->idents, (in->nidents + 2 * mf->ndrives + 1) * sizeof(*v));

	if (!v) {
		in->oom = true;
		return;
	}
	in->idents = v;
	for (size_t i = 0; i < mf->ndrives; i++) {
		struct ident *id = &in->idents[in->nidents++];

		id->label = dup_or_null(mf->drives[i].label);
		id->model = dup_or_null(mf->drives[i].model);
		id->serial = dup_or_null(mf->drives[i].serial);
		id->firmware = dup_or_null(mf->drives[i].firmware);
		if (!mf->drives[i].entrant)
			continue;
		/* a host's drive of a --hosts run, under its own label */
		id = &in->idents[in->nidents++];
		id->label = dup_or_null(mf->drives[i].entrant);
		id->model = dup_or_null(mf->drives[i].model);
		id->serial = dup_or_null(mf->drives[i].serial);
		id->firmware = dup_or_null(mf->drives[i].firmware);
	}
}

static int walk_path(struct walk *w, const char *path, int depth);

static bool skip_entry(const struct walk *w, const char *dir, const char *name)
{
	if (name[0] == '.')
		return true;
	if (ends_with(name, ".engine.json"))
		return true;
	/* a manifest, readable or not, is reported as one, not as fio output */
	return !strcmp(name, "manifest.json") && w->mf_tried && !strcmp(dir, w->mf_tried);
}

/* A regular file met in the walk: fio output unless a rule says otherwise. */
static void visit_file(struct walk *w, const char *path, int depth, dev_t dev, ino_t ino,
		       const struct listing *ls)
{
	int r;

	/* inside a directory only *.json files are fio output candidates */
	if (depth > 0 && !ends_with(path, ".json"))
		return;
	/* Below a runner's manifest, the manifest says which files are fio
	 * output; the runner's other JSON (steady-state verdicts) is not. */
	if (depth > 0 && w->mf && !manifest_run(w, path))
		return;
	r = seen_insert(w->in, dev, ino);
	if (r < 0)
		w->in->oom = true;
	if (r > 0)
		plan_file(w, path, ls);
}

static void note_manifest(struct fr_inputs *in, const char *path)
{
	struct file_id *v;
	struct stat st;

	if (stat(path, &st))
		return;
	v = realloc(in->manifests, (in->nmanifests + 1) * sizeof(*v));
	if (!v) {
		in->oom = true;
		return;
	}
	in->manifests = v;
	v[in->nmanifests++] = (struct file_id){st.st_dev, st.st_ino, true};
}

/* The manifest's tree, for the stages that read more of it (root may be
 * NULL: not JSON; the reference passes to in). */
static void keep_manifest(struct fr_inputs *in, const char *path, struct json_object *root)
{
	if (!in->manifest_docs && !(in->manifest_docs = json_object_new_object())) {
		json_object_put(root);
		in->oom = true;
		return;
	}
	if (json_object_object_add(in->manifest_docs, path, root)) {
		json_object_put(root);
		in->oom = true;
	}
}

static bool read_dir_manifest(struct walk *w, const char *dir, struct fr_manifest *mf)
{
	struct json_object *root;
	char mpath[PATH_MAX], err[256];
	size_t len;
	char *buf;
	bool ok = false;

	snprintf(mpath, sizeof(mpath), "%s/manifest.json", dir);
	buf = fr_slurp(mpath, &len);
	if (!buf)
		return false;
	w->mf_tried = dir;
	note_manifest(w->in, mpath);
	root = fr_json_parse(buf, len, err, sizeof(err));
	free(buf);
	if (!root || fr_read_manifest_root(root, mf, err, sizeof(err)))
		problem(w->in, TASK_SKIP, mpath,
			"runner manifest not usable (%s); the outputs below it are read "
			"without it",
			err);
	else
		ok = true;
	keep_manifest(w->in, mpath, root);
	return ok;
}

static void walk_dir(struct walk *w, const char *dir, dev_t dev, int depth)
{
	struct walk inner = *w;
	struct listing ls;
	struct fr_manifest mf;
	bool have_mf = false;

	ls.n = scandir(dir, &ls.ents, NULL, by_name);
	if (ls.n < 0) {
		problem(w->in, TASK_SKIP, dir, "cannot list directory: %s", strerror(errno));
		return;
	}
	if (listed(&ls, "manifest.json"))
		have_mf = read_dir_manifest(&inner, dir, &mf);
	if (have_mf) {
		inner.mf = &mf;
		inner.mf_dir = dir;
	}
	for (int i = 0; i < ls.n; i++) {
		const struct dirent *e = ls.ents[i];
		char child[PATH_MAX];

		if (skip_entry(&inner, dir, e->d_name))
			continue;
		if (snprintf(child, sizeof(child), "%s/%s", dir, e->d_name) >= (int)sizeof(child)) {
			problem(w->in, TASK_SKIP, dir, "path of '%s' in it is longer than %d bytes",
				e->d_name, PATH_MAX);
			continue;
		}
		/* the listing's type and inode spare a stat() per file; links,
		 * directories (mount points) and unknown types are stat()ed */
		if (e->d_type == DT_REG)
			visit_file(&inner, child, depth + 1, dev, e->d_ino, &ls);
		else
			walk_path(&inner, child, depth + 1);
	}
	for (int i = 0; i < ls.n; i++)
		free(ls.ents[i]);
	free(ls.ents);
	if (have_mf) {
		keep_idents(w->in, &mf);
		fr_manifest_free(&mf);
	}
}

const char *fr_file_type(mode_t mode)
{
	return S_ISDIR(mode)	? "a directory"
	       : S_ISFIFO(mode) ? "a FIFO (named pipe)"
	       : S_ISSOCK(mode) ? "a socket"
	       : S_ISCHR(mode)	? "a character device"
	       : S_ISBLK(mode)	? "a block device"
	       : S_ISREG(mode)	? "a regular file"
				: "not a regular file";
}

static int walk_path(struct walk *w, const char *path, int depth)
{
	struct stat st;
	int r;

	/* stat() never opens: a FIFO is refused here by its type, not by
	 * blocking in open() */
	if (stat(path, &st)) {
		problem(w->in, TASK_SKIP, path, "cannot open: %s", strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		/* each directory once, however many links reach it (two
		 * symlinks to "." would otherwise make the walk exponential) */
		r = seen_insert(w->in, st.st_dev, st.st_ino);
		if (r < 0)
			w->in->oom = true;
		if (r <= 0)
			return 0;
		if (depth > MAX_DEPTH)
			problem(w->in, TASK_SKIP, path, "directory nesting deeper than %d",
				MAX_DEPTH);
		else
			walk_dir(w, path, st.st_dev, depth);
		return 0;
	}
	if (!S_ISREG(st.st_mode)) {
		/* in a directory only *.json names are candidates */
		if (depth == 0 || ends_with(path, ".json"))
			problem(w->in, TASK_SKIP, path, "is %s, not a regular file; not read",
				fr_file_type(st.st_mode));
		return 0;
	}
	visit_file(w, path, depth, st.st_dev, st.st_ino, NULL);
	return 0;
}

int fr_inputs_add(struct fr_inputs *in, const char *path, const struct fr_input_opts *o)
{
	struct walk w = {.in = in, .o = o};
	char root[PATH_MAX];
	size_t n;

	/* strip trailing slashes so "dir/" labels like "dir" */
	snprintf(root, sizeof(root), "%s", path);
	n = strlen(root);
	while (n > 1 && root[n - 1] == '/')
		root[--n] = '\0';
	w.root = root;
	walk_path(&w, root, 0);
	return in->oom ? -ENOMEM : 0;
}

bool fr_inputs_reads(const struct fr_inputs *in, dev_t dev, ino_t ino)
{
	struct stat st;

	for (size_t i = file_hash(dev, ino) & (in->seen_cap - 1); in->seen[i].used;
	     i = (i + 1) & (in->seen_cap - 1))
		if (in->seen[i].dev == dev && in->seen[i].ino == ino)
			return true;
	for (size_t i = 0; i < in->nmanifests; i++)
		if (in->manifests[i].dev == dev && in->manifests[i].ino == ino)
			return true;
	for (size_t i = 0; i < in->ntasks; i++)
		if (in->tasks[i].sidecar && !stat(in->tasks[i].sidecar, &st) && st.st_dev == dev &&
		    st.st_ino == ino)
			return true;
	return false;
}

size_t fr_inputs_pts_left(const struct fr_inputs *in)
{
	size_t n = 0;

	for (size_t i = 0; i < in->npts; i++)
		n += in->pts[i].n;
	return n;
}
