/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The terminal report's files (out_text.c: its ops table, header and
 * summaries; out_text_rank.c: the ranking sections; out_text_line.c: its
 * lines): what they share.
 */
#ifndef FIORANK_OUT_TEXT_H
#define FIORANK_OUT_TEXT_H

#include <stddef.h>
#include <stdio.h>

#include "out/out_ops.h"

/* The width a drive label is cut to in the tables. */
#define FR_TEXT_LABEL_W 32

/**
 * fr_text_cut() - a label cut to FR_TEXT_LABEL_W columns with "~"
 * @buf: where the label is written
 * @len: @buf's size in bytes
 * @s: the label
 *
 * A long label keeps its last "(...)" (what tells two entrants of one
 * drive apart) whole after the "~".
 *
 * Return: @buf.
 */
const char *fr_text_cut(char *buf, size_t len, const char *s);
/**
 * fr_text_wrapped() - "prefix text" folded at spaces to fit 100 columns
 * @f: where it is written
 * @prefix: the line's lead
 * @text: the words folded after it
 */
void fr_text_wrapped(FILE *f, const char *prefix, const char *text);

/* Entries of fr_text_ops (out_text_rank.c). */
/**
 * fr_text_profiles() - the text report's profile rankings
 * @o: the report being written, an entry of fr_text_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_text_profiles(struct fr_out *o);
/**
 * fr_text_write_pressure() - the text report's write-pressure section
 * @o: the report being written, an entry of fr_text_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_text_write_pressure(struct fr_out *o);
/**
 * fr_text_statements() - the text report's reviews' statements beside what their points allow
 * @o: the report being written, an entry of fr_text_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_text_statements(struct fr_out *o);
/**
 * fr_text_nn() - the text report's noisy-neighbor section
 * @o: the report being written, an entry of fr_text_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_text_nn(struct fr_out *o);

/* Entries of fr_text_ops for the method sections (out_text_sect.c). */
/**
 * fr_text_health() - the text report's drive health per step
 * @o: the report being written, an entry of fr_text_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_text_health(struct fr_out *o);
/**
 * fr_text_endurance() - the text report's endurance section (WAF per step)
 * @o: the report being written, an entry of fr_text_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_text_endurance(struct fr_out *o);
/**
 * fr_text_tailwhy() - the text report's "why the tail" section
 * @o: the report being written, an entry of fr_text_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_text_tailwhy(struct fr_out *o);
/**
 * fr_text_copy() - the text report's Copy section (out_copy.c)
 * @o: the report being written, an entry of fr_text_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_text_copy(struct fr_out *o);

/* Writes text from input: as it is, or escaped for Markdown. */
typedef void (*fr_str_fn)(FILE *f, const char *s);
struct fr_health_row;
/**
 * fr_text_health_figures() - a recorded step's health figures as lines
 * @f: the report being written
 * @lead: what leads each line (the text report's indent, a Markdown item)
 * @r: the step's health row (report_health.h)
 * @str: writes text from input (plain, or fr_md_escape() for Markdown)
 *
 * Temperatures and counters, the host and media bytes with the WAF, then
 * per controller its sampling or why it was not read.
 */
void fr_text_health_figures(FILE *f, const char *lead, const struct fr_health_row *r,
			    fr_str_fn str);
/**
 * fr_text_health_fold() - a folded run of health rows as one line
 * @f: the report being written
 * @lead: what leads the line
 * @bold: what wraps the drive's label ("" in text, "**" in Markdown)
 * @rows: the run's first row (fr_health_row.fold rows follow it)
 * @str: writes text from input
 */
void fr_text_health_fold(FILE *f, const char *lead, const char *bold,
			 const struct fr_health_row *rows, fr_str_fn str);

#endif
