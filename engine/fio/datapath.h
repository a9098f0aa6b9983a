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

/* lifecycle.c */
int ssdnvme_init(struct thread_data *td);
int ssdnvme_io_u_init(struct thread_data *td, struct io_u *io_u);
int ssdnvme_post_init(struct thread_data *td);
void ssdnvme_cleanup(struct thread_data *td);

/* submit.c */
/* Sets ld->block_*: after the ring is open (ld->nvme known), before any I/O. */
void block_fast_prepare(struct thread_data *td, struct engine_data *ld);
enum fio_q_status ssdnvme_queue(struct thread_data *td, struct io_u *io_u);
int ssdnvme_commit(struct thread_data *td);

/* complete.c */
int ssdnvme_getevents(struct thread_data *td, unsigned int min, unsigned int max,
		      const struct timespec *t);
struct io_u *ssdnvme_event(struct thread_data *td, int event);
/* Reports a failed command (RES: NVMe status > 0, -errno < 0) once per status and namespace. */
void ssdnvme_report_error(struct engine_data *ld, struct io_u *io_u, int res);

#endif
