// SPDX-License-Identifier: GPL-2.0-only
/*
 * The engine's JSON results file.
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "results.h"

struct results {
	json_object *root;
	json_object *files;
};

static const char *const reserved_keys[] = {
	"schema", "fio_version", "engine_version", "job", "files", "run", "jobs"};

struct results *results_new(const char *fio_version, const char *engine_version, const char *job)
{
	struct results *r = calloc(1, sizeof(*r));

	if (!r)
		return NULL;
	r->root = json_object_new_object();
	r->files = json_object_new_array();
	json_object_object_add(r->root, "schema", json_object_new_string(RESULTS_SCHEMA));
	json_object_object_add(r->root, "fio_version", json_object_new_string(fio_version));
	json_object_object_add(r->root, "engine_version", json_object_new_string(engine_version));
	json_object_object_add(r->root, "job", json_object_new_string(job ? job : ""));
	json_object_object_add(r->root, "files", r->files);
	return r;
}

void results_free(struct results *r)
{
	if (!r)
		return;
	json_object_put(r->root);
	free(r);
}

/* A string, or null when the value is unknown (empty). */
static json_object *str_or_null(const char *s)
{
	return s && *s ? json_object_new_string(s) : NULL;
}

/*
 * Protection information: the namespace's (DPS, guard format) and what the
 * run did with it (pi_act, pi_chk, tags).  null mode: no metadata.
 */
static json_object *pi_identity(const struct ns_info *ni)
{
	json_object *pi = json_object_new_object(), *mode = NULL;
	char chk[32];

	json_object_object_add(pi, "type", json_object_new_int(ni->ms ? ni->pi_type : 0));
	json_object_object_add(pi, "location",
			       ni->ms && ni->pi_type
				       ? json_object_new_string(ni->pi_first ? "first" : "last")
				       : NULL);
	json_object_object_add(pi, "guard_bits",
			       ni->ms && ni->pi_type
				       ? json_object_new_int(ni->pif == PI_GUARD_64   ? 64
							     : ni->pif == PI_GUARD_32 ? 32
										      : 16)
				       : NULL);
	json_object_object_add(pi, "pif", json_object_new_int(ni->pif));
	json_object_object_add(pi, "storage_tag_bits", json_object_new_int(ni->sts));
	json_object_object_add(pi, "elbaf_known", json_object_new_boolean(ni->elbaf_known));
	json_object_object_add(pi, "metadata_layout",
			       json_object_new_string(!ni->ms		? "none"
						      : ni->ms_extended ? "extended"
									: "separate"));
	if (ni->pi_mode_set && ni->ms && ni->pi_type) {
		mode = json_object_new_object();
		pi_chk_string(ni->pi_mode.chk, chk, sizeof(chk));
		json_object_object_add(mode, "pi_act", json_object_new_int(ni->pi_mode.act));
		json_object_object_add(mode, "pi_chk", json_object_new_string(chk));
		json_object_object_add(mode, "apptag", json_object_new_int(ni->pi_mode.apptag));
		json_object_object_add(mode, "apptag_mask",
				       json_object_new_int(ni->pi_mode.apptag_mask));
	}
	json_object_object_add(pi, "mode", mode);
	return pi;
}

int results_add_file(struct results *r, const struct ns_info *ni)
{
	json_object *f = json_object_new_object();
	bool id = ni->identified;

	json_object_object_add(f, "path", json_object_new_string(ni->path));
	json_object_object_add(f, "kind", json_object_new_string(ns_kind_name(ni->kind)));
	json_object_object_add(f, "controller", str_or_null(ni->controller));
	json_object_object_add(f, "model", id ? str_or_null(ni->model) : NULL);
	json_object_object_add(f, "serial", id ? str_or_null(ni->serial) : NULL);
	json_object_object_add(f, "firmware", id ? str_or_null(ni->firmware) : NULL);
	json_object_object_add(f, "nsid", id ? json_object_new_int64(ni->nsid) : NULL);
	json_object_object_add(f, "lba_size",
			       ni->lba_size ? json_object_new_int64(ni->lba_size) : NULL);
	json_object_object_add(f, "metadata_size", id ? json_object_new_int64(ni->ms) : NULL);
	json_object_object_add(f, "metadata_extended",
			       id ? json_object_new_boolean(ni->ms_extended) : NULL);
	json_object_object_add(f, "dlfeat", id ? json_object_new_int(ni->dlfeat) : NULL);
	json_object_object_add(f, "pi", id ? pi_identity(ni) : NULL);
	json_object_object_add(f, "capacity_lbas",
			       ni->capacity_lbas ? json_object_new_int64((int64_t)ni->capacity_lbas)
						 : NULL);
	json_object_object_add(
		f, "capacity_bytes",
		ni->capacity_bytes ? json_object_new_int64((int64_t)ni->capacity_bytes) : NULL);
	return json_object_array_add(r->files, f);
}

