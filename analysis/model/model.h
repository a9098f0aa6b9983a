/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fiorank's model of a pile of fio results: drive -> profile -> step ->
 * direction.  Readers fill it, rank.c orders it, the out_*.c renderers print
 * it.  No parsing and no printing here, and no fio or kernel types, so the
 * unit tests and the fuzz target link it alone.
 *
 * Units inside the model: IOPS, bytes per second, latency in nanoseconds.
 * Missing figures are NAN (percentiles fio did not print, a direction that
 * did no I/O).
 *
 * Errors, for every stage of fiorank (docs/fiorank.md "Source layout"):
 * - A function that can fail returns int: 0 done, negative failed:
 *   -ENOMEM (or another -errno) when the cause is errno's, -1 otherwise (a
 *   write error, an input rejected).  One that returns a pointer returns
 *   NULL, with errno set when the cause is a system one (fr_slurp()).
 * - A bad input is not a failure of the run: a reader records it in the
 *   model with its file and reason (fr_model_skip(): could not be read;
 *   fr_model_exclude(): read, left out; fr_model_note(): passed over on
 *   purpose) and carries on.
 * - Only main.c (and pts_main.c for `fiorank pts`) prints to stderr and
 *   chooses the exit code (docs/fiorank.md "Exit status": 0 all read, 1 some
 *   input skipped or excluded, 2 usage or a run that could not be made, 3
 *   and 4 the --fail-if gate).  Below them a function says what is wrong
 *   only through a FILE *err its caller passes (fio logs, PTS directories,
 *   the --baseline directories).  Nothing below main.c exits.
 */
#ifndef FIORANK_MODEL_H
#define FIORANK_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct json_object;

enum fr_dir { FR_READ, FR_WRITE, FR_TRIM, FR_NDIRS };

/* Latency figures of one direction for one basis (clat or lat), in ns. */
struct fr_lat {
	double mean;
	double p99;
	double p999;
	double p9999;
};

/* A noisy-neighbor write step's placed writes per placement ID, as the
 * engine's results give them (read/placement.c reads them, issue 26). */
struct fr_pid_tail {
	unsigned pid;	     /* the placement identifier sent (DSPEC) */
	unsigned plid_index; /* its index in the namespace's handle list (plids=) */
	int ruhid;	     /* reclaim unit handle it maps to; -1 not said */
	uint64_t count;	     /* completed writes the tag counts */
	uint64_t errors;     /* failed writes the tag counts apart */
	struct fr_lat lat;   /* ns; mean and percentiles as the engine gave them */
	double max;	     /* ns, NAN not said */
	/* the handle's usage over the job (docs/engine.md "Write amplification
	 * per handle"): bytes the job wrote with this PID, bytes the handle's
	 * reclaim unit took (RUAMW before - after, x LBA size), their ratio;
	 * NAN with why in ru_note where it is not a right number */
	double host_bytes, ru_bytes, ru_ratio;
	char ru_note[480];
	/* across reclaim unit changes (docs/fiorank.md "Handle usage across
	 * reclaim units"): the unit size read from the drive (RUNS, bytes),
	 * the new units the handle started (NAN when not determinable), the
	 * bounds of ru_bytes (equal when determined; NAN when not known), and
	 * how the figure was reached ("" within one unit) */
	double ru_size, ru_units, ru_bytes_min, ru_bytes_max;
	char ru_basis[400];
	/* what the drive's FDP events say about the handle over the job
	 * (docs/fiorank.md "FDP events"), also part of ru_note or ru_basis;
	 * "" when the engine file has no events section; ru_events_changes:
	 * the unit changes they report (NAN when not watched), of which
	 * ru_events_by_ctrl the controller made */
	char ru_events[240];
	double ru_events_changes, ru_events_by_ctrl;
};

/* The placed writes of one namespace of one step (a flexible array). */
struct fr_placement {
	size_t n;
	struct fr_pid_tail t[];
};

