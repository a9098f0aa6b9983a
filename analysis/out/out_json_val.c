// SPDX-License-Identifier: GPL-2.0-only
/*
 * The JSON report's values (out_json.h): figures with three decimals or
 * null, strings always UTF-8.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <json-c/json.h>

#include "util/escape.h"
#include "out/out_json.h"

struct json_object *fr_jout_num(double v)
{
	char buf[64];

	if (isnan(v) || isinf(v))
		return NULL; /* json-c prints a NULL member as null */
	/* fixed 3 decimals, not json-c's %.17g: stable golden files */
	snprintf(buf, sizeof(buf), "%.3f", v);
	return json_object_new_double_s(strtod(buf, NULL), buf);
}

/* Strings from input may hold bytes that are not UTF-8: they are written as
 * the text "\xNN", so the document always parses. */
struct json_object *fr_jout_str(const char *s)
{
	char *e = fr_escape_str(s, FR_ESC_UTF8);
	struct json_object *o;

	if (!e)
		return NULL;
	o = json_object_new_string(e);
	free(e);
	return o;
}

void fr_jout_add(struct json_object *o, const char *key, struct json_object *v)
{
	json_object_object_add(o, key, v);
}
