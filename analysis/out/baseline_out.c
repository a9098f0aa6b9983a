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

#include "report/report_baseline.h"
#include "util/escape.h"
#include "out/out.h"
#include "out/baseline_out.h"
#include "out/out_cell.h"
#include "chart/svg.h"

/* Figures as printed: IOPS and MB/s as they are, latencies in µs. */
static double shown(enum fr_rbl_metric m, double v)
{
	return m == FR_RBL_IOPS || m == FR_RBL_MBPS ? v : fr_us(v);
}

static int prec(enum fr_rbl_metric m)
{
	return m == FR_RBL_IOPS ? 0 : m == FR_RBL_MBPS ? 1 : 2;
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

/* names: the figures' (struct fr_report_baseline's metric) */
static void crossed_list(char *buf, size_t len, const char *const *names, unsigned crossed)
{
	size_t n = 0;

	buf[0] = '\0';
	for (int i = 0; i < FR_RBL_NMETRICS && n < len; i++)
		if (crossed & (1u << i))
			n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? " " : "", names[i]);
}

static void summary_line(FILE *f, const struct fr_report_baseline *b)
{
	fprintf(f, "%zu compared, %zu not compared, %zu crossing a threshold", b->ncompared,
		b->nunmatched, b->ncrossed);
	if (b->fail_if)
		fprintf(f, ", %zu where a term cannot be decided; gate: %s", b->nundecided,
			b->verdict);
}

/* What the gate made of metric m of a row. */
static const char *flag(const struct fr_rbl_row *r, int m)
{
	return r->crossed & (1u << m)	     ? "THRESHOLD CROSSED"
	       : r->within_noise & (1u << m) ? "beyond the threshold, within the noise"
	       : r->undecided & (1u << m)    ? "CANNOT DECIDE"
					     : "";
}

/* The same in HTML's words (lower case, as tests/script/charts reads it). */
static const char *html_flag(const struct fr_rbl_row *r, int m)
{
	return r->crossed & (1u << m)	     ? "threshold crossed"
	       : r->within_noise & (1u << m) ? "beyond the threshold, within the noise"
	       : r->undecided & (1u << m)    ? "cannot decide"
					     : "";
}

/* --baseline-drive BASE=NEW in words, in buf. */
static const char *drive_as_text(char *buf, size_t len, const char *spec)
{
	const char *eq = strchr(spec, '=');

	snprintf(buf, len,
		 "two drives compared on purpose (--baseline-drive): the baseline's '%.*s' "
		 "against '%s'",
		 eq ? (int)(eq - spec) : 0, spec, eq ? eq + 1 : spec);
	return buf;
}

/* The noise statistic, or that there is none. */
static void noise_line(FILE *f, const struct fr_report_baseline *b)
{
	if (b->nbase_runs < 2 && b->ncur_runs < 2) {
		fputs("no noise estimate (one run per side: the threshold alone decides)", f);
		return;
	}
	fprintf(f,
		"noise from %zu baseline and %zu new runs: a threshold counts as crossed only "
		"when every new run is beyond every baseline run (min/max envelope of the "
		"pairwise changes, shown [lo..hi]), and a regression only when no other split "
		"of the same runs shows as large an exceedance over all steps and terms (a "
		"permutation test over whole runs: the verdict at %.1f %% confidence)",
		b->nbase_runs, b->ncur_runs, 100.0 * b->confidence);
	if (b->splits)
		fprintf(f, "; %zu of the %zu other splits as extreme%s", b->splits_ge,
			b->splits - 1, b->splits_ge ? ": within the noise" : "");
	if (b->nincomplete)
		fprintf(f,
			"; %zu compared step%s held by fewer runs: %s figures and noise are "
			"of the runs that hold %s (see the row%s)",
			b->nincomplete, b->nincomplete == 1 ? "" : "s",
			b->nincomplete == 1 ? "its" : "their", b->nincomplete == 1 ? "it" : "them",
			b->nincomplete == 1 ? "" : "s");
}

/* "[-12.0..+3.1]" when the row's side has repeated runs, "" otherwise. */
static const char *range_str(char *buf, size_t len, const struct fr_rbl_noise *nz)
{
	if (!nz->estimate || isnan(nz->change_lo))
		snprintf(buf, len, "%s", "");
	else
		snprintf(buf, len, "[%+.1f..%+.1f]", nz->change_lo, nz->change_hi);
	return buf;
}

