// SPDX-License-Identifier: GPL-2.0-only
/*
 * Results documents merged as text (results_splice.h).  The first document
 * is taken apart into spans of its text: its members in order, and inside
 * the four sections that grow ("files", "jobs", the tag "keys", "health")
 * their elements.  Each later document adds to those as
 * results_merge_into() adds to parsed ones; then the spans are written out
 * in order.  Nothing is parsed into objects or printed again.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "json_span.h"
#include "results_splice.h"

/* What a member of the merged document holds: its own text, or a section's spans. */
enum held { HELD_TEXT, HELD_FILES, HELD_JOBS, HELD_TAGS, HELD_KEYS, HELD_HEALTH };

struct member {
	struct json_span key, val;
	enum held held;
};

struct members {
	struct member *v;
	size_t n, room;
};

/* An array's elements; BY_PATH: each file's "path" too, in .paths (n 0: it has none). */
struct elements {
	struct json_span *v, *paths;
	size_t n, room;
	bool by_path;
};

struct merged {
	struct members top, tags, health;
	struct elements files, jobs, keys;
	bool nomem;
};

static void *grow(void *v, size_t *room, size_t size)
{
	size_t more = *room ? 2 * *room : 16;
	void *bigger = realloc(v, more * size);

	if (bigger)
		*room = more;
	return bigger;
}

/* Sets member KEY of MS (in place when there, else appended), as json-c's object_add does. */
static void set_member(struct merged *m, struct members *ms, struct json_span key,
		       struct json_span val, enum held held)
{
	struct member *grown;
	size_t i;

	for (i = 0; i < ms->n; i++)
		if (ms->v[i].key.n == key.n && !memcmp(ms->v[i].key.p, key.p, key.n))
			break;
	if (i == ms->n) {
		if (ms->n == ms->room) {
			grown = grow(ms->v, &ms->room, sizeof(*ms->v));
			if (!grown) {
				m->nomem = true;
				return;
			}
			ms->v = grown;
		}
		ms->n++;
	}
	ms->v[i] = (struct member){.key = key, .val = val, .held = held};
}

/* A file record's "path", n 0 when it has none. */
static struct json_span path_of(struct json_span file)
{
	struct json_span key, val, none = {0};
	struct json_iter it;

	if (!json_span_is(file, '{'))
		return none;
	json_iter_open(&it, file);
	while (json_iter_next(&it, &key, &val))
		if (json_span_eq(key, "\"path\""))
			return val;
	return none;
}

/* Whether ES already lists a file of PATH. */
static bool lists_path(const struct elements *es, struct json_span path)
{
	size_t i;

	for (i = 0; i < es->n; i++)
		if (es->paths[i].n == path.n && !memcmp(es->paths[i].p, path.p, path.n))
			return true;
	return false;
}

static void add_element(struct merged *m, struct elements *es, struct json_span e,
			struct json_span path)
{
	void *grown;
	size_t room = es->room;

	if (es->n == es->room) {
		grown = grow(es->v, &room, sizeof(*es->v));
		if (grown)
			es->v = grown;
		if (grown && es->by_path)
			grown = realloc(es->paths, room * sizeof(*es->paths));
		if (!grown) {
			m->nomem = true;
			return;
		}
		if (es->by_path)
			es->paths = grown;
		es->room = room;
	}
	es->v[es->n] = e;
	if (es->by_path)
		es->paths[es->n] = path;
	es->n++;
}

/* Appends ARRAY's elements to ES; with UNIQUE a file whose path ES lists is left out. */
static void append_elements(struct merged *m, struct elements *es, struct json_span array,
			    bool unique)
{
	struct json_span e, path = {0};
	struct json_iter it;

	json_iter_open(&it, array);
	while (json_iter_next(&it, NULL, &e)) {
		if (es->by_path)
			path = path_of(e);
		if (unique && path.n && lists_path(es, path))
			continue;
		add_element(m, es, e, path);
	}
}

/* OBJ's members set into MS, "keys" as HELD_KEYS (into m->keys) when KEYED and an array. */
static void set_members(struct merged *m, struct members *ms, struct json_span obj, bool keyed)
{
	struct json_span key, val;
	struct json_iter it;

	json_iter_open(&it, obj);
	while (json_iter_next(&it, &key, &val)) {
		if (keyed && json_span_eq(key, "\"keys\"") && json_span_is(val, '[')) {
			m->keys.n = 0;
			append_elements(m, &m->keys, val, false);
			set_member(m, ms, key, val, HELD_KEYS);
		} else {
			set_member(m, ms, key, val, HELD_TEXT);
		}
	}
}

