/*
 * ->setup(): runs before any I/O, often in fio's parent process before the
 * job forks.  Expands namespaces=, identifies every file, and refuses bad
 * geometry, mounted namespaces and impossible polling, so that nothing is
 * issued that the device would reject.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "fio.h"
#include "options.h"

#include "glue.h"
#include "guard.h"
#include "lba.h"

void ssdnvme_fail(struct thread_data *td, int err, const char *msg)
{
	log_err("ssdnvme: %s\n", msg);
	td_verror(td, err, "ssdnvme");
}

/* Turns the job's one filename into one file per namespace in namespaces=. */
static int expand_namespaces(struct thread_data *td, const char *spec)
{
	struct fio_file *f = td->files[0];
	char msg[MSG_LEN], **paths = NULL;
	struct nslist *list;
	int n, i, ret = 1;

	if (td->files_index != 1) {
		snprintf(msg, sizeof(msg),
			 "namespaces= wants exactly one filename= (the controller or one of "
			 "its namespaces), job '%s' has %u",
			 td->o.name, td->files_index);
		ssdnvme_fail(td, EINVAL, msg);
		return 1;
	}
	list = malloc(sizeof(*list));
	if (!list || !nslist_parse(spec, list, msg, sizeof(msg))) {
		ssdnvme_fail(td, EINVAL, list ? msg : "out of memory");
		free(list);
		return 1;
	}
	n = ns_expand(f->file_name, list, &paths, msg, sizeof(msg));
	free(list);
	if (n < 0) {
		ssdnvme_fail(td, ENODEV, msg);
		return 1;
	}
	/* fio allocated the name from its shared pool: give it back there. */
	sfree(f->file_name);
	f->file_name = smalloc_strdup(paths[0]);
	if (!f->file_name) {
		ssdnvme_fail(td, ENOMEM, "out of fio's shared memory for file names");
		goto out;
	}
	for (i = 1; i < n; i++)
		if (add_file(td, paths[i], 0, 1) < 0)
			goto out;
	/* fio defaulted openfiles to the one file it saw: now it is all of them. */
	if (!fio_option_is_set(&td->o, open_files))
		td->o.open_files = td->o.nr_files;
	ret = 0;
out:
	ns_free_paths(paths, n);
	return ret;
}

static bool check_multiple(struct thread_data *td, const struct lba_geom *g, const char *opt,
			   unsigned long long v)
{
	char msg[MSG_LEN];

	if (lba_check_multiple(g, opt, v, msg, sizeof(msg)))
		return true;
	ssdnvme_fail(td, EINVAL, msg);
	return false;
}

/* The job's directions in lba.c's terms (fio's TD_DDIR_* bits are not 1 << DDIR_*). */
static unsigned int job_dirs(struct thread_data *td)
{
	return (td_read(td) ? LBA_DIR_READ : 0) | (td_write(td) ? LBA_DIR_WRITE : 0) |
	       (td_trim(td) ? LBA_DIR_TRIM : 0);
}

/* Block sizes, alignment, offsets and size against the LBA format and capacity. */
static bool check_geometry(struct thread_data *td, const struct file_state *fs)
{
	struct lba_geom g = ns_geom(&fs->ni);
	struct lba_dir_sizes sizes[3];
	unsigned long long per_file;
	char msg[MSG_LEN];
	int d;

	if (!g.lba_size)
		return true;
	for (d = DDIR_READ; d <= DDIR_TRIM; d++) {
		sizes[d].min_bs = td->o.min_bs[d];
		sizes[d].max_bs = td->o.max_bs[d];
		sizes[d].align = td->o.ba[d];
	}
	if (!lba_check_dirs(&g, job_dirs(td), sizes, msg, sizeof(msg))) {
		ssdnvme_fail(td, EINVAL, msg);
		return false;
	}
	if (!td->o.start_offset_percent) {
		if (!check_multiple(td, &g, "offset", td->o.start_offset))
			return false;
		if (!lba_check_range(&g, "offset", td->o.start_offset, 0, msg, sizeof(msg))) {
			ssdnvme_fail(td, EINVAL, msg);
			return false;
		}
	}
	if (!td->o.offset_increment_percent &&
	    !check_multiple(td, &g, "offset_increment", td->o.offset_increment))
		return false;
	/* fill_device: fio sets size to "all" (-1) and stops at the real size we set */
	if (td->o.size && !td->o.size_percent && !td->o.start_offset_percent &&
	    !td->o.fill_device) {
		per_file = td->o.size / (td->o.nr_files ? td->o.nr_files : 1);
		if (!lba_check_range(&g, "size", td->o.start_offset, per_file, msg, sizeof(msg))) {
			ssdnvme_fail(td, EINVAL, msg);
			return false;
		}
	}
	return true;
}

