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
int fr_text_profiles(struct fr_out *o);
int fr_text_write_pressure(struct fr_out *o);
int fr_text_statements(struct fr_out *o);
int fr_text_nn(struct fr_out *o);

#endif