/* The section a top-level name is, with the type it must have; HELD_TEXT for any other. */
static enum held section_of(struct json_span key, char *type)
{
	static const struct {
		const char *name;
		enum held held;
		char type;
	} sections[] = {
		{"\"files\"", HELD_FILES, '['},
		{"\"jobs\"", HELD_JOBS, '['},
		{"\"tags\"", HELD_TAGS, '{'},
		{"\"health\"", HELD_HEALTH, '{'},
	};
	size_t i;

	for (i = 0; i < sizeof(sections) / sizeof(sections[0]); i++)
		if (json_span_eq(key, sections[i].name)) {
			*type = sections[i].type;
			return sections[i].held;
		}
	return HELD_TEXT;
}

/* Whether a section member's value is of the section's type (an array or object). */
static bool of_its_type(struct member mb)
{
	char type = 0;

	section_of(mb.key, &type);
	return json_span_is(mb.val, type);
}

/* The merged document's section HELD becomes VAL's (the first document's, or one it lacked). */
static void take_section(struct merged *m, enum held held, struct json_span key,
			 struct json_span val)
{
	switch (held) {
	case HELD_FILES:
		m->files.n = 0;
		append_elements(m, &m->files, val, false);
		break;
	case HELD_JOBS:
		m->jobs.n = 0;
		append_elements(m, &m->jobs, val, false);
		break;
	case HELD_TAGS:
		m->tags.n = m->keys.n = 0;
		set_members(m, &m->tags, val, true);
		break;
	default:
		m->health.n = 0;
		set_members(m, &m->health, val, false);
		break;
	}
	set_member(m, &m->top, key, val, held);
}

/* The held kind of top-level member KEY of the merged document; HELD_TEXT when absent. */
static enum held held_now(const struct merged *m, struct json_span key)
{
	size_t i;

	for (i = 0; i < m->top.n; i++)
		if (m->top.v[i].key.n == key.n && !memcmp(m->top.v[i].key.p, key.p, key.n))
			return m->top.v[i].held;
	return HELD_TEXT;
}

/* The tags of a later document into the merged ones: members replaced, keys appended. */
static void merge_tags(struct merged *m, struct json_span tags)
{
	struct json_span key, val;
	struct json_iter it;
	size_t i;

	json_iter_open(&it, tags);
	while (json_iter_next(&it, &key, &val))
		if (!json_span_eq(key, "\"keys\""))
			set_member(m, &m->tags, key, val, HELD_TEXT);
	json_iter_open(&it, tags);
	while (json_iter_next(&it, &key, &val)) {
		if (!json_span_eq(key, "\"keys\"") || !json_span_is(val, '['))
			continue;
		for (i = 0; i < m->tags.n && !json_span_eq(m->tags.v[i].key, "\"keys\""); i++)
			;
		if (i == m->tags.n || m->tags.v[i].held != HELD_KEYS) {
			m->keys.n =
				0; /* the merged tags had none (or not a list): these become them */
			set_member(m, &m->tags, key, val, HELD_KEYS);
		}
		append_elements(m, &m->keys, val, false);
	}
}

/* A later document's section into the merged one's of the same kind. */
static void merge_section(struct merged *m, enum held held, struct json_span val)
{
	switch (held) {
	case HELD_FILES:
		append_elements(m, &m->files, val, true);
		break;
	case HELD_JOBS:
		append_elements(m, &m->jobs, val, false);
		break;
	case HELD_TAGS:
		merge_tags(m, val);
		break;
	default:
		set_members(m, &m->health, val, false);
		break;
	}
}

/* The first document: every member taken, in its order. */
static void take_first(struct merged *m, struct json_span doc)
{
	struct json_span key, val;
	struct json_iter it;
	enum held held;
	char type = 0;

	json_iter_open(&it, doc);
	while (json_iter_next(&it, &key, &val) && !m->nomem) {
		held = section_of(key, &type);
		if (held != HELD_TEXT && json_span_is(val, type))
			take_section(m, held, key, val);
		else /* a section of another type is kept as it is; a later list replaces it */
			set_member(m, &m->top, key, val, HELD_TEXT);
	}
}

/*
 * A later document merged in results_merge_into()'s order: its files, jobs,
 * tags and health (each merged, or taken when the merged document has none
 * of that type; one of another type is not merged), then its other members
 * in its order, replacing the merged ones, except "job" (the first's stays).
 */
