// SPDX-License-Identifier: GPL-2.0-only
/*
 * Drive health per step as printed (report_health.h): sums, WAF, verdict,
 * built once per run from the records the engine files gave the model.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report_health.h"

static int imax(int a, int b)
{
	return a > b ? a : b;
}

void fr_health_sum(const struct fr_health *h, struct fr_hsum *s)
{
	size_t read = 0;

	memset(s, 0, sizeof(*s));
	for (size_t i = 0; h && i < h->nctrl; i++) {
		const struct fr_hctrl *c = &h->ctrl[i];

		if (!c->read)
			continue;
		/* a controller of a subsystem already counted adds nothing */
		for (int k = 0; k < FR_HC_N && !fr_health_same_subsys(h, i); k++) {
			int64_t d = fr_hc_delta(c, k);

			s->delta[k] = !read ? d : d < 0 || s->delta[k] < 0 ? -1 : s->delta[k] + d;
		}
		read++;
		s->crit_warning |= c->crit_warning;
		s->temp_before_k = imax(c->temp_before_k, s->temp_before_k);
		s->temp_after_k = imax(c->temp_after_k, s->temp_after_k);
		s->temp_max_k = imax(c->temp_max_k, s->temp_max_k);
	}
	if (!read)
		for (int k = 0; k < FR_HC_N; k++)
			s->delta[k] = -1;
}

/* "valid", "INVALID: <reason>", "health unknown: <why> (never taken as
 * valid)" or "health not recorded (...)". */
static void verdict_text(const struct fr_health *h, char *buf, size_t len)
{
	if (!h->recorded)
		snprintf(buf, len, "health %s", h->why);
	else if (h->unknown)
		snprintf(buf, len, "%s (never taken as valid)", h->reason);
	else if (h->invalid)
		snprintf(buf, len, "INVALID: %s", h->reason);
	else
		snprintf(buf, len, "valid");
}

static int fill_row(struct fr_health_row *r, const struct fr_drive *d, const struct fr_profile *p,
		    const struct fr_step *s)
{
	const struct fr_health *h = s->health;

	r->drive = d;
	r->profile = p;
	r->step = s;
	r->listed = !d->reference;
	fr_health_sum(h, &r->sum);
	fr_health_waf(s, &r->waf);
	fr_health_cw_names(r->sum.crit_warning, r->cw, sizeof(r->cw));
	verdict_text(h, r->verdict, sizeof(r->verdict));
	r->ctrl_delta = calloc(h->nctrl + 1, sizeof(*r->ctrl_delta));
	if (!r->ctrl_delta)
		return -ENOMEM;
	for (size_t i = 0; i < h->nctrl; i++)
		for (int k = 0; k < FR_HC_N; k++)
			r->ctrl_delta[i][k] = fr_hc_delta(&h->ctrl[i], k);
	return 0;
}

static int by_step_name(const void *a, const void *b)
{
	const struct fr_step *x = *(const struct fr_step *const *)a;
	const struct fr_step *y = *(const struct fr_step *const *)b;

	return fr_step_name_cmp(x->name, y->name);
}

/* Adds a row for every step of m with a record, a profile's steps in the
 * method's order (10, 50, 100, 120, peak; the model holds them in the
 * order read); with rows NULL, counts them.  Returns how many, or
 * -ENOMEM. */
static long rows_of(const struct fr_model *m, struct fr_health_row *rows)
{
	long n = 0;

	for (size_t d = 0; d < m->ndrives; d++)
		for (size_t p = 0; p < m->drives[d].nprofiles; p++) {
			const struct fr_profile *pr = &m->drives[d].profiles[p];
			const struct fr_step **st = calloc(pr->nsteps + 1, sizeof(*st));
			size_t ns = 0;

			if (!st)
				return -ENOMEM;
			for (size_t k = 0; k < pr->nsteps; k++)
				if (pr->steps[k].health)
					st[ns++] = &pr->steps[k];
			qsort(st, ns, sizeof(*st), by_step_name);
			for (size_t k = 0; k < ns; k++, n++)
				if (rows && fill_row(&rows[n], &m->drives[d], pr, st[k])) {
					free(st);
					return -ENOMEM;
				}
			free(st);
		}
	return n;
}

/* Whether another listed row has @r's drive, profile and step name. */
static bool name_shared(const struct fr_report_health *h, const struct fr_health_row *r)
{
	for (size_t i = 0; i < h->n; i++) {
		const struct fr_health_row *o = &h->rows[i];

		if (o != r && o->listed && o->drive == r->drive &&
		    !strcmp(o->profile->name, r->profile->name) &&
		    !strcmp(o->step->name, r->step->name))
			return true;
	}
	return false;
}

/*
 * The step's name, with its jobs where another row has the same name: a
 * noisy-neighbor run's writers and readers are each a step "peak" with a
 * record of their own, and only their jobs tell them apart.
 */
static void step_label(const struct fr_report_health *h, struct fr_health_row *r)
{
	const struct fr_step *s = r->step;
	size_t len = sizeof(r->step_label);
	int at = snprintf(r->step_label, len, "%s", s->name);

	if (!s->njobnames || !name_shared(h, r))
		return;
	for (size_t k = 0; k < s->njobnames && at > 0 && (size_t)at < len; k++)
		at += snprintf(r->step_label + at, len - (size_t)at, "%s%s",
			       k ? ", " : (s->njobnames > 1 ? " (jobs " : " (job "),
			       s->jobnames[k]);
	if (at > 0 && (size_t)at < len)
		snprintf(r->step_label + at, len - (size_t)at, ")");
}

