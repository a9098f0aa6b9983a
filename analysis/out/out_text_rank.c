// SPDX-License-Identifier: GPL-2.0-only
/*
 * The terminal report's ranking sections (out_text.h): the profiles with
 * their curves, write pressure and the reviews' statements, the noisy
 * neighbor's victims, aggressors and cross-checks.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report/report.h"
#include "out/out.h"
#include "out/out_ops.h"
#include "out/out_text.h"

static void margin(char *buf, size_t len, const struct fr_entry *e, bool by_mbps)
{
	if (isnan(e->margin_abs))
		snprintf(buf, len, "-");
	else if (isnan(e->margin_pct))
		snprintf(buf, len, "+%.*f", by_mbps ? 1 : 0, e->margin_abs);
	else
		snprintf(buf, len, "+%.1f%% (+%.*f)", e->margin_pct, by_mbps ? 1 : 0,
			 e->margin_abs);
}

static void curve_lines(FILE *f, const struct fr_entry *e, bool by_mbps, enum fr_basis basis)
{
	char lb[FR_TEXT_LABEL_W + 2], a[32], b[32], unstable[200];
	size_t col;

	col = (size_t)fprintf(f, "    %s:", fr_text_cut(lb, sizeof(lb), e->drive->label));
	for (size_t i = 0; i < e->ncurve; i++) {
		const struct fr_step *s = e->curve[i];
		char item[96];

		snprintf(item, sizeof(item), " %s %s@%s%s", s->name,
			 fr_num(a, sizeof(a), fr_step_iops(s), 0),
			 fr_num(b, sizeof(b), fr_us(fr_step_mean_lat(s, basis)), 1),
			 isnan(fr_step_target_missed(s)) ? "" : "!");
		if (col + strlen(item) > 99) {
			fprintf(f, "\n      ");
			col = 6;
		}
		col += (size_t)fprintf(f, "%s", item);
	}
	fputc('\n', f);
	for (size_t i = 0; i < e->ncurve; i++) {
		char missed[160];

		if (fr_target_missed_text(e->curve[i], missed, sizeof(missed)))
			fprintf(f, "      ! missed its rate target: %s\n", missed);
	}
	if (fr_peak_unstable_text(e, by_mbps, unstable, sizeof(unstable)))
		fprintf(f, "      ! %s\n", unstable);
}

/* "* <drive>: <why a published place is missing or derived>", then
 * "- <drive>: not placed: <why it is unlike the placed measured runs>" */
static void place_notes(FILE *f, const struct fr_profile_rank *pr)
{
	for (size_t i = 0; i < pr->n; i++) {
		const struct fr_entry *e = &pr->e[i];
		char text[640], pre[300];

		if (!*e->ref_note && !(e->drive->reference && e->drive->group > 1))
			continue;
		fr_ref_place_text(e, text, sizeof(text));
		snprintf(pre, sizeof(pre), "  * %s:", e->drive->label);
		fr_text_wrapped(f, pre, text);
	}
	for (size_t i = 0; i < pr->n; i++) {
		char text[640], pre[300];

		if (!fr_place_note_text(&pr->e[i], text, sizeof(text)))
			continue;
		snprintf(pre, sizeof(pre), "  - %s:", pr->e[i].drive->label);
		fr_text_wrapped(f, pre, text);
	}
}

