// SPDX-License-Identifier: GPL-2.0-only
/* Small json-c accessors shared by fiorank's readers. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "util/json_get.h"

struct json_object *fr_json_get(struct json_object *o, const char *key)
{
	struct json_object *v;

	if (!o || !json_object_is_type(o, json_type_object))
		return NULL;
	return json_object_object_get_ex(o, key, &v) ? v : NULL;
}

double fr_json_num(struct json_object *o, const char *key)
{
	struct json_object *v = fr_json_get(o, key);

	if (v &&
	    (json_object_is_type(v, json_type_int) || json_object_is_type(v, json_type_double)))
		return json_object_get_double(v);
	return NAN;
}

const char *fr_json_str(struct json_object *o, const char *key)
{
	struct json_object *v = fr_json_get(o, key);

	return v && json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
}

struct json_object *fr_json_parse(const char *buf, size_t len, char *err, size_t errlen)
{
	struct json_tokener *tok = json_tokener_new();
	struct json_object *root;
	size_t skip;

	if (!tok) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	/* a UTF-8 byte order mark is not content (offsets below count it) */
	skip = len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3) ? 3 : 0;
	root = json_tokener_parse_ex(tok, buf + skip, (int)(len - skip));
	if (!root) {
		enum json_tokener_error je = json_tokener_get_error(tok);

		if (je == json_tokener_continue || je == json_tokener_success)
			snprintf(err, errlen, "truncated JSON (ends at byte %zu)", len);
		else
			snprintf(err, errlen, "JSON parse error at byte %zu: %s",
				 skip + json_tokener_get_parse_end(tok),
				 json_tokener_error_desc(je));
	}
	json_tokener_free(tok);
	return root;
}

struct json_object *fr_json_last_fio_doc(const char *buf, size_t len)
{
	return fr_json_last_doc_with(buf, len, "jobs");
}

struct json_object *fr_json_last_doc_with(const char *buf, size_t len, const char *key)
{
	struct json_object *last = NULL;
	size_t pos = 0;

	while (pos < len) {
		if (buf[pos] == '{' && (pos == 0 || buf[pos - 1] == '\n')) {
			struct json_tokener *tok = json_tokener_new();
			struct json_object *o;

			if (!tok)
				break;
			o = json_tokener_parse_ex(tok, buf + pos, (int)(len - pos));
			if (o && json_object_is_type(fr_json_get(o, key), json_type_array)) {
				json_object_put(last);
				last = o;
				pos += (size_t)json_tokener_get_parse_end(tok);
				json_tokener_free(tok);
				continue;
			}
			json_object_put(o);
			json_tokener_free(tok);
		}
		pos++;
	}
	return last;
}