void fr_baseline_text(FILE *f, const struct fr_report_baseline *b)
{
	char x[32], y[32], z[32], rg[48], da[1200];

	if (!b)
		return;
	fprintf(f, "\n== Against the baseline %s (fail if: %s)\n", b->dir,
		b->fail_if ? b->fail_if : "not given");
	fprintf(f,
		"  every step of every section, by step name; p99, p99.99: the worse "
		"direction; latency %s\n  ",
		fr_basis_name(b->basis));
	summary_line(f, b);
	fputs("\n  ", f);
	noise_line(f, b);
	fputc('\n', f);
	if (b->drive_as)
		fprintf(f, "  %s\n", drive_as_text(da, sizeof(da), b->drive_as));
	if (b->other_drives)
		fprintf(f, "  ANOTHER DRIVE: %s\n", b->other_drives);
	if (b->why)
		fprintf(f, "  CANNOT DECIDE: %s\n", b->why);
	for (size_t i = 0; i < b->nrows; i++) {
		const struct fr_rbl_row *r = &b->rows[i];

		fprintf(f, "  %s / %s: %s%s%s%s\n", r->title, r->drive, r->status,
			r->unlike ? " (" : "", r->unlike ? r->unlike : "", r->unlike ? ")" : "");
		if (!r->compared)
			continue;
		for (int m = 0; m < FR_RBL_NMETRICS; m++)
			fprintf(f, "    %-7s %12s -> %12s  %9s%%%s%s%s%s\n", b->metric[m],
				fr_num(x, sizeof(x), shown(m, r->base[m]), prec(m)),
				fr_num(y, sizeof(y), shown(m, r->cur[m]), prec(m)),
				change_str(z, sizeof(z), r->change_pct[m]),
				*range_str(rg, sizeof(rg), &r->noise[m]) ? " " : "", rg,
				*flag(r, m) ? "  " : "", flag(r, m));
		if (r->why)
			fprintf(f, "    cannot decide: %s\n", r->why);
	}
}

void fr_baseline_md(FILE *f, const struct fr_report_baseline *b)
{
	char x[32], y[32], z[32], rg[48], da[1200];

	if (!b)
		return;
	fprintf(f, "\n## Against the baseline\n\nBaseline `%s`, fail if: `%s`; ", b->dir,
		b->fail_if ? b->fail_if : "not given");
	summary_line(f, b);
	fputs(". ", f);
	noise_line(f, b);
	fputs(".\n\n", f);
	if (b->drive_as)
		fprintf(f, "%s\n\n", drive_as_text(da, sizeof(da), b->drive_as));
	if (b->other_drives)
		fprintf(f, "**Another drive:** %s\n\n", b->other_drives);
	if (b->why)
		fprintf(f, "**Cannot decide:** %s\n\n", b->why);
	fputs("| step | drive | status | metric | baseline | now | change % | pairs % | gate |\n"
	      "|---|---|---|---|--:|--:|--:|--:|---|\n",
	      f);
	for (size_t i = 0; i < b->nrows; i++) {
		const struct fr_rbl_row *r = &b->rows[i];

		const char *t = r->title;
		if (!r->compared) {
			fprintf(f, "| %s | %s | %s%s%s | | | | | | |\n", t, r->drive, r->status,
				r->unlike ? ": " : "", r->unlike ? r->unlike : "");
			continue;
		}
		for (int m = 0; m < FR_RBL_NMETRICS; m++)
			fprintf(f, "| %s | %s | compared | %s | %s | %s | %s | %s | %s |\n", t,
				r->drive, b->metric[m],
				fr_num(x, sizeof(x), shown(m, r->base[m]), prec(m)),
				fr_num(y, sizeof(y), shown(m, r->cur[m]), prec(m)),
				change_str(z, sizeof(z), r->change_pct[m]),
				range_str(rg, sizeof(rg), &r->noise[m]), flag(r, m));
		if (r->why)
			fprintf(f, "| %s | %s | cannot decide: %s | | | | | | |\n", t, r->drive,
				r->why);
	}
}

static void csv_num(FILE *f, double v, int p)
{
	fputc(',', f);
	if (!isnan(v) && !isinf(v))
		fprintf(f, "%.*f", p, v);
}

