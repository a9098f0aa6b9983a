// SPDX-License-Identifier: GPL-2.0-only
/*
 * The endurance section (endurance.h): each drive's steps of each mix in
 * order, their WAF and the cumulative WAF, from the steps' health records
 * (fr_health_waf(): the drive's media bytes over the host bytes the drive
 * itself counted over the same window, never fio's bytes), and the write
 * unit each mix used beside the namespace's own hints (the engine file's
 * files[].write_hints).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "util/json_get.h"
#include "report/endurance.h"

/* N of a step named s<N> (N >= 1); 0 for any other name. */
static unsigned step_num(const char *name)
{
	char *end;
	unsigned long n;

	if (!name || name[0] != 's' || name[1] < '1' || name[1] > '9')
		return 0;
	n = strtoul(name + 1, &end, 10);
	return *end || n > 1000000 ? 0 : (unsigned)n;
}

/* The step's fio job (kept document), the first whose name is the step's. */
static struct json_object *step_job(const struct fr_step *s)
{
	struct json_object *jobs = fr_json_get(s->fio_doc, "jobs");
	const char *want = s->njobnames ? s->jobnames[0] : NULL;

	if (!jobs || !json_object_is_type(jobs, json_type_array))
		return NULL;
	for (size_t i = 0; i < json_object_array_length(jobs); i++) {
		struct json_object *j = json_object_array_get_idx(jobs, i);
		const char *name = fr_json_str(j, "jobname");

		if (!want || (name && !strcmp(name, want)))
			return j;
	}
	return NULL;
}

/* The write unit the step's job used, as its description says it
 * (jobs/endurance.fio: "write unit: ..."); else its sizes and alignment. */
static void unit_text(const struct fr_step *s, char *buf, size_t len, double *unit_bytes)
{
	struct json_object *opts = fr_json_get(step_job(s), "job options");
	const char *desc = fr_json_str(opts, "description");
	const char *split = fr_json_str(opts, "bssplit"), *ba = fr_json_str(opts, "ba");
	static const char lead[] = "write unit: ";

	*unit_bytes = NAN;
	if (desc && !strncmp(desc, lead, sizeof(lead) - 1)) {
		snprintf(buf, len, "%s", desc + sizeof(lead) - 1);
		if (sscanf(desc + sizeof(lead) - 1, "%lf B", unit_bytes) != 1)
			*unit_bytes = NAN;
	} else if (split) {
		snprintf(buf, len, "bssplit %s, aligned %s (the job does not name its unit)", split,
			 ba ? ba : "as fio's default");
	} else {
		snprintf(buf, len, "not known (no job options kept)");
	}
}

static struct json_object *first_file(const struct fr_step *s)
{
	struct json_object *files = fr_json_get(s->engine_doc, "files");

	if (!files || !json_object_is_type(files, json_type_array) ||
	    !json_object_array_length(files))
		return NULL;
	return json_object_array_get_idx(files, 0);
}

/* One hint of the engine's write_hints, "NAME N LBAs = B B", or "". */
static int hint_text(char *buf, size_t len, struct json_object *hints, const char *key,
		     const char *name)
{
	struct json_object *h = fr_json_get(hints, key);
	double lbas = fr_json_num(h, "lbas"), bytes = fr_json_num(h, "bytes");

	if (isnan(lbas) || isnan(bytes))
		return snprintf(buf, len, "%s not reported", name);
	return snprintf(buf, len, "%s %.0f LBA%s = %.0f B", name, lbas, lbas == 1 ? "" : "s",
			bytes);
}

/* What the namespace reports (the engine's files[0].write_hints), and
 * whether the steps' unit is its NPWG. */
static void drive_unit_text(const struct fr_step *s, double unit, char *buf, size_t len)
{
	struct json_object *f = first_file(s), *hints = fr_json_get(f, "write_hints");
	struct json_object *optperf = fr_json_get(hints, "optperf");
	double npwg = fr_json_num(fr_json_get(hints, "npwg"), "bytes");
	char g[80], a[80];

	if (!s->engine_doc) {
		snprintf(buf, len, "not known: no engine results file came with the step");
		return;
	}
	if (!hints) {
		snprintf(buf, len, "not known: the engine recorded no write hints for %s",
			 f && fr_json_str(f, "path") ? fr_json_str(f, "path") : "the target");
		return;
	}
	if (!optperf || !json_object_get_boolean(optperf)) {
		snprintf(buf, len,
			 "the namespace reports no preferred write granularity "
			 "(NSFEAT OPTPERF clear)");
		return;
	}
	hint_text(g, sizeof(g), hints, "npwg", "NPWG");
	hint_text(a, sizeof(a), hints, "npwa", "NPWA");
	snprintf(buf, len, "%s, %s%s", g, a,
		 isnan(unit) || isnan(npwg) || unit == npwg ? "" : "; the steps' unit is not NPWG");
}

