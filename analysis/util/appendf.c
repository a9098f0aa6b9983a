// SPDX-License-Identifier: GPL-2.0-only
/*
 * A malloc'd string grown by formatted pieces (appendf.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "util/appendf.h"

int fr_vappendf(char **out, const char *sep, const char *fmt, va_list ap)
{
	char *add, *t;
	int n = vasprintf(&add, fmt, ap);

	if (n < 0)
		return -ENOMEM;
	n = asprintf(&t, "%s%s%s", *out ? *out : "", *out ? sep : "", add);
	free(add);
	if (n < 0)
		return -ENOMEM;
	free(*out);
	*out = t;
	return 0;
}

int fr_appendf(char **out, const char *sep, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = fr_vappendf(out, sep, fmt, ap);
	va_end(ap);
	return rc;
}
