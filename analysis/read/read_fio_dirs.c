// SPDX-License-Identifier: GPL-2.0-only
/*
 * A fio job's directions -> model (read_fio_dirs.h): read, write and trim
 * (or fio's "mixed"), each direction's IOPS, bandwidth, operation count
 * and latencies (fio >= 3.0's clat_ns/lat_ns in ns, older fio's clat/lat in
 * µs), checked to be figures a device can have; a job whose figures are not
 * sound is excluded with the reason.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include <json-c/json.h>

#include "read/compact.h"
#include "util/json_get.h"
#include "read/read_fio_dirs.h"
#include "read/read_fio_opts.h"

int fr_pending_exclude(struct fr_pending *p, const char *fmt, ...)
{
	va_list ap;
	int r;

	if (p->excluded)
		return 0; /* the first reason stands */
	va_start(ap, fmt);
	r = vasprintf(&p->excluded, fmt, ap);
	va_end(ap);
	if (r < 0) {
		p->excluded = NULL;
		return -ENOMEM;
	}
	return 0;
}

static bool is_number(struct json_object *v)
{
	return v &&
	       (json_object_is_type(v, json_type_int) || json_object_is_type(v, json_type_double));
}

/* fio prints percentile keys as "%f" ("99.900000"); match them by value so a
 * hand-edited "99.9" is found too. */
static double percentile(struct json_object *pct, const char *fio_key, double want)
{
	struct json_object *v;

	if (!pct || !json_object_is_type(pct, json_type_object))
		return NAN;
	/* the key as fio prints it: one hash lookup, no scan */
	if (json_object_object_get_ex(pct, fio_key, &v) && is_number(v))
		return json_object_get_double(v);
	json_object_object_foreach(pct, key, val)
	{
		if (fr_pct_key_is(key, want) && is_number(val))
			return json_object_get_double(val);
	}
	return NAN;
}

/* One latency object ({mean, percentile{...}}) scaled to ns. */
static void read_lat(struct json_object *o, double scale, struct fr_lat *l)
{
	struct json_object *pct = fr_json_get(o, "percentile");

	l->mean = fr_json_num(o, "mean") * scale;
	/* the ones compact.c keeps in the copy (fr_pct_read) */
	l->p99 = percentile(pct, "99.000000", fr_pct_read[0]) * scale;
	l->p999 = percentile(pct, "99.900000", fr_pct_read[1]) * scale;
	l->p9999 = percentile(pct, "99.990000", fr_pct_read[2]) * scale;
}

/* fio's stddev and max of one latency object, scaled to ns; known only
 * when both are sound numbers. */
static void read_spread(struct json_object *o, double scale, struct fr_spread *s)
{
	double sd = fr_json_num(o, "stddev"), max = fr_json_num(o, "max");

	s->known = isfinite(sd) && isfinite(max) && sd >= 0 && max >= 0;
	s->stddev = s->known ? sd * scale : NAN;
	s->max = s->known ? max * scale : NAN;
}

/* A direction's figures; NULL when sound, else why not (static text). */
static const char *read_dir(struct json_object *d, struct fr_dirstat *out)
{
	static const char *const keys[FR_NBASES][2] = {{"clat_ns", "clat"}, {"lat_ns", "lat"}};
	double ios, bw;

	if (!json_object_is_type(d, json_type_object))
		return "is not a JSON object";
	out->iops = fr_json_num(d, "iops");
	if (isnan(out->iops))
		return "has no numeric \"iops\"";
	if (!isfinite(out->iops) || out->iops < 0 || out->iops >= FR_MAX_IOPS)
		return "has an \"iops\" that is negative, infinite or beyond any device";
	bw = fr_json_num(d, "bw_bytes");
	/* fio < 3.0 has only "bw", in KiB/s */
	out->bw_bytes = !isnan(bw) ? bw : fr_json_num(d, "bw") * 1024.0;
	if (isnan(out->bw_bytes))
		out->bw_bytes = 0;
	if (!isfinite(out->bw_bytes) || out->bw_bytes < 0 || out->bw_bytes >= FR_MAX_BW)
		return "has a bandwidth that is negative, infinite or beyond any device";
	/* bytes moved (the host side of a WAF); fio < 3.0 counted KiB */
	out->io_bytes = isnan(bw) ? NAN : fr_json_num(d, "io_bytes");
	if (!(out->io_bytes >= 0 && out->io_bytes < 1e21))
		out->io_bytes = NAN;
	ios = fr_json_num(d, "total_ios");
	if (isnan(ios) && fr_json_get(d, "total_ios"))
		return "has a \"total_ios\" that is not a number";
	if (isnan(ios))
		ios = round(out->iops * fr_json_num(d, "runtime") / 1000.0);
	if (!isnan(ios) && (!(ios >= 0 && ios < FR_MAX_IOS) || ios != floor(ios)))
		return "has a \"total_ios\" that is not a count of operations";
	out->ios = isnan(ios) ? 0 : (uint64_t)ios;
	if (!out->ios && out->iops > 0)
		return "reports IOPS but no completed operation (total_ios 0)";
	for (int b = 0; b < FR_NBASES; b++) {
		struct json_object *ns = fr_json_get(d, keys[b][0]);

		if (ns) {
			read_lat(ns, 1.0, &out->lat[b]);
			read_spread(ns, 1.0, &out->spread[b]);
		} else if (fr_json_get(d, keys[b][1])) {
			read_lat(fr_json_get(d, keys[b][1]), 1000.0, &out->lat[b]);
			read_spread(fr_json_get(d, keys[b][1]), 1000.0, &out->spread[b]);
		}
		if (fr_bad_lat(&out->lat[b]))
			return "has a negative or infinite latency";
	}
	if (!out->ios)
		for (int b = 0; b < FR_NBASES; b++) {
			out->lat[b] = (struct fr_lat){NAN, NAN, NAN, NAN};
			out->spread[b] = (struct fr_spread){0};
		}
	return NULL;
}

