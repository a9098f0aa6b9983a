// SPDX-License-Identifier: GPL-2.0-only
/* Table cells of the CSV and HTML reports (out_cell.h). */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "util/escape.h"
#include "out/out.h"
#include "out/out_cell.h"
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
