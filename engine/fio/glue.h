/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Shared by the fio glue files of the ssdnvme engine (engine/fio/): the
 * engine's option block, per-file and per-job state.  Only these files see fio's headers.
 */
#ifndef SSDNVME_GLUE_H
#define SSDNVME_GLUE_H

#include <limits.h>

#include "fio.h"

#include "fio_compat.h"

#include "fdp.h"
#include "health_job.h"

#include "namespace.h"
#include "nvme_cmd.h"
#include "nvme_status.h"
#include "results.h"
#include "ring.h"
#include "safefile.h"

#ifndef SSDNVME_FIO_VERSION
#error "SSDNVME_FIO_VERSION (the fio version built against) must be defined"
#endif
/* Messages name up to two paths. */
#define MSG_LEN (2 * PATH_MAX + 512)

/* write_mode=, fio 3.41 io_uring_cmd's values: the command a write is sent as */
enum ssdnvme_write_mode {
	WMODE_WRITE,  /* Write */
	WMODE_UNCOR,  /* Write Uncorrectable (no data; later reads fail) */
	WMODE_ZEROES, /* Write Zeroes (no data) */
	WMODE_VERIFY, /* Verify (no data: the drive checks what it stores) */
	WMODE_COPY,   /* Copy (0x19): the drive copies from copy_src's region, no data sent */
};

/* verify_mode=: what the verify phase sends for each block it checks */
enum ssdnvme_verify_mode {
	VMODE_READ,    /* Read, and fio compares */
	VMODE_COMPARE, /* Compare: the drive compares with the expected data */
};

struct ssdnvme_options {
	void *pad; /* fio treats option offset 0 as "unset" */
	unsigned int hipri;
	unsigned int hipri_unsafe_kernel; /* hipri on passthrough before Linux 6.5 */
	unsigned int fixedbufs;
	unsigned int registerfiles;
	unsigned int sqpoll;
	unsigned int sqpoll_cpu;
	unsigned int sqpoll_set;
	unsigned int nonvectored;
	unsigned int readfua;
	unsigned int writefua;
	unsigned int write_zeroes;   /* the engine's older spelling of write_mode=zeroes */
	unsigned int write_mode;     /* enum ssdnvme_write_mode: the command fio's writes become */
	unsigned int verify_mode;    /* enum ssdnvme_verify_mode: how the verify phase reads */
	unsigned int deac;	     /* Write Zeroes with DEAC: deallocate the zeroed LBAs */
	unsigned long long copy_src; /* write_mode=copy: where the copied blocks come from */
	bool copy_src_set;
	unsigned int nowait;	  /* RWF_NOWAIT on the fallback's reads and writes */
	unsigned int force_async; /* IOSQE_ASYNC on every Nth command, 0: never */
	unsigned int cmd_type;	  /* io_uring_cmd's cmd_type: only "nvme" exists */
	char *namespaces;
	char *results_file;
	unsigned int tags;	   /* 0: no latency tags */
	char *tag_label;	   /* tag=, default the job name */
	unsigned int tag_outliers; /* slowest I/Os kept per tag key */
	unsigned int tag_interval; /* time-series interval, ms */
	unsigned int tag_log;	   /* 1: every I/O to <results>.<job>.<N>.taglog */
	unsigned int tag_log_sync; /* 1: the tag log is written and synced at each flush */
	/* Metadata and protection information, fio's io_uring_cmd names (docs/engine.md) */
	unsigned int md_per_io_size; /* separate metadata bytes per I/O; 0: computed */
	unsigned int pi_act;	     /* 1: PRACT, the controller inserts/strips PI */
	char *pi_chk;		     /* GUARD,REFTAG,APPTAG */
	unsigned int apptag;
	unsigned int apptag_mask;
	/* Flexible Data Placement (ssdnvme_fdp.c): fio 3.39's fdp/plids/plid_select */
	unsigned int fdp;
	char *plids;	   /* indices into the namespace's reclaim unit handle list */
	char *plid_select; /* roundrobin (default) or random */
	/* Drive health (engine/health/, docs/engine.md) */
	unsigned int health;	      /* 0: no health snapshots */
	unsigned int health_interval; /* ms between samples during the job, 0: none */
	unsigned int identity_note;   /* 1: print each file's identity, no I/O (identity_note.c) */
	/*
	 * Not options: the run id in the results file when ->setup() first
	 * looked (results_run_in()), "" for none.  Kept here because this
	 * struct is the job's only state from ->setup() (in fio's main
	 * process) that its forked job process inherits.
	 */
	bool results_seen;
	char results_seen_run[RESULTS_RUN_ID_LEN];
	int results_slot;   /* results_pending_slot() at set-up, 0: none */
	bool identity_told; /* identity_note=1 printed this job's files */
};

