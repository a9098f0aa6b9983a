// SPDX-License-Identifier: GPL-2.0-only
/*
 * The terminal report: fits 100 columns; drive labels longer than 28
 * characters are cut with "~".
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "util/escape.h"
#include "out/out.h"
#include "out/csv_line.h"
#include "out/baseline_out.h"
#include "out/out_fdp.h"
#include "out/out_tailwhy.h"
#include "out/out_fleet.h"
#include "out/out_copy.h"
#include "out/out_health.h"
#include "out/out_endurance.h"
#include "out/out_ai.h"
#include "out/out_tq.h"
#include "out/out_ops.h"

#define LABEL_W 32

/*
 * A label cut to LABEL_W columns with "~".  What tells two entrants of one
 * drive apart is the label's last "(...)" (the engine, placement or job file
 * model/label.c adds): a long label keeps it whole after the "~", so
 * "QEMU NVMe Ctrl deadbeef ns1,2,3,4,5,6 (ssdnvme-fdp)" and the same drive
 * unplaced no longer both read "QEMU NVMe Ctrl deadbeef ns1,2,3~".
 */
static const char *cut(char *buf, size_t len, const char *s)
{
	size_t n = strlen(s);
	const char *tail = strrchr(s, '(');
	size_t keep;

	if (n <= LABEL_W) {
		snprintf(buf, len, "%s", s);
		return buf;
	}
	keep = tail && s[n - 1] == ')' ? n - (size_t)(tail - s) : 0;
	if (keep > LABEL_W / 2)
		keep = 0; /* a suffix that long says less than the head */
	snprintf(buf, len, "%.*s~%s", (int)(LABEL_W - 1 - keep), s, keep ? tail : "");
	return buf;
}

static void wrapped(FILE *f, const char *prefix, const char *text);

/* Each published drive ranked here, with its review and configuration. */
static void published_drives(FILE *f, const struct fr_model *m)
{
	for (size_t i = 0; i < m->ndrives; i++) {
		const struct fr_drive *d = &m->drives[i];
		char derived[160], line[512], pre[300];

		if (!d->reference)
			continue;
		fr_derived_text(d, derived, sizeof(derived));
		snprintf(line, sizeof(line), "review %s%s%s%s%s", d->review, *d->config ? "; " : "",
			 d->config, *derived ? "; curve figures " : "", derived);
		snprintf(pre, sizeof(pre), "published drive %s:", d->label);
		wrapped(f, pre, line);
	}
}

/* Which drive and which run: one block per measured drive (provenance.h). */
static void provenance(FILE *f, const struct fr_report *rep)
{
	for (size_t i = 0; i < rep->nprov_rows; i++) {
		const struct fr_prov_row *row = &rep->prov_rows[i];
		const struct fr_prov_field *fl = row->f;

		fprintf(f, "\n== drive %s ==\n", row->d->drive->label);
		for (size_t k = 0; k < row->n; k++) {
			char pre[40];

			snprintf(pre, sizeof(pre), "  %-16s", fl[k].name);
			wrapped(f, pre, fl[k].value);
		}
	}
}

static void header(FILE *f, const struct fr_report *rep)
{
	const struct fr_model *m = rep->m;

	fprintf(f, "fiorank: %zu file%s read, %zu skipped, %zu job%s excluded; %zu drive%s\n",
		m->files_read, m->files_read == 1 ? "" : "s", m->nskipped, m->nexcluded,
		m->nexcluded == 1 ? "" : "s", m->ndrives, m->ndrives == 1 ? "" : "s");
	fprintf(f, "latency basis: %s\n", fr_basis_desc(rep->r->basis));
	fprintf(f, "mean latency of a mix: weighted by the operations of each direction\n");
	fprintf(f, "units: IOPS; MB/s = 10^6 bytes/s; latency in µs\n");
	if (rep->run) {
		fprintf(f, "report: fiorank %s, %s\n", rep->run->version, rep->run->date);
		wrapped(f, "command:", rep->run->cmdline);
		for (size_t i = 0; i < rep->run->ninputs; i++)
			wrapped(f, "input:", rep->run->inputs[i]);
	}
	if (rep->ref_note)
		wrapped(f, "published data:", rep->ref_note);
}

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
	char lb[LABEL_W + 2], a[32], b[32], unstable[200];
	size_t col;

	col = (size_t)fprintf(f, "    %s:", cut(lb, sizeof(lb), e->drive->label));
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
		wrapped(f, pre, text);
	}
	for (size_t i = 0; i < pr->n; i++) {
		char text[640], pre[300];

		if (!fr_place_note_text(&pr->e[i], text, sizeof(text)))
			continue;
		snprintf(pre, sizeof(pre), "  - %s:", pr->e[i].drive->label);
		wrapped(f, pre, text);
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
			char lb[LABEL_W + 2], a[32], b[32], c[32], mg[48], pub[32] = "-", pl[16];

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
				cut(lb, sizeof(lb), e->drive->label),
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

/* Prints "prefix text" folded at spaces to fit 100 columns (a column is
 * a byte, as printf counts), built in memory and written at once. */
static void wrapped(FILE *f, const char *prefix, const char *text)
{
	struct fr_csv_line l = {.f = f};
	size_t col = strlen(prefix);

	fr_csv_line_put(&l, prefix, col);
	while (*text) {
		size_t word = strcspn(text, " ");

		if (col > 4 && col + 1 + word > 100) {
			fr_csv_line_put(&l, "\n   ", 4);
			col = 3;
		}
		fr_csv_line_put(&l, " ", 1);
		fr_csv_line_put(&l, text, word);
		col += 1 + word;
		text += word;
		while (*text == ' ')
			text++;
	}
	fr_csv_line_put(&l, "\n", 1);
	fr_csv_line_flush(&l);
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
			char lb[LABEL_W + 2], a[32], b[32];

			fprintf(f, "%-32s %12g %8s %8s\n",
				i ? "" : cut(lb, sizeof(lb), w->drive->label), w->pts[i].write_mbps,
				fr_num(a, sizeof(a), fr_us(w->pts[i].mean_ns), 1),
				fr_num(b, sizeof(b), fr_us(w->pts[i].p99_ns), 1));
		}
	}
	for (size_t i = 0; i < r->ncross; i++) {
		char s[512];

		fr_cross_sentence(s, sizeof(s), &r->cross[i]);
		wrapped(f, "crossover:", s);
	}
	if (r->nwp > 1 && !r->ncross)
		fprintf(f, "crossover: none %s\n",
			fr_wp_any_unlike(r) ? "between like runs (the unlike ones are not compared)"
					    : "(the order of the drives never changes)");
	for (size_t d = 0; d < r->nwp; d++) {
		char pre[LABEL_W + 8];

		if (!*r->wp[d].note)
			continue;
		snprintf(pre, sizeof(pre), "  * %s:", r->wp[d].drive->label);
		wrapped(f, pre, r->wp[d].note);
	}
}

