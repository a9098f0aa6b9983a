// SPDX-License-Identifier: GPL-2.0-only
/*
 * Separate metadata and protection information at set-up: the run's PI
 * mode on a metadata namespace and what it refuses before any I/O, and the
 * per-io_u metadata buffers every command to such a namespace carries.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fio.h"
#include "verify.h"

#include "glue.h"
#include "pi.h"

/*
 * md_per_io_size, when given, must hold the separate metadata of the
 * largest I/O of every direction: a command must never carry less.
 */
static bool check_md_size(struct thread_data *td, const struct file_state *fs)
{
	struct ssdnvme_options *o = td->eo;
	unsigned long long need;
	char msg[MSG_LEN];
	int d;

	if (!fs->md_per_lba || !o->md_per_io_size)
		return true;
	for (d = DDIR_READ; d <= DDIR_WRITE; d++) {
		if (!(d == DDIR_READ ? td_read(td) : td_write(td)))
			continue;
		need = td->o.max_bs[d] / fs->ni.lba_size * fs->md_per_lba;
		if (o->md_per_io_size >= need)
			continue;
		snprintf(
			msg, sizeof(msg),
			"md_per_io_size=%u is less than the %llu bytes of separate metadata an I/O "
			"of bs (%s)=%llu carries on %s (%u-byte LBAs, %u bytes of metadata each); "
			"leave it out to have it computed",
			o->md_per_io_size, need, d == DDIR_READ ? "read" : "write",
			(unsigned long long)td->o.max_bs[d], fs->ni.path, fs->ni.lba_size,
			fs->md_per_lba);
		ssdnvme_fail(td, EINVAL, msg);
		return false;
	}
	return true;
}

/*
 * fio's verify covers the whole data buffer; PI written into it (by the
 * engine, or by the controller with PRACT and more metadata than PI) is not
 * what the verify header covers.  fio's io_uring_cmd refuses the same.
 */
static bool check_pi_in_buffer(struct thread_data *td, const struct file_state *fs)
{
	const struct ns_info *ni = &fs->ni;
	char msg[MSG_LEN];

	if (!fs->pf.type || !fs->pf.extended || pi_host_moves_no_metadata(&fs->pf, &ni->pi_mode) ||
	    td->o.verify == VERIFY_NONE)
		return true;
	snprintf(msg, sizeof(msg),
		 "%s has PI in %u bytes of interleaved metadata per LBA and pi_act=%u puts PI "
		 "bytes into fio's data buffer, which fio's verify= would then miscompare; use "
		 "pi_act=1 (the controller inserts and strips the PI) for verify, or pi_act=0 "
		 "with pi_chk=GUARD,REFTAG,APPTAG and no verify",
		 ni->path, ni->ms, ni->pi_mode.act);
	ssdnvme_fail(td, EINVAL, msg);
	return false;
}

/* The run's PI mode on a metadata namespace, and what it cannot do, before any I/O. */
bool ssdnvme_setup_metadata(struct thread_data *td, struct file_state *fs)
{
	struct ssdnvme_options *o = td->eo;
	struct ns_info *ni = &fs->ni;
	char why[256], desc[400], msg[MSG_LEN];

	fs->pf = ns_pi_format(ni);
	fs->md_per_lba = 0;
	fs->pi_engine = false;
	if (!ni->ms)
		return true;
	ni->pi_mode.act = o->pi_act;
	ni->pi_mode.apptag = (uint16_t)o->apptag;
	ni->pi_mode.apptag_mask = (uint16_t)o->apptag_mask;
	if (!pi_chk_parse(o->pi_chk, &ni->pi_mode.chk, why, sizeof(why))) {
		ssdnvme_fail(td, EINVAL, why);
		return false;
	}
	ni->pi_mode_set = true;
	if (!pi_format_supported(&fs->pf, why, sizeof(why))) {
		snprintf(msg, sizeof(msg), "%s: %s; no I/O is sent to it", ni->path, why);
		ssdnvme_fail(td, EOPNOTSUPP, msg);
		return false;
	}
	fs->md_per_lba = pi_separate_md(&fs->pf);
	fs->pi_engine = pi_engine_generates(&fs->pf, &ni->pi_mode);
	if (!check_md_size(td, fs) || !check_pi_in_buffer(td, fs))
		return false;
	pi_describe(&fs->pf, &ni->pi_mode, desc, sizeof(desc));
	ssdnvme_note("ssdnvme: %s: %s\n", ni->path, desc);
	return true;
}

/*
 * pi_chk= and md_per_io_size= act only on namespaces with metadata: on a
 * job with none they would be ignored without a word.  (A job over several
 * namespaces may give them for those of its files that have metadata.)
 */
bool ssdnvme_check_md_options(struct thread_data *td)
{
	struct ssdnvme_options *o = td->eo;
	const struct file_state *fs;
	char msg[MSG_LEN], what[64];
	struct fio_file *f;
	unsigned int i;

	for_each_file(td, f, i) {
		fs = FILE_ENG_DATA(f);
		if (fs && fs->ni.ms)
			return true;
	}
	if (o->pi_chk && *o->pi_chk)
		snprintf(what, sizeof(what), "pi_chk=%.48s", o->pi_chk);
	else if (o->md_per_io_size)
		snprintf(what, sizeof(what), "md_per_io_size=%u", o->md_per_io_size);
	else
		return true;
	snprintf(msg, sizeof(msg),
		 "%s: no file of job '%s' has metadata (%s%s), so it would be ignored; drop it "
		 "or use a namespace formatted with metadata",
		 what, td->o.name ? td->o.name : "",
		 td->files_index ? td->files[0]->file_name : "no file",
		 td->files_index > 1 ? " and the others" : ": none");
	ssdnvme_fail(td, EINVAL, msg);
	return false;
}

/* Separate metadata bytes the largest I/O of the job carries on any of its files. */
static size_t md_bytes_needed(struct thread_data *td)
{
	struct ssdnvme_options *o = td->eo;
	struct file_state *fs;
	struct fio_file *f;
	size_t need = 0, n;
	unsigned int i;

	for_each_file(td, f, i) {
		fs = FILE_ENG_DATA(f);
		if (!fs || !fs->md_per_lba)
			continue;
		n = (size_t)(td_max_bs(td) / fs->ni.lba_size) * fs->md_per_lba;
		if (o->md_per_io_size > n)
			n = o->md_per_io_size;
		if (n > need)
			need = n;
	}
	return need;
}

int ssdnvme_md_prepare(struct thread_data *td)
{
	struct engine_data *ld = td->io_ops_data;
	size_t need = md_bytes_needed(td), slot;
	void *area;

	if (!ld || need <= ld->md_slot)
		return 0;
	/* DMA'd by the device: page-aligned, one slot of whole pages per io_u */
	slot = (need + page_size - 1) & ~((size_t)page_size - 1);
	if (posix_memalign(&area, page_size, slot * ld->depth)) {
		ssdnvme_fail(td, ENOMEM, "cannot allocate the separate metadata buffers");
		return 1;
	}
	memset(area, 0, slot * ld->depth);
	free(ld->md_area);
	ld->md_area = area;
	ld->md_slot = slot;
	return 0;
}
