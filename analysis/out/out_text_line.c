// SPDX-License-Identifier: GPL-2.0-only
/*
 * The terminal report's lines (out_text.h): labels cut to their column,
 * text folded to 100 columns.
 */
#include <stdio.h>
#include <string.h>

#include "out/csv_line.h"
#include "out/out_text.h"

/*
 * A label cut to FR_TEXT_LABEL_W columns with "~".  What tells two entrants of one
 * drive apart is the label's last "(...)" (the engine, placement or job file
 * model/label.c adds): a long label keeps it whole after the "~", so
 * "QEMU NVMe Ctrl deadbeef ns1,2,3,4,5,6 (ssdnvme-fdp)" and the same drive
 * unplaced no longer both read "QEMU NVMe Ctrl deadbeef ns1,2,3~".
 */
const char *fr_text_cut(char *buf, size_t len, const char *s)
{
	size_t n = strlen(s);
	const char *tail = strrchr(s, '(');
	size_t keep;

	if (n <= FR_TEXT_LABEL_W) {
		snprintf(buf, len, "%s", s);
		return buf;
	}
	keep = tail && s[n - 1] == ')' ? n - (size_t)(tail - s) : 0;
	if (keep > FR_TEXT_LABEL_W / 2)
		keep = 0; /* a suffix that long says less than the head */
	snprintf(buf, len, "%.*s~%s", (int)(FR_TEXT_LABEL_W - 1 - keep), s, keep ? tail : "");
	return buf;
}

/* Prints "prefix text" folded at spaces to fit 100 columns (a column is
 * a byte, as printf counts), built in memory and written at once. */
void fr_text_wrapped(FILE *f, const char *prefix, const char *text)
{
	struct fr_csv_line l = {.f = f};
	size_t col = strlen(prefix);

	fr_csv_line_put(&l, prefix, col);
	while (*text) {
		size_t word = strcspn(text, " ");

		if (col > 4 && col + 1 + word > 100) {
			fr_csv_line_put(&l, "\n   ", 4);
			col = 3;
		}
		fr_csv_line_put(&l, " ", 1);
		fr_csv_line_put(&l, text, word);
		col += 1 + word;
		text += word;
		while (*text == ' ')
			text++;
	}
	fr_csv_line_put(&l, "\n", 1);
	fr_csv_line_flush(&l);
}
