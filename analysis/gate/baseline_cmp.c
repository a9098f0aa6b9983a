// SPDX-License-Identifier: GPL-2.0-only
/*
 * fiorank --baseline: every step of every section (curve, write pressure,
 * noisy neighbor, tq-sweep) against the same step of the baseline, matched
 * by drive label, profile, step name and namespace only, never a near one.
 * A step on one side only is a row of its own, and so is a pair that ran
 * different parameters; neither is compared.  A --fail-if term decides only
 * on figures both sides have: one it cannot evaluate makes the gate "cannot
 * decide", with the term, the side and the fix (issue 21).
 */
#include <errno.h>
#include <json-c/json.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate/baseline.h"
#include "util/appendf.h"

const char *fr_bl_section_name(enum fr_bl_section s)
{
	static const char *const names[FR_BL_NSECTIONS] = {
		[FR_BL_CURVE] = "curve",
		[FR_BL_WP] = "write-pressure",
		[FR_BL_NN] = "noisy-neighbor",
		[FR_BL_TQ] = "tq-sweep",
	};
	return s < FR_BL_NSECTIONS ? names[s] : "?";
}

/* The section a step of this kind is gated in; false for the steps that are
 * not results (preconditioning, the writers of write pressure and noisy
 * neighbor: their victims are what the tests measure). */
static bool section_of(enum fr_kind k, enum fr_bl_section *s)
{
	switch (k) {
	case FR_KIND_CURVE:
		*s = FR_BL_CURVE;
		return true;
	case FR_KIND_WP_READ:
		*s = FR_BL_WP;
		return true;
	case FR_KIND_NN_READ:
		*s = FR_BL_NN;
		return true;
	case FR_KIND_TQ:
		*s = FR_BL_TQ;
		return true;
	default:
		return false;
	}
}

/* A percentile of one direction on one basis. */
static double pct_of(const struct fr_dirstat *d, enum fr_basis b, bool p9999)
{
	return p9999 ? d->lat[b].p9999 : d->lat[b].p99;
}

/* The worse percentile of the directions that did I/O; NAN when one of
 * them has none (the worse is then not known). */
static double worst_pct(const struct fr_step *s, enum fr_basis b, bool p9999)
{
	double worst = NAN;

	for (int d = 0; d < FR_NDIRS; d++) {
		double v = pct_of(&s->dir[d], b, p9999);

		if (!s->dir[d].ios)
			continue;
		if (isnan(v))
			return NAN;
		if (isnan(worst) || v > worst)
			worst = v;
	}
	return worst;
}

double fr_bl_figure(const struct fr_step *s, enum fr_bl_metric m, enum fr_basis b)
{
	switch (m) {
	case FR_BL_IOPS:
		return fr_step_iops(s);
	case FR_BL_MBPS:
		return fr_step_mbps(s);
	case FR_BL_MEAN:
		return fr_step_mean_lat(s, b);
	case FR_BL_P99:
		return worst_pct(s, b, false);
	case FR_BL_P9999:
		return worst_pct(s, b, true);
	default:
		return NAN;
	}
}

/* Whether the directions that did I/O have any percentile on basis b. */
static bool has_percentiles(const struct fr_step *s, enum fr_basis b)
{
	for (int d = 0; d < FR_NDIRS; d++)
		if (s->dir[d].ios &&
		    (!isnan(s->dir[d].lat[b].p99) || !isnan(s->dir[d].lat[b].p999) ||
		     !isnan(s->dir[d].lat[b].p9999)))
			return true;
	return false;
}

void fr_bl_why_absent(const struct fr_step *s, enum fr_bl_metric m, enum fr_basis b, char *buf,
		      size_t len)
{
	enum fr_basis other = b == FR_CLAT ? FR_LAT : FR_CLAT;
	const char *pct = m == FR_BL_P99 ? "99" : "99.99";

	if (m == FR_BL_IOPS || m == FR_BL_MBPS) {
		snprintf(buf, len, "the step has no %s (no I/O counted)",
			 m == FR_BL_IOPS ? "IOPS" : "bandwidth");
	} else if (m == FR_BL_MEAN) {
		snprintf(buf, len,
			 "fio printed no mean %s latency (disable_%s=1?): %s run fio without "
			 "disable_%s",
			 b == FR_CLAT ? "completion" : "total", b == FR_CLAT ? "clat" : "lat",
			 !isnan(fr_step_mean_lat(s, other))
				 ? (b == FR_CLAT ? "use -b lat, or" : "use -b clat, or")
				 : "",
			 b == FR_CLAT ? "clat" : "lat");
	} else if (b == FR_LAT && !has_percentiles(s, FR_LAT)) {
		snprintf(buf, len,
			 "fio printed no total-latency percentiles (lat_percentiles=0, its "
			 "default)%s: use -b clat, or run fio with lat_percentiles=1",
			 has_percentiles(s, FR_CLAT) ? ", only completion-latency ones" : "");
	} else if (has_percentiles(s, b)) {
		snprintf(buf, len,
			 "p%s is not in fio's percentile_list: run fio with "
			 "percentile_list=...:%s (fio's default list has it)",
			 pct, pct);
	} else {
		snprintf(buf, len,
			 "fio printed no completion-latency percentiles (clat_percentiles=0)%s: "
			 "run fio with clat_percentiles=1 (its default)%s",
			 has_percentiles(s, other) ? ", only total-latency ones" : "",
			 has_percentiles(s, other) ? ", or use -b lat" : "");
	}
}

