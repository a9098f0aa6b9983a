/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A malloc'd string grown by printf-style pieces (the gate's reasons, the
 * "why the tail" sentences).
 */
#ifndef FIORANK_APPENDF_H
#define FIORANK_APPENDF_H

#include <stdarg.h>

/**
 * fr_vappendf() - append a formatted piece to a malloc'd string
 * @out: the string (NULL: empty), replaced by the longer one
 * @sep: written before the piece when *@out is not NULL ("" for none)
 * @fmt: printf format of the piece
 * @ap: its arguments
 *
 * Return: 0, or -ENOMEM (*@out unchanged).
 */
int fr_vappendf(char **out, const char *sep, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));

/**
 * fr_appendf() - fr_vappendf() with the arguments given here
 * @out: the string grown (NULL: a new one)
 * @sep: written before the piece when *@out is not NULL
 * @fmt: printf format of the piece
 * @...: its arguments
 *
 * Return: 0, or -ENOMEM (*@out unchanged).
 */
int fr_appendf(char **out, const char *sep, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
