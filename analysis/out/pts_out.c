// SPDX-License-Identifier: GPL-2.0-only
/*
 * `fiorank pts`: the text, CSV and JSON renderings of the figures
 * (pts_fig.c; the command is pts_main.c); the ranking of the drives by each
 * test's figure of merit.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "util/escape.h"
#include "util/json_get.h"
#include "out/out.h"
#include "read/pts.h"
#include "report/pts_build.h"
#include "report/pts_fig.h"
#include "report/pts_ss.h"
#include "out/pts_out.h"
#include "report/runinfo.h"

/* Text points of a chart at most (evenly spaced; the JSON has them all). */
#define TEXT_POINTS 20

char *fr_pts_num(char *buf, size_t len, double v)
{
	double a = fabs(v);

	if (isnan(v))
		snprintf(buf, len, "-");
	else if ((v == floor(v) && a < 1e15) || a >= 1000)
		snprintf(buf, len, "%.0f", v);
	else
		snprintf(buf, len, a >= 100 ? "%.1f" : a >= 1 ? "%.2f" : "%.3g", v);
	return buf;
}

/* A figure as the CSV keeps it: whole numbers whole, others to six
 * significant digits (the data, not a page). */
static void csv_num(FILE *f, struct json_object *v)
{
	double d = json_object_get_double(v);

	if (!v)
		fputs("-", f);
	else if (d == floor(d) && fabs(d) < 1e15)
		fprintf(f, "%.0f", d);
	else
		fprintf(f, "%.6g", d);
}

/* A figure on the page (fr_pts_num()); "-" for none. */
static void num(FILE *f, struct json_object *v)
{
	char b[48];

	fputs(v ? fr_pts_num(b, sizeof(b), json_object_get_double(v)) : "-", f);
}

static void value(FILE *f, struct json_object *v)
{
	if (json_object_is_type(v, json_type_string))
		/* as it is: the page passes whole through the byte layer */
		fwrite(json_object_get_string(v), 1, json_object_get_string_len(v), f);
	else if (json_object_is_type(v, json_type_boolean))
		fputs(json_object_get_boolean(v) ? "yes" : "no", f);
	else
		num(f, v);
}

static void text_ss(FILE *f, struct json_object *ss)
{
	if (!ss) {
		fputs("steady state: no rounds (this test has none)\n", f);
		return;
	}
	if (!fr_json_get(ss, "average")) {
		fprintf(f, "steady state: NOT reached after %d rounds (%s)\n",
			json_object_get_int(fr_json_get(ss, "rounds")), fr_json_str(ss, "reason"));
		return;
	}
	fprintf(f, "steady state: %s after %d rounds; window rounds %d-%d: average ",
		json_object_get_boolean(fr_json_get(ss, "steady")) ? "reached" : "NOT reached",
		json_object_get_int(fr_json_get(ss, "rounds")),
		json_object_get_int(fr_json_get(ss, "first_round")),
		json_object_get_int(fr_json_get(ss, "rounds")));
	num(f, fr_json_get(ss, "average"));
	fputs(" IOPS, range ", f);
	num(f, fr_json_get(ss, "range_pct"));
	fputs(" % (limit 20), slope excursion ", f);
	num(f, fr_json_get(ss, "excursion_pct"));
	fputs(" % (limit 10)\n", f);
	if (fr_json_get(ss, "refused"))
		fprintf(f, "steady state: %s\n", fr_json_str(ss, "refused"));
}

static void text_table(FILE *f, struct json_object *t)
{
	struct json_object *cols = fr_json_get(t, "columns"), *rows = fr_json_get(t, "rows");
	size_t i, j;
	char b[48];

	fprintf(f, "%s:\n ", fr_json_str(t, "name"));
	for (i = 0; i < json_object_array_length(cols); i++)
		fprintf(f, " %-14s", json_object_get_string(json_object_array_get_idx(cols, i)));
	fputc('\n', f);
	for (i = 0; i < json_object_array_length(rows); i++) {
		struct json_object *r = json_object_array_get_idx(rows, i);

		fputs(" ", f);
		for (j = 0; j < json_object_array_length(r); j++) {
			struct json_object *v = json_object_array_get_idx(r, j);

			if (json_object_is_type(v, json_type_string))
				fprintf(f, " %-14s", json_object_get_string(v));
			else if (!v)
				fprintf(f, " %-14s", "-");
			else
				fprintf(f, " %-14s",
					fr_pts_num(b, sizeof(b), json_object_get_double(v)));
		}
		fputc('\n', f);
	}
}

