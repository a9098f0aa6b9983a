// SPDX-License-Identifier: GPL-2.0-only
/*
 * "Why the tail" in the text, Markdown and HTML reports (report/tailwhy.h;
 * JSON's is out_json_sect.c): the sentence the report
 * stage made per key, its factors' counts, and in HTML a chart of latency
 * against the writes in flight.  Printed only when some step had tag logs
 * (or a noisy-neighbor victim its kept outliers), so other reports are
 * unchanged.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "chart/svg.h"
#include "out/out_tailwhy.h"
#include "report/report.h"
#include "util/escape.h"

static const char *step_name(const struct fr_tw_key *k)
{
	return k->step && k->step->name ? k->step->name : "";
}

static const char *method_text(void)
{
	return "the I/Os above the percentile against the median I/Os (ranks p45-p55) of "
	       "the same tag key and step; K fixed from the median I/Os (their p90, at "
	       "least 1); a factor is named when a one-sided Fisher exact test passes at "
	       "0.01 over the factors tested and the slow share is 20 points above the "
	       "median's, never from fewer than 30 slow I/Os";
}

static void key_head(FILE *f, const struct fr_tw_key *k)
{
	fprintf(f, "%s, %s %s, job %s, %s%u %s", k->drive->label, k->profile, step_name(k),
		k->job ? k->job : "?", k->nsid ? "ns" : "nsid ", k->nsid,
		k->dir == FR_READ ? "reads" : "writes");
	if (k->source == FR_TW_TAGLOG)
		fprintf(f, " (tag log, %llu I/Os%s)", (unsigned long long)k->n,
			k->truncated ? ", truncated: the I/Os it holds" : "");
	else
		fprintf(f, " (kept outliers only, no tag log)");
}

static void fdp_line(FILE *f, const struct fr_tw_key *k, const char *pre)
{
	if (k->fdp_events >= 0)
		fprintf(f,
			"%sthe drive logged %ld FDP events in the run; their times are the "
			"controller's clock and are not set against I/Os\n",
			pre, k->fdp_events);
}

void fr_tailwhy_text(FILE *f, const struct fr_tailwhy *tw)
{
	size_t i;

	if (!tw || !tw->n)
		return;
	fprintf(f, "\nWhy the tail (p%g): %s\n", tw->pct, method_text());
	for (i = 0; i < tw->n; i++) {
		const struct fr_tw_key *k = &tw->k[i];

		fputs("  ", f);
		key_head(f, k);
		fprintf(f, ":\n    %s\n", k->sentence);
		fdp_line(f, k, "    ");
	}
}

void fr_tailwhy_md(FILE *f, const struct fr_tailwhy *tw)
{
	size_t i;

	if (!tw || !tw->n)
		return;
	fprintf(f, "\n## Why the tail (p%g)\n\n", tw->pct);
	fr_md_escape(f, method_text());
	fputs(".\n\n", f);
	for (i = 0; i < tw->n; i++) {
		char *head = NULL;
		size_t len = 0;
		FILE *m = open_memstream(&head, &len);

		if (!m)
			return;
		key_head(m, &tw->k[i]);
		fclose(m);
		fputs("- ", f);
		fr_md_escape(f, head);
		fputs(": ", f);
		fr_md_escape(f, tw->k[i].sentence);
		fputs("\n", f);
		free(head);
	}
}

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

void fr_tailwhy_html(FILE *f, const struct fr_tailwhy *tw)
{
	size_t i;

	if (!tw || !tw->n)
		return;
	fprintf(f, "<section class=\"tailwhy\" id=\"tailwhy\"><h2>Why the tail (p%g)</h2>\n<p>",
		tw->pct);
	fr_html_escape(f, method_text());
	fputs(". Each chart shows at most 300 of each group, evenly picked in latency "
	      "order.</p>\n",
	      f);
	for (i = 0; i < tw->n; i++) {
		const struct fr_tw_key *k = &tw->k[i];
		char *head = NULL;
		size_t len = 0;
		FILE *m = open_memstream(&head, &len);

		if (!m)
			return;
		key_head(m, k);
		fdp_line(m, k, "; ");
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
}
