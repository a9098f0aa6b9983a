// SPDX-License-Identifier: GPL-2.0-only
/*
 * The terminal report's method sections (out_text.h): drive health per
 * step (issue 25), its figures as lines that the Markdown report lists too;
 * the endurance method's WAF per step and cumulative (issue 41 item 1); why
 * the tail, per tag key its sentence; the tq-sweep (tq.h): per step a table
 * of the drives with the four figures and their places, the preconditioning
 * rounds, the published point.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "report/report.h"
#include "report/report_health.h"
#include "out/out.h"
#include "out/out_endurance.h"
#include "out/out_tailwhy.h"
#include "out/out_tq.h"
#include "rank/tq.h"
#include "out/out_text.h"

/* ---- drive health */

static const char *delta_text(char *buf, size_t len, int64_t d)
{
	if (d < 0)
		snprintf(buf, len, "?");
	else
		snprintf(buf, len, "+%" PRId64, d);
	return buf;
}

/* "WAF 1.00 (OCP C0: media 52.4 MB / host 52.4 MB by SMART data units written)" or "WAF n/a: ..."
 */
static void waf_text(char *buf, size_t len, const struct fr_waf *w)
{
	if (isnan(w->waf))
		snprintf(buf, len, "%s", w->why);
	else
		snprintf(buf, len, "WAF %.2f (%s: media %.1f MB / host %.1f MB by %s)", w->waf,
			 fr_waf_src_name(w->src), w->media_bytes / 1e6, w->src_host_bytes / 1e6,
			 w->host_counter);
}

static void plain(FILE *f, const char *s)
{
	fputs(s, f);
}

void fr_text_health_figures(FILE *f, const char *lead, const struct fr_health_row *r, fr_str_fn str)
{
	const struct fr_health *h = r->step->health;
	const struct fr_hsum *sum = &r->sum;
	const struct fr_waf *w = &r->waf;
	char a[32], b[32], c[32], t1[32], t2[32], waf[256], duw[32];

	fprintf(f, "%stemperature %s -> %s, max %s; critical warning: %s; TMT1 %s, TMT2 %s\n", lead,
		fr_health_celsius(a, sizeof(a), sum->temp_before_k),
		fr_health_celsius(b, sizeof(b), sum->temp_after_k),
		fr_health_celsius(c, sizeof(c), sum->temp_max_k), *r->cw ? r->cw : "none",
		delta_text(t1, sizeof(t1), sum->delta[FR_HC_TMT1_N]),
		delta_text(t2, sizeof(t2), sum->delta[FR_HC_TMT2_N]));
	fprintf(f, "%sdata units written %s", lead,
		delta_text(duw, sizeof(duw), sum->delta[FR_HC_DUW]));
	if (!isnan(w->host_bytes_smart))
		fprintf(f,
			" (%.1f MB: the whole controller's host writes over the step, every job "
			"beside it and the ramp included)",
			w->host_bytes_smart / 1e6);
	if (!isnan(w->host_bytes))
		fprintf(f, "; this step's jobs wrote %.1f MB by fio's count (ramp left out)",
			w->host_bytes / 1e6);
	waf_text(waf, sizeof(waf), w);
	fprintf(f, "; %s\n", waf);
	for (size_t i = 0; i < h->nctrl; i++) {
		const struct fr_hctrl *hc = &h->ctrl[i];

		if (hc->read && hc->samples < 0)
			continue;
		fputs(lead, f);
		str(f, hc->name);
		if (!hc->read) {
			fputs(": not read: ", f);
			str(f, hc->absent);
			fputc('\n', f);
		} else {
			fprintf(f,
				": %" PRId64 " samples during the step, %" PRId64
				" µs CPU in all\n",
				hc->samples, hc->cpu_us);
		}
	}
}

void fr_text_health_fold(FILE *f, const char *lead, const char *bold,
			 const struct fr_health_row *rows, fr_str_fn str)
{
	fputs(lead, f);
	fputs(bold, f);
	str(f, rows[0].drive->label);
	fputs(bold, f);
	fputs(" / ", f);
	str(f, rows[0].profile->name);
	fputs(" steps ", f);
	for (size_t i = 0; i < rows[0].fold; i++) {
		fputs(i ? ", " : "", f);
		str(f, rows[i].step_label);
	}
	fprintf(f, ": %s\n", rows[0].fold_text);
}

static void text_step(FILE *f, const struct fr_health_row *r)
{
	fprintf(f, "  %s / %s step %s: %s\n", r->drive->label, r->profile->name, r->step_label,
		r->verdict);
	if (r->step->health->recorded)
		fr_text_health_figures(f, "      ", r, plain);
}

int fr_text_health(struct fr_out *o)
{
	const struct fr_report_health *h = o->rep->health;
	FILE *f = o->f;

	if (!h || !h->any)
		return 0;
	fputs("\nDrive health per step (read by the ssdnvme engine; an invalid step is left "
	      "out of ranks unless --include-invalid):\n",
	      f);
	for (size_t i = 0; i < h->n; i += h->rows[i].fold ? h->rows[i].fold : 1) {
		if (h->rows[i].fold)
			fr_text_health_fold(f, "  ", "", &h->rows[i], plain);
		else if (h->rows[i].listed)
			text_step(f, &h->rows[i]);
	}
	return 0;
}

/* ---- endurance: per drive and mix, the write unit beside the namespace's,
 * then per step the bytes, WAF and write tails (report/endurance.h) */