/**
 * writes_carry_data() - whether the job's writes move data to the drive
 * @o: the job's options
 *
 * Return: true for plain writes; false when write_mode= (or write_zeroes=1)
 * turns them into Write Uncorrectable, Write Zeroes, Verify or Copy commands.
 */
static inline bool writes_carry_data(const struct ssdnvme_options *o)
{
	return o->write_mode == WMODE_WRITE;
}

/* Per file, set in ->setup() (often in fio's parent process, before fork). */
struct file_state {
	struct ns_info ni;
	int shift;	    /* log2 of the transfer unit, -1 if not a power of two */
	uint32_t unit;	    /* bytes per LBA on the wire */
	uint64_t grid_mask; /* unit - 1 when a power of two, for the per-I/O check */
	bool off_grid_told; /* the off-grid message was printed (once per file) */
	bool expanded;	    /* this job's namespaces= was already applied */
	/* Metadata and PI (pi.h), set with the geometry */
	struct pi_format pf;
	uint32_t md_per_lba;	/* separate metadata bytes per LBA every command carries */
	bool pi_engine;		/* pi_act=0 on a PI namespace: the engine generates and checks */
	struct fdp_place *fdp;	/* writes' placement (fdp.h), NULL: none */
	bool fdp_by_fio;	/* fio (>= 3.38, fdp=1) picks each write's placement */
	bool streams;		/* dataplacement=streams: fio picks each write's stream */
	unsigned int nvme_fast; /* directions (1 << ddir) built in one pass (submit.c); on a
				   namespace with metadata 1 << (NVME_FAST_MD + ddir) instead */
	struct nvme_md_template md_rw; /* ... their metadata side (submit_nvme.c) */
};

/* fs->nvme_fast's shift for the one-pass directions that carry metadata */
#define NVME_FAST_MD 2

/**
 * file_lbas() - bytes in a file's LBAs
 * @fs: the file's state, its geometry set
 * @bytes: an offset or a length, on the LBA grid
 *
 * Return: @bytes in LBAs of the file's transfer unit (lba_count()); a plain
 * file (no unit) keeps its bytes.
 */
static inline uint64_t file_lbas(const struct file_state *fs, uint64_t bytes)
{
	return lba_count(bytes, fs->shift, fs->unit);
}

/**
 * ssdnvme_setup_file() - probe a file and check the job against it (setup.c)
 * @td: the job
 * @f: the file; its file_state is made when it has none
 *
 * What ->setup() does for each of the job's files, also for a file fio adds
 * later (read_iolog's replay opens files named in the log): the namespace
 * identified, its geometry, use, transfer and command limits checked, its
 * data placement set up.  Refuses with ssdnvme_fail().
 *
 * Return: 0, or 1 when the job must not run on it.
 */
int ssdnvme_setup_file(struct thread_data *td, struct fio_file *f);

/**
 * ssdnvme_probe() - ns_probe() at set-up, once per device and process (probe_cache.c)
 * @path: the file
 * @ni: what it is, filled as ns_probe() fills it
 * @msg: where the reason is written when it cannot be probed
 * @len: its room
 *
 * A device node whose device number this process probed before gets a copy
 * of that probe (with @path as its path); anything else is probed.  Only
 * for set-up: an open identifies again (files.c).
 *
 * Return: as ns_probe().
 */
int ssdnvme_probe(const char *path, struct ns_info *ni, char *msg, size_t len);

/**
 * ssdnvme_num_range() - ranges per trim
 * @td: the job
 *
 * Return: fio's num_range (fio >= 3.38), at least 1.
 */
static inline unsigned int ssdnvme_num_range(const struct thread_data *td)
{
#if FIO_IOOPS_VERSION >= 36
	return td->o.num_range > 1 ? td->o.num_range : 1;
#else
	(void)td;
	return 1;
#endif
}

