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

/**
 * fr_label_set() - replace an allocated string by a copy of another
 * @dst: the string (allocated or NULL); the old one is freed
 * @src: what it becomes (copied)
 *
 * Return: 0, or -ENOMEM with *@dst unchanged.
 */
int fr_label_set(char **dst, const char *src);

/**
 * fr_parse_jobname() - what a fio job name says under the results contract
 * @jobname: the job's name
 * @out: filled whole; its strings are its own (fr_jobname_free())
 *
 * "<profile>@<step>" splits at the last '@' (no step, or an empty one, is
 * "peak"; an empty profile "unnamed"); a name without '@' is all profile.
 * The test prefixes (wp-read/wp-write, nn-read/nn-write[-ns<N>],
 * tq-sweep[-precond], precond-<phase>) set the kind, the namespace and the
 * test's profile name, and count as the contract.
 *
 * Return: 0, or -ENOMEM (@out then holds nothing to free).
 */
int fr_parse_jobname(const char *jobname, struct fr_jobname *out);
/**
 * fr_jobname_free() - free the strings of a parsed job name
 * @n: the parsed name; its pointers are left NULL, so freeing twice is safe
 */
void fr_jobname_free(struct fr_jobname *n);

/**
 * fr_step_problem() - whether a job name's step suits its kind
 * @jobname: the job's name, as given to fr_parse_jobname()
 * @n: what fr_parse_jobname() made of it
 *
 * Write-pressure steps are MB/s (a positive number after an '@'),
 * noisy-neighbor jobs take no "@<step>", tq-sweep steps are
 * t<numjobs>q<iodepth> and its preconditioning rounds
 * t<numjobs>q<iodepth>-r<round>; other kinds take any step.
 *
 * Return: NULL when the step suits the kind; otherwise why not, with the
 * form it should have (a static string).
 */
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
	const char *name;    /* the options' own name= (a group_reporting entry
				carries its last job's options, its first job's name) */
	bool verify;	     /* verify= other than 0/none, and do_verify not 0 */
	bool do_verify;	     /* do_verify= (fio's default 1) */
	const char *unified; /* unified_rw_reporting=, or NULL */
	bool rate_capped;    /* rate= or rate_iops= given: fio caps each direction */
	bool known;	     /* the output had the job's options (fio 3.x always
				does; without them fio's defaults are guesses) */
	bool bs_varies;	     /* bssplit= or bsrange= of several sizes: no single one */
	/* bssplit=/bsrange= as given, or NULL; and the one size it allows
	 * (bssplit=4k/100, bsrange=4k-4k) in bytes, 0 when several or unreadable */
	const char *bs_split, *bs_split_key;
	unsigned bs_split_one;
	/* percentage_random= (100 - percentage_sequential=): 100 (fio's
	 * default) or 0 when every direction says so, -1 a mix */
	int pct_random;
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

/**
 * fr_jobopts_init() - set a job's options to fio's defaults
 * @o: the options (overwritten whole): nothing given, rwmixread 50,
 *     iodepth, numjobs and namespaces 1, kb_base 1024, do_verify on
 */
void fr_jobopts_init(struct fr_jobopts *o);
/**
 * fr_jobopts_set() - apply one option as fio would
 * @o: the options so far (fr_jobopts_init() first; global options before
 *     the job's own, later ones winning)
 * @key: the option's name; aliases are taken (readwrite, blocksize,
 *       rwmixwrite) and options struct fr_jobopts does not hold are ignored
 * @value: its value, or NULL (then nothing changes); @o keeps a pointer
 *         to it, so it must outlive @o
 *
 * A value fio would refuse is kept as unreadable (iodepth and numjobs 0,
 * rwmixread -1, namespaces 0, bs_kb_base 0) rather than guessed.
 */
void fr_jobopts_set(struct fr_jobopts *o, const char *key, const char *value);

/**
 * fr_jobopts_bs() - the job's one transfer size for reads and writes
 * @o: the options
 *
 * Read as fio reads bs= (bs=4k, bs=4k,4k; fio's default 4096; a trim size
 * after them does not count), with the kb_base in force when bs= was read.
 *
 * Return: the size in bytes; 0 for ranges, splits, unequal, unreadable or
 * over 1 GiB sizes.
 */
unsigned fr_jobopts_bs(const struct fr_jobopts *o);
/**
 * fr_jobopts_read_pct() - the share of reads the job asked for
 * @o: the options
 *
 * Return: 100 for read and randread (fio's default rw= is read), 0 for
 * write and randwrite, rwmixread for a mix (-1 when that was unreadable);
 * -1 for trim and other workloads that are neither.
 */
int fr_jobopts_read_pct(const struct fr_jobopts *o);
/**
 * fr_jobopts_target_iops() - the job's rate target in IOPS
 * @o: the options
 *
 * fio's rate_iops= is per job and per direction ("READ,WRITE[,TRIM]"; one
 * number caps each direction), so the target is the sum over the
 * directions the job does, times numjobs (rate_target.c).
 *
 * Return: the target over the job's numjobs clones; 0 when the job is not
 * capped; NAN when the cap is not one the total follows from (rate= in
 * bytes, a direction it does left uncapped, one number on a read/write
 * mix, an unreadable value or numjobs).
 */
