// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio's latency bins kept exactly and read as fio reads them (hist.h).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/hist.h"

int fr_hist_add(struct fr_hist *h, double ns, double count)
{
	if (h->n == h->cap) {
		size_t cap = h->cap ? 2 * h->cap : 1024;
		struct fr_bin *b = realloc(h->b, cap * sizeof(*b));

		if (!b)
			return -ENOMEM;
		h->b = b;
		h->cap = cap;
	}
	h->b[h->n++] = (struct fr_bin){ns, count};
	h->total += count;
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

int fr_hist_copy(struct fr_hist *dst, const struct fr_hist *src)
{
	*dst = (struct fr_hist){.total = src->total};
	if (!src->n)
		return 0;
	if (!(dst->b = malloc(src->n * sizeof(*dst->b)))) {
		dst->total = 0;
		return -ENOMEM;
	}
	memcpy(dst->b, src->b, src->n * sizeof(*dst->b));
	dst->n = dst->cap = src->n;
	return 0;
}

void fr_hist_free(struct fr_hist *h)
{
	free(h->b);
	*h = (struct fr_hist){0};
}
