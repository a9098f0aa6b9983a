// SPDX-License-Identifier: GPL-2.0-only
/*
 * Markdown: the same sections as the terminal report, as tables.  Strings
 * from the input are escaped so a drive label cannot break a table or
 * inject HTML into a rendered page.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report/report.h"
#include "util/escape.h"
#include "out/out.h"
#include "out/baseline_out.h"
#include "out/out_fdp.h"
#include "out/out_fleet.h"
#include "out/out_tq.h"
#include "out/out_md.h"
#include "out/out_ops.h"

/* Under the table: why a measured drive has no place among the measured. */
static void place_notes(FILE *f, const struct fr_profile_rank *pr)
{
	bool any = false;

	for (size_t i = 0; i < pr->n; i++) {
		char text[640];

		if (!fr_place_note_text(&pr->e[i], text, sizeof(text)))
			continue;
		fputs(any ? "- " : "\n- ", f);
		any = true;
		fr_md_escape(f, pr->e[i].drive->label);
		fputs(": ", f);
		fr_md_escape(f, text);
		fputc('\n', f);
	}
}

static void curves(FILE *f, const struct fr_profile_rank *pr, enum fr_basis basis)
{
	bool any = false;

	for (size_t i = 0; i < pr->n; i++)
		any |= pr->e[i].ncurve > 1;
	if (!any)
		return;
	fprintf(f, "\nCurve (step: IOPS @ mean %s µs):\n\n", fr_basis_name(basis));
	for (size_t i = 0; i < pr->n; i++) {
		const struct fr_entry *e = &pr->e[i];
		char unstable[200];

		if (e->ncurve < 2)
			continue;
		fputs("- ", f);
		fr_md_escape(f, e->drive->label);
		fputs(":", f);
		for (size_t k = 0; k < e->ncurve; k++) {
			char a[32], b[32], missed[160];

			fputs(k ? "; " : " ", f);
			fr_md_escape(f, e->curve[k]->name);
			fprintf(f, ": %s @ %s", fr_num(a, sizeof(a), fr_step_iops(e->curve[k]), 0),
				fr_num(b, sizeof(b), fr_us(fr_step_mean_lat(e->curve[k], basis)),
				       1));
			if (fr_target_missed_text(e->curve[k], missed, sizeof(missed)))
				fprintf(f, " (**missed its rate target**: %s)", missed);
		}
		if (fr_peak_unstable_text(e, pr->by_mbps, unstable, sizeof(unstable)))
			fprintf(f, " (**%s**)", unstable);
		fputc('\n', f);
	}
}

static int md_profiles(struct fr_out *o)
{
	const struct fr_report *rep = o->rep;
	FILE *f = o->f;
	const struct fr_ranking *r = rep->r;
	char folded[160];

	if (fr_folded_text(rep, folded, sizeof(folded)))
		fprintf(f, "\n%s.\n", folded);
	for (size_t p = 0; p < r->nprofiles; p++) {
		const struct fr_profile_rank *pr = &r->profiles[p];

		if (!rep->sect->p[p].shown)
			continue;
		fprintf(f, "\n## ");
		fr_md_escape(f, pr->name);
		fprintf(f, " (ranked by peak %s)\n\n", pr->by_mbps ? "MB/s" : "IOPS");
		fprintf(f,
			"| place | drive | peak IOPS | MB/s | mean lat µs | step | margin to next "
			"| published place |\n|---:|---|---:|---:|---:|---|---:|---|\n");
		for (size_t i = 0; i < pr->n; i++) {
			const struct fr_entry *e = &pr->e[i];
			char a[32], b[32], c[32], d[32], pub[320], place[16];

			fprintf(f, "| %s | ", fr_place_text(place, sizeof(place), e->place));
			fr_md_escape(f, e->drive->label);
			fprintf(f, " | %s | %s | %s | ", fr_num(a, sizeof(a), e->iops, 0),
				fr_num(b, sizeof(b), e->mbps, 1),
				fr_num(c, sizeof(c), fr_us(e->lat_ns), 1));
			fr_md_escape(f, e->peak->name);
			if (isnan(e->margin_pct))
				snprintf(d, sizeof(d), "-");
			else
				snprintf(d, sizeof(d), "+%.1f%%", e->margin_pct);
			fprintf(f, " | %s | ", d);
			fr_ref_place_text(e, pub, sizeof(pub));
			fr_md_escape(f, pub);
			fputs(" |\n", f);
		}
		place_notes(f, pr);
		curves(f, pr, r->basis);
	}
	return 0;
}

