// SPDX-License-Identifier: GPL-2.0-only
/*
 * A CSV row (out_csv.h): built field by field, written in the columns'
 * order (FR_CSV_COLUMNS, docs/fiorank.md), its drive health cells last.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/escape.h"
#include "out/out.h"
#include "out/csv_line.h"
#include "out/out_cell.h"
#include "report/report_health.h"
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

static void csv_int(FILE *f, int64_t v)
{
	fputc(',', f);
	if (v >= 0)
		fprintf(f, "%" PRId64, v);
}

static void csv_num(FILE *f, double v, int prec)
{
	fputc(',', f);
	if (isfinite(v))
		fprintf(f, "%.*f", prec, v);
}

/* The health columns (FR_HEALTH_CSV_COLUMNS, out_cell.h), each led by its
 * comma: valid (1/0), reason, temperatures in kelvin, critical warning, the
 * counters' deltas, host, SMART-host and media bytes, WAF and its source; a
 * value not known is an empty field, all are for a NULL row. */
static void health_fields(FILE *f, const struct fr_health_row *r)
{
	const struct fr_health *h = r ? r->step->health : NULL;
	static const enum fr_hc deltas[] = {FR_HC_TMT1_N, FR_HC_TMT2_N,	  FR_HC_TMT1_S,
					    FR_HC_TMT2_S, FR_HC_WARN_MIN, FR_HC_CRIT_MIN,
					    FR_HC_DUW};

	if (!h || !h->recorded) {
		/* one comma per column; a step without a record says why in valid's place */
		fr_csv_commas(f, FR_HEALTH_CSV_COLUMNS);
		return;
	}
	fprintf(f, ",%d,", h->invalid ? 0 : 1);
	fr_csv_str(f, h->reason);
	csv_int(f, r->sum.temp_before_k > 0 ? r->sum.temp_before_k : -1);
	csv_int(f, r->sum.temp_after_k > 0 ? r->sum.temp_after_k : -1);
	csv_int(f, r->sum.temp_max_k > 0 ? r->sum.temp_max_k : -1);
	csv_int(f, r->sum.crit_warning);
	for (size_t i = 0; i < sizeof(deltas) / sizeof(deltas[0]); i++)
		csv_int(f, r->sum.delta[deltas[i]]);
	csv_num(f, r->waf.host_bytes, 0);
	csv_num(f, r->waf.host_bytes_smart, 0);
	csv_num(f, r->waf.media_bytes, 0);
	csv_num(f, r->waf.waf, 3);
	fputc(',', f);
	fr_csv_str(f, fr_waf_src_name(r->waf.src));
}

/* The row in memory up to its health cells, which health_fields() writes. */
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
		/* no health record: its columns empty, as health_fields() has them */
		fr_csv_line_commas(&l, fr_csv_ncommas(FR_HEALTH_CSV_COLUMNS));
		fr_csv_line_put(&l, "\n", 1);
		fr_csv_line_flush(&l);
		return;
	}
	fr_csv_line_flush(&l);
	health_fields(f, r->health);
	fputc('\n', f);
}
