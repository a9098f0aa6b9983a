// SPDX-License-Identifier: GPL-2.0-only
/*
 * Flexible Data Placement in text, Markdown, HTML and JSON (out_fdp.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "util/escape.h"
#include "report/fdp.h"
#include "out/out_cell.h"
#include "out/out_fdp.h"
#include "chart/svg.h"
#include "out/out_html_chart.h"

void fr_fdp_each_placed(const struct fr_model *m, fr_pid_fn fn, void *arg)
{
	for (size_t i = 0; i < m->ndrives; i++) {
		const struct fr_drive *d = &m->drives[i];
		const struct fr_profile *p = fr_drive_find_profile(d, "noisy-neighbor");

		for (size_t k = 0; !d->reference && p && k < p->nsteps; k++)
			if (p->steps[k].kind == FR_KIND_NN_WRITE && p->steps[k].placement)
				fn(arg, d, &p->steps[k]);
	}
}

void fr_fdp_waf_short(char *buf, size_t len, const struct fr_waf *w)
{
	if (isnan(w->waf))
		snprintf(buf, len, "%s", w->why);
	else
		snprintf(buf, len, "WAF %.2f (%s)", w->waf, fr_waf_src_name(w->src));
}

static void any_placed(void *arg, const struct fr_drive *d, const struct fr_step *s)
{
	(void)d;
	(void)s;
	*(bool *)arg = true;
}

static bool have_placed(const struct fr_model *m)
{
	bool any = false;

	fr_fdp_each_placed(m, any_placed, &any);
	return any;
}

/* ---- text and Markdown: one writer, md set for Markdown tables */

struct tw {
	FILE *f;
	bool md;
	void (*str)(FILE *f, const char *s);
	const struct fr_drive *last; /* the per-PID table's drive so far */
};

static void plain(FILE *f, const char *s)
{
	fputs(s, f);
}

/* Four latency figures (ns) as µs cells, or ratios ("1.05x"). */
static void lat_cells(const struct tw *t, const struct fr_lat *l, bool ratio)
{
	const double x[4] = {l ? l->mean : NAN, l ? l->p99 : NAN, l ? l->p999 : NAN,
			     l ? l->p9999 : NAN};
	char v[32];

	for (int k = 0; k < 4; k++) {
		fr_num(v, sizeof(v) - 1, ratio ? x[k] : fr_us(x[k]), ratio ? 2 : 1);
		if (ratio && strcmp(v, "-"))
			strcat(v, "x");
		fprintf(t->f, t->md ? " %s |" : " %8s", v);
	}
	fputc('\n', t->f);
}

static void row_head(const struct tw *t, const char *ns, const char *run)
{
	if (t->md)
		fprintf(t->f, "| %s | %s |", ns, run);
	else
		fprintf(t->f, "%-5s %-14s", ns, run);
}

static void pair_text(const struct tw *t, const struct fr_fdp_pair *p, enum fr_basis b)
{
	char waf[256], ns[16];

	fputs(t->md ? "\n**" : "\n", t->f);
	t->str(t->f, p->placed->label);
	fputs(" (placed) beside ", t->f);
	t->str(t->f, p->unplaced ? p->unplaced->label : "no run without placement");
	fputs(t->md ? " (not placed)**\n\n" : " (not placed)\n", t->f);
	fprintf(t->f,
		t->md ? "victims' %s latency (µs):\n\n| ns | run | mean | p99 | p99.9 | "
			"p99.99 |\n|---|---|---:|---:|---:|---:|\n"
		      : "victims' %s latency (µs)\nns    run                mean      p99    "
			"p99.9   p99.99\n",
		fr_basis_name(b));
	for (size_t i = 0; i < p->nv; i++) {
		fr_ns_name(ns, sizeof(ns), p->v[i].nsid);
		row_head(t, ns, "without");
		lat_cells(t, p->v[i].off, false);
		row_head(t, "", "with");
		lat_cells(t, p->v[i].on, false);
		row_head(t, "", "with/without");
		lat_cells(t, &p->v[i].ratio, true);
	}
	fputs(t->md ? "\nwriters' WAF without placement: " : "writers' WAF without placement: ",
	      t->f);
	fr_fdp_waf_short(waf, sizeof(waf), &p->waf_off);
	t->str(t->f, waf);
	fputs("; with placement: ", t->f);
	fr_fdp_waf_short(waf, sizeof(waf), &p->waf_on);
	t->str(t->f, waf);
	fputc('\n', t->f);
}