static int md_write_pressure(struct fr_out *o)
{
	const struct fr_ranking *r = o->rep->r;
	FILE *f = o->f;

	if (!r->nwp)
		return 0;
	fprintf(f,
		"\n## Write pressure: read %s latency (µs)\n\n| drive | write MB/s | mean | "
		"p99 |\n|---|---:|---:|---:|\n",
		fr_basis_name(r->basis));
	for (size_t d = 0; d < r->nwp; d++)
		for (size_t i = 0; i < r->wp[d].n; i++) {
			char a[32], b[32];

			fputs("| ", f);
			fr_md_escape(f, r->wp[d].drive->label);
			fprintf(f, " | %g | %s | %s |\n", r->wp[d].pts[i].write_mbps,
				fr_num(a, sizeof(a), fr_us(r->wp[d].pts[i].mean_ns), 1),
				fr_num(b, sizeof(b), fr_us(r->wp[d].pts[i].p99_ns), 1));
		}
	if (r->ncross || fr_wp_any_unlike(r))
		fputc('\n', f);
	for (size_t i = 0; i < r->ncross; i++) {
		char s[512];

		fr_cross_sentence(s, sizeof(s), &r->cross[i]);
		fputs("- Crossover: ", f);
		fr_md_escape(f, s);
		fputc('\n', f);
	}
	for (size_t d = 0; d < r->nwp; d++) {
		if (!*r->wp[d].note)
			continue;
		fputs("- ", f);
		fr_md_escape(f, r->wp[d].drive->label);
		fputs(": ", f);
		fr_md_escape(f, r->wp[d].note);
		fputc('\n', f);
	}
	return 0;
}

static void md_lat(FILE *f, const struct fr_lat *l, bool ratio)
{
	const double x[4] = {l->mean, l->p99, l->p999, l->p9999};

	for (int k = 0; k < 4; k++) {
		char v[32];

		fr_num(v, sizeof(v), ratio ? x[k] : fr_us(x[k]), ratio ? 2 : 1);
		fprintf(f, " %s%s |", v, ratio && strcmp(v, "-") ? "×" : "");
	}
	fputc('\n', f);
}

/* The writers, apart from the victims' ranking (crosscheck.c). */
static void aggressors(FILE *f, const struct fr_nn_split *sp, enum fr_basis basis)
{
	if (!sp->naggr)
		return;
	fputs("\n## Noisy neighbor: aggressors, the writers (not ranked)\n\n"
	      "Reads on the writers' namespaces are the writers' own mix: not victims, not "
	      "ranked.\n\n| namespace | drive | direction | mean | p99 | p99.9 | p99.99 "
	      "|\n|---|---|---|---:|---:|---:|---:|\n",
	      f);
	for (size_t i = 0; i < sp->naggr; i++) {
		const struct fr_nn_aggr *a = &sp->aggr[i];
		char ns[16];

		fr_ns_name(ns, sizeof(ns), a->nsid);
		for (int own = 0; own < 2; own++) {
			if (own && !a->own_reads)
				break;
			fprintf(f, "| %s | ", ns);
			fr_md_escape(f, a->drive->label);
			fputs(own ? " | own reads |" : " | write |", f);
			md_lat(f, own ? a->own_reads : &a->write->dir[FR_WRITE].lat[basis], false);
		}
	}
}

/* The io_uring_cmd runs as ratios to the ssdnvme run (crosscheck.c). */
static void cross_checks(FILE *f, const struct fr_nn_split *sp)
{
	if (!sp->nxc)
		return;
	fputs("\n## Noisy neighbor: cross-check, fio's io_uring_cmd engine on the same drive\n\n"
	      "Read latency of the io_uring_cmd run over the ssdnvme run's (1.00× = the same); "
	      "not ranked.\n\n| namespace | cross-check run | of | mean | p99 | p99.9 | p99.99 "
	      "|\n|---|---|---|---:|---:|---:|---:|\n",
	      f);
	for (size_t i = 0; i < sp->nxc; i++) {
		char ns[16];

		fr_ns_name(ns, sizeof(ns), sp->xc[i].nsid);
		fprintf(f, "| %s | ", ns);
		fr_md_escape(f, sp->xc[i].run->drive->label);
		fputs(" | ", f);
		fr_md_escape(f, sp->xc[i].of->label);
		fputs(" |", f);
		md_lat(f, &sp->xc[i].ratio, true);
	}
}

