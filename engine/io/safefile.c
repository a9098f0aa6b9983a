// SPDX-License-Identifier: GPL-2.0-only
/*
 * Safe creation of the engine's own files (safefile.h).  Everything after
 * the directory is opened is done relative to the directory's descriptor, so
 * a rename of a parent in the meantime does not redirect the writes.
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#include "safefile.h"

struct safefile {
	int dirfd;
	int fd;
	int error; /* first write error, sticky */
	char *what;
	char *path;		 /* the target, as given */
	char base[NAME_MAX + 1]; /* its name in the directory */
	char tmp[NAME_MAX + 1];	 /* the temporary file's name there */
	char tmp_path[PATH_MAX + NAME_MAX + 2];
	const struct safefile_deny *deny;
};

/* Tries at most this many random names before giving up (EEXIST each time). */
#define SAFEFILE_TRIES 64

struct safefile_deny *safefile_deny_new(const char *const *paths, unsigned int n)
{
	struct safefile_deny *d = calloc(1, sizeof(*d) + n * sizeof(d->id[0]));
	struct stat st;
	unsigned int i;

	if (!d)
		return NULL;
	for (i = 0; i < n; i++) {
		if (!paths[i])
			continue;
		if (stat(paths[i], &st) < 0) {
			/* not there yet (fio creates it): known by directory and name */
			d->id[d->count].missing = true;
			d->id[d->count].path = paths[i];
			d->count++;
			continue;
		}
		d->id[d->count].dev = st.st_dev;
		d->id[d->count].ino = st.st_ino;
		d->id[d->count].rdev = S_ISBLK(st.st_mode) || S_ISCHR(st.st_mode) ? st.st_rdev : 0;
		d->id[d->count].path = paths[i];
		d->count++;
	}
	return d;
}

/* The entry of DENY that ST is, or NULL. */
static const struct safefile_id *denied(const struct safefile_deny *deny, const struct stat *st)
{
	unsigned int i;

	for (i = 0; deny && i < deny->count; i++) {
		const struct safefile_id *id = &deny->id[i];

		if (id->missing)
			continue;
		if (id->dev == st->st_dev && id->ino == st->st_ino)
			return id;
		if (id->rdev && (S_ISBLK(st->st_mode) || S_ISCHR(st->st_mode)) &&
		    id->rdev == st->st_rdev)
			return id;
	}
	return NULL;
}

static const char *kind_of(mode_t m)
{
	return S_ISCHR(m)    ? "character device"
	       : S_ISBLK(m)  ? "block device"
	       : S_ISFIFO(m) ? "FIFO"
	       : S_ISDIR(m)  ? "directory"
	       : S_ISSOCK(m) ? "socket"
			     : "special file";
}

