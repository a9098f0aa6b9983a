// SPDX-License-Identifier: GPL-2.0-only
/*
 * Colours and legends of the charts.  A drive keeps one colour in every
 * chart of a report (out_html.c gives each drive label a palette index the
 * first time it is seen); beyond the twelve base colours, hues step by the
 * golden angle at three lightness levels, so 25 or 100 drives stay apart.
 * Legends go below the plot, in as many columns as the longest name
 * allows, and grow the chart: nothing is cut or hidden.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart/chart.h"
#include "util/escape.h"

#define NBASE 12
/* average advance of an 11 px sans-serif character, rounded up */
#define CHAR_PX	 7.0
#define KEY_PX	 22 /* the colour key and its gap before the name */
#define COL_GAP	 16
#define LEGEND_W (CH_W - 2 * 12)

static const char *const base_colors[NBASE] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e",
					       "#9467bd", "#8c564b", "#e377c2", "#17becf",
					       "#7f7f7f", "#bcbd22", "#393b79", "#ad494a"};

void ch_color(char *buf, size_t len, size_t i)
{
	static const int light[3] = {38, 52, 30};

	if (i < NBASE) {
		snprintf(buf, len, "%s", base_colors[i]);
		return;
	}
	i -= NBASE;
	snprintf(buf, len, "hsl(%.0f,%d%%,%d%%)", fmod(15.0 + 137.508 * (double)i, 360.0),
		 i % 2 ? 55 : 70, light[i % 3]);
}

/* UTF-8 characters of s (continuation bytes not counted). */
static size_t nchars(const char *s)
{
	size_t n = 0;

	for (; s && *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

size_t ch_chars_in(double px)
{
	double c = floor(px / CHAR_PX);

	return c < 1 ? 1 : (size_t)c;
}

/* The end of the line that starts at p: max_chars characters at most,
 * broken after the last space among them when there is one (the space
 * stays, so the lines' text joined is s); *next is where the following
 * line starts. */
static const char *line_end(const char *p, size_t max_chars, const char **next)
{
	const char *q = p, *space = NULL;

	for (size_t c = 0; *q && c < max_chars; c++) {
		if (*q == ' ')
			space = q;
		for (q++; ((unsigned char)*q & 0xc0) == 0x80; q++)
			;
	}
	if (*q && *q != ' ' && space)
		q = space + 1;
	*next = q;
	return q;
}

size_t ch_text_lines(const char *s, size_t max_chars)
{
	const char *p = s ? s : "";
	size_t n = 0;

	do {
		line_end(p, max_chars, &p);
		n++;
	} while (*p);
	return n;
}

void ch_text_wrapped(FILE *f, const char *cls, double x, double y, const char *s, size_t max_chars)
{
	const char *p = s ? s : "";
	size_t line = 0;

	fprintf(f, "<text class=\"%s\" x=\"%.1f\" y=\"%.1f\">", cls, x, y);
	do {
		const char *next, *end = line_end(p, max_chars, &next);
		char *piece = strndup(p, (size_t)(end - p));

		fprintf(f, "<tspan x=\"%.1f\" dy=\"%d\">", x, line ? CH_LINE_H : 0);
		fr_html_escape(f, piece ? piece : "");
		fputs("</tspan>", f);
		free(piece);
		p = next;
		line++;
	} while (*p);
	fputs("</text>", f);
}

/* Columns and characters per column for these keys. */
static size_t layout(const struct ch_key *k, size_t n, size_t *chars)
{
	size_t longest = 1, cols;
	double colw;

	for (size_t i = 0; i < n; i++)
		if (nchars(k[i].name) > longest)
			longest = nchars(k[i].name);
	colw = KEY_PX + (double)longest * CHAR_PX + COL_GAP;
	cols = colw >= LEGEND_W ? 1 : (size_t)(LEGEND_W / colw);
	if (cols > n)
		cols = n ? n : 1;
	*chars = ch_chars_in((double)LEGEND_W / (double)cols - KEY_PX - COL_GAP);
	return cols;
}

/* Lines of the tallest key in row r. */
static size_t row_lines(const struct ch_key *k, size_t n, size_t cols, size_t chars, size_t r)
{
	size_t most = 1;

	for (size_t i = r * cols; i < n && i < (r + 1) * cols; i++) {
		size_t l = ch_text_lines(k[i].name, chars);

		most = l > most ? l : most;
	}
	return most;
}

int ch_legend_height(const struct ch_key *k, size_t n)
{
	size_t chars, cols = layout(k, n, &chars), h = 0;

	if (!n)
		return 0;
	for (size_t r = 0; r * cols < n; r++)
		h += row_lines(k, n, cols, chars, r) * CH_LINE_H + 5;
	return (int)h + 10;
}

void ch_legend_draw(FILE *f, const struct ch_key *k, size_t n, int y0)
{
	size_t chars, cols = layout(k, n, &chars);
	double colw = (double)LEGEND_W / (double)cols;
	int y = y0 + 6;

	if (!n)
		return;
	fprintf(f, "<g class=\"legend\" data-keys=\"%zu\">\n", n);
	for (size_t r = 0; r * cols < n; r++) {
		for (size_t i = r * cols; i < n && i < (r + 1) * cols; i++) {
			double x = 12 + colw * (double)(i - r * cols);
			char col[40];

			ch_color(col, sizeof(col), k[i].color);
			fputs("<g class=\"key\">", f);
			if (k[i].marker)
				fprintf(f, "<circle cx=\"%.1f\" cy=\"%d\" r=\"5\" fill=\"%s\"/>",
					x + 6, y + 6, col);
			else
				fprintf(f,
					"<rect x=\"%.1f\" y=\"%d\" width=\"12\" height=\"12\" "
					"fill=\"%s\"/>",
					x, y, col);
			ch_text_wrapped(f, "name", x + KEY_PX, y + 10, k[i].name, chars);
			fputs("</g>\n", f);
		}
		y += (int)row_lines(k, n, cols, chars, r) * CH_LINE_H + 5;
	}
	fputs("</g>\n", f);
}
