// SPDX-License-Identifier: GPL-2.0-only
/* Small formatting helpers shared by the renderers. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "util/fixed.h"
#include "out/out.h"
#include "out/out_tailwhy.h"
#include "out/out_tq.h"
#include "rank/tq.h"

const char *fr_basis_name(enum fr_basis b)
{
	return b == FR_CLAT ? "clat" : "lat";
}

const char *fr_basis_desc(enum fr_basis b)
{
	return b == FR_CLAT ? "clat (completion latency, submission to completion)"
			    : "lat (total latency, including submission)";
}

const char *fr_num(char *buf, size_t len, double v, int prec)
{
	if (isnan(v) || isinf(v))
		snprintf(buf, len, "-");
	else
		fr_fixed(buf, len, v, prec); /* snprintf's "%.*f", without printf */
	return buf;
}

const char *fr_wp_metric_name(enum fr_wp_metric m)
{
	return m == FR_WP_MEAN ? "mean" : "p99";
}

bool fr_wp_any_unlike(const struct fr_ranking *r)
{
	for (size_t d = 0; d < r->nwp; d++)
		if (*r->wp[d].note)
			return true;
	return false;
}

void fr_cross_sentence(char *buf, size_t len, const struct fr_crossover *c)
{
	/* published figures exist only at their points: say where it lies */
	if (c->published) {
		snprintf(buf, len,
			 "between the published points %g and %g MB/s (none between them), %s's %s "
			 "read latency falls below %s's",
			 c->after_mbps, c->from_mbps, c->lower->label,
			 c->metric == FR_WP_MEAN ? "mean" : "99th percentile", c->higher->label);
		return;
	}
	snprintf(buf, len, "%s %g MB/s%s, %s's %s read latency falls below %s's",
		 c->holds ? "from" : "at", c->from_mbps, c->holds ? " on" : "", c->lower->label,
		 c->metric == FR_WP_MEAN ? "mean" : "99th percentile", c->higher->label);
}

/* The write-pressure drives of one review (at most two are compared). */
static size_t review_wp(const struct fr_ranking *r, const char *review,
			const struct fr_wp_drive **out)
{
	size_t n = 0;

	for (size_t i = 0; i < r->nwp && n < 2; i++)
		if (r->wp[i].drive->reference && r->wp[i].drive->review &&
		    !strcmp(r->wp[i].drive->review, review))
			out[n++] = &r->wp[i];
	return n;
}

static const struct fr_wp_point *point_at(const struct fr_wp_drive *w, double mbps)
{
	for (size_t i = 0; i < w->n; i++)
		if (w->pts[i].write_mbps == mbps)
			return &w->pts[i];
	return NULL;
}

static void points_allow_cross(const struct fr_ranking *r, const struct fr_statement *s, char *buf,
			       size_t len)
{
	enum fr_wp_metric m = strstr(s->metric, "p99") ? FR_WP_P99 : FR_WP_MEAN;

	for (size_t i = 0; i < r->ncross; i++) {
		const struct fr_crossover *c = &r->cross[i];

		if (c->published && c->metric == m && c->lower->review &&
		    !strcmp(c->lower->review, s->review)) {
			snprintf(buf, len, "between %g and %g MB/s", c->after_mbps, c->from_mbps);
			return;
		}
	}
	snprintf(buf, len, "no crossover");
}

/* The gap the points give at the statement's rate, or at the nearest
 * common point below it. */
static void points_allow_gap(const struct fr_wp_drive *const *w, const struct fr_statement *s,
			     char *buf, size_t len)
{
	bool p99 = strstr(s->metric, "p99") != NULL;
	const struct fr_wp_point *a = NULL, *b = NULL;

	for (size_t i = 0; i < w[0]->n; i++) {
		const struct fr_wp_point *o = point_at(w[1], w[0]->pts[i].write_mbps);

		if (o && w[0]->pts[i].write_mbps <= s->write_mbps)
			a = &w[0]->pts[i], b = o;
	}
	if (!a) {
		snprintf(buf, len, "no common point at or below %g MB/s", s->write_mbps);
		return;
	}
	snprintf(buf, len, "%s%g MB/s, a gap of %.1f µs",
		 a->write_mbps == s->write_mbps ? "at " : "no point there; at ", a->write_mbps,
		 fabs(fr_us(p99 ? a->p99_ns - b->p99_ns : a->mean_ns - b->mean_ns)));
}

/* A statement's metric in words: "clat_p99_gap" -> "p99 read completion
 * latency" (clat: completion, lat: total); the key itself when it is not
 * of that shape. */
