// SPDX-License-Identifier: GPL-2.0-only
/*
 * CSV for lab automation: one table, one header, a "section" column saying
 * what a row is.  The columns are documented in docs/fiorank.md and are only
 * ever appended to.  Latencies in µs, empty where there is no figure.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "util/escape.h"
#include "out/out.h"
#include "out/csv_line.h"
#include "out/baseline_out.h"
#include "report/fdp.h"
#include "out/out_fdp.h"
#include "out/out_cell.h"
#include "out/out_health.h"
#include "out/out_tq.h"

/* A row is built field by field; unused fields stay empty. */
struct row {
	const char *section, *profile, *drive, *step, *detail;
	double iops, mbps, lat, p99, p999, p9999, margin, write_mbps;
	unsigned place, ref_place, ref_total, nsid;
	int reference;			    /* -1: not applicable */
	const struct fr_step *origin;	    /* the step whose jobs made the row */
	const struct fr_step *paired;	    /* write pressure: the writer beside it */
	const char *file;		    /* a problem's file */
	unsigned per_drive_of;		    /* a published group's figure shown per drive */
	const char *ref_note;		    /* why published drives were left out of ref_place */
	const char *cross_check_of;	    /* nn_cross_check: the ssdnvme run's drive */
	struct fr_lat ratio;		    /* nn_cross_check: this run over that one */
	double target_iops;		    /* curve: the step's rate target, NAN none */
	const struct fr_health_row *health; /* a "health" row's step's (report_health.h) */
};

static struct row blank(const char *section)
{
	return (struct row){.section = section,
			    .iops = NAN,
			    .mbps = NAN,
			    .lat = NAN,
			    .p99 = NAN,
			    .p999 = NAN,
			    .p9999 = NAN,
			    .margin = NAN,
			    .write_mbps = NAN,
			    .reference = -1,
			    .ratio = {NAN, NAN, NAN, NAN},
			    .target_iops = NAN};
}

/* Whether byte C of a job name takes a backslash in the '|'-joined list:
 * the separator, and the backslash itself, so "\|" is always a name's. */
static bool list_escaped(char c)
{
	return c == '|' || c == '\\';
}

/* The bytes step S's job names take in a '|'-joined list (S may be NULL). */
static size_t jobnames_len(const struct fr_step *s)
{
	size_t len = 0;

	for (size_t i = 0; s && i < s->njobnames; i++)
		for (const char *c = s->jobnames[i];; c++) {
			len += *c && list_escaped(*c) ? 2 : 1;
			if (!*c)
				break;
		}
	return len;
}

/* Adds step S's job names (S may be NULL) to the '|'-joined list L, a '|'
 * or backslash in a name as "\|" / "\\", so that a job named "a|b" is not
 * the two jobs "a" and "b" (the byte layer then escapes the cell as every
 * other text). */
static void add_jobnames(char *l, const struct fr_step *s)
{
	char *end = l + strlen(l);

	for (size_t i = 0; s && i < s->njobnames; i++) {
		if (end != l)
			*end++ = '|';
		for (const char *c = s->jobnames[i]; *c; c++)
			end += list_escaped(*c) ? (end[0] = '\\', end[1] = *c, 2) : (*end = *c, 1);
	}
	*end = '\0';
}

/* The '|'-joined job names of S and of PAIRED (NULL: none) as one cell. */
static void jobnames_cell(struct fr_csv_line *l, const struct fr_step *s,
			  const struct fr_step *paired)
{
	char *joined = malloc(jobnames_len(s) + jobnames_len(paired) + 1);

	if (!joined)
		return;
	joined[0] = '\0';
	add_jobnames(joined, s);
	add_jobnames(joined, paired);
	fr_csv_line_text(l, joined);
	free(joined);
}

/* Origin block: fio job names (joined by '|'; a write-pressure row's
 * reader, then its paired writer), groupid, file.  A published drive's
 * steps have no fio job: empty. */
