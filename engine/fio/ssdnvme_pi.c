// SPDX-License-Identifier: GPL-2.0-only
/*
 * Protection information on the completion side: the engine's own check of
 * a read (pi_act=0), and what a failed end-to-end check of the device's
 * (status 0x282-0x284) is about: the tags the command expected and, from
 * an unchecked re-read, the first failing LBA with what it holds.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include <linux/nvme_ioctl.h>
#include <nvme/types.h>

#include "fio.h"

#include "glue.h"
#include "pi.h"

/* Hex digits of a field: guard 4 or 16, apptag 4, reference tag 8 or 12. */
static int field_width(const struct file_state *fs, enum pi_field field)
{
	bool wide = fs->pf.pif == PI_GUARD_64;

	if (field == PI_FIELD_APPTAG)
		return 4;
	if (field == PI_FIELD_REFTAG)
		return wide ? 12 : 8;
	return wide ? 16 : 4;
}

static void error_string(const struct file_state *fs, const struct pi_error *e, char *buf,
			 size_t len)
{
	int w = field_width(fs, e->field);

	snprintf(buf, len, "%s at LBA %" PRIu64 ": expected 0x%0*" PRIx64 ", found 0x%0*" PRIx64,
		 pi_field_name(e->field), e->lba, w, e->expected, w, e->found);
}

void ssdnvme_pi_check_read(struct engine_data *ld, struct io_u *io_u)
{
	struct file_state *fs = FILE_ENG_DATA(io_u->file);
	uint32_t nlb = (uint32_t)file_lbas(fs, io_u->xfer_buflen);
	uint64_t slba = file_lbas(fs, io_u->offset);
	struct pi_error e;
	char what[160];

	if (pi_verify(&fs->pf, &fs->ni.pi_mode, io_u->xfer_buf,
		      fs->md_per_lba ? ld->md_area + io_u->index * ld->md_slot : NULL, nlb, slba,
		      &e))
		return;
	io_u->error = EILSEQ;
	if (!status_seen_first(&ld->seen, 0x4000 | (int)e.field, fs->ni.nsid))
		return;
	error_string(fs, &e, what, sizeof(what));
	log_err("ssdnvme: %s: PI check failed (engine, pi_act=0): %s (read of %u LBAs from %" PRIu64
		"); further %s failures on nsid %u are not reported\n",
		io_u->file->file_name, what, nlb, slba, pi_field_name(e.field), fs->ni.nsid);
}

/*
 * Reads IO_U's LBAs again with no checks (PRACT=0, PRCHK=0) through a
 * synchronous passthrough ioctl and checks them here as the device did:
 * true with the first failure in E.  Only on the error path.
 */
static bool reread_unchecked(const struct file_state *fs, const struct io_u *io_u,
			     struct pi_error *e)
{
	const struct pi_format *f = &fs->pf;
	uint32_t nlb = (uint32_t)file_lbas(fs, io_u->xfer_buflen);
	uint64_t slba = file_lbas(fs, io_u->offset);
	size_t dlen = (size_t)nlb * (f->lba_size + (f->extended ? f->ms : 0));
	size_t mlen = f->extended ? 0 : (size_t)nlb * f->ms;
	struct pi_mode checked = fs->ni.pi_mode;
	struct nvme_passthru_cmd64 cmd;
	void *data = NULL, *md = NULL;
	bool found = false;

	if (posix_memalign(&data, page_size, dlen) ||
	    (mlen && posix_memalign(&md, page_size, mlen)))
		goto out;
	memset(&cmd, 0, sizeof(cmd));
	cmd.opcode = nvme_cmd_read;
	cmd.nsid = fs->ni.nsid;
	cmd.addr = (uint64_t)(uintptr_t)data;
	cmd.data_len = (uint32_t)dlen;
	cmd.metadata = (uint64_t)(uintptr_t)md;
	cmd.metadata_len = (uint32_t)mlen;
	cmd.cdw10 = (uint32_t)slba;
	cmd.cdw11 = (uint32_t)(slba >> 32);
	cmd.cdw12 = nlb - 1;
	if (ioctl(io_u->file->fd, NVME_IOCTL_IO64_CMD, &cmd) != 0)
		goto out;
	checked.chk = pi_device_checks(f, &checked);
	found = !pi_verify(f, &checked, data, md, nlb, slba, e);
out:
	free(data);
	free(md);
	return found;
}

void ssdnvme_pi_failure(const struct file_state *fs, const struct io_u *io_u, int res, char *buf,
			size_t len)
{
	const struct pi_mode *m;
	uint64_t slba, ref_mask;
	struct pi_error e;
	char chk[32], what[160] = "";

	buf[0] = '\0';
	if (!fs || !fs->pf.type || res <= 0 ||
	    (res & 0x7ff) < ((NVME_SCT_MEDIA << NVME_SCT_SHIFT) | NVME_SC_GUARD_CHECK) ||
	    (res & 0x7ff) > ((NVME_SCT_MEDIA << NVME_SCT_SHIFT) | NVME_SC_REFTAG_CHECK))
		return;
	m = &fs->ni.pi_mode;
	slba = file_lbas(fs, io_u->offset);
	ref_mask = fs->pf.pif == PI_GUARD_64 ? 0xffffffffffffull : 0xffffffffull;
	pi_chk_string(pi_device_checks(&fs->pf, m), chk, sizeof(chk));
	if (io_u->ddir == DDIR_READ && reread_unchecked(fs, io_u, &e)) {
		snprintf(what, sizeof(what), "; read again unchecked: ");
		error_string(fs, &e, what + strlen(what), sizeof(what) - strlen(what));
	}
	snprintf(buf, len,
		 " (the device checked %s, pi_act=%d: initial reference tag 0x%" PRIx64
		 ", application tag 0x%04x under mask 0x%04x, LBAs %" PRIu64 "-%" PRIu64 "%s)",
		 chk, m->act, (uint64_t)(slba & ref_mask), m->apptag, m->apptag_mask, slba,
		 slba + file_lbas(fs, io_u->xfer_buflen) - 1, what);
}
