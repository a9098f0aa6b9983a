/*
 * The engine's JSON results file.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "results.h"

struct results {
	json_object *root;
	json_object *files;
};

static const char *const reserved_keys[] = {"schema", "fio_version", "engine_version", "job",
					    "files"};

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

int results_write(const struct results *r, const char *path, char *msg, size_t len)
{
	const char *text;
	char *tmp = NULL;
	size_t n;
	FILE *fp;
	int err = 0;

	text = json_object_to_json_string_ext(r->root, JSON_C_TO_STRING_PRETTY |
							       JSON_C_TO_STRING_NOSLASHESCAPE);
	if (asprintf(&tmp, "%s.tmp.%ld", path, (long)getpid()) < 0)
		return -ENOMEM;
	fp = fopen(tmp, "w");
	if (!fp) {
		err = errno;
		snprintf(msg, len, "cannot write %s: %s", path, strerror(err));
		free(tmp);
		return -err;
	}
	n = strlen(text);
	if (fwrite(text, 1, n, fp) != n || fputc('\n', fp) == EOF)
		err = errno ? errno : EIO;
	if (fclose(fp) != 0 && !err)
		err = errno;
	if (!err && rename(tmp, path) < 0)
		err = errno;
	if (err) {
		snprintf(msg, len, "cannot write %s: %s", path, strerror(err));
		unlink(tmp);
	}
	free(tmp);
	return -err;
}
