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

/* What a handle reported and what the job wrote with its PID, in bytes. */
struct ru_span {
	double before, after; /* RUAMW at set-up and at the end, LBAs */
	double lba;	      /* bytes per LBA */
	double host;	      /* bytes written with the PID */
	double runs;	      /* reclaim unit nominal size, bytes; NAN not read */
	double write_max;     /* largest write with the PID, bytes; NAN not said */
};

/*
 * What the drive's FDP events say about one handle over the job
 * (docs/engine.md "FDP events", docs/fiorank.md "FDP events").  Every
 * entry of a unit-change type is one change of the handle's unit, so the
 * job's k is at least their count; the ones the controller made on its own
 * (time limit, reset, implicit modification) can leave a unit with any
 * part unwritten, so the bound from the largest write no longer holds.
 */
struct ru_events {
	bool known;	   /* a unit-change type was enabled on the handle and its log read */
	double changes;	   /* unit changes reported (0x00, 0x01, 0x02, 0x81) */
	double by_ctrl;	   /* of which the controller made (0x01, 0x02, 0x81) */
	bool ctrl_watched; /* every controller-change type offered enabled, no log lost entries */
	char say[240];	   /* the sentence, "" when the engine file has no events section */
};

/* Whether integer V is in array A. */
static bool has_int(struct json_object *a, long v)
{
	for (size_t i = 0;
	     a && json_object_is_type(a, json_type_array) && i < json_object_array_length(a); i++)
		if (json_object_get_int64(json_object_array_get_idx(a, i)) == v)
			return true;
	return false;
}

/* The log (host or controller) that holds event TYPE, NULL when it was not read. */
static struct json_object *log_of(struct json_object *ev, long type)
{
	struct json_object *l = fr_json_get(ev, type >= 0x80 ? "controller" : "host");

	return l && json_object_is_type(l, json_type_object) ? l : NULL;
}

/* Whether TYPE is watched on the handle: enabled (ENABLED) and its log read. */
static bool watched(struct json_object *ev, struct json_object *enabled, long type)
{
	return has_int(enabled, type) && log_of(ev, type);
}

static bool log_lost(struct json_object *ev, long type)
{
	struct json_object *l = log_of(ev, type), *lost = fr_json_get(l, "lost");

	return lost && json_object_get_boolean(lost);
}

/* Counts of slot I's new entries (and slot-less resets) into R. */
static void count_events(struct json_object *ev, size_t i, struct ru_events *r, double *invalid,
			 double *moved)
{
	struct json_object *events = fr_json_get(ev, "events");

	for (size_t k = 0; events && json_object_is_type(events, json_type_array) &&
			   k < json_object_array_length(events);
	     k++) {
		struct json_object *e = json_object_array_get_idx(events, k);
		long type = whole(e, "type", 255), slot = whole(e, "slot", 65535);
		bool mine = slot == (long)i || (slot < 0 && type == 0x02);

		if (type == 0x03 && (slot < 0 || slot == (long)i))
			(*invalid)++;
		if (!mine)
			continue;
		if (type == 0x00 || type == 0x01 || type == 0x02 || type == 0x81)
			r->changes++;
		if (type == 0x01 || type == 0x02 || type == 0x81)
			r->by_ctrl++;
		if (type == 0x80)
			*moved += fmax(fr_json_num(e, "nlbam"), 0);
	}
}

/* The sentence of R, with the invalid-PID and reallocation counts. */
static void say_events(struct ru_events *r, struct json_object *ev, struct json_object *enabled,
		       double invalid, double moved)
{
	static const long ctrl_types[] = {0x01, 0x02, 0x81};
	char unwatched[64] = "";
	size_t n = 0;
	int len;

	for (size_t k = 0; k < 3; k++)
		if (has_int(fr_json_get(ev, "offered"), ctrl_types[k]) &&
		    !watched(ev, enabled, ctrl_types[k]))
			n += (size_t)snprintf(unwatched + n, sizeof(unwatched) - n, "%s0x%02lx",
					      n ? ", " : "", ctrl_types[k]);
	r->ctrl_watched = !n && !log_lost(ev, 0x00) && !log_lost(ev, 0x81);
	if (r->by_ctrl > 0)
		len = snprintf(r->say, sizeof(r->say),
			       "FDP events: the controller changed the handle's unit %.0f time%s "
			       "during the job (of %.0f unit changes reported)",
			       r->by_ctrl, r->by_ctrl == 1 ? "" : "s", r->changes);
	else
		len = snprintf(
			r->say, sizeof(r->say),
			"FDP events: %.0f unit change%s reported during the job, none by the "
			"controller%s%s%s",
			r->changes, r->changes == 1 ? "" : "s", n ? " (not watched: " : "",
			unwatched, n ? ")" : "");
	if (len > 0 && (size_t)len < sizeof(r->say) && (invalid > 0 || moved > 0))
		snprintf(r->say + len, sizeof(r->say) - (size_t)len,
			 "; %.0f write%s with an invalid PID; %.0f LBAs reallocated", invalid,
			 invalid == 1 ? "" : "s", moved);
}

