/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * How a string from input is written safely, for every format (one home:
 * no renderer escapes on its own).  Bytes that are not valid UTF-8 become
 * the four characters "\xNN" (so JSON output is always valid UTF-8 and two
 * names that differ only there stay different), and, for the terminal,
 * control characters (C0 but newline where kept, DEL, C1) become "\xNN"
 * too, so no escape sequence from a job name reaches the terminal.  A
 * backslash followed by 'x' is itself written "\x5c", so the escape is
 * one-to-one: "\xNN" reads back as the byte NN, any other backslash as
 * itself (the text "\xe9" is "\x5cxe9", a raw byte 0xE9 "\xe9").  HTML
 * text gets its entities (fr_html_escape), a CSV field its quoting and
 * formula guard (fr_csv_str).  Text, Markdown, CSV and HTML reports pass
 * whole through the byte layer (fr_render_escaped); JSON strings one by one
 * (fr_escape_str with FR_ESC_UTF8, json-c escaping the controls).
 */
#ifndef FIORANK_ESCAPE_H
#define FIORANK_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Where escaped text goes, piece by piece: 0, or -1 on an error. */
typedef int (*fr_put_fn)(void *arg, const char *s, size_t n);

enum fr_escape_mode {
	FR_ESC_UTF8,	    /* invalid UTF-8 only (JSON: json-c escapes controls) */
	FR_ESC_CONTROLS,    /* and every control character (stderr, one line) */
	FR_ESC_CONTROLS_NL, /* and every control character but newline (text report) */
};

/**
 * fr_escape() - an escaped copy of a string
 * @s: the bytes
 * @len: how many
 * @mode: what is escaped besides invalid UTF-8 (enum fr_escape_mode)
 *
 * Return: a new NUL-terminated string to free(), or NULL when out of memory.
 */
char *fr_escape(const char *s, size_t len, enum fr_escape_mode mode);

/**
 * fr_escape_str() - an escaped copy of a NUL-terminated string
 * @s: the string, or NULL
 * @mode: what is escaped besides invalid UTF-8
 *
 * Return: as fr_escape(); NULL when @s is NULL.
 */
char *fr_escape_str(const char *s, enum fr_escape_mode mode);

/**
 * fr_write_escaped() - write bytes escaped
 * @f: where they are written
 * @s: the bytes
 * @len: how many
 * @mode: what is escaped besides invalid UTF-8
 *
 * Return: 0, or -1 on a write error.
 */
int fr_write_escaped(FILE *f, const char *s, size_t len, enum fr_escape_mode mode);

/**
 * fr_render_escaped() - render a report through the byte layer
 * @out: where the report is written
 * @render: the renderer, called with a stream of its own and @arg
 * @arg: what @render renders
 * @mode: what is escaped besides invalid UTF-8
 *
 * Names from input cannot send escape sequences to a terminal or invalid
 * UTF-8 into a document: what @render writes is escaped on its way to @out
 * as each stdio buffer fills, with no copy of the whole report, and byte
 * for byte as fr_escape() escapes the whole (a character cut by a buffer's
 * end waits for its other bytes).  Nothing is written to @out before
 * @render has filled a buffer or returned.
 *
 * Return: 0, or -1 (@render failed, out of memory, a write error).
 */
int fr_render_escaped(FILE *out, int (*render)(FILE *, const void *), const void *arg,
		      enum fr_escape_mode mode);

/**
 * fr_html_escape() - write a string safe for HTML text and attributes
 * @f: the document being written
 * @s: the string (NULL writes nothing)
 *
 * &, <, >, " and ' become entities; every other byte is written as it is
 * (the whole report then goes through fr_render_escaped()).
 */
void fr_html_escape(FILE *f, const char *s);

/**
 * fr_md_escape() - write a string safe for a Markdown table cell
 * @f: the document being written
 * @s: the string (NULL writes nothing)
 *
 * | \ * _ ` [ ] # take a backslash, &, < and > become HTML entities, and a
 * line break becomes a space, so a drive label cannot break a table row or
 * inject HTML into a rendered page.
 */
void fr_md_escape(FILE *f, const char *s);

/**
 * fr_md_code() - write a string as a Markdown code span, fences included
 * @f: the document being written
 * @s: the string (NULL writes an empty span)
 *
 * A code span shows its text as it is (no escapes and no HTML are read in
 * it), so @s is written unescaped between fences one backtick longer than
 * its longest run of backticks, padded with a space where it starts or ends
 * with a backtick or a space; a line break becomes a space.  For a command
 * line or a path; not for a table cell (a | would still split it).
 */
void fr_md_code(FILE *f, const char *s);

/**
 * fr_csv_str() - write one CSV text field
 * @f: the report being written
 * @s: the field's text (NULL writes nothing: an empty field)
 *
 * Quoted when it holds a comma, quote or newline; led by a single quote
 * when it starts like a spreadsheet formula (=, +, -, @, tab, CR: OWASP's
 * "CSV injection" rule).  Numbers fiorank formats itself are not written
 * through it, so that -5.2 stays a number.
 */
void fr_csv_str(FILE *f, const char *s);

/**
 * fr_csv_each() - one CSV text field, piece by piece
 * @s: the field's text (NULL: an empty field)
 * @put: called with each piece of the field as written
 * @arg: what @put writes to
 *
 * The field exactly as fr_csv_str() writes it, for a writer that builds a
 * row in memory.
 *
 * Return: 0, or -1 when @put failed.
 */
int fr_csv_each(const char *s, fr_put_fn put, void *arg);

#endif