/**
 * ssdnvme_wmode_spelling() - the job's write mode as it was spelt
 * @o: the job's options, settled by ssdnvme_commands_job()
 *
 * Return: "write_zeroes=1" or "write_mode=NAME", for messages.
 */
const char *ssdnvme_wmode_spelling(const struct ssdnvme_options *o);

/* setup_commands.c: the NVMe opcode fio's writes are sent as, by write_mode */
extern const uint8_t ssdnvme_wmode_opcode[];

/**
 * ssdnvme_commands_job() - the job's command options, settled and checked
 * @td: the job
 * @msg: where a refusal is written
 * @len: its room
 *
 * write_zeroes=1 becomes write_mode=zeroes; write modes that store no data
 * with verify=, and verify_mode=compare without verify= (or on a fio
 * without it), are refused.
 *
 * Return: true when the job may run.
 */
bool ssdnvme_commands_job(struct thread_data *td, char *msg, size_t len);

/**
 * ssdnvme_commands_file() - whether a file can take the job's commands
 * @td: the job
 * @fs: the file, probed
 *
 * A passthrough namespace's controller must offer the write command
 * (ONCS), Dataset Management for trims and Compare for verify_mode=compare,
 * within the commands' limits; a file on the fallback takes neither Write
 * Uncorrectable, Verify, Copy nor Compare.  Refuses with ssdnvme_fail().
 *
 * Return: true when it can.
 */
bool ssdnvme_commands_file(struct thread_data *td, const struct file_state *fs);

/**
 * ssdnvme_copy_region() - whether write_mode=copy's source region fits the file
 * @td: the job
 * @f: the file, with fio's region (file_offset, io_size) settled
 * @fs: its state
 *
 * Checked at open, once fio has sized the region: copy_src= on the LBA
 * grid, the source region (as large as the job's) within the namespace and
 * apart from the region the job writes.  Refuses with ssdnvme_fail().
 *
 * Return: true when the job's copies may be sent (or it sends none).
 */
bool ssdnvme_copy_region(struct thread_data *td, const struct fio_file *f,
			 const struct file_state *fs);

/* Per job, from ->init() in the job's own process. */
struct engine_data {
	struct ring ring;
	bool nvme;		       /* ring has 128-byte SQEs for passthrough */
	struct io_u **io_us;	       /* by io_u->index */
	struct iovec *iovecs;	       /* by io_u->index: fixed buffers, vectored I/O */
	struct nvme_dsm_range *ranges; /* range_stride per io_u->index: trim, copy payloads */
	unsigned int nr_ranges;	       /* ranges per trim: fio's num_range, at least 1 */
	unsigned int range_stride;     /* 16-byte slots per io_u: a Copy range takes two */
	unsigned int async_count;      /* commands since the last IOSQE_ASYNC (force_async=) */
	struct io_u **pending;	       /* queued, not yet submitted */
	unsigned int nr_pending;
	unsigned int depth;
	int *fds; /* registered files, by f->engine_pos */
	unsigned int nr_fds;
	struct status_seen seen;
	struct file_state **opened; /* every file opened, for the results file */
	unsigned int nr_opened;
	unsigned int trims_in_flight; /* passthrough DSMs not yet reaped (trimwrite order) */
	struct tagging *tagging;      /* latency tags, NULL when tags=0 (ssdnvme_tags.c) */
	uint64_t reap_stamp;	      /* tagging_stamp() when the current batch was reaped */
	char *results_path;	      /* ssdnvme_results_path(), NULL: no results file */
	int results_joined;	      /* the results_pending_join()ed slot, 0: none */
	struct safefile_deny *deny;   /* the job's files: never written as ours */
	unsigned int in_flight;	      /* submitted to the ring, not yet reaped */
	unsigned char *md_area;	      /* separate metadata: one page-aligned slot per io_u */
	size_t md_slot;		      /* bytes per slot, 0: no file needs metadata */
	struct health_job *health;    /* drive health, NULL when health=0 (ssdnvme_health.c) */
	/*
	 * The fallback's reads and writes, decided once per job (submit.c,
	 * block_fast_prepare()): the directions ->queue() may build straight
	 * into the SQE (bit 1 << ddir), and the SQE fields the options fix.
	 */
	unsigned int block_fast;
	uint8_t block_op[2];	 /* IORING_OP_* by DDIR_READ/DDIR_WRITE */
	uint8_t block_sqe_flags; /* IOSQE_FIXED_FILE with registerfiles */
	bool block_vectored;	 /* readv/writev of one iovec */
	uint16_t block_buf_mask; /* fixedbufs: 0xffff (buf_index is the io_u's), else 0 */
	uint32_t block_rw_flags[2];
	/* ... and the passthrough reads and writes of files with fs->nvme_fast */
	struct nvme_rw_template nvme_rw[2]; /* by DDIR_READ/DDIR_WRITE (nvme_cmd.h) */
};

