// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reading a whole input file: regular files only, never blocking (a FIFO
 * that took a file's place is refused, not waited on).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/slurp.h"

/* errno for "not a regular file" (FIFO, socket, device) */
#define EFTYPE_NOT_REGULAR EINVAL

int fr_slurp_into(const char *path, char **buf, size_t *cap, size_t *len)
{
	struct stat st;
	size_t got = 0, want;
	ssize_t r;
	/* O_NONBLOCK: a FIFO that took a regular file's place must not block
	 * open(); it is refused by fstat() below */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);

	if (fd < 0)
		return -1;
	if (fstat(fd, &st))
		goto fail;
	if (!S_ISREG(st.st_mode) || st.st_size > INT_MAX) {
		errno = S_ISDIR(st.st_mode)   ? EISDIR
			: S_ISREG(st.st_mode) ? EFBIG
					      : EFTYPE_NOT_REGULAR;
		goto fail;
	}
	want = (size_t)st.st_size + 1;
	if (want > *cap) {
		char *nb = realloc(*buf, want);

		if (!nb)
			goto fail;
		*buf = nb;
		*cap = want;
	}
	while (got < (size_t)st.st_size) {
		r = read(fd, *buf + got, (size_t)st.st_size - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			goto fail;
		if (!r)
			break;
		got += (size_t)r;
	}
	(*buf)[got] = '\0';
	*len = got;
	close(fd);
	return 0;
fail:
	close(fd);
	return -1;
}

char *fr_slurp(const char *path, size_t *len)
{
	char *buf = NULL;
	size_t cap = 0;

	if (fr_slurp_into(path, &buf, &cap, len)) {
		int e = errno;

		free(buf);
		errno = e;
		return NULL;
	}
	return buf;
}