/**
 * fr_placement_dup() - a copy of a step's placed writes
 * @p: the placed writes
 *
 * Return: the copy, in one allocation with its entries (free() it), or NULL
 * when out of memory.
 */
struct fr_placement *fr_placement_dup(const struct fr_placement *p);

struct fr_drive;

/**
 * fr_nn_writer_ns() - whether a drive's noisy-neighbor writers wrote to a namespace
 * @d: the drive
 * @nsid: the namespace
 *
 * Return: true when a noisy-neighbor write step of @d wrote to @nsid.
 */
bool fr_nn_writer_ns(const struct fr_drive *d, unsigned nsid);

/**
 * fr_placement_writes() - the writes a namespace's placement ID rows count
 * @p: the namespace's placed keys
 *
 * Return: the sum of the keys' completed writes: the "all" row of the
 * per-PID table, so that the rows add up.
 */
uint64_t fr_placement_writes(const struct fr_placement *p);

struct fr_step;

/**
 * fr_placement_writes_note() - what the per-PID rows of a step do not say
 * @s: a noisy-neighbor write step with placed writes (@s->placement)
 * @buf: where the note goes: "" when there is nothing to say
 * @len: its room
 *
 * That the rows are tags which include fio's ramp (@s->tags_incl_ramp), and
 * when the step's own write count (fio's total_ios when a fio job of that
 * namespace made it) differs from the rows' sum, both counts and why.
 *
 * Return: true when @buf says something.
 */
bool fr_placement_writes_note(const struct fr_step *s, char *buf, size_t len);

/* The latency bases fio reports: completion latency and total latency. */
enum fr_basis { FR_CLAT, FR_LAT, FR_NBASES };

/* The spread of one basis's latency: fio's stddev and max (ns).  known is
 * false when fio did not print them (or a reader has none: engine files,
 * published figures); merged over jobs as a pooled deviation (pooled.h). */
struct fr_spread {
	bool known;
	double stddev, max;
};

struct fr_dirstat {
	uint64_t ios;	 /* completed operations (total_ios) */
	double iops;	 /* achieved IOPS */
	double bw_bytes; /* bytes per second */
	double io_bytes; /* bytes transferred (fio's io_bytes); NAN unknown, 0 none */
	struct fr_lat lat[FR_NBASES];
	struct fr_spread spread[FR_NBASES];
};

/* What a fio job measured, before it is placed in the model. */
enum fr_kind {
	FR_KIND_CURVE,	    /* <profile>@peak, <profile>@<pct> */
	FR_KIND_WP_READ,    /* wp-read@<MBps> */
	FR_KIND_WP_WRITE,   /* wp-write@<MBps> */
	FR_KIND_NN_READ,    /* nn-read, nn-read-ns<N> */
	FR_KIND_NN_WRITE,   /* nn-write, nn-write-ns<N> */
	FR_KIND_PRECOND,    /* precond-<phase> */
	FR_KIND_TQ,	    /* tq-sweep@t<jobs>q<depth> */
	FR_KIND_TQ_PRECOND, /* tq-sweep-precond@t<jobs>q<depth>-r<round> */
};

/* fio's steady-state verdict of a job (its "steadystate" object). */
enum { FR_SS_NOT_ATTAINED = -1, FR_SS_NONE = 0, FR_SS_ATTAINED = 1 };

