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

/**
 * safefile_deny_new() - the identities of the job's files, which the engine must never write
 * @paths: the paths (they must outlive the list); one that does not exist
 *         yet, which fio creates later, is known by its directory and name
 * @n: how many
 *
 * Return: the list, malloc'd (free() it), or NULL when out of memory.
 */
struct safefile_deny *safefile_deny_new(const char *const *paths, unsigned int n);

/**
 * safefile_check_target() - whether a path may become one of the engine's files
 * @what: the file, for the message ("ssdnvme_results=")
 * @path: the path
 * @deny: the job's files
 * @msg: where the reason is written when it may not
 * @len: its room
 *
 * Its directory must exist, and @path must not exist, or be a regular file,
 * or a symlink to a regular file or to nothing (rename replaces the link
 * itself); and be none of @deny.  A device, a symlink to a device or a
 * directory, or a data file of the job is refused.
 *
 * Return: true when it may; false with the reason in @msg.
 */
bool safefile_check_target(const char *what, const char *path, const struct safefile_deny *deny,
			   char *msg, size_t len);

struct safefile;

/**
 * safefile_create() - create the temporary file for a path
 * @what: the file, for the message
 * @path: the target (checked again with safefile_check_target())
 * @deny: the job's files
 * @msg: where the reason is written on failure
 * @len: its room
 *
 * A new regular file ".NAME.RANDOM.tmp" in @path's directory, mode 0644.
 *
 * Return: the file, or NULL with the reason in @msg and errno set (EINVAL:
 * the target is refused).
 */
struct safefile *safefile_create(const char *what, const char *path,
				 const struct safefile_deny *deny, char *msg, size_t len);

/**
 * safefile_fd() - the temporary file's descriptor
 * @sf: the file
 *
 * Return: the descriptor, open for writing.
 */
int safefile_fd(const struct safefile *sf);

/**
 * safefile_tmp_path() - the temporary file's path, for messages
 * @sf: the file
 *
 * Return: the path, owned by @sf.
 */
const char *safefile_tmp_path(const struct safefile *sf);

/**
 * safefile_write() - write bytes at the current position
 * @sf: the file
 * @buf: the bytes
 * @len: how many
 *
 * The first failure sticks: later writes do nothing and fail the same way.
 *
 * Return: 0, or a negative errno.
 */
int safefile_write(struct safefile *sf, const void *buf, size_t len);

/**
 * safefile_commit() - put the file in place and free it
 * @sf: the file (freed)
 * @msg: where the reason is written on failure
 * @len: its room
 *
 * fsyncs the file, checks the target again and renames the file over it;
 * on failure the temporary file is removed.
 *
 * Return: 0, or a negative errno with the reason in @msg.
 */
int safefile_commit(struct safefile *sf, char *msg, size_t len);

/**
 * safefile_abort() - remove the temporary file and free it
 * @sf: the file, or NULL
 */
void safefile_abort(struct safefile *sf);

/**
 * safefile_probe() - prove before any I/O that a path can be written
 * @what: the file, for the message
 * @path: the path
 * @deny: the job's files
 * @need: bytes its file system must have free for unprivileged users
 * @msg: where the reason is written on failure
 * @len: its room
 *
 * Checks the target, creates (and removes) a temporary file beside it, and
 * checks the free space.
 *
 * Return: 0, or a negative errno with the reason in @msg.
 */
int safefile_probe(const char *what, const char *path, const struct safefile_deny *deny,
		   uint64_t need, char *msg, size_t len);

#endif