/**
 * ssdnvme_md_prepare() - size the separate metadata buffers
 * @td: the job; nothing is done before ->init() made its engine data
 *
 * Sizes (or grows, never shrinks) ld->md_area for every file of the job set
 * up so far: one page-aligned, zeroed slot per io_u holding the separate
 * metadata of the job's largest I/O (or md_per_io_size, if larger).  At
 * ->init(), and again from ->setup() when that runs later in the job's
 * process (create_serialize=0).
 *
 * Return: 0, or 1 with the job failed (ENOMEM).
 */
int ssdnvme_md_prepare(struct thread_data *td);

/**
 * ssdnvme_md_template() - the metadata template of a file's one-pass commands
 * @fs: a passthrough file with metadata, its PI format and mode set
 *
 * Fills @fs->md_rw from the fields the general path gives every command
 * (pi_cmd_fields(), submit_nvme.c), for a file whose PI the engine neither
 * generates nor checks.
 */
void ssdnvme_md_template(struct file_state *fs);

/**
 * ssdnvme_pi_check_read() - the engine's PI check of a completed read
 * @ld: the job's engine data (the read's metadata slot, statuses seen)
 * @io_u: a read that succeeded on a file with pi_act=0 on a PI namespace
 *
 * Checks the PI of every LBA read (pi_verify(), the pi_chk fields); a
 * failure sets io_u->error to EILSEQ and is reported on stderr once per
 * field and namespace.  From ->event() (ssdnvme_pi.c).
 */
void ssdnvme_pi_check_read(struct engine_data *ld, struct io_u *io_u);
/**
 * ssdnvme_pi_failure() - what a device's end-to-end check failure is about
 * @fs: the file's state, or NULL
 * @io_u: the failed I/O
 * @res: its NVMe status field
 * @buf: the message tail: the checks, tags and LBAs the command carried and,
 *       for a read, the first failing LBA from a synchronous unchecked
 *       re-read; "" for any other status or a namespace without PI
 * @len: @buf's size
 *
 * Only on the error path (ssdnvme_report_error()): the re-read is a
 * blocking ioctl.
 */
void ssdnvme_pi_failure(const struct file_state *fs, const struct io_u *io_u, int res, char *buf,
			size_t len);

/* The option table (options.c). */
extern struct fio_option ssdnvme_fio_options[];

/**
 * ssdnvme_setup() - fio's ->setup(): the job's files, checked before any I/O
 * @td: the job, often in fio's parent process before the fork
 *
 * Checks the job's options, expands namespaces= (once), identifies each
 * file and checks its geometry, use, hipri, metadata, zones and placement,
 * sizes the metadata buffers in the job's own process, refuses output paths
 * that cannot take the results (ssdnvme_check_outputs()), and starts drive
 * health if the ring is already open (setup.c).
 *
 * Return: 0, or 1 with the job failed and why logged.
 */
int ssdnvme_setup(struct thread_data *td);

/**
 * ssdnvme_identity_note() - identity_note=1: each file's and the host's identity
 * @td: the job, its files set up by ssdnvme_setup()
 *
 * One "ssdnvme-identity: {JSON}" note per file of the job (once, though
 * ->setup() runs again in the forked job), and fio's create_only=1, so that
 * the job does no I/O.  In identity_note.c.
 *
 * Return: 0, or 1 with the job failed.
 */
