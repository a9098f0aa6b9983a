// SPDX-License-Identifier: GPL-2.0-only
/*
 * Published reference results (read_ref.c's tables) -> model: each
 * published device a reference drive "<device> [<review>]", its curve
 * points, write-pressure and noisy-neighbor figures steps, its profiles
 * given the review's method (methods.csv).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/label.h"
#include "read/read_ref.h"

static void blank_job(struct fr_job *j)
{
	memset(j, 0, sizeof(*j));
	for (int d = 0; d < FR_NDIRS; d++)
		for (int b = 0; b < FR_NBASES; b++)
			j->dir[d].lat[b] = (struct fr_lat){NAN, NAN, NAN, NAN};
}

static struct fr_drive *mark_ref_drive(struct fr_model *m, const char *label, const char *review,
				       int *added)
{
	struct fr_drive *d = fr_model_find_drive(m, label);

	if (d)
		return d;
	d = fr_model_drive(m, label);
	if (!d)
		return NULL;
	d->reference = true;
	d->review = strdup(review);
	(*added)++;
	return d->review ? d : NULL;
}

/* A drive's configuration as the review gives it ("7.68TB x8, Dell R750 ..."). */
static void set_config(struct fr_drive *d, const struct fr_ref_curve *c)
{
	if (*d->config)
		return;
	snprintf(d->config, sizeof(d->config), "%s%s%s", c->capacity,
		 *c->capacity && *c->host ? ", " : "", c->host);
}

/* Sets one published latency figure (µs) on a job's direction, both bases. */
static void set_metric(struct fr_dirstat *ds, const char *metric, double us)
{
	double ns = us * 1000.0;

	for (int b = 0; b < FR_NBASES; b++) {
		if (!strcmp(metric, "clat_mean"))
			ds->lat[b].mean = ns;
		else if (!strcmp(metric, "clat_p99"))
			ds->lat[b].p99 = ns;
		else if (!strcmp(metric, "clat_p99.9"))
			ds->lat[b].p999 = ns;
		else if (!strcmp(metric, "clat_p99.99"))
			ds->lat[b].p9999 = ns;
	}
}

/*
 * Bytes per second of a published curve point.  The reviews' sequential
 * "GB/s" are IOPS x 64 KiB printed in binary units (README.md, "Units"), so
 * where the row has IOPS and the profile names its transfer size the exact
 * figure is IOPS x size; a row with only GB/s is read as GiB/s.  NAN when
 * the review published neither GB/s nor a transfer size: no MB/s is known,
 * and 0 would be printed (and ranked) as a figure.
 */
static double published_bw(const struct fr_ref_curve *c)
{
	unsigned bs = fr_profile_block_size(c->profile);

	if (!isnan(c->iops) && bs)
		return c->iops * bs;
	return !isnan(c->gbps) ? c->gbps * 1073741824.0 : NAN;
}

static int curve_rows(const struct fr_ref *ref, const char *review, struct fr_model *m, int *added)
{
	for (size_t i = 0; i < ref->ncurves; i++) {
		const struct fr_ref_curve *c = &ref->curves[i];
		char label[256], profile[160];
		struct fr_job j;

		if (review && strcmp(review, c->review))
			continue;
		snprintf(label, sizeof(label), "%s [%s]", c->device, c->review);
		snprintf(profile, sizeof(profile), "%s%s", c->profile,
			 !strcmp(c->load, "high") ? "-high" : "");
		struct fr_drive *d = mark_ref_drive(m, label, c->review, added);

		if (!d)
			return -1;
		set_config(d, c);
		if (c->drives > 1)
			d->group = c->drives;
		blank_job(&j);
		j.drive = label;
		j.profile = profile;
		j.step = *c->point ? c->point : "peak";
		j.source = "reference";
		/* the published IOPS of a mix are not split by direction */
		j.dir[FR_READ].ios = 1;
		j.dir[FR_READ].iops = c->iops / c->drives;
		j.dir[FR_READ].bw_bytes = published_bw(c) / c->drives;
		j.dir[FR_READ].lat[FR_CLAT].mean = c->lat_us * 1000.0;
		j.dir[FR_READ].lat[FR_LAT].mean = c->lat_us * 1000.0;
		if (fr_model_add(m, &j))
			return -1;
	}
	return 0;
}

static void add_statement(struct fr_model *m, const struct fr_ref_lat *r)
{
	struct fr_statement *s;

	if (m->nstatements == FR_MAX_STATEMENTS ||
	    (!m->statements && !(m->statements = calloc(FR_MAX_STATEMENTS, sizeof(*s)))))
		return;
	s = &m->statements[m->nstatements++];
	snprintf(s->review, sizeof(s->review), "%s", r->review);
	snprintf(s->metric, sizeof(s->metric), "%s", r->metric);
	snprintf(s->text, sizeof(s->text), "%s", r->note);
	s->write_mbps = r->write_mbps;
	s->value_us = r->value_us;
}

