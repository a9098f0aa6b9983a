/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A figure in fixed-point decimal, "%.*f" as printf writes it, for the
 * renderers that write thousands of figures (the CSV): printf's exact
 * binary-to-decimal conversion is the cost of most of a CSV report.
 */
#ifndef FIORANK_FIXED_H
#define FIORANK_FIXED_H

#include <stddef.h>

/* Longest text fr_fixed() writes on its quick path, NUL included; a larger
 * buffer is only needed for figures of more than 15 digits. */
#define FR_FIXED_LEN 32

/**
 * fr_fixed() - write a double with prec digits after the point
 * @buf: where (NUL-terminated)
 * @len: its size (FR_FIXED_LEN or more)
 * @v: the figure (any: NaN and infinities as printf writes them)
 * @prec: digits after the point, 0 to 6
 *
 * The text is byte for byte snprintf(buf, len, "%.*f", prec, v), in the C
 * locale: most figures are converted here, those within a hair of a
 * rounding tie, large, or not finite by snprintf() itself.
 *
 * Return: the text's length, as snprintf() returns it.
 */
int fr_fixed(char *buf, size_t len, double v, int prec);

#endif
