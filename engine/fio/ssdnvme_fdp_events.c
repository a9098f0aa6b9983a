// SPDX-License-Identifier: GPL-2.0-only
/*
 * The FDP events of a placed job (docs/engine.md "FDP events"): which event
 * types each handle has enabled (Get Features 0x1E), and the host and
 * controller FDP Events logs (0x23) read at set-up and again at the end;
 * the entries that arrived in between and concern the file's namespace or
 * handles go to jobs[].placement[].fdp_events.
 *
 * Which entries are new is found by order, not by time: the log keeps its
 * newest entries oldest first, so the end's read is the set-up's less its
 * oldest entries, then the new ones (fdp_events_new()).  The entries'
 * timestamps are the controller's clock, which the host may never have set
 * and which need not agree with the host's; they are written, never used.
 *
 * Reads only: events not enabled are recorded as such, never enabled here.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fio.h"

#include "fdp_events.h"
#include "ssdnvme_fdp.h"

/* One log (host or controller events): its set-up read, or why not. */
struct events_log {
	bool have;
	struct fdp_events before;
	char absent[200];
};

struct fdp_events_watch {
	struct fdp_event_types types[FDP_MAX_PIDS]; /* per slot of the plan */
	struct events_log log[2];		    /* [0] host, [1] controller */
};

static const char *const log_name[2] = {"host", "controller"};

/* The placement handle of a PID: the PID less its reclaim group bits. */
static uint16_t phndl_of(const struct fdp_place *p, uint16_t pid)
{
	return p->cfg.rgif ? (uint16_t)(pid & (0xffffu >> p->cfg.rgif)) : pid;
}

/* Each slot's event types into W; false with why in WHY when none is enabled. */
static bool read_types(int fd, const struct file_state *fs, struct fdp_events_watch *w, char *why,
		       size_t len)
{
	const struct fdp_place *p = fs->fdp;
	bool any = false;
	unsigned i, t;

	for (i = 0; i < p->n; i++) {
		if (fdp_event_types_read(fd, fs->ni.nsid, phndl_of(p, p->pid[i]), &w->types[i], why,
					 len))
			return false;
		for (t = 0; t < w->types[i].n; t++)
			any |= w->types[i].enabled[t];
	}
	if (!any)
		snprintf(why, len,
			 "events not enabled: no FDP event type is enabled on the job's %u "
			 "handle%s (Get Features FDP Events 0x1E; the engine never enables them)",
			 p->n, p->n == 1 ? "" : "s");
	return any;
}

void ssdnvme_fdp_events_start(struct file_state *fs)
{
	struct fdp_place *p = fs->fdp;
	struct fdp_events_watch *w;
	int fd, i;

	if (!p->have_cfg) /* no endurance group known: the reason is cfg_absent */
		return;
	w = calloc(1, sizeof(*w));
	fd = open(fs->ni.path, O_RDONLY | O_CLOEXEC);
	if (!w || fd < 0) {
		snprintf(p->events_absent, sizeof(p->events_absent), "events not read: %s",
			 w ? strerror(errno) : "no memory");
		free(w);
		if (fd >= 0)
			close(fd);
		return;
	}
	if (!read_types(fd, fs, w, p->events_absent, sizeof(p->events_absent))) {
		free(w);
		close(fd);
		return;
	}
	for (i = 0; i < 2; i++)
		w->log[i].have = !fdp_events_read(fd, p->cfg.endgid, i == 0, &w->log[i].before,
						  w->log[i].absent, sizeof(w->log[i].absent));
	close(fd);
	p->events = w;
}

/* The plan's slot an event concerns, -1 for the namespace as a whole, -2 neither. */
static int slot_of(const struct file_state *fs, const struct fdp_event *e)
{
	const struct fdp_place *p = fs->fdp;
	unsigned i;

	for (i = 0; i < p->n; i++)
		if (((e->flags & FDP_EVF_PID) && e->pid == p->pid[i] &&
		     (!(e->flags & FDP_EVF_NSID) || e->nsid == fs->ni.nsid)) ||
		    (!(e->flags & FDP_EVF_PID) && (e->flags & FDP_EVF_LOC) &&
		     e->ruhid == p->ruhid[i]))
			return (int)i;
	if ((e->flags & FDP_EVF_NSID) ? e->nsid == fs->ni.nsid : !(e->flags & FDP_EVF_LOC))
		return -1;
	return -2;
}