/* One row in the report's columns: section "baseline", step saying which
 * figures (baseline, now, change_pct, pairs_lo, pairs_hi), nsid the
 * victim's namespace, detail the step, status, crossings and why a term
 * cannot be decided. */
static void csv_row(FILE *f, const struct fr_rbl_row *r, const char *which, const double *v,
		    const char *detail)
{
	fputs("baseline,", f);
	fr_csv_str(f, r->profile);
	fputc(',', f);
	fr_csv_str(f, r->drive);
	fprintf(f, ",,%s", which);
	csv_num(f, v ? v[FR_RBL_IOPS] : NAN, 0);
	csv_num(f, v ? v[FR_RBL_MBPS] : NAN, 1);
	csv_num(f, v ? v[FR_RBL_MEAN] : NAN, 2);
	csv_num(f, v ? v[FR_RBL_P99] : NAN, 2);
	fputc(',', f); /* p99.9 is not compared */
	csv_num(f, v ? v[FR_RBL_P9999] : NAN, 2);
	fputs(",,,,,", f);
	if (r->nsid)
		fprintf(f, "%u", r->nsid);
	fputs(",0,", f);
	fr_csv_str(f, detail);
	fr_csv_end_after(f, "detail");
}

/* Metric names of the bits set, space-separated. */
static const char *bits_list(char *buf, size_t len, const char *const *names, unsigned bits)
{
	crossed_list(buf, len, names, bits);
	return buf;
}

static void csv_detail(char *buf, size_t len, const struct fr_report_baseline *b,
		       const struct fr_rbl_row *r)
{
	char cr[64], wn[64], ud[64];

	snprintf(buf, len, "%s: %s%s%s%s%s%s%s%s%s%s%s", r->title, r->status, r->unlike ? ": " : "",
		 r->unlike ? r->unlike : "", r->crossed ? "; crossed: " : "",
		 bits_list(cr, sizeof(cr), b->metric, r->crossed),
		 r->within_noise ? "; within the noise: " : "",
		 bits_list(wn, sizeof(wn), b->metric, r->within_noise),
		 r->undecided ? "; cannot decide: " : "",
		 bits_list(ud, sizeof(ud), b->metric, r->undecided), r->why ? " (" : "",
		 r->why ? r->why : "");
	if (r->why && strlen(buf) + 1 < len)
		strcat(buf, ")");
}

void fr_baseline_csv(FILE *f, const struct fr_report_baseline *b)
{
	if (!b)
		return;
	for (size_t i = 0; i < b->nrows; i++) {
		const struct fr_rbl_row *r = &b->rows[i];
		double base[FR_RBL_NMETRICS], cur[FR_RBL_NMETRICS];
		double lo[FR_RBL_NMETRICS], hi[FR_RBL_NMETRICS];
		bool noise = false;
		char detail[2048];

		for (int m = 0; m < FR_RBL_NMETRICS; m++) {
			base[m] = m < FR_RBL_MEAN ? r->base[m] : fr_us(r->base[m]);
			cur[m] = m < FR_RBL_MEAN ? r->cur[m] : fr_us(r->cur[m]);
			lo[m] = r->noise[m].change_lo;
			hi[m] = r->noise[m].change_hi;
			noise |= r->noise[m].estimate;
		}
		csv_detail(detail, sizeof(detail), b, r);
		if (!r->has_base) {
			csv_row(f, r, "now", cur, detail);
			continue;
		}
		csv_row(f, r, "baseline", base, detail);
		if (!r->has_cur)
			continue;
		csv_row(f, r, "now", cur, detail);
		if (!r->compared)
			continue;
		csv_row(f, r, "change_pct", r->change_pct, detail);
		if (noise) {
			csv_row(f, r, "pairs_lo", lo, detail);
			csv_row(f, r, "pairs_hi", hi, detail);
		}
	}
}

static struct json_object *jnum(double v)
{
	return isnan(v) || isinf(v) ? NULL : json_object_new_double(v);
}

static struct json_object *figures_obj(const char *const *names, const double *v, bool pct)
{
	struct json_object *o = json_object_new_object();

	for (int m = 0; m < FR_RBL_NMETRICS; m++) {
		char key[32];
		bool lat = m >= FR_RBL_MEAN;

		snprintf(key, sizeof(key), "%s%s", names[m], pct ? "_pct" : lat ? "_us" : "");
		json_object_object_add(o, key, jnum(lat && !pct ? fr_us(v[m]) : v[m]));
	}
	return o;
}

