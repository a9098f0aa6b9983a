// SPDX-License-Identifier: GPL-2.0-only
/*
 * The model: drive -> profile -> step -> direction, and the list of inputs
 * that could not be used.  Growing arrays; drives are found by label through
 * an open-addressing index (thousands of inputs may name hundreds of drives),
 * profiles and steps by a linear look (a few dozen each).  Here
 * the model's lifetime and shape (drives, profiles, steps found, added,
 * moved); the figures go in through model_merge.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "model/clients.h"
#include "model/copy.h"
#include "model/health.h"
#include "model/model.h"
#include "model/model_priv.h"

struct fr_placement *fr_placement_dup(const struct fr_placement *p)
{
	size_t sz = sizeof(*p) + p->n * sizeof(p->t[0]);
	struct fr_placement *c = malloc(sz);

	if (c)
		memcpy(c, p, sz);
	return c;
}

void fr_model_init(struct fr_model *m)
{
	memset(m, 0, sizeof(*m));
}

static void free_step(struct fr_step *s)
{
	free(s->name);
	free(s->source);
	for (size_t k = 0; k < s->njobnames; k++)
		free(s->jobnames[k]);
	free(s->jobnames);
	free(s->fio_version);
	free(s->targets);
	fr_health_free(s->health);
	free(s->placement);
	json_object_put(s->fio_doc);
	json_object_put(s->engine_doc);
}

static void free_profile(struct fr_profile *p)
{
	for (size_t i = 0; i < p->nsteps; i++)
		free_step(&p->steps[i]);
	free(p->steps);
	free(p->name);
}

void fr_drive_drop_step(struct fr_drive *d, size_t profile, size_t step)
{
	struct fr_profile *p = &d->profiles[profile];

	free_step(&p->steps[step]);
	memmove(&p->steps[step], &p->steps[step + 1], (p->nsteps - step - 1) * sizeof(*p->steps));
	memset(&p->steps[--p->nsteps], 0, sizeof(*p->steps));
	if (p->nsteps)
		return;
	free_profile(p);
	memmove(p, p + 1, (d->nprofiles - profile - 1) * sizeof(*p));
	memset(&d->profiles[--d->nprofiles], 0, sizeof(*p));
}

static void free_drive(struct fr_drive *d)
{
	for (size_t i = 0; i < d->nprofiles; i++)
		free_profile(&d->profiles[i]);
	free(d->profiles);
	free(d->label);
	free(d->review);
	free(d->ident.model);
	free(d->ident.serial);
	free(d->ident.firmware);
}

static void free_problems(struct fr_problem *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(p[i].source);
		free(p[i].reason);
	}
	free(p);
}

void fr_model_free(struct fr_model *m)
{
	for (size_t i = 0; i < m->ndrives; i++)
		free_drive(&m->drives[i]);
	free(m->drives);
	free(m->by_label);
	free(m->statements);
	free_problems(m->skipped, m->nskipped);
	free_problems(m->excluded, m->nexcluded);
	free_problems(m->notes, m->nnotes);
	fr_copy_runs_free(m->copy, m->ncopy);
	fr_clients_list_free(m->clients, m->nclients);
	if (m->invalid)
		fr_model_free(m->invalid);
	free(m->invalid);
	json_object_put(m->manifests);
	json_object_put(m->ai_docs);
	memset(m, 0, sizeof(*m));
}

static size_t label_hash(const char *s)
{
	size_t h = 14695981039346656037ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

struct fr_drive *fr_model_find_drive(const struct fr_model *m, const char *label)
{
	size_t mask = m->by_label_cap - 1;

	if (!m->by_label_cap)
		return NULL;
	for (size_t i = label_hash(label) & mask; m->by_label[i]; i = (i + 1) & mask) {
		struct fr_drive *d = &m->drives[m->by_label[i] - 1];

		if (!strcmp(d->label, label))
			return d;
	}
	return NULL;
}

static void index_place(size_t *tab, size_t cap, const char *label, size_t slot)
{
	size_t i = label_hash(label) & (cap - 1);

	while (tab[i])
		i = (i + 1) & (cap - 1);
	tab[i] = slot;
}

/* Keeps the index at most half full; called before adding a drive. */
static int index_grow(struct fr_model *m)
{
	size_t ncap = m->by_label_cap ? m->by_label_cap * 2 : 16;
	size_t *tab;

	if (2 * (m->ndrives + 1) <= m->by_label_cap)
		return 0;
	tab = calloc(ncap, sizeof(*tab));
	if (!tab)
		return -ENOMEM;
	for (size_t k = 0; k < m->ndrives; k++)
		index_place(tab, ncap, m->drives[k].label, k + 1);
	free(m->by_label);
	m->by_label = tab;
	m->by_label_cap = ncap;
	return 0;
}

