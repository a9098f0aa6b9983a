// SPDX-License-Identifier: GPL-2.0-only
/*
 * The report's own provenance (runinfo.h): version, date, command line,
 * inputs.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "report/runinfo.h"

/* Bytes word takes on a shell line: as is, or in single quotes with each
 * quote written '\'' (shell-quoted only when it holds anything else than
 * plain path characters). */
static bool plain_word(const char *w)
{
	return *w && strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
			       "-_./=:,+@%") == strlen(w);
}

static size_t quoted_len(const char *w)
{
	size_t n = 2;

	if (plain_word(w))
		return strlen(w);
	for (const char *p = w; *p; p++)
		n += *p == '\'' ? 4 : 1;
	return n;
}

static char *put_quoted(char *at, const char *w)
{
	if (plain_word(w))
		return stpcpy(at, w);
	*at++ = '\'';
	for (const char *p = w; *p; p++)
		at = *p == '\'' ? stpcpy(at, "'\\''") : (*at = *p, at + 1);
	*at++ = '\'';
	return at;
}

/* The report's date: SOURCE_DATE_EPOCH (the reproducible-builds
 * convention) when it holds a number, else now. */
static void report_date(char *buf, size_t len)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	char *end = NULL;
	long long v = sde ? strtoll(sde, &end, 10) : 0;
	time_t t = sde && *sde && !*end && v >= 0 ? (time_t)v : time(NULL);
	struct tm tm;

	if (!gmtime_r(&t, &tm) || !strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(buf, len, "unknown");
}

int fr_run_info_init(struct fr_run_info *ri, const char *version, int argc, char **argv)
{
	size_t len = 1;
	char *at;

	memset(ri, 0, sizeof(*ri));
	ri->version = version;
	report_date(ri->date, sizeof(ri->date));
	for (int i = 0; i < argc; i++)
		len += quoted_len(argv[i]) + 1;
	ri->cmdline = malloc(len);
	if (!ri->cmdline)
		return -ENOMEM;
	at = ri->cmdline;
	*at = '\0';
	for (int i = 0; i < argc; i++) {
		if (i)
			*at++ = ' ';
		at = put_quoted(at, argv[i]);
	}
	*at = '\0';
	return 0;
}

int fr_run_info_add_input(struct fr_run_info *ri, const char *path)
{
	char **v = realloc(ri->inputs, (ri->ninputs + 1) * sizeof(*v));

	if (!v)
		return -ENOMEM;
	ri->inputs = v;
	v[ri->ninputs] = strdup(path);
	if (!v[ri->ninputs])
		return -ENOMEM;
	ri->ninputs++;
	return 0;
}

void fr_run_info_free(struct fr_run_info *ri)
{
	for (size_t i = 0; i < ri->ninputs; i++)
		free(ri->inputs[i]);
	free(ri->inputs);
	free(ri->cmdline);
	memset(ri, 0, sizeof(*ri));
}