/* The bytes per I/O fio counted in a direction (io_bytes / total_ios) when
 * whole; 0 when not known or not one size.  fio < 3 (no bw_bytes) wrote
 * KiB under the name io_bytes. */
static unsigned bytes_per_io(struct json_object *d, uint64_t ios)
{
	double bytes = fr_json_num(d, "io_bytes"), per;

	if (!ios || !isfinite(bytes) || bytes <= 0 || !fr_json_get(d, "bw_bytes"))
		return 0;
	per = bytes / (double)ios;
	return per == floor(per) && per <= 1u << 30 ? (unsigned)per : 0;
}

/* The direction objects of a job: read/write/trim, or with
 * unified_rw_reporting=mixed fio's one "mixed" direction, which is the
 * read or the write direction of a job that only reads or only writes
 * (with =both, read/write/trim are there and "mixed" is their sum). */
static int dir_objects(struct json_object *job, const struct fr_jobopts *o, struct fr_pending *p,
		       struct json_object *obj[FR_NDIRS])
{
	static const char *const dirs[FR_NDIRS] = {"read", "write", "trim"};
	struct json_object *mixed = fr_json_get(job, "mixed");
	int pct = fr_jobopts_read_pct(o);

	for (int d = 0; d < FR_NDIRS; d++)
		obj[d] = fr_json_get(job, dirs[d]);
	if (obj[FR_READ] || obj[FR_WRITE] || obj[FR_TRIM] || !mixed)
		return 0;
	if (pct == 100 || pct == 0) {
		obj[pct ? FR_READ : FR_WRITE] = mixed;
		return 0;
	}
	return fr_pending_exclude(
		p,
		"job '%s': unified_rw_reporting=mixed reports its reads and writes as one "
		"(\"mixed\"), so the read share it achieved and its per-direction figures "
		"are not known; rerun with unified_rw_reporting=both",
		p->jobname);
}

int fr_read_job_dirs(struct json_object *job, const struct fr_jobopts *o, struct fr_pending *p,
		     struct fr_ran *ran, double *run_ms)
{
	static const char *const dirs[FR_NDIRS] = {"read", "write", "trim"};
	struct json_object *obj[FR_NDIRS];
	uint64_t ios = 0;
	bool any = false;

	*run_ms = 0;
	if (dir_objects(job, o, p, obj))
		return -ENOMEM;
	if (p->excluded)
		return 0;
	for (int d = 0; d < FR_NDIRS; d++) {
		const char *why;
		double rt;

		for (int b = 0; b < FR_NBASES; b++)
			p->job.dir[d].lat[b] = (struct fr_lat){NAN, NAN, NAN, NAN};
		if (!obj[d])
			continue;
		any = true;
		why = read_dir(obj[d], &p->job.dir[d]);
		if (why)
			return fr_pending_exclude(p, "job '%s': its \"%s\" %s", p->jobname, dirs[d],
						  why);
		ran->ios[d] = p->job.dir[d].ios;
		ran->bs[d] = bytes_per_io(obj[d], ran->ios[d]);
		if (fr_drop_verify_reads(o, d, p, ran))
			continue;
		rt = fr_json_num(obj[d], "runtime");
		if (ran->ios[d] && isfinite(rt) && rt > *run_ms)
			*run_ms = rt;
		ios += p->job.dir[d].ios;
	}
	if (!any)
		return fr_pending_exclude(
			p, "job '%s' has no \"read\", \"write\" or \"trim\" figures", p->jobname);
	if (!ios)
		return fr_pending_exclude(
			p, "job '%s' completed no I/O: there is no figure to rank", p->jobname);
	return 0;
}