static void point_fill(struct fr_ei_point *p, const struct fr_step *s)
{
	const struct fr_lat *l = &s->dir[FR_WRITE].lat[FR_CLAT];
	double nsid = fr_json_num(first_file(s), "nsid");

	p->step = s;
	p->num = step_num(s->name);
	p->nsid = isnan(nsid) || nsid < 1 ? 0 : (unsigned)nsid;
	p->host_bytes = s->dir[FR_WRITE].io_bytes;
	fr_health_waf(s, &p->waf);
	p->p99 = l->p99;
	p->p9999 = l->p9999;
}

static int by_num(const void *a, const void *b)
{
	const struct fr_ei_point *x = a, *y = b;

	return (x->num > y->num) - (x->num < y->num);
}

/* The running sums: fio's bytes always (NAN once one is unknown); the
 * drive's media and host bytes while every step has a WAF by the first
 * step's media counter (bytes of two counters never add up). */
static void cumulate(struct fr_ei_series *se)
{
	double host = 0, media = 0, src_host = 0;
	enum fr_waf_src src = se->n ? se->p[0].waf.src : FR_WAF_NONE;
	bool broken = false;

	for (size_t i = 0; i < se->n; i++) {
		struct fr_ei_point *p = &se->p[i];

		host += p->host_bytes;
		p->cum_host = host;
		p->cum_media = p->cum_src_host = p->cum_waf = NAN;
		if (!broken && (isnan(p->waf.waf) || p->waf.src != src)) {
			broken = true;
			if (isnan(p->waf.waf))
				snprintf(se->cum_why, sizeof(se->cum_why), "from s%u on: %s",
					 p->num, p->waf.why);
			else
				snprintf(se->cum_why, sizeof(se->cum_why),
					 "from s%u on: its media counter (%s) is not s%u's (%s)",
					 p->num, fr_waf_src_name(p->waf.src), se->p[0].num,
					 fr_waf_src_name(src));
		}
		if (broken)
			continue;
		media += p->waf.media_bytes;
		src_host += p->waf.src_host_bytes;
		p->cum_media = media;
		p->cum_src_host = src_host;
		p->cum_waf = src_host > 0 ? media / src_host : NAN;
	}
}

static int series_add(struct fr_endurance *e, const struct fr_drive *d, const struct fr_profile *pr,
		      bool jesd219)
{
	struct fr_ei_series *se, *grown;
	double unit = NAN;
	size_t k = 0;

	grown = realloc(e->s, (e->n + 1) * sizeof(*e->s));
	if (!grown)
		return -ENOMEM;
	e->s = grown;
	se = memset(&e->s[e->n], 0, sizeof(*se));
	se->p = calloc(pr->nsteps ? pr->nsteps : 1, sizeof(*se->p));
	if (!se->p)
		return -ENOMEM;
	e->n++;
	se->drive = d;
	se->profile = pr;
	se->jesd219 = jesd219;
	for (size_t i = 0; i < pr->nsteps; i++)
		if (step_num(pr->steps[i].name))
			point_fill(&se->p[k++], &pr->steps[i]);
	se->n = k;
	qsort(se->p, se->n, sizeof(*se->p), by_num);
	if (se->n) {
		unit_text(se->p[0].step, se->unit, sizeof(se->unit), &unit);
		drive_unit_text(se->p[0].step, unit, se->drive_unit, sizeof(se->drive_unit));
	}
	cumulate(se);
	return 0;
}

int fr_endurance_build(const struct fr_model *m, struct fr_endurance *e)
{
	static const char *const mixes[] = {FR_EI_JESD219, FR_EI_IU};

	memset(e, 0, sizeof(*e));
	for (size_t d = 0; d < m->ndrives; d++) {
		const struct fr_drive *dr = &m->drives[d];

		if (dr->reference)
			continue;
		for (int x = 0; x < 2; x++)
			for (size_t p = 0; p < dr->nprofiles; p++)
				if (!strcmp(dr->profiles[p].name, mixes[x]) &&
				    series_add(e, dr, &dr->profiles[p], x == 0)) {
					fr_endurance_free(e);
					return -ENOMEM;
				}
	}
	return 0;
}

void fr_endurance_free(struct fr_endurance *e)
{
	for (size_t i = 0; i < e->n; i++)
		free(e->s[i].p);
	free(e->s);
	memset(e, 0, sizeof(*e));
}
