/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Flexible Data Placement glue (ssdnvme_fdp.c): which options ask for it,
 * the per-file plan made at set-up, and the per-write step, inline in the
 * data path.  Include only from the fio glue files.
 */
#ifndef SSDNVME_SSDNVME_FDP_H
#define SSDNVME_SSDNVME_FDP_H

#include "fdp.h"
#include "glue.h"
#include "nvme_cmd.h"
#include "ssdnvme_tags.h"

/**
 * ssdnvme_fdp_setup() - make a file's placement plan at set-up
 * @td: the job
 * @fs: the file
 *
 * When the job asks for placement (the engine's ssdnvme_fdp=1 or fio's
 * fdp=1), fetches the namespace's reclaim unit handles and makes @fs's plan
 * (@fs->fdp), then reads the FDP configuration in use (its absence is noted,
 * never a job error).  Does nothing when the job does not ask, or the plan is
 * made already.  Refuses fio's dataplacement=streams, both options at once, a
 * file that is not an NVMe generic char device, write_zeroes=1 with writes,
 * and a namespace or plids= the handles do not allow.
 *
 * Return: true when the file may be used; false when it cannot be placed on,
 * the job failed with the reason.
 */
bool ssdnvme_fdp_setup(struct thread_data *td, struct file_state *fs);

/**
 * ssdnvme_fdp_report() - add the job entry's "placement"
 * @td: the job (unused)
 * @ld: the engine's data, whose opened files are reported
 * @job: the job's JSON object
 *
 * Adds "placement", an array with one object per opened file that has a plan:
 * what its writes were placed with, the bytes written per placement
 * identifier, each handle's RUAMW at set-up and now (or why not), and the FDP
 * configuration (or why not).  Adds nothing when no file has a plan.
 */
void ssdnvme_fdp_report(struct thread_data *td, struct engine_data *ld, json_object *job);

/**
 * ssdnvme_fdp_events_start() - read a placed file's FDP events at set-up
 * @fs: the file, with a plan and its FDP configuration read
 *
 * Reads which event types each of the plan's handles has enabled and, when
 * any is, the host and controller FDP Events logs, to compare with their
 * read at the end.  Never a job error: without them @fs->fdp->events stays
 * NULL and @fs->fdp->events_absent says why (events not enabled, a read that
 * failed).  Changes nothing on the drive.
 */
void ssdnvme_fdp_events_start(struct file_state *fs);

/**
 * ssdnvme_fdp_events_json() - add a placement entry's "fdp_events"
 * @o: the file's placement object
 * @fs: the file, with a plan
 *
 * Reads the FDP Events logs again and adds "fdp_events": the enabled types
 * per slot, each log's counts (or why it was not read), and the entries
 * that arrived during the job and concern the file's namespace or handles;
 * or null with "fdp_events_absent" saying why.
 */
void ssdnvme_fdp_events_json(json_object *o, const struct file_state *fs);

#if FIO_IOOPS_VERSION >= 36
/**
 * ssdnvme_fdp_fetch_ruhs() - fio 3.39's ->fdp_fetch_ruhs
 * @td: the job
 * @f: the file
 * @ruhs: in: room for @ruhs->nr_ruhs identifiers; out: the handle count and
 *        as many placement identifiers as fit
 *
 * Serves fio's fdp=1 / plids= / plid_select=.  fio calls it twice per file:
 * first with room for none, to learn the count, then with room for that many.
 *
 * Return: 0; -EINVAL (errno set) for a file that is not an NVMe generic char
 * device; a negative errno (errno set, the job failed with the reason) when
 * the handles cannot be read.
 */
int ssdnvme_fdp_fetch_ruhs(struct thread_data *td, struct fio_file *f, struct fio_ruhs_info *ruhs);
#endif

/**
 * fdp_slot_of() - the slot of a plan that holds a placement identifier
 * @p: the file's plan
 * @dspec: the placement identifier (fio chose it)
 *
 * Return: the index of the first slot whose PID is @dspec, + 1; 0 when none is.
 */
static inline unsigned int fdp_slot_of(const struct fdp_place *p, uint16_t dspec)
{
	unsigned int i;

	for (i = 0; i < p->n; i++)
		if (p->pid[i] == dspec)
			return i + 1;
	return 0;
}

/**
 * ssdnvme_fdp_prep() - place one I/O on a file with a placement plan
 * @ld: the engine's data
 * @fs: the file, with a plan
 * @io_u: fio's I/O
 * @io: the command being built
 *
 * A write takes the next placement identifier (or the one fio chose,
 * fio >= 3.38), counted in that PID's bytes written and largest write, and its
 * tag goes to that PID's key; anything else carries no directive.
 */
__attribute__((always_inline)) static inline void ssdnvme_fdp_prep(struct engine_data *ld,
								   struct file_state *fs,
								   struct io_u *io_u,
								   struct nvme_io *io)
{
	unsigned int place = 0;

	if (io->op == nvme_cmd_write) {
#if FIO_IOOPS_VERSION >= 36
		if (fs->fdp_by_fio) {
			io->dtype = io_u->dtype;
			io->dspec = io_u->dspec;
			place = io_u->dtype == FDP_DTYPE ? fdp_slot_of(fs->fdp, io_u->dspec) : 0;
		} else
#endif
		{
			place = fdp_next(fs->fdp) + 1;
			io->dtype = FDP_DTYPE;
			io->dspec = fs->fdp->pid[place - 1];
		}
		/* host bytes per PID, against the handle's RUAMW at the end */
		if (place) {
			fs->fdp->bytes[place - 1] += io_u->xfer_buflen;
			if (io_u->xfer_buflen > fs->fdp->write_max[place - 1])
				fs->fdp->write_max[place - 1] = (uint32_t)io_u->xfer_buflen;
		}
	}
	if (ld->tagging)
		tagging_place(ld->tagging, io_u, place);
}

#endif
