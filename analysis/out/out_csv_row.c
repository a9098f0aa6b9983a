// SPDX-License-Identifier: GPL-2.0-only
/*
 * A CSV row (out_csv.h): built field by field, written in the columns'
 * order (FR_CSV_COLUMNS, docs/fiorank.md), its health cells by
 * out_health.c.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/escape.h"
#include "out/out.h"
#include "out/csv_line.h"
#include "out/out_cell.h"
#include "out/out_health.h"
#include "out/out_csv.h"

struct fr_csv_row fr_csv_blank(const char *section)
{
	return (struct fr_csv_row){.section = section,
				   .iops = NAN,
				   .mbps = NAN,
				   .lat = NAN,
				   .p99 = NAN,
				   .p999 = NAN,
				   .p9999 = NAN,
				   .margin = NAN,
				   .write_mbps = NAN,
				   .reference = -1,
				   .ratio = {NAN, NAN, NAN, NAN},
				   .target_iops = NAN};
}

/* Whether byte C of a job name takes a backslash in the '|'-joined list:
 * the separator, and the backslash itself, so "\|" is always a name's. */
static bool list_escaped(char c)
{
	return c == '|' || c == '\\';
}

/* The bytes step S's job names take in a '|'-joined list (S may be NULL). */
static size_t jobnames_len(const struct fr_step *s)
{
	size_t len = 0;

	for (size_t i = 0; s && i < s->njobnames; i++)
		for (const char *c = s->jobnames[i];; c++) {
			len += *c && list_escaped(*c) ? 2 : 1;
			if (!*c)
				break;
		}
	return len;
}

/* Adds step S's job names (S may be NULL) to the '|'-joined list L, a '|'
 * or backslash in a name as "\|" / "\\", so that a job named "a|b" is not
 * the two jobs "a" and "b" (the byte layer then escapes the cell as every
 * other text). */
static void add_jobnames(char *l, const struct fr_step *s)
{
	char *end = l + strlen(l);

	for (size_t i = 0; s && i < s->njobnames; i++) {
		if (end != l)
			*end++ = '|';
		for (const char *c = s->jobnames[i]; *c; c++)
			end += list_escaped(*c) ? (end[0] = '\\', end[1] = *c, 2) : (*end = *c, 1);
	}
	*end = '\0';
}

/* The '|'-joined job names of S and of PAIRED (NULL: none) as one cell. */
static void jobnames_cell(struct fr_csv_line *l, const struct fr_step *s,
			  const struct fr_step *paired)
{
	char *joined = malloc(jobnames_len(s) + jobnames_len(paired) + 1);

	if (!joined)
		return;
	joined[0] = '\0';
	add_jobnames(joined, s);
	add_jobnames(joined, paired);
	fr_csv_line_text(l, joined);
	free(joined);
}

/* Origin block: fio job names (joined by '|'; a write-pressure row's
 * reader, then its paired writer), groupid, file.  A published drive's
 * steps have no fio job: empty. */
static void emit_origin(struct fr_csv_line *l, const struct fr_csv_row *r)
{
	const struct fr_step *s = r->origin;
	bool measured = s && r->reference != 1;

	fr_csv_line_put(l, ",", 1);
	if (measured && (s->njobnames || r->paired))
		jobnames_cell(l, s, r->paired);
	fr_csv_line_put(l, ",", 1);
	if (measured && s->groupid >= 0)
		fr_csv_line_long(l, s->groupid);
	fr_csv_line_put(l, ",", 1);
	fr_csv_line_text(l, measured ? s->source : r->file);
}

/* A text cell after its comma. */
static void comma_text(struct fr_csv_line *l, const char *s)
{
	fr_csv_line_put(l, ",", 1);
	fr_csv_line_text(l, s);
}

/* The row in memory up to its health cells, which out_health.c writes. */
void fr_csv_emit(FILE *f, const struct fr_csv_row *r)
{
	struct fr_csv_line l = {.f = f};

	fr_csv_line_text(&l, r->section);
	comma_text(&l, r->profile);
	comma_text(&l, r->drive);
	fr_csv_line_count(&l, r->place);
	comma_text(&l, r->step);
	fr_csv_line_num(&l, r->iops, 1);
	fr_csv_line_num(&l, r->mbps, 3);
	fr_csv_line_num(&l, fr_us(r->lat), 3);
	fr_csv_line_num(&l, fr_us(r->p99), 3);
	fr_csv_line_num(&l, fr_us(r->p999), 3);
	fr_csv_line_num(&l, fr_us(r->p9999), 3);
	fr_csv_line_num(&l, r->margin, 3);
	fr_csv_line_count(&l, r->ref_place);
	fr_csv_line_count(&l, r->ref_total);
	fr_csv_line_num(&l, r->write_mbps, 3);
	fr_csv_line_count(&l, r->nsid);
	fr_csv_line_put(&l,
			r->reference < 0 ? ","
			: r->reference	 ? ",1"
					 : ",0",
			r->reference < 0 ? 1 : 2);
	comma_text(&l, r->detail);
	emit_origin(&l, r);
	fr_csv_line_count(&l, r->per_drive_of);
	comma_text(&l, r->ref_note);
	comma_text(&l, r->cross_check_of);
	fr_csv_line_num(&l, r->ratio.mean, 3);
	fr_csv_line_num(&l, r->ratio.p99, 3);
	fr_csv_line_num(&l, r->ratio.p999, 3);
	fr_csv_line_num(&l, r->ratio.p9999, 3);
	fr_csv_line_num(&l, r->target_iops, 1);
	fr_csv_line_num(&l, r->target_iops > 0 ? 100 * r->iops / r->target_iops : NAN, 1);
	if (!r->health) {
		/* no health record: its columns empty, as fr_health_csv_fields() has them */
		fr_csv_line_commas(&l, fr_csv_ncommas(FR_HEALTH_CSV_COLUMNS));
		fr_csv_line_put(&l, "\n", 1);
		fr_csv_line_flush(&l);
		return;
	}
	fr_csv_line_flush(&l);
	fr_health_csv_fields(f, r->health);
	fputc('\n', f);
}
