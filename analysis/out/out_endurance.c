// SPDX-License-Identifier: GPL-2.0-only
/*
 * The endurance section in the text and Markdown reports (issue 41 item 1;
 * JSON's is out_json_sect.c):
 * per drive and mix, the write unit it used beside the namespace's, then
 * per step the host bytes fio wrote (and their running sum), the drive's
 * own host and media bytes, the step's and the cumulative WAF, and the
 * write tails, as the report stage built them (report/endurance.h).
 * Printed only when some drive ran the method.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "util/escape.h"
#include "out/out.h"
#include "out/out_endurance.h"

/* MB (10^6 bytes), the reports' unit. */
static double mb(double bytes)
{
	return bytes / 1e6;
}

/* The drive's own host bytes over the step: the counter beside the media
 * counter when there is a WAF, else SMART's data units written. */
double fr_ei_drive_host(const struct fr_ei_point *p)
{
	return isnan(p->waf.waf) ? p->waf.host_bytes_smart : p->waf.src_host_bytes;
}

/* A step's figures as the text and Markdown tables print them: fio MB, its
 * running sum, the drive's host MB, media MB, WAF, cumulative WAF, write
 * p99 and p99.99 in us ("-" where not known). */
enum { EI_CELLS = 8 };

static void row_cells(const struct fr_ei_point *p, char c[EI_CELLS][32])
{
	fr_num(c[0], sizeof(c[0]), mb(p->host_bytes), 1);
	fr_num(c[1], sizeof(c[1]), mb(p->cum_host), 1);
	fr_num(c[2], sizeof(c[2]), mb(fr_ei_drive_host(p)), 1);
	fr_num(c[3], sizeof(c[3]), mb(p->waf.media_bytes), 1);
	fr_num(c[4], sizeof(c[4]), p->waf.waf, 2);
	fr_num(c[5], sizeof(c[5]), p->cum_waf, 2);
	fr_num(c[6], sizeof(c[6]), fr_us(p->p99), 1);
	fr_num(c[7], sizeof(c[7]), fr_us(p->p9999), 1);
}

const char *fr_ei_waf_said(const struct fr_ei_point *p)
{
	return isnan(p->waf.waf) ? p->waf.why : fr_waf_src_name(p->waf.src);
}

static void text_series(FILE *f, const struct fr_ei_series *se)
{
	char c[EI_CELLS][32], ns[16];

	fprintf(f, "  %s / %s: write unit %s\n", se->drive->label, se->profile->name, se->unit);
	fprintf(f, "    namespace: %s\n", se->drive_unit);
	fprintf(f, "    %-5s %3s %10s %10s %11s %10s %7s %7s %10s %10s  %s\n", "step", "ns",
		"fio MB", "cum. MB", "drive host", "media MB", "WAF", "cum.", "p99 us", "p99.99 us",
		"media counter");
	for (size_t i = 0; i < se->n; i++) {
		const struct fr_ei_point *p = &se->p[i];

		row_cells(p, c);
		snprintf(ns, sizeof(ns), "%u", p->nsid);
		fprintf(f, "    s%-4u %3s %10s %10s %11s %10s %7s %7s %10s %10s  %s\n", p->num,
			p->nsid ? ns : "-", c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7],
			fr_ei_waf_said(p));
	}
	if (*se->cum_why)
		fprintf(f, "    cumulative WAF n/a %s\n", se->cum_why);
}

void fr_endurance_text(FILE *f, const struct fr_endurance *e)
{
	if (!e || !e->n)
		return;
	fputs("\n== endurance (jobs/endurance.fio): WAF per step and cumulative ==\n"
	      "WAF = the drive's media bytes / the host bytes the drive counted beside them "
	      "over the same steps (never fio's bytes); fio MB = bytes fio wrote (cum.: so far); "
	      "drive host = the drive's host counter (SMART data units written when there is no "
	      "WAF); write completion latency in us.\n",
	      f);
	for (size_t i = 0; i < e->n; i++)
		text_series(f, &e->s[i]);
}

static void md_series(FILE *f, const struct fr_ei_series *se)
{
	char c[EI_CELLS][32];

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

		row_cells(p, c);
		fprintf(f, "| s%u | ", p->num);
		if (p->nsid)
			fprintf(f, "%u", p->nsid);
		else
			fputc('-', f);
		for (int k = 0; k < EI_CELLS; k++)
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

void fr_endurance_md(FILE *f, const struct fr_endurance *e)
{
	if (!e || !e->n)
		return;
	fputs("\n## Endurance: WAF per step and cumulative\n\njobs/endurance.fio. WAF = the "
	      "drive's "
	      "media bytes / the host bytes the drive counted beside them over the same steps "
	      "(never fio's bytes); fio MB: what fio wrote (cum.: so far); drive host: the drive's "
	      "host counter (SMART data units written when there is no WAF).\n",
	      f);
	for (size_t i = 0; i < e->n; i++)
		md_series(f, &e->s[i]);
}
