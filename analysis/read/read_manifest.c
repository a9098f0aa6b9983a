// SPDX-License-Identifier: GPL-2.0-only
/*
 * The runner's manifest.json -> which drive, test and step each output file
 * belongs to, and the drives' identities.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "util/json_get.h"
#include "model/label.h"
#include "read/read_manifest.h"

/* Strings are copied; numbers (a step given as 110) are printed. */
static char *dup_field(struct json_object *o, const char *key)
{
	struct json_object *v = fr_json_get(o, key);

	if (!v || json_object_is_type(v, json_type_null))
		return NULL;
	if (json_object_is_type(v, json_type_string) || json_object_is_type(v, json_type_int))
		return strdup(json_object_get_string(v));
	return NULL;
}

static int read_runs(struct json_object *runs, struct fr_manifest *mf, char *err, size_t errlen)
{
	size_t n = json_object_array_length(runs);

	mf->runs = calloc(n ? n : 1, sizeof(*mf->runs));
	mf->by_output = json_object_new_object();
	if (!mf->runs || !mf->by_output)
		goto oom;
	for (size_t i = 0; i < n; i++) {
		struct json_object *r = json_object_array_get_idx(runs, i);
		struct fr_run *run = &mf->runs[mf->nruns++];

		run->id = dup_field(r, "id");
		run->drive = dup_field(r, "drive");
		run->suite = dup_field(r, "suite");
		run->test = dup_field(r, "test");
		run->step = dup_field(r, "step");
		run->output = dup_field(r, "output");
		run->engine_output = dup_field(r, "engine_output");
		run->status = dup_field(r, "status");
		run->engine = dup_field(r, "engine");
		if (!run->drive || !run->output) {
			snprintf(err, errlen, "runs[%zu] needs string \"drive\" and \"output\"", i);
			return -1;
		}
		if (!json_object_object_get_ex(mf->by_output, run->output, NULL) &&
		    json_object_object_add(mf->by_output, run->output,
					   json_object_new_int64((int64_t)i)))
			goto oom;
	}
	return 0;
oom:
	snprintf(err, errlen, "out of memory");
	return -1;
}

/* fleet: a --hosts run (the manifest has "systems", one per server): each
 * host's drive is an entrant of its own. */
static int read_drives(struct json_object *drives, bool fleet, struct fr_manifest *mf, char *err,
		       size_t errlen)
{
	size_t n = json_object_array_length(drives);

	mf->drives = calloc(n ? n : 1, sizeof(*mf->drives));
	if (!mf->drives) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		struct json_object *d = json_object_array_get_idx(drives, i);
		struct fr_mdrive *md = &mf->drives[mf->ndrives++];

		md->label = dup_field(d, "label");
		md->model = dup_field(d, "model");
		md->serial = dup_field(d, "serial");
		md->firmware = dup_field(d, "firmware");
		md->host = fleet ? dup_field(d, "host") : NULL;
		if (md->host) {
			char e[512];

			if (fr_host_drive_label(e, sizeof(e), md->model, md->serial,
						fr_json_num(d, "nsid")))
				md->entrant = strdup(e);
		}
		if (!md->label) {
			snprintf(err, errlen, "drives[%zu] has no string \"label\"", i);
			return -1;
		}
	}
	return 0;
}

static int read_root(struct json_object *root, struct fr_manifest *mf, char *err, size_t errlen)
{
	struct json_object *schema = fr_json_get(root, "schema"), *runs = fr_json_get(root, "runs");
	struct json_object *drives = fr_json_get(root, "drives");

	if (!schema || !json_object_is_type(schema, json_type_string) ||
	    strcmp(json_object_get_string(schema), "ssdnvme-manifest/1")) {
		snprintf(err, errlen, "\"schema\" is not \"ssdnvme-manifest/1\"");
		return -1;
	}
	if (!runs || !json_object_is_type(runs, json_type_array)) {
		snprintf(err, errlen, "no \"runs\" array");
		return -1;
	}
	mf->fleet = json_object_is_type(fr_json_get(root, "systems"), json_type_object);
	if (drives && json_object_is_type(drives, json_type_array) &&
	    read_drives(drives, mf->fleet, mf, err, errlen))
		return -1;
	mf->engine = dup_field(root, "engine");
	return read_runs(runs, mf, err, errlen);
}

int fr_read_manifest(const char *buf, size_t len, struct fr_manifest *mf, char *err, size_t errlen)
{
	struct json_object *root;
	int ret;

	memset(mf, 0, sizeof(*mf));
	root = fr_json_parse(buf, len, err, errlen);
	if (!root)
		return -1;
	ret = fr_read_manifest_root(root, mf, err, errlen);
	json_object_put(root);
	return ret;
}

int fr_read_manifest_root(struct json_object *root, struct fr_manifest *mf, char *err,
			  size_t errlen)
{
	int ret;

	memset(mf, 0, sizeof(*mf));
	ret = read_root(root, mf, err, errlen);
	if (ret)
		fr_manifest_free(mf);
	return ret;
}

void fr_manifest_free(struct fr_manifest *mf)
{
	for (size_t i = 0; i < mf->nruns; i++) {
		struct fr_run *r = &mf->runs[i];

		free(r->id);
		free(r->drive);
		free(r->suite);
		free(r->test);
		free(r->step);
		free(r->output);
		free(r->engine_output);
		free(r->status);
		free(r->engine);
	}
	for (size_t i = 0; i < mf->ndrives; i++) {
		free(mf->drives[i].label);
		free(mf->drives[i].model);
		free(mf->drives[i].serial);
		free(mf->drives[i].firmware);
		free(mf->drives[i].host);
		free(mf->drives[i].entrant);
	}
	free(mf->runs);
	free(mf->drives);
	free(mf->engine);
	json_object_put(mf->by_output);
	memset(mf, 0, sizeof(*mf));
}

const struct fr_run *fr_manifest_find(const struct fr_manifest *mf, const char *relpath)
{
	struct json_object *idx;

	if (!json_object_object_get_ex(mf->by_output, relpath, &idx))
		return NULL;
	return &mf->runs[json_object_get_int64(idx)];
}

char *fr_manifest_drive_label(const struct fr_manifest *mf, const struct fr_run *run)
{
	char *label;

	if (!run->engine || !mf->engine || !strcmp(run->engine, mf->engine))
		return strdup(run->drive);
	return asprintf(&label, "%s (%s)", run->drive, run->engine) < 0 ? NULL : label;
}
