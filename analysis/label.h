/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Labelling: the rules that turn a fio job into (drive, profile, step, kind),
 * in the order docs/fiorank.md documents.  Pure string work, no json-c: the
 * reader hands over the job's name and options, the walk its paths.  Every
 * string returned is allocated (no fixed-size buffers: two long names that
 * share a prefix stay two names).
 */
#ifndef FIORANK_LABEL_H
#define FIORANK_LABEL_H

#include <stdbool.h>
#include <stddef.h>

#include "model.h"

/* What a fio job name says under the results contract. */
struct fr_jobname {
	char *profile;
	char *step;
	enum fr_kind kind;
	unsigned nsid;
	bool contract; /* "<profile>@<step>" or a test prefix (wp-, nn-, precond-) */
};

/* Replaces *dst by a copy of src; 0 or -ENOMEM (*dst unchanged). */
int fr_label_set(char **dst, const char *src);

/* Splits a job name; returns 0 or -ENOMEM.  Free with fr_jobname_free(). */
int fr_parse_jobname(const char *jobname, struct fr_jobname *out);
void fr_jobname_free(struct fr_jobname *n);

/* NULL when the step suits the kind; otherwise why not (a static string):
 * write-pressure steps are MB/s (a positive number), noisy-neighbor and
 * precondition jobs take no "@<step>". */
const char *fr_step_problem(const char *jobname, const struct fr_jobname *n);

/* The options of one job that decide its profile, applied in fio's order:
 * global options first, then the job's own, later ones winning. */
struct fr_jobopts {
	const char *rw;	      /* rw= or readwrite= */
	const char *bs;	      /* bs= or blocksize= */
	const char *kb_base;  /* 1024 (fio's default) or 1000 */
	bool bs_varies;	      /* bssplit= or bsrange= given: no single block size */
	int rwmixread;	      /* rwmixread=, or 100 - rwmixwrite=; fio's default 50 */
	unsigned iodepth;     /* iodepth=, fio's default 1; 0 unreadable */
	unsigned numjobs;     /* numjobs=, fio's default 1; 0 unreadable */
	unsigned namespaces;  /* the ssdnvme engine's namespaces= ("1-3", "4,6"): how
				 many; 1 when not given, 0 for "all" or unreadable */
	const char *filename; /* filename= as fio has it ("a:b" for several), or NULL */
	bool group_reporting;
};

void fr_jobopts_init(struct fr_jobopts *o);
/* Applies one option as fio would (aliases, rwmixwrite). */
void fr_jobopts_set(struct fr_jobopts *o, const char *key, const char *value);

/* One transfer size for reads and writes (bs=4k, bs=4k,4k) in bytes, read
 * as fio reads it; 0 for ranges, splits, unequal or unreadable sizes. */
unsigned fr_jobopts_bs(const struct fr_jobopts *o);
/* The share of reads the job asked for (rw= and rwmixread=); -1 for trim
 * and other workloads that are neither. */
int fr_jobopts_read_pct(const struct fr_jobopts *o);

/* Options that only order or pace a job (stonewall, new_group, rate caps...):
 * two jobs that differ only in these ran the same workload. */
bool fr_opt_is_pacing(const char *key);
/* Of those, the rate caps (rate=, rate_iops=, rate_min=...). */
bool fr_opt_is_rate(const char *key);

/*
 * fio's reading of a size ("4k", "4KiB", "1M", "1024k", "4096"): 0 and the
 * bytes in *bytes, or -1 when it is not one size.  With kb_base 1024 (fio's
 * default) "k"/"kb" are 1024 and "KiB" is 1000 (fio's compatibility mode);
 * with kb_base 1000 the other way round.
 */
int fr_fio_size(const char *s, unsigned kb_base, unsigned long long *bytes);

/* The profile a job outside the contract ran, from its options: e.g.
 * "4k-randread", "64k-seqwrite", "8k-randrw-70-30"; NULL with errno 0 when
 * the options do not name one (unknown rw, several block sizes), NULL with
 * errno ENOMEM when out of memory. */
char *fr_profile_from_options(const struct fr_jobopts *o);

/* A client of client/server output: its hostname, with ":port" when another
 * client on the same host has another port (port < 0: unknown). */
char *fr_client_label(const char *host, double port, bool shared_host);

/* Drive label from the path when nothing better is known: the first path
 * component below the directory argument root, or the file name without
 * ".json". */
char *fr_fallback_label(const char *root, const char *path);

/* How the jobs of one input are labelled. */
struct fr_label {
	const char *drive;	    /* forced drive label (command line, manifest), or NULL */
	const char *profile;	    /* forced profile id, or NULL */
	const char *step;	    /* forced step name, or NULL */
	const char *fallback_drive; /* used when neither forced nor a client hostname */
	/* the manifest's test and step, used for a job name outside the contract */
	const char *profile_hint;
	const char *step_hint;
};

/* One job's labels, decided by fr_label_job(). */
struct fr_job_label {
	char *drive, *profile, *step;
	enum fr_kind kind;
	unsigned nsid;
	bool profile_named;  /* by the job name, the manifest or -p */
	bool step_named;     /* by the job name, the manifest or -s */
	const char *problem; /* why the job cannot be used (static text), or NULL */
};

/*
 * Labels one job in the documented order.  Drive: lb->drive (-d, manifest,
 * engine identity), else the client host, else lb->fallback_drive.  Profile
 * and step: -p/-s; the job name under the contract; the manifest's test and
 * step; the profile from the job's options; the job name.  Returns 0 or
 * -ENOMEM; free with fr_job_label_free().
 */
int fr_label_job(const struct fr_label *lb, const char *jobname, const char *host,
		 const struct fr_jobopts *opts, struct fr_job_label *out);
void fr_job_label_free(struct fr_job_label *l);

/* Manifest tests whose job names label themselves (not a curve's profile). */
bool fr_test_names_itself(const char *test);

#endif