static void text_chart(FILE *f, struct json_object *c)
{
	struct json_object *ss = fr_json_get(c, "series");
	size_t i, k;

	for (i = 0; i < json_object_array_length(ss); i++) {
		struct json_object *s = json_object_array_get_idx(ss, i), *x = fr_json_get(s, "x");
		size_t n = json_object_array_length(x),
		       step = n > TEXT_POINTS ? (n + TEXT_POINTS - 1) / TEXT_POINTS : 1;

		fprintf(f, "chart %s, %s (%s against %s; %zu points%s):\n ", fr_json_str(c, "name"),
			fr_json_str(s, "name"), fr_json_str(c, "y"), fr_json_str(c, "x"), n,
			step > 1 ? ", every one shown in JSON/HTML, a sample here" : "");
		for (k = 0; k < n; k += step) {
			fputs(" ", f);
			num(f, json_object_array_get_idx(x, k));
			fputs(":", f);
			num(f, json_object_array_get_idx(fr_json_get(s, "y"), k));
		}
		fputc('\n', f);
	}
}

static void text_one(FILE *f, struct json_object *fig)
{
	struct json_object *ts = fr_json_get(fig, "tables"), *cs = fr_json_get(fig, "charts");
	size_t i;

	fprintf(f, "== SNIA PTS %s%s%s: %s ==\n", fr_json_str(fig, "test"),
		fr_json_str(fig, "part") ? " " : "",
		fr_json_str(fig, "part") ? fr_json_str(fig, "part") : "",
		fr_json_str(fig, "drive"));
	json_object_object_foreach(fr_json_get(fig, "header"), k, v)
	{
		fprintf(f, "  %-16s ", k);
		value(f, v);
		fputc('\n', f);
	}
	text_ss(f, fr_json_get(fig, "steady_state"));
	json_object_object_foreach(fr_json_get(fig, "figures"), fk, fv)
	{
		fprintf(f, "figure %s: ", fk);
		num(f, fv);
		fputc('\n', f);
	}
	if (fr_json_str(fig, "note"))
		fprintf(f, "note: %s\n", fr_json_str(fig, "note"));
	for (i = 0; i < json_object_array_length(ts); i++)
		text_table(f, json_object_array_get_idx(ts, i));
	for (i = 0; i < json_object_array_length(cs); i++)
		text_chart(f, json_object_array_get_idx(cs, i));
	fputc('\n', f);
}

/* Which measures of the test's rounds were steady (pts_tails.c), beside its
 * figure of merit: the ranking says it for each drive. */
static void merit_steady(struct json_object *fig, struct json_object *m)
{
	const char *list = fr_json_str(fr_json_get(fig, "steady_state"), "steady_measures");

	if (list)
		pts_put_str(m, "steady_measures", list);
}

/* Every drive's figures of every test, in test order, each with "place"
 * among the drives that ran it when the test has a figure of merit. */
static struct json_object *all_figures(struct fr_pts_drive *d, size_t n)
{
	struct json_object *all = json_object_new_array();
	size_t t, i, j;

	for (t = 0; t < FR_PTS_NPAGES; t++) {
		size_t first = json_object_array_length(all);

		for (i = 0; i < n; i++) {
			struct json_object *fig = fr_pts_figures(&d[i], &fr_pts_pages[t]);

			if (fig)
				json_object_array_add(all, fig);
		}
		for (i = first; i < json_object_array_length(all); i++) {
			struct json_object *m =
				fr_json_get(json_object_array_get_idx(all, i), "merit");
			double v = fr_json_num(m, "value");
			bool hi = json_object_get_boolean(fr_json_get(m, "higher_is_better"));
			int place = 1;

			if (!m || isnan(v))
				continue;
			merit_steady(json_object_array_get_idx(all, i), m);
			if (!pts_steady(json_object_array_get_idx(all, i))) {
				pts_put_str(m, "no_place", "steady state NOT reached");
				continue;
			}
			for (j = first; j < json_object_array_length(all); j++) {
				double w = fr_json_num(
					fr_json_get(json_object_array_get_idx(all, j), "merit"),
					"value");

				place += !isnan(w) && (hi ? w > v : w < v) &&
					 pts_steady(json_object_array_get_idx(all, j));
			}
			json_object_object_add(m, "place", json_object_new_int(place));
		}
	}
	return all;
}

/* How the report was made, as the ranking report says it, and the
 * specification: JSON's "report" (the HTML page reads it there). */
static struct json_object *made(const struct fr_run_info *ri)
{
	struct json_object *o = json_object_new_object();

	json_object_object_add(o, "fiorank", json_object_new_string(ri->version));
	json_object_object_add(o, "date", json_object_new_string(ri->date));
	json_object_object_add(o, "command", json_object_new_string(ri->cmdline));
	json_object_object_add(o, "specification", json_object_new_string(FR_PTS_SPEC));
	return o;
}

static void text_made(FILE *f, const struct fr_run_info *ri)
{
	if (!ri)
		return;
	fprintf(f, "report: fiorank %s, %s\ncommand: ", ri->version, ri->date);
	fputs(ri->cmdline, f);
	fputs("\nspecification: " FR_PTS_SPEC "\n\n", f);
}

