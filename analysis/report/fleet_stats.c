// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio's latency bins summed and read as fio reads them, and the spread of
 * a figure across drives (fleet_stats.h).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include <json-c/json.h>

#include "report/fleet_stats.h"

int fr_hist_add_json(struct fr_hist *h, struct json_object *bins)
{
	size_t start = h->n;
	double added = 0;

	if (!json_object_is_type(bins, json_type_object))
		return -1;
	json_object_object_foreach(bins, key, val)
	{
		char *end;
		double ns = strtod(key, &end), c = json_object_get_double(val);

		if (end == key || *end || !(ns >= 0) || !(c >= 0) ||
		    !(json_object_is_type(val, json_type_int) ||
		      json_object_is_type(val, json_type_double))) {
			h->n = start;
			return -1;
		}
		if (h->n == h->cap) {
			size_t cap = h->cap ? 2 * h->cap : 1024;
			struct fr_bin *b = realloc(h->b, cap * sizeof(*b));

			if (!b) {
				h->n = start;
				return -2;
			}
			h->b = b;
			h->cap = cap;
		}
		h->b[h->n++] = (struct fr_bin){ns, c};
		added += c;
	}
	h->total += added;
	return 0;
}

static int by_ns(const void *a, const void *b)
{
	double x = ((const struct fr_bin *)a)->ns, y = ((const struct fr_bin *)b)->ns;

	return (x > y) - (x < y);
}

void fr_hist_sort(struct fr_hist *h)
{
	size_t out = 0;

	if (!h->n)
		return;
	qsort(h->b, h->n, sizeof(*h->b), by_ns);
	for (size_t i = 1; i < h->n; i++) {
		if (h->b[i].ns == h->b[out].ns)
			h->b[out].count += h->b[i].count;
		else
			h->b[++out] = h->b[i];
	}
	h->n = out + 1;
}

double fr_hist_pct(const struct fr_hist *h, double p)
{
	double seen = 0, rank = p / 100.0 * h->total;

	if (!(h->total > 0))
		return NAN;
	for (size_t i = 0; i < h->n; i++) {
		seen += h->b[i].count;
		if (seen >= rank)
			return h->b[i].ns;
	}
	return h->b[h->n - 1].ns;
}

void fr_hist_free(struct fr_hist *h)
{
	free(h->b);
	*h = (struct fr_hist){0};
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median_of_sorted(const double *v, size_t n)
{
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* n > 0 finite figures of v, sorted, in w. */
static size_t sorted_finite(const double *v, size_t n, double *w)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (isfinite(v[i]))
			w[k++] = v[i];
	qsort(w, k, sizeof(*w), by_value);
	return k;
}

static void outliers(const double *v, size_t n, struct fr_drive_spread *s)
{
	s->outlier = -1;
	s->rule_applied = s->n >= FR_OUTLIER_MIN_N && s->mad > 0;
	if (!s->rule_applied)
		return;
	for (size_t i = 0; i < n; i++)
		if (isfinite(v[i]) && fabs(v[i] - s->median) > FR_OUTLIER_K * s->mad)
			s->outlier = s->outlier == -1 ? (long)i : -2;
}

int fr_drive_spread_of(const double *v, size_t n, struct fr_drive_spread *s)
{
	double *w = malloc((n ? n : 1) * sizeof(*w)), sum = 0, sq = 0, mean;
	size_t k = sorted_finite(v, n, w);

	if (!w)
		return -1;
	*s = (struct fr_drive_spread){.n = k,
				      .min = NAN,
				      .median = NAN,
				      .max = NAN,
				      .cv = NAN,
				      .mad = NAN,
				      .outlier = -1};
	if (k) {
		s->min = w[0];
		s->max = w[k - 1];
		s->median = median_of_sorted(w, k);
		for (size_t i = 0; i < k; i++)
			sum += w[i];
		mean = sum / (double)k;
		for (size_t i = 0; i < k; i++)
			sq += (w[i] - mean) * (w[i] - mean);
		if (k >= 2 && mean != 0)
			s->cv = sqrt(sq / (double)(k - 1)) / mean;
		for (size_t i = 0; i < k; i++)
			w[i] = fabs(w[i] - s->median);
		qsort(w, k, sizeof(*w), by_value);
		/* 1.4826: the MAD of a normal sample estimates its sigma so */
		s->mad = 1.4826 * median_of_sorted(w, k);
	}
	free(w);
	outliers(v, n, s);
	return 0;
}