static void text_series(FILE *f, const struct fr_ei_series *se)
{
	char c[FR_EI_CELLS][32], ns[16];

	fprintf(f, "  %s / %s: write unit %s\n", se->drive->label, se->profile->name, se->unit);
	fprintf(f, "    namespace: %s\n", se->drive_unit);
	fprintf(f, "    %-5s %3s %10s %10s %11s %10s %7s %7s %10s %10s  %s\n", "step", "ns",
		"fio MB", "cum. MB", "drive host", "media MB", "WAF", "cum.", "p99 us", "p99.99 us",
		"media counter");
	for (size_t i = 0; i < se->n; i++) {
		const struct fr_ei_point *p = &se->p[i];

		fr_ei_cells(p, c);
		snprintf(ns, sizeof(ns), "%u", p->nsid);
		fprintf(f, "    s%-4u %3s %10s %10s %11s %10s %7s %7s %10s %10s  %s\n", p->num,
			p->nsid ? ns : "-", c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7],
			fr_ei_waf_said(p));
	}
	if (*se->cum_why)
		fprintf(f, "    cumulative WAF n/a %s\n", se->cum_why);
}

int fr_text_endurance(struct fr_out *o)
{
	const struct fr_endurance *e = o->rep->ei;
	FILE *f = o->f;

	if (!e || !e->n)
		return 0;
	fputs("\n== endurance (jobs/endurance.fio): WAF per step and cumulative ==\n"
	      "WAF = the drive's media bytes / the host bytes the drive counted beside them "
	      "over the same steps (never fio's bytes); fio MB = bytes fio wrote (cum.: so far); "
	      "drive host = the drive's host counter (SMART data units written when there is no "
	      "WAF); write completion latency in us.\n",
	      f);
	for (size_t i = 0; i < e->n; i++)
		text_series(f, &e->s[i]);
	return 0;
}

/* ---- why the tail (report/tailwhy.h) */

int fr_text_tailwhy(struct fr_out *o)
{
	const struct fr_tailwhy *tw = o->rep->tw;
	FILE *f = o->f;
	size_t i;

	if (!tw || !tw->n)
		return 0;
	fprintf(f, "\nWhy the tail (p%g): %s\n", tw->pct, fr_tw_method_text());
	for (i = 0; i < tw->n; i++) {
		const struct fr_tw_key *k = &tw->k[i];

		fputs("  ", f);
		fr_tw_key_head(f, k);
		fprintf(f, ":\n    %s\n", k->sentence);
		fr_tw_fdp_line(f, k, "    ");
	}
	return 0;
}

/* ---- tq-sweep */

static void text_cells(FILE *f, const struct fr_tq_point *pt, bool places)
{
	char b[32];

	for (int i = 0; i < FR_TQ_NFIGS; i++) {
		fprintf(f, " %11s",
			fr_num(b, sizeof(b), fr_tq_shown(pt, i), i == FR_TQ_IOPS ? 0 : 1));
		if (places)
			fprintf(f, pt->place[i] ? " (%u)" : " (-)", pt->place[i]);
	}
	if (pt->problem)
		fprintf(f, "  not ranked: %s", pt->problem);
	fputc('\n', f);
}

int fr_tq_text(FILE *f, const struct fr_report *rep)
{
	const struct fr_tq *t = fr_tq_section(rep);
	const struct fr_tq_point **pts;
	const struct fr_drive **drv;

	if (!t)
		return 0;
	pts = calloc(t->nd + 1, sizeof(*pts));
	drv = calloc(t->nd + 1, sizeof(*drv));
	if (!pts || !drv) {
		free(pts);
		free(drv);
		return -1;
	}
	fprintf(f, "\n== tq-sweep: 8K random 70/30, threads x queue depth (%s basis) ==\n",
		fr_basis_name(t->basis));
	fputs("IOPS: sum over the jobs of one fio group; mean: operation-weighted over reads,\n"
	      "writes and jobs; max: largest of any job and direction; stddev: pooled over jobs\n"
	      "and directions.  Latency in µs; (n) is the place at the step, for IOPS the\n"
	      "highest first, for latencies the lowest.\n",
	      f);
	for (size_t k = 0; k < t->nseries; k++) {
		size_t n = fr_tq_step_rows(t, &t->series[k], pts, drv);

		fprintf(f, "\nstep %s (%u job%s x queue depth %u = %u outstanding):\n",
			t->series[k].name, t->series[k].jobs, t->series[k].jobs == 1 ? "" : "s",
			t->series[k].depth, t->series[k].jobs * t->series[k].depth);
		fprintf(f, "  %-28s %15s %15s %15s %15s\n", "drive", "IOPS", "mean µs", "max µs",
			"stddev µs");
		for (size_t i = 0; i < n; i++) {
			fprintf(f, "  %-28s", drv[i]->label);
			text_cells(f, pts[i], true);
		}
	}
	for (size_t i = 0; i < t->nd; i++) {
		if (!t->d[i].nrounds)
			continue;
		fprintf(f, "\npreconditioning rounds of %s (the workload at t%uq%u):\n",
			t->d[i].drive->label, t->d[i].rounds[0].jobs, t->d[i].rounds[0].depth);
		fprintf(f, "  %-28s %11s %11s %11s %11s\n", "round", "IOPS", "mean µs", "max µs",
			"stddev µs");
		for (size_t r = 0; r < t->d[i].nrounds; r++) {
			fprintf(f, "  %-28s", t->d[i].rounds[r].step->name);
			text_cells(f, &t->d[i].rounds[r], false);
		}
	}
	for (size_t i = 0; i < t->nref; i++)
		fprintf(f, "\npublished (%s): %s, %.0f IOPS (%s); %s\n", t->ref[i].drive->review,
			t->ref[i].drive->label, fr_step_iops(t->ref[i].step), t->ref[i].step->name,
			t->ref[i].note);
	free(pts);
	free(drv);
	return ferror(f) ? -1 : 0;
}
