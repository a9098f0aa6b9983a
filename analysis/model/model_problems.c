// SPDX-License-Identifier: GPL-2.0-only
/*
 * The model's lists of inputs not read (skipped), jobs read but not used
 * (excluded) and files passed over on purpose (notes): model.h.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"
#include "model/model_priv.h"

static int add_problem(struct fr_problem **arr, size_t *n, size_t *cap, const char *source,
		       const char *fmt, va_list ap)
{
	struct fr_problem *p;
	char *reason;

	if (fr_model_grow((void **)arr, cap, *n + 1, sizeof(**arr)))
		return -ENOMEM;
	if (vasprintf(&reason, fmt, ap) < 0)
		return -ENOMEM;
	p = &(*arr)[*n];
	p->source = strdup(source ? source : "");
	if (!p->source) {
		free(reason);
		return -ENOMEM;
	}
	p->reason = reason;
	(*n)++;
	return 0;
}

int fr_model_skip(struct fr_model *m, const char *source, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = add_problem(&m->skipped, &m->nskipped, &m->skipped_cap, source, fmt, ap);
	va_end(ap);
	return ret;
}

int fr_model_exclude(struct fr_model *m, const char *source, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = add_problem(&m->excluded, &m->nexcluded, &m->excluded_cap, source, fmt, ap);
	va_end(ap);
	return ret;
}

int fr_model_note(struct fr_model *m, const char *source, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = add_problem(&m->notes, &m->nnotes, &m->notes_cap, source, fmt, ap);
	va_end(ap);
	return ret;
}
