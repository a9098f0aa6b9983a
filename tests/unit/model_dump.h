/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Every field a fio reader puts into the model (and into its read info),
 * written out as text, so that two readings of one input can be compared
 * whole: by the unit test of the fast reader and by the libFuzzer target.
 * Numbers in "%a" (exact).  Header-only: test code, not part of libfiorank.
 */
#ifndef FIORANK_TEST_MODEL_DUMP_H
#define FIORANK_TEST_MODEL_DUMP_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include <json-c/json.h>

#include "model/model.h"
#include "read/read_fio.h"
#include "read/read_fio_fast.h"

static const char *md_s(const char *s)
{
	return s ? s : "(null)";
}

static void md_dir(FILE *f, const struct fr_dirstat *d)
{
	fprintf(f, "  ios %llu iops %a bw %a io_bytes %a\n", (unsigned long long)d->ios, d->iops,
		d->bw_bytes, d->io_bytes);
	for (int b = 0; b < FR_NBASES; b++)
		fprintf(f, "  lat%d %a %a %a %a spread %d %a %a\n", b, d->lat[b].mean,
			d->lat[b].p99, d->lat[b].p999, d->lat[b].p9999, d->spread[b].known,
			d->spread[b].stddev, d->spread[b].max);
}

static void md_step(FILE *f, const struct fr_step *s)
{
	const struct fr_method *me = &s->method;

	fprintf(f, " step %s src %s kind %d nsid %u njobs %u groupid %ld\n", md_s(s->name),
		md_s(s->source), (int)s->kind, s->nsid, s->njobs, s->groupid);
	for (size_t i = 0; i < s->njobnames; i++)
		fprintf(f, "  jobname %s\n", s->jobnames[i]);
	for (int d = 0; d < FR_NDIRS; d++)
		md_dir(f, &s->dir[d]);
	fprintf(f, "  method %d %u %u %d %d %a %d %u %u %s\n", me->known, me->outstanding, me->bs,
		me->read_pct, (int)me->target, me->step_s, me->short_mode, me->namespaces,
		me->writers, me->note);
	fprintf(f, "  fio %s ts %a targets %s ss %d %s health %d target_iops %a\n",
		md_s(s->fio_version), s->timestamp, md_s(s->targets), s->fio_ss, s->fio_ss_what,
		s->health != NULL, s->target_iops);
	/* what later stages read of the document (options, json+ buckets) */
	fprintf(f, "  fio_doc %s\n",
		s->fio_doc ? json_object_to_json_string_ext(s->fio_doc, JSON_C_TO_STRING_PLAIN)
			   : "(null)");
}

static void md_problems(FILE *f, const char *what, const struct fr_problem *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s %s: %s\n", what, md_s(p[i].source), md_s(p[i].reason));
}

/* The model and info after one read that returned ret, as text (free it). */
static char *md_dump(const struct fr_model *m, const struct fr_read_info *info, int ret)
{
	char *out = NULL;
	size_t len;
	FILE *f = open_memstream(&out, &len);

	if (!f)
		abort();
	fprintf(f, "ret %d files %zu jobs %zu\n", ret, m->files_read, m->jobs_read);
	for (size_t i = 0; i < m->ndrives; i++) {
		const struct fr_drive *d = &m->drives[i];

		fprintf(f, "drive %s %s/%s/%s ref %d review %s group %u config %s\n", d->label,
			md_s(d->ident.model), md_s(d->ident.serial), md_s(d->ident.firmware),
			d->reference, md_s(d->review), d->group, d->config);
		for (size_t p = 0; p < d->nprofiles; p++) {
			fprintf(f, "profile %s\n", d->profiles[p].name);
			for (size_t s = 0; s < d->profiles[p].nsteps; s++)
				md_step(f, &d->profiles[p].steps[s]);
		}
	}
	md_problems(f, "skipped", m->skipped, m->nskipped);
	md_problems(f, "excluded", m->excluded, m->nexcluded);
	md_problems(f, "note", m->notes, m->nnotes);
	if (info)
		fprintf(f, "info %u %u %s %s %ld %d\n", info->jobs, info->nn_jobs,
			md_s(info->drive), md_s(info->nn_step), info->first_group,
			info->groups_differ);
	fclose(f);
	return out;
}

/* One input read by json-c's path and by the fast one (when it takes it)
 * into models keeping KEEP (fr_model.keep): both dumps, and whether the
 * fast reader took the input. */
static bool md_read_both_keep(const char *buf, size_t len, const struct fr_label *label,
			      enum fr_keep keep, char **jsonc, char **fast)
{
	char **dump[2] = {jsonc, fast};
	bool took = false;

	for (int way = 0; way < 2; way++) {
		struct fr_model m;
		struct fr_read_info info;
		int ret;

		fr_read_fio_fast_set(way == 1);
		fr_model_init(&m);
		m.keep = keep;
		ret = fr_read_fio_buffer(&m, buf, len, "input", label, &info);
		*dump[way] = md_dump(&m, &info, ret);
		fr_read_info_free(&info);
		fr_model_free(&m);
	}
	{
		struct fr_fast_doc d;

		took = fr_read_fio_fast(buf, len, label, keep, &d);
		if (took)
			fr_fast_doc_free(&d);
	}
	return took;
}

#endif