static int md_nn(struct fr_out *o)
{
	const struct fr_report *rep = o->rep;
	FILE *f = o->f;
	const struct fr_nn_split *sp = rep->nn; /* report.c */

	if (!sp)
		return 0;
	fprintf(f,
		"\n## Noisy neighbor: victims, the readers' %s latency per namespace "
		"(µs)\n\n| namespace | place "
		"| drive | mean | p99 | p99.9 | p99.99 |\n|---|---:|---|---:|---:|---:|---:|\n",
		fr_basis_name(rep->r->basis));
	for (size_t n = 0; n < sp->nns; n++) {
		const struct fr_nn_view *v = &sp->ns[n];
		char ns[16];

		fr_ns_name(ns, sizeof(ns), v->nsid);
		for (size_t i = 0; i < v->n; i++) {
			char pl[16];

			fprintf(f, "| %s | %s | ", ns, fr_place_text(pl, sizeof(pl), v->place[i]));
			fr_md_escape(f, v->e[i]->drive->label);
			if (!v->place[i] && *v->e[i]->note) { /* why it is not placed */
				fputs(" (", f);
				fr_md_escape(f, v->e[i]->note);
				fputc(')', f);
			}
			fputs(" |", f);
			md_lat(f, &v->e[i]->lat, false);
		}
		if (!isnan(v->gap.mean)) {
			fprintf(f, "| %s | gap | 2nd minus 1st |", ns);
			md_lat(f, &v->gap, false);
		}
	}
	aggressors(f, sp, rep->r->basis);
	cross_checks(f, sp);
	return 0;
}

static int md_wins(struct fr_out *o)
{
	const struct fr_ranking *r = o->rep->r;
	FILE *f = o->f;
	char note[160];

	if (!fr_wins_shown(r))
		return 0;
	fprintf(f, "\n## Summary: profiles won\n\n| drive | wins | profiles "
		   "|\n|---|---:|---:|\n");
	for (size_t i = 0; i < r->nwins; i++) {
		if (!r->wins[i].profiles)
			continue;
		fputs("| ", f);
		fr_md_escape(f, r->wins[i].drive->label);
		fprintf(f, " | %u | %u |\n", r->wins[i].wins, r->wins[i].profiles);
	}
	if (fr_wins_folded_text(o->rep, note, sizeof(note)))
		fprintf(f, "\n%s.\n", note);
	return 0;
}

static int md_ref_places(struct fr_out *o)
{
	const struct fr_ranking *r = o->rep->r;
	FILE *f = o->f;

	if (!r->have_ref || !r->nprofiles)
		return 0;
	fprintf(f, "\n## Summary: place among the published drives\n\n| drive | places (of "
		   "published + 1) |\n|---|---|\n");
	for (size_t i = 0; i < r->nwins; i++) {
		char places[4096];

		fr_ref_places(r, r->wins[i].drive, places, sizeof(places));
		if (!*places)
			continue;
		fputs("| ", f);
		fr_md_escape(f, r->wins[i].drive->label);
		fputs(" | ", f);
		fr_md_escape(f, places);
		fputs(" |\n", f);
	}
	return 0;
}

static int md_unused(struct fr_out *o)
{
	const struct fr_unused *u = o->rep->unused;
	FILE *f = o->f;

	if (!u || !u->total)
		return 0;
	fprintf(f, "\n## Inputs not used\n\n");
	for (size_t k = 0; k < FR_UNUSED_NLISTS; k++)
		for (size_t i = 0; i < u->l[k].n; i++) {
			fprintf(f, "- %s ", u->l[k].lead);
			fr_md_escape(f, u->l[k].p[i].source);
			fputs(": ", f);
			fr_md_escape(f, u->l[k].p[i].reason);
			fputc('\n', f);
		}
	return 0;
}

/* Which drive and which run: fields down, one column per measured drive. */
static int md_provenance(struct fr_out *o)
{
	const struct fr_report *rep = o->rep;
	FILE *f = o->f;
	const struct fr_prov_row *rows = rep->prov_rows;
	size_t nd = rep->nprov_rows;

	if (!nd)
		return 0;
	fputs("\n## Drives and runs\n\n| |", f);
	for (size_t d = 0; d < nd; d++) {
		fputc(' ', f);
		fr_md_escape(f, rows[d].d->drive->label);
		fputs(" |", f);
	}
	fputs("\n|---|", f);
	for (size_t d = 0; d < nd; d++)
		fputs("---|", f);
	/* every drive has the same fields (show_pi is the report's) */
	for (size_t k = 0; k < rows[0].n; k++) {
		fprintf(f, "\n| %s |", rows[0].f[k].name);
		for (size_t d = 0; d < nd; d++) {
			fputc(' ', f);
			fr_md_escape(f, rows[d].f[k].value);
			fputs(" |", f);
		}
	}
	fputc('\n', f);
	return 0;
}

