/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The AI methods of issue 41 (docs/fiorank.md "Checkpoint" and "KV-cache
 * reads"): jobs/checkpoint.fio and jobs/kvcache.fio, recognised in the
 * model by their jobs' names (ckpt@write, ckpt@restore, ckpt-reader@<phase>,
 * kvcache@q<D>, kvcache-fill@q<D>) and
 * figured from what the reader kept of the fio output those jobs came from
 * at its one read of the file (read/read_ai.h: each job's start time and
 * fio's percentile lists, which the steps do not hold).  Pure computation;
 * out/out_ai.c prints it.
 */
#ifndef FIORANK_AI_H
#define FIORANK_AI_H

#include <stdbool.h>
#include <stddef.h>

#include "model/model.h"

/* The reader's percentiles: fio's list keys, and what the report calls them. */
enum fr_ai_pct { FR_AI_P50, FR_AI_P95, FR_AI_P99, FR_AI_P999, FR_AI_P9999, FR_AI_NPCT };

/* One reader window: a percentile is NAN when not printed, with why. */
struct fr_ai_tails {
	bool ran;
	double ios;		  /* completed reads */
	double pct[FR_AI_NPCT];	  /* ns */
	char why[FR_AI_NPCT][96]; /* why a percentile is not printed */
};

/* A checkpoint phase: the writers (or the restorers) and the reader beside. */
struct fr_ai_phase {
	unsigned writers;
	double time_s;	  /* first start to last end; NAN when not a right figure */
	double spread_ms; /* last start minus first start */
	double bytes;	  /* all writers together */
	double shard;	  /* bytes per writer (all equal, or NAN) */
	double mbps;	  /* bytes / time_s, 10^6 bytes/s */
	struct fr_ai_tails reader;
	char problem[256]; /* why time_s or the reader's tails are not given, or "" */
};

/* What both methods' entries start with: one fio output of one drive. */
struct fr_ai_run {
	const char *drive;
	char *source;
	char problem[256]; /* why nothing of this run is a figure, or "" */
};

struct fr_ai_ckpt {
	struct fr_ai_run run;
	struct fr_ai_tails alone;
	struct fr_ai_phase write, restore;
};

/* A KV-cache step: the reads at one queue depth beside the filling writer. */
struct fr_ai_kv_step {
	unsigned depth;
	double iops;	  /* reads */
	double fill_mbps; /* the writer beside it; NAN when none ran */
	struct fr_ai_tails reads;
	char problem[160];
};

struct fr_ai_kv {
	struct fr_ai_run run;
	struct fr_ai_kv_step *steps; /* by queue depth */
	size_t nsteps;
};

struct fr_ai {
	enum fr_basis basis;
	struct fr_ai_ckpt *ckpt;
	size_t nckpt;
	struct fr_ai_kv *kv;
	size_t nkv;
};

/**
 * fr_ai_build() - the checkpoint and KV-cache sections of a model
 * @m: the model; its measured steps whose jobs are the methods'
 * @basis: the latency basis (clat_ns or lat_ns percentiles)
 * @ai: filled (fr_ai_free() it); nckpt and nkv 0 when no drive ran them
 *
 * Return: 0, or -ENOMEM.  A file that cannot be read or holds an incomplete
 * run gives an entry with its problem, not an error.
 */
int fr_ai_build(const struct fr_model *m, enum fr_basis basis, struct fr_ai *ai);

/**
 * fr_ai_free() - free what fr_ai_build() allocated, and clear it
 * @ai: the sections
 */
void fr_ai_free(struct fr_ai *ai);

struct json_object;
/**
 * fr_ai_ckpt_figures() - a checkpoint run's figures from one parsed fio output
 * @doc: fio's JSON
 * @basis: the latency basis of the report
 * @c: filled (exported for the unit test)
 */
void fr_ai_ckpt_figures(struct json_object *doc, enum fr_basis basis, struct fr_ai_ckpt *c);
/**
 * fr_ai_kv_figures() - a KV-cache run's figures from one parsed fio output
 * @doc: fio's JSON
 * @basis: the latency basis of the report
 * @k: filled (exported for the unit test)
 *
 * Return: 0, or a negative errno.
 */
int fr_ai_kv_figures(struct json_object *doc, enum fr_basis basis, struct fr_ai_kv *k);

/**
 * fr_ai_tails_read() - a reader's percentiles from one direction of a fio job
 * @dir: the job's "read" object
 * @basis: clat_ns or lat_ns
 * @t: filled; a percentile fio's list lacks, or that fewer than 1 / (1 - p)
 *     reads cannot place in a tail (p99.99 needs 10,000), is NAN with why
 */
void fr_ai_tails_read(struct json_object *dir, enum fr_basis basis, struct fr_ai_tails *t);

/**
 * fr_ai_jobs() - the jobs of a fio output ("jobs", or a client's "client_stats")
 * @doc: the document
 *
 * Return: the array, borrowed; NULL when there is none.
 */
struct json_object *fr_ai_jobs(struct json_object *doc);

/**
 * fr_ai_failed() - whether a job of the run ended with a fio error
 * @doc: the document
 * @why: where the first one is named
 * @len: the size of @why
 *
 * Return: true when one did (the run is incomplete: no figure is drawn).
 */
bool fr_ai_failed(struct json_object *doc, char *why, size_t len);

/**
 * fr_ai_pct_name() - "p50", "p95", "p99", "p99.9", "p99.99"
 * @p: the percentile
 *
 * Return: a static string.
 */
const char *fr_ai_pct_name(enum fr_ai_pct p);

#endif