static struct json_object *names_arr(const char *const *names, unsigned bits)
{
	struct json_object *a = json_object_new_array();

	for (int m = 0; m < FR_RBL_NMETRICS; m++)
		if (bits & (1u << m))
			json_object_array_add(a, json_object_new_string(names[m]));
	return a;
}

/* Per metric: runs on each side, the pairwise changes' range, the spread. */
static struct json_object *noise_obj(const char *const *names, const struct fr_rbl_row *r)
{
	struct json_object *o = json_object_new_object();

	for (int m = 0; m < FR_RBL_NMETRICS; m++) {
		const struct fr_rbl_noise *nz = &r->noise[m];
		struct json_object *n = json_object_new_object();

		json_object_object_add(n, "baseline_runs", json_object_new_int((int)nz->nbase));
		json_object_object_add(n, "new_runs", json_object_new_int((int)nz->ncur));
		json_object_object_add(n, "estimate", json_object_new_boolean(nz->estimate));
		json_object_object_add(n, "pairs_lo_pct",
				       nz->estimate ? jnum(nz->change_lo) : NULL);
		json_object_object_add(n, "pairs_hi_pct",
				       nz->estimate ? jnum(nz->change_hi) : NULL);
		json_object_object_add(n, "spread_baseline_pct", jnum(nz->spread_base));
		json_object_object_add(n, "spread_new_pct", jnum(nz->spread_cur));
		json_object_object_add(n, "confidence", nz->estimate ? jnum(nz->confidence) : NULL);
		json_object_object_add(o, names[m], n);
	}
	return o;
}

static struct json_object *row_obj(const char *const *names, const struct fr_rbl_row *r)
{
	struct json_object *o = json_object_new_object();

	json_object_object_add(o, "section", json_object_new_string(r->section));
	json_object_object_add(o, "profile", json_object_new_string(r->profile));
	json_object_object_add(o, "step", json_object_new_string(r->step));
	json_object_object_add(o, "nsid", r->nsid ? json_object_new_int((int)r->nsid) : NULL);
	json_object_object_add(o, "drive", json_object_new_string(r->drive));
	json_object_object_add(o, "status", json_object_new_string(r->status));
	if (r->compared) {
		struct json_object *h = json_object_new_object();

		json_object_object_add(h, "baseline", json_object_new_int64(r->base_held));
		json_object_object_add(h, "new", json_object_new_int64(r->cur_held));
		json_object_object_add(o, "runs_holding", h);
	}
	json_object_object_add(o, "compared", json_object_new_boolean(r->compared));
	json_object_object_add(o, "unlike", r->unlike ? json_object_new_string(r->unlike) : NULL);
	if (r->has_base)
		json_object_object_add(o, "baseline", figures_obj(names, r->base, false));
	if (r->has_cur)
		json_object_object_add(o, "now", figures_obj(names, r->cur, false));
	if (r->compared) {
		json_object_object_add(o, "change", figures_obj(names, r->change_pct, true));
		json_object_object_add(o, "noise", noise_obj(names, r));
	}
	json_object_object_add(o, "crossed", names_arr(names, r->crossed));
	json_object_object_add(o, "within_noise", names_arr(names, r->within_noise));
	json_object_object_add(o, "cannot_decide", names_arr(names, r->undecided));
	json_object_object_add(o, "why", r->why ? json_object_new_string(r->why) : NULL);
	return o;
}

struct json_object *fr_baseline_json(const struct fr_report_baseline *b)
{
	struct json_object *o = json_object_new_object(), *rows = json_object_new_array();

