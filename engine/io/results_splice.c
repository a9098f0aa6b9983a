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
	const struct json_node *doc; /* the document being added: its nodes */
	bool nomem;
};

/* The members or elements of node I of the document being added. */
#define for_each_child(m, i, c) for (c = (m)->doc[i].child; c; c = (m)->doc[c].next)

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
		if (json_span_same(ms->v[i].key, key))
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

/* The "path" of file record I, n 0 when it has none. */
static struct json_span path_of(const struct merged *m, size_t i)
{
	struct json_span none = {0};
	size_t c;

	if (!json_span_is(m->doc[i].val, '{'))
		return none;
	for_each_child(m, i, c) if (json_span_eq(m->doc[c].key, "\"path\"")) return m->doc[c].val;
	return none;
}

/* Whether ES already lists a file of PATH. */
static bool lists_path(const struct elements *es, struct json_span path)
{
	size_t i;

	for (i = 0; i < es->n; i++)
		if (json_span_same(es->paths[i], path))
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

/* Appends array I's elements to ES; with UNIQUE a file whose path ES lists is left out. */
static void append_elements(struct merged *m, struct elements *es, size_t i, bool unique)
{
	struct json_span path = {0};
	size_t c;

	for_each_child(m, i, c)
	{
		if (es->by_path)
			path = path_of(m, c);
		if (unique && path.n && lists_path(es, path))
			continue;
		add_element(m, es, m->doc[c].val, path);
	}
}

/* Object I's members set into MS, "keys" as HELD_KEYS (into m->keys) when KEYED and a list. */
static void set_members(struct merged *m, struct members *ms, size_t i, bool keyed)
{
	const struct json_node *c;
	size_t k;

	for_each_child(m, i, k)
	{
		c = &m->doc[k];
		if (keyed && json_span_eq(c->key, "\"keys\"") && json_span_is(c->val, '[')) {
			m->keys.n = 0;
			append_elements(m, &m->keys, k, false);
			set_member(m, ms, c->key, c->val, HELD_KEYS);
		} else {
			set_member(m, ms, c->key, c->val, HELD_TEXT);
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

/* Whether node I, a section's member, is of the section's type (an array or object). */
static bool of_its_type(const struct merged *m, size_t i)
{
	char type = 0;

	section_of(m->doc[i].key, &type);
	return json_span_is(m->doc[i].val, type);
}

/* The merged document's section HELD becomes node I's (the first document's, or one it lacked). */
static void take_section(struct merged *m, enum held held, size_t i)
{
	switch (held) {
	case HELD_FILES:
		m->files.n = 0;
		append_elements(m, &m->files, i, false);
		break;
	case HELD_JOBS:
		m->jobs.n = 0;
		append_elements(m, &m->jobs, i, false);
		break;
	case HELD_TAGS:
		m->tags.n = m->keys.n = 0;
		set_members(m, &m->tags, i, true);
		break;
	default:
		m->health.n = 0;
		set_members(m, &m->health, i, false);
		break;
	}
	set_member(m, &m->top, m->doc[i].key, m->doc[i].val, held);
}

/* The held kind of top-level member KEY of the merged document; HELD_TEXT when absent. */
static enum held held_now(const struct merged *m, struct json_span key)
{
	size_t i;

	for (i = 0; i < m->top.n; i++)
		if (json_span_same(m->top.v[i].key, key))
			return m->top.v[i].held;
	return HELD_TEXT;
}

/* Whether the merged tags hold their keys as a list. */
static bool keys_listed(const struct merged *m)
{
	size_t i;

	for (i = 0; i < m->tags.n; i++)
		if (json_span_eq(m->tags.v[i].key, "\"keys\""))
			return m->tags.v[i].held == HELD_KEYS;
	return false;
}

/* Node I, a later document's tags, into the merged ones: members replaced, keys appended. */
static void merge_tags(struct merged *m, size_t i)
{
	const struct json_node *c;
	size_t k;

	for_each_child(m, i, k) if (!json_span_eq(m->doc[k].key, "\"keys\""))
		set_member(m, &m->tags, m->doc[k].key, m->doc[k].val, HELD_TEXT);
	for_each_child(m, i, k)
	{
		c = &m->doc[k];
		if (!json_span_eq(c->key, "\"keys\"") || !json_span_is(c->val, '['))
			continue;
		if (!keys_listed(
			    m)) { /* the merged tags had none, or not a list: these become them */
			m->keys.n = 0;
			set_member(m, &m->tags, c->key, c->val, HELD_KEYS);
		}
		append_elements(m, &m->keys, k, false);
	}
}

/* Node I, a later document's section, into the merged one's of the same kind. */
static void merge_section(struct merged *m, enum held held, size_t i)
{
	switch (held) {
	case HELD_FILES:
		append_elements(m, &m->files, i, true);
		break;
	case HELD_JOBS:
		append_elements(m, &m->jobs, i, false);
		break;
	case HELD_TAGS:
		merge_tags(m, i);
		break;
	default:
		set_members(m, &m->health, i, false);
		break;
	}
}

/* The first document: every member taken, in its order. */
static void take_first(struct merged *m)
{
	enum held held;
	char type = 0;
	size_t k;

	for_each_child(m, 0, k)
	{
		held = section_of(m->doc[k].key, &type);
		if (held != HELD_TEXT && json_span_is(m->doc[k].val, type))
			take_section(m, held, k);
		else /* a section of another type is kept as it is; a later list replaces it */
			set_member(m, &m->top, m->doc[k].key, m->doc[k].val, HELD_TEXT);
	}
}

/*
 * The later document's members, each name once: the node of its last value
 * where the name first stood, as json-c reads a name given twice.  Into
 * *NODES (*N of them).
 */
static size_t *later_members(struct merged *m, size_t *n)
{
	size_t k, j, room = 0, *nodes = NULL, *grown;

	*n = 0;
	for_each_child(m, 0, k)
	{
		for (j = 0; j < *n && !json_span_same(m->doc[nodes[j]].key, m->doc[k].key); j++)
			;
		if (j == *n && *n == room) {
			grown = grow(nodes, &room, sizeof(*nodes));
			if (!grown) {
				m->nomem = true;
				break;
			}
			nodes = grown;
		}
		nodes[j] = k;
		if (j == *n)
			(*n)++;
	}
	return nodes;
}

/*
 * A later document merged in results_merge_into()'s order: its files, jobs,
 * tags and health (each merged, or taken when the merged document has none
 * of that type; one of another type is not merged), then its other members
 * in its order, replacing the merged ones, except "job" (the first's stays).
 */
static void merge_later(struct merged *m)
{
	static const enum held order[] = {HELD_FILES, HELD_JOBS, HELD_TAGS, HELD_HEALTH};
	size_t i, j, n, *later = later_members(m, &n);
	char type = 0;
	struct json_span key;

	for (i = 0; i < sizeof(order) / sizeof(order[0]) && !m->nomem; i++)
		for (j = 0; j < n; j++) {
			key = m->doc[later[j]].key;
			if (section_of(key, &type) != order[i] || !of_its_type(m, later[j]))
				continue;
			if (held_now(m, key) == order[i])
				merge_section(m, order[i], later[j]);
			else
				take_section(m, order[i], later[j]);
		}
	for (j = 0; j < n && !m->nomem; j++) {
		key = m->doc[later[j]].key;
		if (section_of(key, &type) == HELD_TEXT && !json_span_eq(key, "\"job\""))
			set_member(m, &m->top, key, m->doc[later[j]].val, HELD_TEXT);
	}
	free(later);
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

/* The index depth the merge walks: members (1), a section's entries (2), a file's path (3). */
#define SPLICE_DEPTH 3

int results_splice(const char *const *texts, const size_t *lens, size_t n, char **out,
		   size_t *out_len, size_t *bad)
{
	struct merged m = {.files.by_path = true};
	struct json_doc *docs = calloc(n ? n : 1, sizeof(*docs));
	struct out o = {0};
	size_t i;
	int ret = docs ? 0 : -ENOMEM;

	/* every text read first: the merged spans point into all of them */
	for (i = 0; i < n && !ret; i++) {
		ret = json_doc_read(&docs[i], texts[i], lens[i], SPLICE_DEPTH);
		if (!ret && !json_span_is(docs[i].v[0].val, '{'))
			ret = -EINVAL;
		if (ret == -EINVAL)
			*bad = i;
	}
	for (i = 0; i < n && !ret && !m.nomem; i++) {
		m.doc = docs[i].v;
		if (i == 0)
			take_first(&m);
		else
			merge_later(&m);
	}
	if (!ret && !m.nomem) {
		put_members(&o, &m, &m.top, "\n");
		put_str(&o, "\n");
	}
	if (!ret && (m.nomem || o.nomem))
		ret = -ENOMEM;
	for (i = 0; docs && i < n; i++)
		json_doc_free(&docs[i]);
	free(docs);
	merged_free(&m);
	if (ret) {
		free(o.p);
		return ret;
	}
	*out = o.p;
	*out_len = o.n;
	return 0;
}
