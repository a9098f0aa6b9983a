// SPDX-License-Identifier: GPL-2.0-only
/*
 * A PTS page's header (pts_fig.h): the drive as the ranking report names
 * it, what the manifest says of it and of the host, and how the test was
 * set up (purge, preconditioning, the measured run's job options).
 */
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "util/json_get.h"
#include "read/pts.h"
#include "report/pts_build.h"
#include "report/pts_fig.h"

void pts_drive_name(char *buf, size_t len, const struct fr_pts_drive *d)
{
	const char *model = fr_json_str(d->drive, "model"),
		   *serial = fr_json_str(d->drive, "serial");
	const char *path = fr_json_str(d->drive, "path"), *base = path ? strrchr(path, '/') : NULL;
	struct json_object *nsid = fr_json_get(d->drive, "nsid");

	base = base ? base + 1 : path;
	if (!model || !*model || !serial || !*serial || !base || strcmp(base, d->label)) {
		snprintf(buf, len, "%s", d->label);
		return;
	}
	if (json_object_is_type(nsid, json_type_int))
		snprintf(buf, len, "%s %s ns%d", model, serial, json_object_get_int(nsid));
	else
		snprintf(buf, len, "%s %s", model, serial);
}

const struct fr_pts_run *pts_first_of(struct fr_pts_run **runs, const char *test)
{
	for (; *runs; runs++)
		if (!strcmp((*runs)->test, test))
			return *runs;
	return NULL;
}

/* A new header field of the page; NULL out of memory. */
static struct fr_pts_field *field(struct fr_pts_fig *fig, const char *key)
{
	struct fr_pts_field *h = pts_grow(fig->header, fig->nheader, sizeof(*h));

	if (!h)
		return NULL;
	fig->header = h;
	h += fig->nheader++;
	h->key = strdup(key);
	h->type = FR_PTS_NULL;
	return h;
}

static void field_str(struct fr_pts_fig *fig, const char *key, const char *v)
{
	struct fr_pts_field *h = field(fig, key);

	if (h && v) {
		h->type = FR_PTS_STR;
		h->s = strdup(v);
	}
}

/* A manifest value as it is typed there; a number or a nested value keeps
 * its JSON text too, which the JSON report prints as the manifest has it. */
static void field_json(struct fr_pts_fig *fig, const char *key, struct json_object *v)
{
	struct fr_pts_field *h = field(fig, key);

	if (!h || !v)
		return;
	switch (json_object_get_type(v)) {
	case json_type_string:
		h->type = FR_PTS_STR;
		h->s = strdup(json_object_get_string(v));
		return;
	case json_type_boolean:
		h->type = FR_PTS_BOOL;
		h->b = json_object_get_boolean(v);
		return;
	case json_type_int:
		h->type = FR_PTS_INT;
		h->i = json_object_get_int64(v);
		break;
	case json_type_double:
		h->type = FR_PTS_DBL;
		h->d = json_object_get_double(v);
		break;
	default:
		h->type = FR_PTS_JSON;
		break;
	}
	h->s = strdup(json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN |
								JSON_C_TO_STRING_NOSLASHESCAPE));
}

static const char *opt_or(const struct fr_pts_run *r, const char *key, const char *dflt)
{
	return fr_pts_opt(r, key) ? fr_pts_opt(r, key) : dflt;
}

void pts_header(struct fr_pts_fig *fig, const struct fr_pts_drive *d, struct fr_pts_run **runs,
		const struct fr_pts_run *measured)
{
	struct json_object *sys = fr_json_get(d->manifest, "system");
	static const char *const drive_keys[] = {"path",     "kind", "model",	 "serial",
						 "firmware", "nsid", "lba_size", "capacity_bytes"};
	const struct fr_pts_run *ss = pts_first_of(runs, "wdpc"),
				*wipc = pts_first_of(runs, "wipc");
	char buf[160];
	size_t i;

	field_str(fig, "drive", d->label);
	for (i = 0; i < sizeof(drive_keys) / sizeof(*drive_keys); i++)
		field_json(fig, drive_keys[i], fr_json_get(d->drive, drive_keys[i]));
	field_str(fig, "host", fr_json_str(sys, "host"));
	field_str(fig, "cpu", fr_json_str(sys, "cpu"));
	field_str(fig, "kernel", fr_json_str(sys, "kernel"));
	field_str(fig, "fio_version", fr_json_str(d->manifest, "fio_version"));
	field_str(fig, "engine", fr_json_str(d->manifest, "engine"));
	field_str(fig, "mode", fr_json_str(d->manifest, "mode"));
	field_str(fig, "purge", d->purge ? d->purge : "none (not fresh-out-of-box)");
	if (wipc) {
		snprintf(buf, sizeof(buf), "2 x capacity, %s sequential writes",
			 opt_or(wipc, "bs", "?"));
		field_str(fig, "wipc", buf);
	} else {
		field_str(fig, "wipc", "none");
	}
	if (measured && !strncmp(measured->test, "round", 5)) {
		/* IOPS and throughput: PTS's loop, the rounds are the test */
		field_str(fig, "wdpc",
			  "the test's own rounds (each the whole test), to steady state");
	} else if (ss) {
		snprintf(buf, sizeof(buf), "rounds of %s %s, %s jobs x QD %s, to steady state",
			 opt_or(ss, "bs", "?"), opt_or(ss, "rw", "?"), opt_or(ss, "numjobs", "1"),
			 opt_or(ss, "iodepth", "1"));
		field_str(fig, "wdpc", buf);
	} else {
		field_str(fig, "wdpc", "none");
	}
	if (measured) {
		field_str(fig, "active_range", fr_pts_opt(measured, "size"));
		field_str(fig, "threads", opt_or(measured, "numjobs", "1"));
		field_str(fig, "queue_depth", opt_or(measured, "iodepth", "1"));
	}
	/* the job files set no buffer pattern: fio's default buffers */
	field_str(fig, "data_pattern",
		  "fio's default: pseudo-random buffers, refilled per I/O (scramble_buffers)");
}