/* The events of slot I of placement entry E into R. */
static void read_events(struct json_object *e, size_t i, struct ru_events *r)
{
	struct json_object *ev = fr_json_get(e, "fdp_events");
	struct json_object *en;
	const char *absent = fr_json_str(e, "fdp_events_absent");
	double invalid = 0, moved = 0;

	*r = (struct ru_events){0};
	if (!ev || !json_object_is_type(ev, json_type_object)) {
		if (absent)
			snprintf(r->say, sizeof(r->say), "FDP events: %s", absent);
		return;
	}
	en = fr_json_get(ev, "enabled");
	en = en && json_object_is_type(en, json_type_array) && i < json_object_array_length(en)
		     ? json_object_array_get_idx(en, i)
		     : NULL;
	r->known = watched(ev, en, 0x00) || watched(ev, en, 0x01) || watched(ev, en, 0x02) ||
		   watched(ev, en, 0x81);
	if (!r->known) {
		snprintf(r->say, sizeof(r->say),
			 "FDP events: no unit-change event type watched on the handle (%s)",
			 fr_json_get(ev, "host")	  ? "none enabled"
			 : fr_json_str(ev, "host_absent") ? fr_json_str(ev, "host_absent")
							  : "host events not read");
		return;
	}
	count_events(ev, i, r, &invalid, &moved);
	say_events(r, ev, en, invalid, moved);
}

/*
 * Across unit changes (docs/fiorank.md "Handle usage across reclaim
 * units"): with k new units the handle took T = before - after + k x RUNS
 * bytes.  The job's own writes need T >= host (k >= kmin); a unit is left
 * only when a write does not fit its rest, so each left unit kept less than
 * the largest write unfilled: T - host <= k x (write_max - lba) (k <= kmax).
 * Fills T's bounds and the units into T; false with why in ru_note when no
 * k fits.
 */
static bool across_units(const struct ru_span *u, const struct ru_events *ev, struct fr_pid_tail *t)
{
	double b = u->before * u->lba, a = u->after * u->lba;
	double d = u->host - b + a; /* bytes the new units must hold */
	double slack = fmax(u->write_max - u->lba, 0);
	double kmin = fmax(ceil(d / u->runs), 0);
	double kmax = d > 0 ? (u->runs > slack ? floor(d / (u->runs - slack)) : INFINITY) : 0;

	/* each reported change is a new unit; one the controller made may
	 * leave any part of its unit unwritten: no upper bound then */
	if (ev->known)
		kmin = fmax(kmin, ev->changes);
	if (ev->known && ev->by_ctrl > 0)
		kmax = INFINITY;
	if (kmin > kmax) {
		snprintf(
			t->ru_note, sizeof(t->ru_note),
			"handle usage n/a: RUAMW %.0f -> %.0f with %.1f MB written fits no whole "
			"number of %.1f MB reclaim units filled by these writes alone (%s)",
			u->before, u->after, u->host / 1e6, u->runs / 1e6,
			ev->known && ev->changes > 0
				? "more unit changes reported than these writes can fill: units "
				  "left "
				  "part-written by another host's handle update"
			: ev->known && ev->ctrl_watched
				? "another writer on the handle: the events show no unit change by "
				  "the controller"
				: "another writer on the handle, or a unit change the controller "
				  "made");
		return false;
	}
	t->ru_bytes_min = b - a + kmin * u->runs;
	t->ru_bytes_max = isinf(kmax) ? INFINITY : b - a + kmax * u->runs;
	if (kmin == kmax) {
		t->ru_units = kmin;
		t->ru_bytes = t->ru_bytes_min;
		return true;
	}
	if (isinf(kmax)) {
		snprintf(t->ru_note, sizeof(t->ru_note),
			 "handle usage n/a: at least %.0f new %.1f MB reclaim units (%s): the unit "
			 "took at least %.1f MB",
			 kmin, u->runs / 1e6,
			 ev->known && ev->by_ctrl > 0 ? "the controller changed units"
						      : "the largest write does not fit in one",
			 t->ru_bytes_min / 1e6);
		return false;
	}
	snprintf(t->ru_note, sizeof(t->ru_note),
		 "handle usage n/a: %.0f to %.0f new %.1f MB reclaim units fit RUAMW %.0f -> %.0f "
		 "and %.1f MB written (largest write %.0f B): the unit took %.1f to %.1f MB",
		 kmin, kmax, u->runs / 1e6, u->before, u->after, u->host / 1e6, u->write_max,
		 t->ru_bytes_min / 1e6, t->ru_bytes_max / 1e6);
	return false;
}

