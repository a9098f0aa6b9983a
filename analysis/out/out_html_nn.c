// SPDX-License-Identifier: GPL-2.0-only
/*
 * The HTML report's noisy-neighbor section.  Victims and aggressors apart:
 * the victims are the readers, ranked per namespace by their read tail; a
 * namespace a drive's writers wrote to is an aggressor's, and the reads
 * there (the writers' own mix, from the engine's per-namespace tags) are
 * not victims.  The suite's io_uring_cmd cross-check run is the same drive
 * through fio's own passthrough engine: it is shown as a ratio to the
 * ssdnvme run, not ranked as a competitor.  Colours follow the drive.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "out/out_cell.h"
#include "out/out_html_chart.h"

static const char *const metrics[] = {"mean", "p99", "p99.9", "p99.99"};

static double lat_metric(const struct fr_lat *l, int k)
{
	return k == 0 ? l->mean : k == 1 ? l->p99 : k == 2 ? l->p999 : l->p9999;
}

/* One namespace's victims: chart and table, placed among themselves.  The
 * view has no cross-check runs and no writers' own reads (crosscheck.c). */
static void victims_ns(FILE *f, const struct fr_nn_view *ns, struct fr_palette *pal)
{
	const char **names = calloc(ns->n + 1, sizeof(*names));
	size_t *colors = calloc(ns->n + 1, sizeof(*colors));
	const struct fr_nn_entry **e = calloc(ns->n + 1, sizeof(*e));
	double *v = calloc(4 * ns->n + 1, sizeof(*v));
	size_t n = 0;
	char nsname[16], title[80];

	if (!names || !v || !colors || !e)
		goto out;
	for (size_t i = 0; i < ns->n; i++) /* the victims only (crosscheck.c) */
		e[n++] = ns->e[i];
	if (!n)
		goto out;
	for (size_t j = 0; j < n; j++) {
		names[j] = e[j]->drive->label;
		colors[j] = fr_palette_index(pal, names[j]);
		for (int k = 0; k < 4; k++)
			v[(size_t)k * n + j] = fr_us(lat_metric(&e[j]->lat, k));
	}
	fr_ns_name(nsname, sizeof(nsname), ns->nsid);
	snprintf(title, sizeof(title), "%s: readers' latency percentiles", nsname);
	fr_svg_groups(f, title, "µs", metrics, 4, names, colors, n, v);
	fputs("<table class=\"victims\"><tr><th>place</th><th class=\"l\">drive</th><th>mean "
	      "µs</th>"
	      "<th>p99 µs</th><th>p99.9 µs</th><th>p99.99 µs</th></tr>\n",
	      f);
	/* in rank order already, the unplaced (not like for like with the
	 * published method) after the placed; places count victims only */
	size_t placed = 0, first[2] = {0, 0};

	for (size_t j = 0; j < n; j++) {
		if (e[j]->place) {
			if (placed < 2)
				first[placed] = j;
			fprintf(f, "<tr><td>%zu</td>", ++placed);
		} else {
			fputs("<tr><td>-</td>", f);
		}
		fr_html_cell(f, names[j], true);
		for (int k = 0; k < 4; k++)
			fr_html_num_cell(f, fr_us(lat_metric(&e[j]->lat, k)), 1);
		fputs("</tr>\n", f);
		if (!e[j]->place && *e[j]->note) { /* why it is not placed */
			fputs("<tr><td></td>", f);
			fr_html_cell(f, e[j]->note, true);
			fputs("<td colspan=\"4\"></td></tr>\n", f);
		}
	}
	if (placed > 1) {
		fputs("<tr><td></td><td class=\"l\">gap 2nd-1st</td>", f);
		for (int k = 0; k < 4; k++)
			fr_html_num_cell(f,
					 fr_us(lat_metric(&e[first[1]]->lat, k) -
					       lat_metric(&e[first[0]]->lat, k)),
					 1);
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
out:
	free(names);
	free(colors);
	free(e);
	free(v);
}

/* The writers (crosscheck.c): per drive and namespace, their write latency. */
static void aggressors(FILE *f, const struct fr_nn_split *sp, enum fr_basis basis)
{
	if (!sp->naggr)
		return;
	fputs("<h3>Aggressors: the writers</h3>\n<table class=\"aggressors\">"
	      "<tr><th class=\"l\">drive</th><th class=\"l\">namespace</th>"
	      "<th>write IOPS</th><th>write mean µs</th><th>write p99 µs</th>"
	      "<th>write p99.99 µs</th><th>own reads mean µs</th><th>own reads p99.99 "
	      "µs</th></tr>\n",
	      f);
	for (size_t i = 0; i < sp->naggr; i++) {
		const struct fr_nn_aggr *a = &sp->aggr[i];
		const struct fr_dirstat *w = &a->write->dir[FR_WRITE];
		char nsname[16];

		fr_ns_name(nsname, sizeof(nsname), a->nsid);
		fputs("<tr>", f);
		fr_html_cell(f, a->drive->label, true);
		fr_html_cell(f, nsname, true);
		/* an engine tag share counts operations but has no rate */
		fr_html_num_cell(f, w->iops > 0 ? w->iops : NAN, 0);
		fr_html_num_cell(f, fr_us(w->lat[basis].mean), 1);
		fr_html_num_cell(f, fr_us(w->lat[basis].p99), 1);
		fr_html_num_cell(f, fr_us(w->lat[basis].p9999), 1);
		fr_html_num_cell(f, a->own_reads ? fr_us(a->own_reads->mean) : NAN, 1);
		fr_html_num_cell(f, a->own_reads ? fr_us(a->own_reads->p9999) : NAN, 1);
		fputs("</tr>\n", f);
	}
	fputs("</table>\n<p class=\"note\">Reads on the writers' namespaces are part of "
	      "the writers' own mix: they are not victims and are not ranked.</p>\n",
	      f);
}

/* io_uring_cmd / ssdnvme per namespace (crosscheck.c). */
static void cross_checks(FILE *f, const struct fr_nn_split *sp)
{
	if (!sp->nxc)
		return;
	fputs("<h3>Cross-check: fio's io_uring_cmd engine on the same drive</h3>\n"
	      "<table class=\"cross-check\"><tr><th class=\"l\">run</th>"
	      "<th class=\"l\">namespace</th><th>mean</th><th>p99</th>"
	      "<th>p99.9</th><th>p99.99</th></tr>\n",
	      f);
	for (size_t i = 0; i < sp->nxc; i++) {
		const struct fr_xcheck *x = &sp->xc[i];
		char nsname[16];

		fr_ns_name(nsname, sizeof(nsname), x->nsid);
		fputs("<tr>", f);
		fr_html_cell(f, x->run->drive->label, true);
		fr_html_cell(f, nsname, true);
		for (int k = 0; k < 4; k++) {
			char buf[32];

			fprintf(f, "<td>%s&times;</td>",
				fr_num(buf, sizeof(buf), lat_metric(&x->ratio, k), 2));
		}
		fputs("</tr>\n", f);
	}
	fputs("</table>\n<p class=\"note\">Read latency of the io_uring_cmd run over the "
	      "ssdnvme run's (1.00&times; = the same); a cross-check of the engine, not "
	      "another drive.</p>\n",
	      f);
}

void fr_html_nn(FILE *f, const struct fr_report *rep, struct fr_palette *pal)
{
	const struct fr_ranking *r = rep->r;
	const struct fr_nn_split *sp = rep->nn; /* report.c */

	if (!sp)
		return;
	fputs("<h2>Noisy neighbor</h2>\n<h3>Victims: the readers' latency per namespace</h3>\n", f);
	for (size_t n = 0; n < sp->nns; n++)
		victims_ns(f, &sp->ns[n], pal);
	aggressors(f, sp, r->basis);
	cross_checks(f, sp);
}
