// SPDX-License-Identifier: GPL-2.0-only
/*
 * One direction of a fleet step (fleet_dir.h): each host's drive, the fleet
 * row from every host's bins summed, fio's "All clients" block checked
 * against it, and the spread of each figure across the drives.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "model/label.h"
#include "report/fleet_dir.h"
#include "util/json_get.h"

static const double pcts[FR_FLEET_NPCT] = {99, 99.9, 99.99};
static const char *const pct_names[FR_FLEET_NPCT] = {"p99_us", "p99_9_us", "p99_99_us"};

/* A copy of s, or NULL for NULL; false when out of memory. */
static bool dup_to(char **to, const char *s)
{
	*to = s ? strdup(s) : NULL;
	return !s || *to;
}

static const char *host_at(const struct fr_fleet_ctx *c, size_t i)
{
	return json_object_get_string(json_object_array_get_idx(c->hosts, i));
}

/* "QEMU NVMe Ctrl fleet0001 ns1": the drive as the rest of the report
 * names a runner's drive; the host as given when the manifest lacks it. */
static void drive_name(char *buf, size_t len, struct json_object *d, const char *host)
{
	if (!fr_host_drive_label(buf, len, fr_json_str(d, "model"), fr_json_str(d, "serial"),
				 fr_json_num(d, "nsid")))
		snprintf(buf, len, "drive on %s (model, serial not recorded)", host);
}

/* The row's host, its drive and the manifest's words on them. */
static int row_who(const struct fr_fleet_ctx *c, const char *host, struct fr_fleet_row *r)
{
	struct json_object *sys = fr_json_get(fr_json_get(c->mf, "systems"), host);
	struct json_object *d = fr_json_get(c->by_host, host);
	char name[512];

	drive_name(name, sizeof(name), d, host);
	return dup_to(&r->host, host) && dup_to(&r->drive, name) &&
			       dup_to(&r->serial, fr_json_str(d, "serial")) &&
			       dup_to(&r->hostname, fr_json_str(sys, "host")) &&
			       dup_to(&r->kernel, fr_json_str(sys, "kernel")) &&
			       dup_to(&r->cpu, fr_json_str(sys, "cpu")) &&
			       dup_to(&r->fio, fr_json_str(sys, "fio"))
		       ? 0
		       : -ENOMEM;
}

static double finite_or_nan(double v)
{
	return isfinite(v) ? v : NAN;
}

/* One host's (or the fleet's) figures of one direction. */
static void figures(double ios, double iops, double mean_sum, const struct fr_hist *hist,
		    struct fr_fleet_figs *f)
{
	f->ios = ios;
	f->iops = finite_or_nan(iops);
	f->mean_us = finite_or_nan(mean_sum / ios / 1000);
	for (int k = 0; k < FR_FLEET_NPCT; k++)
		f->pct_us[k] = finite_or_nan(fr_hist_pct(hist, pcts[k]) / 1000);
}

/* The summed bins of every host's direction d (all present). */
static int fleet_hist(const struct fr_fleet_ctx *c, enum fr_dir d, struct fr_hist *sum)
{
	for (size_t i = 0; i < c->nh; i++) {
		const struct fr_hist *h = &c->h[i]->dir[d].hist;

		for (size_t b = 0; b < h->n; b++)
			if (fr_hist_add(sum, h->b[b].ns, h->b[b].count))
				return -ENOMEM;
	}
	fr_hist_sort(sum);
	return 0;
}

static bool differs(double a, double b, double rel)
{
	return !(fabs(a - b) <= rel * fmax(fabs(a), fabs(b)));
}

/*
 * fio's "All clients" block beside the fleet row, in one line: its I/O
 * count must be the hosts' sum, and its percentiles (when it has them: fio
 * 3.33 writes none) the summed bins' exactly.  Its IOPS are its I/Os over
 * the longest host's runtime, the fleet row's the sum of each host's own
 * rate: they differ by the hosts' skew, which is said, not called wrong.
 */
