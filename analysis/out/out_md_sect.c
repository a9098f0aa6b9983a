// SPDX-License-Identifier: GPL-2.0-only
/*
 * The Markdown report's method sections (out_md.h): drive health per step
 * as a list of the text report's lines, escaped; the endurance method's
 * WAF per step and cumulative as a table per drive and mix; why the tail
 * as a list, one item per tag key; the tq-sweep as one table.
 */
#include <stdio.h>
#include <stdlib.h>

#include "report/report.h"
#include "report/report_health.h"
#include "util/escape.h"
#include "out/out_endurance.h"
#include "out/out_md.h"
#include "out/out_tailwhy.h"
#include "out/out_tq.h"
#include "rank/tq.h"
#include "out/out_text.h"

/* ---- drive health */

static void md_step(FILE *f, const struct fr_health_row *r, fr_str_fn str)
{
	fputs("- **", f);
	str(f, r->drive->label);
	fputs("** / ", f);
	str(f, r->profile->name);
	fputs(" step ", f);
	str(f, r->step_label);
	fputs(": ", f);
	str(f, r->verdict);
	fputc('\n', f);
	if (r->step->health->recorded)
		fr_text_health_figures(f, "  - ", r, str);
}

int fr_md_health(struct fr_out *o)
{
	const struct fr_report_health *h = o->rep->health;
	FILE *f = o->f;

	if (!h || !h->any)
		return 0;
	fputs("\n## Drive health per step\n\nRead by the ssdnvme engine; an invalid step is left "
	      "out of ranks unless `--include-invalid`.\n\n",
	      f);
	for (size_t i = 0; i < h->n; i += h->rows[i].fold ? h->rows[i].fold : 1) {
		if (h->rows[i].fold)
			fr_text_health_fold(f, "- ", "**", &h->rows[i], fr_md_escape);
		else if (h->rows[i].listed)
			md_step(f, &h->rows[i], fr_md_escape);
	}
	return 0;
}

/* ---- endurance */

static void md_series(FILE *f, const struct fr_ei_series *se)
{
	char c[FR_EI_CELLS][32];

	fputs("\n### ", f);
	fr_md_escape(f, se->drive->label);
	fputs(" / ", f);
	fr_md_escape(f, se->profile->name);
	fputs("\n\nWrite unit: ", f);
	fr_md_escape(f, se->unit);
	fputs(". Namespace: ", f);
	fr_md_escape(f, se->drive_unit);
	fputs(".\n\n| step | ns | fio MB | cum. fio MB | drive host MB | media MB | WAF | cum. WAF "
	      "| write p99 µs | write p99.99 µs | media counter |\n"
	      "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|\n",
	      f);
	for (size_t i = 0; i < se->n; i++) {
		const struct fr_ei_point *p = &se->p[i];

		fr_ei_cells(p, c);
		fprintf(f, "| s%u | ", p->num);
		if (p->nsid)
			fprintf(f, "%u", p->nsid);
		else
			fputc('-', f);
		for (int k = 0; k < FR_EI_CELLS; k++)
			fprintf(f, " | %s", c[k]);
		fputs(" | ", f);
		fr_md_escape(f, fr_ei_waf_said(p));
		fputs(" |\n", f);
	}
	if (*se->cum_why) {
		fputs("\nCumulative WAF n/a ", f);
		fr_md_escape(f, se->cum_why);
		fputs(".\n", f);
	}
}

int fr_md_endurance(struct fr_out *o)
{
	const struct fr_endurance *e = o->rep->ei;
	FILE *f = o->f;

	if (!e || !e->n)
		return 0;
	fputs("\n## Endurance: WAF per step and cumulative\n\njobs/endurance.fio. WAF = the "
	      "drive's "
	      "media bytes / the host bytes the drive counted beside them over the same steps "
	      "(never fio's bytes); fio MB: what fio wrote (cum.: so far); drive host: the drive's "
	      "host counter (SMART data units written when there is no WAF).\n",
	      f);
	for (size_t i = 0; i < e->n; i++)
		md_series(f, &e->s[i]);
	return 0;
}

/* ---- why the tail */

int fr_md_tailwhy(struct fr_out *o)
{
	const struct fr_tailwhy *tw = o->rep->tw;
	FILE *f = o->f;
	size_t i;

	if (!tw || !tw->n)
		return 0;
	fprintf(f, "\n## Why the tail (p%g)\n\n", tw->pct);
	fr_md_escape(f, fr_tw_method_text());
	fputs(".\n\n", f);
	for (i = 0; i < tw->n; i++) {
		char *head = NULL;
		size_t len = 0;
		FILE *m = open_memstream(&head, &len);

		if (!m)
			return 0;
		fr_tw_key_head(m, &tw->k[i]);
		fclose(m);
		fputs("- ", f);
		fr_md_escape(f, head);
		fputs(": ", f);
		fr_md_escape(f, tw->k[i].sentence);
		fputs("\n", f);
		free(head);
	}
	return 0;
}

/* ---- tq-sweep */

int fr_tq_md(FILE *f, const struct fr_report *rep)
{
	const struct fr_tq *t = fr_tq_section(rep);
	char b[32];

	if (!t)
		return 0;
	fprintf(f,
		"\n## tq-sweep: 8K random 70/30, threads x queue depth (%s basis)\n\n"
		"| step | drive | IOPS | pl. | mean µs | pl. | max µs | pl. | stddev µs | "
		"pl. |\n"
		"|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n",
		fr_basis_name(t->basis));
	for (size_t k = 0; k < t->nseries; k++)
		for (size_t i = 0; i < t->nd; i++) {
			const struct fr_tq_point *pt = fr_tq_at(&t->d[i], &t->series[k]);

			if (!pt)
				continue;
			fprintf(f, "| %s | %s |", t->series[k].name, t->d[i].drive->label);
			for (int g = 0; g < FR_TQ_NFIGS; g++) {
				fprintf(f, " %s |",
					fr_num(b, sizeof(b), fr_tq_shown(pt, g), g ? 1 : 0));
				fprintf(f, pt->place[g] ? " %u |" : " - |", pt->place[g]);
			}
			fputc('\n', f);
		}
	for (size_t i = 0; i < t->nd; i++)
		for (size_t r = 0; r < t->d[i].nrounds; r++) {
			const struct fr_tq_point *pt = &t->d[i].rounds[r];

			fprintf(f, "%s| precondition %s | %s |", r ? "" : "\n", pt->step->name,
				t->d[i].drive->label);
			for (int g = 0; g < FR_TQ_NFIGS; g++)
				fprintf(f, " %s | |",
					fr_num(b, sizeof(b), fr_tq_shown(pt, g), g ? 1 : 0));
			fputc('\n', f);
		}
	for (size_t i = 0; i < t->nref; i++)
		fprintf(f, "\nPublished (%s): %s, %.0f IOPS (%s); %s\n", t->ref[i].drive->review,
			t->ref[i].drive->label, fr_step_iops(t->ref[i].step), t->ref[i].step->name,
			t->ref[i].note);
	return ferror(f) ? -1 : 0;
}