double fr_jobopts_target_iops(const struct fr_jobopts *o);

/* The workload a profile id names ("4k-randread", "8k-randrw-70-30",
 * "r4k-w64k-seqwrite", "128k-seqread"): sizes per direction in bytes (0
 * unknown), read share (0..100) and random (1) or sequential (0). */
struct fr_workload {
	unsigned bs[2]; /* read, write */
	int read_pct;
	int random;
};
/**
 * fr_workload_of_name() - the workload a profile id names
 * @profile: a profile id, as fr_profile_from_options() spells them
 * @w: filled on success (sizes in bytes, 1 GiB at most); may be partly
 *     written on failure
 *
 * Return: 0 when @profile names a workload ("4k-randread",
 * "8k-randrw-70-30" whose shares add to 100, "r4k-w64k-seqwrite"); -1 when
 * it is another kind of name ("sql", "write-pressure").
 */
int fr_workload_of_name(const char *profile, struct fr_workload *w);
/**
 * fr_workload_of_opts() - the workload a job's options ask for
 * @o: the options
 * @w: filled whole: bs per direction in bytes, 0 where not one size
 *     (ranges, splits, unreadable, over 1 GiB); read_pct as
 *     fr_jobopts_read_pct(); random 1 for an rw= starting "rand" (randtrim
 *     too) unless percentage_random= says 0 (then 0) or a mix (then -1),
 *     else 0 when the job reads or writes, -1 when it does neither
 */
void fr_workload_of_opts(const struct fr_jobopts *o, struct fr_workload *w);

/**
 * fr_opt_canon() - a job option as fio means it
 * @key: the option's name as given
 * @value: its value, or NULL (a bare option: "")
 * @ckey: where the main name is written (aliases resolved: readwrite -> rw,
 *        blocksize -> bs, rwmixwrite -> rwmixread; cut to fit @klen)
 * @klen: @ckey's size in bytes
 * @cval: where the value in one spelling is written (sizes in bytes, "4k"
 *        -> "4096", equal trailing parts of "R,W,T" dropped; rwmixwrite as
 *        the read share; readwrite -> rw; verify none -> 0; ioengine
 *        external:DIR/x.so -> external:x.so, the engine and not where it
 *        was built; cut to fit)
 * @vlen: @cval's size in bytes
 *
 * For comparing two spellings of one workload: "bs=4k" and "bs=4096", or
 * "iodepth=1" and no iodepth at all, are the same.
 *
 * Return: true when the option says something; false when it is at fio's
 * default (iodepth=1, numjobs=1, rw=read, bs=4096, rwmixread=50,
 * kb_base=1024, direct=0, group_reporting=0, time_based=0, ramp_time=0,
 * do_verify=1, verify=0) and so says nothing.
 */
bool fr_opt_canon(const char *key, const char *value, char *ckey, size_t klen, char *cval,
		  size_t vlen);

/**
 * fr_opt_is_pacing() - whether an option only orders or paces a job
 * @key: the option's name
 *
 * Two jobs that differ only in these ran the same workload.
 *
 * Return: true for name, description, stonewall, wait_for_previous,
 * new_group, wait_for and the rate caps (fr_opt_is_rate()).
 */
bool fr_opt_is_pacing(const char *key);
/**
 * fr_opt_not_workload() - whether an option leaves the workload as it is
 * @key: the option's name
 *
 * Two runs that differ only in these ran the same workload: pacing and
 * rate caps (fr_opt_is_pacing()), where the data and the outputs went
 * (filename, directory, output, per_job_logs, ssdnvme_results, write_*,
 * log_*), name and description.
 *
 * Return: true for those.
 */
bool fr_opt_not_workload(const char *key);
/**
 * fr_opt_is_rate() - whether an option is a rate cap
 * @key: the option's name
 *
 * Return: true for rate=, rate_iops=, rate_min=, rate_iops_min=,
 * rate_process=, rate_cycle=, rate_ignore_thinktime= and their aliases.
 */
bool fr_opt_is_rate(const char *key);

/**
 * fr_fio_size() - fio's reading of a size
 * @s: the text ("4k", "4KiB", "1M", "1024k", "4096"), or NULL
 * @kb_base: 1024 (fio's default) or 1000; with 1024 "k"/"kb" are 1024 and
 *           "KiB" is 1000 (fio's compatibility mode), with 1000 the other
 *           way round; 0 must not be passed
 * @bytes: set to the size in bytes on success
 *
 * Return: 0, or -1 when @s is not one positive size that fits in 64 bits
 * (a range, a list, a unit fio does not know, 0).
 */
int fr_fio_size(const char *s, unsigned kb_base, unsigned long long *bytes);

/**
 * fr_bs_split_one() - the one block size a bssplit= or bsrange= allows
 * @v: the option's value ("4k/100", "4k/50:4k/50", a size without a share
 *     taking the rest; "4k-4k")
 * @split: true for bssplit= (sizes at ':'), false for bsrange= (at '-')
 * @kb_base: 1024 or 1000, as fr_fio_size(); 0 (unreadable) gives 0
 *
 * Return: the size in bytes; 0 when it allows several, names sizes per
 * direction ("4k/100,64k/100": left to the figures) or cannot be read.
 */