static const struct fr_step *find_step(const struct fr_model *m, const char *drive,
				       const char *profile, const struct fr_step *like)
{
	const struct fr_drive *d = fr_model_find_drive(m, drive);
	const struct fr_profile *p = d && !d->reference ? fr_drive_find_profile(d, profile) : NULL;

	for (size_t i = 0; p && i < p->nsteps; i++) {
		const struct fr_step *s = &p->steps[i];

		if (s->kind == like->kind && s->nsid == like->nsid && !strcmp(s->name, like->name))
			return s;
	}
	return NULL;
}

static int appendf(char **out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Appends to the "; "-joined malloc'd string *out. */
static int appendf(char **out, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = fr_vappendf(out, "; ", fmt, ap);
	va_end(ap);
	return rc;
}

static struct fr_bl_row *new_row(struct fr_baseline *b, const char *drive, const char *profile,
				 const struct fr_step *s, enum fr_bl_section sec,
				 enum fr_bl_status st)
{
	struct fr_bl_row *n = realloc(b->rows, (b->nrows + 1) * sizeof(*n));

	if (!n)
		return NULL;
	b->rows = n;
	n = &b->rows[b->nrows++];
	memset(n, 0, sizeof(*n));
	n->section = sec;
	n->drive = drive;
	n->profile = profile;
	n->step = s->name;
	n->nsid = s->nsid;
	n->status = st;
	for (int i = 0; i < FR_BL_NMETRICS; i++) {
		n->base[i] = n->cur[i] = n->change_pct[i] = NAN;
		n->noise[i].change_lo = n->noise[i].change_hi = NAN;
		n->noise[i].spread_base = n->noise[i].spread_cur = NAN;
	}
	return n;
}

/* How many runs of a side hold the step. */
static unsigned runs_holding(const struct fr_bl_runs *side, const char *drive, const char *profile,
			     const struct fr_step *like)
{
	unsigned n = 0;

	for (size_t i = 0; i < side->n; i++)
		n += find_step(side->m[i], drive, profile, like) != NULL;
	return n;
}

/* Figure m of the step in every run of a side (NAN where a run lacks it). */
static void run_figures(const struct fr_bl_runs *side, const char *drive, const char *profile,
			const struct fr_step *like, enum fr_bl_metric m, enum fr_basis b, double *v)
{
	for (size_t i = 0; i < side->n; i++) {
		const struct fr_step *s = find_step(side->m[i], drive, profile, like);

		v[i] = s ? fr_bl_figure(s, m, b) : NAN;
	}
}

/* The median of the figures of v[0..n) that exist (compacts v). */
static double median_present(double *v, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (!isnan(v[i]))
			v[k++] = v[i];
	return fr_bl_median(v, k);
}

/* The medians, their change and the noise of every metric of a pair. */
static int fill_figures(struct fr_bl_row *row, const struct fr_bl_runs *cur,
			const struct fr_bl_runs *base, const struct fr_step *like,
			enum fr_basis basis)
{
	size_t n = base->n + cur->n;
	double *vb = calloc(n, sizeof(*vb)), *vc = vb ? vb + base->n : NULL;

	row->runfig = calloc((size_t)FR_BL_NMETRICS * n, sizeof(*row->runfig));
	if (!vb || !row->runfig) {
		free(vb);
		return -ENOMEM;
	}
	for (int m = 0; m < FR_BL_NMETRICS; m++) {
		run_figures(base, row->drive, row->profile, like, m, basis, vb);
		run_figures(cur, row->drive, row->profile, like, m, basis, vc);
		memcpy(row->runfig + (size_t)m * n, vb, n * sizeof(*vb));
		fr_bl_noise(vb, base->n, vc, cur->n, &row->noise[m]);
		row->base[m] = median_present(vb, base->n);
		row->cur[m] = median_present(vc, cur->n);
		if (row->base[m] > 0 && !isnan(row->cur[m]))
			row->change_pct[m] = (row->cur[m] - row->base[m]) / row->base[m] * 100.0;
	}
	free(vb);
	return 0;
}

/* Why term metric m cannot be evaluated on this pair: the side(s) and the
 * fix, appended to row->why. */
static int say_undecided(struct fr_bl_row *row, enum fr_bl_metric m, const struct fr_step *cs,
			 const struct fr_step *bs, enum fr_basis basis)
{
	char wb[320] = "", wc[320] = "";
	bool nb = isnan(row->base[m]), nc = isnan(row->cur[m]);

	if (nb)
		fr_bl_why_absent(bs, m, basis, wb, sizeof(wb));
	if (nc)
		fr_bl_why_absent(cs, m, basis, wc, sizeof(wc));
	if (nb && nc && !strcmp(wb, wc))
		return appendf(&row->why, "%s absent in the baseline and the new run: %s",
			       fr_bl_metric_name(m), wb);
	if (nb && nc)
		return appendf(&row->why, "%s absent in the baseline: %s; and in the new run: %s",
			       fr_bl_metric_name(m), wb, wc);
	if (nb || nc)
		return appendf(&row->why, "%s absent in the %s: %s", fr_bl_metric_name(m),
			       nb ? "baseline" : "new run", nb ? wb : wc);
	return appendf(&row->why, "%s is %g in the baseline: no change in percent",
		       fr_bl_metric_name(m), row->base[m]);
}

/* Each term on a compared pair: crossed, within the noise, or undecided. */
static int gate_row(struct fr_bl_row *row, const struct fr_gate *g, const struct fr_step *cs,
		    const struct fr_step *bs, enum fr_basis basis, size_t *evaluated)
{
	for (size_t t = 0; g && t < g->nterms; t++) {
		enum fr_bl_metric m = g->terms[t].metric;
		bool within;

		if (isnan(row->change_pct[m])) {
			if (!(row->undecided & (1u << m)) && say_undecided(row, m, cs, bs, basis))
				return -ENOMEM;
			row->undecided |= 1u << m;
			continue;
		}
		evaluated[t]++;
		if (fr_bl_term_crossed(&g->terms[t], row->change_pct[m], &row->noise[m], &within))
			row->crossed |= 1u << m;
		else if (within)
			row->within_noise |= 1u << m;
	}
	return 0;
}

/* One pass over the first run of a side (the inputs', then the baseline's,
 * which adds only the steps the inputs lack). */
struct pass {
	struct fr_baseline *b;
	const struct fr_bl_runs *cur, *base;
	const struct fr_gate *g;
	bool is_base;
	size_t *evaluated;	   /* per term: compared steps it was evaluated on */
	struct json_object *modes; /* fr_bl_unlike's cache */
};

/* A step on this side only: its own figures, shown as they are. */
static void one_side(struct pass *ps, struct fr_bl_row *row, const struct fr_step *s)
{
	for (int m = 0; m < FR_BL_NMETRICS; m++)
		(ps->is_base ? row->base : row->cur)[m] = fr_bl_figure(s, m, ps->b->basis);
	ps->b->nunmatched++;
}

/* The row of step s of drive/profile, compared with o when both sides have it. */
static int step_row(struct pass *ps, const char *drive, const char *profile,
		    const struct fr_step *s, const struct fr_step *o, enum fr_bl_section sec)
{
	struct fr_baseline *b = ps->b;
	struct fr_bl_row *row = new_row(b, drive, profile, s, sec,
					o	      ? FR_BL_COMPARED
					: ps->is_base ? FR_BL_ONLY_BASELINE
						      : FR_BL_ONLY_INPUT);

	if (!row)
		return -ENOMEM;
	if (!o) {
		one_side(ps, row, s);
		return 0;
	}
	errno = 0;
	row->unlike = fr_bl_unlike(s, o, ps->modes);
	if ((!row->unlike && errno == ENOMEM) || fill_figures(row, ps->cur, ps->base, s, b->basis))
		return -ENOMEM;
	if (row->unlike) {
		row->status = FR_BL_UNLIKE;
		b->nunmatched++;
		return 0;
	}
	b->ncompared++;
	row->base_held = runs_holding(ps->base, drive, profile, s);
	row->cur_held = runs_holding(ps->cur, drive, profile, s);
	b->nincomplete += row->base_held < ps->base->n || row->cur_held < ps->cur->n;
	if (gate_row(row, ps->g, s, o, b->basis, ps->evaluated))
		return -ENOMEM;
	b->ncrossed += row->crossed != 0;
	b->nundecided += row->undecided != 0;
	return 0;
}

/* The rows of every gated step of the first run of one side. */
static int rows_of(struct pass *ps)
{
	const struct fr_model *mine = (ps->is_base ? ps->base : ps->cur)->m[0];
	const struct fr_model *other = (ps->is_base ? ps->cur : ps->base)->m[0];

	for (size_t d = 0; d < mine->ndrives; d++) {
		const struct fr_drive *dr = &mine->drives[d];

		for (size_t p = 0; !dr->reference && p < dr->nprofiles; p++) {
			const struct fr_profile *pr = &dr->profiles[p];

			for (size_t i = 0; i < pr->nsteps; i++) {
				const struct fr_step *s = &pr->steps[i];
				const struct fr_step *o = find_step(other, dr->label, pr->name, s);
				enum fr_bl_section sec;

				if (!section_of(s->kind, &sec) || (o && ps->is_base))
					continue;
				if (step_row(ps, dr->label, pr->name, s, o, sec))
					return -ENOMEM;
			}
		}
	}
	return 0;
}

/* The gate as a whole: nothing compared, or a term evaluated on no pair,
 * cannot be decided either. */
static int gate_verdict(struct fr_baseline *b, const struct fr_gate *g, const size_t *evaluated)
{
	if (!g || !g->nterms)
		return 0;
	if (!b->ncompared) {
		b->undecided = true;
		return appendf(
			&b->why,
			"nothing was compared (%zu step%s on one side only or unlike runs)%s%s",
			b->nunmatched, b->nunmatched == 1 ? "" : "s", b->other_drives ? ": " : "",
			b->other_drives ? b->other_drives : "");
	}
	for (size_t t = 0; t < g->nterms; t++)
		if (!evaluated[t] &&
		    appendf(&b->why, "%s could not be evaluated on any compared step",
			    fr_bl_metric_name(g->terms[t].metric)))
			return -ENOMEM;
	b->undecided = b->why || b->nundecided;
	return 0;
}

int fr_baseline_compare(const struct fr_bl_runs *cur, const struct fr_bl_runs *base,
			enum fr_basis basis, const struct fr_gate *g, struct fr_baseline *out)
{
	size_t *evaluated = calloc(g && g->nterms ? g->nterms : 1, sizeof(*evaluated));
	struct json_object *modes = json_object_new_object();
	int ret = -ENOMEM;
	struct pass ps = {out, cur, base, g, false, evaluated, modes};

	for (size_t i = 0; modes && i < cur->n; i++)
		fr_bl_modes_seed(modes, cur->m[i]);
	for (size_t i = 0; modes && i < base->n; i++)
		fr_bl_modes_seed(modes, base->m[i]);
	out->basis = basis;
	errno = 0;
	out->other_drives = fr_bl_other_drives(cur->m[0], base->m[0]);
	out->nbase_runs = base->n;
	out->ncur_runs = cur->n;
	if (evaluated && modes && (out->other_drives || errno != ENOMEM) && !rows_of(&ps)) {
		ps.is_base = true; /* then the baseline's steps the inputs lack */
		if (!rows_of(&ps))
			ret = gate_verdict(out, g, evaluated);
		if (!ret)
			ret = fr_bl_verdict_test(out, g);
	}
	free(evaluated);
	json_object_put(modes);
	return ret;
}

const char *fr_bl_row_title(char *buf, size_t len, const struct fr_bl_row *r)
{
	switch (r->section) {
	case FR_BL_NN:
		snprintf(buf, len, "noisy-neighbor victim ns%u", r->nsid);
		break;
	case FR_BL_WP:
		snprintf(buf, len, "write-pressure reads @%s MB/s", r->step);
		break;
	default:
		snprintf(buf, len, "%s %s@%s", fr_bl_section_name(r->section), r->profile, r->step);
	}
	return buf;
}

const char *fr_bl_verdict(const struct fr_baseline *b)
{
	return !b->fail_if    ? "no gate"
	       : b->ncrossed  ? "regression"
	       : b->undecided ? "cannot decide"
			      : "pass";
}

void fr_baseline_free(struct fr_baseline *b)
{
	for (size_t i = 0; i < b->nrows; i++) {
		free(b->rows[i].unlike);
		free(b->rows[i].why);
		free(b->rows[i].runfig);
	}
	free(b->rows);
	free(b->why);
	free(b->other_drives);
	b->rows = NULL;
	b->why = NULL;
	b->other_drives = NULL;
	b->nrows = 0;
}