int results_add_section(struct results *r, const char *name, json_object *section)
{
	size_t i;

	for (i = 0; i < sizeof(reserved_keys) / sizeof(reserved_keys[0]); i++)
		if (!strcmp(name, reserved_keys[i]))
			goto refuse;
	if (json_object_object_get_ex(r->root, name, NULL))
		goto refuse;
	json_object_object_add(r->root, name, section);
	return 0;
refuse:
	json_object_put(section);
	return -1;
}

int results_write(const struct results *r, const char *path, const struct safefile_deny *deny,
		  char *msg, size_t len)
{
	const char *text;
	struct safefile *sf;
	char why[RESULTS_MSG_LEN];
	int err;

	text = json_object_to_json_string_ext(r->root, JSON_C_TO_STRING_PRETTY |
							       JSON_C_TO_STRING_NOSLASHESCAPE);
	if (!text) {
		snprintf(msg, len, "results %s not written: out of memory", path);
		return -ENOMEM;
	}
	sf = safefile_create("", path, deny, why, sizeof(why));
	if (!sf) {
		snprintf(msg, len, "results not written: %s", why);
		return -errno;
	}
	err = safefile_write(sf, text, strlen(text));
	if (!err)
		err = safefile_write(sf, "\n", 1);
	if (err) {
		snprintf(msg, len, "results %s not written (%s): %s", path, safefile_tmp_path(sf),
			 strerror(-err));
		safefile_abort(sf);
		return err;
	}
	err = safefile_commit(sf, why, sizeof(why));
	if (err)
		snprintf(msg, len, "results not written: %s", why);
	return err;
}

/* Whether FILES already lists PATH. */
static bool lists_path(json_object *files, const char *path)
{
	size_t i, n = json_object_array_length(files);
	json_object *p;

	for (i = 0; i < n; i++)
		if (json_object_object_get_ex(json_object_array_get_idx(files, i), "path", &p) &&
		    !strcmp(json_object_get_string(p), path))
			return true;
	return false;
}

/* A new array: OLD's elements (ours too, shared), then those of MINE that
 * UNIQUE_PATHS does not find among them. */
static json_object *concat(json_object *old, json_object *mine, bool unique_paths)
{
	json_object *out = json_object_new_array(), *e, *p;
	size_t i, n;

	if (!out)
		return NULL;
	n = old && json_object_is_type(old, json_type_array) ? json_object_array_length(old) : 0;
	for (i = 0; i < n; i++)
		json_object_array_add(out, json_object_get(json_object_array_get_idx(old, i)));
	n = mine ? json_object_array_length(mine) : 0;
	for (i = 0; i < n; i++) {
		e = json_object_array_get_idx(mine, i);
		if (unique_paths && json_object_object_get_ex(e, "path", &p) &&
		    lists_path(old, json_object_get_string(p)))
			continue;
		json_object_array_add(out, json_object_get(e));
	}
	return out;
}

/* "tags": the earlier jobs' keys first; the rest of the section is ours. */
static void merge_tags(json_object *root, json_object *old_root)
{
	json_object *old_tags, *tags, *old_keys = NULL, *keys = NULL;

	if (!json_object_object_get_ex(old_root, "tags", &old_tags) ||
	    !json_object_is_type(old_tags, json_type_object))
		return;
	if (!json_object_object_get_ex(root, "tags", &tags)) {
		json_object_object_add(root, "tags", json_object_get(old_tags));
		return;
	}
	json_object_object_get_ex(old_tags, "keys", &old_keys);
	json_object_object_get_ex(tags, "keys", &keys);
	json_object_object_add(tags, "keys", concat(old_keys, keys, false));
}