unsigned fr_bs_split_one(const char *v, bool split, unsigned kb_base);

/**
 * fr_profile_from_options() - the profile a job outside the contract ran
 * @o: the job's options
 *
 * Spelled from the block sizes (one, or "r<R>-w<W>" when they differ) and
 * rw=: "4k-randread", "64k-seqwrite", "8k-randrw-70-30",
 * "r4k-w64k-seqrw-50-50".
 *
 * Return: the profile id (the caller frees it); NULL with errno 0 when the
 * options do not name one (an unknown rw=, several or unreadable block
 * sizes, an unreadable mix), NULL with errno ENOMEM when out of memory.
 */
char *fr_profile_from_options(const struct fr_jobopts *o);

/**
 * fr_client_label() - the drive label of a client of client/server output
 * @host: the client's hostname
 * @port: its port; NaN or negative when not known
 * @shared_host: whether another client on the same host has another port
 *
 * Return: "<host>:<port>" when @shared_host and the port is known, else a
 * copy of @host (the caller frees it); NULL when out of memory.
 */
char *fr_client_label(const char *host, double port, bool shared_host);

/**
 * fr_fallback_label() - a drive label from the path, when nothing better is known
 * @root: the directory argument the file was found under
 * @path: the file's path
 *
 * Return: the first path component below @root, or, for a file not under
 * it or directly in it, the file name without ".json" (the caller frees
 * it); NULL when out of memory.
 */
char *fr_fallback_label(const char *root, const char *path);

/* How the jobs of one input are labelled. */
struct json_object;

struct fr_label {
	const char *drive;	    /* forced drive label (command line, manifest), or NULL */
	const char *profile;	    /* forced profile id, or NULL */
	const char *step;	    /* forced step name, or NULL */
	const char *fallback_drive; /* used when neither forced nor a client hostname */
	/* the manifest's test and step, used for a job name outside the contract */
	const char *profile_hint;
	const char *step_hint;
	/* a --hosts run: host (fr_host_key()) -> its drive's entrant; a
	 * client's jobs take their host's (docs/fleet.md); NULL otherwise */
	struct json_object *host_entrants;
	/* an output of a --hosts run: the reader keeps its servers' figures
	 * for the fleet view (model/clients.h) */
	bool fleet;
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

/**
 * fr_host_drive_label() - the entrant of one host's drive in a --hosts run
 * @buf: where it goes ("QEMU NVMe Ctrl fleet0001 ns1", as a runner's drive
 *       named after its node is relabelled on one host)
 * @len: its size
 * @model: the manifest drive's model, or NULL
 * @serial: its serial, or NULL
 * @nsid: its namespace id, NaN when not recorded
 *
 * Return: true; false (@buf empty) without a model and a serial.
 */
bool fr_host_drive_label(char *buf, size_t len, const char *model, const char *serial, double nsid);
/**
 * fr_host_key() - a server as --hosts gives it, as a look-up key
 * @host: "name", "name,port", "ip:name,port" or "ip6:name,port"
 * @buf: where "name,port" goes (fio's port 8765 when @host names none)
 * @len: its size
 *
 * Return: false when @host's port is not a number or @buf is too small.
 */
bool fr_host_key(const char *host, char *buf, size_t len);
/**
 * fr_client_key() - a client_stats entry's server as the same key
 * @hostname: its "hostname", or NULL
 * @port: its "port"
 * @buf: where "hostname,port" goes
 * @len: its size
 *
 * Return: false without a hostname and a port, or when @buf is too small.
 */
bool fr_client_key(const char *hostname, double port, char *buf, size_t len);
/**
 * fr_label_job() - label one job in the documented order
 * @lb: how the input's jobs are labelled
 * @jobname: the job's name
 * @host: the client's label in client/server output, or NULL
 * @opts: the job's options
 * @out: filled whole; its strings are its own (fr_job_label_free())
 *
 * Drive: @lb->drive (-d, manifest, engine identity), else @host, else
 * @lb->fallback_drive, else "unknown".  Profile and step: -p/-s; the job
 * name under the contract; the manifest's test and step; the profile from
 * the job's options; the job name.  @out->problem says why the job cannot
 * be used (fr_step_problem(); none when -s forced the step).
 *
 * Return: 0, or -ENOMEM (@out then holds nothing to free).
 */
int fr_label_job(const struct fr_label *lb, const char *jobname, const char *host,
		 const struct fr_jobopts *opts, struct fr_job_label *out);
/**
 * fr_job_label_free() - free the strings of a job's labels
 * @l: the labels; its pointers are left NULL, so freeing twice is safe
 */
void fr_job_label_free(struct fr_job_label *l);

/**
 * fr_test_names_itself() - whether a manifest test's job names label themselves
 * @test: the manifest's test name
 *
 * Return: true for write-pressure, noisy-neighbor, precondition and
 * tq-sweep, whose job names give the profile and step (not a curve's
 * profile from the manifest).
 */
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
