/* SPDX-License-Identifier: GPL-2.0-only */
/* Small json-c accessors shared by fiorank's readers. */
#ifndef FIORANK_JSON_GET_H
#define FIORANK_JSON_GET_H

#include <stddef.h>

struct json_object;

/* The member @key of object @o; NULL when @o is not an object or lacks it. */
struct json_object *fr_json_get(struct json_object *o, const char *key);
/* The number @key of @o, NAN when absent or not a number. */
double fr_json_num(struct json_object *o, const char *key);
/* The string @key of @o, NULL when absent or not a string. */
const char *fr_json_str(struct json_object *o, const char *key);

/*
 * One whole JSON document from @buf; NULL with a message naming the byte
 * offset of a parse error (or the end, for a truncated document) in @err.
 */
struct json_object *fr_json_parse(const char *buf, size_t len, char *err, size_t errlen);

#endif
