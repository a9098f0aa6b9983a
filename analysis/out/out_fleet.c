// SPDX-License-Identifier: GPL-2.0-only
/*
 * The fleet view in text, Markdown and HTML (out_fleet.h): one writer with
 * the three formats' table and text primitives, so that they say the same.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "out/out_fleet.h"
#include "util/escape.h"
#include "util/json_get.h"

enum fmt { TEXT, MD, HTML };

struct fw {
	FILE *f;
	enum fmt fmt;
};

/* Text from the inputs (host names, models, fio's words), escaped. */
static void str(const struct fw *w, const char *s)
{
	if (!s)
		s = "not recorded";
	if (w->fmt == MD)
		fr_md_escape(w->f, s);
	else if (w->fmt == HTML)
		fr_html_escape(w->f, s);
	else
		fr_write_escaped(w->f, s, strlen(s), FR_ESC_CONTROLS);
}

static void heading(const struct fw *w, int level, const char *a, const char *b)
{
	static const char *const txt[] = {"", "== ", "-- "}, *const end[] = {"", " ==", " --"};

	if (w->fmt == HTML)
		fprintf(w->f, "<h%d>", level + 1);
	else if (w->fmt == MD)
		fprintf(w->f, "\n%s ", level == 1 ? "##" : "###");
	else
		fprintf(w->f, "\n%s", txt[level]);
	str(w, a);
	if (b)
		str(w, b);
	if (w->fmt == HTML)
		fprintf(w->f, "</h%d>\n", level + 1);
	else
		fprintf(w->f, "%s\n", w->fmt == TEXT ? end[level] : "");
}

/* A line of prose (a note); in text indented under its table. */
static void note(const struct fw *w, const char *s)
{
	fputs(w->fmt == HTML ? "<p>" : w->fmt == MD ? "\n" : "  ", w->f);
	str(w, s);
	fputs(w->fmt == HTML ? "</p>\n" : "\n", w->f);
}

/* Table cells: text pads to widths, Markdown and HTML delimit. */
static void row_start(const struct fw *w)
{
	fputs(w->fmt == HTML ? "<tr>" : w->fmt == MD ? "|" : "", w->f);
}

static void row_end(const struct fw *w)
{
	fputs(w->fmt == HTML ? "</tr>\n" : "\n", w->f);
}

static void cell(const struct fw *w, const char *s, int width, bool head)
{
	if (w->fmt == HTML) {
		fputs(head ? "<th>" : "<td>", w->f);
		str(w, s);
		fputs(head ? "</th>" : "</td>", w->f);
	} else if (w->fmt == MD) {
		fputc(' ', w->f);
		str(w, s);
		fputs(" |", w->f);
	} else {
		int n = (int)strlen(s ? s : "not recorded");

		str(w, s);
		fprintf(w->f, "%*s", width > n ? width - n + 1 : 1, "");
	}
}

static void num_cell(const struct fw *w, struct json_object *o, const char *key, const char *fmt,
		     int width)
{
	char b[40];
	double v = fr_json_num(o, key);

	if (isfinite(v))
		snprintf(b, sizeof(b), fmt, v);
	else
		snprintf(b, sizeof(b), "-");
	cell(w, b, width, false);
}

static void table_start(const struct fw *w, const char *const *heads, const int *widths, int n)
{
	if (w->fmt == HTML)
		fputs("<table>\n", w->f);
	row_start(w);
	for (int i = 0; i < n; i++)
		cell(w, heads[i], widths[i], true);
	row_end(w);
	if (w->fmt == MD) {
		fputc('|', w->f);
		for (int i = 0; i < n; i++)
			fputs("---|", w->f);
		fputc('\n', w->f);
	}
}

static void table_end(const struct fw *w)
{
	if (w->fmt == HTML)
		fputs("</table>\n", w->f);
}

#define DRIVE_W 30
#define HOST_W	18

static void hosts_table(const struct fw *w, struct json_object *rows)
{
	static const char *const heads[] = {"drive", "host", "name", "kernel", "cpu", "fio"};
	static const int widths[] = {DRIVE_W, HOST_W, 8, 28, 24, 8};
	static const char *const keys[] = {"drive", "host", "hostname", "kernel", "cpu", "fio"};

	table_start(w, heads, widths, 6);
	for (size_t i = 0; i < json_object_array_length(rows); i++) {
		struct json_object *r = json_object_array_get_idx(rows, i);

		row_start(w);
		for (int k = 0; k < 6; k++)
			cell(w, fr_json_str(r, keys[k]), widths[k], false);
		row_end(w);
	}
	table_end(w);
}

static void figure_cells(const struct fw *w, struct json_object *o)
{
	num_cell(w, o, "iops", "%.0f", 9);
	num_cell(w, o, "mean_us", "%.1f", 9);
	num_cell(w, o, "p99_us", "%.1f", 9);
	num_cell(w, o, "p99_9_us", "%.1f", 9);
	num_cell(w, o, "p99_99_us", "%.1f", 9);
}

