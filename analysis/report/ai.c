// SPDX-License-Identifier: GPL-2.0-only
/*
 * The AI methods' sections (ai.h): which fio outputs hold them (what the
 * reader kept of each at its one read, read/read_ai.h), and the readers'
 * tails shared by both methods.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "report/ai.h"
#include "util/json_get.h"

static bool named(const struct fr_step *s, const char *prefix)
{
	for (size_t i = 0; i < s->njobnames; i++)
		if (!strncmp(s->jobnames[i], prefix, strlen(prefix)))
			return true;
	return false;
}

/*
 * A new entry for (drive, src) at the end of *list (n of them, sz bytes
 * each, each starting with its fr_ai_run), zeroed but for those two; NULL
 * with *dup set when it is there already, or NULL when memory ran out.
 */
static struct fr_ai_run *entry_new(void **list, size_t *n, size_t sz, const char *drive,
				   const char *src, bool *dup)
{
	struct fr_ai_run *r;
	char *v;

	for (size_t i = 0; i < *n; i++) {
		r = (struct fr_ai_run *)((char *)*list + i * sz);
		if (r->drive == drive && !strcmp(r->source, src)) {
			*dup = true;
			return NULL;
		}
	}
	v = realloc(*list, (*n + 1) * sz);
	if (!v)
		return NULL;
	*list = v;
	r = memset(v + *n * sz, 0, sz);
	if (!(r->source = strdup(src)))
		return NULL;
	r->drive = drive;
	(*n)++;
	return r;
}

/* One fio output of a drive that holds a method's jobs (ckpt: checkpoint,
 * else KV-cache), its figures, once per (drive, file). */
static int add_run(const struct fr_model *m, struct fr_ai *ai, bool ckpt, const char *drive,
		   const char *src)
{
	bool dup = false;
	struct fr_ai_run *r =
		ckpt ? entry_new((void **)&ai->ckpt, &ai->nckpt, sizeof(*ai->ckpt), drive, src,
				 &dup)
		     : entry_new((void **)&ai->kv, &ai->nkv, sizeof(*ai->kv), drive, src, &dup);
	struct json_object *doc;
	int ret = 0;

	if (!r)
		return dup ? 0 : -ENOMEM;
	/* kept by the reader at its one read of the file (read/read_ai.h) */
	doc = fr_model_ai_doc(m, src);
	if (!doc) {
		snprintf(r->problem, sizeof(r->problem), "no fio JSON document");
		return 0;
	}
	if (ckpt)
		fr_ai_ckpt_figures(doc, ai->basis, (struct fr_ai_ckpt *)r);
	else
		ret = fr_ai_kv_figures(doc, ai->basis, (struct fr_ai_kv *)r);
	return ret;
}

int fr_ai_build(const struct fr_model *m, enum fr_basis basis, struct fr_ai *ai)
{
	memset(ai, 0, sizeof(*ai));
	ai->basis = basis;
	for (size_t d = 0; d < m->ndrives; d++) {
		const struct fr_drive *dr = &m->drives[d];

		for (size_t p = 0; !dr->reference && p < dr->nprofiles; p++)
			for (size_t s = 0; s < dr->profiles[p].nsteps; s++) {
				const struct fr_step *st = &dr->profiles[p].steps[s];
				int ret = 0;

				if (!st->source)
					continue;
				if (named(st, "ckpt@") || named(st, "ckpt-reader@"))
					ret = add_run(m, ai, true, dr->label, st->source);
				else if (named(st, "kvcache@") || named(st, "kvcache-fill@"))
					ret = add_run(m, ai, false, dr->label, st->source);
				if (ret) {
					fr_ai_free(ai);
					return ret;
				}
			}
	}
	return 0;
}

void fr_ai_free(struct fr_ai *ai)
{
	for (size_t i = 0; i < ai->nckpt; i++)
		free(ai->ckpt[i].run.source);
	for (size_t i = 0; i < ai->nkv; i++) {
		free(ai->kv[i].run.source);
		free(ai->kv[i].steps);
	}
	free(ai->ckpt);
	free(ai->kv);
	memset(ai, 0, sizeof(*ai));
}
