/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The one way the engine creates a file (results, tag logs): a new file
 * under an unpredictable name in the target's directory, opened with
 * O_CREAT|O_EXCL|O_NOFOLLOW, checked with fstat to be a fresh regular file
 * and none of the job's data files, then renamed over the target.  A target
 * that is a device, a symlink to one, or one of the job's data files is
 * refused with the reason.  No fio types.
 */
#ifndef SSDNVME_SAFEFILE_H
#define SSDNVME_SAFEFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* What the engine must never write: the job's files, by identity. */
struct safefile_deny {
	unsigned int count;
	struct safefile_id {
		dev_t dev; /* st_dev, st_ino: a regular file */
		ino_t ino;
		dev_t rdev;	  /* st_rdev: a device node (0 for a file) */
		const char *path; /* for messages */
		bool missing;	  /* not created yet: compared by directory and name */
	} id[];
};

/*
 * The identities of PATHS (N of them; a path that does not exist yet, which
 * fio creates later, is known by its directory and name; PATHS must outlive
 * the list).  malloc'd; NULL on ENOMEM.
 */
struct safefile_deny *safefile_deny_new(const char *const *paths, unsigned int n);

/*
 * Whether PATH may become the engine's file named WHAT (e.g.
 * "ssdnvme_results="): its directory exists, and PATH does not exist, or is
 * a regular file, or a symlink to a regular file or to nothing (rename
 * replaces the link itself); and is none of DENY.  A device, a symlink to
 * a device or a directory, or a data file of the job is refused with the
 * reason in MSG.
 */
bool safefile_check_target(const char *what, const char *path, const struct safefile_deny *deny,
			   char *msg, size_t len);

struct safefile;

/*
 * Creates the temporary file for PATH (after safefile_check_target()): a
 * new regular file ".NAME.RANDOM.tmp" in PATH's directory, mode 0644.  NULL
 * with the reason in MSG and errno set (EINVAL: the target is refused).
 */
struct safefile *safefile_create(const char *what, const char *path,
				 const struct safefile_deny *deny, char *msg, size_t len);

/* The temporary file's descriptor, open for writing. */
int safefile_fd(const struct safefile *sf);

/* The temporary file's path, for messages. */
const char *safefile_tmp_path(const struct safefile *sf);

/*
 * Writes LEN bytes of BUF at the current position; 0 or a negative errno
 * (the first failure sticks: later writes do nothing and fail the same way).
 */
int safefile_write(struct safefile *sf, const void *buf, size_t len);

/*
 * fsyncs the file, checks the target again and renames the file over it;
 * frees SF.  0, or a negative errno with the reason in MSG (the temporary
 * file is then removed).
 */
int safefile_commit(struct safefile *sf, char *msg, size_t len);

/* Removes the temporary file and frees SF (NULL-safe). */
void safefile_abort(struct safefile *sf);

/*
 * Proves before any I/O that PATH can be written: checks the target,
 * creates (and removes) a temporary file beside it, and checks that its
 * file system has NEED bytes free for unprivileged users.  0, or a negative
 * errno with the reason in MSG.
 */
int safefile_probe(const char *what, const char *path, const struct safefile_deny *deny,
		   uint64_t need, char *msg, size_t len);

#endif
