// SPDX-License-Identifier: GPL-2.0-only
/*
 * `fiorank pts -f html`: one PTS-style page (a section) per drive and test:
 * the header, the steady-state verdict, the figures, each chart as an
 * inline SVG line chart (every point) and the tables.
 */
#include <math.h>
#include <string.h>

#include <json-c/json.h>

#include "util/escape.h"
#include "util/json_get.h"
#include "read/pts.h"
#include "out/pts_out.h"
#include "chart/svg.h"

/* One home for HTML text: svg.c's escaper, as the other HTML renderers use. */
static void esc(FILE *f, const char *s)
{
	fr_html_escape(f, s);
}

static void val(FILE *f, struct json_object *v)
{
	char b[48];

	if (json_object_is_type(v, json_type_string))
		esc(f, json_object_get_string(v));
	else if (json_object_is_type(v, json_type_boolean))
		fputs(json_object_get_boolean(v) ? "yes" : "no", f);
	else if (v)
		fputs(fr_pts_num(b, sizeof(b), json_object_get_double(v)), f);
	else
		fputs("&ndash;", f);
}

static void html_table(FILE *f, struct json_object *t)
{
	struct json_object *cols = fr_json_get(t, "columns"), *rows = fr_json_get(t, "rows");
	size_t i, j;

	fputs("<table><caption>", f);
	esc(f, fr_json_str(t, "name"));
	fputs("</caption><tr>", f);
	for (i = 0; i < json_object_array_length(cols); i++) {
		fputs("<th>", f);
		esc(f, json_object_get_string(json_object_array_get_idx(cols, i)));
		fputs("</th>", f);
	}
	fputs("</tr>\n", f);
	for (i = 0; i < json_object_array_length(rows); i++) {
		struct json_object *r = json_object_array_get_idx(rows, i);

		fputs("<tr>", f);
		for (j = 0; j < json_object_array_length(r); j++) {
			fputs("<td>", f);
			val(f, json_object_array_get_idx(r, j));
			fputs("</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

static void page(FILE *f, struct json_object *fig)
{
	struct json_object *ss = fr_json_get(fig, "steady_state"), *m = fr_json_get(fig, "merit");
	struct json_object *cs = fr_json_get(fig, "charts"), *ts = fr_json_get(fig, "tables");
	size_t i;

	fputs("<section class=\"pts-page\"><h2>SNIA PTS ", f);
	esc(f, fr_json_str(fig, "test"));
	if (fr_json_str(fig, "part")) {
		fputs(" ", f);
		esc(f, fr_json_str(fig, "part"));
	}
	fputs(": ", f);
	esc(f, fr_json_str(fig, "drive"));
	fputs("</h2>\n<table class=\"pts-header\">", f);
	json_object_object_foreach(fr_json_get(fig, "header"), k, v)
	{
		fputs("<tr><th>", f);
		esc(f, k);
		fputs("</th><td>", f);
		val(f, v);
		fputs("</td></tr>", f);
	}
	fputs("</table>\n<p>steady state: ", f);
	if (ss && !fr_json_get(ss, "average")) {
		fprintf(f, "NOT reached after %d rounds (the rule judges a window of 5 rounds)",
			json_object_get_int(fr_json_get(ss, "rounds")));
	} else if (ss) {
		char a[48], r[48], e[48];

		fprintf(f,
			"%s after %d rounds; window average %s IOPS, range %s %% (limit 20), "
			"slope excursion %s %% (limit 10)",
			json_object_get_boolean(fr_json_get(ss, "steady")) ? "reached"
									   : "NOT reached",
			json_object_get_int(fr_json_get(ss, "rounds")),
			fr_pts_num(a, sizeof(a), fr_json_num(ss, "average")),
			fr_pts_num(r, sizeof(r), fr_json_num(ss, "range_pct")),
			fr_pts_num(e, sizeof(e), fr_json_num(ss, "excursion_pct")));
	} else {
		fputs("no rounds (this test has none)", f);
	}
	if (fr_json_get(ss, "refused")) {
		fputs("; <strong>", f);
		esc(f, fr_json_str(ss, "refused"));
		fputs("</strong>", f);
	}
	fputs("</p>\n<ul>", f);
	json_object_object_foreach(fr_json_get(fig, "figures"), fk, fv)
	{
		fputs("<li>", f);
		esc(f, fk);
		fputs(": ", f);
		val(f, fv);
		fputs("</li>", f);
	}
	if (fr_json_get(m, "place"))
		fprintf(f, "<li>place among the drives by %s: %d</li>", fr_json_str(m, "name"),
			json_object_get_int(fr_json_get(m, "place")));
	if (fr_json_get(m, "steady_measures")) {
		fputs("<li>steady measures: ", f);
		esc(f, fr_json_str(m, "steady_measures"));
		fputs("</li>", f);
	}
	fputs("</ul>\n", f);
	for (i = 0; i < json_object_array_length(cs); i++)
		fr_pts_svg_chart(f, json_object_array_get_idx(cs, i));
	for (i = 0; i < json_object_array_length(ts); i++)
		html_table(f, json_object_array_get_idx(ts, i));
	fputs("</section>\n", f);
}

/* Under the title: how the report was made and the specification, each
 * member of JSON's "report" after its words. */
static void html_made(FILE *f, struct json_object *r)
{
	static const char *const words[][2] = {{"<p class=\"run\">Made by fiorank ", "fiorank"},
					       {" on ", "date"},
					       {". Command: <code>", "command"},
					       {"</code>. Specification: ", "specification"}};

	if (!r)
		return;
	for (size_t i = 0; i < sizeof(words) / sizeof(*words); i++) {
		fputs(words[i][0], f);
		esc(f, fr_json_str(r, words[i][1]));
	}
	fputs(".</p>\n", f);
}

int fr_pts_html(FILE *f, struct fr_pts_drive *d, size_t n, const struct fr_run_info *ri)
{
	struct json_object *tmp = NULL;
	size_t i;

	fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>fiorank: SNIA "
	      "PTS</title>\n"
	      "<style>body{font-family:sans-serif}table{border-collapse:collapse;margin:8px 0}"
	      "td,th{border:1px solid #ccc;padding:2px "
	      "6px;text-align:left}caption{text-align:left;font-weight:bold;padding:4px 0}"
	      "figcaption{font-weight:bold}section{margin-bottom:32px}</style>"
	      "</head><body>\n",
	      f);
	/* the same figures and places as the text and JSON */
	{
		char *buf = NULL;
		size_t len = 0;
		FILE *mem = open_memstream(&buf, &len);

		if (mem) {
			fr_pts_json(mem, d, n, ri);
			fclose(mem);
			tmp = json_tokener_parse(buf);
			free(buf);
		}
	}
	fputs("<h1>SNIA PTS reports</h1>\n", f);
	html_made(f, fr_json_get(tmp, "report"));
	for (i = 0; i < json_object_array_length(fr_json_get(tmp, "tests")); i++)
		page(f, json_object_array_get_idx(fr_json_get(tmp, "tests"), i));
	if (!tmp || !json_object_array_length(fr_json_get(tmp, "tests")))
		fputs("<p>no PTS runs in the results</p>\n", f);
	fputs("</body></html>\n", f);
	json_object_put(tmp);
	return ferror(f) ? -1 : 0;
}
