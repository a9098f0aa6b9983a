// SPDX-License-Identifier: GPL-2.0-only
/*
 * The engine's placed write keys per namespace x placement ID (placement.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "util/json_get.h"
#include "read/placement.h"

static double pct(struct json_object *p, const char *key)
{
	struct json_object *v = fr_json_get(p, key);

	return v && (json_object_is_type(v, json_type_int) ||
		     json_object_is_type(v, json_type_double))
		       ? json_object_get_double(v)
		       : NAN;
}

/* A whole number member KEY of O in 0..MAX, or -1. */
static long whole(struct json_object *o, const char *key, double max)
{
	double v = fr_json_num(o, key);

	return isnan(v) || v < 0 || v > max || v != floor(v) ? -1 : (long)v;
}

/* Element I of array member KEY of O as a number, NAN when not there. */
static double elem(struct json_object *o, const char *key, size_t i)
{
	struct json_object *a = fr_json_get(o, key), *v;

	if (!a || !json_object_is_type(a, json_type_array) || i >= json_object_array_length(a))
		return NAN;
	v = json_object_array_get_idx(a, i);
	return json_object_is_type(v, json_type_int) || json_object_is_type(v, json_type_double)
		       ? json_object_get_double(v)
		       : NAN;
}

/*
 * The handle's usage of slot I of placement entry E: what its reclaim unit
 * lost against what the job wrote with the PID.  A unit change shows as
 * RUAMW rising, or as more bytes written than the unit lost; without the
 * unit size (FDP configuration log, not read) the media bytes are then not
 * known.
 */
static void usage(struct json_object *e, size_t i, struct fr_pid_tail *t)
{
	double before = elem(e, "ruamw_before", i), after = elem(e, "ruamw_after", i);
	double lba = fr_json_num(e, "lba_size");
	const char *absent = fr_json_str(e, "ruamw_absent");

	t->host_bytes = elem(e, "bytes_written", i);
	t->ru_bytes = t->ru_ratio = NAN;
	if (isnan(before) || isnan(t->host_bytes) || !(lba > 0))
		snprintf(t->ru_note, sizeof(t->ru_note),
			 "handle usage n/a: the engine file has none (an older engine)");
	else if (isnan(after))
		snprintf(t->ru_note, sizeof(t->ru_note),
			 "handle usage n/a: RUAMW not read at the end: %s",
			 absent ? absent : "not said why");
	else if (after > before || (before - after) * lba < t->host_bytes)
		snprintf(t->ru_note, sizeof(t->ru_note),
			 "handle usage n/a: the handle moved to a new reclaim unit during the job "
			 "(RUAMW %.0f -> %.0f for %.1f MB written); the unit size is not read",
			 before, after, t->host_bytes / 1e6);
	else if (t->host_bytes <= 0)
		snprintf(t->ru_note, sizeof(t->ru_note),
			 "handle usage n/a: nothing written with the PID");
	else {
		t->ru_bytes = (before - after) * lba;
		t->ru_ratio = t->ru_bytes / t->host_bytes;
		t->ru_note[0] = '\0';
	}
}

/*
 * The RUHID PID maps to on namespace NSID in jobs[].placement (the "pids"
 * and "ruhids" arrays are parallel), -1 when not said; and that handle's
 * usage into T.
 */
static int ruhid_of(struct json_object *root, unsigned nsid, unsigned pid, struct fr_pid_tail *t)
{
	struct json_object *jobs = fr_json_get(root, "jobs");

	for (size_t j = 0; jobs && json_object_is_type(jobs, json_type_array) &&
			   j < json_object_array_length(jobs);
	     j++) {
		struct json_object *pl =
			fr_json_get(json_object_array_get_idx(jobs, j), "placement");

		for (size_t i = 0; pl && json_object_is_type(pl, json_type_array) &&
				   i < json_object_array_length(pl);
		     i++) {
			struct json_object *e = json_object_array_get_idx(pl, i);
			struct json_object *pids = fr_json_get(e, "pids"),
					   *ruhids = fr_json_get(e, "ruhids");

			if (whole(e, "nsid", 4294967295.0) != (long)nsid || !pids || !ruhids ||
			    !json_object_is_type(pids, json_type_array) ||
			    !json_object_is_type(ruhids, json_type_array))
				continue;
			for (size_t k = 0; k < json_object_array_length(pids) &&
					   k < json_object_array_length(ruhids);
			     k++)
				if (json_object_get_int64(json_object_array_get_idx(pids, k)) ==
				    (int64_t)pid) {
					usage(e, k, t);
					return (int)json_object_get_int64(
						json_object_array_get_idx(ruhids, k));
				}
		}
	}
	return -1;
}

static int by_pid(const void *a, const void *b)
{
	const struct fr_pid_tail *x = a, *y = b;

	return (x->pid > y->pid) - (x->pid < y->pid);
}

/* Fills T from placed write key K of namespace NSID; false when K is not one. */
static bool read_key(struct json_object *root, struct json_object *k, unsigned nsid,
		     struct fr_pid_tail *t)
{
	struct json_object *lat = fr_json_get(k, "lat_ns"), *p;
	const char *dir = fr_json_str(k, "direction");
	long pid = whole(k, "placement_id", 65535), idx = whole(k, "plid_index", 65535);

	if (pid < 0 || idx < 0 || !dir || strcmp(dir, "write") ||
	    whole(k, "nsid", 4294967295.0) != (long)nsid || !lat)
		return false;
	p = fr_json_get(lat, "percentile");
	*t = (struct fr_pid_tail){
		.pid = (unsigned)pid,
		.plid_index = (unsigned)idx,
		.count = (uint64_t)(whole(k, "count", 1e18) > 0 ? whole(k, "count", 1e18) : 0),
		.lat = {fr_json_num(lat, "mean"), pct(p, "99.000000"), pct(p, "99.900000"),
			pct(p, "99.990000")},
		.max = fr_json_num(lat, "max"),
		.host_bytes = NAN,
		.ru_bytes = NAN,
		.ru_ratio = NAN,
		.ru_note = "handle usage n/a: the PID is not in the file's placement list",
	};
	t->ruhid = ruhid_of(root, nsid, (unsigned)pid, t);
	return true;
}

struct fr_placement *fr_placement_read(struct json_object *root, unsigned nsid, bool *nomem)
{
	struct json_object *keys = fr_json_get(fr_json_get(root, "tags"), "keys");
	struct fr_placement *p;
	size_t n;

	*nomem = false;
	if (!keys || !json_object_is_type(keys, json_type_array))
		return NULL;
	n = json_object_array_length(keys);
	p = calloc(1, sizeof(*p) + (n ? n : 1) * sizeof(p->t[0]));
	if (!p) {
		*nomem = true;
		return NULL;
	}
	for (size_t i = 0; i < n; i++)
		if (read_key(root, json_object_array_get_idx(keys, i), nsid, &p->t[p->n]))
			p->n++;
	if (!p->n) {
		free(p);
		return NULL;
	}
	qsort(p->t, p->n, sizeof(p->t[0]), by_pid);
	return p;
}
