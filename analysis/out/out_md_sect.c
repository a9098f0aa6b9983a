// SPDX-License-Identifier: GPL-2.0-only
/*
 * The Markdown report's method sections (out_md.h): drive health per step
 * as a list of the text report's lines, escaped.
 */
#include <stdio.h>

#include "report/report.h"
#include "report/report_health.h"
#include "util/escape.h"
#include "out/out_md.h"
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
