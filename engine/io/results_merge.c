// SPDX-License-Identifier: GPL-2.0-only
/*
 * One results file per fio run: telling runs apart and merging the jobs'
 * records into it.  Every merge appends in place, so merging N records costs
 * N appends, not N copies of what is already there.
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "json_span.h"
#include "results.h"

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

/*
 * ACC's member KEY of TYPE, to merge LATER's (*FROM) into; NULL when there is
 * nothing to merge: LATER has none, or ACC had none and now shares LATER's.
 */
static json_object *merge_target(json_object *acc, json_object *later, const char *key,
				 json_type type, json_object **from)
{
	json_object *to;

	if (!json_object_object_get_ex(later, key, from) || !json_object_is_type(*from, type))
		return NULL;
	if (json_object_object_get_ex(acc, key, &to) && json_object_is_type(to, type))
		return to;
	json_object_object_add(acc, key, json_object_get(*from));
	return NULL;
}

/*
 * Appends the elements of LATER's array KEY to ACC's (which LATER's array
 * becomes when ACC has none); with UNIQUE_PATHS an element whose "path" ACC
 * already lists is left out.
 */
static void append_array(json_object *acc, json_object *later, const char *key, bool unique_paths)
{
	json_object *to, *from, *e, *p;
	size_t i, n;

	to = merge_target(acc, later, key, json_type_array, &from);
	if (!to)
		return;
	n = json_object_array_length(from);
	for (i = 0; i < n; i++) {
		e = json_object_array_get_idx(from, i);
		if (unique_paths && json_object_object_get_ex(e, "path", &p) &&
		    lists_path(to, json_object_get_string(p)))
			continue;
		json_object_array_add(to, json_object_get(e));
	}
}

/*
 * An object section of both (KEY_ARRAY NULL: "health", keyed by job and
 * thread, LATER's entry replacing one of the same key; "keys": the tags,
 * whose key list is appended and whose other members are LATER's).
 */
static void merge_section(json_object *acc, json_object *later, const char *name,
			  const char *key_array)
{
	json_object *from, *to;

	to = merge_target(acc, later, name, json_type_object, &from);
	if (!to)
		return;
	json_object_object_foreach(from, key, entry)
	{
		if (!key_array || strcmp(key, key_array))
			json_object_object_add(to, key, json_object_get(entry));
	}
	if (key_array)
		append_array(to, from, key_array, false);
}

void results_merge_into(json_object *acc, json_object *later)
{
	append_array(acc, later, "files", true);
	append_array(acc, later, "jobs", false);
	merge_section(acc, later, "tags", "keys");
	merge_section(acc, later, "health", NULL);
	/* "job" stays the first writer's: a single-job run reads as before */
	json_object_object_foreach(later, key, value)
	{
		if (strcmp(key, "files") && strcmp(key, "jobs") && strcmp(key, "tags") &&
		    strcmp(key, "health") && strcmp(key, "job"))
			json_object_object_add(acc, key, json_object_get(value));
	}
}

/*
 * FD's whole text, NUL-terminated, its length in *LEN: read in as few calls
 * as its size allows.  json_object_from_fd() reads 4 KiB at a time, and on a
 * network or virtio-9p share every read is a round trip: the run's last job
 * read 64 parts of 54 KiB in 12 s in the test bed that way.
 */
static char *read_text(int fd, off_t size, size_t *len)
{
	size_t room = (size_t)size + 1, n = 0;
	char *buf = malloc(room + 1), *more;
	ssize_t got;

	while (buf) {
		if (n == room) { /* grown since fstat() */
			more = realloc(buf, 2 * room + 1);
			if (!more)
				break;
			buf = more;
			room *= 2;
		}
		got = read(fd, buf + n, room - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0) {
			if (got == 0) {
				buf[n] = '\0';
				*len = n;
				return buf;
			}
			break;
		}
		n += (size_t)got;
	}
	free(buf);
	return NULL;
}

json_object *results_parse_text(const char *text, size_t len)
{
	struct json_tokener *tok = json_tokener_new();
	json_object *j;

	if (!tok || len > INT32_MAX) {
		json_tokener_free(tok);
		return NULL;
	}
	j = json_tokener_parse_ex(tok, text, (int)len);
	json_tokener_free(tok);
	return j;
}

char *results_read_regular_text(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	char *text = NULL;
	struct stat st;

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
		text = read_text(fd, st.st_size, len);
	close(fd);
	return text;
}

json_object *results_read_regular(const char *path)
{
	json_object *j = NULL;
	size_t len;
	char *text = results_read_regular_text(path, &len);

	if (text)
		j = results_parse_text(text, len);
	free(text);
	return j;
}