/* One fio job result (or one namespace's share from an engine tag file). */
struct fr_job {
	const char *drive;   /* label */
	const char *profile; /* profile id or test name */
	const char *step;    /* "peak", "10".."120", MB/s for write pressure */
	enum fr_kind kind;
	unsigned nsid;	     /* namespace for noisy-neighbor figures, 0 if none */
	const char *source;  /* file it came from */
	const char *jobname; /* fio's job name, NULL for an engine file's share */
	long groupid;	     /* fio's groupid, -1 when not known */
	struct fr_dirstat dir[FR_NDIRS];
	/* how the job ran, from the reader's one parse of its fio output
	 * (known false for an engine file's share and published figures) */
	struct fr_jobrun {
		bool known;
		unsigned iodepth, numjobs, bs; /* 0: unreadable or mixed (bs) */
		unsigned namespaces;	       /* addressed (engine's namespaces=); 0 unknown */
		int read_pct;		       /* -1: unknown */
		double step_s;		       /* the job's runtime; 0 unknown */
		const char *filename;	       /* its filename= option, or NULL */
		/* fio's own steady-state detection (--ss): FR_SS_NONE when
		 * the job had none; its criterion as fio prints it */
		int fio_ss;
		char fio_ss_what[40];
		/* rate target in IOPS over its clones (rate_iops=): 0 not
		 * capped, NAN capped in a way the total does not follow from */
		double target_iops;
		/* this entry's place among the entries of its name in its
		 * step and fio group (1 the first; 0 not counted, as 1):
		 * numjobs clones are one entry each, or one entry for all
		 * with group_reporting */
		unsigned entry_of_name;
	} run;
	const char *fio_version; /* the document's "fio version", or NULL */
	double timestamp;	 /* its "timestamp" (s since the epoch), 0 unknown */
};

/*
 * Like-for-like comparison (issue 13): how a step was run, in the terms a
 * published method is stated in.  For measured steps the reader fills what
 * the fio options say as it merges the jobs (outstanding, bs, read share,
 * step time) and prov_run.c adds the target and the run mode (engine
 * file, manifest); ref_model.c fills published ones (reference/methods.csv).
 * All zero: not known.
 */
enum fr_target {
	FR_TARGET_UNKNOWN,   /* nothing says what the target was */
	FR_TARGET_NAMESPACE, /* an NVMe namespace (char or block device) */
	FR_TARGET_BLOCK,     /* another block device */
	FR_TARGET_FILE,	     /* a regular file (any file system, tmpfs too) */
};

struct fr_method {
	bool known;
	unsigned
		outstanding; /* I/Os in flight: iodepth x numjobs over the step's jobs; 0 unknown */
	unsigned bs;	     /* transfer size in bytes; 0 unknown or mixed */
	int read_pct;	     /* share of reads the job asked for; -1 unknown */
	enum fr_target target;
	double step_s;	 /* measured seconds per step; 0 unknown */
	bool short_mode; /* the suite's --short */
	/* noisy neighbor: namespaces the step's jobs addressed (measured; 0
	 * unknown) or the published method's namespaces and how many of them
	 * took the writes (methods.csv) */
	unsigned namespaces, writers;
	char note[120]; /* published: why the method is not stated, "" when it is */
};

struct fr_step {
	char *name;
	char *source; /* the input that filled it */
	enum fr_kind kind;
	unsigned nsid;
	unsigned njobs; /* fio jobs merged into this step */
	/* where it came from, for joining a result back to the runs */
	char **jobnames; /* distinct fio job names merged into it */
	size_t njobnames;
	long groupid; /* their fio groupid; -1 when unknown or several */
	struct fr_dirstat dir[FR_NDIRS];
	struct fr_method method; /* issue 13; see above */
	char *fio_version;	 /* of the fio output that filled it, or NULL */
	double timestamp;	 /* its fio "timestamp"; 0 unknown */
	/* the fio jobs' filename= options, ":"-joined as fio joins several
	 * files; NULL when none said one */
	char *targets;
	/* fio's steady-state verdict over its jobs (FR_SS_*: not attained if
	 * any job's was not) and that job's criterion */
	int fio_ss;
	char fio_ss_what[40];
	/* the drive's health over the step (issue 25, health.h); NULL when
	 * no engine results file came with it */
	struct fr_health *health;
	/* a noisy-neighbor write step's placed writes per placement ID
	 * (placement.h, issue 26); NULL when its writes were not placed */
	struct fr_placement *placement;
	/* the rate its jobs were capped at, IOPS summed over them (a capped
	 * curve step: "120" is 120 % of the peak): 0 none, NAN not known */
	double target_iops;
	/* its figures are the ssdnvme engine's tags of a job fio ran with a
	 * ramp_time, from an engine file without jobs[].tags_ramp: they
	 * include the ramp, fio's figures do not (read_engine.c) */
	bool tags_incl_ramp;
	/* a steady-state round's (precondition ss-round<N>) p99 and p99.99
	 * completion latency in µs, from its fio output's json+ bins as the
	 * runner's --ss-measures and fiorank pts take them (fr_pts_pct_us());
	 * NAN for other steps and without bins (read_fio.c) */
	double round_tail_us[2];
	/* what later stages read of its fio output (read_fio_keep.c: options
	 * and json+ bins) and of its engine file (the whole tree), kept by the
	 * reader so that no stage opens an input again; a json-c reference
	 * each, NULL when there is none */
	struct json_object *fio_doc;
	struct json_object *engine_doc;
};