static void pid_row(const struct tw *t, const char *ns, const char *pid, const char *ruh,
		    const char *idx, uint64_t n, const struct fr_lat *l, double max,
		    const struct fr_pid_tail *u)
{
	char v[5][32], hb[32], rb[32], ra[32];
	const double x[5] = {l->mean, l->p99, l->p999, l->p9999, max};

	for (int k = 0; k < 5; k++)
		fr_num(v[k], sizeof(v[k]), fr_us(x[k]), 1);
	fr_num(hb, sizeof(hb), u ? u->host_bytes / 1e6 : NAN, 1);
	fr_num(rb, sizeof(rb), u ? u->ru_bytes / 1e6 : NAN, 1);
	fr_num(ra, sizeof(ra), u ? u->ru_ratio : NAN, 2);
	fprintf(t->f,
		t->md ? "| %s | %s | %s | %s | %llu | %s | %s | %s | %s | %s | %s | %s | %s |\n"
		      : "%-5s %5s %5s %5s %8llu %9s %9s %9s %9s %9s %8s %8s %7s\n",
		ns, pid, ruh, idx, (unsigned long long)n, v[0], v[1], v[2], v[3], v[4], hb, rb, ra);
}

static void pid_rows(void *arg, const struct fr_drive *d, const struct fr_step *s)
{
	struct tw *t = arg;
	const struct fr_dirstat *w = &s->dir[FR_WRITE];
	char ns[16], pid[16], ruh[16], idx[16], note[320];

	if (t->last != d) {
		t->last = d;
		fputs(t->md ? "\n" : "", t->f);
		t->str(t->f, d->label);
		fputs(t->md ? ":\n\n| ns | PID | RUHID | plids index | writes | mean | p99 | "
			      "p99.9 | p99.99 | max | host MB | RU MB | RU/host |\n"
			      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
			    : "\nns      PID RUHID index   writes      mean       p99     p99.9    "
			      "p99.99       max  host MB    RU MB RU/host\n",
		      t->f);
	}
	fr_ns_name(ns, sizeof(ns), s->nsid);
	/* the rows' sum: the step's own count (fio's) is said under the table */
	pid_row(t, ns, "all", "", "", fr_placement_writes(s->placement), &w->lat[FR_CLAT], NAN,
		NULL);
	for (size_t i = 0; i < s->placement->n; i++) {
		const struct fr_pid_tail *p = &s->placement->t[i];

		snprintf(pid, sizeof(pid), "%u", p->pid);
		snprintf(idx, sizeof(idx), "%u", p->plid_index);
		if (p->ruhid >= 0)
			snprintf(ruh, sizeof(ruh), "%d", p->ruhid);
		else
			snprintf(ruh, sizeof(ruh), "?");
		pid_row(t, "", pid, ruh, idx, p->count, &p->lat, p->max, p);
	}
	if (fr_placement_writes_note(s, note, sizeof(note))) {
		fprintf(t->f, t->md ? "\n%s all: " : "      * %s all: ", ns);
		t->str(t->f, note);
		fputc('\n', t->f);
	}
	for (size_t i = 0; i < s->placement->n; i++) {
		const struct fr_pid_tail *p = &s->placement->t[i];

		const char *why = *p->ru_note ? p->ru_note : p->ru_basis;

		if (!*why)
			continue;
		fprintf(t->f, t->md ? "\n%s PID %u: " : "      * %s PID %u: ", ns, p->pid);
		t->str(t->f, why);
		fputc('\n', t->f);
	}
}