/* Splits PATH into its directory (opened) and last component. */
static int open_dir_of(const char *path, char *base, size_t blen, char *msg, size_t len)
{
	char *a = strdup(path), *b = strdup(path);
	int fd = -1, err = ENOMEM;

	if (a && b) {
		snprintf(base, blen, "%s", basename(b));
		fd = open(dirname(a), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		err = errno;
		if (fd < 0)
			snprintf(msg, len, "directory %s: %s", a, strerror(err));
		else if (!strcmp(base, ".") || !strcmp(base, "..") || !strcmp(base, "/")) {
			snprintf(msg, len, "%s names a directory, not a file", path);
			close(fd);
			fd = -1;
			err = EISDIR;
		}
	}
	free(a);
	free(b);
	return fd < 0 ? -err : fd;
}

/* The entry of DENY not created yet that is BASE in directory DIRFD, or NULL. */
static const struct safefile_id *denied_by_name(const struct safefile_deny *deny, int dirfd,
						const char *base)
{
	char *a, *b;
	struct stat dst, st;
	const struct safefile_id *hit = NULL;
	unsigned int i;

	if (!deny || fstat(dirfd, &dst) < 0)
		return NULL;
	for (i = 0; i < deny->count && !hit; i++) {
		if (!deny->id[i].missing)
			continue;
		a = strdup(deny->id[i].path);
		b = strdup(deny->id[i].path);
		if (a && b && !strcmp(basename(b), base) && stat(dirname(a), &st) == 0 &&
		    st.st_dev == dst.st_dev && st.st_ino == dst.st_ino)
			hit = &deny->id[i];
		free(a);
		free(b);
	}
	return hit;
}

/* The target's checks, relative to DIRFD (see safefile_check_target()). */
static bool check_at(int dirfd, const char *base, const char *what, const char *path,
		     const struct safefile_deny *deny, char *msg, size_t len)
{
	const struct safefile_id *id;
	struct stat lst, st;

	id = denied_by_name(deny, dirfd, base);
	if (id) {
		snprintf(msg, len, "%s%s is the job's own data file %s", what, path, id->path);
		return false;
	}
	if (fstatat(dirfd, base, &lst, AT_SYMLINK_NOFOLLOW) < 0) {
		if (errno == ENOENT)
			return true;
		snprintf(msg, len, "%s%s: %s", what, path, strerror(errno));
		return false;
	}
	if (S_ISLNK(lst.st_mode)) {
		if (fstatat(dirfd, base, &st, 0) < 0)
			return true; /* dangling: rename replaces the link */
		if (!S_ISREG(st.st_mode)) {
			snprintf(msg, len,
				 "%s%s is a symlink to a %s: the engine writes its files only as "
				 "regular files, never through a link to anything else",
				 what, path, kind_of(st.st_mode));
			return false;
		}
	} else if (!S_ISREG(lst.st_mode)) {
		snprintf(msg, len,
			 "%s%s is a %s: the engine writes its files only as regular files (an "
			 "existing one is replaced, never written into)",
			 what, path, kind_of(lst.st_mode));
		return false;
	} else {
		st = lst;
	}
	id = denied(deny, &st);
	if (id) {
		snprintf(msg, len, "%s%s is the job's own data file %s%s", what, path, id->path,
			 S_ISLNK(lst.st_mode) ? " (through a symlink)" : "");
		return false;
	}
	return true;
}

bool safefile_check_target(const char *what, const char *path, const struct safefile_deny *deny,
			   char *msg, size_t len)
{
	char base[NAME_MAX + 1], why[PATH_MAX + 64];
	int dirfd = open_dir_of(path, base, sizeof(base), why, sizeof(why));
	bool ok;

	if (dirfd < 0) {
		snprintf(msg, len, "%s%s: %s", what, path, why);
		return false;
	}
	ok = check_at(dirfd, base, what, path, deny, msg, len);
	close(dirfd);
	return ok;
}

/* ".BASE.XXXXXXXXXXXXXXXX.tmp" with 64 random bits, the base cut to fit. */
static void random_name(char *out, size_t len, const char *base)
{
	uint64_t r = 0;

	if (getrandom(&r, sizeof(r), 0) != sizeof(r)) {
		struct timespec ts;

		clock_gettime(CLOCK_MONOTONIC, &ts);
		r ^= (uint64_t)ts.tv_nsec * 0x9e3779b97f4a7c15ull ^ (uint64_t)getpid() << 32;
	}
	snprintf(out, len, ".%.200s.%016llx.tmp", base, (unsigned long long)r);
}

/* A new regular file in SF's directory under a random name: its fd or -errno. */
static int create_tmp(struct safefile *sf, char *msg, size_t len)
{
	struct stat st;
	int i, fd = -1;

	for (i = 0; i < SAFEFILE_TRIES && fd < 0; i++) {
		random_name(sf->tmp, sizeof(sf->tmp), sf->base);
		fd = openat(sf->dirfd, sf->tmp,
			    O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC, 0644);
		if (fd < 0 && errno != EEXIST)
			break;
	}
	if (fd < 0) {
		int err = errno;

		snprintf(msg, len, "%s%s: cannot create a file beside it: %s", sf->what, sf->path,
			 strerror(err));
		return -err;
	}
	/* O_EXCL made it; still, what we hold must be a new regular file */
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_nlink != 1 ||
	    denied(sf->deny, &st)) {
		snprintf(msg, len, "%s%s: the file created beside it is not a new regular file",
			 sf->what, sf->path);
		close(fd);
		return -EEXIST;
	}
	return fd;
}

/* The temporary file's path for messages: the target's directory and its name. */
static void set_tmp_path(struct safefile *sf)
{
	char *d = strdup(sf->path);

	snprintf(sf->tmp_path, sizeof(sf->tmp_path), "%s/%s", d ? dirname(d) : ".", sf->tmp);
	free(d);
}