static void merge_later(struct merged *m, struct json_span doc)
{
	static const enum held order[] = {HELD_FILES, HELD_JOBS, HELD_TAGS, HELD_HEALTH};
	struct members later = {0};
	struct json_span key, val;
	struct json_iter it;
	struct member *mb;
	char type = 0;
	size_t i, j;

	/* its members read once (a name given twice: the last value, as json-c keeps) */
	json_iter_open(&it, doc);
	while (json_iter_next(&it, &key, &val) && !m->nomem)
		set_member(m, &later, key, val, section_of(key, &type));
	for (i = 0; i < sizeof(order) / sizeof(order[0]) && !m->nomem; i++)
		for (j = 0; j < later.n; j++) {
			mb = &later.v[j];
			if (mb->held != order[i] || !of_its_type(*mb))
				continue;
			if (held_now(m, mb->key) == order[i])
				merge_section(m, order[i], mb->val);
			else
				take_section(m, order[i], mb->key, mb->val);
		}
	for (j = 0; j < later.n && !m->nomem; j++)
		if (later.v[j].held == HELD_TEXT && !json_span_eq(later.v[j].key, "\"job\""))
			set_member(m, &m->top, later.v[j].key, later.v[j].val, HELD_TEXT);
	free(later.v);
}

/* The text being written. */
struct out {
	char *p;
	size_t n, room;
	bool nomem;
};

static void put(struct out *o, const char *s, size_t n)
{
	size_t room = o->room;
	char *grown;

	if (o->nomem)
		return;
	if (o->n + n > o->room) {
		while (o->n + n > room)
			room = room ? 2 * room : 64 * 1024;
		grown = realloc(o->p, room);
		if (!grown) {
			o->nomem = true;
			return;
		}
		o->p = grown;
		o->room = room;
	}
	memcpy(o->p + o->n, s, n);
	o->n += n;
}

static void put_str(struct out *o, const char *s)
{
	put(o, s, strlen(s));
}

static void put_span(struct out *o, struct json_span s)
{
	put(o, s.p, s.n);
}

/* ES as a JSON array, an element per line. */
static void put_elements(struct out *o, const struct elements *es)
{
	size_t i;

	put_str(o, "[");
	for (i = 0; i < es->n; i++) {
		put_str(o, i ? ",\n" : "\n");
		put_span(o, es->v[i]);
	}
	put_str(o, "]");
}

static void put_held(struct out *o, const struct merged *m, const struct member *mb);

/* MS as a JSON object; with SEP "\n", a member per line. */
static void put_members(struct out *o, const struct merged *m, const struct members *ms,
			const char *sep)
{
	size_t i;

	put_str(o, "{");
	for (i = 0; i < ms->n; i++) {
		if (i)
			put_str(o, ",");
		put_str(o, sep);
		put_span(o, ms->v[i].key);
		put_str(o, ":");
		put_held(o, m, &ms->v[i]);
	}
	put_str(o, sep);
	put_str(o, "}");
}

static void put_held(struct out *o, const struct merged *m, const struct member *mb)
{
	switch (mb->held) {
	case HELD_FILES:
		put_elements(o, &m->files);
		break;
	case HELD_JOBS:
		put_elements(o, &m->jobs);
		break;
	case HELD_KEYS:
		put_elements(o, &m->keys);
		break;
	case HELD_TAGS:
		put_members(o, m, &m->tags, "");
		break;
	case HELD_HEALTH:
		put_members(o, m, &m->health, "\n");
		break;
	default:
		put_span(o, mb->val);
		break;
	}
}

static void merged_free(struct merged *m)
{
	free(m->top.v);
	free(m->tags.v);
	free(m->health.v);
	free(m->files.v);
	free(m->files.paths);
	free(m->jobs.v);
	free(m->keys.v);
}

int results_splice(const char *const *texts, const size_t *lens, size_t n, char **out,
		   size_t *out_len, size_t *bad)
{
	struct merged m = {.files.by_path = true};
	struct out o = {0};
	struct json_span doc;
	size_t i;
	int ret = 0;

	for (i = 0; i < n && !ret && !m.nomem; i++) {
		if (!json_span_doc(texts[i], lens[i], &doc) || !json_span_is(doc, '{')) {
			*bad = i;
			ret = -EINVAL;
		} else {
			if (i == 0)
				take_first(&m, doc);
			else
				merge_later(&m, doc);
		}
	}
	if (!ret && !m.nomem) {
		put_members(&o, &m, &m.top, "\n");
		put_str(&o, "\n");
	}
	if (!ret && (m.nomem || o.nomem))
		ret = -ENOMEM;
	merged_free(&m);
	if (ret) {
		free(o.p);
		return ret;
	}
	*out = o.p;
	*out_len = o.n;
	return 0;
}