static void fdp_tw(struct tw *t, const struct fr_report *rep)
{
	const struct fr_fdp_cmp *c = rep->fdp;
	enum fr_basis b = rep->r ? rep->r->basis : FR_CLAT;

	if (!have_placed(rep->m) || !c)
		return;
	fputs(t->md ? "\n## Noisy neighbor with and without Flexible Data Placement\n\n"
		    : "\n== noisy neighbor with and without Flexible Data Placement ==\n",
	      t->f);
	fputs("the same drive's two runs side by side, not merged and not ranked against each "
	      "other; WAF from the drive's own counters over the writers' job\n",
	      t->f);
	for (size_t i = 0; i < c->n; i++)
		pair_text(t, &c->p[i], b);
	fputs(t->md ? "\n## Placed writes per placement ID (µs)\n\n"
		    : "\n== placed writes per placement ID (µs) ==\n",
	      t->f);
	fputs("each namespace's writes (\"all\"; a namespace on several PIDs has no merged "
	      "tail) and each placement ID's, from the engine's tags; host MB: written with the "
	      "PID, RU MB: what its handle's reclaim units took (RUAMW before - after, plus the "
	      "unit size per new unit), RU/host: "
	      "their ratio\n",
	      t->f);
	fr_fdp_each_placed(rep->m, pid_rows, t);
}

void fr_fdp_text(FILE *f, const struct fr_report *rep)
{
	struct tw t = {f, false, plain, NULL};

	fdp_tw(&t, rep);
}

void fr_fdp_md(FILE *f, const struct fr_report *rep, void (*md_str)(FILE *f, const char *s))
{
	struct tw t = {f, true, md_str, NULL};

	fdp_tw(&t, rep);
}

/* ---- JSON */

static struct json_object *jnum(double v)
{
	return isfinite(v) ? json_object_new_double(v) : NULL;
}

static struct json_object *lat_json(const struct fr_lat *l, bool ratio)
{
	struct json_object *o = json_object_new_object();
	double k = ratio ? 1 : 1e-3;

	if (!l)
		return NULL;
	json_object_object_add(o, ratio ? "mean_ratio" : "mean_us", jnum(l->mean * k));
	json_object_object_add(o, ratio ? "p99_ratio" : "p99_us", jnum(l->p99 * k));
	json_object_object_add(o, ratio ? "p99_9_ratio" : "p99_9_us", jnum(l->p999 * k));
	json_object_object_add(o, ratio ? "p99_99_ratio" : "p99_99_us", jnum(l->p9999 * k));
	return o;
}

static struct json_object *waf_json(const struct fr_waf *w)
{
	struct json_object *o = json_object_new_object();

	json_object_object_add(o, "waf", jnum(w->waf));
	json_object_object_add(o, "waf_source",
			       isnan(w->waf) ? NULL
					     : json_object_new_string(fr_waf_src_name(w->src)));
	json_object_object_add(o, "media_bytes", jnum(w->media_bytes));
	json_object_object_add(o, "waf_host_bytes", jnum(w->src_host_bytes));
	json_object_object_add(o, "waf_host_counter",
			       *w->host_counter ? json_object_new_string(w->host_counter) : NULL);
	json_object_object_add(o, "waf_note",
			       isnan(w->waf) ? json_object_new_string(w->why) : NULL);
	return o;
}

static struct json_object *pair_json(const struct fr_fdp_pair *p)
{
	struct json_object *o = json_object_new_object(), *v = json_object_new_array();

	json_object_object_add(o, "drive", json_object_new_string(p->placed->label));
	json_object_object_add(o, "unplaced_drive",
			       p->unplaced ? json_object_new_string(p->unplaced->label) : NULL);
	for (size_t i = 0; i < p->nv; i++) {
		struct json_object *e = json_object_new_object();

		json_object_object_add(e, "nsid", json_object_new_int64(p->v[i].nsid));
		json_object_object_add(e, "without", lat_json(p->v[i].off, false));
		json_object_object_add(e, "with", lat_json(p->v[i].on, false));
		json_object_object_add(e, "with_over_without", lat_json(&p->v[i].ratio, true));
		json_object_array_add(v, e);
	}
	json_object_object_add(o, "victims", v);
	json_object_object_add(o, "waf_without", waf_json(&p->waf_off));
	json_object_object_add(o, "waf_with", waf_json(&p->waf_on));
	return o;
}

