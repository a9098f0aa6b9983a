/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The run's completion latency per controller, namespace and direction,
 * gathered from every job into one table that all of fio's job processes
 * share: the figures a plain fio run ends with (engine/fio/summary.c prints
 * them).  The table lives in a MAP_SHARED anonymous mapping made before fio
 * forks its jobs, so a job process (or thread) merges its tag histograms
 * into it at cleanup and fio's main process reads them when the run is
 * over.  No fio types.
 */
#ifndef SSDNVME_TAG_SUMMARY_H
#define SSDNVME_TAG_SUMMARY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "tag_hist.h"
#include "tag_types.h"

/* Rows kept: controller x namespace x direction (more are counted as lost). */
#define TAG_SUMMARY_ROWS 64
/* Room for a controller's name, a results path, a drive label. */
#define TAG_SUMMARY_NAME 64
#define TAG_SUMMARY_PATH 4096

struct tag_summary;

/**
 * tag_summary_map() - a new, empty table in memory shared with children
 *
 * Return: the table (tag_summary_unmap() it), or NULL when the mapping or
 * its lock could not be made.
 */
struct tag_summary *tag_summary_map(void);

/**
 * tag_summary_unmap() - unmap a table
 * @s: the table, or NULL
 */
void tag_summary_unmap(struct tag_summary *s);

/**
 * tag_summary_add() - merge one key's histogram into its row
 * @s: the table
 * @ctrl: the controller's name (NULL counts as "")
 * @nsid: the namespace
 * @dir: the direction
 * @h: the histogram; an empty one changes nothing
 *
 * Keys of several jobs (or placements) on the same controller, namespace and
 * direction share a row: their histograms merge exactly (tag_hist_merge()).
 * Under the table's lock.
 *
 * Return: 0, or -1 when the table is full (the row is counted as lost).
 */
int tag_summary_add(struct tag_summary *s, const char *ctrl, uint32_t nsid, enum tag_dir dir,
		    const struct tag_hist *h);

/**
 * tag_summary_job() - note that a job ended, and where its results went
 * @s: the table
 * @tagged: whether the job kept latency tags (tags=1)
 * @results: its engine results file, NULL for none
 * @job: the job's number (fio's thread_number)
 * @label: its drive's label for fiorank -d (the first file's base name);
 *         the lowest-numbered job's is kept, whichever job ends first
 *
 * The first results path is kept; a different one later marks the run as
 * having several.
 */
void tag_summary_job(struct tag_summary *s, bool tagged, const char *results, unsigned int job,
		     const char *label);

/* What the jobs said, read once the run is over (no lock: no job runs). */
struct tag_summary_jobs {
	unsigned int jobs;	/* jobs that ended */
	unsigned int untagged;	/* of which ran with tags=0 */
	unsigned int lost_rows; /* rows that found the table full */
	bool several_results;	/* the jobs wrote different results files */
	const char *results;	/* the first job's results file, "" for none */
	const char *label;	/* the lowest-numbered job's drive label */
};

/**
 * tag_summary_jobs() - what the jobs said
 * @s: the table
 * @out: filled in; its strings point into @s
 */
void tag_summary_jobs(const struct tag_summary *s, struct tag_summary_jobs *out);

/**
 * tag_summary_print() - one line per row, ordered by controller, namespace,
 * direction
 * @s: the table
 * @prefix: each line's start (e.g. "ssdnvme:   ")
 * @out: where the lines go
 *
 * "<ctrl> ns<N> <dir>: <I/Os> I/Os, mean <us> us, p99 <us> us, p99.99 <us> us":
 * the percentiles are tag_hist_percentile()'s (as the results file's
 * "percentile" gives them), in µs with three decimals, exact; the mean to
 * three decimals of a µs.
 *
 * Return: how many rows were printed.
 */
unsigned int tag_summary_print(const struct tag_summary *s, const char *prefix, FILE *out);

#endif
