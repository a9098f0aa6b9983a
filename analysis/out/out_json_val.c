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

struct json_object *fr_jout_fixed(double v, int prec)
{
	char buf[64];

	if (isnan(v) || isinf(v))
		return NULL; /* json-c prints a NULL member as null */
	/* fixed decimals, not json-c's %.17g: stable golden files */
	snprintf(buf, sizeof(buf), "%.*f", prec, v);
	return json_object_new_double_s(strtod(buf, NULL), buf);
}

struct json_object *fr_jout_num(double v)
{
	return fr_jout_fixed(v, 3);
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
