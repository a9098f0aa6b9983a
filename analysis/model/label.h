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

#include "model/model.h"

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
	const char *rw;	     /* rw= or readwrite= */
	const char *bs;	     /* bs= or blocksize= */
	const char *kb_base; /* 1024 (fio's default) or 1000 */
	/* kb_base when bs= was read: fio converts a size as it parses the
	 * option, so a kb_base given after bs= does not change it; 0 for a
	 * kb_base fio would refuse */
	unsigned bs_kb_base;
	const char *name;     /* the options' own name= (a group_reporting entry
				 carries its last job's options, its first job's name) */
	bool verify;	      /* verify= other than 0/none, and do_verify not 0 */
	bool do_verify;	      /* do_verify= (fio's default 1) */
	const char *unified;  /* unified_rw_reporting=, or NULL */
	bool rate_capped;     /* rate= or rate_iops= given: fio caps each direction */
	bool known;	      /* the output had the job's options (fio 3.x always
				 does; without them fio's defaults are guesses) */
	bool bs_varies;	      /* bssplit= or bsrange= given: no single block size */
	int rwmixread;	      /* rwmixread=, or 100 - rwmixwrite=; fio's default 50 */
	unsigned iodepth;     /* iodepth=, fio's default 1; 0 unreadable */
	unsigned numjobs;     /* numjobs=, fio's default 1; 0 unreadable */
	unsigned namespaces;  /* the ssdnvme engine's namespaces= ("1-3", "4,6"): how
				 many; 1 when not given, 0 for "all" or unreadable */
	const char *filename; /* filename= as fio has it ("a:b" for several), or NULL */
	bool group_reporting;

	/* rate_iops= as given ("READ,WRITE" per job), or NULL; and whether
	 * rate= (bytes per second) caps it: rate_target.c */
	const char *rate_iops;
	bool rate_bytes;
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
/* The job's rate target in IOPS over its numjobs clones (rate_target.c):
 * 0 when it is not capped, NAN when the cap is not one the total follows
 * from (rate= in bytes, a direction it does left uncapped, one number on a
 * read/write mix, an unreadable value). */
double fr_jobopts_target_iops(const struct fr_jobopts *o);

/* The workload a profile id names ("4k-randread", "8k-randrw-70-30",
 * "r4k-w64k-seqwrite", "128k-seqread"): sizes per direction in bytes (0
 * unknown), read share (0..100) and random (1) or sequential (0). */
struct fr_workload {
	unsigned bs[2]; /* read, write */
	int read_pct;
	int random;
};
/* 0 when profile names a workload as fr_profile_from_options() spells
 * them, -1 when it is another kind of name. */
int fr_workload_of_name(const char *profile, struct fr_workload *w);
/* The workload the options ask for; bs 0 where not one size, read_pct and
 * random -1 where the rw= is neither. */
void fr_workload_of_opts(const struct fr_jobopts *o, struct fr_workload *w);

/* A job option as fio means it, for comparing two spellings of one
 * workload: aliases to their main name (readwrite -> rw, blocksize -> bs),
 * sizes in bytes ("4k" -> "4096").  Writes into key/val (at least 64 bytes
 * each); returns false when the option is at fio's default (iodepth=1,
 * numjobs=1, rw=read, bs=4096, rwmixread=50, group_reporting=0,
 * kb_base=1024) and so says nothing. */
bool fr_opt_canon(const char *key, const char *value, char *ckey, size_t klen, char *cval,
		  size_t vlen);

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

/* Profile-name rules (label.c), one home for every stage. */
/**
 * fr_profile_by_mbps() - whether a profile is ranked by MB/s
 * @profile: a profile id ("64k-seqread")
 *
 * Return: true for sequential transfers ("seq" in the id), ranked by MB/s;
 * false for the others, ranked by IOPS.
 */
bool fr_profile_by_mbps(const char *profile);
/**
 * fr_profile_block_size() - the transfer size a profile id names
 * @profile: a profile id
 *
 * Return: the size in bytes ("4k-randread" -> 4096, "64k-seqwrite" ->
 * 65536); 0 when the id names none (sql, vdi-*, ...).
 */
unsigned fr_profile_block_size(const char *profile);
/**
 * fr_profile_cmp() - the order profiles are listed and ranked in
 * @a: a profile id
 * @b: another
 *
 * The contract order of docs/fiorank.md (jobs/ssdnvme-suite runs them in
 * it), each "-high" variant after its base; unknown ids after them by name.
 *
 * Return: <0, 0 or >0, as strcmp().
 */
int fr_profile_cmp(const char *a, const char *b);

#endif