static void emit_origin(struct fr_csv_line *l, const struct row *r)
{
	const struct fr_step *s = r->origin;
	bool measured = s && r->reference != 1;

	fr_csv_line_put(l, ",", 1);
	if (measured && (s->njobnames || r->paired))
		jobnames_cell(l, s, r->paired);
	fr_csv_line_put(l, ",", 1);
	if (measured && s->groupid >= 0)
		fr_csv_line_long(l, s->groupid);
	fr_csv_line_put(l, ",", 1);
	fr_csv_line_text(l, measured ? s->source : r->file);
}

/* A text cell after its comma. */
static void comma_text(struct fr_csv_line *l, const char *s)
{
	fr_csv_line_put(l, ",", 1);
	fr_csv_line_text(l, s);
}

/* The row in memory up to its health cells, which out_health.c writes. */
static void emit(FILE *f, const struct row *r)
{
	struct fr_csv_line l = {.f = f};

	fr_csv_line_text(&l, r->section);
	comma_text(&l, r->profile);
	comma_text(&l, r->drive);
	fr_csv_line_count(&l, r->place);
	comma_text(&l, r->step);
	fr_csv_line_num(&l, r->iops, 1);
	fr_csv_line_num(&l, r->mbps, 3);
	fr_csv_line_num(&l, fr_us(r->lat), 3);
	fr_csv_line_num(&l, fr_us(r->p99), 3);
	fr_csv_line_num(&l, fr_us(r->p999), 3);
	fr_csv_line_num(&l, fr_us(r->p9999), 3);
	fr_csv_line_num(&l, r->margin, 3);
	fr_csv_line_count(&l, r->ref_place);
	fr_csv_line_count(&l, r->ref_total);
	fr_csv_line_num(&l, r->write_mbps, 3);
	fr_csv_line_count(&l, r->nsid);
	fr_csv_line_put(&l,
			r->reference < 0 ? ","
			: r->reference	 ? ",1"
					 : ",0",
			r->reference < 0 ? 1 : 2);
	comma_text(&l, r->detail);
	emit_origin(&l, r);
	fr_csv_line_count(&l, r->per_drive_of);
	comma_text(&l, r->ref_note);
	comma_text(&l, r->cross_check_of);
	fr_csv_line_num(&l, r->ratio.mean, 3);
	fr_csv_line_num(&l, r->ratio.p99, 3);
	fr_csv_line_num(&l, r->ratio.p999, 3);
	fr_csv_line_num(&l, r->ratio.p9999, 3);
	fr_csv_line_num(&l, r->target_iops, 1);
	fr_csv_line_num(&l, r->target_iops > 0 ? 100 * r->iops / r->target_iops : NAN, 1);
	if (!r->health) {
		/* no health record: its columns empty, as fr_health_csv_fields() has them */
		fr_csv_line_commas(&l, fr_csv_ncommas(FR_HEALTH_CSV_COLUMNS));
		fr_csv_line_put(&l, "\n", 1);
		fr_csv_line_flush(&l);
		return;
	}
	fr_csv_line_flush(&l);
	fr_health_csv_fields(f, r->health);
	fputc('\n', f);
}

/* A curve step's row: its percentiles when it did one direction; a mix
 * gets a curve_dir row per direction after it (never added up). */
