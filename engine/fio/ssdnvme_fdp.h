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

/*
 * At set-up, for each file: when the job asks for placement, fetches the
 * namespace's reclaim unit handles and makes FS's plan (fs->fdp); refuses
 * (false, the job failed with the reason) a file that cannot be placed on.
 */
bool ssdnvme_fdp_setup(struct thread_data *td, struct file_state *fs);

/* The job entry's "placement": what each file's writes were placed with. */
void ssdnvme_fdp_report(struct thread_data *td, struct engine_data *ld, json_object *job);

#if FIO_IOOPS_VERSION >= 36
/* fio 3.39's ->fdp_fetch_ruhs: fio's fdp=1 / plids= / plid_select=. */
int ssdnvme_fdp_fetch_ruhs(struct thread_data *td, struct fio_file *f, struct fio_ruhs_info *ruhs);
#endif

/* The slot of FS's plan whose PID is DSPEC, + 1; 0 when none is (fio chose it). */
static inline unsigned int fdp_slot_of(const struct fdp_place *p, uint16_t dspec)
{
	unsigned int i;

	for (i = 0; i < p->n; i++)
		if (p->pid[i] == dspec)
			return i + 1;
	return 0;
}

/*
 * IO on a file with a placement plan: a write takes the next placement
 * identifier (or the one fio chose, fio >= 3.34), and its tag goes to that
 * PID's key; anything else carries no directive.
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