/* A capped step reached less than this share of its target: flagged. */
#define FR_TARGET_MISS 0.95
/**
 * fr_step_target_missed() - how far a capped step fell short of its rate target
 * @s: the step
 *
 * Return: the achieved share of @s's target (fr_step_iops() over
 * target_iops, 0..FR_TARGET_MISS) when it fell below FR_TARGET_MISS; NAN
 * when it reached it, was not capped or its target is not known.
 */
double fr_step_target_missed(const struct fr_step *s);

struct fr_profile {
	char *name;
	struct fr_step *steps;
	size_t nsteps, cap;
};

/* Identity of a drive, from the manifest or the engine's identity file. */
struct fr_ident {
	char *model;
	char *serial;
	char *firmware;
};

struct fr_drive {
	char *label;
	struct fr_ident ident;
	bool reference; /* published figures, not measured here */
	char *review;	/* source review id, for reference drives */
	/* Like-for-like comparison (issue 13; ref_model.c, provenance.c, rank.c).
	 * group: drives run together.  A published group of N > 1 keeps its
	 * curve figures per drive, derived as IOPS / N with latency as
	 * published; a measured drive has 0 or 1 unless one fio run drove N.
	 * config: a published drive's capacity and host as the review gives. */
	unsigned group;
	char config[128];
	struct fr_profile *profiles;
	size_t nprofiles, cap;
};

/* A file or job the readers could not use, and why. */
struct fr_problem {
	char *source;
	char *reason;
};

/* A review's own statement about its figures, shown as published (issue
 * 13; ref_model.c): "P5510 p99 falls below PM9A3 from 110 MB/s on". */
struct fr_statement {
	char review[48];
	char metric[32];   /* clat_p99_crossover, clat_mean_gap, clat_p99_gap */
	double write_mbps; /* where the review says it holds */
	double value_us;   /* the gap, NAN for a crossover */
	char text[160];	   /* the review's words (the CSV note) */
};
#define FR_MAX_STATEMENTS 16

/*
 * What the readers keep of a fio output (read_fio_keep.h) for the stages
 * after them: keeping costs a json-c tree per output, and the json+ bins
 * cost more to read than the rest of a json+ output, so a run keeps only
 * what a stage of it will read.
 */
enum fr_keep {
	FR_KEEP_ALL,	 /* options and json+ bins: the HTML report charts the bins */
	FR_KEEP_OPTIONS, /* options alone: --baseline, an engine file's ramp check */
	FR_KEEP_NONE,	 /* nothing: the bins are skipped unread (still checked) */
};

