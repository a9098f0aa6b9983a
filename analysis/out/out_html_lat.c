// SPDX-License-Identifier: GPL-2.0-only
/*
 * Latency percentile charts of the HTML report: per profile and direction,
 * the curve of achieved IOPS against the 99th percentile (from fio's
 * clat_ns/lat_ns percentiles, or the engine's tags), beside the mean.
 * A mix's percentiles are per direction and are never added up.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out/out_html_chart.h"

void fr_html_curve_label(char *buf, size_t len, const struct fr_step *s)
{
	char *end;

	strtod(s->name, &end);
	snprintf(buf, len, end != s->name && !*end ? "%s %%%s" : "%s%s", s->name,
		 isnan(fr_step_target_missed(s)) ? "" : "!");
}

/* Fills s with entry e's points that have a p99 of direction d; returns
 * how many. */
static size_t p99_points(const struct fr_entry *e, enum fr_dir d, enum fr_basis basis, double *x,
			 double *y, char (*steps)[24], const char **labels)
{
	size_t n = 0;

	for (size_t k = 0; k < e->ncurve; k++) {
		const struct fr_step *st = e->curve[k];

		if (!fr_step_has_p99(st, d, basis))
			continue;
		x[n] = fr_step_iops(st);
		y[n] = fr_us(st->dir[d].lat[basis].p99);
		fr_html_curve_label(steps[n], sizeof(steps[0]), st);
		labels[n] = steps[n];
		n++;
	}
	return n;
}

static void p99_chart(FILE *f, const struct fr_profile_rank *pr, enum fr_dir d, enum fr_basis basis,
		      struct fr_palette *pal, size_t npts, const struct fr_scales *sc)
{
	struct fr_series *s = calloc(pr->n + 1, sizeof(*s));
	double *xy = calloc(2 * npts + 1, sizeof(*xy));
	char(*steps)[24] = calloc(npts + 1, sizeof(*steps));
	const char **labels = calloc(npts + 1, sizeof(*labels));
	size_t ns = 0, off = 0, without = 0;
	char title[256];

	if (!s || !xy || !steps || !labels)
		goto out;
	for (size_t i = 0; i < pr->n; i++) {
		const struct fr_entry *e = &pr->e[i];
		size_t n = p99_points(e, d, basis, xy + off, xy + npts + off, steps + off,
				      labels + off);

		if (!n) {
			without++;
			continue;
		}
		s[ns] = (struct fr_series){
			e->drive->label,     xy + off,
			xy + npts + off,     n,
			e->drive->reference, fr_palette_index(pal, e->drive->label),
			labels + off};
		ns++;
		off += n;
	}
	snprintf(title, sizeof(title), "%s: achieved IOPS vs %s 99th percentile %s latency",
		 pr->name, fr_dir_name(d), basis == FR_CLAT ? "clat" : "lat");
	fr_svg_lines_scaled(f, title, "IOPS", "p99 latency (µs)", s, ns, sc);
	if (without)
		fprintf(f,
			"<p class=\"note\">%zu drive%s of this profile %s no %s p99 in "
			"%s input and %s not in this chart (published curves give the mean "
			"only).</p>\n",
			without, without > 1 ? "s" : "", without > 1 ? "have" : "has",
			fr_dir_name(d), without > 1 ? "their" : "its", without > 1 ? "are" : "is");
out:
	free(s);
	free(xy);
	free(steps);
	free(labels);
}

void fr_html_p99_curves(FILE *f, const struct fr_profile_rank *pr, enum fr_basis basis,
			struct fr_palette *pal, const struct fr_scales *sc)
{
	for (int d = FR_READ; d <= FR_WRITE; d++) {
		size_t npts = 0;

		for (size_t i = 0; i < pr->n; i++)
			for (size_t k = 0; k < pr->e[i].ncurve; k++)
				npts += fr_step_has_p99(pr->e[i].curve[k], (enum fr_dir)d, basis);
		if (npts)
			p99_chart(f, pr, (enum fr_dir)d, basis, pal, npts, sc);
	}
}
