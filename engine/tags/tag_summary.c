// SPDX-License-Identifier: GPL-2.0-only
/*
 * The run's completion latency per controller, namespace and direction, in
 * memory every job process shares (tag_summary.h).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "tag_summary.h"

struct tag_summary_row {
	char ctrl[TAG_SUMMARY_NAME];
	uint32_t nsid;
	uint32_t dir; /* enum tag_dir */
	struct tag_hist hist;
};

struct tag_summary {
	pthread_mutex_t lock; /* process-shared: jobs are processes or threads */
	unsigned int nrows;
	unsigned int lost_rows;
	unsigned int jobs;
	unsigned int untagged;
	bool several_results;
	unsigned int label_job; /* the job whose label is kept */
	char results[TAG_SUMMARY_PATH];
	char label[TAG_SUMMARY_NAME];
	struct tag_summary_row rows[TAG_SUMMARY_ROWS];
};

struct tag_summary *tag_summary_map(void)
{
	struct tag_summary *s;
	pthread_mutexattr_t attr;
	int err;

	/* pages untouched stay unallocated: a run of few rows costs a few pages */
	s = mmap(NULL, sizeof(*s), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s == MAP_FAILED)
		return NULL;
	err = pthread_mutexattr_init(&attr);
	if (!err) {
		err = pthread_mutexattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
		if (!err)
			err = pthread_mutex_init(&s->lock, &attr);
		pthread_mutexattr_destroy(&attr);
	}
	if (err) {
		munmap(s, sizeof(*s));
		return NULL;
	}
	return s;
}

void tag_summary_unmap(struct tag_summary *s)
{
	if (!s)
		return;
	pthread_mutex_destroy(&s->lock);
	munmap(s, sizeof(*s));
}

/* The row of a controller, namespace and direction, made on first use; NULL when full. */
static struct tag_summary_row *row_of(struct tag_summary *s, const char *ctrl, uint32_t nsid,
				      enum tag_dir dir)
{
	struct tag_summary_row *r;
	unsigned int i;

	for (i = 0; i < s->nrows; i++) {
		r = &s->rows[i];
		if (r->nsid == nsid && r->dir == (uint32_t)dir && !strcmp(r->ctrl, ctrl))
			return r;
	}
	if (s->nrows == TAG_SUMMARY_ROWS)
		return NULL;
	r = &s->rows[s->nrows++];
	snprintf(r->ctrl, sizeof(r->ctrl), "%s", ctrl);
	r->nsid = nsid;
	r->dir = dir;
	tag_hist_init(&r->hist);
	return r;
}

int tag_summary_add(struct tag_summary *s, const char *ctrl, uint32_t nsid, enum tag_dir dir,
		    const struct tag_hist *h)
{
	struct tag_summary_row *r;

	if (!h->n)
		return 0;
	pthread_mutex_lock(&s->lock);
	r = row_of(s, ctrl ? ctrl : "", nsid, dir);
	if (r)
		tag_hist_merge(&r->hist, h);
	else
		s->lost_rows++;
	pthread_mutex_unlock(&s->lock);
	return r ? 0 : -1;
}

void tag_summary_job(struct tag_summary *s, bool tagged, const char *results, unsigned int job,
		     const char *label)
{
	pthread_mutex_lock(&s->lock);
	if (!s->jobs || job < s->label_job) {
		snprintf(s->label, sizeof(s->label), "%s", label ? label : "");
		s->label_job = job;
	}
	if (results && *results) {
		if (!*s->results)
			snprintf(s->results, sizeof(s->results), "%s", results);
		else if (strcmp(s->results, results))
			s->several_results = true;
	}
	s->jobs++;
	s->untagged += !tagged;
	pthread_mutex_unlock(&s->lock);
}

void tag_summary_jobs(const struct tag_summary *s, struct tag_summary_jobs *out)
{
	out->jobs = s->jobs;
	out->untagged = s->untagged;
	out->lost_rows = s->lost_rows;
	out->several_results = s->several_results;
	out->results = s->results;
	out->label = s->label;
}

static int row_cmp(const void *a, const void *b)
{
	const struct tag_summary_row *x = *(struct tag_summary_row *const *)a;
	const struct tag_summary_row *y = *(struct tag_summary_row *const *)b;
	int c = strcmp(x->ctrl, y->ctrl);

	if (c)
		return c;
	if (x->nsid != y->nsid)
		return x->nsid < y->nsid ? -1 : 1;
	return (int)x->dir - (int)y->dir;
}

/* ns as µs with three decimals, in integers: exactly the ns the file gives. */
static void print_us(FILE *out, uint64_t ns)
{
	fprintf(out, "%llu.%03llu us", (unsigned long long)(ns / 1000),
		(unsigned long long)(ns % 1000));
}

static void print_row(FILE *out, const char *prefix, const struct tag_summary_row *r)
{
	const struct tag_hist *h = &r->hist;

	fprintf(out, "%s%s ns%u %s: %llu I/Os, mean %.3f us, p99 ", prefix,
		*r->ctrl ? r->ctrl : "(no controller)", r->nsid, tag_dir_name(r->dir),
		(unsigned long long)h->n, tag_hist_mean(h) / 1000.0);
	print_us(out, tag_hist_percentile(h, 99.0));
	fputs(", p99.99 ", out);
	print_us(out, tag_hist_percentile(h, 99.99));
	fputc('\n', out);
}

unsigned int tag_summary_print(const struct tag_summary *s, const char *prefix, FILE *out)
{
	const struct tag_summary_row *order[TAG_SUMMARY_ROWS];
	unsigned int i, n = 0;

	for (i = 0; i < s->nrows; i++)
		if (s->rows[i].hist.n)
			order[n++] = &s->rows[i];
	qsort(order, n, sizeof(order[0]), row_cmp);
	for (i = 0; i < n; i++)
		print_row(out, prefix, order[i]);
	return n;
}
