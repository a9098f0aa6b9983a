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
#include <stdint.h>
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
/*
 * fr_opt_canon() of the options met before, remembered per thread: the jobs
 * of a results folder repeat a few dozen key=value pairs, and finding one's
 * spelling takes some thirty string compares.  fr_opt_canon() is a function
 * of the two strings alone, so a remembered answer is its answer; a pair
 * (or an answer) too long for an entry is worked out each time.
 */
#define CANON_MEMO_BITS 7

struct canon_entry {
	char key[24], val[40], ckey[24], cval[48];
	bool keep;
};

static bool canon_opt(const char *key, const char *val, char ck[64], char cv[256])
{
	static __thread struct canon_entry memo[1u << CANON_MEMO_BITS];
	size_t kl = strlen(key), vl = strlen(val);
	uint32_t h = 2166136261u; /* FNV-1a of key, its '\0', val */
	struct canon_entry *e;
	bool keep;

	if (!kl || kl >= sizeof(e->key) || vl >= sizeof(e->val))
		return fr_opt_canon(key, val, ck, 64, cv, 256);
	for (size_t i = 0; i <= kl; i++)
		h = (h ^ (unsigned char)key[i]) * 16777619u;
	for (size_t i = 0; i < vl; i++)
		h = (h ^ (unsigned char)val[i]) * 16777619u;
	e = &memo[h >> (32 - CANON_MEMO_BITS)];
	if (!strcmp(e->key, key) && !strcmp(e->val, val)) {
		strcpy(ck, e->ckey);
		strcpy(cv, e->cval);
		return e->keep;
	}
	keep = fr_opt_canon(key, val, ck, 64, cv, 256);
	if (strlen(ck) < sizeof(e->ckey) && strlen(cv) < sizeof(e->cval)) {
		memcpy(e->key, key, kl + 1);
		memcpy(e->val, val, vl + 1);
		strcpy(e->ckey, ck);
		strcpy(e->cval, cv);
		e->keep = keep;
	}
	return keep;
}

int fr_opts_append_workload(char **s, const char *key, const char *val)
{
	char ck[64], cv[256];

	if (!canon_opt(key, val, ck, cv))
		return 0;
	return fr_opts_append(s, ck, cv);
}

/* Two lines, each ended by '\n', ordered as strcmp() orders them ended
 * by '\0' (the '\n' counts as the end). */
static int cmp_line(const void *a, const void *b)
{
	const unsigned char *x = *(const unsigned char *const *)a;
	const unsigned char *y = *(const unsigned char *const *)b;

	for (;; x++, y++) {
		int cx = *x == '\n' ? 0 : *x, cy = *y == '\n' ? 0 : *y;

		if (cx != cy || !cx)
			return cx - cy;
	}
}

/* "k=v\n" lines (each ended by '\n', as fr_opts_append() writes them) in
 * one order, so the order options were given in does not make two
 * workloads; empty lines are dropped.  Sorted as pointers into one copy,
 * then copied back once: every job's options pass here. */
int fr_opts_sort_lines(char *s)
{
	size_t n = 0, len = strlen(s);
	const char **line;
	char *copy, *at;

	for (const char *p = s; *p; p++)
		n += *p == '\n';
	if (n < 2)
		return 0;
	line = malloc((n + 1) * sizeof(*line));
	copy = malloc(len + 2);
	if (!line || !copy) {
		free(line);
		free(copy);
		return -ENOMEM;
	}
	memcpy(copy, s, len);
	memcpy(copy + len, "\n", 2); /* every line ends with '\n' */
	n = 0;
	for (char *p = copy; *p; p = strchr(p, '\n') + 1)
		if (*p != '\n')
			line[n++] = p;
	qsort(line, n, sizeof(*line), cmp_line);
	at = s;
	for (size_t i = 0; i < n; i++) {
		size_t l = (size_t)(strchr(line[i], '\n') - line[i]) + 1;

		memcpy(at, line[i], l);
		at += l;
	}
	if (n) /* only empty lines: left as they were */
		*at = '\0';
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
