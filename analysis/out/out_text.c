// SPDX-License-Identifier: GPL-2.0-only
/*
 * The terminal report: fits 100 columns; drive labels longer than 28
 * characters are cut with "~".
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "util/escape.h"
#include "out/out.h"
#include "out/baseline_out.h"
#include "out/out_fdp.h"
#include "out/out_fleet.h"
#include "out/out_ai.h"
#include "out/out_tq.h"
#include "out/out_ops.h"
#include "out/out_text.h"

/* Each published drive ranked here, with its review and configuration. */
static void published_drives(FILE *f, const struct fr_model *m)
{
	for (size_t i = 0; i < m->ndrives; i++) {
		const struct fr_drive *d = &m->drives[i];
		char derived[160], line[512], pre[300];

		if (!d->reference)
			continue;
		fr_derived_text(d, derived, sizeof(derived));
		snprintf(line, sizeof(line), "review %s%s%s%s%s", d->review, *d->config ? "; " : "",
			 d->config, *derived ? "; curve figures " : "", derived);
		snprintf(pre, sizeof(pre), "published drive %s:", d->label);
		fr_text_wrapped(f, pre, line);
	}
}

/* Which drive and which run: one block per measured drive (provenance.h). */
static void provenance(FILE *f, const struct fr_report *rep)
{
	for (size_t i = 0; i < rep->nprov_rows; i++) {
		const struct fr_prov_row *row = &rep->prov_rows[i];
		const struct fr_prov_field *fl = row->f;

		fprintf(f, "\n== drive %s ==\n", row->d->drive->label);
		for (size_t k = 0; k < row->n; k++) {
			char pre[40];

			snprintf(pre, sizeof(pre), "  %-16s", fl[k].name);
			fr_text_wrapped(f, pre, fl[k].value);
		}
	}
}

static void header(FILE *f, const struct fr_report *rep)
{
	const struct fr_model *m = rep->m;

	fprintf(f, "fiorank: %zu file%s read, %zu skipped, %zu job%s excluded; %zu drive%s\n",
		m->files_read, m->files_read == 1 ? "" : "s", m->nskipped, m->nexcluded,
		m->nexcluded == 1 ? "" : "s", m->ndrives, m->ndrives == 1 ? "" : "s");
	fprintf(f, "latency basis: %s\n", fr_basis_desc(rep->r->basis));
	fprintf(f, "mean latency of a mix: weighted by the operations of each direction\n");
	fprintf(f, "units: IOPS; MB/s = 10^6 bytes/s; latency in µs\n");
	if (rep->run) {
		fprintf(f, "report: fiorank %s, %s\n", rep->run->version, rep->run->date);
		fr_text_wrapped(f, "command:", rep->run->cmdline);
		for (size_t i = 0; i < rep->run->ninputs; i++)
			fr_text_wrapped(f, "input:", rep->run->inputs[i]);
	}
	if (rep->ref_note)
		fr_text_wrapped(f, "published data:", rep->ref_note);
}

/* Entries of the text format's ops (out_ops.h), each one section. */

static int text_header(struct fr_out *o)
{
	header(o->f, o->rep);
	published_drives(o->f, o->rep->m);
	return 0;
}

static int text_provenance(struct fr_out *o)
{
	provenance(o->f, o->rep);
	return 0;
}

static int text_fdp(struct fr_out *o)
{
	fr_fdp_text(o->f, o->rep);
	return 0;
}

static int text_fleet(struct fr_out *o)
{
	fr_fleet_text(o->f, o->rep->fleet);
	return 0;
}

static int text_wins(struct fr_out *o)
{
	const struct fr_report *rep = o->rep;
	const struct fr_ranking *r = rep->r;
	char note[160];

	if (!r->nprofiles || !fr_wins_shown(r))
		return 0;
	fprintf(o->f, "\n== summary: profiles won (first place among 2+ placed drives) ==\n");
	for (size_t i = 0; i < r->nwins; i++) {
		char lb[FR_TEXT_LABEL_W + 2];

		if (!r->wins[i].profiles)
			continue;
		fprintf(o->f, "%-32s %3u of %u profile%s\n",
			fr_text_cut(lb, sizeof(lb), r->wins[i].drive->label), r->wins[i].wins,
			r->wins[i].profiles, r->wins[i].profiles == 1 ? "" : "s");
	}
	if (fr_wins_folded_text(rep, note, sizeof(note)))
		fprintf(o->f, "note: %s\n", note);
	return 0;
}

