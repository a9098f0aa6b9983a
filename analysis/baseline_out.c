// SPDX-License-Identifier: GPL-2.0-only
/*
 * The --baseline comparison in each output format: one block appended to
 * the report, called from each renderer, nothing when there is no baseline.
 * Latencies in µs; changes in percent of the baseline's figure.
 */
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "baseline.h"
#include "out.h"
#include "svg.h"

static const char *status_name(enum fr_bl_status s)
{
	switch (s) {
	case FR_BL_COMPARED:
		return "compared";
	case FR_BL_UNLIKE:
		return "not compared: unlike runs";
	case FR_BL_ONLY_INPUT:
		return "not compared: not in the baseline";
	case FR_BL_ONLY_BASELINE:
		return "not compared: in the baseline only";
	}
	return "?";
}

/* Figures as printed: IOPS and MB/s as they are, latencies in µs. */
static double shown(enum fr_bl_metric m, double v)
{
	return m == FR_BL_IOPS || m == FR_BL_MBPS ? v : fr_us(v);
}

static int prec(enum fr_bl_metric m)
{
	return m == FR_BL_IOPS ? 0 : m == FR_BL_MBPS ? 1 : 2;
}

/* "+12.3", "-5.0", "0.0", or "-" when there is no change to print. */
static const char *change_str(char *buf, size_t len, double pct)
{
	if (isnan(pct) || isinf(pct))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%+.1f", pct);
	return buf;
}

static void crossed_list(char *buf, size_t len, unsigned crossed)
{
	size_t n = 0;

	buf[0] = '\0';
	for (int i = 0; i < FR_BL_NMETRICS && n < len; i++)
		if (crossed & (1u << i))
			n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? " " : "",
					      fr_bl_metric_name((enum fr_bl_metric)i));
}

static void summary_line(FILE *f, const struct fr_baseline *b)
{
	fprintf(f, "%zu compared, %zu not compared, %zu crossing a threshold",
		b->nrows - b->nunmatched, b->nunmatched, b->ncrossed);
}

void fr_baseline_text(FILE *f, const struct fr_baseline *b)
{
	char x[32], y[32], z[32], cr[64];

	if (!b)
		return;
	fprintf(f, "\n== Against the baseline %s (fail if: %s)\n", b->dir,
		b->fail_if ? b->fail_if : "not given");
	fprintf(f, "  at each profile's peak; p99, p99.99: the worse direction; latency %s\n  ",
		fr_basis_name(b->basis));
	summary_line(f, b);
	fputc('\n', f);
	for (size_t i = 0; i < b->nrows; i++) {
		const struct fr_bl_row *r = &b->rows[i];

		crossed_list(cr, sizeof(cr), r->crossed);
		fprintf(f, "  %s / %s: %s%s%s%s\n", r->profile, r->drive, status_name(r->status),
			r->unlike ? " (" : "", r->unlike ? r->unlike : "", r->unlike ? ")" : "");
		if (r->status != FR_BL_COMPARED)
			continue;
		for (int m = 0; m < FR_BL_NMETRICS; m++)
			fprintf(f, "    %-7s %12s -> %12s  %9s%%%s\n",
				fr_bl_metric_name((enum fr_bl_metric)m),
				fr_num(x, sizeof(x), shown(m, r->base[m]), prec(m)),
				fr_num(y, sizeof(y), shown(m, r->cur[m]), prec(m)),
				change_str(z, sizeof(z), r->change_pct[m]),
				r->crossed & (1u << m) ? "  THRESHOLD CROSSED" : "");
	}
}