static void profiles(FILE *f, const struct fr_report *rep)
{
	const struct fr_ranking *r = rep->r;
	char folded[160];

	if (fr_folded_text(rep, folded, sizeof(folded)))
		fprintf(f, "\n%s\n", folded);
	for (size_t p = 0; p < r->nprofiles; p++) {
		const struct fr_profile_rank *pr = &r->profiles[p];

		if (!rep->sect->p[p].shown)
			continue;
		fprintf(f, "\n== %s: ranked by peak %s ==\n", pr->name,
			pr->by_mbps ? "MB/s" : "IOPS");
		fprintf(f, "pl. drive                             peak IOPS     MB/s  lat µs step  "
			   "margin to next     published\n");
		for (size_t i = 0; i < pr->n; i++) {
			const struct fr_entry *e = &pr->e[i];
			char lb[FR_TEXT_LABEL_W + 2], a[32], b[32], c[32], mg[48], pub[32] = "-",
										   pl[16];

			margin(mg, sizeof(mg), e, pr->by_mbps);
			/* the column is short; the reasons follow the table */
			if (e->ref_total)
				snprintf(pub, sizeof(pub), "%u of %u%s", e->ref_place, e->ref_total,
					 *e->ref_note ? " *" : "");
			else if (*e->ref_note)
				snprintf(pub, sizeof(pub), "unlike *");
			else if (e->drive->reference && e->drive->group > 1)
				snprintf(pub, sizeof(pub), "/%u *", e->drive->group);
			fprintf(f, "%3s %-32s %11s %8s %7s %-5.5s %-18s %s\n",
				fr_place_text(pl, sizeof(pl), e->place),
				fr_text_cut(lb, sizeof(lb), e->drive->label),
				fr_num(a, sizeof(a), e->iops, 0),
				fr_num(b, sizeof(b), e->mbps > 0 ? e->mbps : NAN, 1),
				fr_num(c, sizeof(c), fr_us(e->lat_ns), 1), e->peak->name, mg, pub);
		}
		place_notes(f, pr);
		for (size_t i = 0, shown = 0; i < pr->n; i++)
			if (pr->e[i].ncurve > 1 && !shown++)
				fprintf(f, "  curve (step IOPS@mean µs, %s basis):\n",
					fr_basis_name(r->basis));
		for (size_t i = 0; i < pr->n; i++)
			if (pr->e[i].ncurve > 1)
				curve_lines(f, &pr->e[i], pr->by_mbps, r->basis);
	}
}

static void write_pressure(FILE *f, const struct fr_report *rep)
{
	const struct fr_ranking *r = rep->r;

	if (!r->nwp)
		return;
	fprintf(f, "\n== write pressure: read %s latency (µs) per background write rate ==\n",
		fr_basis_name(r->basis));
	fprintf(f, "drive                             write MB/s     mean      p99\n");
	for (size_t d = 0; d < r->nwp; d++) {
		const struct fr_wp_drive *w = &r->wp[d];

		for (size_t i = 0; i < w->n; i++) {
			char lb[FR_TEXT_LABEL_W + 2], a[32], b[32];

			fprintf(f, "%-32s %12g %8s %8s\n",
				i ? "" : fr_text_cut(lb, sizeof(lb), w->drive->label),
				w->pts[i].write_mbps,
				fr_num(a, sizeof(a), fr_us(w->pts[i].mean_ns), 1),
				fr_num(b, sizeof(b), fr_us(w->pts[i].p99_ns), 1));
		}
	}
	for (size_t i = 0; i < r->ncross; i++) {
		char s[512];

		fr_cross_sentence(s, sizeof(s), &r->cross[i]);
		fr_text_wrapped(f, "crossover:", s);
	}
	if (r->nwp > 1 && !r->ncross)
		fprintf(f, "crossover: none %s\n",
			fr_wp_any_unlike(r) ? "between like runs (the unlike ones are not compared)"
					    : "(the order of the drives never changes)");
	for (size_t d = 0; d < r->nwp; d++) {
		char pre[FR_TEXT_LABEL_W + 8];

		if (!*r->wp[d].note)
			continue;
		snprintf(pre, sizeof(pre), "  * %s:", r->wp[d].drive->label);
		fr_text_wrapped(f, pre, r->wp[d].note);
	}
}

static void nn_row(FILE *f, const char *ns, const char *place, const char *label,
		   const struct fr_lat *l, bool ratio)
{
	char lb[FR_TEXT_LABEL_W + 2], v[4][32];
	const double x[4] = {l->mean, l->p99, l->p999, l->p9999};

	for (int k = 0; k < 4; k++) {
		fr_num(v[k], sizeof(v[k]) - 1, ratio ? x[k] : fr_us(x[k]), ratio ? 2 : 1);
		if (ratio && strcmp(v[k], "-"))
			strcat(v[k], "x");
	}
	fprintf(f, "%-5s %5s %-32s %8s %8s %8s %8s\n", ns, place,
		fr_text_cut(lb, sizeof(lb), label), v[0], v[1], v[2], v[3]);
}

/* The writers, apart from the victims' ranking (crosscheck.c). */
static void aggressors(FILE *f, const struct fr_nn_split *sp, enum fr_basis basis)
{
	if (!sp->naggr)
		return;
	fprintf(f, "\n== noisy neighbor: aggressors, the writers (µs), not ranked ==\nreads on "
		   "the writers' namespaces are the writers' own mix: not victims\n");
	fprintf(f, "ns    dir   drive                                mean      p99    p99.9   "
		   "p99.99\n");
	for (size_t i = 0; i < sp->naggr; i++) {
		const struct fr_nn_aggr *a = &sp->aggr[i];
		char nsname[16];

		fr_ns_name(nsname, sizeof(nsname), a->nsid);
		nn_row(f, nsname, "write", a->drive->label, &a->write->dir[FR_WRITE].lat[basis],
		       false);
		if (a->own_reads)
			nn_row(f, "", "read", a->drive->label, a->own_reads, false);
	}
}

