// SPDX-License-Identifier: GPL-2.0-only
/*
 * The engine results file's "health" section (docs/engine.md) -> the health
 * record of each step whose fio jobs it names.  Entries are keyed
 * "<job>.<thread>"; every thread of every job of a step reads the same
 * controllers, so their snapshots are unioned per controller (lowest
 * counter before, highest after), never added.
 */
#include <json-c/json.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/health.h"
#include "util/json_get.h"
#include "model/model.h"
#include "read/read_health.h"

/* A counter of a snapshot: -1 when absent, not an integer, negative or
 * saturated (the engine holds 128-bit counters at INT64_MAX). */
static int64_t counter(struct json_object *o, const char *key)
{
	struct json_object *v = fr_json_get(o, key);
	int64_t n;

	if (!v || !json_object_is_type(v, json_type_int))
		return -1;
	n = json_object_get_int64(v);
	return n < 0 || n == INT64_MAX ? -1 : n;
}

/* Says in c->untrusted (the first time) why the record cannot be trusted. */
static void distrust(struct fr_hctrl *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void distrust(struct fr_hctrl *c, const char *fmt, ...)
{
	va_list ap;

	if (c->untrusted[0])
		return;
	va_start(ap, fmt);
	vsnprintf(c->untrusted, sizeof(c->untrusted), fmt, ap);
	va_end(ap);
}

/* A counter a verdict reads, in snapshot where: -1 when absent; a value that
 * is there but no counter (not an integer, negative, saturated or beyond
 * 64 bits signed) is -1 too and makes the record untrusted, named. */
static int64_t verdict_counter(struct fr_hctrl *c, struct json_object *o, const char *key,
			       const char *where)
{
	struct json_object *v = fr_json_get(o, key);
	int64_t n = counter(o, key);

	if (v && n < 0)
		distrust(c, "%s in the %s snapshot cannot be read (%s)", key, where,
			 json_object_to_json_string(v));
	return n;
}

/* Composite temperatures a drive can report: -100 .. +200 degrees C. */
#define TEMP_MIN_K 173
#define TEMP_MAX_K 473

static void widen(struct fr_hcount *c, int64_t before, int64_t after)
{
	if (before >= 0 && (c->before < 0 || before < c->before))
		c->before = before;
	if (after >= 0 && after > c->after)
		c->after = after;
}

/* SNAP members of the counters a verdict reads. */
static const struct {
	enum fr_hc k;
	const char *key;
} snap_counters[] = {
	{FR_HC_DUW, "data_units_written"},
	{FR_HC_TMT1_N, "tmt1_count"},
	{FR_HC_TMT2_N, "tmt2_count"},
	{FR_HC_TMT1_S, "tmt1_time_s"},
	{FR_HC_TMT2_S, "tmt2_time_s"},
	{FR_HC_WARN_MIN, "warning_temp_time_min"},
	{FR_HC_CRIT_MIN, "critical_temp_time_min"},
};

static int add_temp(struct fr_hctrl *c, struct json_object *snap, const char *where)
{
	int64_t t = verdict_counter(c, snap, "composite_temp_k", where);
	double ms = fr_json_num(snap, "t_ms");
	struct fr_htemp *v;

	if (t >= 0 && (t < TEMP_MIN_K || t > TEMP_MAX_K)) {
		distrust(c,
			 "composite_temp_k %lld K (%lld °C) in the %s snapshot is not a drive "
			 "temperature",
			 (long long)t, (long long)t - 273, where);
		return 0;
	}
	/* a time no job runs for is not a point (and no int64_t) */
	if (t <= 0 || !(ms > -1e12 && ms < 1e12))
		return 0;
	v = realloc(c->temps, (c->ntemps + 1) * sizeof(*v));
	if (!v)
		return -1;
	c->temps = v;
	v[c->ntemps++] = (struct fr_htemp){(int64_t)ms, (int)t};
	if (!c->temp_before_k)
		c->temp_before_k = (int)t;
	if (t > c->temp_max_k)
		c->temp_max_k = (int)t;
	return 0;
}

/* The verdict counters of a snapshot, in time order: each seen as both
 * ends of its window (so samples between a missing before or after still
 * show a rise); one lower than the one before it went back (its growth is
 * then not known).  last[] holds the previous snapshot's values (-1: none,
 * -2: went back). */
static void verdict_counters(struct fr_hctrl *c, struct json_object *snap, const char *where,
			     int64_t *last)
{
	for (size_t i = 1; i < sizeof(snap_counters) / sizeof(snap_counters[0]); i++) {
		int64_t v = verdict_counter(c, snap, snap_counters[i].key, where);

		if (v < 0 || last[i] == -2)
			continue;
		if (last[i] >= 0 && v < last[i]) {
			distrust(c, "%s went back (%lld -> %lld) in the %s snapshot",
				 snap_counters[i].key, (long long)last[i], (long long)v, where);
			/* its growth is not known: no verdict from it */
			c->c[snap_counters[i].k] = (struct fr_hcount){-1, -1};
			last[i] = -2;
			continue;
		}
		last[i] = v;
		widen(&c->c[snap_counters[i].k], v, v);
	}
}

/* One snapshot: its warning bits, temperature and verdict counters. */
static int note_snap(struct fr_hctrl *c, struct json_object *snap, const char *where, int64_t *last)
{
	int64_t cw, eg;

	if (!snap || !json_object_is_type(snap, json_type_object))
		return 0;
	cw = verdict_counter(c, snap, "critical_warning", where);
	eg = verdict_counter(c, snap, "endgrp_crit_warning", where);
	if (cw > 0)
		c->crit_warning |= (unsigned)cw;
	if (eg > 0)
		c->eg_warning |= (unsigned)eg;
	verdict_counters(c, snap, where, last);
	return add_temp(c, snap, where);
}

/* The optional logs' signs of trouble: the endurance group's critical
 * warning, OCP C0's thermal throttling status, before and after. */
static void log_trouble(struct fr_hctrl *c, struct json_object *o)
{
	static const char *const ends[] = {"before", "after"};

	for (int e = 0; e < 2; e++) {
		struct json_object *eg = fr_json_get(fr_json_get(o, "endurance_group"), ends[e]);
		struct json_object *ocp = fr_json_get(fr_json_get(o, "ocp_c0"), ends[e]);
		int64_t w = verdict_counter(c, eg, "critical_warning", "endurance group");
		int64_t st = verdict_counter(c, ocp, "thermal_throttling_status", "OCP C0");

		if (w > 0)
			c->eg_warning |= (unsigned)w;
		if (st > 0)
			c->ocp_status |= (unsigned)st;
	}
}

/* {"before": {...}, "after": {...}} of an optional log: one counter. */
static void log_counter(struct fr_hcount *c, struct json_object *log, const char *key)
{
	if (!log || !json_object_is_type(log, json_type_object))
		return;
	widen(c, counter(fr_json_get(log, "before"), key), counter(fr_json_get(log, "after"), key));
}

static int cmp_temp(const void *a, const void *b)
{
	const struct fr_htemp *x = a, *y = b;

	return (x->t_ms > y->t_ms) - (x->t_ms < y->t_ms);
}

/* Whether o is a JSON object. */
static bool is_obj(struct json_object *o)
{
	return json_object_is_type(o, json_type_object);
}

/* The engine's own cost of sampling, added up. */
static void add_cost(struct fr_hctrl *c, struct json_object *cost)
{
	if (counter(cost, "samples") < 0)
		return;
	c->samples = (c->samples < 0 ? 0 : c->samples) + counter(cost, "samples");
	c->cpu_us = (c->cpu_us < 0 ? 0 : c->cpu_us) +
		    (counter(cost, "cpu_us_total") > 0 ? counter(cost, "cpu_us_total") : 0);
}

/* Every snapshot in time order (before, samples, after): the signs of
 * trouble and the verdict counters. */
static int note_snaps(struct fr_hctrl *c, struct json_object *o, char *err, size_t errlen)
{
	struct json_object *samples = fr_json_get(o, "samples"), *after = fr_json_get(o, "after");
	int64_t last[sizeof(snap_counters) / sizeof(snap_counters[0])];
	int64_t t;

	for (size_t i = 0; i < sizeof(last) / sizeof(last[0]); i++)
		last[i] = -1;
	if (samples && !json_object_is_type(samples, json_type_array)) {
		snprintf(err, errlen, "controller %s: \"samples\" is not an array", c->name);
		return -1;
	}
	if (note_snap(c, fr_json_get(o, "before"), "before", last))
		return -1;
	for (size_t i = 0; samples && i < json_object_array_length(samples); i++)
		if (note_snap(c, json_object_array_get_idx(samples, i), "sample", last))
			return -1;
	if (note_snap(c, after, "after", last))
		return -1;
	t = counter(after, "composite_temp_k");
	c->temp_after_k = t >= TEMP_MIN_K && t <= TEMP_MAX_K ? (int)t : 0;
	return 0;
}

/* Merges one controller object of an entry into c.  Without the engine's
 * "absent" and with some snapshot, a missing before or after makes the
 * record untrusted, but what the others show still counts. */
static int merge_ctrl(struct fr_hctrl *c, struct json_object *o, char *err, size_t errlen)
{
	struct json_object *before = fr_json_get(o, "before"), *after = fr_json_get(o, "after");
	struct json_object *samples = fr_json_get(o, "samples");
	const char *absent = fr_json_str(o, "absent");
	bool any = is_obj(before) || is_obj(after) ||
		   (json_object_is_type(samples, json_type_array) &&
		    json_object_array_length(samples));

	if (absent || !any) {
		if (!c->read && !c->absent[0] && !c->untrusted[0])
			snprintf(c->absent, sizeof(c->absent), "%s",
				 absent ? absent : "no before and after snapshot");
		return 0;
	}
	c->absent[0] = '\0';
	if (!is_obj(before) || !is_obj(after))
		distrust(c, "no %s snapshot (%s)", is_obj(before) ? "after" : "before",
			 json_object_to_json_string(is_obj(before) ? after : before));
	else
		c->read = true;
	widen(&c->c[FR_HC_DUW], counter(before, "data_units_written"),
	      counter(after, "data_units_written"));
	log_counter(&c->c[FR_HC_OCP_MEDIA], fr_json_get(o, "ocp_c0"),
		    "physical_media_units_written");
	log_counter(&c->c[FR_HC_OCP_THROTTLE], fr_json_get(o, "ocp_c0"),
		    "thermal_throttling_count");
	log_counter(&c->c[FR_HC_FDP_MBMW], fr_json_get(o, "fdp"), "mbmw");
	log_counter(&c->c[FR_HC_FDP_HBMW], fr_json_get(o, "fdp"), "hbmw");
	log_counter(&c->c[FR_HC_EG_MEDIA], fr_json_get(o, "endurance_group"),
		    "media_units_written");
	log_counter(&c->c[FR_HC_EG_HOST], fr_json_get(o, "endurance_group"), "data_units_written");
	log_trouble(c, o);
	if (note_snaps(c, o, err, errlen))
		return -1;
	add_cost(c, fr_json_get(o, "sample_cost"));
	if (c->ntemps > 1)
		qsort(c->temps, c->ntemps, sizeof(*c->temps), cmp_temp);
	return 0;
}

static struct fr_hctrl *find_ctrl(struct fr_health *h, const char *name, const char *serial)
{
	struct fr_hctrl *v;

	for (size_t i = 0; i < h->nctrl; i++)
		if (!strcmp(h->ctrl[i].name, name) && !strcmp(h->ctrl[i].serial, serial))
			return &h->ctrl[i];
	v = realloc(h->ctrl, (h->nctrl + 1) * sizeof(*v));
	if (!v)
		return NULL;
	h->ctrl = v;
	v = &h->ctrl[h->nctrl++];
	memset(v, 0, sizeof(*v));
	snprintf(v->name, sizeof(v->name), "%s", name);
	snprintf(v->serial, sizeof(v->serial), "%s", serial);
	for (int k = 0; k < FR_HC_N; k++)
		v->c[k] = (struct fr_hcount){-1, -1};
	v->samples = v->cpu_us = -1;
	return v;
}

static int merge_entry(struct fr_health *h, const char *key, struct json_object *entry, char *err,
		       size_t errlen)
{
	struct json_object *ctrls = fr_json_get(entry, "controllers");

	if (!ctrls || !json_object_is_type(ctrls, json_type_array)) {
		snprintf(err, errlen, "entry \"%s\": \"controllers\" is not an array", key);
		return -1;
	}
	for (size_t i = 0; i < json_object_array_length(ctrls); i++) {
		struct json_object *o = json_object_array_get_idx(ctrls, i);
		const char *name = fr_json_str(o, "controller"), *serial = fr_json_str(o, "serial");
		struct fr_hctrl *c;

		if (!json_object_is_type(o, json_type_object)) {
			snprintf(err, errlen, "entry \"%s\": controllers[%zu] is not an object",
				 key, i);
			return -1;
		}
		/* a plain file or another block device has no controller: its path */
		if (!name)
			name = fr_json_str(o, "path") ? fr_json_str(o, "path") : "no controller";
		c = find_ctrl(h, name, serial ? serial : "");
		if (!c) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		if (fr_json_str(o, "subsystem"))
			snprintf(c->subsys, sizeof(c->subsys), "%s", fr_json_str(o, "subsystem"));
		if (merge_ctrl(c, o, err, errlen)) {
			if (!*err)
				snprintf(err, errlen, "out of memory");
			return -1;
		}
	}
	return 0;
}

static bool names_job(const struct fr_step *s, const char *job)
{
	for (size_t i = 0; job && i < s->njobnames; i++)
		if (!strcmp(s->jobnames[i], job))
			return true;
	return false;
}

/* The record of one step from the section (NULL: not there). */
static int step_health(struct fr_step *s, struct json_object *section, char *err, size_t errlen)
{
	struct fr_health *h = calloc(1, sizeof(*h));
	size_t matched = 0;

	if (!h) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	s->health = h;
	if (!section) {
		snprintf(h->why, sizeof(h->why),
			 "not recorded (the engine results file has no \"health\" section: "
			 "an engine older than health recording, or health=0)");
		return 0;
	}
	json_object_object_foreach(section, key, entry)
	{
		if (!json_object_is_type(entry, json_type_object)) {
			snprintf(err, errlen, "entry \"%s\" is not an object", key);
			return -1;
		}
		if (!names_job(s, fr_json_str(entry, "job")))
			continue;
		matched++;
		if (merge_entry(h, key, entry, err, errlen))
			return -1;
	}
	for (size_t i = 0; i < h->nctrl; i++)
		h->recorded |= !h->ctrl[i].absent[0];
	if (!matched)
		snprintf(h->why, sizeof(h->why), "not recorded (no \"health\" entry for job '%s')",
			 s->jobnames[0]);
	else if (!h->recorded)
		snprintf(h->why, sizeof(h->why), "not recorded: %s",
			 h->nctrl ? h->ctrl[0].absent : "no controller");
	fr_health_verdict(h);
	return 0;
}

int fr_health_attach(struct fr_model *m, struct json_object *section, char *err, size_t errlen)
{
	err[0] = '\0';
	if (section && !json_object_is_type(section, json_type_object)) {
		snprintf(err, errlen, "\"health\" is not an object");
		return -1;
	}
	for (size_t d = 0; d < m->ndrives; d++)
		for (size_t p = 0; p < m->drives[d].nprofiles; p++)
			for (size_t k = 0; k < m->drives[d].profiles[p].nsteps; k++) {
				struct fr_step *s = &m->drives[d].profiles[p].steps[k];

				if (s->health || !s->njobnames)
					continue;
				if (step_health(s, section, err, errlen)) {
					fr_health_free(s->health);
					s->health = NULL;
					return -1;
				}
			}
	return 0;
}
