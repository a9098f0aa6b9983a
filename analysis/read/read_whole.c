// SPDX-License-Identifier: GPL-2.0-only
/*
 * The few fio outputs the reader parses whole after reading their jobs
 * (read_whole.h): a Copy method run, and the preconditioning's steady-state
 * rounds, whose tails come from the raw json+ bins.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "util/json_get.h"
#include "model/copy.h"
#include "read/json_bins.h"
#include "read/read_copy.h"
#include "read/read_whole.h"

/* The first job asking for Copy, NULL when none does. */
static const struct fr_pending *copy_job(const struct fr_pending *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (fr_copy_in_workload(v[i].workload))
			return &v[i];
	return NULL;
}

int fr_read_copy_run(struct fr_model *m, const char *source, const struct fr_pending *v, size_t n,
		     const char *buf, size_t len)
{
	const struct fr_pending *p = copy_job(v, n);
	struct fr_copy_run *runs;

	if (!p)
		return 0;
	runs = realloc(m->copy, (m->ncopy + 1) * sizeof(*runs));
	if (!runs)
		return -ENOMEM;
	m->copy = runs;
	/* its jobs count as read, and a job fio failed is excluded as
	 * elsewhere (fiorank --check then refuses the output) */
	for (size_t i = 0; i < n; i++) {
		if (!v[i].excluded)
			m->jobs_read++;
		else if (fr_model_exclude(m, source, "%s", v[i].excluded))
			return -ENOMEM;
	}
	if (fr_read_copy(&runs[m->ncopy], buf, len, source, p->drive))
		return -ENOMEM;
	m->ncopy++;
	return 1;
}

static bool is_round(const char *step, enum fr_kind kind)
{
	return kind == FR_KIND_PRECOND && !strncmp(step, "ss-round", 8);
}

/* The tails onto every round step the output filled. */
static void set_tails(struct fr_model *m, const char *source, const double t[2])
{
	for (size_t d = 0; d < m->ndrives; d++)
		for (size_t p = 0; p < m->drives[d].nprofiles; p++) {
			struct fr_profile *pr = &m->drives[d].profiles[p];

			for (size_t k = 0; k < pr->nsteps; k++)
				if (is_round(pr->steps[k].name, pr->steps[k].kind) &&
				    !strcmp(pr->steps[k].source, source))
					memcpy(pr->steps[k].round_tail_us, t, 2 * sizeof(*t));
		}
}

int fr_read_round_tails(struct fr_model *m, const char *source, const struct fr_pending *v,
			size_t n, const char *buf, size_t len)
{
	struct json_object *root, *job;
	bool any = false;
	double t[2];

	for (size_t i = 0; i < n; i++)
		any |= !v[i].excluded && is_round(v[i].step, v[i].job.kind);
	if (!any || !(root = fr_json_last_fio_doc(buf, len)))
		return 0;
	job = json_object_array_get_idx(fr_json_get(root, "jobs"), 0);
	t[0] = fr_job_pct_us(job, 99.0);
	t[1] = fr_job_pct_us(job, 99.99);
	json_object_put(root);
	set_tails(m, source, t);
	return 0;
}