/*
 * A write or trim must not reach a device in use: mounted, swap, or under
 * dm/md; whatever path names it, the device number decides.
 */
static bool check_not_in_use(struct thread_data *td, const struct file_state *fs)
{
	char what[PATH_MAX + 256], msg[MSG_LEN];
	const struct nsdev *d = &fs->ni.dev;

	if (!(td_write(td) || td_trim(td)) || td->o.allow_mounted_write || !d->rdev)
		return true;
	if (!guard_in_use(d, "/proc/self/mountinfo", "/proc/swaps", what, sizeof(what)))
		return true;
	snprintf(msg, sizeof(msg),
		 "refusing to write to %s: its block device /dev/%s is in use: %s; set "
		 "allow_mounted_write=1 to do it anyway",
		 fs->ni.path, d->is_partition ? d->name : d->disk, what);
	ssdnvme_fail(td, EBUSY, msg);
	return false;
}

/* What in the job would put a data-less command on a polled ring, or NULL. */
static const char *hipri_dataless(struct thread_data *td)
{
	struct ssdnvme_options *o = td->eo;

	if (td->o.fsync_blocks || td->o.fdatasync_blocks || td->o.end_fsync ||
	    td->o.sync_file_range)
		return "fsync/fdatasync/end_fsync/sync_file_range: Flush";
	if (o->write_zeroes && td_write(td))
		return "write_zeroes=1: Write Zeroes";
	if (td_trim(td))
		return "trim: Dataset Management";
	return NULL;
}

static bool check_hipri(struct thread_data *td, const struct file_state *fs)
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
	} else if (fs->ni.kind == NS_KIND_NVME_CHAR && hipri_dataless(td)) {
		snprintf(msg, sizeof(msg),
			 "hipri: %s would send Flush, Write Zeroes or Dataset Management on the "
			 "polled ring (%s), and Linux 6.1 faults in bio_poll on those, leaving fio "
			 "unkillable; drop hipri, or run them in a job without it",
			 fs->ni.path, hipri_dataless(td));
	} else if (guard_poll_capable(fs->ni.blockdev) == 0) {
		snprintf(msg, sizeof(msg),
			 "hipri: %s has no poll queues (/sys/block/%s/queue/io_poll is 0), so "
			 "polled completions would measure interrupts; load the nvme driver with "
			 "poll_queues=N (N > 0) or drop hipri",
			 fs->ni.path, fs->ni.blockdev);
	} else {
		return true;
	}
	ssdnvme_fail(td, EOPNOTSUPP, msg);
	return false;
}

/* Refuses a block size one command cannot carry, naming the limit (passthrough). */
static bool check_transfer(struct thread_data *td, const struct file_state *fs)
{
	struct ssdnvme_options *o = td->eo;
	uint64_t max, bs;
	char why[160], msg[MSG_LEN];
	int d;

	max = ns_max_transfer(&fs->ni, (uint32_t)page_size, why, sizeof(why));
	for (d = DDIR_READ; d <= DDIR_WRITE && max; d++) {
		/* Write Zeroes carries no data: its own limits are below */
		if (!(d == DDIR_READ ? td_read(td) : td_write(td) && !o->write_zeroes))
			continue;
		bs = td->o.max_bs[d];
		if (bs <= max)
			continue;
		snprintf(
			msg, sizeof(msg),
			"bs (%s)=%llu is more than one command can carry on %s: %llu bytes, set by "
			"%s (MDTS %llu KiB, max_hw_sectors_kb %llu, max_segments %u)",
			d == DDIR_READ ? "read" : "write", (unsigned long long)bs, fs->ni.path,
			(unsigned long long)max, why,
			(unsigned long long)(fs->ni.mdts_bytes / 1024),
			(unsigned long long)(fs->ni.max_hw_bytes / 1024), fs->ni.max_segments);
		ssdnvme_fail(td, EINVAL, msg);
		return false;
	}
	return true;
}

