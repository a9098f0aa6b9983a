/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A CSV row built in memory and written with one fwrite(): the CSV report
 * has ~30 cells a row and thousands of rows, and a stdio call a cell (each
 * taking the stream's lock, fputs() measuring the string again) cost more
 * than the cells' text.  The bytes are those the stdio calls wrote.
 * fr_csv_line_put() and fr_csv_line_flush() serve any text built a line at
 * a time (the text report's folded lines too).
 */
#ifndef FIORANK_CSV_LINE_H
#define FIORANK_CSV_LINE_H

#include <stdio.h>
#include <string.h>

struct fr_csv_line {
	FILE *f;	/* where the row goes */
	size_t n;	/* bytes in buf */
	int failed;	/* a write to f failed */
	char buf[2048]; /* a longer row is written in parts */
};

/**
 * fr_csv_line_spill() - append bytes that do not fit in what is left
 * @l: the row
 * @s: the bytes
 * @n: how many
 *
 * What the row holds is written first; @s then goes to the buffer, or
 * straight to the stream when it is longer than the whole buffer.
 *
 * Return: 0, or -1 when a write failed.
 */
int fr_csv_line_spill(struct fr_csv_line *l, const char *s, size_t n);

/**
 * fr_csv_line_put() - append bytes to the row
 * @arg: the row (struct fr_csv_line; void for fr_csv_each())
 * @s: the bytes
 * @n: how many
 *
 * Inline: most pieces are a comma or a short cell, copied in place.
 *
 * Return: 0, or -1 when writing what was held failed.
 */
static inline int fr_csv_line_put(void *arg, const char *s, size_t n)
{
	struct fr_csv_line *l = arg;

	if (n > sizeof(l->buf) - l->n)
		return fr_csv_line_spill(l, s, n);
	memcpy(l->buf + l->n, s, n);
	l->n += n;
	return 0;
}

/**
 * fr_csv_line_text() - append a text cell, quoted and guarded (fr_csv_str())
 * @l: the row
 * @s: the text (NULL: an empty cell)
 */
void fr_csv_line_text(struct fr_csv_line *l, const char *s);

/**
 * fr_csv_line_num() - append a comma and a figure with prec decimals
 * @l: the row
 * @v: the figure; NaN or infinite: the comma alone (an empty cell)
 * @prec: digits after the point ("%.*f", through fr_fixed())
 */
void fr_csv_line_num(struct fr_csv_line *l, double v, int prec);

/**
 * fr_csv_line_count() - append a comma and a count, empty when 0
 * @l: the row
 * @v: the count
 */
void fr_csv_line_count(struct fr_csv_line *l, unsigned v);

/**
 * fr_csv_line_long() - append an integer's digits ("%ld")
 * @l: the row
 * @v: the integer
 */
void fr_csv_line_long(struct fr_csv_line *l, long v);

/**
 * fr_csv_line_commas() - append empty cells
 * @l: the row
 * @n: how many commas
 */
void fr_csv_line_commas(struct fr_csv_line *l, size_t n);

/**
 * fr_csv_line_flush() - write what the row holds so far
 * @l: the row
 *
 * Return: 0, or -1 when this or an earlier write failed.
 */
int fr_csv_line_flush(struct fr_csv_line *l);

#endif
