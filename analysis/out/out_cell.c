// SPDX-License-Identifier: GPL-2.0-only
/* Table cells of the CSV and HTML reports (out_cell.h), and the endurance
 * steps' figures the text and Markdown tables share (out_endurance.h). */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "util/escape.h"
#include "out/out.h"
#include "out/out_cell.h"
#include "out/out_endurance.h"
#include "out/csv_line.h"

size_t fr_csv_ncommas(const char *columns)
{
	/* every row asks for the same run, constant text: counted once a thread */
	static _Thread_local const char *counted;
	static _Thread_local size_t n;

	if (columns != counted) {
		n = 0;
		for (const char *c = strchr(columns, ','); c; c = strchr(c + 1, ','))
			n++;
		counted = columns;
	}
	return n;
}

void fr_csv_commas(FILE *f, const char *columns)
{
	struct fr_csv_line l = {.f = f};

	fr_csv_line_commas(&l, fr_csv_ncommas(columns));
	fr_csv_line_flush(&l);
}

void fr_csv_end_after(FILE *f, const char *column)
{
	static const char columns[] = FR_CSV_COLUMNS;
	char key[48];
	const char *after;

	snprintf(key, sizeof(key), ",%s,", column);
	after = strstr(columns, key);
	if (after)
		fr_csv_commas(f, after + strlen(key));
	fputs(after ? ",\n" : "\n", f);
}

void fr_html_cell(FILE *f, const char *s, bool left)
{
	fputs(left ? "<td class=\"l\">" : "<td>", f);
	fr_html_escape(f, s);
	fputs("</td>", f);
}

void fr_html_num_cell(FILE *f, double v, int prec)
{
	char b[32];

	fr_html_cell(f, fr_num(b, sizeof(b), v, prec), false);
}

/* ---- the endurance method's step figures (out_endurance.h) */

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

/* A step's figures as the text and Markdown tables print them (out_endurance.h). */
void fr_ei_cells(const struct fr_ei_point *p, char c[FR_EI_CELLS][32])
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