/* "IOPS: min 1208, median 2232, max 2260, CV 31.2 %; no outlier named: ..." */
static void spread_line(const struct fw *w, const char *name, struct json_object *s)
{
	struct json_object *out = fr_json_get(s, "outliers");
	char b[600];
	size_t at;

	at = (size_t)snprintf(b, sizeof(b),
			      "%s across %.0f drives: min %.1f, median %.1f, max %.1f", name,
			      fr_json_num(s, "n"), fr_json_num(s, "min"), fr_json_num(s, "median"),
			      fr_json_num(s, "max"));
	if (isfinite(fr_json_num(s, "cv")) && at < sizeof(b))
		at += (size_t)snprintf(b + at, sizeof(b) - at, ", CV %.1f %%",
				       100 * fr_json_num(s, "cv"));
	if (at < sizeof(b))
		at += (size_t)snprintf(b + at, sizeof(b) - at, "; %s",
				       fr_json_str(s, "rule") ?: "");
	for (size_t i = 0; out && i < json_object_array_length(out) && at < sizeof(b); i++)
		at += (size_t)snprintf(b + at, sizeof(b) - at, "%s%s", i ? ", " : ": outlier ",
				       json_object_get_string(json_object_array_get_idx(out, i)));
	note(w, b);
}

static void dir_block(const struct fw *w, struct json_object *step, struct json_object *d)
{
	static const char *const heads[] = {"drive",  "host",	  "IOPS",     "mean us",
					    "p99 us", "p99.9 us", "p99.99 us"};
	static const int widths[] = {DRIVE_W, HOST_W, 9, 9, 9, 9, 9};
	struct json_object *rows = fr_json_get(d, "hosts"), *fleet = fr_json_get(d, "fleet");
	struct json_object *sp = fr_json_get(d, "spread");
	char title[300];

	snprintf(title, sizeof(title), "%s@%s, %s", fr_json_str(step, "profile") ?: "?",
		 fr_json_str(step, "step") ?: "?", fr_json_str(d, "dir"));
	heading(w, 2, title, NULL);
	table_start(w, heads, widths, 7);
	for (size_t i = 0; i < json_object_array_length(rows); i++) {
		struct json_object *r = json_object_array_get_idx(rows, i);

		row_start(w);
		cell(w, fr_json_str(r, "drive"), DRIVE_W, false);
		cell(w, fr_json_str(r, "host"), HOST_W, false);
		if (fr_json_str(r, "missing"))
			cell(w, "no result", 9, false);
		else
			figure_cells(w, r);
		row_end(w);
	}
	if (fleet) {
		snprintf(title, sizeof(title), "fleet (%.0f hosts, summed bins)",
			 fr_json_num(fleet, "hosts"));
		row_start(w);
		cell(w, title, DRIVE_W, false);
		cell(w, "", HOST_W, false);
		figure_cells(w, fleet);
		row_end(w);
	}
	table_end(w);
	if (fr_json_str(d, "withheld"))
		note(w, fr_json_str(d, "withheld"));
	if (fr_json_str(d, "all_clients"))
		note(w, fr_json_str(d, "all_clients"));
	spread_line(w, "IOPS", fr_json_get(sp, "iops"));
	spread_line(w, "p99 us", fr_json_get(sp, "p99_us"));
	spread_line(w, "p99.99 us", fr_json_get(sp, "p99_99_us"));
}

static void fleet_one(const struct fw *w, struct json_object *fl)
{
	struct json_object *steps = fr_json_get(fl, "steps");
	char title[64];
	bool listed = false;

	snprintf(title, sizeof(title), "fleet: %zu hosts of ",
		 json_object_array_length(fr_json_get(fl, "hosts")));
	heading(w, 1, title, fr_json_str(fl, "manifest"));
	note(w, "Each host's drive on its own; the fleet row's IOPS are the hosts' sum (they ran "
		"at once), its percentiles come from every host's fio json+ latency bins summed "
		"(exact, fio's rule), never from averaged percentiles.");
	for (size_t i = 0; i < json_object_array_length(steps); i++) {
		struct json_object *st = json_object_array_get_idx(steps, i);
		struct json_object *dirs = fr_json_get(st, "dirs");

		if (!listed && dirs && json_object_array_length(dirs)) {
			hosts_table(w, fr_json_get(json_object_array_get_idx(dirs, 0), "hosts"));
			listed = true;
		}
		if (fr_json_str(st, "problem")) {
			char b[600];

			snprintf(b, sizeof(b), "%s (%s): %s", fr_json_str(st, "run") ?: "?",
				 fr_json_str(st, "status") ?: "?", fr_json_str(st, "problem"));
			note(w, b);
		}
		for (size_t k = 0; dirs && k < json_object_array_length(dirs); k++)
			dir_block(w, st, json_object_array_get_idx(dirs, k));
		if (fr_json_str(st, "note"))
			note(w, fr_json_str(st, "note"));
	}
}

static void fleets(const struct fw *w, struct json_object *fleet)
{
	struct json_object *list = fr_json_get(fleet, "fleets");

	if (w->fmt == HTML)
		fputs("<section class=\"fleet\">\n", w->f);
	for (size_t i = 0; list && i < json_object_array_length(list); i++)
		fleet_one(w, json_object_array_get_idx(list, i));
	if (w->fmt == HTML)
		fputs("</section>\n", w->f);
}

void fr_fleet_text(FILE *f, struct json_object *fleet)
{
	if (fleet)
		fleets(&(struct fw){f, TEXT}, fleet);
}

void fr_fleet_md(FILE *f, struct json_object *fleet)
{
	if (fleet)
		fleets(&(struct fw){f, MD}, fleet);
}

void fr_fleet_html(FILE *f, struct json_object *fleet)
{
	if (fleet)
		fleets(&(struct fw){f, HTML}, fleet);
}
