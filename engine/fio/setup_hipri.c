// SPDX-License-Identifier: GPL-2.0-only
/*
 * hipri= at set-up: what a polled ring cannot do on each kind of file, and
 * the kernels on which polled passthrough faults (guard.h), refused before
 * any I/O with the reason.
 */
#include <errno.h>
#include <stdio.h>
#include <sys/utsname.h>

#include "fio.h"

#include "glue.h"
#include "guard.h"

/*
 * What in the job would put a command other than a read or write on a
 * polled ring (data-less, or carrying ranges), or NULL.
 */
static const char *hipri_dataless(struct thread_data *td)
{
	struct ssdnvme_options *o = td->eo;

	if (td->o.fsync_blocks || td->o.fdatasync_blocks || td->o.end_fsync ||
	    td->o.sync_file_range)
		return "fsync/fdatasync/end_fsync/sync_file_range: Flush";
	if (o->write_mode == WMODE_ZEROES && td_write(td))
		return "write_zeroes=1: Write Zeroes";
	if (o->write_mode == WMODE_COPY && td_write(td))
		return "write_mode=copy: Copy";
	if (!writes_carry_data(o) && td_write(td))
		return "write_mode=uncor or verify: Write Uncorrectable or Verify";
	if (td_trim(td))
		return "trim: Dataset Management";
	return NULL;
}

/*
 * What makes fio end a polled job with commands in flight: fio skips
 * reaping when the job has an error, and trim_percentage's trims of
 * verified blocks end the job that way.  NULL if nothing known.
 */
static const char *hipri_ends_in_flight(struct thread_data *td)
{
	if (td->o.trim_percentage || td->o.trim_backlog)
		return "trim_percentage/trim_backlog";
	return NULL;
}

/* The running kernel's release and upstream version; false if unknown. */
static bool kernel_version(char *release, size_t len, unsigned int v[3])
{
	char pv[512] = "";
	struct utsname u;
	FILE *fp = fopen("/proc/version", "r");

	if (fp) {
		if (!fgets(pv, sizeof(pv), fp))
			pv[0] = '\0';
		fclose(fp);
	}
	if (uname(&u) < 0)
		return false;
	snprintf(release, len, "%s", u.release);
	return guard_kernel_upstream(u.release, pv, v);
}

/*
 * Polled passthrough on a kernel without the bio_poll fix (guard.h): a job
 * that ends with commands in flight (kill -9, fio stopping on an error), or
 * whose namespace is detached, reset or formatted while it polls, faults in
 * bio_poll and leaves fio (and nvme-cli, and a kworker) unkillable.  Refused unless
 * hipri_unsafe_kernel=1; what ends a job that way always.  MSG gets why.
 */