/* Member NAME's string value of the object a document's nodes hold, into BUF; false if none. */
static bool member_string(const struct json_doc *doc, const char *name, char *buf, size_t len)
{
	json_object *s;
	char *copy;
	size_t k;
	bool found = false;

	for (k = doc->v[0].child; k && !found; k = doc->v[k].next) {
		if (!json_span_eq(doc->v[k].key, name) || !json_span_is(doc->v[k].val, '"'))
			continue;
		/* json-c reads the one string (escapes and all): a few bytes, not the file */
		copy = strndup(doc->v[k].val.p, doc->v[k].val.n);
		s = copy ? json_tokener_parse(copy) : NULL;
		if (s && json_object_is_type(s, json_type_string)) {
			snprintf(buf, len, "%s", json_object_get_string(s));
			found = true;
		}
		json_object_put(s);
		free(copy);
	}
	return found;
}

/*
 * Whether the results file at PATH is ours (of any run; its run id into RUN,
 * "" when it has none); its text in *TEXT (NULL when it is not ours or TEXT
 * is NULL).  The text is read through json_span.c, which builds nothing: a
 * run's earlier file, megabytes of records, is read at every job's set-up and
 * at the merge, and json-c built all of it to read two names.
 */
static bool ours(const char *path, char *run, size_t run_len, char **text, size_t *text_len)
{
	char schema[sizeof(RESULTS_SCHEMA) + 1];
	struct json_doc doc;
	size_t n = 0;
	char *t = results_read_regular_text(path, &n);
	bool yes = t && !json_doc_read(&doc, t, n, 1) && json_span_is(doc.v[0].val, '{') &&
		   member_string(&doc, "\"schema\"", schema, sizeof(schema)) &&
		   !strcmp(schema, RESULTS_SCHEMA);

	if (yes && !member_string(&doc, "\"run\"", run, run_len))
		run[0] = '\0';
	if (t)
		json_doc_free(&doc);
	if (yes && text) {
		*text = t;
		*text_len = n;
	} else {
		free(t);
	}
	return yes;
}

void results_run_in(const char *path, char *run, size_t len)
{
	if (!ours(path, run, len, NULL, NULL))
		snprintf(run, len, "%s", "");
}

int results_lock_dir(const char *path, int how, char *msg, size_t len)
{
	char *copy = strdup(path);
	int fd, err;

	if (!copy)
		return -ENOMEM;
	fd = open(dirname(copy), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0 || flock(fd, how) < 0) {
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

/*
 * The file at PATH judged for RUN_ID as results_of_run() says; its text in
 * *TEXT (malloc'd) when it is RUN_ID's, else *TEXT NULL.
 */
static int judge_run(const char *path, const char *run_id, const char *seen_run, char **text,
		     size_t *text_len, char *msg, size_t len)
{
	char run[RESULTS_RUN_ID_LEN];

	*text = NULL;
	if (!ours(path, run, sizeof(run), text, text_len))
		return 0; /* absent, or not ours: replaced */
	if (strcmp(run, run_id) && strcmp(run, seen_run)) {
		/* another fio, running beside this one, wrote it: not ours to drop */
		snprintf(msg, len,
			 "%s holds the results of another fio run (%s) written there after this "
			 "job started: not replaced; give each run its own results file",
			 path, run);
		free(*text);
		*text = NULL;
		return -EEXIST;
	}
	if (strcmp(run, run_id)) { /* the run seen at set-up: replaced */
		free(*text);
		*text = NULL;
	}
	return 0;
}

int results_of_run(const char *path, const char *run_id, const char *seen_run, json_object **same,
		   char *msg, size_t len)
{
	size_t n = 0;
	char *text;
	int ret = judge_run(path, run_id, seen_run, &text, &n, msg, len);

	*same = text ? results_parse_text(text, n) : NULL;
	free(text);
	return ret;
}

int results_of_run_text(const char *path, const char *run_id, const char *seen_run, char **text,
			size_t *text_len, char *msg, size_t len)
{
	return judge_run(path, run_id, seen_run, text, text_len, msg, len);
}

void results_stamp(struct results *r, const char *run_id, json_object *job_entry)
{
	json_object *jobs = json_object_new_array();

	json_object_array_add(jobs, job_entry);
	json_object_object_add(results_root(r), "run", json_object_new_string(run_id));
	json_object_object_add(results_root(r), "jobs", jobs);
}

int results_write_run(struct results *r, const char *run_id, const char *seen_run,
		      json_object *job_entry, const char *path, const struct safefile_deny *deny,
		      char *msg, size_t len)
{
	json_object *acc;
	int lock, ret;

	results_stamp(r, run_id, job_entry);
	lock = results_lock_dir(path, LOCK_EX, msg, len);
	if (lock < 0)
		return lock;
	ret = results_of_run(path, run_id, seen_run, &acc, msg, len);
	if (!ret) {
		if (acc)
			results_merge_into(acc, results_root(r));
		else
			acc = json_object_get(results_root(r));
		ret = results_write_json(acc, path, deny, msg, len);
	}
	json_object_put(acc);
	close(lock);
	return ret;
}
