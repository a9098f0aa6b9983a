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
#include "nvme_status.h"
#include "results.h"
#include "ring.h"
#include "safefile.h"

#ifndef SSDNVME_FIO_VERSION
#error "SSDNVME_FIO_VERSION (the fio version built against) must be defined"
#endif
/* Messages name up to two paths. */
#define MSG_LEN (2 * PATH_MAX + 512)

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
	unsigned int write_zeroes;
	char *namespaces;
	char *results_file;
	unsigned int tags;	   /* 0: no latency tags */
	char *tag_label;	   /* tag=, default the job name */
	unsigned int tag_outliers; /* slowest I/Os kept per tag key */
	unsigned int tag_interval; /* time-series interval, ms */
	unsigned int tag_log;	   /* 1: every I/O to <results>.<job>.<N>.taglog */
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
};

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
	bool fdp_by_fio;	/* fio (>= 3.34, fdp=1) picks each write's placement */
	unsigned int nvme_fast; /* directions (1 << ddir) built in one pass (submit.c) */
};

/* BYTES in the file's LBAs (lba_count()); a file (no unit) keeps its bytes. */
static inline uint64_t file_lbas(const struct file_state *fs, uint64_t bytes)
{
	return lba_count(bytes, fs->shift, fs->unit);
}

/* Per job, from ->init() in the job's own process. */
struct engine_data {
	struct ring ring;
	bool nvme;		       /* ring has 128-byte SQEs for passthrough */
	struct io_u **io_us;	       /* by io_u->index */
	struct iovec *iovecs;	       /* by io_u->index: fixed buffers, vectored I/O */
	struct nvme_dsm_range *ranges; /* by io_u->index: trim payloads */
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
	uint64_t nvme_sqe_head;	    /* the SQE's opcode and flags, as its first word's low half */
	uint32_t nvme_cmd_op;	    /* NVME_URING_CMD_IO, _IO_VEC when vectored */
	uint32_t nvme_uring_flags;  /* IORING_URING_CMD_FIXED with fixedbufs */
	uint32_t nvme_cdw12_fua[2]; /* the FUA bit by DDIR_READ/DDIR_WRITE */
};

/*
 * Sizes (or grows) ld->md_area for every file of the job set up so far:
 * at ->init(), and again from ->setup() when that runs later in the job's
 * process (create_serialize=0).  1 on failure.
 */
int ssdnvme_md_prepare(struct thread_data *td);

/* ssdnvme_pi.c: pi_act=0's check of a completed read (fails it with EILSEQ) */
void ssdnvme_pi_check_read(struct engine_data *ld, struct io_u *io_u);
/*
 * The message tail for a device's end-to-end check failure RES on IO_U
 * (expected tags; first failing LBA from an unchecked re-read); "" for any
 * other status.
 */
void ssdnvme_pi_failure(const struct file_state *fs, const struct io_u *io_u, int res, char *buf,
			size_t len);

/* The option table (options.c). */
extern struct fio_option ssdnvme_fio_options[];

/* ->setup(): namespaces= expansion, identify, checks before any I/O (setup.c). */
int ssdnvme_setup(struct thread_data *td);
/* setup_hipri.c: false (job failed, with why) when hipri cannot work on FS. */
bool ssdnvme_check_hipri(struct thread_data *td, const struct file_state *fs);
/* setup_metadata.c: the run's PI mode on FS and its refusals; false: job failed. */
bool ssdnvme_setup_metadata(struct thread_data *td, struct file_state *fs);

/* files.c: ->open_file, ->close_file, ->get_file_size */
int ssdnvme_open_file(struct thread_data *td, struct fio_file *f);
int ssdnvme_close_file(struct thread_data *td, struct fio_file *f);
int ssdnvme_get_file_size(struct thread_data *td, struct fio_file *f);

/* Logs "ssdnvme: MSG" to stderr and records ERR as the job's error. */
void ssdnvme_fail(struct thread_data *td, int err, const char *msg);

/* The job's results file, NULL when there is nowhere to write it (identity.c). */
char *ssdnvme_results_path(struct thread_data *td);

/*
 * outputs.c: the engine's own files.  ssdnvme_check_outputs() refuses (1),
 * before any I/O, a results or tag-log path that is a device, a symlink to
 * one, or a data file of the job, or that cannot be created, or whose file
 * system lacks room for the estimate below.
 */
int ssdnvme_check_outputs(struct thread_data *td);
struct safefile_deny *ssdnvme_deny_list(struct thread_data *td);
char *ssdnvme_taglog_path(struct thread_data *td, const char *results);
uint64_t ssdnvme_results_estimate(struct thread_data *td);
uint64_t ssdnvme_taglog_estimate(struct thread_data *td);

/* Writes (merges into) ld->results_path, if there is one (identity.c); a
 * failure fails the job (fio exits non-zero) and says what was lost. */
void ssdnvme_write_results(struct thread_data *td, struct engine_data *ld);

/* fio's clock, the one its clat uses, in ns. */
static inline uint64_t ssdnvme_now_ns(void)
{
	struct timespec ts;

	fio_gettime(&ts, NULL);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/*
 * Latency tags (ssdnvme_tags.c).  Setup after the ring is open; 1 on failure.
 * RESULTS_PATH (NULL: none) is where tag_log=1 puts its log, next to it.
 */
int tagging_init(struct thread_data *td, struct engine_data *ld, const char *results_path);
/* The hot path (tagging_submitted, tagging_completed) is in ssdnvme_tags.h. */
/* The "tags" section and the taglog path into the job's results; NULL-safe. */
void tagging_report(struct thread_data *td, struct engine_data *ld, struct results *r,
		    json_object *job_entry);
/* Ends the tag log: its end record, then renamed into place; a failure fails
 * the job with what was lost.  Before tagging_report(). */
void tagging_finish_log(struct thread_data *td, struct engine_data *ld);
void tagging_free(struct engine_data *ld);

/*
 * Drive health (ssdnvme_health.c): the before snapshots and the sampler,
 * after the ring is open and before the first I/O (1 on failure); the
 * after snapshots and the stderr line when the step is suspect, after the
 * last completion; the "health" section into the results.  NULL-safe.
 */
int ssdnvme_health_start(struct thread_data *td, struct engine_data *ld);
void ssdnvme_health_finish(struct thread_data *td, struct engine_data *ld);
void ssdnvme_health_report(struct thread_data *td, struct engine_data *ld, struct results *r);
void ssdnvme_health_free(struct engine_data *ld);

#endif