static json_object *event_json(const struct fdp_event *e, int log, int slot)
{
	json_object *o = json_object_new_object();

	if (!o)
		return NULL;
	json_object_object_add(o, "log", json_object_new_string(log_name[log]));
	json_object_object_add(o, "type", json_object_new_int(e->type));
	json_object_object_add(o, "name", json_object_new_string(fdp_event_name(e->type)));
	json_object_object_add(o, "slot", slot >= 0 ? json_object_new_int(slot) : NULL);
	json_object_object_add(o, "flags", json_object_new_int(e->flags));
	json_object_object_add(o, "pid",
			       e->flags & FDP_EVF_PID ? json_object_new_int(e->pid) : NULL);
	json_object_object_add(o, "nsid",
			       e->flags & FDP_EVF_NSID ? json_object_new_int64(e->nsid) : NULL);
	json_object_object_add(o, "rgid",
			       e->flags & FDP_EVF_LOC ? json_object_new_int(e->rgid) : NULL);
	json_object_object_add(o, "ruhid",
			       e->flags & FDP_EVF_LOC ? json_object_new_int(e->ruhid) : NULL);
	json_object_object_add(o, "timestamp_ms", json_object_new_int64((int64_t)e->timestamp_ms));
	if (e->type == FDP_EV_MEDIA_REALLOC) {
		json_object_object_add(o, "nlbam", json_object_new_int(e->nlbam));
		json_object_object_add(
			o, "lba", e->lba_valid ? json_object_new_int64((int64_t)e->lba) : NULL);
	}
	return o;
}

/* Log L's read at the end against set-up: its summary, new entries into EVENTS. */
static json_object *log_json(const struct file_state *fs, int fd, int l, json_object *events,
			     char *why, size_t len)
{
	const struct events_log *g = &fs->fdp->events->log[l];
	struct fdp_events *after = malloc(sizeof(*after));
	struct fdp_events_since s;
	json_object *o;
	unsigned i;

	if (!g->have || !after) {
		snprintf(why, len, "%s", after ? g->absent : "no memory for the FDP events log");
		free(after);
		return NULL;
	}
	if (fdp_events_read(fd, fs->fdp->cfg.endgid, l == 0, after, why, len)) {
		free(after);
		return NULL;
	}
	s = fdp_events_new(&g->before, after);
	o = json_object_new_object();
	json_object_object_add(o, "before", json_object_new_int((int)g->before.n));
	json_object_object_add(o, "after", json_object_new_int((int)after->n));
	json_object_object_add(o, "new", json_object_new_int((int)(after->n - s.first)));
	json_object_object_add(o, "wrapped", json_object_new_boolean(s.wrapped));
	json_object_object_add(o, "lost", json_object_new_boolean(s.lost));
	for (i = s.first; i < after->n; i++) {
		int slot = slot_of(fs, &after->e[i]);

		if (slot > -2)
			json_object_array_add(events, event_json(&after->e[i], l, slot));
	}
	free(after);
	return o;
}

/* "enabled": per slot, the event types enabled on its handle; "offered": slot 0's types. */
static void types_json(json_object *o, const struct fdp_place *p)
{
	const struct fdp_events_watch *w = p->events;
	json_object *en = json_object_new_array(), *of = json_object_new_array();
	unsigned i, t;

	for (i = 0; en && i < p->n; i++) {
		json_object *one = json_object_new_array();

		for (t = 0; one && t < w->types[i].n; t++)
			if (w->types[i].enabled[t])
				json_object_array_add(one,
						      json_object_new_int(w->types[i].type[t]));
		json_object_array_add(en, one);
	}
	for (t = 0; of && t < w->types[0].n; t++)
		json_object_array_add(of, json_object_new_int(w->types[0].type[t]));
	json_object_object_add(o, "offered", of);
	json_object_object_add(o, "enabled", en);
}

void ssdnvme_fdp_events_json(json_object *o, const struct file_state *fs)
{
	const struct fdp_place *p = fs->fdp;
	json_object *ev = NULL, *events;
	char why[200];
	int fd, l;

	if (p->events && (fd = open(fs->ni.path, O_RDONLY | O_CLOEXEC)) >= 0) {
		ev = json_object_new_object();
		events = json_object_new_array();
		json_object_object_add(ev, "endurance_group", json_object_new_int(p->cfg.endgid));
		types_json(ev, p);
		for (l = 0; l < 2; l++) {
			char key[32];
			json_object *one = log_json(fs, fd, l, events, why, sizeof(why));

			json_object_object_add(ev, log_name[l], one);
			snprintf(key, sizeof(key), "%s_absent", log_name[l]);
			json_object_object_add(ev, key, one ? NULL : json_object_new_string(why));
		}
		json_object_object_add(ev, "events", events);
		close(fd);
	} else if (p->events)
		snprintf(why, sizeof(why),
			 "events not read at the end: cannot open the namespace: %s",
			 strerror(errno));
	json_object_object_add(o, "fdp_events", ev);
	json_object_object_add(
		o, "fdp_events_absent",
		ev ? NULL
		   : json_object_new_string(p->events ? why
					    : *p->events_absent
						    ? p->events_absent
						    : "events not read: the FDP configuration was "
						      "not read (fdp_config_absent)"));
}
