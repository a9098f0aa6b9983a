/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The JSON report's files (out_json.c: its ops table and the report's own
 * members; out_json_rank.c: the ranking's; out_json_val.c: values): what
 * they share.
 */
#ifndef FIORANK_OUT_JSON_H
#define FIORANK_OUT_JSON_H

#include "out/out_ops.h"

struct json_object;

/* The document being built: the root, and the members later sections add
 * to (statements go under write_pressure, notes under inputs). */
struct fr_json_fmt {
	struct json_object *root, *wp, *inputs;
};

/**
 * fr_jout_fixed() - a figure as a JSON number with @prec decimals
 * @v: the figure
 * @prec: digits after the point
 *
 * Return: the number, or NULL (printed as null) when @v is NaN or infinite.
 */
struct json_object *fr_jout_fixed(double v, int prec);
/**
 * fr_jout_num() - a figure as a JSON number
 * @v: the figure
 *
 * Return: a number printed with three decimals (stable golden files), or
 * NULL (printed as null) when @v is NaN or infinite.
 */
struct json_object *fr_jout_num(double v);
/**
 * fr_jout_str() - a string from input as a JSON string
 * @s: the string
 *
 * Return: the string, its bytes that are not UTF-8 as the text "\xNN";
 * NULL when memory ran out.
 */
struct json_object *fr_jout_str(const char *s);
/**
 * fr_jout_add() - add a member to an object
 * @o: the object
 * @key: the member's name
 * @v: its value (taken over), or NULL for null
 */
void fr_jout_add(struct json_object *o, const char *key, struct json_object *v);

/* Entries of fr_json_ops (out_json_rank.c). */
/**
 * fr_json_drives() - the JSON report's drives (identity and how each drive's runs were made)
 * @o: the report being written, an entry of fr_json_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_json_drives(struct fr_out *o);
/**
 * fr_json_profiles() - the JSON report's profile rankings
 * @o: the report being written, an entry of fr_json_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_json_profiles(struct fr_out *o);
/**
 * fr_json_write_pressure() - the JSON report's write-pressure section
 * @o: the report being written, an entry of fr_json_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_json_write_pressure(struct fr_out *o);
/**
 * fr_json_nn() - the JSON report's noisy-neighbor section
 * @o: the report being written, an entry of fr_json_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_json_nn(struct fr_out *o);

/* Entries of fr_json_ops (out_json_sect.c). */
/**
 * fr_json_copy() - the JSON report's Copy section
 * @o: the report being written, an entry of fr_json_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_json_copy(struct fr_out *o);
/**
 * fr_json_endurance() - the JSON report's endurance section (WAF per step)
 * @o: the report being written, an entry of fr_json_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_json_endurance(struct fr_out *o);
/**
 * fr_json_tailwhy() - the JSON report's "why the tail" section
 * @o: the report being written, an entry of fr_json_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_json_tailwhy(struct fr_out *o);
/**
 * fr_json_health() - the JSON report's drive health per step (out_json_health.c)
 * @o: the report being written, an entry of fr_json_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_json_health(struct fr_out *o);

struct fr_health_row;
/**
 * fr_health_json() - a step's health record as JSON
 * @r: the step's health row (report_health.h), or NULL
 *
 * Summed temperatures and counter deltas, the WAF with its source and
 * every source's, and per controller its own figures; a value not known
 * is null.
 *
 * Return: a new object the caller owns (json_object_put()), or NULL for a
 * NULL row.
 */
struct json_object *fr_health_json(const struct fr_health_row *r);

#endif