int ssdnvme_identity_note(struct thread_data *td);
/**
 * ssdnvme_check_hipri() - whether hipri can work on a file
 * @td: the job (its options)
 * @fs: the file's state, identified
 *
 * Refuses polling on a regular file, a block device used through the page
 * cache, a device without poll queues, a block device with the job's sync
 * options, and passthrough polling on kernels where it faults
 * (setup_hipri.c).
 *
 * Return: true without hipri or when it can work; false with the job failed
 * (EOPNOTSUPP) and why logged.
 */
bool ssdnvme_check_hipri(struct thread_data *td, const struct file_state *fs);
/**
 * ssdnvme_setup_metadata() - a metadata namespace's PI mode for the run
 * @td: the job (pi_act, pi_chk, apptag, apptag_mask, md_per_io_size)
 * @fs: the file's state, identified; gets its PI format, separate metadata
 *      per LBA and whether the engine generates and checks PI
 *
 * Refuses a bad pi_chk=, a PI format the engine does not support, metadata
 * buffers too small, and PI in fio's data buffer with verify=; logs the
 * run's PI mode (setup_metadata.c).  Nothing to do without metadata.
 *
 * Return: true, or false with the job failed and why logged.
 */
bool ssdnvme_setup_metadata(struct thread_data *td, struct file_state *fs);
/**
 * ssdnvme_check_md_options() - refuse metadata options no file uses
 * @td: the job, every file set up
 *
 * pi_chk= on a job without a PI namespace, md_per_io_size= on one without
 * separate metadata: refused rather than ignored (setup_metadata.c).
 *
 * Return: true, or false with the job failed and why logged.
 */
bool ssdnvme_check_md_options(struct thread_data *td);

/* files.c: ->open_file, ->close_file, ->get_file_size */
/**
 * ssdnvme_open_file() - fio's ->open_file()
 * @td: the job
 * @f: the file
 *
 * Notes the file for the results; opens an NVMe char device itself, other
 * files through fio (O_DIRECT where possible unless direct= is set).  With
 * registerfiles the first call opens every file of the job and registers
 * them with the ring.
 *
 * Return: 0, or non-zero when the file cannot be opened (the job's error
 * set) or memory is short.
 */
int ssdnvme_open_file(struct thread_data *td, struct fio_file *f);
/**
 * ssdnvme_close_file() - fio's ->close_file()
 * @td: the job
 * @f: the file
 *
 * A registered file stays open for the ring (closed at cleanup); an NVMe
 * char device is closed here, other files through fio.
 *
 * Return: 0, or fio's generic_close_file() result.
 */
int ssdnvme_close_file(struct thread_data *td, struct fio_file *f);
/**
 * ssdnvme_get_file_size() - fio's ->get_file_size()
 * @td: the job
 * @f: the file
 *
 * The namespace's capacity when identify gave one; else fio's own answer.
 *
 * Return: 0, or fio's generic_get_file_size() result.
 */
int ssdnvme_get_file_size(struct thread_data *td, struct fio_file *f);

/**
 * ssdnvme_fail() - fail the job with a message
 * @td: the job
 * @err: the errno recorded as the job's error (fio exits non-zero)
 * @msg: what went wrong, logged as "ssdnvme: MSG" to stderr
 *
 * In glue.c, which every glue file may lean on.
 */
void ssdnvme_fail(struct thread_data *td, int err, const char *msg);

/**
 * ssdnvme_note() - a note that fails nothing, printf-style
 * @fmt: the format, its "ssdnvme: " prefix and newline included
 * @...: its arguments
 *
 * Never into fio's machine-readable output: fio's log_err() and log_info()
 * write to --output once one is named, and a note on a job that runs as
 * asked must not make fio's JSON there unreadable.  With --output=FILE, to
 * stdout; without, to stdout beside fio's text report, or to stderr when
 * stdout carries JSON or terse output.  Under fio --server, log_info():
 * the client prints it.
 */
void ssdnvme_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/**
 * ssdnvme_results_path() - the job's results file
 * @td: the job
 *
 * ssdnvme_results=, or by default fio's --output with ".json" replaced by
 * ".engine.json" (appended to another name): one file per fio run
 * (paths.c).
 *
 * Return: the path, malloc'd (the caller frees it); NULL when there is
 * nowhere to write it (no --output) or memory is short.
 */
