/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Strings from input shown safely: bytes that are not valid UTF-8 become the
 * four characters "\xNN" (so JSON output is always valid UTF-8 and two names
 * that differ only there stay different), and, for the terminal, control
 * characters (C0 but newline where kept, DEL, C1) become "\xNN" too, so no
 * escape sequence from a job name reaches the terminal.
 */
#ifndef FIORANK_ESCAPE_H
#define FIORANK_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum fr_escape_mode {
	FR_ESC_UTF8,	    /* invalid UTF-8 only (JSON: json-c escapes controls) */
	FR_ESC_CONTROLS,    /* and every control character (stderr, one line) */
	FR_ESC_CONTROLS_NL, /* and every control character but newline (text report) */
};

/* An escaped copy of s[0..len); NULL when out of memory. */
char *fr_escape(const char *s, size_t len, enum fr_escape_mode mode);
/* The same, of a NUL-terminated string (NULL stays NULL). */
char *fr_escape_str(const char *s, enum fr_escape_mode mode);
/* Writes s[0..len) escaped to f; 0, or -1 on a write error. */
int fr_write_escaped(FILE *f, const char *s, size_t len, enum fr_escape_mode mode);

/* Renders a whole report into memory with render(f, arg), then writes it to
 * out escaped in mode: names from input cannot send escape sequences to a
 * terminal or invalid UTF-8 into a document.  0, or -1 (render failed, out
 * of memory, write error). */
int fr_render_escaped(FILE *out, int (*render)(FILE *, const void *), const void *arg,
		      enum fr_escape_mode mode);

#endif