static void metric_words(const char *metric, char *buf, size_t len)
{
	const char *basis = !strncmp(metric, "clat_", 5)  ? "completion latency"
			    : !strncmp(metric, "lat_", 4) ? "total latency"
							  : NULL;
	const char *stat = basis ? strchr(metric, '_') + 1 : NULL;
	size_t n = stat ? strcspn(stat, "_") : 0;

	if (!basis || !n)
		snprintf(buf, len, "%s", metric);
	else
		snprintf(buf, len, "%.*s read %s", (int)n, stat, basis);
}

void fr_statement_text(const struct fr_ranking *r, const struct fr_statement *s, char *buf,
		       size_t len)
{
	char metric[96];
	const struct fr_wp_drive *w[2];
	char pts[128] = "", allow[160];
	size_t n = review_wp(r, s->review, w), used = 0;

	*buf = '\0';
	if (n < 2)
		return;
	for (size_t i = 0; i < w[0]->n && used < sizeof(pts); i++) {
		int k = snprintf(pts + used, sizeof(pts) - used, "%s%g", i ? ", " : "",
				 w[0]->pts[i].write_mbps);

		used += k > 0 ? (size_t)k : 0;
	}
	if (strstr(s->metric, "crossover"))
		points_allow_cross(r, s, allow, sizeof(allow));
	else
		points_allow_gap(w, s, allow, sizeof(allow));
	metric_words(s->metric, metric, sizeof(metric));
	snprintf(buf, len,
		 "%s (metric: %s; %s, as published); the published points (%s MB/s) allow: %s",
		 s->text, metric, s->review, pts, allow);
}

bool fr_folded_text(const struct fr_report *rep, char *buf, size_t len)
{
	size_t folded = rep->sect->nfolded; /* decided by the report stage */

	*buf = '\0';
	if (!folded)
		return false;
	snprintf(buf, len,
		 "%zu profile%s that hold%s only published drives folded away "
		 "(--all-sections shows %s)",
		 folded, folded == 1 ? "" : "s", folded == 1 ? "s" : "",
		 folded == 1 ? "it" : "them");
	return true;
}

bool fr_wins_folded_text(const struct fr_report *rep, char *buf, size_t len)
{
	size_t folded = rep->sect->nfolded;

	*buf = '\0';
	if (!folded)
		return false;
	snprintf(buf, len,
		 "these counts include the %zu profile%s folded away above (only published drives; "
		 "--all-sections shows %s)",
		 folded, folded == 1 ? "" : "s", folded == 1 ? "it" : "them");
	return true;
}

const char *fr_place_text(char *buf, size_t len, unsigned place)
{
	if (place)
		snprintf(buf, len, "%u", place);
	else
		snprintf(buf, len, "-");
	return buf;
}

bool fr_target_missed_text(const struct fr_step *s, char *buf, size_t len)
{
	double share = fr_step_target_missed(s);
	char set[32], got[32];

	*buf = '\0';
	if (isnan(share))
		return false;
	snprintf(buf, len, "%s: target %s IOPS, reached %s (%.0f %%)", s->name,
		 fr_num(set, sizeof(set), s->target_iops, 0),
		 fr_num(got, sizeof(got), fr_step_iops(s), 0), 100 * share);
	return true;
}

bool fr_peak_unstable_text(const struct fr_entry *e, bool by_mbps, char *buf, size_t len)
{
	const struct fr_step *run = NULL;
	double got, had;
	char a[32], b[32];

	*buf = '\0';
	for (size_t i = 0; i < e->ncurve; i++)
		if (!strcmp(e->curve[i]->name, "peak"))
			run = e->curve[i];
	if (!run || !e->peak || e->peak == run)
		return false;
	got = by_mbps ? fr_step_mbps(e->peak) : fr_step_iops(e->peak);
	had = by_mbps ? fr_step_mbps(run) : fr_step_iops(run);
	/* within the 5 % a capped step may miss its target by (FR_TARGET_MISS),
	 * a step at 100 % of the peak is the peak again */
	if (!(had > 0) || !(got > had / FR_TARGET_MISS))
		return false;
	snprintf(buf, len,
		 "peak not stable: capped step %s reached %s %s, %.0f %% above the uncapped peak "
		 "run (%s); ranked by the step",
		 e->peak->name, fr_num(a, sizeof(a), got, by_mbps ? 1 : 0),
		 by_mbps ? "MB/s" : "IOPS", 100 * (got / had - 1),
		 fr_num(b, sizeof(b), had, by_mbps ? 1 : 0));
	return true;
}

enum fr_dir fr_step_only_dir(const struct fr_step *s)
{
	enum fr_dir only = FR_NDIRS;

	for (int d = 0; d < FR_NDIRS; d++) {
		if (!s->dir[d].ios)
			continue;
		if (only != FR_NDIRS)
			return FR_NDIRS;
		only = (enum fr_dir)d;
	}
	return only;
}

