/*
 * Shared by the fio glue files of the ssdnvme engine (ssdnvme.c, setup.c,
 * options.c, identity.c): the engine's option block, per-file and per-job
 * state.  Only these files see fio's headers.
 */
#ifndef SSDNVME_GLUE_H
#define SSDNVME_GLUE_H

#include <limits.h>

#include "fio.h"

#include "namespace.h"
#include "nvme_status.h"
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
};

/* Per file, set in ->setup() (often in fio's parent process, before fork). */
struct file_state {
	struct ns_info ni;
	int shift;     /* log2 of the transfer unit, -1 if not a power of two */
	uint32_t unit; /* bytes per LBA on the wire */
	bool expanded; /* this job's namespaces= was already applied */
};

/* Per job, from ->init() in the job's own process. */
struct engine_data {
	struct ring ring;
	bool nvme;		       /* ring has 128-byte SQEs for passthrough */
	struct io_u **io_us;	       /* by io_u->index */
	struct iovec *iovecs;	       /* by io_u->index: fixed buffers, vectored I/O */
	struct nvme_dsm_range *ranges; /* by io_u->index: trim payloads */
	struct io_u **pending;	       /* queued, not yet submitted */
	unsigned int nr_pending;
	struct ring_done *done; /* reaped by ->getevents() */
	unsigned int depth;
	int *fds; /* registered files, by f->engine_pos */
	unsigned int nr_fds;
	struct status_seen seen;
	struct file_state **opened; /* every file opened, for the results file */
	unsigned int nr_opened;
};

/* The option table (options.c). */
extern struct fio_option ssdnvme_fio_options[];

/* ->setup(): namespaces= expansion, identify, checks before any I/O (setup.c). */
int ssdnvme_setup(struct thread_data *td);

/* Logs "ssdnvme: MSG" to stderr and records ERR as the job's error. */
void ssdnvme_fail(struct thread_data *td, int err, const char *msg);

/* Writes the job's results file, when there is somewhere to write it (identity.c). */
void ssdnvme_write_results(struct thread_data *td, struct file_state **files, unsigned int nr);

#endif
