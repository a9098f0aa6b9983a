/*
 * io_uring setup, submission and reaping (liburing 2.3).
 */
#include <errno.h>
#include <string.h>

#include "ring.h"

/*
 * Flags that cut per-I/O overhead but that older kernels reject with EINVAL:
 * tried first, dropped one by one, as fio's own io_uring engine does.
 */
static const unsigned int optional_flags[] = {
	IORING_SETUP_DEFER_TASKRUN | IORING_SETUP_SINGLE_ISSUER,
	IORING_SETUP_COOP_TASKRUN,
	IORING_SETUP_CQSIZE,
};

static unsigned int required_flags(const struct ring_params *p)
{
	unsigned int flags = 0;

	if (p->big_entries)
		flags |= IORING_SETUP_SQE128 | IORING_SETUP_CQE32;
	if (p->iopoll)
		flags |= IORING_SETUP_IOPOLL;
	if (p->sqpoll)
		flags |= IORING_SETUP_SQPOLL;
	if (p->sqpoll && p->sqpoll_cpu >= 0)
		flags |= IORING_SETUP_SQ_AFF;
	return flags;
}

int ring_open(struct ring *r, const struct ring_params *p)
{
	return ring_open_with(r, p, io_uring_queue_init_params);
}

int ring_open_with(struct ring *r, const struct ring_params *p, ring_setup_fn setup)
{
	struct io_uring_params up;
	unsigned int extra = 0, i;
	int ret;

	memset(r, 0, sizeof(*r));
	for (i = 0; i < sizeof(optional_flags) / sizeof(optional_flags[0]); i++)
		extra |= optional_flags[i];
	/* The SQPOLL thread is a second issuer: DEFER_TASKRUN forbids it. */
	if (p->sqpoll)
		extra &= ~(IORING_SETUP_DEFER_TASKRUN | IORING_SETUP_SINGLE_ISSUER);
	i = 0;
	for (;;) {
		memset(&up, 0, sizeof(up));
		up.flags = required_flags(p) | extra;
		up.cq_entries = p->depth;
		if (p->sqpoll && p->sqpoll_cpu >= 0)
			up.sq_thread_cpu = (unsigned int)p->sqpoll_cpu;
		ret = setup(p->depth, &r->uring, &up);
		if (ret != -EINVAL || i == sizeof(optional_flags) / sizeof(optional_flags[0]))
			break;
		extra &= ~optional_flags[i++];
	}
	if (ret < 0)
		return ret;
	r->open = true;
	r->sqpoll = p->sqpoll;
	return 0;
}

void ring_close(struct ring *r)
{
	if (r->open)
		io_uring_queue_exit(&r->uring);
	r->open = false;
}

struct io_uring_sqe *ring_get_sqe(struct ring *r)
{
	struct io_uring_sqe *sqe = io_uring_get_sqe(&r->uring);

	if (sqe)
		r->pending++;
	return sqe;
}

int ring_submit(struct ring *r)
{
	int ret;

	if (!r->pending)
		return 0;
	do {
		ret = io_uring_submit(&r->uring);
	} while (ret == -EINTR);
	if (ret < 0)
		return ret;
	r->pending -= (unsigned int)ret > r->pending ? r->pending : (unsigned int)ret;
	return ret;
}

static unsigned int copy_ready(struct ring *r, struct ring_done *out, unsigned int max)
{
	struct io_uring_cqe *cqe;
	unsigned int head, n = 0;

	io_uring_for_each_cqe(&r->uring, head, cqe) {
		if (n == max)
			break;
		out[n].user_data = cqe->user_data;
		out[n].res = cqe->res;
		n++;
	}
	if (n)
		io_uring_cq_advance(&r->uring, n);
	return n;
}

int ring_reap(struct ring *r, struct ring_done *out, unsigned int min, unsigned int max)
{
	unsigned int got = 0;
	int ret;

	for (;;) {
		got += copy_ready(r, out + got, max - got);
		if (got >= min || got == max) {
			if (got || min)
				return (int)got;
			/*
			 * Nothing visible and nothing required: one non-blocking
			 * enter runs deferred task work (DEFER_TASKRUN) and polls
			 * (IOPOLL), so completions are not left behind.
			 */
			io_uring_get_events(&r->uring);
			return (int)copy_ready(r, out, max);
		}
		/*
		 * The SQ thread submits and completions arrive without us: no
		 * io_uring_enter per I/O.  Only a sleeping SQ thread needs the
		 * kernel, and liburing's submit wakes it (IORING_SQ_NEED_WAKEUP).
		 */
		if (r->sqpoll)
			continue;
		/*
		 * Waiting enters the kernel, which also runs deferred task work
		 * and, on an IOPOLL ring, polls the device's completion queue.
		 * The bare enter, not io_uring_wait_cqe_nr(): that one peeks
		 * the CQ again around the call, which copy_ready() does anyway,
		 * and costs a hundred instructions per I/O at QD1.
		 */
		ret = io_uring_enter(r->uring.ring_fd, 0, min - got, IORING_ENTER_GETEVENTS, NULL);
		if (ret < 0 && ret != -EINTR && ret != -EAGAIN && ret != -ETIME)
			return got ? (int)got : ret;
	}
}

int ring_register_buffers(struct ring *r, const struct iovec *iov, unsigned int nr)
{
	return io_uring_register_buffers(&r->uring, iov, nr);
}

int ring_register_files(struct ring *r, const int *fds, unsigned int nr)
{
	return io_uring_register_files(&r->uring, fds, nr);
}
