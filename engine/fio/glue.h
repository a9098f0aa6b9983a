/*
 * Shared by the fio glue files of the ssdnvme engine (ssdnvme.c, setup.c,
 * options.c, identity.c): the engine's option block, per-file and per-job
 * state.  Only these files see fio's headers.
 */
#ifndef SSDNVME_GLUE_H
#define SSDNVME_GLUE_H

#include <limits.h>

#include "fio.h"

#include "fio_compat.h"

#include "namespace.h"
#include "nvme_status.h"
#include "results.h"
#include "ring.h"

#ifndef SSDNVME_FIO_VERSION
#error "SSDNVME_FIO_VERSION (the fio version built against) must be defined"
#endif
#define SSDNVME_VERSION "0.1"
/* Messages name up to two paths. */
#define MSG_LEN (2 * PATH_MAX + 512)

struct ssdnvme_options {
	void *pad; /* fio treats option offset 0 as "unset" */
	unsigned int hipri;
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
};

/* Per file, set in ->setup() (often in fio's parent process, before fork). */
struct file_state {
	struct ns_info ni;
	int shift;	    /* log2 of the transfer unit, -1 if not a power of two */
	uint32_t unit;	    /* bytes per LBA on the wire */
	uint64_t grid_mask; /* unit - 1 when a power of two, for the per-I/O check */
	bool off_grid_told; /* the off-grid message was printed (once per file) */
	bool expanded;	    /* this job's namespaces= was already applied */
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
};

/* The option table (options.c). */
extern struct fio_option ssdnvme_fio_options[];

/* ->setup(): namespaces= expansion, identify, checks before any I/O (setup.c). */
int ssdnvme_setup(struct thread_data *td);

/* files.c: ->open_file, ->close_file, ->get_file_size */
int ssdnvme_open_file(struct thread_data *td, struct fio_file *f);
int ssdnvme_close_file(struct thread_data *td, struct fio_file *f);
int ssdnvme_get_file_size(struct thread_data *td, struct fio_file *f);

/* Logs "ssdnvme: MSG" to stderr and records ERR as the job's error. */
void ssdnvme_fail(struct thread_data *td, int err, const char *msg);

/* The job's results file, NULL when there is nowhere to write it (identity.c). */
char *ssdnvme_results_path(struct thread_data *td);

/* Refuses (1) a results path that is not a regular or new file, or is a data file. */
int ssdnvme_check_results_target(struct thread_data *td);

/* Writes (merges into) ld->results_path, if there is one (identity.c). */
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
void tagging_free(struct engine_data *ld);

#endif