static int lat_rows(const struct fr_ref_lat *rows, size_t n, bool nn, const char *review,
		    struct fr_model *m, int *added)
{
	for (size_t i = 0; i < n; i++) {
		const struct fr_ref_lat *r = &rows[i];
		char label[256], step[32];
		struct fr_job j;

		if (review && strcmp(review, r->review))
			continue;
		if (!strcmp(r->device, "both")) { /* the review's statement, kept as is */
			add_statement(m, r);
			continue;
		}
		if (isnan(r->value_us))
			continue;
		snprintf(label, sizeof(label), "%s [%s]", r->device, r->review);
		if (!mark_ref_drive(m, label, r->review, added))
			return -1;
		blank_job(&j);
		j.drive = label;
		j.source = "reference";
		if (nn) {
			j.profile = "noisy-neighbor";
			j.step = "published";
			j.kind = FR_KIND_NN_READ;
			j.nsid = r->nsid;
		} else {
			snprintf(step, sizeof(step), "%g", r->write_mbps);
			j.profile = "write-pressure";
			j.step = step;
			j.kind = FR_KIND_WP_READ;
		}
		j.dir[FR_READ].ios = 1;
		set_metric(&j.dir[FR_READ], r->metric, r->value_us);
		if (fr_model_add(m, &j))
			return -1;
	}
	return 0;
}

static bool glob_match(const char *pat, const char *s)
{
	size_t n = strlen(pat);

	if (n && pat[n - 1] == '*')
		return !strncmp(pat, s, n - 1);
	return !strcmp(pat, s);
}

static const struct fr_ref_method *find_method(const struct fr_ref *ref, const char *review,
					       const char *profile, const char *load)
{
	for (size_t i = 0; i < ref->nmethods; i++) {
		const struct fr_ref_method *x = &ref->methods[i];

		if (glob_match(x->review, review) && glob_match(x->profile, profile) &&
		    glob_match(x->load, load))
			return x;
	}
	return NULL;
}

/* The published method of one profile of a published drive. */
static struct fr_method profile_method(const struct fr_ref *ref, const struct fr_drive *d,
				       const char *profile)
{
	size_t len = strlen(profile), hl = strlen("-high");
	bool high = len > hl && !strcmp(profile + len - hl, "-high");
	char base[160];
	const struct fr_ref_method *x;
	struct fr_method me = {.target = FR_TARGET_NAMESPACE, .read_pct = -1};

	snprintf(base, sizeof(base), "%.*s", (int)(high ? len - hl : len), profile);
	x = find_method(ref, d->review, base, high ? "high" : "normal");
	if (!x) {
		snprintf(me.note, sizeof(me.note), "the review states no method for %s", profile);
		return me;
	}
	me.known = !isnan(x->outstanding) && x->outstanding >= 1;
	me.outstanding = me.known ? (unsigned)x->outstanding : 0;
	me.bs = !isnan(x->block_size) ? (unsigned)x->block_size : 0;
	me.read_pct = !isnan(x->read_pct) ? (int)x->read_pct : -1;
	me.namespaces = !isnan(x->namespaces) && x->namespaces >= 1 ? (unsigned)x->namespaces : 0;
	me.writers = !isnan(x->writers) && x->writers >= 0 ? (unsigned)x->writers : 0;
	if (!me.known)
		snprintf(me.note, sizeof(me.note), "%s", x->note);
	return me;
}

static void apply_methods(const struct fr_ref *ref, struct fr_model *m)
{
	for (size_t d = 0; d < m->ndrives; d++) {
		struct fr_drive *dr = &m->drives[d];

		for (size_t p = 0; dr->reference && p < dr->nprofiles; p++) {
			struct fr_profile *pr = &dr->profiles[p];
			struct fr_method me = profile_method(ref, dr, pr->name);

			for (size_t s = 0; s < pr->nsteps; s++)
				if (pr->steps[s].kind == FR_KIND_CURVE ||
				    pr->steps[s].kind == FR_KIND_NN_READ)
					pr->steps[s].method = me;
		}
	}
}

int fr_ref_to_model(const struct fr_ref *ref, const char *review, struct fr_model *m)
{
	size_t jobs = m->jobs_read;
	int added = 0;

	if (curve_rows(ref, review, m, &added) ||
	    lat_rows(ref->wp, ref->nwp, false, review, m, &added) ||
	    lat_rows(ref->nn, ref->nnn, true, review, m, &added))
		return -1;
	m->jobs_read = jobs; /* published rows are not fio jobs */
	apply_methods(ref, m);
	return added;
}