void fr_baseline_md(FILE *f, const struct fr_baseline *b)
{
	char x[32], y[32], z[32];

	if (!b)
		return;
	fprintf(f, "\n## Against the baseline\n\nBaseline `%s`, fail if: `%s`; ", b->dir,
		b->fail_if ? b->fail_if : "not given");
	summary_line(f, b);
	fputs(".\n\n| profile | drive | status | metric | baseline | now | change % | crossed |\n"
	      "|---|---|---|---|--:|--:|--:|---|\n",
	      f);
	for (size_t i = 0; i < b->nrows; i++) {
		const struct fr_bl_row *r = &b->rows[i];

		if (r->status != FR_BL_COMPARED) {
			fprintf(f, "| %s | %s | %s%s%s | | | | | |\n", r->profile, r->drive,
				status_name(r->status), r->unlike ? ": " : "",
				r->unlike ? r->unlike : "");
			continue;
		}
		for (int m = 0; m < FR_BL_NMETRICS; m++)
			fprintf(f, "| %s | %s | compared | %s | %s | %s | %s | %s |\n", r->profile,
				r->drive, fr_bl_metric_name((enum fr_bl_metric)m),
				fr_num(x, sizeof(x), shown(m, r->base[m]), prec(m)),
				fr_num(y, sizeof(y), shown(m, r->cur[m]), prec(m)),
				change_str(z, sizeof(z), r->change_pct[m]),
				r->crossed & (1u << m) ? "yes" : "");
	}
}

static void csv_num(FILE *f, double v, int p)
{
	fputc(',', f);
	if (!isnan(v) && !isinf(v))
		fprintf(f, "%.*f", p, v);
}

/* One row in the report's columns: section "baseline", step saying which
 * figures (baseline, now, change_pct), detail the status and crossings. */
static void csv_row(FILE *f, const struct fr_bl_row *r, const char *which, const double *v,
		    const char *detail)
{
	fputs("baseline,", f);
	fr_csv_str(f, r->profile);
	fputc(',', f);
	fr_csv_str(f, r->drive);
	fprintf(f, ",,%s", which);
	csv_num(f, v ? v[FR_BL_IOPS] : NAN, 0);
	csv_num(f, v ? v[FR_BL_MBPS] : NAN, 1);
	csv_num(f, v ? v[FR_BL_MEAN] : NAN, 2);
	csv_num(f, v ? v[FR_BL_P99] : NAN, 2);
	fputc(',', f); /* p99.9 is not compared */
	csv_num(f, v ? v[FR_BL_P9999] : NAN, 2);
	fputs(",,,,,,0,", f);
	fr_csv_str(f, detail);
	fr_csv_end_after(f, "detail");
}

void fr_baseline_csv(FILE *f, const struct fr_baseline *b)
{
	if (!b)
		return;
	for (size_t i = 0; i < b->nrows; i++) {
		const struct fr_bl_row *r = &b->rows[i];
		double base[FR_BL_NMETRICS], cur[FR_BL_NMETRICS];
		char detail[1024], cr[64];

		for (int m = 0; m < FR_BL_NMETRICS; m++) {
			base[m] = m < FR_BL_MEAN ? r->base[m] : fr_us(r->base[m]);
			cur[m] = m < FR_BL_MEAN ? r->cur[m] : fr_us(r->cur[m]);
		}
		crossed_list(cr, sizeof(cr), r->crossed);
		snprintf(detail, sizeof(detail), "%s%s%s%s%s", status_name(r->status),
			 r->unlike ? ": " : "", r->unlike ? r->unlike : "",
			 *cr ? "; crossed: " : "", cr);
		if (r->status == FR_BL_ONLY_INPUT) {
			csv_row(f, r, "now", cur, detail);
			continue;
		}
		csv_row(f, r, "baseline", base, detail);
		if (r->status == FR_BL_ONLY_BASELINE)
			continue;
		csv_row(f, r, "now", cur, detail);
		if (r->status == FR_BL_COMPARED)
			csv_row(f, r, "change_pct", r->change_pct, detail);
	}
}

static struct json_object *jnum(double v)
{
	return isnan(v) || isinf(v) ? NULL : json_object_new_double(v);
}

static struct json_object *figures_obj(const double *v, bool pct)
{
	struct json_object *o = json_object_new_object();

	for (int m = 0; m < FR_BL_NMETRICS; m++) {
		char key[32];
		bool lat = m >= FR_BL_MEAN;

		snprintf(key, sizeof(key), "%s%s", fr_bl_metric_name((enum fr_bl_metric)m),
			 pct   ? "_pct"
			 : lat ? "_us"
			       : "");
		json_object_object_add(o, key, jnum(lat && !pct ? fr_us(v[m]) : v[m]));
	}
	return o;
}

static struct json_object *row_obj(const struct fr_bl_row *r)
{
	struct json_object *o = json_object_new_object(), *cr = json_object_new_array();

