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

/* A write hint in LBAs and bytes; null when the drive reports none. */
static json_object *write_hint(uint32_t lbas, uint32_t lba_size)
{
	json_object *h;

	if (!lbas)
		return NULL;
	h = json_object_new_object();
	json_object_object_add(h, "lbas", json_object_new_int64(lbas));
	json_object_object_add(h, "bytes", json_object_new_int64((int64_t)lbas * lba_size));
	return h;
}

/* Identify Namespace's write unit hints (namespace.h): what an
 * indirection-unit-aware workload aligns its writes to. */
static json_object *write_hints(const struct ns_info *ni)
{
	json_object *w = json_object_new_object();

	json_object_object_add(w, "optperf", json_object_new_boolean(ni->write_hints));
	json_object_object_add(w, "npwg", write_hint(ni->npwg, ni->lba_size));
	json_object_object_add(w, "npwa", write_hint(ni->npwa, ni->lba_size));
	json_object_object_add(w, "nows", write_hint(ni->nows, ni->lba_size));
	json_object_object_add(w, "nawupf", write_hint(ni->nawupf, ni->lba_size));
	return w;
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
	json_object_object_add(f, "write_hints", id ? write_hints(ni) : NULL);
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

int results_write_json(json_object *root, const char *path, const struct safefile_deny *deny,
		       char *msg, size_t len)
{
	const char *text;
	char *line;
	size_t n;
	int err;

	text = json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY |
							    JSON_C_TO_STRING_NOSLASHESCAPE);
	n = text ? strlen(text) : 0;
	line = text ? malloc(n + 1) : NULL;
	if (!line) {
		snprintf(msg, len, "results %s not written: out of memory", path);
		return -ENOMEM;
	}
	memcpy(line, text, n);
	line[n] = '\n';
	err = results_write_text(line, n + 1, path, deny, msg, len);
	free(line);
	return err;
}

int results_write_text(const char *text, size_t text_len, const char *path,
		       const struct safefile_deny *deny, char *msg, size_t len)
{
	struct safefile *sf;
	char why[RESULTS_MSG_LEN];
	int err;

	sf = safefile_create("", path, deny, why, sizeof(why));
	if (!sf) {
		snprintf(msg, len, "results not written: %s", why);
		return -errno;
	}
	err = safefile_write(sf, text, text_len);
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

int results_write(const struct results *r, const char *path, const struct safefile_deny *deny,
		  char *msg, size_t len)
{
	return results_write_json(r->root, path, deny, msg, len);
}

json_object *results_root(const struct results *r)
{
	return r->root;
}