/* The io_uring_cmd runs as ratios to the ssdnvme run (crosscheck.c). */
static void cross_checks(FILE *f, const struct fr_nn_split *sp)
{
	if (!sp->nxc)
		return;
	fprintf(f, "\n== noisy neighbor: cross-check, fio's io_uring_cmd engine on the same drive "
		   "==\nread latency of the io_uring_cmd run over the ssdnvme run's (1.00x = the "
		   "same); not ranked\n");
	fprintf(f, "ns          ssdnvme run of the drive                 mean      p99    p99.9   "
		   "p99.99\n");
	for (size_t i = 0; i < sp->nxc; i++) {
		char nsname[16];

		fr_ns_name(nsname, sizeof(nsname), sp->xc[i].nsid);
		nn_row(f, nsname, "", sp->xc[i].of->label, &sp->xc[i].ratio, true);
	}
	for (size_t i = 0; i < sp->nxc; i++) {
		char text[1024];

		if (i && sp->xc[i].run->drive == sp->xc[i - 1].run->drive)
			continue;
		snprintf(text, sizeof(text), "%s, of %s", sp->xc[i].run->drive->label,
			 sp->xc[i].of->label);
		fr_text_wrapped(f, "cross-check run:", text);
	}
}

static void noisy_neighbor(FILE *f, const struct fr_report *rep)
{
	const struct fr_ranking *r = rep->r;
	const struct fr_nn_split *sp = rep->nn; /* report.c */

	if (!sp)
		return;
	fprintf(f,
		"\n== noisy neighbor: victims, the readers' %s latency per namespace (µs), "
		"ranked by 99.99th ==\n",
		fr_basis_name(r->basis));
	fprintf(f, "ns    place drive                                mean      p99    p99.9   "
		   "p99.99\n");
	for (size_t n = 0; n < sp->nns; n++) {
		const struct fr_nn_view *ns = &sp->ns[n];
		char nsname[16];

		fr_ns_name(nsname, sizeof(nsname), ns->nsid);
		for (size_t i = 0; i < ns->n; i++) {
			char place[24];

			fr_place_text(place, sizeof(place), ns->place[i]);
			nn_row(f, i ? "" : nsname, place, ns->e[i]->drive->label, &ns->e[i]->lat,
			       false);
		}
		if (!isnan(ns->gap.mean)) {
			char a[32], b[32], c[32], d[32];

			fprintf(f,
				"%-5s       gap 2nd-1st (µs)                     %8s %8s %8s %8s\n",
				"", fr_num(a, sizeof(a), fr_us(ns->gap.mean), 1),
				fr_num(b, sizeof(b), fr_us(ns->gap.p99), 1),
				fr_num(c, sizeof(c), fr_us(ns->gap.p999), 1),
				fr_num(d, sizeof(d), fr_us(ns->gap.p9999), 1));
		}
		for (size_t i = 0; i < ns->n; i++) {
			char pre[300];

			if (ns->place[i] || !*ns->e[i]->note)
				continue;
			snprintf(pre, sizeof(pre), "      * %s:", ns->e[i]->drive->label);
			fr_text_wrapped(f, pre, ns->e[i]->note);
		}
	}
	aggressors(f, sp, r->basis);
	cross_checks(f, sp);
}

int fr_text_profiles(struct fr_out *o)
{
	profiles(o->f, o->rep);
	return 0;
}

int fr_text_write_pressure(struct fr_out *o)
{
	write_pressure(o->f, o->rep);
	return 0;
}

int fr_text_statements(struct fr_out *o)
{
	const struct fr_report *rep = o->rep;

	if (!rep->r->nwp) /* said under the write-pressure table */
		return 0;
	for (size_t i = 0; i < rep->m->nstatements; i++) {
		char s[640];

		fr_statement_text(rep->r, &rep->m->statements[i], s, sizeof(s));
		if (*s)
			fr_text_wrapped(o->f, "published statement:", s);
	}
	return 0;
}

int fr_text_nn(struct fr_out *o)
{
	noisy_neighbor(o->f, o->rep);
	return 0;
}
