/* SPDX-License-Identifier: GPL-2.0-only */
/* Small json-c accessors shared by fiorank's readers. */
#ifndef FIORANK_JSON_GET_H
#define FIORANK_JSON_GET_H

#include <stddef.h>

struct json_object;

/**
 * fr_json_get() - a member of a JSON object
 * @o: the object (anything else, or NULL, has no members)
 * @key: the member's name
 *
 * Return: the member, borrowed from @o; NULL when @o is not an object or
 * lacks it.
 */
struct json_object *fr_json_get(struct json_object *o, const char *key);

/**
 * fr_json_num() - a number member of a JSON object
 * @o: the object
 * @key: the member's name
 *
 * Return: its value; NAN when absent or not a number.
 */
double fr_json_num(struct json_object *o, const char *key);

/**
 * fr_json_str() - a string member of a JSON object
 * @o: the object
 * @key: the member's name
 *
 * Return: the string, borrowed from @o; NULL when absent or not a string.
 */
const char *fr_json_str(struct json_object *o, const char *key);

/**
 * fr_json_parse() - one whole JSON document
 * @buf: the text
 * @len: its length in bytes
 * @err: where a parse error is said, naming its byte offset (or the end,
 *       for a truncated document)
 * @errlen: the size of @err
 *
 * Return: the document (json_object_put() it), or NULL with @err filled.
 */
struct json_object *fr_json_parse(const char *buf, size_t len, char *err, size_t errlen);

/**
 * fr_json_last_fio_doc() - the last fio document of an output, parsed whole
 * @buf: the output (fio's messages and interval documents may come first)
 * @len: its length
 *
 * Each '{' that opens a line is tried; the last document with a "jobs"
 * array wins (earlier ones are interval snapshots).  For the few outputs
 * a later stage reads whole (a Copy run, a steady-state round's bins).
 *
 * Return: the document (json_object_put() it), or NULL when there is none.
 */
struct json_object *fr_json_last_fio_doc(const char *buf, size_t len);
/**
 * fr_json_last_doc_with() - as fr_json_last_fio_doc(), the array of another key
 * @buf: the output
 * @len: its length
 * @key: the array the document must have ("client_stats": fio's client)
 *
 * Return: the document (json_object_put() it), or NULL when there is none.
 */
struct json_object *fr_json_last_doc_with(const char *buf, size_t len, const char *key);

#endif