static void all_clients_note(const struct fr_client_all *all, enum fr_dir d,
			     const struct fr_fleet_figs *fleet, char *buf, size_t len)
{
	double ios = all->dir[d].ios, iops = all->dir[d].iops;
	char diff[400] = "", rate[200] = "";
	size_t at = 0;

	if (!all->present) {
		snprintf(buf, len, "fio wrote no \"All clients\" block: nothing to check against");
		return;
	}
	if (differs(ios, fleet->ios, 0))
		at += (size_t)snprintf(diff + at, sizeof(diff) - at,
				       ", its I/Os %.0f, the hosts' %.0f", ios, fleet->ios);
	for (int k = 0; k < FR_FLEET_NPCT && all->dir[d].has_pct && at < sizeof(diff); k++) {
		double v = all->dir[d].pct_ns[k] / 1000, mine = fleet->pct_us[k];

		if (isfinite(v) && differs(v, mine, 1e-9))
			at += (size_t)snprintf(diff + at, sizeof(diff) - at,
					       ", its %s %.1f, the summed bins' %.1f", pct_names[k],
					       v, mine);
	}
	if (differs(iops, fleet->iops, 0.001))
		snprintf(rate, sizeof(rate),
			 "; its IOPS %.0f are its I/Os over the longest host's runtime (%.0f ms), "
			 "the fleet row's %.0f the hosts' own rates summed",
			 iops, all->dir[d].runtime, fleet->iops);
	if (at)
		snprintf(buf, len, "fio's \"All clients\" disagrees:%s%s", diff + 1, rate);
	else if (!all->dir[d].has_pct)
		snprintf(buf, len,
			 "fio's \"All clients\" has no percentiles: its I/Os agree, its tails are "
			 "not checked%s",
			 rate);
	else
		snprintf(buf, len, "fio's \"All clients\" agrees (I/Os, p99, p99.9, p99.99)%s",
			 rate);
}

/* A row's figure k (NAN when it has none). */
static double row_fig(const struct fr_fleet_row *r, enum fr_fleet_fig k)
{
	if (!r->measured)
		return NAN;
	return k == FR_FLEET_IOPS  ? r->figs.iops
	       : k == FR_FLEET_P99 ? r->figs.pct_us[0]
				   : r->figs.pct_us[2];
}

static void spread_rule(const struct fr_drive_spread *s, char *rule, size_t len)
{
	if (s->n < FR_OUTLIER_MIN_N)
		snprintf(rule, len,
			 "no outlier named: the rule (beyond median +- %.0f x scaled MAD) needs "
			 ">= %d drives, here %zu",
			 FR_OUTLIER_K, FR_OUTLIER_MIN_N, s->n);
	else if (!s->rule_applied)
		snprintf(rule, len,
			 "no outlier named: the scaled MAD is 0 (half the drives or more equal)");
	else if (s->outlier == -1)
		snprintf(rule, len, "none beyond median +- %.0f x scaled MAD", FR_OUTLIER_K);
	else
		snprintf(rule, len, "beyond median +- %.0f x scaled MAD", FR_OUTLIER_K);
}

/* The spread of figure k over the rows, and the rows beyond the rule. */
static int spread_of(const struct fr_fleet_dir *dir, enum fr_fleet_fig k,
		     struct fr_fleet_spread *sp)
{
	double *v = calloc(dir->nrows ? dir->nrows : 1, sizeof(*v));

	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < dir->nrows; i++)
		v[i] = row_fig(&dir->rows[i], k);
	if (fr_drive_spread_of(v, dir->nrows, &sp->s)) {
		free(v);
		return -ENOMEM;
	}
	spread_rule(&sp->s, sp->rule, sizeof(sp->rule));
	if (sp->s.rule_applied && sp->s.outlier != -1) {
		if (!(sp->outliers = calloc(dir->nrows, sizeof(*sp->outliers)))) {
			free(v);
			return -ENOMEM;
		}
		for (size_t i = 0; i < dir->nrows; i++)
			if (isfinite(v[i]) && fabs(v[i] - sp->s.median) > FR_OUTLIER_K * sp->s.mad)
				sp->outliers[sp->noutliers++] = i;
	}
	free(v);
	return 0;
}