int fr_model_relabel_drive(struct fr_model *m, struct fr_drive *d, const char *label)
{
	char *dup = strdup(label);

	if (!dup)
		return -ENOMEM;
	free(d->label);
	d->label = dup;
	memset(m->by_label, 0, m->by_label_cap * sizeof(*m->by_label));
	for (size_t k = 0; k < m->ndrives; k++)
		index_place(m->by_label, m->by_label_cap, m->drives[k].label, k + 1);
	return 0;
}

struct fr_drive *fr_model_drive(struct fr_model *m, const char *label)
{
	struct fr_drive *d = fr_model_find_drive(m, label);

	if (d)
		return d;
	if (index_grow(m) ||
	    fr_model_grow((void **)&m->drives, &m->cap, m->ndrives + 1, sizeof(*m->drives)))
		return NULL;
	d = &m->drives[m->ndrives];
	d->label = strdup(label);
	if (!d->label)
		return NULL;
	m->ndrives++;
	index_place(m->by_label, m->by_label_cap, d->label, m->ndrives);
	return d;
}

static int replace_str(char **dst, const char *src)
{
	char *s;

	if (!src || !*src)
		return 0;
	s = strdup(src);
	if (!s)
		return -ENOMEM;
	free(*dst);
	*dst = s;
	return 0;
}

int fr_drive_set_ident(struct fr_drive *d, const char *model, const char *serial,
		       const char *firmware)
{
	if (replace_str(&d->ident.model, model) || replace_str(&d->ident.serial, serial) ||
	    replace_str(&d->ident.firmware, firmware))
		return -ENOMEM;
	return 0;
}

const struct fr_profile *fr_drive_find_profile(const struct fr_drive *d, const char *name)
{
	for (size_t i = 0; i < d->nprofiles; i++)
		if (!strcmp(d->profiles[i].name, name))
			return &d->profiles[i];
	return NULL;
}

struct fr_profile *fr_drive_profile(struct fr_drive *d, const char *name)
{
	struct fr_profile *p = (struct fr_profile *)fr_drive_find_profile(d, name);

	if (p)
		return p;
	if (fr_model_grow((void **)&d->profiles, &d->cap, d->nprofiles + 1, sizeof(*d->profiles)))
		return NULL;
	p = &d->profiles[d->nprofiles];
	p->name = strdup(name);
	if (!p->name)
		return NULL;
	d->nprofiles++;
	return p;
}

int fr_model_move_profile(struct fr_model *m, size_t from, size_t profile, const char *label)
{
	struct fr_drive *to = fr_model_drive(m, label), *d = &m->drives[from];

	if (!to || fr_drive_set_ident(to, d->ident.model, d->ident.serial, d->ident.firmware) ||
	    fr_model_grow((void **)&to->profiles, &to->cap, to->nprofiles + 1,
			  sizeof(*to->profiles)))
		return -ENOMEM;
	to->profiles[to->nprofiles++] = d->profiles[profile];
	memmove(&d->profiles[profile], &d->profiles[profile + 1],
		(d->nprofiles - profile - 1) * sizeof(*d->profiles));
	d->nprofiles--;
	return 0;
}

int fr_model_take_step(struct fr_model *dst, struct fr_drive *d, size_t profile, size_t step)
{
	struct fr_drive *dd = fr_model_drive(dst, d->label);
	struct fr_profile *dp = dd ? fr_drive_profile(dd, d->profiles[profile].name) : NULL;

	if (!dp || fr_model_grow((void **)&dp->steps, &dp->cap, dp->nsteps + 1, sizeof(*dp->steps)))
		return -ENOMEM;
	dp->steps[dp->nsteps++] = d->profiles[profile].steps[step];
	/* the step's strings now belong to dst: dropping it frees nothing */
	memset(&d->profiles[profile].steps[step], 0, sizeof(struct fr_step));
	fr_drive_drop_step(d, profile, step);
	return 0;
}
