// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the drive is (prov_priv.h): model, serial, firmware, capacity, LBA
 * sizes, metadata and PI, the target's kind and the namespaces used, from
 * the engine file's files[] (what the engine read from the controller),
 * else the runner's manifest entry of the drive.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "util/json_get.h"
#include "read/prov_priv.h"
#include "read/provenance.h"

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

enum fr_target fr_prov_target(const struct prov_where *w, unsigned *group)
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
		fr_prov_add_word(serials, sizeof(serials), fr_json_str(f, "serial"));
		*group += strlen(serials) != before;
	}
	if (n)
		return t;
	return w->mdrive ? kind_target(fr_json_str(w->mdrive, "kind"),
				       fr_json_str(w->mdrive, "controller") != NULL)
			 : FR_TARGET_UNKNOWN;
}

static void json_word(char *buf, size_t len, struct json_object *o, const char *key)
{
	struct json_object *v = fr_json_get(o, key);
	char num[32];

	if (!v || json_object_is_type(v, json_type_null))
		return;
	if (json_object_is_type(v, json_type_string)) {
		fr_prov_add_word(buf, len, json_object_get_string(v));
	} else if (json_object_is_type(v, json_type_int)) {
		snprintf(num, sizeof(num), "%" PRId64, json_object_get_int64(v));
		fr_prov_add_word(buf, len, num);
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
	fr_prov_add_word(buf, len, w);
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
	fr_prov_add_word(pd->pi, sizeof(pd->pi), w);
	/* the mode alone, with no comma (pi_summary() splits on them) */
	for (char *c = m; *c; c++)
		if (*c == ',')
			*c = '+';
	fr_prov_add_word(pd->pi_modes, sizeof(pd->pi_modes), *m ? m : "no PI");
}

/* Without a manifest: the device and host the engine's results file records
 * ("system": a plain fio run), as "PATH (MAJOR:MINOR) on HOST". */
static void engine_system_device(struct fr_prov_drive *pd, struct json_object *sys)
{
	struct json_object *dev = fr_json_get(sys, "device");
	const char *path = fr_json_str(dev, "path"), *mm = fr_json_str(dev, "major_minor");
	const char *host = fr_json_str(sys, "host");
	char node[160];

	if (path) {
		snprintf(node, sizeof(node), "%s%s%s%s%s%s", path, mm ? " (" : "", mm ? mm : "",
			 mm ? ")" : "", host ? " on " : "", host ? host : "");
		fr_prov_add_word(pd->node, sizeof(pd->node), node);
	}
	json_word(pd->host, sizeof(pd->host), sys, "host");
}

void fr_prov_identity(struct fr_prov_drive *pd, const struct prov_where *w)
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
		fr_prov_add_word(pd->node, sizeof(pd->node), node);
		if (w->sys && fr_json_str(w->sys, "host")) {
			/* a --hosts run: the server's own name, then as given */
			snprintf(node, sizeof(node), "%s (%s)", fr_json_str(w->sys, "host"),
				 fr_json_str(w->mdrive, "host"));
			fr_prov_add_word(pd->host, sizeof(pd->host), node);
		} else {
			json_word(pd->host, sizeof(pd->host), w->mdrive, "host");
		}
	} else {
		engine_system_device(pd, fr_json_get(w->eng, "system"));
	}
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

void fr_prov_step_namespaces(char *buf, size_t len, const struct prov_where *w,
			     const struct fr_step *st)
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
			fr_prov_add_word(buf, len, num);
			named = true;
		}
		t += tl + (t[tl] == ':');
	}
	if (!named)
		json_word(buf, len, w->mdrive, "nsid");
}