static void curve_rows(FILE *f, const struct fr_profile_rank *pr, const struct fr_entry *e,
		       const struct fr_step *s, enum fr_basis basis)
{
	struct row c = blank("curve");
	enum fr_dir only = fr_step_only_dir(s);

	c.profile = pr->name;
	c.drive = e->drive->label;
	c.step = s->name;
	c.iops = fr_step_iops(s);
	c.mbps = fr_step_mbps(s);
	c.lat = fr_step_mean_lat(s, basis);
	c.reference = e->drive->reference;
	c.origin = s;
	c.target_iops = s->target_iops > 0 ? s->target_iops : NAN;
	if (only != FR_NDIRS) {
		c.p99 = s->dir[only].lat[basis].p99;
		c.p999 = s->dir[only].lat[basis].p999;
		c.p9999 = s->dir[only].lat[basis].p9999;
	}
	emit(f, &c);
	for (int d = 0; only == FR_NDIRS && d < FR_NDIRS; d++) {
		struct row r = blank("curve_dir");
		const struct fr_lat *l = &s->dir[d].lat[basis];

		if (!s->dir[d].ios)
			continue;
		r.profile = pr->name;
		r.drive = e->drive->label;
		r.step = s->name;
		r.iops = s->dir[d].iops;
		r.mbps = s->dir[d].bw_bytes / 1e6;
		r.lat = l->mean;
		r.p99 = l->p99;
		r.p999 = l->p999;
		r.p9999 = l->p9999;
		r.reference = e->drive->reference;
		r.detail = fr_dir_name((enum fr_dir)d);
		r.origin = s;
		emit(f, &r);
	}
}

static void profile_rows(FILE *f, const struct fr_report *rep)
{
	const struct fr_ranking *rk = rep->r;

	for (size_t p = 0; p < rk->nprofiles; p++) {
		const struct fr_profile_rank *pr = &rk->profiles[p];

		if (!rep->sect->p[p].shown)
			continue;
		for (size_t i = 0; i < pr->n; i++) {
			const struct fr_entry *e = &pr->e[i];
			struct row r = blank("peak");
			char note[700], why[640];

			r.profile = pr->name;
			r.drive = e->drive->label;
			r.place = e->place;
			r.step = e->peak->name;
			r.iops = e->iops;
			r.mbps = e->mbps;
			r.lat = e->lat_ns;
			r.margin = e->margin_pct;
			r.ref_place = e->ref_place;
			r.ref_total = e->ref_total;
			r.reference = e->drive->reference;
			r.per_drive_of = e->drive->reference ? e->drive->group : 0;
			r.ref_note = e->ref_note;
			r.detail = pr->by_mbps ? "ranked by MB/s" : "ranked by IOPS";
			/* an unplaced run's reason beside the basis of the others' places */
			if (fr_place_note_text(e, why, sizeof(why))) {
				snprintf(note, sizeof(note), "%s; %s", r.detail, why);
				r.detail = note;
			}
			r.origin = e->peak;
			emit(f, &r);
			for (size_t k = 0; k < e->ncurve; k++)
				curve_rows(f, pr, e, e->curve[k], rk->basis);
		}
	}
}

static void wp_rows(FILE *f, const struct fr_ranking *rk)
{
	for (size_t d = 0; d < rk->nwp; d++)
		for (size_t i = 0; i < rk->wp[d].n; i++) {
			struct row r = blank("wp");

			r.profile = "write-pressure";
			r.drive = rk->wp[d].drive->label;
			r.write_mbps = rk->wp[d].pts[i].write_mbps;
			r.lat = rk->wp[d].pts[i].mean_ns;
			r.p99 = rk->wp[d].pts[i].p99_ns;
			r.reference = rk->wp[d].drive->reference;
			r.origin = rk->wp[d].pts[i].step;
			r.paired = rk->wp[d].pts[i].writer;
			if (*rk->wp[d].note)
				r.detail = rk->wp[d].note;
			emit(f, &r);
		}
	for (size_t i = 0; i < rk->ncross; i++) {
		struct row r = blank("crossover");
		char s[512];

		fr_cross_sentence(s, sizeof(s), &rk->cross[i]);
		r.profile = "write-pressure";
		r.drive = rk->cross[i].lower->label;
		r.step = fr_wp_metric_name(rk->cross[i].metric);
		r.write_mbps = rk->cross[i].from_mbps;
		r.detail = s;
		emit(f, &r);
	}
}