int fr_pts_text(FILE *f, struct fr_pts_drive *d, size_t n, const struct fr_run_info *ri)
{
	struct json_object *all = all_figures(d, n);
	size_t i;

	text_made(f, ri);
	for (i = 0; i < json_object_array_length(all); i++) {
		struct json_object *fig = json_object_array_get_idx(all, i),
				   *m = fr_json_get(fig, "merit");

		text_one(f, fig);
		if (fr_json_get(m, "place"))
			fprintf(f, "place by %s: %d", fr_json_str(m, "name"),
				json_object_get_int(fr_json_get(m, "place")));
		else if (fr_json_get(m, "no_place"))
			fprintf(f, "no place by %s: %s", fr_json_str(m, "name"),
				fr_json_str(m, "no_place"));
		if (fr_json_get(m, "steady_measures"))
			fprintf(f, " (steady measures: %s)", fr_json_str(m, "steady_measures"));
		if (fr_json_get(m, "place") || fr_json_get(m, "no_place"))
			fputs("\n\n", f);
	}
	if (!json_object_array_length(all))
		fputs("no PTS runs (pts-wsat, pts-hir, pts-xsr, pts-dirth, pts-lat, pts-iops, "
		      "pts-tp) in the results\n",
		      f);
	json_object_put(all);
	return ferror(f) ? -1 : 0;
}

int fr_pts_json(FILE *f, struct fr_pts_drive *d, size_t n, const struct fr_run_info *ri)
{
	struct json_object *root = json_object_new_object();

	json_object_object_add(root, "schema", json_object_new_string("fiorank-pts/1"));
	if (ri)
		json_object_object_add(root, "report", made(ri));
	json_object_object_add(root, "tests", all_figures(d, n));
	fprintf(f, "%s\n",
		json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY |
							     JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(root);
	return ferror(f) ? -1 : 0;
}

/* CSV: one line per figure and table cell (drive,test,table,row,column,value);
 * text fields through fiorank's one CSV cell writer (formula-safe). */
static void csv_field(FILE *f, const char *s)
{
	fr_csv_str(f, s ? s : "");
}

int fr_pts_csv(FILE *f, struct fr_pts_drive *d, size_t n)
{
	struct json_object *all = all_figures(d, n);
	size_t i, t, r, c;

	fputs("drive,test,table,row,column,value\n", f);
	for (i = 0; i < json_object_array_length(all); i++) {
		struct json_object *fig = json_object_array_get_idx(all, i),
				   *ts = fr_json_get(fig, "tables");
		const char *dr = fr_json_str(fig, "drive"), *te = fr_json_str(fig, "test");

		json_object_object_foreach(fr_json_get(fig, "figures"), k, v)
		{
			csv_field(f, dr);
			fputc(',', f);
			csv_field(f, te);
			fputs(",figures,,", f);
			csv_field(f, k);
			fputc(',', f);
			csv_num(f, v);
			fputc('\n', f);
		}
		for (t = 0; t < json_object_array_length(ts); t++) {
			struct json_object *tb = json_object_array_get_idx(ts, t),
					   *cols = fr_json_get(tb, "columns");
			struct json_object *rows = fr_json_get(tb, "rows");

			for (r = 0; r < json_object_array_length(rows); r++) {
				struct json_object *rw = json_object_array_get_idx(rows, r);

				for (c = 1; c < json_object_array_length(rw); c++) {
					struct json_object *v = json_object_array_get_idx(rw, c);

					csv_field(f, dr);
					fputc(',', f);
					csv_field(f, te);
					fputc(',', f);
					csv_field(f, fr_json_str(tb, "name"));
					fputc(',', f);
					csv_field(f, json_object_get_string(
							     json_object_array_get_idx(rw, 0)));
					fputc(',', f);
					csv_field(f, json_object_get_string(
							     json_object_array_get_idx(cols, c)));
					fputc(',', f);
					if (json_object_is_type(v, json_type_string))
						csv_field(f, json_object_get_string(v));
					else
						csv_num(f, v);
					fputc('\n', f);
				}
			}
		}
	}
	json_object_put(all);
	return ferror(f) ? -1 : 0;
}

size_t fr_pts_steady_problems(struct fr_pts_drive *d, size_t n, FILE *err)
{
	size_t bad = 0;

	for (size_t t = 0; t < FR_PTS_NPAGES; t++)
		for (size_t i = 0; i < n; i++) {
			struct json_object *fig = fr_pts_figures(&d[i], &fr_pts_pages[t]);
			struct json_object *ss = fr_json_get(fig, "steady_state");

			if (fig && !pts_steady(fig)) {
				bad++;
				if (err)
					fprintf(err, "fiorank pts: %s %s%s%s: steady state %s\n",
						d[i].label, fr_pts_pages[t].suite,
						fr_pts_pages[t].part ? " " : "",
						fr_pts_pages[t].part ? fr_pts_pages[t].part : "",
						fr_json_get(ss, "refused")
							? fr_json_str(ss, "refused")
							: "NOT reached: its figures are not the "
							  "method's");
			}
			json_object_put(fig);
		}
	return bad;
}
