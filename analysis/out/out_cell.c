// SPDX-License-Identifier: GPL-2.0-only
/* Table cells of the CSV and HTML reports (out_cell.h). */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "util/escape.h"
#include "out/out.h"
#include "out/out_cell.h"

void fr_csv_end_after(FILE *f, const char *column)
{
	static const char columns[] = FR_CSV_COLUMNS;
	char key[48];
	const char *after;

	snprintf(key, sizeof(key), ",%s,", column);
	after = strstr(columns, key);
	for (const char *c = after ? after + strlen(key) : ""; *c; c++)
		if (*c == ',')
			fputc(',', f);
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
