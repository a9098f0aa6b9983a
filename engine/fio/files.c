// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdnvme's files: opening a namespace's char device (with the reason when
 * it cannot be), the fallback's O_DIRECT open, registered files, and the
 * size fio sees.  fio frees its files before the engine's cleanup, so what
 * each opened file was is remembered here for the results file.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fio.h"

#include "glue.h"

static int open_char(struct thread_data *td, struct fio_file *f)
{
	int flags = (td_write(td) || td_trim(td)) ? O_RDWR : O_RDONLY;
	char msg[MSG_LEN];
	int err;

	f->fd = open(f->file_name, flags | O_CLOEXEC);
	if (f->fd >= 0)
		return 0;
	err = errno;
	if (err == EACCES || err == EPERM)
		snprintf(msg, sizeof(msg),
			 "%s: %s: NVMe passthrough needs root or CAP_SYS_ADMIN, or %s permission "
			 "on the device node",
			 f->file_name, strerror(err), flags == O_RDWR ? "read/write" : "read");
	else
		snprintf(msg, sizeof(msg), "%s: cannot open: %s", f->file_name, strerror(err));
	ssdnvme_fail(td, err, msg);
	return 1;
}

/* Whether PATH can be opened with O_DIRECT (tmpfs, for one, refuses it). */
static bool direct_possible(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECT | O_CLOEXEC);

	if (fd < 0)
		return errno != EINVAL; /* other errors: let the real open say */
	close(fd);
	return true;
}

/*
 * The fallback opens with O_DIRECT unless the job sets direct= itself:
 * passthrough never goes through the page cache, so its stand-in should not
 * either.  Where O_DIRECT is refused, the I/O is buffered.
 */
static int open_fallback(struct thread_data *td, struct fio_file *f)
{
	unsigned int asked = td->o.odirect;
	int ret;

	if (fio_option_is_set(&td->o, odirect))
		return generic_open_file(td, f);
	td->o.odirect = direct_possible(f->file_name);
	ret = generic_open_file(td, f);
	td->o.odirect = asked;
	return ret;
}

/*
 * The geometry every command is built on was probed at ->setup(), often at
 * fio's start: a namespace formatted since (an earlier job's exec_prerun, or
 * another program) would have commands address other LBAs than asked for.
 * Identify it again at each open and refuse any change.
 */
static int check_format(struct thread_data *td, const struct file_state *fs)
{
	char why[MSG_LEN - PATH_MAX - 128], msg[MSG_LEN];
	struct ns_info *now = calloc(1, sizeof(*now));
	int ret = 1;

	if (!now) {
		ssdnvme_fail(td, ENOMEM, "out of memory for the namespace's identify data");
		return 1;
	}
	if (ns_probe(fs->ni.path, now, why, sizeof(why)))
		snprintf(msg, sizeof(msg),
			 "%s: namespace %u cannot be identified again at open: %s", fs->ni.path,
			 fs->ni.nsid, why);
	else if (ns_format_changed(&fs->ni, now, why, sizeof(why)))
		snprintf(
			msg, sizeof(msg),
			"%s: namespace %u changed format since fio set the job up (%s); no command "
			"is sent on the old geometry: run fio again",
			fs->ni.path, fs->ni.nsid, why);
	else
		ret = 0;
	free(now);
	if (ret)
		ssdnvme_fail(td, ESTALE, msg);
	return ret;
}

static int open_one(struct thread_data *td, struct fio_file *f)
{
	struct file_state *fs = FILE_ENG_DATA(f);

	if (fs && fs->ni.kind == NS_KIND_NVME_CHAR)
		return check_format(td, fs) || !ssdnvme_copy_region(td, f, fs) || open_char(td, f);
	return open_fallback(td, f);
}

/* Opens every file of the job once and registers them with the ring. */
static int register_files(struct thread_data *td, struct engine_data *ld)
{
	struct fio_file *f;
	unsigned int i;
	char msg[MSG_LEN];
	int ret;

	ld->fds = calloc(td->o.nr_files, sizeof(int));
	if (!ld->fds)
		return 1;
	for_each_file(td, f, i) {
		if (open_one(td, f))
			return 1;
		ld->fds[i] = f->fd;
		f->engine_pos = i;
		f->fd = -1;
		ld->nr_fds = i + 1;
	}
	ret = ring_register_files(&ld->ring, ld->fds, ld->nr_fds);
	if (ret) {
		snprintf(msg, sizeof(msg), "registerfiles: %s", strerror(-ret));
		ssdnvme_fail(td, -ret, msg);
		return 1;
	}
	return 0;
}

/*
 * fio frees its files before the engine's cleanup, so remember what each
 * opened file was for the results file.  The file_state itself is never
 * freed: fio may still hold the file after our cleanup.
 */
static void note_opened(struct engine_data *ld, struct file_state *fs)
{
	struct file_state **more;
	unsigned int i;

	if (!ld || !fs)
		return;
	for (i = 0; i < ld->nr_opened; i++)
		if (ld->opened[i] == fs)
			return;
	more = realloc(ld->opened, (ld->nr_opened + 1) * sizeof(*more));
	if (!more)
		return;
	ld->opened = more;
	ld->opened[ld->nr_opened++] = fs;
}

int ssdnvme_open_file(struct thread_data *td, struct fio_file *f)
{
	struct ssdnvme_options *o = td->eo;
	struct engine_data *ld = td->io_ops_data;

	/* a file fio added after ->setup() (read_iolog replay) is set up now */
	if (!FILE_ENG_DATA(f) && ssdnvme_setup_file(td, f))
		return 1;
	note_opened(ld, FILE_ENG_DATA(f));
	if (!ld || !o->registerfiles)
		return open_one(td, f);
	if (!ld->fds && register_files(td, ld))
		return 1;
	f->fd = ld->fds[f->engine_pos];
	return 0;
}

int ssdnvme_close_file(struct thread_data *td, struct fio_file *f)
{
	struct ssdnvme_options *o = td->eo;
	struct engine_data *ld = td->io_ops_data;
	struct file_state *fs = FILE_ENG_DATA(f);

	if (ld && o->registerfiles) {
		f->fd = -1;
		return 0;
	}
	if (fs && fs->ni.kind == NS_KIND_NVME_CHAR) {
		close(f->fd);
		f->fd = -1;
		return 0;
	}
	return generic_close_file(td, f);
}

int ssdnvme_get_file_size(struct thread_data *td, struct fio_file *f)
{
	struct file_state *fs = FILE_ENG_DATA(f);

	if (fio_file_size_known(f))
		return 0;
	if (fs && fs->ni.capacity_bytes) {
		f->real_file_size = fs->ni.capacity_bytes;
		fio_file_set_size_known(f);
		return 0;
	}
	return generic_get_file_size(td, f);
}