static bool passthru_poll_unsafe(struct thread_data *td, const char *path, char *msg, size_t len)
{
	struct ssdnvme_options *o = td->eo;
	char release[128] = "?";
	unsigned int v[3] = {0, 0, 0};
	bool known = kernel_version(release, sizeof(release), v);

	if (known && guard_passthru_iopoll_fixed(v))
		return false;
	if (hipri_dataless(td)) {
		snprintf(msg, len,
			 "hipri: %s would send Flush, Write Zeroes or Dataset Management on the "
			 "polled ring (%s), and this kernel (%s) faults in bio_poll on those, "
			 "leaving fio unkillable (fixed in Linux %d.%d); drop hipri, or run them "
			 "in a job without it",
			 path, hipri_dataless(td), release, GUARD_IOPOLL_FIXED_MAJOR,
			 GUARD_IOPOLL_FIXED_MINOR);
		return true;
	}
	if (hipri_ends_in_flight(td)) {
		snprintf(msg, len,
			 "hipri: %s with %s: fio ends such a job with commands in flight, and on "
			 "this kernel (%s) polled passthrough then faults in bio_poll, leaving "
			 "fio unkillable (fixed in Linux %d.%d); drop hipri or %s",
			 path, hipri_ends_in_flight(td), release, GUARD_IOPOLL_FIXED_MAJOR,
			 GUARD_IOPOLL_FIXED_MINOR, hipri_ends_in_flight(td));
		return true;
	}
	if (o->hipri_unsafe_kernel) {
		/* the override is the user's call: said once per file, what it risks */
		ssdnvme_note(
			"ssdnvme: hipri_unsafe_kernel=1: polling %s on %s, where commands "
			"in flight when the job dies (kill -9), or when the namespace is "
			"detached, the controller reset or the namespace formatted during the "
			"run, fault in bio_poll and hang fio, nvme-cli and a kworker in D state "
			"until reboot\n",
			path, release);
		return false;
	}
	snprintf(msg, len,
		 "hipri: polled NVMe passthrough on %s needs Linux %d.%d or newer (upstream "
		 "commit 9408d8a37e6c, \"nvme: improved uring polling\"); this kernel is %s "
		 "(upstream %u.%u.%u%s), where a polled job with commands in flight when it "
		 "dies (kill -9, fio stopping on an error) or when the namespace is detached, "
		 "the controller reset or the namespace formatted faults in bio_poll and "
		 "leaves fio unkillable; drop hipri, use the block device, or set "
		 "hipri_unsafe_kernel=1",
		 path, GUARD_IOPOLL_FIXED_MAJOR, GUARD_IOPOLL_FIXED_MINOR, release, v[0], v[1],
		 v[2], known ? "" : ", not recognised");
	return true;
}

/* hipri on the block fallback: io_uring refuses fsync on a polled ring. */
static const char *hipri_block_sync(struct thread_data *td)
{
	if (td->o.fsync_blocks || td->o.fdatasync_blocks || td->o.end_fsync ||
	    td->o.sync_file_range || td->o.fsync_on_close)
		return "fsync/fdatasync/end_fsync/sync_file_range/fsync_on_close";
	return NULL;
}

bool ssdnvme_check_hipri(struct thread_data *td, const struct file_state *fs)
{
	struct ssdnvme_options *o = td->eo;
	char msg[MSG_LEN];

	if (!o->hipri)
		return true;
	if (fs->ni.kind == NS_KIND_FILE) {
		snprintf(msg, sizeof(msg),
			 "hipri: %s is a regular file; polled completions need a block or NVMe "
			 "device with poll queues",
			 fs->ni.path);
	} else if (fs->ni.kind == NS_KIND_BLOCK && fio_option_is_set(&td->o, odirect) &&
		   !td->o.odirect) {
		snprintf(msg, sizeof(msg),
			 "hipri: %s is used through the page cache (direct=0); polled "
			 "completions need direct I/O",
			 fs->ni.path);
	} else if (guard_poll_capable(fs->ni.blockdev) == 0) {
		snprintf(msg, sizeof(msg),
			 "hipri: %s has no poll queues (/sys/block/%s/queue/io_poll is 0), so "
			 "polled completions would measure interrupts; load the nvme driver with "
			 "poll_queues=N (N > 0) or drop hipri",
			 fs->ni.path, fs->ni.blockdev);
	} else if (fs->ni.kind == NS_KIND_BLOCK && hipri_block_sync(td)) {
		snprintf(msg, sizeof(msg),
			 "hipri: %s is a block device, and io_uring fails fsync on a polled ring "
			 "(EINVAL), so %s would never reach the device; drop hipri or the sync "
			 "options",
			 fs->ni.path, hipri_block_sync(td));
	} else if (fs->ni.kind == NS_KIND_NVME_CHAR &&
		   passthru_poll_unsafe(td, fs->ni.path, msg, sizeof(msg))) {
		/* msg says why */
	} else {
		return true;
	}
	ssdnvme_fail(td, EOPNOTSUPP, msg);
	return false;
}
