/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The promise of fr_compact_doc() (analysis/read/compact.h), checked on one
 * input by the unit test and by the libFuzzer target: when the compact copy
 * of the document at doc parses, the original parses too, ends where the
 * compactor said, and holds the same values but for members the compactor
 * may drop.  Header-only: test code, not part of libfiorank.
 */
#ifndef FIORANK_TEST_COMPACT_CHECK_H
#define FIORANK_TEST_COMPACT_CHECK_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "read/compact.h"

static bool cc_droppable(const char *key)
{
	return fr_compact_unread(key, strlen(key));
}

/* copy is orig without droppable members (in a percentile object pct: the
 * entries not kept), everything else equal */
static bool cc_same(struct json_object *orig, struct json_object *copy, bool pct)
{
	enum json_type t = json_object_get_type(orig);

	if (t != json_object_get_type(copy))
		return false;
	if (t == json_type_object) {
		json_object_object_foreach(copy, ck, cv)
		{
			struct json_object *ov;

			if (!pct && cc_droppable(ck))
				continue; /* kept (not of fio's shape) or a duplicate */
			if (!json_object_object_get_ex(orig, ck, &ov) ||
			    !cc_same(ov, cv, !pct && !strcmp(ck, "percentile")))
				return false;
		}
		json_object_object_foreach(orig, ok, ovv)
		{
			bool may_go = pct ? !fr_compact_pct_kept(ok, strlen(ok)) : cc_droppable(ok);

			(void)ovv;
			if (!may_go && !json_object_object_get_ex(copy, ok, NULL))
				return false;
		}
		return true;
	}
	if (t == json_type_array) {
		size_t n = json_object_array_length(orig);

		if (n != json_object_array_length(copy))
			return false;
		for (size_t i = 0; i < n; i++)
			if (!cc_same(json_object_array_get_idx(orig, i),
				     json_object_array_get_idx(copy, i), false))
				return false;
		return true;
	}
	/* scalars: json-c prints a parsed number as it was written */
	return !strcmp(json_object_to_json_string(orig), json_object_to_json_string(copy));
}

static struct json_object *cc_parse(const char *buf, size_t len, size_t *end)
{
	struct json_tokener *tok = json_tokener_new();
	struct json_object *root;

	if (!tok)
		abort();
	root = json_tokener_parse_ex(tok, buf, (int)len);
	*end = json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	return root;
}

/*
 * Checks the promise for the document at doc.  Returns 1 when the copy was
 * made and parsed (and the promise held), 0 when there was no copy to use
 * (the reader parses the original then), -1 when the promise is broken.
 */
static int cc_check(const char *doc, size_t len)
{
	char *out = malloc(len ? len : 1);
	size_t n, used, end;
	struct json_object *copy = NULL, *orig = NULL;
	int ret = 0;

	if (!out)
		abort();
	if (fr_compact_doc(doc, len, out, &n, &used) && (copy = cc_parse(out, n, &end)) &&
	    end == n) {
		orig = cc_parse(doc, len, &end);
		ret = orig && end == used && cc_same(orig, copy, false) ? 1 : -1;
	}
	json_object_put(copy);
	json_object_put(orig);
	free(out);
	return ret;
}

#endif