void fr_fleet_withheld(const struct fr_fleet_ctx *c, enum fr_dir d, char *buf, size_t len)
{
	*buf = '\0';
	for (size_t i = 0; i < c->nh; i++) {
		const char *host = host_at(c, i);
		const char *name =
			fr_json_str(fr_json_get(fr_json_get(c->mf, "systems"), host), "host");

		if (!c->h[i]->present)
			snprintf(
				buf, len,
				"fleet row withheld: host %s%s%s%s has no result in this step (%s)",
				host, name ? " (" : "", name ? name : "", name ? ")" : "",
				c->h[i]->why);
		else if (c->h[i]->dir[d].no_bins)
			snprintf(buf, len,
				 "fleet row withheld: host %s%s%s%s has no json+ latency bins",
				 host, name ? " (" : "", name ? name : "", name ? ")" : "");
		if (*buf)
			return;
	}
}

/* The fleet row and its "All clients" check, when not withheld. */
static int fleet_row(const struct fr_fleet_ctx *c, enum fr_dir d, struct fr_fleet_dir *out)
{
	double ios = 0, iops = 0, mean_sum = 0;
	struct fr_hist sum = {0};
	char why[1024];

	fr_fleet_withheld(c, d, why, sizeof(why));
	if (*why)
		return dup_to(&out->withheld, why) ? 0 : -ENOMEM;
	for (size_t i = 0; i < c->nh; i++) {
		ios += c->h[i]->dir[d].ios;
		iops += c->h[i]->dir[d].iops;
		mean_sum += c->h[i]->dir[d].mean_sum;
	}
	if (fleet_hist(c, d, &sum)) {
		fr_hist_free(&sum);
		return -ENOMEM;
	}
	figures(ios, iops, mean_sum, &sum, &out->fleet);
	fr_hist_free(&sum);
	out->fleet_hosts = c->nh;
	all_clients_note(c->all, d, &out->fleet, why, sizeof(why));
	return dup_to(&out->all_clients, why) ? 0 : -ENOMEM;
}

int fr_fleet_dir_make(const struct fr_fleet_ctx *c, enum fr_dir d, struct fr_fleet_dir *out)
{
	memset(out, 0, sizeof(*out));
	out->dir = d;
	if (!(out->rows = calloc(c->nh ? c->nh : 1, sizeof(*out->rows))))
		return -ENOMEM;
	for (size_t i = 0; i < c->nh; i++) {
		const struct fr_client_dir *hd = &c->h[i]->dir[d];
		struct fr_fleet_row *r = &out->rows[out->nrows++];

		r->measured = c->h[i]->present && hd->ios > 0;
		if (r->measured)
			figures(hd->ios, hd->iops, hd->mean_sum, &hd->hist, &r->figs);
		if (row_who(c, host_at(c, i), r) ||
		    (!c->h[i]->present && !dup_to(&r->missing, c->h[i]->why)))
			return -ENOMEM;
	}
	if (fleet_row(c, d, out))
		return -ENOMEM;
	for (int k = 0; k < FR_FLEET_NFIGS; k++)
		if (spread_of(out, k, &out->spread[k]))
			return -ENOMEM;
	return 0;
}

void fr_fleet_dir_free(struct fr_fleet_dir *d)
{
	for (size_t i = 0; i < d->nrows; i++) {
		struct fr_fleet_row *r = &d->rows[i];

		free(r->host);
		free(r->drive);
		free(r->serial);
		free(r->hostname);
		free(r->kernel);
		free(r->cpu);
		free(r->fio);
		free(r->missing);
	}
	free(d->rows);
	free(d->withheld);
	free(d->all_clients);
	for (int k = 0; k < FR_FLEET_NFIGS; k++)
		free(d->spread[k].outliers);
	memset(d, 0, sizeof(*d));
}