const char *fr_health_celsius(char *buf, size_t len, int k)
{
	if (k <= 0)
		snprintf(buf, len, "?");
	else
		snprintf(buf, len, "%d °C", k - 273);
	return buf;
}

/*
 * A step with nothing to say: valid, no critical warning, no throttling, no
 * data units written, so no WAF, and every controller read.  A reader's
 * steps are all like this, and printed one by one they were a dozen
 * near-identical blocks per report.
 */
static bool quiet(const struct fr_health_row *r)
{
	const struct fr_health *h = r->step->health;

	if (!r->listed || !h->recorded || strcmp(r->verdict, "valid") || *r->cw ||
	    r->sum.delta[FR_HC_TMT1_N] || r->sum.delta[FR_HC_TMT2_N] || r->sum.delta[FR_HC_DUW] ||
	    !isnan(r->waf.waf))
		return false;
	for (size_t i = 0; i < h->nctrl; i++)
		if (!h->ctrl[i].read)
			return false;
	return true;
}

/* How many rows from @i on are quiet, of the same drive and profile. */
static size_t quiet_run(const struct fr_report_health *h, size_t i)
{
	size_t n = 0;

	while (i + n < h->n && quiet(&h->rows[i + n]) && h->rows[i + n].drive == h->rows[i].drive &&
	       h->rows[i + n].profile == h->rows[i].profile)
		n++;
	return n;
}

/* The words after a folded run's steps, its temperatures "50 °C
 * throughout" or "48 °C to 52 °C". */
static void fold_text(char *buf, size_t len, const struct fr_health_row *rows, size_t n)
{
	int lo = 0, hi = 0;
	char a[32], b[32], t[80];

	for (size_t i = 0; i < n; i++) {
		const int k[3] = {rows[i].sum.temp_before_k, rows[i].sum.temp_after_k,
				  rows[i].sum.temp_max_k};

		for (int j = 0; j < 3; j++) {
			if (k[j] <= 0)
				continue;
			lo = !lo || k[j] < lo ? k[j] : lo;
			hi = k[j] > hi ? k[j] : hi;
		}
	}
	if (lo == hi)
		snprintf(t, sizeof(t), "%s throughout", fr_health_celsius(a, sizeof(a), lo));
	else
		snprintf(t, sizeof(t), "%s to %s", fr_health_celsius(a, sizeof(a), lo),
			 fr_health_celsius(b, sizeof(b), hi));
	snprintf(buf, len,
		 "valid, nothing to report: temperature %s, no critical warning, TMT1 and TMT2 "
		 "+0, data units written +0, so no WAF",
		 t);
}

/* Runs of two quiet steps or more are folded into one line. */
static void fold(struct fr_report_health *h)
{
	for (size_t i = 0, n; i < h->n; i += n ? n : 1) {
		n = quiet_run(h, i);
		if (n < 2)
			continue;
		h->rows[i].fold = n;
		fold_text(h->rows[i].fold_text, sizeof(h->rows[i].fold_text), &h->rows[i], n);
	}
}

static int by_address(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)(*(const struct fr_health_row *const *)a)->step;
	uintptr_t y = (uintptr_t)(*(const struct fr_health_row *const *)b)->step;

	return x < y ? -1 : x > y;
}

int fr_report_health_build(const struct fr_model *m, struct fr_report_health *h)
{
	long in_m = rows_of(m, NULL), in_invalid = m->invalid ? rows_of(m->invalid, NULL) : 0;
	long made;

	memset(h, 0, sizeof(*h));
	h->any = fr_health_any(m);
	h->rows = calloc((size_t)(in_m + in_invalid) + 1, sizeof(*h->rows));
	h->by_step = calloc((size_t)(in_m + in_invalid) + 1, sizeof(*h->by_step));
	if (!h->rows || !h->by_step)
		goto nomem;
	/* n counts the rows made so far, so that a failure frees them */
	made = rows_of(m, h->rows);
	h->n = made < 0 ? (size_t)in_m : (size_t)made;
	if (made < 0)
		goto nomem;
	if (m->invalid) {
		made = rows_of(m->invalid, h->rows + h->n);
		h->n += made < 0 ? (size_t)in_invalid : (size_t)made;
		if (made < 0)
			goto nomem;
	}
	for (size_t i = 0; i < h->n; i++) {
		step_label(h, &h->rows[i]);
		h->by_step[i] = &h->rows[i];
	}
	qsort(h->by_step, h->n, sizeof(*h->by_step), by_address);
	fold(h);
	return 0;
nomem:
	fr_report_health_free(h);
	return -ENOMEM;
}

void fr_report_health_free(struct fr_report_health *h)
{
	for (size_t i = 0; h->rows && i < h->n; i++)
		free(h->rows[i].ctrl_delta);
	free(h->rows);
	free(h->by_step);
	memset(h, 0, sizeof(*h));
}

const struct fr_health_row *fr_health_row_of(const struct fr_report_health *h,
					     const struct fr_step *s)
{
	struct fr_health_row key = {.step = s};
	const struct fr_health_row *k = &key, *const * hit;

	if (!h || !s || !s->health || !h->n)
		return NULL;
	hit = bsearch(&k, h->by_step, h->n, sizeof(*h->by_step), by_address);
	return hit ? *hit : NULL;
}
