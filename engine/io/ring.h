/*
 * One io_uring per fio job, shared by all the job's files: setup (optionally
 * SQE128/CQE32 for NVMe passthrough, SQPOLL, IOPOLL), registration,
 * submission and reaping.  No fio types.
 */
#ifndef SSDNVME_RING_H
#define SSDNVME_RING_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/uio.h>

#include <liburing.h>

struct ring_params {
	unsigned int depth;
	bool big_entries; /* SQE128 | CQE32, needed by NVMe passthrough */
	bool iopoll;	  /* hipri */
	bool sqpoll;
	int sqpoll_cpu; /* -1: let the kernel place the thread */
};

/* A reaped completion: what the glue needs to find its io_u. */
struct ring_done {
	uint64_t user_data;
	int32_t res;
};

struct ring {
	struct io_uring uring;
	bool open;
	bool sqpoll;	      /* a kernel thread submits (and, with IOPOLL, polls) */
	unsigned int pending; /* SQEs handed out, not yet submitted */
};

/*
 * Returns 0 or a negative errno.  Flags P asks for are required; flags that
 * only save time are tried first and dropped, one group at a time, while the
 * kernel answers EINVAL (ring.c, optional_flags).
 */
int ring_open(struct ring *r, const struct ring_params *p);

/*
 * The same, setting up through SETUP (io_uring_queue_init_params() for
 * ring_open()): the seam the unit tests use to refuse flags the way an older
 * kernel does, and to see each attempt.
 */
typedef int (*ring_setup_fn)(unsigned int entries, struct io_uring *ring,
			     struct io_uring_params *params);
int ring_open_with(struct ring *r, const struct ring_params *p, ring_setup_fn setup);
void ring_close(struct ring *r);

/* Next free SQE, or NULL when the SQ ring is full. */
struct io_uring_sqe *ring_get_sqe(struct ring *r);

/*
 * Submits every pending SQE.  Returns how many the kernel took (>= 0) or a
 * negative errno.
 */
int ring_submit(struct ring *r);

/*
 * Copies up to MAX ready completions into OUT and releases them.  When fewer
 * than MIN are ready, waits (or polls, for IOPOLL rings) for at least MIN in
 * total.  Under SQPOLL it spins on the completion ring instead of entering
 * the kernel, as fio's io_uring engine does.  Returns the count or a negative
 * errno.
 */
int ring_reap(struct ring *r, struct ring_done *out, unsigned int min, unsigned int max);

int ring_register_buffers(struct ring *r, const struct iovec *iov, unsigned int nr);
int ring_register_files(struct ring *r, const int *fds, unsigned int nr);

#endif
