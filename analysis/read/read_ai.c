// SPDX-License-Identifier: GPL-2.0-only
/*
 * One fio output read whole for the AI methods' sections (read_ai.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "read/read_ai.h"
#include "util/json_get.h"
#include "util/slurp.h"

/* The last fio document of a file's text (fio may write lines before it). */
static struct json_object *last_doc(const char *buf, size_t len, char *err, size_t errlen)
{
	struct json_object *doc = NULL;

	for (size_t i = 0; i < len; i++) {
		struct json_object *d;

		if (buf[i] != '{' || (i && buf[i - 1] != '\n'))
			continue;
		d = fr_json_parse(buf + i, len - i, err, errlen);
		if (!d)
			continue;
		json_object_put(doc);
		doc = d;
	}
	if (!doc && !*err)
		snprintf(err, errlen, "no fio JSON document");
	return doc;
}

struct json_object *fr_fio_doc_read(const char *path, char *err, size_t errlen)
{
	size_t len;
	char *buf = fr_slurp(path, &len);
	struct json_object *doc;

	*err = '\0';
	if (!buf) {
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
		return NULL;
	}
	doc = last_doc(buf, len, err, errlen);
	free(buf);
	if (doc)
		*err = '\0'; /* a damaged document before the last is not this run's problem */
	return doc;
}