void fr_ns_name(char *buf, size_t len, unsigned nsid)
{
	if (nsid)
		snprintf(buf, len, "ns%u", nsid);
	else
		snprintf(buf, len, "all");
}

void fr_derived_text(const struct fr_drive *d, char *buf, size_t len)
{
	*buf = '\0';
	if (d->reference && d->group > 1)
		snprintf(buf, len,
			 "per drive: published for %u drives run together, IOPS / %u, latency as "
			 "published",
			 d->group, d->group);
}

void fr_ref_place_text(const struct fr_entry *e, char *buf, size_t len)
{
	if (e->drive->reference) {
		fr_derived_text(e->drive, buf, len);
		if (!*buf)
			snprintf(buf, len, "-");
	} else if (e->ref_total) {
		snprintf(buf, len, "%u of %u%s%s", e->ref_place, e->ref_total,
			 *e->ref_note ? "; " : "", e->ref_note);
	} else {
		snprintf(buf, len, "%s", *e->ref_note ? e->ref_note : "-");
	}
}

void fr_ref_places(const struct fr_ranking *r, const struct fr_drive *d, char *buf, size_t len)
{
	size_t used = 0;

	*buf = '\0';
	for (size_t p = 0; p < r->nprofiles; p++)
		for (size_t i = 0; i < r->profiles[p].n; i++) {
			const struct fr_entry *e = &r->profiles[p].e[i];
			int n;

			char place[320];

			if (e->drive != d || (!e->ref_total && !*e->ref_note) || used >= len)
				continue;
			fr_ref_place_text(e, place, sizeof(place));
			n = snprintf(buf + used, len - used, "%s%s %s", used ? ", " : "",
				     r->profiles[p].name, place);
			if (n > 0)
				used += (size_t)n;
		}
}

bool fr_place_note_text(const struct fr_entry *e, char *buf, size_t len)
{
	*buf = '\0';
	if (!*e->place_note)
		return false;
	snprintf(buf, len, "not placed: %s", e->place_note);
	return true;
}

bool fr_wins_shown(const struct fr_ranking *r)
{
	for (size_t p = 0; p < r->nprofiles; p++)
		if (r->profiles[p].nplaced > 1)
			return true;
	return false;
}

/* ---- why the tail: what every format says of a key (out_tailwhy.h) */

static const char *step_name(const struct fr_tw_key *k)
{
	return k->step && k->step->name ? k->step->name : "";
}

const char *fr_tw_method_text(void)
{
	return "the I/Os above the percentile against the median I/Os (ranks p45-p55) of "
	       "the same tag key and step; K fixed from the median I/Os (their p90, at "
	       "least 1); a factor is named when a one-sided Fisher exact test passes at "
	       "0.01 over the factors tested and the slow share is 20 points above the "
	       "median's, never from fewer than 30 slow I/Os";
}

void fr_tw_key_head(FILE *f, const struct fr_tw_key *k)
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

void fr_tw_fdp_line(FILE *f, const struct fr_tw_key *k, const char *pre)
{
	if (k->fdp_events >= 0)
		fprintf(f,
			"%sthe drive logged %ld FDP events in the run; their times are the "
			"controller's clock and are not set against I/Os\n",
			pre, k->fdp_events);
}

/* ---- the tq-sweep section: what every format reads of it (out_tq.h) */

/* The section the report stage built (report.c), or NULL when no drive ran it. */
const struct fr_tq *fr_tq_section(const struct fr_report *rep)
{
	return rep->tq && rep->tq->nd ? rep->tq : NULL;
}

/* A figure for print: IOPS as is, latency in µs. */
double fr_tq_shown(const struct fr_tq_point *pt, int f)
{
	return f == FR_TQ_IOPS ? pt->fig[f] : fr_us(pt->fig[f]);
}

/* Rows of one step in IOPS order (unranked last). */
size_t fr_tq_step_rows(const struct fr_tq *t, const struct fr_tq_series *k,
		       const struct fr_tq_point **pts, const struct fr_drive **drv)
{
	size_t n = 0;

	for (unsigned want = 0; want <= t->nd; want++)
		for (size_t i = 0; i < t->nd; i++) {
			const struct fr_tq_point *pt = fr_tq_at(&t->d[i], k);

			if (pt && pt->place[FR_TQ_IOPS] == (want ? want : t->nd + 1)) {
				pts[n] = pt;
				drv[n++] = t->d[i].drive;
			}
		}
	for (size_t i = 0; i < t->nd; i++) {
		const struct fr_tq_point *pt = fr_tq_at(&t->d[i], k);

		if (pt && !pt->place[FR_TQ_IOPS]) {
			pts[n] = pt;
			drv[n++] = t->d[i].drive;
		}
	}
	return n;
}
