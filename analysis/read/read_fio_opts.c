// SPDX-License-Identifier: GPL-2.0-only
/*
 * What both fio readers (read_fio.c through json-c, read_fio_fast.c and
 * fastread_scan.c without it) share: where a document starts in fio's
 * output, which figures are not measurements, a job's options as sorted
 * "key=value" lines, and the rule that keeps fio's verify reads out of a
 * write job's figures.  One home, so that the two readers cannot
 * drift apart (test_analysis_fastread compares what they make).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read/read_fio_opts.h"

/* Appends "key=value\n" to *s (a growing string; realloc, not asprintf:
 * a job has a dozen options, and formatting the whole string again for
 * each was a tenth of the reader's time). */
int fr_opts_append(char **s, const char *key, const char *val)
{
	size_t had = *s ? strlen(*s) : 0, kl = strlen(key), vl = strlen(val);
	char *t = realloc(*s, had + kl + vl + 3);

	if (!t)
		return -ENOMEM;
	memcpy(t + had, key, kl);
	t[had + kl] = '=';
	memcpy(t + had + kl + 1, val, vl);
	memcpy(t + had + kl + 1 + vl, "\n", 2);
	*s = t;
	return 0;
}

/* A workload option in one spelling (fr_opt_canon: "bs=4k" and
 * "blocksize=4096" alike); one at fio's default says nothing and is left
 * out, so "iodepth=1" is the job that does not say it. */
int fr_opts_append_workload(char **s, const char *key, const char *val)
{
	char ck[64], cv[256];

	if (!fr_opt_canon(key, val, ck, sizeof(ck), cv, sizeof(cv)))
		return 0;
	return fr_opts_append(s, ck, cv);
}

static int cmp_line(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* "k=v\n" lines in one order, so the order options were given in does not
 * make two workloads. */
int fr_opts_sort_lines(char *s)
{
	size_t n = 0;
	char **line, *copy, *at;

	for (const char *p = s; *p; p++)
		n += *p == '\n';
	if (n < 2)
		return 0;
	line = calloc(n, sizeof(*line));
	copy = strdup(s);
	if (!line || !copy) {
		free(line);
		free(copy);
		return -ENOMEM;
	}
	n = 0;
	for (char *save = NULL, *t = strtok_r(copy, "\n", &save); t;
	     t = strtok_r(NULL, "\n", &save))
		line[n++] = t;
	qsort(line, n, sizeof(*line), cmp_line);
	at = s;
	for (size_t i = 0; i < n; i++)
		at += sprintf(at, "%s\n", line[i]);
	free(line);
	free(copy);
	return 0;
}

bool fr_drop_verify_reads(const struct fr_jobopts *o, int d, struct fr_pending *p,
			  struct fr_ran *ran)
{
	if (d != FR_READ || !ran->ios[d] || !o->verify || !o->do_verify ||
	    fr_jobopts_read_pct(o) != 0)
		return false;
	p->job.dir[d] = (struct fr_dirstat){.lat = {{NAN, NAN, NAN, NAN}, {NAN, NAN, NAN, NAN}}};
	ran->ios[d] = 0;
	ran->bs[d] = 0;
	ran->verify = true;
	return true;
}

bool fr_bad_lat(const struct fr_lat *l)
{
	const double v[] = {l->mean, l->p99, l->p999, l->p9999};

	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		if (!isnan(v[i]) && (!isfinite(v[i]) || v[i] < 0))
			return true;
	return false;
}

/* A UTF-8 byte order mark at the start of the input is not content. */
size_t fr_fio_bom_len(const char *buf, size_t len)
{
	return len >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3) ? 3 : 0;
}

/* Start of the next line that opens a JSON object, or len. */
size_t fr_fio_next_doc(const char *buf, size_t pos, size_t len)
{
	bool line_start = pos == fr_fio_bom_len(buf, len) || buf[pos - 1] == '\n';

	for (; pos < len; pos++) {
		char ch = buf[pos];

		if (line_start && ch == '{')
			return pos;
		if (ch == '\n')
			line_start = true;
		else if (ch != ' ' && ch != '\t' && ch != '\r')
			line_start = false;
	}
	return len;
}