struct fr_model {
	/* up to FR_MAX_STATEMENTS, allocated at the first (reference data
	 * only: a model per input file must stay small) */
	struct fr_statement *statements;
	size_t nstatements;
	struct fr_drive *drives;
	size_t ndrives, cap;
	/* drives by label: open addressing, slot = index + 1, 0 empty; a pile
	 * of files labelled by name has as many drives as files, and a linear
	 * lookup made reading them quadratic */
	size_t *by_label;
	size_t by_label_cap;
	struct fr_problem *skipped; /* files not read */
	size_t nskipped, skipped_cap;
	struct fr_problem *excluded; /* jobs read but not used (fio error set) */
	size_t nexcluded, excluded_cap;
	struct fr_problem *notes; /* files passed over on purpose (not errors) */
	size_t nnotes, notes_cap;
	size_t files_read;
	size_t jobs_read;
	/* steps the drive's health made invalid, moved out of the ranking
	 * (health.h) so that the reports still show their health; or NULL */
	struct fr_model *invalid;
	/* the manifest.json files the walk read: path -> parsed tree (JSON
	 * null: not JSON), for the stages that read more of them than the
	 * walk (prov_manifest.c, baseline_params.c); NULL when none */
	struct json_object *manifests;
	/* what the readers keep of each fio output for the later stages
	 * (fr_step.fio_doc); set by the caller before reading, FR_KEEP_ALL
	 * after fr_model_init() */
	enum fr_keep keep;
	/* the Copy method's runs (model/copy.h), kept apart from the
	 * ranking; NULL when none */
	struct fr_copy_run *copy;
	size_t ncopy;
	/* the fio outputs of --hosts runs as the fleet view reads them
	 * (model/clients.h), kept by the reader at its one parse of each;
	 * NULL when none */
	struct fr_clients *clients;
	size_t nclients;
	/* what the checkpoint and KV-cache sections read of their fio
	 * outputs (read/read_ai.h): source path -> its kept tree, kept by the
	 * reader at its one read of each; NULL when none */
	struct json_object *ai_docs;
};

/**
 * fr_model_init() - make an empty model
 * @m: the model (overwritten whole; free with fr_model_free())
 */
void fr_model_init(struct fr_model *m);
/**
 * fr_model_free() - free everything a model holds
 * @m: the model; its drives, problems, invalid steps' model, statements
 *     and the json-c references it keeps are released, and it is left
 *     empty (as fr_model_init() makes it)
 */
void fr_model_free(struct fr_model *m);

/**
 * fr_model_keep_docs() - keep an input's parsed trees with its steps
 * @m: the model
 * @source: the input's path, as the steps' source holds it
 * @fio_doc: its fio output's tree, or NULL (left as it is)
 * @engine_doc: its engine results file's tree, or NULL (left as it is)
 *
 * Each step read from @source that has no tree yet takes a reference
 * (json_object_get()) to each given, so later stages read them instead
 * of opening the input again; the caller keeps its own references.
 */
void fr_model_keep_docs(struct fr_model *m, const char *source, struct json_object *fio_doc,
			struct json_object *engine_doc);
/**
 * fr_model_keep_ai_doc() - keep what the AI sections read of an output
 * @m: the model
 * @source: the output's path, as the steps' source holds it
 * @doc: the kept tree (read/read_ai.h); @m takes a reference of its own
 *
 * Return: 0, or -ENOMEM.
 */
int fr_model_keep_ai_doc(struct fr_model *m, const char *source, struct json_object *doc);
/**
 * fr_model_ai_doc() - what the reader kept of an output for the AI sections
 * @m: the model
 * @source: the output's path
 *
 * Return: the tree (borrowed from @m), or NULL when none was kept.
 */
struct json_object *fr_model_ai_doc(const struct fr_model *m, const char *source);
/**
 * fr_model_manifest() - the manifest tree the walk kept for a path
 * @m: the model
 * @path: the manifest.json's path, as the walk read it
 * @root: set to the tree (borrowed from @m: do not put it), NULL when the
 *        file was not JSON or the walk did not read it
 *
 * Return: true when the walk read @path, false when it did not.
 */
bool fr_model_manifest(const struct fr_model *m, const char *path, struct json_object **root);

