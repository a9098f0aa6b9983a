// SPDX-License-Identifier: GPL-2.0-only
/*
 * CSV for lab automation: one table, one header, a "section" column saying
 * what a row is.  The columns are documented in docs/fiorank.md and are only
 * ever appended to.  Latencies in µs, empty where there is no figure.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "util/escape.h"
#include "out/out.h"
#include "out/csv_line.h"
#include "out/baseline_out.h"
#include "report/fdp.h"
#include "out/out_fdp.h"
#include "out/out_cell.h"
#include "out/out_tq.h"
#include "out/out_ops.h"
#include "out/out_csv.h"

/* How the report was made (section "report"): version, date, command,
 * one row per input as given. */
static void report_rows(FILE *f, const struct fr_run_info *ri)
{
	const char *field[] = {"fiorank_version", "date", "command"};
	const char *value[3];
	struct fr_csv_row r;

	if (!ri)
		return;
	value[0] = ri->version;
	value[1] = ri->date;
	value[2] = ri->cmdline;
	for (size_t i = 0; i < 3 + ri->ninputs; i++) {
		r = fr_csv_blank("report");
		r.step = i < 3 ? field[i] : "input";
		r.detail = i < 3 ? value[i] : ri->inputs[i - 3];
		fr_csv_emit(f, &r);
	}
}

/* Which drive and which run (section "provenance"): one row per field. */
static int csv_provenance(struct fr_out *o)
{
	const struct fr_report *rep = o->rep;
	FILE *f = o->f;

	for (size_t d = 0; d < rep->nprov_rows; d++) {
		const struct fr_prov_field *fl = rep->prov_rows[d].f;

		for (size_t k = 0; k < rep->prov_rows[d].n; k++) {
			struct fr_csv_row r = fr_csv_blank("provenance");

			r.drive = rep->prov_rows[d].d->drive->label;
			r.step = fl[k].name;
			r.reference = 0;
			r.detail = fl[k].value;
			fr_csv_emit(f, &r);
		}
	}
	return 0;
}

/* The reviews' own statements (section "statement"). */
static int csv_statements(struct fr_out *o)
{
	const struct fr_report *rep = o->rep;
	FILE *f = o->f;

	for (size_t i = 0; i < rep->m->nstatements; i++) {
		const struct fr_statement *st = &rep->m->statements[i];
		struct fr_csv_row r = fr_csv_blank("statement");
		char s[640];

		fr_statement_text(rep->r, st, s, sizeof(s));
		if (!*s)
			continue;
		r.profile = "write-pressure";
		r.drive = st->review;
		r.step = st->metric;
		r.write_mbps = st->write_mbps;
		r.lat = st->value_us * 1000.0;
		r.reference = 1;
		r.detail = s;
		fr_csv_emit(f, &r);
	}
	return 0;
}

/* One row per measured step with a health record: the verdict (or why
 * there is none) in detail, the figures in the health columns. */
static int csv_health(struct fr_out *o)
{
	const struct fr_report_health *h = o->rep->health;
	FILE *f = o->f;

	for (size_t i = 0; h && i < h->n; i++) {
		const struct fr_health_row *hr = &h->rows[i];
		struct fr_csv_row r = fr_csv_blank("health");

		if (!hr->listed)
			continue;
		r.profile = hr->profile->name;
		r.drive = hr->drive->label;
		r.step = hr->step->name;
		r.detail = hr->verdict;
		r.origin = hr->step;
		r.health = hr;
		r.reference = 0;
		fr_csv_emit(f, &r);
	}
	return 0;
}

/* Inputs not used (or passed over): file and reason. */
static void problem_rows(FILE *f, const char *section, const struct fr_problem *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct fr_csv_row r = fr_csv_blank(section);

		r.step = r.file = p[i].source;
		r.detail = p[i].reason;
		fr_csv_emit(f, &r);
	}
}

static int csv_header(struct fr_out *o)
{
	fputs(FR_CSV_COLUMNS "\n", o->f);
	report_rows(o->f, o->rep->run);
	return 0;
}

static int csv_wins(struct fr_out *o)
{
	const struct fr_ranking *rk = o->rep->r;

	for (size_t i = 0; fr_wins_shown(rk) && i < rk->nwins; i++) {
		struct fr_csv_row r = fr_csv_blank("wins");
		char s[64];

		if (!rk->wins[i].profiles)
			continue;
		snprintf(s, sizeof(s), "%u of %u", rk->wins[i].wins, rk->wins[i].profiles);
		r.drive = rk->wins[i].drive->label;
		r.place = rk->wins[i].wins;
		r.detail = s;
		r.reference = rk->wins[i].drive->reference;
		fr_csv_emit(o->f, &r);
	}
	return 0;
}

static int csv_unused(struct fr_out *o)
{
	const struct fr_unused *u = o->rep->unused;

	for (size_t k = 0; u && k < FR_UNUSED_NLISTS; k++)
		problem_rows(o->f, u->l[k].key, u->l[k].p, u->l[k].n);
	return 0;
}

static int csv_notes(struct fr_out *o)
{
	problem_rows(o->f, "note", o->rep->m->notes, o->rep->m->nnotes);
	return 0;
}

static int csv_baseline(struct fr_out *o)
{
	fr_baseline_csv(o->f, o->rep->bl);
	return 0;
}

static int csv_tq(struct fr_out *o)
{
	return fr_tq_csv(o->f, o->rep) || ferror(o->f) ? -1 : 0;
}

/* One table: the sections CSV has rows for, in the default order. */
const struct fr_out_ops fr_csv_ops = {
	.sect =
		{
			[FR_SECT_HEADER] = csv_header,
			[FR_SECT_PROVENANCE] = csv_provenance,
			[FR_SECT_PROFILES] = fr_csv_profiles,
			[FR_SECT_WRITE_PRESSURE] = fr_csv_write_pressure,
			[FR_SECT_STATEMENTS] = csv_statements,
			[FR_SECT_NN] = fr_csv_nn,
			[FR_SECT_FDP] = fr_csv_fdp,
			[FR_SECT_HEALTH] = csv_health,
			[FR_SECT_WINS] = csv_wins,
			[FR_SECT_UNUSED] = csv_unused,
			[FR_SECT_NOTES] = csv_notes,
			[FR_SECT_BASELINE] = csv_baseline,
			[FR_SECT_TQ] = csv_tq,
		},
};

static int render_csv(FILE *f, const void *arg)
{
	return fr_out_walk(f, arg, &fr_csv_ops, NULL);
}

/* Control bytes and invalid UTF-8 from input shown as "\xNN", as in text,
 * md and html (escape.c); newlines (row ends, quoted cells) kept. */
int fr_out_csv(FILE *f, const struct fr_report *rep)
{
	return fr_render_escaped(f, render_csv, rep, FR_ESC_CONTROLS_NL);
}
