// SPDX-License-Identifier: GPL-2.0-only
/*
 * "Why the tail" in the HTML report (report/tailwhy.h, out_html_chart.h):
 * per tag key its heading, the report stage's sentence and a chart of
 * latency against the writes in flight.  Printed only when some step had
 * tag logs (or a noisy-neighbor victim its kept outliers).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "chart/svg.h"
#include "report/report.h"
#include "util/escape.h"
#include "out/out_html_chart.h"
#include "out/out_tailwhy.h"

static void html_chart(FILE *f, const struct fr_tw_key *k)
{
	struct fr_series s[2] = {
		{.name = "slowest I/Os",
		 .x = k->slow_x,
		 .y = k->slow_y,
		 .n = k->nslow_pts,
		 .markers_only = true,
		 .color = 0},
		{.name = "median I/Os (p45-p55)",
		 .x = k->med_x,
		 .y = k->med_y,
		 .n = k->nmed_pts,
		 .markers_only = true,
		 .color = 1},
	};

	if (k->source != FR_TW_TAGLOG || !k->nslow_pts)
		return;
	fr_svg_lines(f, "Latency against writes in flight at submission",
		     "writes in flight on the controller", "latency (us)", s, 2);
}

int fr_html_tailwhy(struct fr_out *o)
{
	const struct fr_tailwhy *tw = o->rep->tw;
	FILE *f = o->f;
	size_t i;

	if (!tw || !tw->n)
		return 0;
	fprintf(f, "<section class=\"tailwhy\" id=\"tailwhy\"><h2>Why the tail (p%g)</h2>\n<p>",
		tw->pct);
	fr_html_escape(f, fr_tw_method_text());
	fputs(". Each chart shows at most 300 of each group, evenly picked in latency "
	      "order.</p>\n",
	      f);
	for (i = 0; i < tw->n; i++) {
		const struct fr_tw_key *k = &tw->k[i];
		char *head = NULL;
		size_t len = 0;
		FILE *m = open_memstream(&head, &len);

		if (!m)
			return 0;
		fr_tw_key_head(m, k);
		fr_tw_fdp_line(m, k, "; ");
		fclose(m);
		fputs("<h3>", f);
		fr_html_escape(f, head);
		fputs("</h3>\n<p class=\"tailwhy-verdict\">", f);
		fr_html_escape(f, k->sentence);
		fputs("</p>\n", f);
		free(head);
		html_chart(f, k);
	}
	fputs("</section>\n", f);
	return 0;
}