/* Which drive and which run (section "provenance"): one row per field. */
/* How the report was made (section "report"): version, date, command,
 * one row per input as given. */
static void report_rows(FILE *f, const struct fr_run_info *ri)
{
	const char *field[] = {"fiorank_version", "date", "command"};
	const char *value[3];
	struct row r;

	if (!ri)
		return;
	value[0] = ri->version;
	value[1] = ri->date;
	value[2] = ri->cmdline;
	for (size_t i = 0; i < 3 + ri->ninputs; i++) {
		r = blank("report");
		r.step = i < 3 ? field[i] : "input";
		r.detail = i < 3 ? value[i] : ri->inputs[i - 3];
		emit(f, &r);
	}
}

static void provenance_rows(FILE *f, const struct fr_report *rep)
{
	for (size_t d = 0; d < rep->nprov_rows; d++) {
		const struct fr_prov_field *fl = rep->prov_rows[d].f;

		for (size_t k = 0; k < rep->prov_rows[d].n; k++) {
			struct row r = blank("provenance");

			r.drive = rep->prov_rows[d].d->drive->label;
			r.step = fl[k].name;
			r.reference = 0;
			r.detail = fl[k].value;
			emit(f, &r);
		}
	}
}

/* The reviews' own statements (section "statement"). */
static void statement_rows(FILE *f, const struct fr_report *rep)
{
	for (size_t i = 0; i < rep->m->nstatements; i++) {
		const struct fr_statement *st = &rep->m->statements[i];
		struct row r = blank("statement");
		char s[640];

		fr_statement_text(rep->r, st, s, sizeof(s));
		if (!*s)
			continue;
		r.profile = "write-pressure";
		r.drive = st->review;
		r.step = st->metric;
		r.write_mbps = st->write_mbps;
		r.lat = st->value_us * 1000.0;
		r.reference = 1;
		r.detail = s;
		emit(f, &r);
	}
}

static struct row nn_row(const char *section, const struct fr_nn_entry *e, unsigned nsid)
{
	struct row r = blank(section);

	r.profile = "noisy-neighbor";
	r.drive = e->drive->label;
	r.nsid = nsid;
	r.lat = e->lat.mean;
	r.p99 = e->lat.p99;
	r.p999 = e->lat.p999;
	r.p9999 = e->lat.p9999;
	r.reference = e->drive->reference;
	r.origin = e->step;
	/* unlike the placed measured runs: the detail, as a profile's peak row */
	if (e->unlike_placed)
		r.detail = e->note;
	else
		r.ref_note = e->note;
	return r;
}

/* An aggressor (section nn_aggressor, no place): its write figures (step
 * "write"), then its reads on that namespace if it did any (step "read"). */
static void aggressor_rows(FILE *f, const struct fr_nn_aggr *a, enum fr_basis basis)
{
	const struct fr_dirstat *w = &a->write->dir[FR_WRITE];
	struct row r = blank("nn_aggressor");

	r.profile = "noisy-neighbor";
	r.drive = a->drive->label;
	r.nsid = a->nsid;
	r.step = "write";
	r.iops = w->iops > 0 ? w->iops : NAN; /* an engine tag share has no rate */
	r.lat = w->lat[basis].mean;
	r.p99 = w->lat[basis].p99;
	r.p999 = w->lat[basis].p999;
	r.p9999 = w->lat[basis].p9999;
	r.reference = a->drive->reference;
	r.origin = a->write;
	r.detail = "writer; not ranked";
	emit(f, &r);
	if (!a->own_reads)
		return;
	r.step = "read";
	r.iops = NAN;
	r.lat = a->own_reads->mean;
	r.p99 = a->own_reads->p99;
	r.p999 = a->own_reads->p999;
	r.p9999 = a->own_reads->p9999;
	r.origin = a->own_reads_step;
	r.detail = "the writers' own reads; not victims, not ranked";
	emit(f, &r);
}

