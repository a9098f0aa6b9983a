// SPDX-License-Identifier: GPL-2.0-only
/*
 * fiorank --baseline: the --fail-if expression and the comparison of two
 * rankings, drive by drive and profile by profile.  A drive or profile is
 * matched by its name only, never to a near one; one found on one side only
 * is a row of its own, and so is a pair that ran different parameters.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "baseline.h"

static const char *const metric_names[FR_BL_NMETRICS] = {
	[FR_BL_IOPS] = "iops", [FR_BL_MBPS] = "mbps",	 [FR_BL_MEAN] = "mean",
	[FR_BL_P99] = "p99",   [FR_BL_P9999] = "p99.99",
};

const char *fr_bl_metric_name(enum fr_bl_metric m)
{
	return m < FR_BL_NMETRICS ? metric_names[m] : "?";
}

static int parse_error(char *err, size_t len, const char *expr, const char *at, const char *fmt,
		       ...) __attribute__((format(printf, 5, 6)));

static int parse_error(char *err, size_t len, const char *expr, const char *at, const char *fmt,
		       ...)
{
	va_list ap;
	int n = snprintf(err, len, "--fail-if '%s': at character %zu: ", expr,
			 (size_t)(at - expr) + 1);

	va_start(ap, fmt);
	if (n >= 0 && (size_t)n < len)
		vsnprintf(err + n, len - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

/* The longest metric name at p ("p99.99" before "p99"). */
static int read_metric(const char **p, enum fr_bl_metric *m)
{
	size_t best = 0;

	for (int i = 0; i < FR_BL_NMETRICS; i++) {
		size_t n = strlen(metric_names[i]);

		if (n > best && !strncmp(*p, metric_names[i], n)) {
			best = n;
			*m = (enum fr_bl_metric)i;
		}
	}
	*p += best;
	return best ? 0 : -1;
}

/* METRIC OP SIGN NUMBER '%', at *p; leaves *p after it. */
static int parse_term(const char *expr, const char **p, struct fr_gate_term *t, char *err,
		      size_t len)
{
	const char *s = *p;
	char *end;

	if (read_metric(&s, &t->metric) || isalnum((unsigned char)*s) || *s == '.')
		return parse_error(err, len, expr, *p,
				   "expected a metric (iops, mbps, mean, p99 or p99.99)");
	if (*s != '>' && *s != '<')
		return parse_error(err, len, expr, s, "expected '>' or '<' after %s",
				   metric_names[t->metric]);
	t->above = *s++ == '>';
	if (*s != '+' && *s != '-')
		return parse_error(err, len, expr, s,
				   "expected a signed change such as +10%% or -5%%");
	if (!isdigit((unsigned char)s[1]))
		return parse_error(err, len, expr, s + 1, "expected a number");
	errno = 0;
	t->pct = strtod(s, &end);
	if (errno || !isfinite(t->pct) || (end > s && (end[-1] == '.' || tolower(end[-1]) == 'e')))
		return parse_error(err, len, expr, s, "not a plain number");
	for (const char *q = s + 1; q < end; q++)
		if (!isdigit((unsigned char)*q) && *q != '.')
			return parse_error(err, len, expr, q, "not a plain number");
	if (*end != '%')
		return parse_error(err, len, expr, end, "expected '%%' after the number");
	*p = end + 1;
	return 0;
}

int fr_gate_parse(const char *expr, struct fr_gate *g, char *err, size_t len)
{
	const char *p = expr;

	g->terms = NULL;
	g->nterms = 0;
	if (!*expr)
		return parse_error(err, len, expr, p, "empty expression");
	for (;;) {
		struct fr_gate_term t, *n;

		if (parse_term(expr, &p, &t, err, len))
			goto fail;
		n = realloc(g->terms, (g->nterms + 1) * sizeof(*n));
		if (!n) {
			snprintf(err, len, "out of memory");
			goto fail;
		}
		g->terms = n;
		g->terms[g->nterms++] = t;
		if (!*p)
			return 0;
		if (*p != ',') {
			parse_error(err, len, expr, p, "expected ',' or the end");
			goto fail;
		}
		p++;
	}
fail:
	fr_gate_free(g);
	return -1;
}

void fr_gate_free(struct fr_gate *g)
{
	free(g->terms);
	g->terms = NULL;
	g->nterms = 0;
}

/* The worse (higher) percentile of the directions that did I/O. */
static double worst_pct(const struct fr_step *s, enum fr_basis b, bool p9999)
{
	double worst = NAN;

	for (int d = 0; d < FR_NDIRS; d++) {
		double v = p9999 ? s->dir[d].lat[b].p9999 : s->dir[d].lat[b].p99;

		if (s->dir[d].ios && !isnan(v) && (isnan(worst) || v > worst))
			worst = v;
	}
	return worst;
}

