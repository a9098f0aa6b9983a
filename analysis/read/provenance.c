// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which drive and which run (provenance.h), from what the readers kept:
 * each step's engine file (fr_step.engine_doc) and the manifests the walk
 * read (fr_model.manifests).  A manifest above the inputs the walk did not
 * read (a results folder named below its top) is read here, once.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include <json-c/json.h>

#include "util/json_get.h"
#include "model/label.h"
#include "read/provenance.h"
#include "read/read_fio.h"
#include "util/slurp.h"

#define MAX_UP 8 /* directory levels searched for a manifest */

struct doc {
	char *path;
	struct json_object *root; /* NULL: absent or unreadable */
	/* a manifest's look-ups, made at its first use (manifest_index): a
	 * search of runs[] or drives[] per step made a results directory of
	 * many runs quadratic */
	bool indexed;
	struct json_object *runs_by_output;   /* "output" -> runs[] entry */
	struct json_object *drives_by_label;  /* "label" -> drives[] entry */
	struct json_object *precond_by_drive; /* "drive" -> [done, total] */
};

struct cache {
	struct doc *docs;
	size_t n, cap;
	struct json_object *by_path; /* path -> index in docs */
};

struct ctx {
	const struct fr_model *m;
	struct cache docs;
	/* directory -> index of its manifest in docs, -1 for none: each
	 * directory is looked at once, not once per file below it (a stat
	 * per level and file made 2,000 files cost 20,000 stat calls) */
	struct json_object *dir_mf;
};

/* ------------------------------------------------------------ caches */

/* The document at path: the walk's tree when it read the file (kept,
 * may be NULL), else read and parsed here once however often it is asked
 * for; NULL when out of memory.  Valid until the next doc_get. */
static struct doc *doc_get(struct cache *c, const struct fr_model *m, const char *path)
{
	struct json_object *root = NULL, *idx;
	struct doc *d;
	size_t len;
	char *buf, err[128];

