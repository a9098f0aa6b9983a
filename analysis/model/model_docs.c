// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the readers keep of the input files for the later stages (model.h:
 * fr_step's fio_doc and engine_doc, fr_model's manifests): each input is
 * opened and parsed once per run, and provenance, the baseline gate and
 * the HTML charts read these trees instead of the files.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "model/clients.h"
#include "model/model.h"

void fr_model_keep_docs(struct fr_model *m, const char *source, struct json_object *fio_doc,
			struct json_object *engine_doc)
{
	for (size_t d = 0; d < m->ndrives; d++)
		for (size_t p = 0; p < m->drives[d].nprofiles; p++)
			for (size_t k = 0; k < m->drives[d].profiles[p].nsteps; k++) {
				struct fr_step *s = &m->drives[d].profiles[p].steps[k];

				if (!s->source || strcmp(s->source, source))
					continue;
				if (fio_doc && !s->fio_doc)
					s->fio_doc = json_object_get(fio_doc);
				if (engine_doc && !s->engine_doc)
					s->engine_doc = json_object_get(engine_doc);
			}
}

bool fr_model_manifest(const struct fr_model *m, const char *path, struct json_object **root)
{
	*root = NULL;
	return m->manifests && json_object_object_get_ex(m->manifests, path, root);
}

int fr_model_add_clients(struct fr_model *m, struct fr_clients *c)
{
	struct fr_clients *v = realloc(m->clients, (m->nclients + 1) * sizeof(*v));

	if (!v)
		return -ENOMEM;
	m->clients = v;
	v[m->nclients++] = *c;
	memset(c, 0, sizeof(*c));
	return 0;
}

int fr_model_take_clients(struct fr_model *dst, struct fr_model *src)
{
	for (size_t i = 0; i < src->nclients; i++)
		if (fr_model_add_clients(dst, &src->clients[i]))
			return -ENOMEM;
	return 0;
}

const struct fr_clients *fr_model_find_clients(const struct fr_model *m, const char *source)
{
	for (size_t i = 0; i < m->nclients; i++)
		if (!strcmp(m->clients[i].source, source))
			return &m->clients[i];
	return NULL;
}

int fr_model_keep_ai_doc(struct fr_model *m, const char *source, struct json_object *doc)
{
	if (!m->ai_docs && !(m->ai_docs = json_object_new_object()))
		return -ENOMEM;
	if (json_object_object_add(m->ai_docs, source, json_object_get(doc))) {
		json_object_put(doc);
		return -ENOMEM;
	}
	return 0;
}

struct json_object *fr_model_ai_doc(const struct fr_model *m, const char *source)
{
	struct json_object *doc = NULL;

	if (m->ai_docs)
		json_object_object_get_ex(m->ai_docs, source, &doc);
	return doc;
}