static int text_ref_places(struct fr_out *o)
{
	const struct fr_ranking *r = o->rep->r;

	if (!r->nprofiles || !r->have_ref)
		return 0;
	fprintf(o->f, "\n== summary: place among the published drives (of published + 1) ==\n");
	for (size_t i = 0; i < r->nwins; i++) {
		char places[4096], pre[FR_TEXT_LABEL_W + 4];

		fr_ref_places(r, r->wins[i].drive, places, sizeof(places));
		if (!*places)
			continue;
		snprintf(pre, sizeof(pre), "%s:", r->wins[i].drive->label);
		fr_text_wrapped(o->f, pre, places);
	}
	return 0;
}

static int text_notes(struct fr_out *o)
{
	const struct fr_model *m = o->rep->m;

	for (size_t i = 0; i < m->nnotes; i++) {
		char pre[PATH_MAX + 16];

		snprintf(pre, sizeof(pre), "%snote %s:", i ? "" : "\n", m->notes[i].source);
		fr_text_wrapped(o->f, pre, m->notes[i].reason);
	}
	return 0;
}

static int text_unused(struct fr_out *o)
{
	const struct fr_unused *u = o->rep->unused;

	if (!u || !u->total)
		return 0;
	fprintf(o->f, "\n== inputs not used ==\n");
	for (size_t k = 0; k < FR_UNUSED_NLISTS; k++)
		for (size_t i = 0; i < u->l[k].n; i++) {
			char pre[PATH_MAX + 16];

			snprintf(pre, sizeof(pre), "%s %s:", u->l[k].lead, u->l[k].p[i].source);
			fr_text_wrapped(o->f, pre, u->l[k].p[i].reason);
		}
	return 0;
}

static int text_baseline(struct fr_out *o)
{
	fr_baseline_text(o->f, o->rep->bl);
	return 0;
}

static int text_ai(struct fr_out *o)
{
	fr_ai_text(o->f, o->rep);
	return 0;
}

static int text_tq(struct fr_out *o)
{
	return fr_tq_text(o->f, o->rep) ? -1 : 0;
}

/* The terminal report sums up (wins) before the drive's health, and its
 * notes come before the inputs not used. */
static const enum fr_out_sect text_order[] = {
	FR_SECT_HEADER,	    FR_SECT_PROVENANCE, FR_SECT_PROFILES, FR_SECT_WRITE_PRESSURE,
	FR_SECT_STATEMENTS, FR_SECT_NN,		FR_SECT_FDP,	  FR_SECT_TAILWHY,
	FR_SECT_FLEET,	    FR_SECT_COPY,	FR_SECT_WINS,	  FR_SECT_REF_PLACES,
	FR_SECT_HEALTH,	    FR_SECT_ENDURANCE,	FR_SECT_NOTES,	  FR_SECT_UNUSED,
	FR_SECT_BASELINE,   FR_SECT_AI,		FR_SECT_TQ,
};

const struct fr_out_ops fr_text_ops = {
	.sect =
		{
			[FR_SECT_HEADER] = text_header,
			[FR_SECT_PROVENANCE] = text_provenance,
			[FR_SECT_PROFILES] = fr_text_profiles,
			[FR_SECT_WRITE_PRESSURE] = fr_text_write_pressure,
			[FR_SECT_STATEMENTS] = fr_text_statements,
			[FR_SECT_NN] = fr_text_nn,
			[FR_SECT_FDP] = text_fdp,
			[FR_SECT_TAILWHY] = fr_text_tailwhy,
			[FR_SECT_FLEET] = text_fleet,
			[FR_SECT_COPY] = fr_text_copy,
			[FR_SECT_WINS] = text_wins,
			[FR_SECT_REF_PLACES] = text_ref_places,
			[FR_SECT_HEALTH] = fr_text_health,
			[FR_SECT_ENDURANCE] = fr_text_endurance,
			[FR_SECT_NOTES] = text_notes,
			[FR_SECT_UNUSED] = text_unused,
			[FR_SECT_BASELINE] = text_baseline,
			[FR_SECT_AI] = text_ai,
			[FR_SECT_TQ] = text_tq,
		},
	.order = text_order,
	.norder = sizeof(text_order) / sizeof(text_order[0]),
};

static int render_text(FILE *f, const void *arg)
{
	return fr_out_walk(f, arg, &fr_text_ops, NULL);
}

/* The report is built in memory and written with every control character
 * but newline, and every byte that is not UTF-8, shown as "\xNN": names from
 * input cannot send escape sequences to the terminal. */
int fr_out_text(FILE *out, const struct fr_report *rep)
{
	return fr_render_escaped(out, render_text, rep, FR_ESC_CONTROLS_NL);
}
