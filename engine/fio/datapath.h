/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The ssdnvme data path's fio ops (submit.c, complete.c, lifecycle.c) and
 * what submission tells completion through each SQE's user_data.
 */
#ifndef SSDNVME_DATAPATH_H
#define SSDNVME_DATAPATH_H

#include "fio.h"

#include "glue.h"

/*
 * An SQE's user_data is its io_u, whose low bits (fio aligns io_us to cache
 * lines) say what ->event() must know without a look at the file: that the
 * command is NVMe passthrough, and that it is a DSM counted in
 * trims_in_flight.
 */
#define UD_NVME	 1ull
#define UD_TRIM	 2ull
#define UD_PI	 4ull /* a read whose PI the engine checks (pi_act=0) */
#define UD_FLAGS (UD_NVME | UD_TRIM | UD_PI)

/* submit_nvme.c */
/**
 * ssdnvme_prep_nvme() - build an io_u's NVMe passthrough command into its SQE
 * @td: the job
 * @ld: its engine data
 * @io_u: the I/O, on a passthrough namespace (its file's state set)
 * @sqe: the io_u's 128-byte SQE
 *
 * Return: false when the command must not be sent: its separate metadata
 * does not fit the job's metadata buffer.
 */
bool ssdnvme_prep_nvme(struct thread_data *td, struct engine_data *ld, struct io_u *io_u,
		       struct io_uring_sqe *sqe);
/**
 * ssdnvme_ranges_on_grid() - each range of a num_range > 1 trim on the LBA grid
 * @ld: the job's engine data
 * @fs: the file
 * @io_u: the trim
 *
 * Return: true, also for a trim of one range (its offset and length are
 * checked as any I/O's).
 */
bool ssdnvme_ranges_on_grid(const struct engine_data *ld, const struct file_state *fs,
			    const struct io_u *io_u);

/* lifecycle.c */
/**
 * ssdnvme_init() - fio's ->init(): the job's engine data
 * @td: the job, in its own process
 *
 * Refuses registerfiles without openfiles equal to nrfiles; makes
 * fixedbufs imply nonvectored; allocates td->io_ops_data and its per-io_u
 * tables (the DSM ranges page-aligned) and the separate metadata area
 * (ssdnvme_md_prepare()).  What it allocated before a failure stays in
 * td->io_ops_data, which ssdnvme_cleanup() frees.
 *
 * Return: 0, or 1 on failure (fio fails the job).
 */
int ssdnvme_init(struct thread_data *td);
/**
 * ssdnvme_io_u_init() - fio's ->io_u_init(): note an io_u by its index
 * @td: the job
 * @io_u: one of the job's io_us
 *
 * Return: 0.
 */
int ssdnvme_io_u_init(struct thread_data *td, struct io_u *io_u);
/**
 * ssdnvme_post_init() - fio's ->post_init(): the ring and what needs it
 * @td: the job, its files set up and its io_us allocated
 *
 * Opens the ring (128-byte SQEs when the job has a char device),
 * block_fast_prepare(), the results path and the files never to write as
 * ours, latency tags, drive health, and with fixedbufs registers the
 * io_us' buffers.  Before any I/O.
 *
 * Return: 0, or 1 with the job failed and why logged.
 */
int ssdnvme_post_init(struct thread_data *td);
/**
 * ssdnvme_cleanup() - fio's ->cleanup(): the job's end
 * @td: the job; its engine data may be absent or partly set up
 *
 * Reaps what is still in flight (a few seconds at most), takes the after
 * health snapshots, ends the tag log and writes the results file when the
 * ring was open, then frees everything: ring, registered files, tables.
 */
void ssdnvme_cleanup(struct thread_data *td);

/* submit.c */
/**
 * block_fast_prepare() - decide once per job how plain I/Os are built
 * @td: the job (its options)
 * @ld: its engine data: sets ld->block_* and ld->nvme_*
 *
 * Which directions ->queue() builds straight into the SQE (none on a ring
 * with 128-byte SQEs; no writes with write_zeroes=1), and the SQE fields
 * fixedbufs, nonvectored, registerfiles, readfua and writefua fix.  After
 * the ring is open (ld->nvme known), before any I/O.
 */
void block_fast_prepare(struct thread_data *td, struct engine_data *ld);
/**
 * ssdnvme_queue() - fio's ->queue(): build an I/O's SQE and queue it
 * @td: the job
 * @io_u: the I/O
 *
 * A read or write block_fast_prepare() decided on takes the fast path;
 * anything else (metadata, placement, trims, flushes, a write behind a
 * trim) the full one.  An I/O off the LBA grid, or one whose separate
 * metadata the job's buffers cannot hold, fails here and is never sent.  A
 * trim or Write Zeroes the fallback cannot queue runs synchronously, timed
 * and tagged like a ring I/O.
 *
 * Return: FIO_Q_QUEUED (submitted at ->commit()), FIO_Q_COMPLETED (done or
 * failed now, io_u->error set), or FIO_Q_BUSY (queue full, or a synchronous
 * I/O waits for the queued ones: fio commits and reaps first).
 */
enum fio_q_status ssdnvme_queue(struct thread_data *td, struct io_u *io_u);
/**
 * ssdnvme_commit() - fio's ->commit(): submit the queued I/Os
 * @td: the job
 *
 * Stamps each I/O's issue time (and latency tag) when the kernel takes it;
 * retries while the kernel is short of resources.
 *
 * Return: 0, or a negative errno with the job's error set.
 */
int ssdnvme_commit(struct thread_data *td);

/* complete.c */
/**
 * ssdnvme_getevents() - fio's ->getevents(): reap completions
 * @td: the job
 * @min: how many to wait for
 * @max: how many to hand out at most
 * @t: fio's timeout, ignored: the wait is for @min
 *
 * ring_reap(), and one tag stamp for the batch when tags are on.
 *
 * Return: how many completions ->event() may now take (0 .. @max), or a
 * negative errno with the job's error set.
 */
int ssdnvme_getevents(struct thread_data *td, unsigned int min, unsigned int max,
		      const struct timespec *t);
/**
 * ssdnvme_event() - fio's ->event(): one reaped completion's io_u
 * @td: the job
 * @event: its number, below what ->getevents() returned
 *
 * Decodes the completion into io_u->error (an NVMe status as an errno) or
 * io_u->resid (a short plain read or write), reports the first failure of
 * each kind, checks the PI of a read when the engine does (pi_act=0),
 * fails the job on a failed flush, and records the latency tag.
 *
 * Return: the completed io_u.
 */
struct io_u *ssdnvme_event(struct thread_data *td, int event);
/**
 * ssdnvme_report_error() - report a failed command, once per kind
 * @ld: the job's engine data (which statuses were seen)
 * @io_u: the failed I/O
 * @res: its result: an NVMe status field (> 0) or -errno (< 0)
 *
 * Logs the file, status, namespace, direction, offset, length and LBA (and
 * for an end-to-end check failure its tags) to stderr, the first time a
 * status is seen on a namespace; later failures the same way are not.
 */
void ssdnvme_report_error(struct engine_data *ld, struct io_u *io_u, int res);

#endif