/* "health": keyed by job and thread; the earlier jobs' entries first, then ours. */
static void merge_health(json_object *root, json_object *old_root)
{
	json_object *old_health, *health = NULL, *out;

	if (!json_object_object_get_ex(old_root, "health", &old_health) ||
	    !json_object_is_type(old_health, json_type_object))
		return;
	json_object_object_get_ex(root, "health", &health);
	out = json_object_new_object();
	if (!out)
		return;
	json_object_object_foreach(old_health, old_key, old_entry)
	{
		json_object_object_add(out, old_key, json_object_get(old_entry));
	}
	if (health && json_object_is_type(health, json_type_object)) {
		json_object_object_foreach(health, key, entry)
		{
			json_object_object_add(out, key, json_object_get(entry));
		}
	}
	json_object_object_add(root, "health", out);
}

static void merge_run(struct results *r, json_object *old_root)
{
	json_object *old_files = NULL, *old_jobs = NULL, *jobs = NULL, *job;

	json_object_object_get_ex(old_root, "files", &old_files);
	r->files = concat(old_files, r->files, true);
	json_object_object_add(r->root, "files", r->files);
	json_object_object_get_ex(old_root, "jobs", &old_jobs);
	json_object_object_get_ex(r->root, "jobs", &jobs);
	json_object_object_add(r->root, "jobs", concat(old_jobs, jobs, false));
	/* "job" stays the first writer's: a single-job run reads as before */
	if (json_object_object_get_ex(old_root, "job", &job))
		json_object_object_add(r->root, "job", json_object_get(job));
	merge_tags(r->root, old_root);
	merge_health(r->root, old_root);
}

/*
 * The JSON in the regular file at PATH (a symlink to one is followed), NULL
 * for anything else: a device behind the results path is never read.
 */
static json_object *read_regular(const char *path)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	json_object *j = NULL;
	struct stat st;

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
		j = json_object_from_fd(fd);
	close(fd);
	return j;
}

/* The results file at PATH if it is ours (any run), else NULL. */
static json_object *ours(const char *path)
{
	json_object *old = read_regular(path), *v;

	if (old && json_object_is_type(old, json_type_object) &&
	    json_object_object_get_ex(old, "schema", &v) &&
	    !strcmp(json_object_get_string(v), RESULTS_SCHEMA))
		return old;
	json_object_put(old);
	return NULL;
}

/* OLD's run id, "" when it has none. */
static const char *run_of(json_object *old)
{
	json_object *v;

	return json_object_object_get_ex(old, "run", &v) ? json_object_get_string(v) : "";
}

void results_run_in(const char *path, char *run, size_t len)
{
	json_object *old = ours(path);

	snprintf(run, len, "%s", old ? run_of(old) : "");
	json_object_put(old);
}

/* flock on PATH's directory: serialises the run's jobs without a lock file. */
static int lock_dir_of(const char *path, char *msg, size_t len)
{
	char *copy = strdup(path);
	int fd, err;

	if (!copy)
		return -ENOMEM;
	fd = open(dirname(copy), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0 || flock(fd, LOCK_EX) < 0) {
		err = errno;
		snprintf(msg, len, "cannot lock directory %s of %s: %s", copy, path, strerror(err));
		if (fd >= 0)
			close(fd);
		free(copy);
		return -err;
	}
	free(copy);
	return fd;
}

int results_write_run(struct results *r, const char *run_id, const char *seen_run,
		      json_object *job_entry, const char *path, const struct safefile_deny *deny,
		      char *msg, size_t len)
{
	json_object *jobs = json_object_new_array(), *old;
	int lock, ret;

	json_object_array_add(jobs, job_entry);
	json_object_object_add(r->root, "run", json_object_new_string(run_id));
	json_object_object_add(r->root, "jobs", jobs);
	lock = lock_dir_of(path, msg, len);
	if (lock < 0)
		return lock;
	old = ours(path);
	if (old && strcmp(run_of(old), run_id) && strcmp(run_of(old), seen_run)) {
		/* another fio, running beside this one, wrote it: not ours to drop */
		snprintf(msg, len,
			 "%s holds the results of another fio run (%s) written there after this "
			 "job started: not replaced; give each run its own results file",
			 path, run_of(old));
		ret = -EEXIST;
		goto out;
	}
	if (old && !strcmp(run_of(old), run_id))
		merge_run(r, old);
	ret = results_write(r, path, deny, msg, len);
out:
	json_object_put(old);
	close(lock);
	return ret;
}