static void nn_row(FILE *f, const char *ns, const char *place, const char *label,
		   const struct fr_lat *l, bool ratio)
{
	char lb[LABEL_W + 2], v[4][32];
	const double x[4] = {l->mean, l->p99, l->p999, l->p9999};

	for (int k = 0; k < 4; k++) {
		fr_num(v[k], sizeof(v[k]) - 1, ratio ? x[k] : fr_us(x[k]), ratio ? 2 : 1);
		if (ratio && strcmp(v[k], "-"))
			strcat(v[k], "x");
	}
	fprintf(f, "%-5s %5s %-32s %8s %8s %8s %8s\n", ns, place, cut(lb, sizeof(lb), label), v[0],
		v[1], v[2], v[3]);
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
		wrapped(f, "cross-check run:", text);
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
			wrapped(f, pre, ns->e[i]->note);
		}
	}
	aggressors(f, sp, r->basis);
	cross_checks(f, sp);
}

/* Entries of the text format's ops (out_ops.h), each one section. */

static int text_header(struct fr_out *o)
{
	header(o->f, o->rep);
	published_drives(o->f, o->rep->m);
	return 0;
}

static int text_provenance(struct fr_out *o)
{
	provenance(o->f, o->rep);
	return 0;
}

static int text_profiles(struct fr_out *o)
{
	profiles(o->f, o->rep);
	return 0;
}

static int text_write_pressure(struct fr_out *o)
{
	write_pressure(o->f, o->rep);
	return 0;
}

static int text_statements(struct fr_out *o)
{
	const struct fr_report *rep = o->rep;

	if (!rep->r->nwp) /* said under the write-pressure table */
		return 0;
	for (size_t i = 0; i < rep->m->nstatements; i++) {
		char s[640];

		fr_statement_text(rep->r, &rep->m->statements[i], s, sizeof(s));
		if (*s)
			wrapped(o->f, "published statement:", s);
	}
	return 0;
}

static int text_nn(struct fr_out *o)
{
	noisy_neighbor(o->f, o->rep);
	return 0;
}

static int text_fdp(struct fr_out *o)
{
	fr_fdp_text(o->f, o->rep);
	return 0;
}

static int text_tailwhy(struct fr_out *o)
{
	fr_tailwhy_text(o->f, o->rep->tw);
	return 0;
}

static int text_fleet(struct fr_out *o)
{
	fr_fleet_text(o->f, o->rep->fleet);
	return 0;
}

static int text_copy(struct fr_out *o)
{
	fr_copy_text(o->f, o->rep->m);
	return 0;
}

static int text_wins(struct fr_out *o)
{
	const struct fr_report *rep = o->rep;
	const struct fr_ranking *r = rep->r;
	char note[160];

	if (!r->nprofiles || !fr_wins_shown(r))
		return 0;
	fprintf(o->f, "\n== summary: profiles won (first place among 2+ placed drives) ==\n");
	for (size_t i = 0; i < r->nwins; i++) {
		char lb[LABEL_W + 2];

		if (!r->wins[i].profiles)
			continue;
		fprintf(o->f, "%-32s %3u of %u profile%s\n",
			cut(lb, sizeof(lb), r->wins[i].drive->label), r->wins[i].wins,
			r->wins[i].profiles, r->wins[i].profiles == 1 ? "" : "s");
	}
	if (fr_wins_folded_text(rep, note, sizeof(note)))
		fprintf(o->f, "note: %s\n", note);
	return 0;
}