/**
 * fr_model_add() - add one job to the model, merging it into its step
 * @m: the model
 * @job: the job; its strings are copied
 *
 * The drive, profile and step (by name, kind and namespace) are made when
 * new.  Into a step already there, operations, IOPS and bandwidth add up,
 * means are weighted by operations, percentiles keep the worst, and the
 * method, rate target and fio steady-state verdict merge (clones of one
 * job name count once).
 *
 * Return: 0, or -ENOMEM (the model may then hold part of the job).
 */
int fr_model_add(struct fr_model *m, const struct fr_job *job);

/**
 * fr_model_merge() - add everything of one input's model to another
 * @dst: the model of the run
 * @src: one input's model; only read (json-c trees are shared by reference)
 *
 * Steps merge as fr_model_add() merges jobs, with their health and
 * placement copied when @dst's step has none; skipped, excluded and noted
 * inputs and the counts of files and jobs read add up.  A step @dst
 * already has from another input is not merged (two runs of the same
 * drive, profile and step would add up): it is recorded as excluded, its
 * jobs not counted in @dst->jobs_read.
 *
 * Return: 0, or -ENOMEM.
 */
int fr_model_merge(struct fr_model *dst, const struct fr_model *src);

/**
 * fr_model_drive() - the drive with a label, made when new
 * @m: the model
 * @label: the drive's label (copied)
 *
 * Return: the drive, or NULL when out of memory.  Adding a drive may move
 * @m->drives: pointers into it taken before are stale.
 */
struct fr_drive *fr_model_drive(struct fr_model *m, const char *label);
/**
 * fr_model_find_drive() - the drive with a label
 * @m: the model
 * @label: the label
 *
 * Return: the drive, or NULL when @m has none with @label.
 */
struct fr_drive *fr_model_find_drive(const struct fr_model *m, const char *label);
/**
 * fr_model_relabel_drive() - give a drive another label
 * @m: the model
 * @d: one of @m's drives
 * @label: its new label (copied); no other drive of @m may have it
 *
 * The label index is rebuilt, so that fr_model_find_drive() finds the
 * drive by its new label and no longer by its old one.
 *
 * Return: 0, or -ENOMEM (the drive then keeps its label).
 */
int fr_model_relabel_drive(struct fr_model *m, struct fr_drive *d, const char *label);
/**
 * fr_model_move_profile() - move a profile to the drive with another label
 * @m: the model
 * @from: the index of the drive that has the profile, in @m->drives
 * @profile: the profile's index in that drive
 * @label: the label of the drive it goes to, made if new
 *
 * The drive it goes to takes the identity fields @from has set.  @from is
 * kept even when it is left without profiles.  Pointers into @m->drives
 * are stale afterwards.
 *
 * Return: 0, or -ENOMEM (the profile then stays where it was).
 */
int fr_model_move_profile(struct fr_model *m, size_t from, size_t profile, const char *label);
/**
 * fr_drive_set_ident() - set a drive's identity
 * @d: the drive
 * @model: its model name, or NULL or "" to keep the one it has
 * @serial: its serial number, likewise
 * @firmware: its firmware revision, likewise
 *
 * Return: 0, or -ENOMEM (some fields may then be set).
 */
int fr_drive_set_ident(struct fr_drive *d, const char *model, const char *serial,
		       const char *firmware);

/**
 * fr_model_skip() - record an input that could not be read
 * @m: the model
 * @source: the input's path (NULL counts as "")
 * @fmt: printf format of the reason
 * @...: its arguments
 *
 * Listed in the report and on stderr; the run exits 1 (docs/fiorank.md
 * "Exit status").
 *
 * Return: 0, or -ENOMEM.
 */
