// SPDX-License-Identifier: GPL-2.0-only
/* Table cells of the CSV and HTML reports (out_cell.h). */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "util/escape.h"
#include "out/out.h"
#include "out/out_cell.h"

void fr_csv_commas(FILE *f, const char *columns)
{
	static const char run[] = ",,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,";
	size_t n = 0;

	for (const char *c = strchr(columns, ','); c; c = strchr(c + 1, ','))
		n++;
	for (size_t k; n; n -= k) {
		k = n < sizeof(run) - 1 ? n : sizeof(run) - 1;
		fwrite(run, 1, k, f);
	}
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