	json_object_object_add(o, "profile", json_object_new_string(r->profile));
	json_object_object_add(o, "drive", json_object_new_string(r->drive));
	json_object_object_add(o, "status", json_object_new_string(status_name(r->status)));
	json_object_object_add(o, "compared", json_object_new_boolean(r->status == FR_BL_COMPARED));
	json_object_object_add(o, "unlike", r->unlike ? json_object_new_string(r->unlike) : NULL);
	if (r->status != FR_BL_ONLY_INPUT)
		json_object_object_add(o, "baseline", figures_obj(r->base, false));
	if (r->status != FR_BL_ONLY_BASELINE)
		json_object_object_add(o, "now", figures_obj(r->cur, false));
	if (r->status == FR_BL_COMPARED)
		json_object_object_add(o, "change", figures_obj(r->change_pct, true));
	for (int m = 0; m < FR_BL_NMETRICS; m++)
		if (r->crossed & (1u << m))
			json_object_array_add(cr, json_object_new_string(
							  fr_bl_metric_name((enum fr_bl_metric)m)));
	json_object_object_add(o, "crossed", cr);
	return o;
}

struct json_object *fr_baseline_json(const struct fr_baseline *b)
{
	struct json_object *o = json_object_new_object(), *rows = json_object_new_array();

	json_object_object_add(o, "dir", json_object_new_string(b->dir));
	json_object_object_add(o, "fail_if",
			       b->fail_if ? json_object_new_string(b->fail_if) : NULL);
	json_object_object_add(o, "compared",
			       json_object_new_int64((int64_t)(b->nrows - b->nunmatched)));
	json_object_object_add(o, "not_compared", json_object_new_int64((int64_t)b->nunmatched));
	json_object_object_add(o, "crossed", json_object_new_int64((int64_t)b->ncrossed));
	for (size_t i = 0; i < b->nrows; i++)
		json_object_array_add(rows, row_obj(&b->rows[i]));
	json_object_object_add(o, "rows", rows);
	return o;
}

void fr_baseline_html(FILE *f, const struct fr_baseline *b)
{
	char x[32], y[32], z[32], head[256];

	if (!b)
		return;
	fputs("<section class=\"baseline\"><h2>Against the baseline</h2>\n<p>Baseline ", f);
	fr_html_escape(f, b->dir);
	fputs(", fail if: ", f);
	fr_html_escape(f, b->fail_if ? b->fail_if : "not given");
	fputs("; ", f);
	summary_line(f, b);
	fputs(". At each profile's peak; p99, p99.99: the worse direction; latency in µs.</p>\n"
	      "<table><tr><th class=\"l\">profile</th><th class=\"l\">drive</th>"
	      "<th class=\"l\">status</th><th class=\"l\">metric</th><th>baseline</th>"
	      "<th>now</th><th>change %</th><th class=\"l\">crossed</th></tr>\n",
	      f);
	for (size_t i = 0; i < b->nrows; i++) {
		const struct fr_bl_row *r = &b->rows[i];

		snprintf(head, sizeof(head), "%s%s%s", status_name(r->status),
			 r->unlike ? ": " : "", r->unlike ? r->unlike : "");
		for (int m = 0; m < (r->status == FR_BL_COMPARED ? FR_BL_NMETRICS : 1); m++) {
			bool cmp = r->status == FR_BL_COMPARED;

			fputs("<tr>", f);
			fr_html_cell(f, r->profile, true);
			fr_html_cell(f, r->drive, true);
			fr_html_cell(f, head, true);
			fr_html_cell(f, cmp ? fr_bl_metric_name((enum fr_bl_metric)m) : "", true);
			fr_html_cell(f,
				     cmp ? fr_num(x, sizeof(x), shown(m, r->base[m]), prec(m)) : "",
				     false);
			fr_html_cell(f,
				     cmp ? fr_num(y, sizeof(y), shown(m, r->cur[m]), prec(m)) : "",
				     false);
			fr_html_cell(f, cmp ? change_str(z, sizeof(z), r->change_pct[m]) : "",
				     false);
			fr_html_cell(f, r->crossed & (1u << m) ? "threshold crossed" : "", true);
			fputs("</tr>\n", f);
		}
	}
	fputs("</table></section>\n", f);
}