/* The reviews' own write-pressure statements, beside their points. */
static int md_statements(struct fr_out *o)
{
	const struct fr_report *rep = o->rep;
	FILE *f = o->f;

	for (size_t i = 0; i < rep->m->nstatements; i++) {
		char s[640];

		fr_statement_text(rep->r, &rep->m->statements[i], s, sizeof(s));
		if (!*s)
			continue;
		fputs("- Published statement: ", f);
		fr_md_escape(f, s);
		fputc('\n', f);
	}
	return 0;
}

static int md_header(struct fr_out *o)
{
	const struct fr_report *rep = o->rep;
	const struct fr_model *m = rep->m;
	FILE *f = o->f;

	fprintf(f,
		"# fiorank report\n\n%zu files read, %zu skipped, %zu jobs excluded. Latency "
		"basis: %s; means are operation-weighted. Units: IOPS, MB/s (10^6 bytes/s), "
		"µs.\n",
		m->files_read, m->nskipped, m->nexcluded, fr_basis_desc(rep->r->basis));
	if (rep->run) {
		fprintf(f, "\nMade by fiorank %s on %s. Command: ", rep->run->version,
			rep->run->date);
		fr_md_code(f, rep->run->cmdline);
		fputs(". Inputs:", f);
		for (size_t i = 0; i < rep->run->ninputs; i++) {
			fputs(i ? ", " : " ", f);
			fr_md_code(f, rep->run->inputs[i]);
		}
		fputs(rep->run->ninputs ? ".\n" : " none (published data only).\n", f);
	}
	if (rep->ref_note) {
		fputs("Published data: ", f);
		fr_md_escape(f, rep->ref_note);
		fputs(".\n", f);
	}
	return 0;
}

/* Entries that print a section file's Markdown (out_*.h). */
static int md_fdp(struct fr_out *o)
{
	fr_fdp_md(o->f, o->rep, fr_md_escape);
	return 0;
}

static int md_fleet(struct fr_out *o)
{
	fr_fleet_md(o->f, o->rep->fleet);
	return 0;
}

static int md_baseline(struct fr_out *o)
{
	fr_baseline_md(o->f, o->rep->bl);
	return 0;
}

static int md_tq(struct fr_out *o)
{
	return fr_tq_md(o->f, o->rep) || ferror(o->f) ? -1 : 0;
}

/* Markdown has no checkpoint or KV-cache section (text and HTML do). */
const struct fr_out_ops fr_md_ops = {
	.sect =
		{
			[FR_SECT_HEADER] = md_header,
			[FR_SECT_PROVENANCE] = md_provenance,
			[FR_SECT_PROFILES] = md_profiles,
			[FR_SECT_WRITE_PRESSURE] = md_write_pressure,
			[FR_SECT_STATEMENTS] = md_statements,
			[FR_SECT_NN] = md_nn,
			[FR_SECT_FDP] = md_fdp,
			[FR_SECT_TAILWHY] = fr_md_tailwhy,
			[FR_SECT_FLEET] = md_fleet,
			[FR_SECT_COPY] = fr_md_copy,
			[FR_SECT_HEALTH] = fr_md_health,
			[FR_SECT_ENDURANCE] = fr_md_endurance,
			[FR_SECT_WINS] = md_wins,
			[FR_SECT_REF_PLACES] = md_ref_places,
			[FR_SECT_UNUSED] = md_unused,
			[FR_SECT_BASELINE] = md_baseline,
			[FR_SECT_TQ] = md_tq,
		},
};

static int render_md(FILE *f, const void *arg)
{
	return fr_out_walk(f, arg, &fr_md_ops, NULL);
}

/* Written like the text report: control characters but newline, and bytes
 * that are not UTF-8, as "\xNN" (a job name or hostname from fio's JSON
 * cannot put an escape sequence or invalid UTF-8 into the document). */
int fr_out_md(FILE *f, const struct fr_report *rep)
{
	return fr_render_escaped(f, render_md, rep, FR_ESC_CONTROLS_NL);
}