/* Section nn_fdp: a placed run's victims (lat columns) with their ratio to
 * the same drive's unplaced run (cross_check_of, the *_ratio columns), and
 * its writers' health and WAF in the health columns (out_fdp.h). */
static void fdp_pair_rows(FILE *f, const struct fr_fdp_pair *p,
			  const struct fr_report_health *health)
{
	for (size_t i = 0; i < p->nv; i++) {
		struct row r = blank("nn_fdp");

		r.profile = "noisy-neighbor";
		r.drive = p->placed->label;
		r.nsid = p->v[i].nsid;
		r.step = p->v[i].nsid ? "read" : "read (the readers' job)";
		r.lat = p->v[i].on->mean;
		r.p99 = p->v[i].on->p99;
		r.p999 = p->v[i].on->p999;
		r.p9999 = p->v[i].on->p9999;
		r.cross_check_of = p->unplaced ? p->unplaced->label : NULL;
		r.ratio = p->v[i].ratio;
		r.detail = "placed run over the same drive's unplaced run; not ranked";
		r.health = fr_health_row_of(health, fr_fdp_writer_step(p->placed));
		emit(f, &r);
	}
}

/* Section placement: per placed namespace, its writes ("all") and each
 * placement ID's (step "PID n", detail with RUHID, plids index and max). */
static void pid_rows(void *arg, const struct fr_drive *d, const struct fr_step *s)
{
	FILE *f = arg;
	struct row r = blank("placement");
	char step[32], detail[640], note[320];

	r.profile = "noisy-neighbor";
	r.drive = d->label;
	r.nsid = s->nsid;
	r.origin = s;
	r.step = "all";
	r.detail = "the namespace's placed writes";
	if (fr_placement_writes_note(s, note, sizeof(note))) {
		snprintf(detail, sizeof(detail), "the namespace's placed writes: %s", note);
		r.detail = detail;
	}
	r.lat = s->dir[FR_WRITE].lat[FR_CLAT].mean;
	r.p99 = s->dir[FR_WRITE].lat[FR_CLAT].p99;
	r.p999 = s->dir[FR_WRITE].lat[FR_CLAT].p999;
	r.p9999 = s->dir[FR_WRITE].lat[FR_CLAT].p9999;
	emit(f, &r);
	for (size_t i = 0; i < s->placement->n; i++) {
		const struct fr_pid_tail *p = &s->placement->t[i];
		char ruh[16] = "?", max[32], usage[480];

		if (p->ruhid >= 0)
			snprintf(ruh, sizeof(ruh), "%d", p->ruhid);
		fr_num(max, sizeof(max), fr_us(p->max), 1);
		snprintf(step, sizeof(step), "PID %u", p->pid);
		if (*p->ru_note)
			snprintf(usage, sizeof(usage), "%s", p->ru_note);
		else
			snprintf(usage, sizeof(usage),
				 "host %.0f B, reclaim unit%s took %.0f B, RU/host %.3f%s%s",
				 p->host_bytes, p->ru_units > 0 ? "s" : "", p->ru_bytes,
				 p->ru_ratio, *p->ru_basis ? "; " : "", p->ru_basis);
		snprintf(detail, sizeof(detail),
			 "RUHID %s, plids index %u, %llu writes, max %s us; %s", ruh, p->plid_index,
			 (unsigned long long)p->count, max, usage);
		r.step = step;
		r.detail = detail;
		r.lat = p->lat.mean;
		r.p99 = p->lat.p99;
		r.p999 = p->lat.p999;
		r.p9999 = p->lat.p9999;
		emit(f, &r);
	}
}

static void fdp_rows(FILE *f, const struct fr_report *rep)
{
	const struct fr_fdp_cmp *c = rep->fdp;

	if (!c)
		return;
	for (size_t i = 0; i < c->n; i++)
		fdp_pair_rows(f, &c->p[i], rep->health);
	fr_fdp_each_placed(rep->m, pid_rows, f);
}