static void pid_json(void *arg, const struct fr_drive *d, const struct fr_step *s)
{
	struct json_object *o = json_object_new_object(), *a = json_object_new_array();
	char note[320];
	bool differ;

	json_object_object_add(o, "drive", json_object_new_string(d->label));
	json_object_object_add(o, "nsid", json_object_new_int64(s->nsid));
	json_object_object_add(o, "writes",
			       json_object_new_int64((int64_t)fr_placement_writes(s->placement)));
	differ = fr_placement_writes_note(s, note, sizeof(note));
	json_object_object_add(o, "step_writes",
			       differ ? json_object_new_int64((int64_t)s->dir[FR_WRITE].ios)
				      : NULL);
	json_object_object_add(o, "writes_note", differ ? json_object_new_string(note) : NULL);
	json_object_object_add(o, "lat", lat_json(&s->dir[FR_WRITE].lat[FR_CLAT], false));
	for (size_t i = 0; i < s->placement->n; i++) {
		const struct fr_pid_tail *p = &s->placement->t[i];
		struct json_object *e = json_object_new_object();

		json_object_object_add(e, "placement_id", json_object_new_int64(p->pid));
		json_object_object_add(e, "plid_index", json_object_new_int64(p->plid_index));
		json_object_object_add(e, "ruhid",
				       p->ruhid >= 0 ? json_object_new_int64(p->ruhid) : NULL);
		json_object_object_add(e, "writes", json_object_new_int64((int64_t)p->count));
		json_object_object_add(e, "lat", lat_json(&p->lat, false));
		json_object_object_add(e, "max_us", jnum(p->max / 1e3));
		json_object_object_add(e, "host_bytes", jnum(p->host_bytes));
		json_object_object_add(e, "ru_bytes", jnum(p->ru_bytes));
		json_object_object_add(e, "ru_ratio", jnum(p->ru_ratio));
		json_object_object_add(e, "ru_note",
				       *p->ru_note ? json_object_new_string(p->ru_note) : NULL);
		json_object_object_add(e, "ru_size_bytes", jnum(p->ru_size));
		json_object_object_add(e, "ru_units_started", jnum(p->ru_units));
		json_object_object_add(e, "ru_bytes_min", jnum(p->ru_bytes_min));
		json_object_object_add(e, "ru_bytes_max", jnum(p->ru_bytes_max));
		json_object_object_add(e, "ru_basis",
				       *p->ru_basis ? json_object_new_string(p->ru_basis) : NULL);
		json_object_object_add(e, "ru_events",
				       *p->ru_events ? json_object_new_string(p->ru_events) : NULL);
		json_object_object_add(e, "ru_unit_changes_reported", jnum(p->ru_events_changes));
		json_object_object_add(e, "ru_unit_changes_by_controller",
				       jnum(p->ru_events_by_ctrl));
		json_object_array_add(a, e);
	}
	json_object_object_add(o, "pids", a);
	json_object_array_add(arg, o);
}

struct json_object *fr_fdp_json(const struct fr_report *rep)
{
	struct json_object *o, *pairs, *pl;
	const struct fr_fdp_cmp *c = rep->fdp;

	if (!have_placed(rep->m) || !c)
		return NULL;
	o = json_object_new_object();
	pairs = json_object_new_array();
	pl = json_object_new_array();
	for (size_t i = 0; i < c->n; i++)
		json_object_array_add(pairs, pair_json(&c->p[i]));
	fr_fdp_each_placed(rep->m, pid_json, pl);
	json_object_object_add(o, "pairs", pairs);
	json_object_object_add(o, "placement", pl);
	return o;
}

/* ---- HTML */

static void html_lat(FILE *f, const struct fr_lat *l, bool ratio)
{
	const double x[4] = {l ? l->mean : NAN, l ? l->p99 : NAN, l ? l->p999 : NAN,
			     l ? l->p9999 : NAN};

	for (int k = 0; k < 4; k++)
		fr_html_num_cell(f, ratio ? x[k] : fr_us(x[k]), ratio ? 2 : 1);
}