	json_object_object_add(o, "dir", json_object_new_string(b->dir));
	json_object_object_add(o, "fail_if",
			       b->fail_if ? json_object_new_string(b->fail_if) : NULL);
	json_object_object_add(o, "verdict", json_object_new_string(b->verdict));
	json_object_object_add(o, "baseline_runs", json_object_new_int64((int64_t)b->nbase_runs));
	json_object_object_add(o, "new_runs", json_object_new_int64((int64_t)b->ncur_runs));
	json_object_object_add(o, "compared", json_object_new_int64((int64_t)b->ncompared));
	json_object_object_add(o, "not_compared", json_object_new_int64((int64_t)b->nunmatched));
	json_object_object_add(o, "crossed", json_object_new_int64((int64_t)b->ncrossed));
	json_object_object_add(o, "cannot_decide", json_object_new_int64((int64_t)b->nundecided));
	json_object_object_add(o, "held_by_fewer_runs",
			       json_object_new_int64((int64_t)b->nincomplete));
	json_object_object_add(o, "why", b->why ? json_object_new_string(b->why) : NULL);
	json_object_object_add(o, "confidence",
			       b->confidence > 0 ? json_object_new_double(b->confidence) : NULL);
	json_object_object_add(o, "splits", json_object_new_int64((int64_t)b->splits));
	json_object_object_add(o, "splits_as_extreme",
			       json_object_new_int64((int64_t)b->splits_ge));
	json_object_object_add(o, "other_drives",
			       b->other_drives ? json_object_new_string(b->other_drives) : NULL);
	json_object_object_add(o, "drive_as",
			       b->drive_as ? json_object_new_string(b->drive_as) : NULL);
	for (size_t i = 0; i < b->nrows; i++)
		json_object_array_add(rows, row_obj(b->metric, &b->rows[i]));
	json_object_object_add(o, "rows", rows);
	return o;
}

void fr_baseline_html(FILE *f, const struct fr_report_baseline *b)
{
	char x[32], y[32], z[32], rg[48], head[1024], da[1200];

	if (!b)
		return;
	fputs("<section class=\"baseline\"><h2>Against the baseline</h2>\n<p>Baseline ", f);
	fr_html_escape(f, b->dir);
	fputs(", fail if: ", f);
	fr_html_escape(f, b->fail_if ? b->fail_if : "not given");
	fputs("; ", f);
	summary_line(f, b);
	fputs(". Every step of every section, by step name; p99, p99.99: the worse direction; "
	      "latency in µs. ",
	      f);
	noise_line(f, b);
	fputs(".</p>\n", f);
	if (b->drive_as) {
		fputs("<p>", f);
		fr_html_escape(f, drive_as_text(da, sizeof(da), b->drive_as));
		fputs("</p>\n", f);
	}
	if (b->other_drives) {
		fputs("<p><strong>Another drive:</strong> ", f);
		fr_html_escape(f, b->other_drives);
		fputs("</p>\n", f);
	}
	if (b->why) {
		fputs("<p><strong>Cannot decide:</strong> ", f);
		fr_html_escape(f, b->why);
		fputs("</p>\n", f);
	}
	fputs("<table><tr><th class=\"l\">step</th><th class=\"l\">drive</th>"
	      "<th class=\"l\">status</th><th class=\"l\">metric</th><th>baseline</th>"
	      "<th>now</th><th>change %</th><th>pairs %</th><th class=\"l\">gate</th></tr>\n",
	      f);
	for (size_t i = 0; i < b->nrows; i++) {
		const struct fr_rbl_row *r = &b->rows[i];
		bool cmp = r->compared;

		const char *t = r->title;
		snprintf(head, sizeof(head), "%s%s%s%s%s", r->status, r->unlike ? ": " : "",
			 r->unlike ? r->unlike : "", r->why ? "; cannot decide: " : "",
			 r->why ? r->why : "");
		for (int m = 0; m < (cmp ? FR_RBL_NMETRICS : 1); m++) {
			fputs("<tr>", f);
			fr_html_cell(f, t, true);
			fr_html_cell(f, r->drive, true);
			fr_html_cell(f, head, true);
			fr_html_cell(f, cmp ? b->metric[m] : "", true);
			fr_html_cell(f,
				     cmp ? fr_num(x, sizeof(x), shown(m, r->base[m]), prec(m)) : "",
				     false);
			fr_html_cell(f,
				     cmp ? fr_num(y, sizeof(y), shown(m, r->cur[m]), prec(m)) : "",
				     false);
			fr_html_cell(f, cmp ? change_str(z, sizeof(z), r->change_pct[m]) : "",
				     false);
			fr_html_cell(f, cmp ? range_str(rg, sizeof(rg), &r->noise[m]) : "", false);
			fr_html_cell(f, cmp ? html_flag(r, m) : "", true);
			fputs("</tr>\n", f);
		}
	}
	fputs("</table></section>\n", f);
}
