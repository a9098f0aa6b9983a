// SPDX-License-Identifier: GPL-2.0-only
/*
 * The CSV report's ranking rows (out_csv.h): each profile's peak and curve
 * rows, write pressure and its crossovers, the noisy neighbor's victims,
 * aggressors and cross-checks, the placed runs.
 */
#include <math.h>
#include <stdio.h>

#include "report/report.h"
#include "report/fdp.h"
#include "out/out.h"
#include "out/out_fdp.h"
#include "out/out_csv.h"

/* A curve step's row: its percentiles when it did one direction; a mix
 * gets a curve_dir row per direction after it (never added up). */
static void curve_rows(FILE *f, const struct fr_profile_rank *pr, const struct fr_entry *e,
		       const struct fr_step *s, enum fr_basis basis)
{
	struct fr_csv_row c = fr_csv_blank("curve");
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
	fr_csv_emit(f, &c);
	for (int d = 0; only == FR_NDIRS && d < FR_NDIRS; d++) {
		struct fr_csv_row r = fr_csv_blank("curve_dir");
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
		fr_csv_emit(f, &r);
	}
}

int fr_csv_profiles(struct fr_out *o)
{
	const struct fr_report *rep = o->rep;
	FILE *f = o->f;
	const struct fr_ranking *rk = rep->r;

	for (size_t p = 0; p < rk->nprofiles; p++) {
		const struct fr_profile_rank *pr = &rk->profiles[p];

		if (!rep->sect->p[p].shown)
			continue;
		for (size_t i = 0; i < pr->n; i++) {
			const struct fr_entry *e = &pr->e[i];
			struct fr_csv_row r = fr_csv_blank("peak");
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
			fr_csv_emit(f, &r);
			for (size_t k = 0; k < e->ncurve; k++)
				curve_rows(f, pr, e, e->curve[k], rk->basis);
		}
	}
	return 0;
}

int fr_csv_write_pressure(struct fr_out *o)
{
	const struct fr_ranking *rk = o->rep->r;
	FILE *f = o->f;

	for (size_t d = 0; d < rk->nwp; d++)
		for (size_t i = 0; i < rk->wp[d].n; i++) {
			struct fr_csv_row r = fr_csv_blank("wp");

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
			fr_csv_emit(f, &r);
		}
	for (size_t i = 0; i < rk->ncross; i++) {
		struct fr_csv_row r = fr_csv_blank("crossover");
		char s[512];

		fr_cross_sentence(s, sizeof(s), &rk->cross[i]);
		r.profile = "write-pressure";
		r.drive = rk->cross[i].lower->label;
		r.step = fr_wp_metric_name(rk->cross[i].metric);
		r.write_mbps = rk->cross[i].from_mbps;
		r.detail = s;
		fr_csv_emit(f, &r);
	}
	return 0;
}

static struct fr_csv_row nn_row(const char *section, const struct fr_nn_entry *e, unsigned nsid)
{
	struct fr_csv_row r = fr_csv_blank(section);

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
	struct fr_csv_row r = fr_csv_blank("nn_aggressor");

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
	fr_csv_emit(f, &r);
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
	fr_csv_emit(f, &r);
}

/* Section nn_fdp: a placed run's victims (lat columns) with their ratio to
 * the same drive's unplaced run (cross_check_of, the *_ratio columns), and
 * its writers' health and WAF in the health columns (out_fdp.h). */
static void fdp_pair_rows(FILE *f, const struct fr_fdp_pair *p,
			  const struct fr_report_health *health)
{
	for (size_t i = 0; i < p->nv; i++) {
		struct fr_csv_row r = fr_csv_blank("nn_fdp");

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
		fr_csv_emit(f, &r);
	}
}

/* Section placement: per placed namespace, its writes ("all") and each
 * placement ID's (step "PID n", detail with RUHID, plids index and max). */
static void pid_rows(void *arg, const struct fr_drive *d, const struct fr_step *s)
{
	FILE *f = arg;
	struct fr_csv_row r = fr_csv_blank("placement");
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
	fr_csv_emit(f, &r);
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
		fr_csv_emit(f, &r);
	}
}

int fr_csv_fdp(struct fr_out *o)
{
	const struct fr_report *rep = o->rep;
	FILE *f = o->f;
	const struct fr_fdp_cmp *c = rep->fdp;

	if (!c)
		return 0;
	for (size_t i = 0; i < c->n; i++)
		fdp_pair_rows(f, &c->p[i], rep->health);
	fr_fdp_each_placed(rep->m, pid_rows, f);
	return 0;
}

/* Ranked victims, the aggressors apart, then the io_uring_cmd cross-check
 * runs without a place (crosscheck.c). */
int fr_csv_nn(struct fr_out *o)
{
	const struct fr_report *rep = o->rep;
	FILE *f = o->f;
	const struct fr_nn_split *sp = rep->nn; /* report.c */

	if (!sp)
		return 0;
	for (size_t n = 0; n < sp->nns; n++)
		for (size_t i = 0; i < sp->ns[n].n; i++) {
			struct fr_csv_row r = nn_row("nn", sp->ns[n].e[i], sp->ns[n].nsid);

			r.place = sp->ns[n].place[i];
			fr_csv_emit(f, &r);
		}
	for (size_t i = 0; i < sp->naggr; i++)
		aggressor_rows(f, &sp->aggr[i], rep->r->basis);
	for (size_t i = 0; i < sp->nxc; i++) {
		struct fr_csv_row r = nn_row("nn_cross_check", sp->xc[i].run, sp->xc[i].nsid);

		r.cross_check_of = sp->xc[i].of->label;
		r.ratio = sp->xc[i].ratio;
		r.detail = "io_uring_cmd run over the ssdnvme run";
		fr_csv_emit(f, &r);
	}
	return 0;
}