static void html_pair(FILE *f, const struct fr_fdp_pair *p)
{
	char ns[16], waf[256];

	fputs("<h3>", f);
	fr_html_escape(f, p->placed->label);
	fputs(" (placed) beside ", f);
	fr_html_escape(f, p->unplaced ? p->unplaced->label : "no run without placement");
	fputs("</h3>\n<table><tr><th>ns</th><th>run</th><th>mean µs</th><th>p99 µs</th>"
	      "<th>p99.9 µs</th><th>p99.99 µs</th></tr>\n",
	      f);
	for (size_t i = 0; i < p->nv; i++) {
		fr_ns_name(ns, sizeof(ns), p->v[i].nsid);
		fputs("<tr>", f);
		fr_html_cell(f, ns, true);
		fr_html_cell(f, "without", true);
		html_lat(f, p->v[i].off, false);
		fputs("</tr>\n<tr>", f);
		fr_html_cell(f, "", true);
		fr_html_cell(f, "with", true);
		html_lat(f, p->v[i].on, false);
		fputs("</tr>\n<tr>", f);
		fr_html_cell(f, "", true);
		fr_html_cell(f, "with/without", true);
		html_lat(f, &p->v[i].ratio, true);
		fputs("</tr>\n", f);
	}
	fputs("</table>\n<p>Writers' WAF without placement: ", f);
	fr_fdp_waf_short(waf, sizeof(waf), &p->waf_off);
	fr_html_escape(f, waf);
	fputs("; with placement: ", f);
	fr_fdp_waf_short(waf, sizeof(waf), &p->waf_on);
	fr_html_escape(f, waf);
	fputs("</p>\n", f);
}

static void html_pid_row(FILE *f, const char *ns, const char *pid, const char *ruh, uint64_t n,
			 const struct fr_lat *l, double max, const struct fr_pid_tail *u,
			 const char *note)
{
	fputs("<tr>", f);
	fr_html_cell(f, ns, true);
	fr_html_cell(f, pid, false);
	fr_html_cell(f, ruh, false);
	fr_html_num_cell(f, (double)n, 0);
	html_lat(f, l, false);
	fr_html_num_cell(f, fr_us(max), 1);
	fr_html_num_cell(f, u ? u->host_bytes / 1e6 : NAN, 1);
	fr_html_num_cell(f, u ? u->ru_bytes / 1e6 : NAN, 1);
	fr_html_num_cell(f, u ? u->ru_ratio : NAN, 2);
	fr_html_cell(f, !u ? note : *u->ru_note ? u->ru_note : u->ru_basis, true);
	fputs("</tr>\n", f);
}

static void html_pids(void *arg, const struct fr_drive *d, const struct fr_step *s)
{
	FILE *f = arg;
	char ns[16], pid[16], ruh[16], note[320];

	fputs("<h3>", f);
	fr_html_escape(f, d->label);
	fputs("</h3>\n<table><tr><th>ns</th><th>PID</th><th>RUHID</th><th>writes</th>"
	      "<th>mean µs</th><th>p99 µs</th><th>p99.9 µs</th><th>p99.99 µs</th>"
	      "<th>max µs</th><th>host MB</th><th>RU MB</th><th>RU/host</th><th>why n/a</th>"
	      "</tr>\n",
	      f);
	fr_ns_name(ns, sizeof(ns), s->nsid);
	fr_placement_writes_note(s, note, sizeof(note));
	html_pid_row(f, ns, "all", "", fr_placement_writes(s->placement),
		     &s->dir[FR_WRITE].lat[FR_CLAT], NAN, NULL, note);
	for (size_t i = 0; i < s->placement->n; i++) {
		const struct fr_pid_tail *p = &s->placement->t[i];

		snprintf(pid, sizeof(pid), "%u", p->pid);
		snprintf(ruh, sizeof(ruh), p->ruhid >= 0 ? "%d" : "?", p->ruhid);
		html_pid_row(f, "", pid, ruh, p->count, &p->lat, p->max, p, "");
	}
	fputs("</table>\n", f);
}

void fr_fdp_html(FILE *f, const struct fr_report *rep)
{
	const struct fr_fdp_cmp *c = rep->fdp;

	if (!have_placed(rep->m) || !c)
		return;
	fputs("<section class=\"fdp\"><h2>Noisy neighbor with and without Flexible Data "
	      "Placement</h2>\n<p>The same drive's two runs side by side, not merged and not "
	      "ranked against each other; WAF from the drive's own counters over the writers' "
	      "job.</p>\n",
	      f);
	for (size_t i = 0; i < c->n; i++)
		html_pair(f, &c->p[i]);
	fputs("<h2>Placed writes per placement ID</h2>\n<p>Each namespace's writes "
	      "(\"all\") and each placement ID's, from the engine's tags.</p>\n",
	      f);
	fr_fdp_each_placed(rep->m, html_pids, f);
	fputs("</section>\n", f);
}
