// SPDX-License-Identifier: GPL-2.0-only
/*
 * "Why the tail" in the reports (report/tailwhy.h): the sentence the report
 * stage made per key, its factors' counts, and in HTML a chart of latency
 * against the writes in flight.  Printed only when some step had tag logs
 * (or a noisy-neighbor victim its kept outliers), so other reports are
 * unchanged.
 */
#include <math.h>
#include <stdio.h>

#include <json-c/json.h>

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

static struct json_object *num_or_null(double v)
{
	return isfinite(v) ? json_object_new_double(v) : NULL;
}

static struct json_object *factor_json(const struct fr_tw_key *k, enum fr_tw_factor fi)
{
	const struct fr_tw_test *t = &k->t[fi];
	struct json_object *o = json_object_new_object();

	json_object_object_add(o, "name", json_object_new_string(fr_tw_factor_name(fi)));
	json_object_object_add(o, "tested", json_object_new_boolean(t->tested));
	json_object_object_add(o, "why_not",
			       t->why_not ? json_object_new_string(t->why_not) : NULL);
	json_object_object_add(o, "k", fi == FR_TW_HEALTH ? NULL : json_object_new_int64(t->k));
	json_object_object_add(o, "k_unit",
			       json_object_new_string(fi == FR_TW_SLAT	   ? "ns"
						      : fi == FR_TW_HEALTH ? "interval"
									   : "I/Os"));
	if (t->tested) {
		json_object_object_add(o, "slow_hits", json_object_new_int64(t->slow_hits));
		json_object_object_add(o, "median_hits", json_object_new_int64(t->med_hits));
		json_object_object_add(o, "p", num_or_null(t->p));
		json_object_object_add(o, "alpha",
				       json_object_new_double(FR_TW_ALPHA / k->ntested));
		json_object_object_add(o, "cause", json_object_new_boolean(t->cause));
	}
	return o;
}

static struct json_object *key_json(const struct fr_tw_key *k)
{
	struct json_object *o = json_object_new_object(), *fs = json_object_new_array();
	enum fr_tw_factor fi;

#define ADD(n, v) json_object_object_add(o, n, v)
	ADD("drive", json_object_new_string(k->drive->label));
	ADD("profile", json_object_new_string(k->profile));
	ADD("step", json_object_new_string(step_name(k)));
	ADD("job", k->job ? json_object_new_string(k->job) : NULL);
	ADD("label", k->label ? json_object_new_string(k->label) : NULL);
	ADD("nsid", json_object_new_int64(k->nsid));
	ADD("direction", json_object_new_string(fr_dir_name(k->dir)));
	ADD("source", json_object_new_string(k->source == FR_TW_TAGLOG ? "taglog" : "outliers"));
	ADD("truncated", json_object_new_boolean(k->truncated));
	ADD("n", json_object_new_int64(k->n));
	ADD("n_slow", json_object_new_int64(k->n_slow));
	ADD("n_median", json_object_new_int64(k->n_med));
	ADD("tail_ns", json_object_new_int64(k->tail_ns));
	ADD("median_lo_ns", json_object_new_int64(k->med_lo_ns));
	ADD("median_hi_ns", json_object_new_int64(k->med_hi_ns));
	ADD("writes_on", k->writes_on ? json_object_new_string(k->writes_on) : NULL);
	ADD("fdp_events", k->fdp_events >= 0 ? json_object_new_int64(k->fdp_events) : NULL);
	ADD("verdict", json_object_new_string(fr_tw_verdict_name(k->verdict)));
	ADD("sentence", json_object_new_string(k->sentence ? k->sentence : ""));
	for (fi = 0; k->source == FR_TW_TAGLOG && fi < FR_TW_NFACTORS; fi++)
		json_object_array_add(fs, factor_json(k, fi));
	ADD("factors", fs);
#undef ADD
	return o;
}

struct json_object *fr_tailwhy_json(const struct fr_tailwhy *tw)
{
	struct json_object *o, *keys;
	size_t i;

	if (!tw || !tw->n)
		return NULL;
	o = json_object_new_object();
	keys = json_object_new_array();
	json_object_object_add(o, "tail_pct", json_object_new_double(tw->pct));
	json_object_object_add(o, "median_band", json_object_new_string("p45-p55"));
	json_object_object_add(o, "k_rule", json_object_new_string("median I/Os' p90, at least 1"));
	json_object_object_add(o, "min_slow", json_object_new_int(FR_TW_MIN_SLOW));
	json_object_object_add(o, "alpha", json_object_new_double(FR_TW_ALPHA));
	json_object_object_add(o, "min_gap", json_object_new_double(FR_TW_MIN_GAP));
	for (i = 0; i < tw->n; i++)
		json_object_array_add(keys, key_json(&tw->k[i]));
	json_object_object_add(o, "keys", keys);
	return o;
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