	if (!c->by_path && !(c->by_path = json_object_new_object()))
		return NULL;
	if (json_object_object_get_ex(c->by_path, path, &idx))
		return &c->docs[json_object_get_int64(idx)];
	if (c->n == c->cap) {
		size_t ncap = c->cap ? 2 * c->cap : 16;
		struct doc *t = realloc(c->docs, ncap * sizeof(*t));

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

static void cache_free(struct cache *c)
{
	for (size_t i = 0; i < c->n; i++) {
		free(c->docs[i].path);
		json_object_put(c->docs[i].root);
		json_object_put(c->docs[i].runs_by_output);
		json_object_put(c->docs[i].drives_by_label);
		json_object_put(c->docs[i].precond_by_drive);
	}
	free(c->docs);
	json_object_put(c->by_path);
}

/* Appends w to the ", "-list buf unless it is there already. */
static void add_word(char *buf, size_t len, const char *w)
{
	size_t used = strlen(buf), wl;
	const char *p = buf;

	if (!w || !*w)
		return;
	wl = strlen(w);
	while ((p = strstr(p, w))) {
		if ((p == buf || p[-1] == ' ') && (p[wl] == '\0' || p[wl] == ','))
			return;
		p += wl;
	}
	snprintf(buf + used, len - used, "%s%s", used ? ", " : "", w);
}

/* ------------------------------------------------------------ manifest, engine file */

struct where {
	struct json_object *mf;	     /* manifest, or NULL */
	struct json_object *run;     /* its run entry for the source */
	struct json_object *mdrive;  /* its drives[] entry for the run's drive */
	struct json_object *eng;     /* engine file, or NULL */
	struct json_object *precond; /* the run's drive's [done, total], or NULL */
	const char *run_drive;	     /* the run's drive label in the manifest */
	char mf_dir[PATH_MAX];
};

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

/* A manifest's look-ups (struct doc), made once; false when out of memory. */
static bool manifest_index(struct doc *d)
{
	struct json_object *runs = fr_json_get(d->root, "runs");
	struct json_object *drives = fr_json_get(d->root, "drives");
	size_t nr = json_object_is_type(runs, json_type_array) ? json_object_array_length(runs) : 0;
	size_t nd =
		json_object_is_type(drives, json_type_array) ? json_object_array_length(drives) : 0;

	if (d->indexed)
		return d->runs_by_output && d->drives_by_label && d->precond_by_drive;
	d->indexed = true;
	d->runs_by_output = json_object_new_object();
	d->drives_by_label = json_object_new_object();
	d->precond_by_drive = json_object_new_object();
	if (!d->runs_by_output || !d->drives_by_label || !d->precond_by_drive)
		return false;
	for (size_t i = 0; i < nr; i++) {
		struct json_object *r = json_object_array_get_idx(runs, i);

		index_first(d->runs_by_output, fr_json_str(r, "output"), r);
		count_precond(d->precond_by_drive, r);
	}
	for (size_t i = 0; i < nd; i++) {
		struct json_object *dr = json_object_array_get_idx(drives, i);

		index_first(d->drives_by_label, fr_json_str(dr, "label"), dr);
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
static struct doc *dir_manifest(struct ctx *c, const char *dir)
{
	char path[PATH_MAX + 16];
	struct json_object *idx;
	struct json_object *known;
	struct doc *mf;
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

/* Where step st's run is described: its manifest entries and its engine
 * file (the one its reader read: the manifest's engine_output, else
 * "<step>.engine.json" beside the fio output). */
static void locate(struct ctx *c, const struct fr_step *st, struct where *w)
{
	const char *src = st->source;
	char dir[PATH_MAX];
	struct doc *mf;

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
		w->mdrive = lookup(mf->drives_by_label, w->run_drive);
		w->precond = lookup(mf->precond_by_drive, w->run_drive);
	}
	w->eng = st->engine_doc;
}

static enum fr_target kind_target(const char *kind, bool nvme)
{
	if (!kind)
		return FR_TARGET_UNKNOWN;
	if (!strcmp(kind, "nvme-char") || (!strcmp(kind, "block") && nvme))
		return FR_TARGET_NAMESPACE;
	if (!strcmp(kind, "block"))
		return FR_TARGET_BLOCK;
	return !strcmp(kind, "file") ? FR_TARGET_FILE : FR_TARGET_UNKNOWN;
}

/* What the target was: the engine file's files[] (the least drive-like
 * wins), else the manifest's drive entry; both read the device itself. */
static enum fr_target target_of(const struct where *w, unsigned *group)
{
	struct json_object *files = fr_json_get(w->eng, "files");
	size_t n =
		json_object_is_type(files, json_type_array) ? json_object_array_length(files) : 0;
	enum fr_target t = FR_TARGET_UNKNOWN;
	char serials[512] = "";

	*group = 0;
	for (size_t i = 0; i < n; i++) {
		struct json_object *f = json_object_array_get_idx(files, i);
		enum fr_target k =
			kind_target(fr_json_str(f, "kind"), fr_json_str(f, "controller") != NULL);
		size_t before = strlen(serials);

		t = i == 0 || k > t || k == FR_TARGET_UNKNOWN ? k : t;
		add_word(serials, sizeof(serials), fr_json_str(f, "serial"));
		*group += strlen(serials) != before;
	}
	if (n)
		return t;
	return w->mdrive ? kind_target(fr_json_str(w->mdrive, "kind"),
				       fr_json_str(w->mdrive, "controller") != NULL)
			 : FR_TARGET_UNKNOWN;
}

/* ------------------------------------------------------------ per drive */

static void json_word(char *buf, size_t len, struct json_object *o, const char *key)
{
	struct json_object *v = fr_json_get(o, key);
	char num[32];

	if (!v || json_object_is_type(v, json_type_null))
		return;
	if (json_object_is_type(v, json_type_string)) {
		add_word(buf, len, json_object_get_string(v));
	} else if (json_object_is_type(v, json_type_int)) {
		snprintf(num, sizeof(num), "%" PRId64, json_object_get_int64(v));
		add_word(buf, len, num);
	}
}

static void capacity_word(char *buf, size_t len, struct json_object *o)
{
	double b = fr_json_num(o, "capacity_bytes");
	char w[64];

	if (isnan(b) || b <= 0)
		return;
	if (b >= 1e12)
		snprintf(w, sizeof(w), "%.0f B (%.2f TB)", b, b / 1e12);
	else if (b >= 1e9)
		snprintf(w, sizeof(w), "%.0f B (%.2f GB)", b, b / 1e9);
	else
		snprintf(w, sizeof(w), "%.0f B (%.1f MiB)", b, b / 1048576.0);
	add_word(buf, len, w);
}

/* A file's metadata, PI and the run's PI mode (engine file "pi"). */
static void pi_words(struct fr_prov_drive *pd, struct json_object *f)
{
	struct json_object *pi = fr_json_get(f, "pi"), *mode = fr_json_get(pi, "mode");
	const char *layout = fr_json_str(pi, "metadata_layout");
	double type = fr_json_num(pi, "type"), ms = fr_json_num(f, "metadata_size");
	char fmt[128] = "", m[96] = "", w[232];

	if (!pi || !layout)
		return;
	if (!strcmp(layout, "none"))
		snprintf(fmt, sizeof(fmt), "no metadata");
	else if (isnan(type) || type == 0)
		snprintf(fmt, sizeof(fmt), "%.0f B %s metadata, no PI", ms, layout);
	else
		snprintf(fmt, sizeof(fmt),
			 "PI type %.0f, %.0f-bit guard, PI %s, %.0f B %s metadata", type,
			 fr_json_num(pi, "guard_bits"), fr_json_str(pi, "location") ?: "?", ms,
			 layout);
	if (mode)
		snprintf(m, sizeof(m), "pi_act=%.0f pi_chk=%s", fr_json_num(mode, "pi_act"),
			 fr_json_str(mode, "pi_chk") ?: "?");
	snprintf(w, sizeof(w), "%s%s%s", fmt, *m ? "; " : "", m);
	add_word(pd->pi, sizeof(pd->pi), w);
	/* the mode alone, with no comma (pi_summary() splits on them) */
	for (char *c = m; *c; c++)
		if (*c == ',')
			*c = '+';
	add_word(pd->pi_modes, sizeof(pd->pi_modes), *m ? m : "no PI");
}

/* Identity from the engine file's files[] (what the engine read from the
 * controller), else the manifest's drive entry. */
static void identity(struct fr_prov_drive *pd, const struct where *w)
{
	struct json_object *files = fr_json_get(w->eng, "files");
	size_t n =
		json_object_is_type(files, json_type_array) ? json_object_array_length(files) : 0;

	for (size_t i = 0; i < (n ? n : 1); i++) {
		struct json_object *f = n ? json_object_array_get_idx(files, i) : w->mdrive;

		if (!f)
			continue;
		json_word(pd->model, sizeof(pd->model), f, "model");
		json_word(pd->serial, sizeof(pd->serial), f, "serial");
		json_word(pd->firmware, sizeof(pd->firmware), f, "firmware");
		json_word(pd->lba, sizeof(pd->lba), f, "lba_size");
		json_word(pd->target, sizeof(pd->target), f, "kind");
		capacity_word(pd->capacity, sizeof(pd->capacity), f);
		if (n)
			pi_words(pd, f);
	}
	if (w->mdrive) {
		char node[160];

		snprintf(node, sizeof(node), "%s%s%s", fr_json_str(w->mdrive, "path") ?: "",
			 fr_json_str(w->mdrive, "host") ? " on " : "",
			 fr_json_str(w->mdrive, "host") ?: "");
		add_word(pd->node, sizeof(pd->node), node);
		json_word(pd->host, sizeof(pd->host), w->mdrive, "host");
	}
}

static void steady_state(struct fr_prov_drive *pd, const struct where *w)
{
	struct json_object *ss =
		fr_json_get(fr_json_get(w->mf, "steady_state"), fr_json_str(w->run, "drive"));
	struct json_object *steady = fr_json_get(ss, "steady");
	double rounds = fr_json_num(ss, "rounds");
	const char *reason = fr_json_str(ss, "reason");
	bool reached = steady && json_object_get_boolean(steady);
	char v[192];

	if (!ss)
		return;
	snprintf(v, sizeof(v), "%s after %.0f round%s%s%s%s", reached ? "reached" : "NOT reached",
		 isnan(rounds) ? 0 : rounds, rounds == 1 ? "" : "s", reason ? " (" : "",
		 reason ? reason : "", reason ? ")" : "");
	add_word(pd->steady, sizeof(pd->steady), v);
	pd->steady_not_reached |= !reached;
}

/* fio's own steady-state verdict (--ss) of a step's jobs: shown beside
 * the runner's, and "not attained" counts as the runner's "NOT reached". */
static void fio_steady_state(struct fr_prov_drive *pd, const struct fr_profile *pr,
			     const struct fr_step *st)
{
	char v[192];

	if (st->fio_ss == FR_SS_NONE)
		return;
	snprintf(v, sizeof(v), "fio --ss=%s %s (%s %s)", st->fio_ss_what,
		 st->fio_ss == FR_SS_ATTAINED ? "attained" : "NOT attained", pr->name, st->name);
	add_word(pd->steady, sizeof(pd->steady), v);
	pd->steady_not_reached |= st->fio_ss == FR_SS_NOT_ATTAINED;
}

/* Preconditioning runs of the drive recorded in the manifest. */
static void preconditioning(struct fr_prov_drive *pd, const struct where *w)
{
	unsigned done, total;
	char v[96];

	if (!w->precond)
		return;
	done = (unsigned)json_object_get_int(json_object_array_get_idx(w->precond, 0));
	total = (unsigned)json_object_get_int(json_object_array_get_idx(w->precond, 1));
	if (!total)
		return;
	snprintf(v, sizeof(v), "%u of %u preconditioning runs done", done, total);
	add_word(pd->precond, sizeof(pd->precond), v);
}

/* The namespace id a target of the run names: the manifest drive's own
 * path has its recorded nsid; a sibling node of the same controller that
 * the runner named after a namespace id ("/dev/ng0n4" beside "/dev/ng0n1",
 * the io_uring_cmd check's one job per namespace) has that id.  0: not
 * known. */
static unsigned target_nsid(const char *t, size_t len, const char *path, unsigned nsid)
{
	size_t stem = strlen(path);
	unsigned long v = 0;

	if (len == stem && !strncmp(t, path, len))
		return nsid;
	while (stem && path[stem - 1] >= '0' && path[stem - 1] <= '9')
		stem--;
	if (!stem || path[stem - 1] != 'n' || len <= stem || strncmp(t, path, stem))
		return 0;
	for (size_t i = stem; i < len; i++) {
		if (t[i] < '0' || t[i] > '9' || v > 1u << 20)
			return 0;
		v = v * 10 + (unsigned long)(t[i] - '0');
	}
	return (unsigned)v;
}

/*
 * The namespaces one step's runs used, added to the ", "-list buf: the
 * engine file's files[] (what the engine opened, from the device), else the
 * step's fio filename= targets read against the manifest's drive entry,
 * else that entry's nsid.
 */
static void step_namespaces(char *buf, size_t len, const struct where *w, const struct fr_step *st)
{
	struct json_object *files = fr_json_get(w->eng, "files");
	size_t n =
		json_object_is_type(files, json_type_array) ? json_object_array_length(files) : 0;
	const char *path = fr_json_str(w->mdrive, "path");
	double nsid = fr_json_num(w->mdrive, "nsid");
	bool named = false;

	for (size_t i = 0; i < n; i++)
		json_word(buf, len, json_object_array_get_idx(files, i), "nsid");
	if (n)
		return;
	for (const char *t = st->targets; t && *t && path && nsid >= 1;) {
		size_t tl = strcspn(t, ":");
		unsigned id = target_nsid(t, tl, path, (unsigned)nsid);
		char num[16];

		if (id) {
			snprintf(num, sizeof(num), "%u", id);
			add_word(buf, len, num);
			named = true;
		}
		t += tl + (t[tl] == ':');
	}
	if (!named)
		json_word(buf, len, w->mdrive, "nsid");
}

/* src: the step whose fio output's version and time stand in where no
 * manifest or engine file says them, or NULL. */
static void run_facts(struct fr_prov_drive *pd, const struct where *w, const struct fr_step *src)
{
	struct json_object *sys = fr_json_get(w->mf, "system");
	const char *eng = w->eng ? fr_json_str(w->eng, "engine_version") : NULL;
	char e[128], d[160];

	add_word(pd->fio, sizeof(pd->fio),
		 w->eng ? fr_json_str(w->eng, "fio_version") : fr_json_str(w->mf, "fio_version"));
	if (!*pd->fio && src && src->fio_version)
		add_word(pd->fio, sizeof(pd->fio), src->fio_version);
	snprintf(e, sizeof(e), "%s%s%s", w->run ? fr_json_str(w->run, "engine") ?: "" : "",
		 eng ? " " : "", eng ? eng : "");
	if (w->eng && !w->run)
		snprintf(e, sizeof(e), "ssdnvme%s%s", eng ? " " : "", eng ? eng : "");
	add_word(pd->engine, sizeof(pd->engine), e);
	add_word(pd->mode, sizeof(pd->mode), fr_json_str(w->mf, "mode"));
	add_word(pd->cpu, sizeof(pd->cpu), fr_json_str(sys, "cpu"));
	add_word(pd->kernel, sizeof(pd->kernel), fr_json_str(sys, "kernel"));
	if (w->mf && fr_json_str(w->mf, "started")) {
		snprintf(d, sizeof(d), "%s .. %s", fr_json_str(w->mf, "started"),
			 fr_json_str(w->mf, "finished") ?: "(not finished)");
		add_word(pd->dates, sizeof(pd->dates), d);
	} else if (src && src->timestamp > 0) {
		if (!pd->first_s || src->timestamp < pd->first_s)
			pd->first_s = src->timestamp;
		if (src->timestamp > pd->last_s)
			pd->last_s = src->timestamp;
	}
	/* the same for every step of a drive in one manifest: said once (a
	 * loop over all runs per step made a big results directory quadratic) */
	if (w->mf && (w->mf != pd->facts_mf || !w->run_drive || !pd->facts_drive ||
		      strcmp(w->run_drive, pd->facts_drive))) {
		steady_state(pd, w);
		preconditioning(pd, w);
		pd->facts_mf = w->mf;
		pd->facts_drive = w->run_drive;
	}
}

/* fio's timestamps of the drive's outputs as "first .. last" (UTC), after
 * any dates a manifest gave. */
static void fio_dates(struct fr_prov_drive *pd)
{
	char a[32], b[32], w[96];
	time_t t0 = (time_t)pd->first_s, t1 = (time_t)pd->last_s;
	struct tm tm;

	if (!pd->first_s)
		return;
	strftime(a, sizeof(a), "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&t0, &tm));
	strftime(b, sizeof(b), "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&t1, &tm));
	if (t0 == t1)
		snprintf(w, sizeof(w), "%s (fio output)", a);
	else
		snprintf(w, sizeof(w), "%s .. %s (fio outputs)", a, b);
	add_word(pd->dates, sizeof(pd->dates), w);
}

static void fill_unrecorded(struct fr_prov_drive *pd)
{
	char *const fields[] = {pd->model,	pd->serial, pd->firmware, pd->capacity, pd->lba,
				pd->namespaces, pd->target, pd->host,	  pd->cpu,	pd->kernel,
				pd->fio,	pd->engine, pd->dates,	  pd->mode,	pd->method,
				pd->precond,	pd->steady};

	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		if (!*fields[i])
			strcpy(fields[i], "not recorded");
}

/* The curve step rank.c takes as the peak (highest IOPS, MB/s for
 * sequential profiles): the one placing compares. */
static const struct fr_step *peak_step(const struct fr_profile *pr)
{
	bool by_mbps = fr_profile_by_mbps(pr->name);
	const struct fr_step *best = NULL;

	for (size_t s = 0; s < pr->nsteps; s++) {
		const struct fr_step *st = &pr->steps[s];
		double v = by_mbps ? fr_step_mbps(st) : fr_step_iops(st);

		if (st->kind == FR_KIND_CURVE &&
		    (!best || v > (by_mbps ? fr_step_mbps(best) : fr_step_iops(best))))
			best = st;
	}
	return best;
}

/* "4k-randread: 128 outstanding, 4 KiB, 100 % read, 30 s steps" */
static void method_text(char *buf, size_t len, const char *profile, const struct fr_method *me)
{
	char bs[32] = "mixed sizes", rd[32] = "read share unknown", t[32] = "step time unknown";

	if (me->bs && me->bs % 1024 == 0)
		snprintf(bs, sizeof(bs), "%u KiB", me->bs / 1024);
	else if (me->bs)
		snprintf(bs, sizeof(bs), "%u B", me->bs);
	if (me->read_pct >= 0)
		snprintf(rd, sizeof(rd), "%d %% read", me->read_pct);
	if (me->step_s > 0)
		/* whole seconds as the methods state them; a run under a
		 * second is not "0 s" */
		snprintf(t, sizeof(t), me->step_s >= 1 ? "%.0f s steps" : "%.2g s steps",
			 me->step_s);
	snprintf(buf, len, "%s: %u outstanding, %s, %s, %s", profile, me->outstanding, bs, rd, t);
}

static void drive_steps(struct ctx *c, struct fr_drive *d, struct fr_prov_drive *pd)
{
	for (size_t p = 0; p < d->nprofiles; p++) {
		struct fr_profile *pr = &d->profiles[p];
		const struct fr_step *peak = peak_step(pr);
		bool described = false;

		for (size_t s = 0; s < pr->nsteps; s++) {
			struct fr_step *st = &pr->steps[s];
			struct where w;
			unsigned group;

			if (!st->source)
				continue;
			locate(c, st, &w);
			/* the peak's method is the one compared and described
			 * (the reader filled what the fio options say); its fio
			 * version and date stand in where no manifest or engine
			 * file says them */
			identity(pd, &w);
			fio_steady_state(pd, pr, st);
			step_namespaces(pd->namespaces, sizeof(pd->namespaces), &w, st);
			run_facts(pd, &w, st == peak ? st : NULL);
			if (!st->method.known)
				continue;
			/* every step the fio options described: noisy neighbor
			 * compares its readers' steps, a curve its peak */
			st->method.target = target_of(&w, &group);
			st->method.short_mode = fr_json_str(w.mf, "mode") &&
						!strcmp(fr_json_str(w.mf, "mode"), "short");
			if (st != peak)
				continue;
			if (group > d->group)
				d->group = group;
			if (!described && st->method.known) {
				char t[200];

				method_text(t, sizeof(t), pr->name, &st->method);
				add_word(pd->method, sizeof(pd->method), t);
				described = true;
			}
		}
	}
}

static int cmp_uint(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;

	return x < y ? -1 : x > y;
}

/* "4, 5, 1" -> "1<sep>4<sep>5" */
static void ns_list(const char *in, char *out, size_t len, const char *sep)
{
	unsigned ids[64];
	size_t n = 0, used = 0;

	for (const char *p = in; *p && n < 64;) {
		char *end;
		unsigned long v = strtoul(p, &end, 10);

		if (end == p)
			break;
		ids[n++] = (unsigned)v;
		p = end + strspn(end, ", ");
	}
	qsort(ids, n, sizeof(*ids), cmp_uint);
	*out = '\0';
	for (size_t i = 0; i < n && used < len; i++) {
		int k = snprintf(out + used, len - used, "%s%u", i ? sep : "", ids[i]);

		used += k > 0 ? (size_t)k : 0;
	}
}

/* One model and one serial recorded for the drive. */
static bool one_identity(const struct fr_prov_drive *pd)
{
	return *pd->serial && *pd->model && !strchr(pd->serial, ',') && !strchr(pd->model, ',') &&
	       strcmp(pd->serial, "not recorded") && strcmp(pd->model, "not recorded");
}

/* "QEMU NVMe Ctrl deadbeef ns1,4" + suffix (ns: sorted ","-list) */
static void ident_label(char *buf, size_t len, const struct fr_prov_drive *pd, const char *ns,
			const char *suffix)
{
	snprintf(buf, len, "%s %s%s%s%s", pd->model, pd->serial, *ns ? " ns" : "", ns, suffix);
}

/* "ng0n1" (the runner's default: the device node's name) -> "QEMU NVMe
 * Ctrl deadbeef ns1", keeping a suffix such as " (io_uring_cmd)"; a drive
 * whose runs used several namespaces lists them ("ns1,2,3,4,5,6"). */
static int relabel(struct fr_model *m, struct fr_drive *d, const struct fr_prov_drive *pd,
		   const char *node_label)
{
	char label[512], ns[128];
	size_t nl = strlen(node_label);
	char *dup;

	if (strncmp(d->label, node_label, nl) || !one_identity(pd))
		return 0;
	ns_list(pd->namespaces, ns, sizeof(ns), ",");
	ident_label(label, sizeof(label), pd, ns, d->label + nl);
	if (fr_model_find_drive(m, label) || !(dup = strdup(label)))
		return fr_model_find_drive(m, label) ? 0 : -ENOMEM;
	free(d->label);
	d->label = dup;
	return 0;
}

/* The runner's label of a drive named after its device node, or NULL. */
static const char *node_label(struct ctx *c, const struct fr_drive *d)
{
	for (size_t p = 0; p < d->nprofiles; p++)
		for (size_t s = 0; s < d->profiles[p].nsteps; s++) {
			const struct fr_step *st = &d->profiles[p].steps[s];
			const char *path, *label, *base;
			struct where w;

			if (!st->source)
				continue;
			locate(c, st, &w);
			label = fr_json_str(w.mdrive, "label");
			path = fr_json_str(w.mdrive, "path");
			base = path ? strrchr(path, '/') : NULL;
			return label && base && !strcmp(base + 1, label) ? label : NULL;
		}
	return NULL;
}

/* The namespaces one profile's runs used, sorted: "1" or "1,2,3,4,5,6". */
static void profile_namespaces(struct ctx *c, const struct fr_profile *pr, char *out, size_t len)
{
	char list[sizeof(((struct fr_prov_drive *)0)->namespaces)] = "";

	for (size_t s = 0; s < pr->nsteps; s++) {
		struct where w;

		if (!pr->steps[s].source)
			continue;
		locate(c, &pr->steps[s], &w);
		step_namespaces(list, sizeof(list), &w, &pr->steps[s]);
	}
	ns_list(list, out, len, ",");
}

/*
 * A runner's drive whose results used different namespaces (make demo's
 * 4k-randread curve on ns1, its noisy neighbor on ns1-6) is split into one
 * drive per set, each labelled with its own namespaces, so that no result
 * is shown under namespaces it did not run on.  Profiles keep their steps.
 */
static int split_by_namespaces(struct ctx *c, struct fr_model *m, size_t di)
{
	struct fr_prov_drive pd = {0};
	const char *nl = node_label(c, &m->drives[di]);
	char first[128], ns[128], label[512];
	size_t nll;

	if (!nl || m->drives[di].nprofiles < 2 || strncmp(m->drives[di].label, nl, strlen(nl)))
		return 0;
	nll = strlen(nl);
	drive_steps(c, &m->drives[di], &pd);
	if (!one_identity(&pd))
		return 0;
	profile_namespaces(c, &m->drives[di].profiles[0], first, sizeof(first));
	for (size_t p = 1; p < m->drives[di].nprofiles;) {
		profile_namespaces(c, &m->drives[di].profiles[p], ns, sizeof(ns));
		if (!strcmp(ns, first)) {
			p++;
			continue;
		}
		ident_label(label, sizeof(label), &pd, ns, m->drives[di].label + nll);
		if (fr_model_move_profile(m, di, p, label))
			return -ENOMEM;
	}
	return 0;
}

/* Whether any drive has PI facts, and every distinct PI mode of the report. */
static void pi_summary(struct fr_prov *p)
{
	bool any = false;
	size_t i;

	for (i = 0; i < p->ndrives; i++)
		any |= *p->drives[i].pi != '\0';
	for (i = 0; i < p->ndrives && any; i++) {
		char *modes = p->drives[i].pi_modes, *tok, *save = NULL;

		p->drives[i].show_pi = true;
		/* modes are ", "-joined; a mode holds no ", " */
		for (tok = strtok_r(modes, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
			size_t before = strlen(p->pi_modes);

			add_word(p->pi_modes, sizeof(p->pi_modes), tok + (*tok == ' '));
			if (strlen(p->pi_modes) != before)
				p->npi_modes++;
		}
	}
}

int fr_prov_collect(struct fr_model *m, struct fr_prov *p)
{
	struct ctx c = {.m = m};
	int ret = 0;

	memset(p, 0, sizeof(*p));
	for (size_t i = 0, n = m->ndrives; i < n && !ret; i++)
		if (!m->drives[i].reference)
			ret = split_by_namespaces(&c, m, i);
	if (!ret && !(p->drives = calloc(m->ndrives + 1, sizeof(*p->drives))))
		ret = -ENOMEM;
	for (size_t i = 0; !ret && i < m->ndrives; i++) {
		struct fr_drive *d = &m->drives[i];
		struct fr_prov_drive *pd = &p->drives[p->ndrives];
		const char *nl;

		if (d->reference)
			continue;
		p->ndrives++;
		drive_steps(&c, d, pd);
		if (*pd->namespaces) { /* in order, not in the order the runs named them */
			char sorted[sizeof(pd->namespaces)];

			ns_list(pd->namespaces, sorted, sizeof(sorted), ", ");
			memcpy(pd->namespaces, sorted, sizeof(sorted));
		}
		fio_dates(pd);
		fill_unrecorded(pd);
		nl = node_label(&c, d);
		if (nl)
			ret = relabel(m, d, pd, nl);
		pd->drive = d;
		p->steady_not_reached |= pd->steady_not_reached;
	}
	pi_summary(p);
	cache_free(&c.docs);
	json_object_put(c.dir_mf);
	return ret;
}

void fr_prov_free(struct fr_prov *p)
{
	free(p->drives);
	memset(p, 0, sizeof(*p));
}

bool fr_prov_warn_steady(const struct fr_prov *p, FILE *f)
{
	for (size_t i = 0; f && i < p->ndrives; i++)
		if (p->drives[i].steady_not_reached)
			fprintf(f, "fiorank: %s: steady state %s\n", p->drives[i].drive->label,
				p->drives[i].steady);
	return p->steady_not_reached;
}

bool fr_prov_warn_pi(const struct fr_prov *p, FILE *f)
{
	if (p->npi_modes < 2)
		return false;
	if (f)
		fprintf(f,
			"fiorank: the report compares runs of different PI modes (%s): their "
			"figures "
			"are not like for like\n",
			p->pi_modes);
	return true;
}

const struct fr_prov_drive *fr_prov_find(const struct fr_prov *p, const struct fr_drive *d)
{
	for (size_t i = 0; p && i < p->ndrives; i++)
		if (p->drives[i].drive == d)
			return &p->drives[i];
	return NULL;
}

size_t fr_prov_fields(const struct fr_prov_drive *d, struct fr_prov_field *out, size_t max)
{
	const struct fr_prov_field all[] = {
		{"model", d->model},
		{"serial", d->serial},
		{"firmware", d->firmware},
		{"capacity", d->capacity},
		{"lba_size", d->lba},
		{"namespaces", d->namespaces},
		{"target", d->target},
		{"device", *d->node ? d->node : "not recorded"},
		{"host", d->host},
		{"cpu", d->cpu},
		{"kernel", d->kernel},
		{"fio", d->fio},
		{"engine", d->engine},
		{"date", d->dates},
		{"mode", d->mode},
		{"method", d->method},
		{"preconditioning", d->precond},
		{"steady_state", d->steady},
	};
	size_t n = sizeof(all) / sizeof(all[0]);

	n = n < max ? n : max;
	memcpy(out, all, n * sizeof(*out));
	/* metadata and PI: in reports that have them */
	if (d->show_pi && n < max)
		out[n++] = (struct fr_prov_field){"protection", *d->pi ? d->pi : "not recorded"};
	return n;
}