static int text_ref_places(struct fr_out *o)
{
	const struct fr_ranking *r = o->rep->r;

	if (!r->nprofiles || !r->have_ref)
		return 0;
	fprintf(o->f, "\n== summary: place among the published drives (of published + 1) ==\n");
	for (size_t i = 0; i < r->nwins; i++) {
		char places[4096], pre[LABEL_W + 4];

		fr_ref_places(r, r->wins[i].drive, places, sizeof(places));
		if (!*places)
			continue;
		snprintf(pre, sizeof(pre), "%s:", r->wins[i].drive->label);
		wrapped(o->f, pre, places);
	}
	return 0;
}

static int text_health(struct fr_out *o)
{
	fr_health_text(o->f, o->rep->health);
	return 0;
}

static int text_endurance(struct fr_out *o)
{
	fr_endurance_text(o->f, o->rep->ei);
	return 0;
}

static int text_notes(struct fr_out *o)
{
	const struct fr_model *m = o->rep->m;

	for (size_t i = 0; i < m->nnotes; i++) {
		char pre[PATH_MAX + 16];

		snprintf(pre, sizeof(pre), "%snote %s:", i ? "" : "\n", m->notes[i].source);
		wrapped(o->f, pre, m->notes[i].reason);
	}
	return 0;
}

static int text_unused(struct fr_out *o)
{
	const struct fr_unused *u = o->rep->unused;

	if (!u || !u->total)
		return 0;
	fprintf(o->f, "\n== inputs not used ==\n");
	for (size_t k = 0; k < FR_UNUSED_NLISTS; k++)
		for (size_t i = 0; i < u->l[k].n; i++) {
			char pre[PATH_MAX + 16];

			snprintf(pre, sizeof(pre), "%s %s:", u->l[k].lead, u->l[k].p[i].source);
			wrapped(o->f, pre, u->l[k].p[i].reason);
		}
	return 0;
}

static int text_baseline(struct fr_out *o)
{
	fr_baseline_text(o->f, o->rep->bl);
	return 0;
}

static int text_ai(struct fr_out *o)
{
	fr_ai_text(o->f, o->rep);
	return 0;
}

static int text_tq(struct fr_out *o)
{
	return fr_tq_text(o->f, o->rep) ? -1 : 0;
}

/* The terminal report sums up (wins) before the drive's health, and its
 * notes come before the inputs not used. */
static const enum fr_out_sect text_order[] = {
	FR_SECT_HEADER,	    FR_SECT_PROVENANCE, FR_SECT_PROFILES, FR_SECT_WRITE_PRESSURE,
	FR_SECT_STATEMENTS, FR_SECT_NN,		FR_SECT_FDP,	  FR_SECT_TAILWHY,
	FR_SECT_FLEET,	    FR_SECT_COPY,	FR_SECT_WINS,	  FR_SECT_REF_PLACES,
	FR_SECT_HEALTH,	    FR_SECT_ENDURANCE,	FR_SECT_NOTES,	  FR_SECT_UNUSED,
	FR_SECT_BASELINE,   FR_SECT_AI,		FR_SECT_TQ,
};

const struct fr_out_ops fr_text_ops = {
	.sect =
		{
			[FR_SECT_HEADER] = text_header,
			[FR_SECT_PROVENANCE] = text_provenance,
			[FR_SECT_PROFILES] = text_profiles,
			[FR_SECT_WRITE_PRESSURE] = text_write_pressure,
			[FR_SECT_STATEMENTS] = text_statements,
			[FR_SECT_NN] = text_nn,
			[FR_SECT_FDP] = text_fdp,
			[FR_SECT_TAILWHY] = text_tailwhy,
			[FR_SECT_FLEET] = text_fleet,
			[FR_SECT_COPY] = text_copy,
			[FR_SECT_WINS] = text_wins,
			[FR_SECT_REF_PLACES] = text_ref_places,
			[FR_SECT_HEALTH] = text_health,
			[FR_SECT_ENDURANCE] = text_endurance,
			[FR_SECT_NOTES] = text_notes,
			[FR_SECT_UNUSED] = text_unused,
			[FR_SECT_BASELINE] = text_baseline,
			[FR_SECT_AI] = text_ai,
			[FR_SECT_TQ] = text_tq,
		},
	.order = text_order,
	.norder = sizeof(text_order) / sizeof(text_order[0]),
};

static int render_text(FILE *f, const void *arg)
{
	return fr_out_walk(f, arg, &fr_text_ops, NULL);
}

/* The report is built in memory and written with every control character
 * but newline, and every byte that is not UTF-8, shown as "\xNN": names from
 * input cannot send escape sequences to the terminal. */
int fr_out_text(FILE *out, const struct fr_report *rep)
{
	return fr_render_escaped(out, render_text, rep, FR_ESC_CONTROLS_NL);
}