int fr_model_skip(struct fr_model *m, const char *source, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/**
 * fr_model_exclude() - record a job or step that was read but is not used
 * @m: the model
 * @source: the input's path (NULL counts as "")
 * @fmt: printf format of the reason
 * @...: its arguments
 *
 * Listed in the report and on stderr; the run exits 1.
 *
 * Return: 0, or -ENOMEM.
 */
int fr_model_exclude(struct fr_model *m, const char *source, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/**
 * fr_model_note() - record a file passed over on purpose
 * @m: the model
 * @source: the file's path (NULL counts as "")
 * @fmt: printf format of why
 * @...: its arguments
 *
 * For files that are not errors (fiorank's own report among the inputs):
 * listed, and the run still exits 0.
 *
 * Return: 0, or -ENOMEM.
 */
int fr_model_note(struct fr_model *m, const char *source, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/**
 * fr_drive_drop_step() - remove a step from a drive, freeing it
 * @d: the drive
 * @profile: the profile's index in @d
 * @step: the step's index in that profile
 *
 * The profile goes too when it was its last step; the steps (and
 * profiles) after it move down one place.
 */
void fr_drive_drop_step(struct fr_drive *d, size_t profile, size_t step);
/**
 * fr_model_take_step() - move a step, whole, into another model
 * @dst: the model it goes to; the drive (same label) and profile (same
 *       name) are made there when new
 * @d: the drive it comes from
 * @profile: the profile's index in @d
 * @step: the step's index in that profile
 *
 * The step leaves @d as fr_drive_drop_step() drops it (the profile with
 * its last step), its strings, health and trees now @dst's.
 *
 * Return: 0, or -ENOMEM (the step then stays in @d).
 */
int fr_model_take_step(struct fr_model *dst, struct fr_drive *d, size_t profile, size_t step);

/**
 * fr_drive_find_profile() - a drive's profile by name
 * @d: the drive
 * @name: the profile id
 *
 * Return: the profile, or NULL when @d has none of that name.
 */
const struct fr_profile *fr_drive_find_profile(const struct fr_drive *d, const char *name);

/* Figures of a step that the ranking uses. */
/**
 * fr_step_iops() - a step's achieved IOPS
 * @s: the step
 *
 * Return: read, write and trim IOPS added up.
 */
double fr_step_iops(const struct fr_step *s);
/**
 * fr_step_mbps() - a step's achieved bandwidth
 * @s: the step
 *
 * Return: read, write and trim bandwidth added up, in MB/s (10^6 bytes per
 * second).
 */
double fr_step_mbps(const struct fr_step *s);
/**
 * fr_step_mean_lat() - a step's mean latency over its directions
 * @s: the step
 * @b: the basis (completion or total latency)
 *
 * Return: the mean in ns, weighted by operations over read, write and
 * trim (directions without I/O or without a mean left out); NAN when none
 * has one.
 */
double fr_step_mean_lat(const struct fr_step *s, enum fr_basis b);

/**
 * fr_step_name_cmp() - the method's order of two step names
 * @a: a step name
 * @b: another
 *
 * A published "first" point, then the capped steps by their share of the
 * peak as numbers ("10" < "50" < "100" < "120"), other names after the
 * numbers, the uncapped "peak" last; names of the same place with their
 * digit runs compared as numbers ("q8" < "q32" < "q128"), else by bytes.
 *
 * Return: < 0, 0 or > 0 as @a comes before, with or after @b.
 */
int fr_step_name_cmp(const char *a, const char *b);

/**
 * fr_kind_name() - the name of a job kind
 * @k: the kind (a value of enum fr_kind: no check)
 *
 * Return: "curve", "wp-read", "wp-write", "nn-read", "nn-write",
 * "precondition", "tq-step" or "tq-precond" (a static string).
 */
const char *fr_kind_name(enum fr_kind k);
/**
 * fr_dir_name() - the name of a direction
 * @d: FR_READ, FR_WRITE or FR_TRIM (no check: not FR_NDIRS)
 *
 * Return: "read", "write" or "trim" (a static string).
 */
const char *fr_dir_name(enum fr_dir d);

#endif