struct safefile *safefile_create(const char *what, const char *path,
				 const struct safefile_deny *deny, char *msg, size_t len)
{
	struct safefile *sf = calloc(1, sizeof(*sf));
	char why[PATH_MAX + 64];
	int err = ENOMEM;

	if (sf) {
		sf->fd = -1;
		sf->dirfd = -1;
		sf->deny = deny;
	}
	if (!sf || !(sf->what = strdup(what)) || !(sf->path = strdup(path))) {
		snprintf(msg, len, "%s%s: out of memory", what, path);
		goto fail;
	}
	sf->dirfd = open_dir_of(path, sf->base, sizeof(sf->base), why, sizeof(why));
	if (sf->dirfd < 0) {
		err = -sf->dirfd;
		snprintf(msg, len, "%s%s: %s", what, path, why);
		goto fail;
	}
	err = EINVAL; /* a target refused for what it is */
	if (!check_at(sf->dirfd, sf->base, what, path, deny, msg, len))
		goto fail;
	sf->fd = create_tmp(sf, msg, len);
	if (sf->fd < 0) {
		err = -sf->fd;
		goto fail;
	}
	set_tmp_path(sf);
	return sf;
fail:
	if (sf && sf->dirfd >= 0)
		close(sf->dirfd);
	if (sf) {
		free(sf->what);
		free(sf->path);
	}
	free(sf);
	errno = err;
	return NULL;
}

int safefile_fd(const struct safefile *sf)
{
	return sf->fd;
}

const char *safefile_tmp_path(const struct safefile *sf)
{
	return sf->tmp_path;
}

int safefile_write(struct safefile *sf, const void *buf, size_t len)
{
	const char *p = buf;

	while (len && !sf->error) {
		ssize_t n = write(sf->fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			sf->error = n < 0 ? errno : ENOSPC;
		else {
			p += n;
			len -= (size_t)n;
		}
	}
	return -sf->error;
}

static void release(struct safefile *sf)
{
	if (sf->fd >= 0)
		close(sf->fd);
	close(sf->dirfd);
	free(sf->what);
	free(sf->path);
	free(sf);
}

void safefile_abort(struct safefile *sf)
{
	if (!sf)
		return;
	unlinkat(sf->dirfd, sf->tmp, 0);
	release(sf);
}

int safefile_commit(struct safefile *sf, char *msg, size_t len)
{
	int err = sf->error;

	if (!err && fsync(sf->fd) < 0)
		err = errno;
	if (!err && close(sf->fd) < 0)
		err = errno;
	sf->fd = -1;
	if (err) {
		snprintf(msg, len, "%s%s: %s", sf->what, sf->path, strerror(err));
		safefile_abort(sf);
		return -err;
	}
	/* the target may have changed since set-up: check it again */
	if (!check_at(sf->dirfd, sf->base, sf->what, sf->path, sf->deny, msg, len)) {
		safefile_abort(sf);
		return -EPERM;
	}
	if (renameat(sf->dirfd, sf->tmp, sf->dirfd, sf->base) < 0) {
		err = errno;
		snprintf(msg, len, "%s%s: rename from %s: %s", sf->what, sf->path, sf->tmp,
			 strerror(err));
		safefile_abort(sf);
		return -err;
	}
	fsync(sf->dirfd); /* the rename itself; a failure here loses nothing written */
	release(sf);
	return 0;
}

int safefile_probe(const char *what, const char *path, const struct safefile_deny *deny,
		   uint64_t need, char *msg, size_t len)
{
	struct safefile *sf = safefile_create(what, path, deny, msg, len);
	struct statvfs vfs;
	uint64_t avail;
	int err = 0;

	if (!sf)
		return -errno;
	if (fstatvfs(sf->fd, &vfs) == 0) {
		avail = (uint64_t)vfs.f_bavail * vfs.f_frsize;
		if (avail < need) {
			snprintf(msg, len,
				 "%s%s: its file system has %llu bytes free, and the run will "
				 "write about %llu there",
				 what, path, (unsigned long long)avail, (unsigned long long)need);
			err = -ENOSPC;
		}
	}
	safefile_abort(sf);
	return err;
}