/* Write Zeroes: supported (ONCS), and bs within the 16-bit NLB and WZSL. */
static bool check_write_zeroes(struct thread_data *td, const struct file_state *fs)
{
	struct ssdnvme_options *o = td->eo;
	uint64_t bs = td->o.max_bs[DDIR_WRITE], nlb_max = 65536ull * fs->unit;
	char msg[MSG_LEN];

	if (!o->write_zeroes || !td_write(td))
		return true;
	if (!fs->ni.write_zeroes)
		snprintf(
			msg, sizeof(msg),
			"write_zeroes=1: %s's controller does not support Write Zeroes (ONCS bit 3 "
			"clear)",
			fs->ni.path);
	else if (bs > nlb_max)
		snprintf(
			msg, sizeof(msg),
			"write_zeroes=1: bs (write)=%llu is more than one Write Zeroes command can "
			"zero on %s: %llu bytes (65536 LBAs of %u, the 16-bit NLB field)",
			(unsigned long long)bs, fs->ni.path, (unsigned long long)nlb_max, fs->unit);
	else if (fs->ni.wzsl_bytes && bs > fs->ni.wzsl_bytes)
		snprintf(msg, sizeof(msg),
			 "write_zeroes=1: bs (write)=%llu is more than the controller's Write "
			 "Zeroes Size Limit (WZSL) of %llu bytes on %s",
			 (unsigned long long)bs, (unsigned long long)fs->ni.wzsl_bytes,
			 fs->ni.path);
	else
		return true;
	ssdnvme_fail(td, EINVAL, msg);
	return false;
}

/* Size a regular file the way fio's own get_file_sizes() would. */
static int size_regular_file(struct thread_data *td, struct fio_file *f)
{
	if (generic_get_file_size(td, f)) {
		if (td->error != ENOENT) {
			log_err("ssdnvme: %s: cannot get its size\n", f->file_name);
			return 1;
		}
		td_clear_error(td);
	}
	if (f->real_file_size == -1ULL && td->o.size)
		f->real_file_size = td->o.size / td->o.nr_files;
	return 0;
}

static int setup_file(struct thread_data *td, struct fio_file *f)
{
	struct file_state *fs = FILE_ENG_DATA(f);
	char msg[MSG_LEN];
	int ret;

	if (!fs) {
		fs = calloc(1, sizeof(*fs));
		if (!fs)
			return 1;
		FILE_SET_ENG_DATA(f, fs);
	}
	ret = ns_probe(f->file_name, &fs->ni, msg, sizeof(msg));
	if (ret) {
		ssdnvme_fail(td, -ret, msg);
		return 1;
	}
	fs->unit = ns_lba_unit(&fs->ni);
	fs->shift = fs->unit ? lba_shift_of(fs->unit) : 0;
	fs->grid_mask = fs->unit && fs->shift > 0 ? fs->unit - 1 : 0;
	if (!check_geometry(td, fs) || !check_not_in_use(td, fs) || !check_hipri(td, fs))
		return 1;
	if (fs->ni.kind == NS_KIND_NVME_CHAR &&
	    (!check_transfer(td, fs) || !check_write_zeroes(td, fs)))
		return 1;
	if (fs->ni.kind == NS_KIND_FILE)
		return size_regular_file(td, f);
	f->real_file_size = fs->ni.capacity_bytes;
	fio_file_set_size_known(f);
	return 0;
}

int ssdnvme_setup(struct thread_data *td)
{
	struct ssdnvme_options *o = td->eo;
	struct fio_file *f;
	unsigned int i;

	if (o->namespaces && td->files_index &&
	    !(FILE_ENG_DATA(td->files[0]) &&
	      ((struct file_state *)FILE_ENG_DATA(td->files[0]))->expanded)) {
		if (expand_namespaces(td, o->namespaces))
			return 1;
	}
	for_each_file(td, f, i) {
		if (setup_file(td, f))
			return 1;
	}
	if (o->namespaces && td->files_index)
		((struct file_state *)FILE_ENG_DATA(td->files[0]))->expanded = true;
	return ssdnvme_check_outputs(td);
}
