// SPDX-License-Identifier: GPL-2.0-only
/*
 * ->setup(): runs before any I/O, often in fio's parent process before the
 * job forks.  Expands namespaces=, identifies every file, and refuses bad
 * geometry, mounted namespaces and impossible polling, so that nothing is
 * issued that the device would reject.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fio.h"
#include "options.h"
#include "verify.h"

#include "glue.h"
#include "guard.h"
#include "lba.h"
#include "ssdnvme_fdp.h"

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

/* Refuses a block size one command cannot carry, naming the limit (passthrough). */
static bool check_transfer(struct thread_data *td, const struct file_state *fs)
{
	struct ssdnvme_options *o = td->eo;
	uint64_t max, bs;
	char why[160], msg[MSG_LEN];
	int d;

	max = ns_max_transfer(&fs->ni, (uint32_t)page_size, why, sizeof(why));
	for (d = DDIR_READ; d <= DDIR_WRITE && max; d++) {
		/* Write Zeroes, Uncorrectable and Verify carry no data (setup_commands.c) */
		if (!(d == DDIR_READ ? td_read(td) : td_write(td) && writes_carry_data(o)))
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

/*
 * Zoned namespaces: the engine has none of fio's zoned-device operations
 * (zone report, write-pointer reset), so fio's zonemode=zbd would fail with
 * a misleading "get zoned model failed", and writes outside it would hit
 * zones' write pointers at random.  Refused, saying so; reads of a zoned
 * namespace without zonemode=zbd are fine.
 */
static bool check_zoned(struct thread_data *td, const struct file_state *fs)
{
	char model[32] = "", msg[MSG_LEN];
	bool zoned =
		guard_zoned_model(fs->ni.blockdev, model, sizeof(model)) && strcmp(model, "none");

	if (td->o.zone_mode == ZONE_MODE_ZBD)
		snprintf(
			msg, sizeof(msg),
			"zonemode=zbd: the ssdnvme engine does not implement fio's zoned-device "
			"operations (zone report through Zone Management Receive, write-pointer "
			"resets), so it cannot run a zoned job on %s%s%s%s; use fio's io_uring_cmd "
			"engine (cmd_type=nvme) for zoned namespaces",
			fs->ni.path, zoned ? " (a " : "", zoned ? model : "",
			zoned ? " zoned namespace)" : "");
	else if (zoned && (td_write(td) || td_trim(td)))
		snprintf(msg, sizeof(msg),
			 "%s is a zoned namespace (%s, /sys/block/%s/queue/zoned): its zones "
			 "are written only at their write pointers, which this engine does not "
			 "track, so writes and trims are refused (reads are not); use fio's "
			 "io_uring_cmd engine with zonemode=zbd",
			 fs->ni.path, model, fs->ni.blockdev);
	else
		return true;
	ssdnvme_fail(td, EOPNOTSUPP, msg);
	return false;
}

/*
 * The directions whose commands to FS ->queue() builds in one pass
 * (submit.c): reads and writes of a passthrough namespace with no placement
 * and no PI the engine generates or checks (pi_act=0); writes only when
 * they are writes (write_mode=write), reads only when none is a Compare.
 * With metadata, the bits NVME_FAST_MD up and the file's metadata template.
 */
static unsigned int nvme_fast_ddirs(struct thread_data *td, struct file_state *fs)
{
	struct ssdnvme_options *o = td->eo;
	unsigned int dirs;

	if (fs->ni.kind != NS_KIND_NVME_CHAR || fs->pi_engine || fs->fdp || fs->streams)
		return 0;
	/* submit.c's fill_nvme_fast() writes the SQE as little-endian words */
	if (__BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__)
		return 0;
	/* force_async= marks commands on the full path; compares are built there */
	if (o->force_async)
		return 0;
	dirs = (o->verify_mode == VMODE_COMPARE ? 0 : 1u << DDIR_READ) |
	       (writes_carry_data(o) ? 1u << DDIR_WRITE : 0);
	if (!fs->ni.ms)
		return dirs;
	ssdnvme_md_template(fs);
	return dirs << NVME_FAST_MD;
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

int ssdnvme_setup_file(struct thread_data *td, struct fio_file *f)
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
	ret = ssdnvme_probe(f->file_name, &fs->ni, msg, sizeof(msg));
	if (ret) {
		ssdnvme_fail(td, -ret, msg);
		return 1;
	}
	if (fs->ni.kind == NS_KIND_NVME_CHAR && !ssdnvme_setup_metadata(td, fs))
		return 1;
	fs->unit = ns_lba_unit(&fs->ni);
	if (fs->ni.kind == NS_KIND_NVME_CHAR) /* PRACT may leave the host no metadata to move */
		fs->ni.capacity_bytes = fs->ni.capacity_lbas * fs->unit;
	fs->shift = fs->unit ? lba_shift_of(fs->unit) : 0;
	fs->grid_mask = fs->unit && fs->shift > 0 ? fs->unit - 1 : 0;
	if (!check_geometry(td, fs) || !check_not_in_use(td, fs) || !ssdnvme_check_hipri(td, fs) ||
	    !check_zoned(td, fs))
		return 1;
	if (fs->ni.kind == NS_KIND_NVME_CHAR && !check_transfer(td, fs))
		return 1;
	if (!ssdnvme_commands_file(td, fs))
		return 1;
	if (!ssdnvme_fdp_setup(td, fs))
		return 1;
	fs->nvme_fast = nvme_fast_ddirs(td, fs);
	if (fs->ni.kind == NS_KIND_FILE)
		return size_regular_file(td, f);
	f->real_file_size = fs->ni.capacity_bytes;
	fio_file_set_size_known(f);
	return 0;
}

/*
 * A job that names no file gets fio's default, a file named after the job in
 * the current directory.  Run from a job file meant for a device (the
 * usage line without --filename), that is a mistake: refuse it, in one line,
 * unless such a file exists (someone made it for this job).
 */
static int check_device_named(struct thread_data *td)
{
	static bool said; /* one line for a run of several jobs */
	struct ssdnvme_options *o = td->eo;
	char msg[MSG_LEN];

	if (td->o.filename || !td->files_index || !access(td->files[0]->file_name, F_OK))
		return 0;
	if (said) {
		td_verror(td, ENODEV, "ssdnvme");
		return 1;
	}
	said = true;
	snprintf(msg, sizeof(msg),
		 "job '%s' names no device: add --filename=/dev/ngXnY%s to fio's command line "
		 "(or filename= to the job)",
		 td->o.name, o->namespaces ? " (any namespace of the controller)" : "");
	ssdnvme_fail(td, ENODEV, msg);
	return 1;
}

/* io_uring's IORING_MAX_ENTRIES: the most SQEs one ring has. */
#define RING_MAX_ENTRIES 32768

/* Job-wide options with a range the kernel checks only with a bare EINVAL. */
static bool check_job_options(struct thread_data *td)
{
	struct ssdnvme_options *o = td->eo;
	long cpus = sysconf(_SC_NPROCESSORS_CONF);
	char msg[MSG_LEN], path[96], online[8] = "1";
	FILE *fp;

	if (td->o.iodepth > RING_MAX_ENTRIES) {
		snprintf(msg, sizeof(msg),
			 "iodepth=%u is more than one io_uring ring holds: valid 1-%d (the "
			 "engine uses one ring per job)",
			 td->o.iodepth, RING_MAX_ENTRIES);
		goto fail;
	}
	if (!ssdnvme_commands_job(td, msg, sizeof(msg)))
		goto fail;
	if (!o->sqpoll || !o->sqpoll_set)
		return true;
	if (cpus > 0 && (long)o->sqpoll_cpu >= cpus) {
		snprintf(msg, sizeof(msg),
			 "sqthread_poll_cpu=%u: this machine has CPUs 0-%ld; valid 0-%ld",
			 o->sqpoll_cpu, cpus - 1, cpus - 1);
		goto fail;
	}
	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%u/online", o->sqpoll_cpu);
	fp = fopen(path, "r");
	if (fp) {
		if (!fgets(online, sizeof(online), fp))
			online[0] = '1';
		fclose(fp);
	}
	if (online[0] != '0')
		return true;
	snprintf(msg, sizeof(msg), "sqthread_poll_cpu=%u: that CPU is offline (%s is 0)",
		 o->sqpoll_cpu, path);
fail:
	ssdnvme_fail(td, EINVAL, msg);
	return false;
}

int ssdnvme_setup(struct thread_data *td)
{
	struct ssdnvme_options *o = td->eo;
	struct fio_file *f;
	unsigned int i;

	if (check_device_named(td))
		return 1;
	if (!check_job_options(td))
		return 1;

	if (o->namespaces && td->files_index &&
	    !(FILE_ENG_DATA(td->files[0]) &&
	      ((struct file_state *)FILE_ENG_DATA(td->files[0]))->expanded)) {
		if (expand_namespaces(td, o->namespaces))
			return 1;
	}
	for_each_file(td, f, i) {
		if (ssdnvme_setup_file(td, f))
			return 1;
	}
	if (o->namespaces && td->files_index)
		((struct file_state *)FILE_ENG_DATA(td->files[0]))->expanded = true;
	if (o->identity_note) /* a preflight: no I/O, no files of the engine's own */
		return ssdnvme_identity_note(td);
	if (!ssdnvme_check_md_options(td))
		return 1;
	/* in the job's own process, after ->init() (create_serialize=0) */
	if (td->io_ops_data && ssdnvme_md_prepare(td))
		return 1;
	if (ssdnvme_check_outputs(td))
		return 1;
	/* the files were not set up at ->post_init(): health starts here, before any I/O */
	if (td->io_ops_data && ((struct engine_data *)td->io_ops_data)->ring.open)
		return ssdnvme_health_start(td, td->io_ops_data);
	return 0;
}
