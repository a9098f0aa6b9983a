// SPDX-License-Identifier: GPL-2.0-only
/*
 * fiorank --baseline: the --fail-if expression (baseline_cmp.c compares,
 * baseline_noise.c estimates the noise of repeated runs).
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "gate/baseline.h"

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