static void figures(const struct fr_entry *e, enum fr_basis b, double *v)
{
	v[FR_BL_IOPS] = e->iops;
	v[FR_BL_MBPS] = e->mbps;
	v[FR_BL_MEAN] = e->lat_ns;
	v[FR_BL_P99] = worst_pct(e->peak, b, false);
	v[FR_BL_P9999] = worst_pct(e->peak, b, true);
}

static const struct fr_entry *find_entry(const struct fr_ranking *r, const char *profile,
					 const char *drive)
{
	for (size_t p = 0; p < r->nprofiles; p++) {
		if (strcmp(r->profiles[p].name, profile))
			continue;
		for (size_t i = 0; i < r->profiles[p].n; i++)
			if (!r->profiles[p].e[i].drive->reference &&
			    !strcmp(r->profiles[p].e[i].drive->label, drive))
				return &r->profiles[p].e[i];
	}
	return NULL;
}

static struct fr_bl_row *new_row(struct fr_baseline *b, const struct fr_entry *e,
				 const char *profile, enum fr_bl_status st)
{
	struct fr_bl_row *n = realloc(b->rows, (b->nrows + 1) * sizeof(*n));

	if (!n)
		return NULL;
	b->rows = n;
	n = &b->rows[b->nrows++];
	memset(n, 0, sizeof(*n));
	n->drive = e->drive->label;
	n->profile = profile;
	n->status = st;
	for (int i = 0; i < FR_BL_NMETRICS; i++)
		n->base[i] = n->cur[i] = n->change_pct[i] = NAN;
	return n;
}

static bool crosses(const struct fr_gate_term *t, double change)
{
	return !isnan(change) && (t->above ? change > t->pct : change < t->pct);
}

static void compare_row(struct fr_bl_row *row, const struct fr_gate *g)
{
	for (int i = 0; i < FR_BL_NMETRICS; i++)
		if (row->base[i] > 0 && !isnan(row->cur[i]))
			row->change_pct[i] = (row->cur[i] - row->base[i]) / row->base[i] * 100.0;
	for (size_t t = 0; g && t < g->nterms; t++)
		if (crosses(&g->terms[t], row->change_pct[g->terms[t].metric]))
			row->crossed |= 1u << g->terms[t].metric;
}

/* Rows for the measured entries of r's profile p: one side, or both. */
static int rows_of(struct fr_baseline *b, const struct fr_profile_rank *p,
		   const struct fr_ranking *other, const struct fr_gate *g, bool is_base)
{
	for (size_t i = 0; i < p->n; i++) {
		const struct fr_entry *e = &p->e[i], *o;
		struct fr_bl_row *row;

		if (e->drive->reference)
			continue;
		o = find_entry(other, p->name, e->drive->label);
		if (o && is_base)
			continue; /* the inputs' pass made this row */
		row = new_row(b, e, p->name,
			      o		? FR_BL_COMPARED
			      : is_base ? FR_BL_ONLY_BASELINE
					: FR_BL_ONLY_INPUT);
		if (!row)
			return -ENOMEM;
		figures(e, b->basis, is_base ? row->base : row->cur);
		if (!o) {
			b->nunmatched++;
			continue;
		}
		figures(o, b->basis, row->base);
		errno = 0;
		row->unlike = fr_bl_unlike(e->peak, o->peak);
		if (!row->unlike && errno == ENOMEM)
			return -ENOMEM;
		if (row->unlike) {
			row->status = FR_BL_UNLIKE;
			b->nunmatched++;
			continue;
		}
		compare_row(row, g);
		b->ncrossed += row->crossed != 0;
	}
	return 0;
}

int fr_baseline_compare(const struct fr_ranking *rc, const struct fr_ranking *rb,
			const struct fr_gate *g, struct fr_baseline *out)
{
	out->basis = rc->basis;
	for (size_t p = 0; p < rc->nprofiles; p++)
		if (rows_of(out, &rc->profiles[p], rb, g, false))
			return -ENOMEM;
	for (size_t p = 0; p < rb->nprofiles; p++)
		if (rows_of(out, &rb->profiles[p], rc, g, true))
			return -ENOMEM;
	return 0;
}

void fr_baseline_free(struct fr_baseline *b)
{
	for (size_t i = 0; i < b->nrows; i++)
		free(b->rows[i].unlike);
	free(b->rows);
	b->rows = NULL;
	b->nrows = 0;
}
