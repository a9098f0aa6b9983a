/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The HTML report's table of contents (out_html_toc.c).
 */
#ifndef FR_OUT_HTML_TOC_H
#define FR_OUT_HTML_TOC_H

#include <stddef.h>
#include <stdio.h>

/**
 * fr_html_toc_write() - a rendered body, after its table of contents
 * @f: where to write
 * @body: the HTML rendered so far, NUL-terminated
 * @len: its length
 *
 * Writes a list linking every <h2> heading of @body (when it has two or
 * more), then @body with each heading given the id the list links to: the
 * heading's words in lower case joined by '-', "-2", "-3" ... for a
 * repeated one.
 *
 * Return: 0, or -EIO when writing failed.
 */
int fr_html_toc_write(FILE *f, const char *body, size_t len);

#endif