char *ssdnvme_results_path(struct thread_data *td);

/**
 * ssdnvme_fio_output_path() - fio's --output FILE, from fio's command line
 *
 * Return: the path as typed, malloc'd (the caller frees it); NULL without
 * --output or when memory is short (paths.c).
 */
char *ssdnvme_fio_output_path(void);

/**
 * ssdnvme_system_info() - the run's "system" object for the results file
 * @ld: the job's engine data (its first opened file names the device)
 *
 * host, kernel, cpu (the runner manifest's keys), fio_version, and device
 * {path, major_minor} (system_info.c).
 *
 * Return: the object, or NULL when memory is short.
 */
json_object *ssdnvme_system_info(const struct engine_data *ld);

/**
 * ssdnvme_cpu_model() - the host's CPU as /proc/cpuinfo's first "model name" says
 * @buf: where it goes; "" where there is none (not x86, no /proc)
 * @len: its room
 *
 * For the results' "system" and identity_note=1's line (system_info.c).
 */
void ssdnvme_cpu_model(char *buf, size_t len);

/**
 * ssdnvme_host_name() - the host's name, "" when it cannot be read
 * @buf: where it goes (always terminated)
 * @len: its room
 */
void ssdnvme_host_name(char *buf, size_t len);

/**
 * ssdnvme_summary_job() - the job's latency tags into the run's summary
 * @td: the job (its filename= names the drive in the fiorank command)
 * @ld: its engine data: tags and results path
 *
 * At cleanup, after the results are written: merges each tag key's
 * histogram into the table fio's main process prints from when the run is
 * over (summary.c); nothing with SSDNVME_NO_SUMMARY=1.
 */
void ssdnvme_summary_job(struct thread_data *td, struct engine_data *ld);

/* outputs.c: the engine's own files. */
/**
 * ssdnvme_check_outputs() - prove the engine's files can be written
 * @td: the job
 *
 * Before any I/O: refuses a results or tag-log path that is a device, a
 * symlink to one, or a data file of the job, or that cannot be created, or
 * whose file system lacks room for ssdnvme_results_estimate() (plus
 * ssdnvme_taglog_estimate() for the tag log); and tag_log=1 with no results
 * path to put it beside.
 *
 * Return: 0, or 1 with the job failed and why logged.
 */
int ssdnvme_check_outputs(struct thread_data *td);
/**
 * ssdnvme_deny_list() - the paths the engine must never write as its own
 * @td: the job
 *
 * Return: the job's data files as a safefile deny list (free() it; its
 * paths are fio's file names, so it must not outlive the job's files), or
 * NULL when memory is short.
 */
struct safefile_deny *ssdnvme_deny_list(struct thread_data *td);
/**
 * ssdnvme_taglog_path() - the job's tag log path
 * @td: the job (its name and thread number)
 * @results: the results path (ssdnvme_results_path())
 *
 * In paths.c.
 *
 * Return: "<results>.<job>.<N>.taglog", malloc'd, with '/' and '%' in the
 * job name as %2F and %25 (the log stays in the results' directory); NULL
 * when memory is short.
 */
char *ssdnvme_taglog_path(struct thread_data *td, const char *results);
/**
 * ssdnvme_results_estimate() - room the results file needs, at most
 * @td: the job
 *
 * A generous estimate from the job's files, run time (10 minutes assumed
 * when unbounded), tag and health options, doubled: the merged file is
 * written beside the old one before it replaces it.
 *
 * Return: the bytes.
 */
uint64_t ssdnvme_results_estimate(struct thread_data *td);
/**
 * ssdnvme_taglog_estimate() - room the tag log needs, at most
 * @td: the job
 *
 * 64 bytes per I/O the job can complete, from its size, or its run time at
 * its own rate (rate_iops=, rate= over the block size), plus the header and
 * the end record.
 *
 * Return: the bytes; 0 when nothing bounds the job's I/Os (time-based with
 * no rate).
 */
uint64_t ssdnvme_taglog_estimate(struct thread_data *td);

/**
 * ssdnvme_write_results() - write the job's part of the results file
 * @td: the job
 * @ld: its engine data: files opened, tags, placement, health
 *
 * Merges the job's entry into ld->results_path, if there is one
 * (identity.c).  A failure fails the job (fio exits non-zero) and says
 * what was lost.  At cleanup, after tagging_finish_log().
 */