/* Unit size and largest write of slot I of E into U; false with why in T. */
static bool unit_facts(struct json_object *e, size_t i, struct ru_span *u, struct fr_pid_tail *t)
{
	struct json_object *cfg = fr_json_get(e, "fdp_config");
	const char *absent = fr_json_str(e, "fdp_config_absent");

	u->runs = fr_json_num(cfg, "runs");
	u->write_max = elem(e, "write_max", i);
	t->ru_size = u->runs > 0 ? u->runs : NAN;
	if (!(u->runs > 0))
		snprintf(t->ru_note, sizeof(t->ru_note),
			 "handle usage n/a: the handle moved to a new reclaim unit (RUAMW %.0f -> "
			 "%.0f for %.1f MB written) and the unit size is not known: %s",
			 u->before, u->after, u->host / 1e6,
			 absent ? absent
				: "the engine file has no FDP configuration (an older "
				  "engine)");
	else if (!(u->write_max > 0))
		snprintf(t->ru_note, sizeof(t->ru_note),
			 "handle usage n/a: the handle moved to a new reclaim unit and the engine "
			 "file does not give the largest write (an older engine)");
	else if (u->after * u->lba > u->runs)
		snprintf(t->ru_note, sizeof(t->ru_note),
			 "handle usage n/a: RUAMW %.0f is above the nominal unit size (%.0f B): "
			 "the drive's units are not RUNS long",
			 u->after, u->runs);
	else
		return true;
	return false;
}

/* The events' sentence after what BUF (of LEN) holds, "; " between. */
static void with_events(char *buf, size_t len, const struct ru_events *ev)
{
	size_t n = strlen(buf);

	if (*ev->say && n + 2 < len)
		snprintf(buf + n, len - n, "%s%s", n ? "; " : "", ev->say);
}

/*
 * The handle's usage of slot I of placement entry E: what its reclaim units
 * took against what the job wrote with the PID.  Within one unit RUAMW's
 * fall is the figure; across unit changes it needs the unit size.
 */
static void usage(struct json_object *e, size_t i, struct fr_pid_tail *t)
{
	struct ru_span u = {
		.before = elem(e, "ruamw_before", i),
		.after = elem(e, "ruamw_after", i),
		.lba = fr_json_num(e, "lba_size"),
		.host = elem(e, "bytes_written", i),
	};
	const char *absent = fr_json_str(e, "ruamw_absent");
	struct ru_events ev;

	read_events(e, i, &ev);
	snprintf(t->ru_events, sizeof(t->ru_events), "%s", ev.say);
	t->ru_events_changes = ev.known ? ev.changes : NAN;
	t->ru_events_by_ctrl = ev.known ? ev.by_ctrl : NAN;
	t->host_bytes = u.host;
	t->ru_bytes = t->ru_ratio = t->ru_units = t->ru_size = NAN;
	t->ru_bytes_min = t->ru_bytes_max = NAN;
	t->ru_basis[0] = '\0';
	if (isnan(u.before) || isnan(u.host) || !(u.lba > 0)) {
		snprintf(t->ru_note, sizeof(t->ru_note),
			 "handle usage n/a: the engine file has none (an older engine)");
		return;
	}
	if (isnan(u.after)) {
		snprintf(t->ru_note, sizeof(t->ru_note),
			 "handle usage n/a: RUAMW not read at the end: %s",
			 absent ? absent : "not said why");
		return;
	}
	if (u.host <= 0) {
		snprintf(t->ru_note, sizeof(t->ru_note),
			 "handle usage n/a: nothing written with the PID");
		return;
	}
	if (u.after <= u.before && (u.before - u.after) * u.lba >= u.host &&
	    !(ev.known && ev.changes > 0)) {
		/* one unit: what left it is the figure, whatever the unit size */
		unit_facts(e, i, &u, t);
		t->ru_units = 0;
		t->ru_bytes = t->ru_bytes_min = t->ru_bytes_max = (u.before - u.after) * u.lba;
	} else if (!unit_facts(e, i, &u, t) || !across_units(&u, &ev, t)) {
		with_events(t->ru_note, sizeof(t->ru_note), &ev);
		return;
	}
	t->ru_note[0] = '\0';
	t->ru_ratio = t->ru_bytes / t->host_bytes;
	if (t->ru_units > 0)
		snprintf(t->ru_basis, sizeof(t->ru_basis),
			 "%.0f new reclaim unit%s of %.1f MB (RUNS) started: RUAMW %.0f -> %.0f, "
			 "largest write %.0f B",
			 t->ru_units, t->ru_units == 1 ? "" : "s", u.runs / 1e6, u.before, u.after,
			 u.write_max);
	with_events(t->ru_basis, sizeof(t->ru_basis), &ev);
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
		.errors = (uint64_t)(whole(k, "errors", 1e18) > 0 ? whole(k, "errors", 1e18) : 0),
		.lat = {fr_json_num(lat, "mean"), pct(p, "99.000000"), pct(p, "99.900000"),
			pct(p, "99.990000")},
		.max = fr_json_num(lat, "max"),
		.host_bytes = NAN,
		.ru_bytes = NAN,
		.ru_ratio = NAN,
		.ru_note = "handle usage n/a: the PID is not in the file's placement list",
		.ru_size = NAN,
		.ru_units = NAN,
		.ru_bytes_min = NAN,
		.ru_bytes_max = NAN,
		.ru_events_changes = NAN,
		.ru_events_by_ctrl = NAN,
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