/* Ranked victims, the aggressors apart, then the io_uring_cmd cross-check
 * runs without a place (crosscheck.c). */
static void nn_rows(FILE *f, const struct fr_report *rep)
{
	const struct fr_nn_split *sp = rep->nn; /* report.c */

	if (!sp)
		return;
	for (size_t n = 0; n < sp->nns; n++)
		for (size_t i = 0; i < sp->ns[n].n; i++) {
			struct row r = nn_row("nn", sp->ns[n].e[i], sp->ns[n].nsid);

			r.place = sp->ns[n].place[i];
			emit(f, &r);
		}
	for (size_t i = 0; i < sp->naggr; i++)
		aggressor_rows(f, &sp->aggr[i], rep->r->basis);
	for (size_t i = 0; i < sp->nxc; i++) {
		struct row r = nn_row("nn_cross_check", sp->xc[i].run, sp->xc[i].nsid);

		r.cross_check_of = sp->xc[i].of->label;
		r.ratio = sp->xc[i].ratio;
		r.detail = "io_uring_cmd run over the ssdnvme run";
		emit(f, &r);
	}
	fdp_rows(f, rep);
}

/* One row per measured step with a health record: the verdict (or why
 * there is none) in detail, the figures in the health columns. */
static void health_rows(FILE *f, const struct fr_report_health *h)
{
	for (size_t i = 0; h && i < h->n; i++) {
		const struct fr_health_row *hr = &h->rows[i];
		struct row r = blank("health");

		if (!hr->listed)
			continue;
		r.profile = hr->profile->name;
		r.drive = hr->drive->label;
		r.step = hr->step->name;
		r.detail = hr->verdict;
		r.origin = hr->step;
		r.health = hr;
		r.reference = 0;
		emit(f, &r);
	}
}

/* Inputs not used (or passed over): file and reason. */
static void problem_rows(FILE *f, const char *section, const struct fr_problem *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct row r = blank(section);

		r.step = r.file = p[i].source;
		r.detail = p[i].reason;
		emit(f, &r);
	}
}

static void other_rows(FILE *f, const struct fr_report *rep)
{
	const struct fr_ranking *rk = rep->r;

	for (size_t i = 0; fr_wins_shown(rk) && i < rk->nwins; i++) {
		struct row r = blank("wins");
		char s[64];

		if (!rk->wins[i].profiles)
			continue;
		snprintf(s, sizeof(s), "%u of %u", rk->wins[i].wins, rk->wins[i].profiles);
		r.drive = rk->wins[i].drive->label;
		r.place = rk->wins[i].wins;
		r.detail = s;
		r.reference = rk->wins[i].drive->reference;
		emit(f, &r);
	}
	problem_rows(f, "skipped", rep->m->skipped, rep->m->nskipped);
	problem_rows(f, "excluded", rep->m->excluded, rep->m->nexcluded);
	problem_rows(f, "note", rep->m->notes, rep->m->nnotes);
}

static int render_csv(FILE *f, const void *arg)
{
	const struct fr_report *rep = arg;

	fputs(FR_CSV_COLUMNS "\n", f);
	report_rows(f, rep->run);
	provenance_rows(f, rep);
	profile_rows(f, rep);
	wp_rows(f, rep->r);
	statement_rows(f, rep);
	nn_rows(f, rep);
	health_rows(f, rep->health);
	other_rows(f, rep);
	fr_baseline_csv(f, rep->bl);
	return fr_tq_csv(f, rep) || ferror(f) ? -1 : 0;
}

/* Control bytes and invalid UTF-8 from input shown as "\xNN", as in text,
 * md and html (escape.c); newlines (row ends, quoted cells) kept. */
int fr_out_csv(FILE *f, const struct fr_report *rep)
{
	return fr_render_escaped(f, render_csv, rep, FR_ESC_CONTROLS_NL);
}