void ssdnvme_write_results(struct thread_data *td, struct engine_data *ld);

/**
 * ssdnvme_ts_ns() - a timespec in ns
 * @ts: a reading of fio's clock (fio_gettime(), io_u->issue_time) or of a
 *      POSIX clock
 *
 * Return: @ts as one count of ns.
 */
static inline uint64_t ssdnvme_ts_ns(const struct timespec *ts)
{
	return (uint64_t)ts->tv_sec * 1000000000ull + (uint64_t)ts->tv_nsec;
}

/**
 * ssdnvme_now_ns() - fio's clock, now
 *
 * Return: fio_gettime(), the clock fio's clat uses, in ns.
 */
static inline uint64_t ssdnvme_now_ns(void)
{
	struct timespec ts;

	fio_gettime(&ts, NULL);
	return ssdnvme_ts_ns(&ts);
}

/**
 * tagging_init() - set up the job's latency tags
 * @td: the job (tags, tag_label, tag_outliers, tag_interval, tag_log)
 * @ld: its engine data: gets ld->tagging (NULL with tags=0)
 * @results_path: the results file, beside which tag_log=1 puts its log;
 *                NULL: none (tag_log=1 is then refused)
 *
 * Attaches to each controller's in-flight counters, chooses the clock
 * stamps are read from, creates the tag log and the tag table
 * (ssdnvme_tags.c).  After the ring is open, before any I/O.
 *
 * Return: 0, or 1 on failure (the job fails; tagging_free() frees what was
 * set up).
 */
int tagging_init(struct thread_data *td, struct engine_data *ld, const char *results_path);
/* The hot path (tagging_submitted, tagging_completed) is in ssdnvme_tags.h. */
/**
 * tagging_report() - the tags into the job's results
 * @td: the job
 * @ld: its engine data; nothing is done without tags
 * @r: the results: gets the "tags" section, each key marked with the job
 * @job_entry: the job's entry: gets "taglog" (the log's path when it is
 *             complete), "taglog_lost" (why not) and with ramp_time
 *             "tags_ramp"
 *
 * After tagging_finish_log().
 */
void tagging_report(struct thread_data *td, struct engine_data *ld, struct results *r,
		    json_object *job_entry);
/**
 * tagging_finish_log() - end the tag log
 * @td: the job
 * @ld: its engine data; nothing is done without a tag log
 *
 * Writes the end record and renames the log into place; a failure removes
 * the incomplete log and fails the job with what was lost.  Before
 * tagging_report().
 */
void tagging_finish_log(struct thread_data *td, struct engine_data *ld);
/**
 * tagging_free() - free the job's latency tags
 * @ld: its engine data; ld->tagging may be NULL
 *
 * A tag log not ended by tagging_finish_log() is removed, not kept; the
 * in-flight counters are detached.
 */
void tagging_free(struct engine_data *ld);

/* Drive health (ssdnvme_health.c); each does nothing with health=0. */
/**
 * ssdnvme_health_start() - take the before snapshots and start the sampler
 * @td: the job (health, health_interval)
 * @ld: its engine data: gets ld->health
 *
 * After the ring is open and before the first I/O, once every file of the
 * job is set up (else a later ->setup() calls it again); once per job.
 *
 * Return: 0, or 1 with the job failed and why logged.
 */
int ssdnvme_health_start(struct thread_data *td, struct engine_data *ld);
/**
 * ssdnvme_health_finish() - stop the sampler and take the after snapshots
 * @td: the job
 * @ld: its engine data
 *
 * After the last completion; logs a line to stderr for each controller
 * whose step is suspect.
 */
void ssdnvme_health_finish(struct thread_data *td, struct engine_data *ld);
/**
 * ssdnvme_health_report() - the "health" section into the results
 * @td: the job (its name and thread number key the entry)
 * @ld: its engine data
 * @r: the results
 */
void ssdnvme_health_report(struct thread_data *td, struct engine_data *ld, struct results *r);
/**
 * ssdnvme_health_free() - free the job's drive health
 * @ld: its engine data; ld->health is NULL after
 */
void ssdnvme_health_free(struct engine_data *ld);

#endif
