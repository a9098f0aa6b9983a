// SPDX-License-Identifier: GPL-2.0-only
/*
 * One probe per device and process at set-up.  fio's main process runs
 * ->setup() for every job and file one after another before any job forks:
 * 64 jobs on 3 namespaces probed the same 3 devices 192 times (sysfs walks
 * and 5 admin commands each).  The first probe of a device number is kept
 * and copied for the others, in the process that made it only (a forked job
 * that sets a file up later, for read_iolog's replay, probes again; with
 * thread=1 the jobs share fio's process and its probes).  Whatever the set-up
 * used, every job identifies its namespaces again when it opens them
 * (files.c), so a format change after set-up is still refused.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "glue.h"

struct probed {
	struct probed *next;
	dev_t rdev;
	mode_t type; /* S_IFCHR or S_IFBLK */
	struct ns_info ni;
};

static pthread_mutex_t probe_lock = PTHREAD_MUTEX_INITIALIZER;
static struct probed *probes;
static pid_t probes_pid; /* the process that probed them */

/* The kept probe of ST's device; NULL when none (or made by another process). */
static struct probed *find_probe(const struct stat *st)
{
	struct probed *p;

	if (probes_pid != getpid())
		return NULL;
	for (p = probes; p; p = p->next)
		if (p->rdev == st->st_rdev && p->type == (st->st_mode & S_IFMT))
			return p;
	return NULL;
}

/* Keeps NI as ST's device's probe; a forked process's inherited list is dropped, not freed. */
static void keep_probe(const struct stat *st, const struct ns_info *ni)
{
	struct probed *p = malloc(sizeof(*p));

	if (!p)
		return; /* the next job probes again */
	if (probes_pid != getpid()) {
		probes = NULL; /* the parent's: still in use there */
		probes_pid = getpid();
	}
	p->rdev = st->st_rdev;
	p->type = st->st_mode & S_IFMT;
	p->ni = *ni;
	p->next = probes;
	probes = p;
}

int ssdnvme_probe(const char *path, struct ns_info *ni, char *msg, size_t len)
{
	struct probed *p;
	struct stat st;
	int ret;

	if (stat(path, &st) || !(S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)))
		return ns_probe(path, ni, msg, len);
	pthread_mutex_lock(&probe_lock);
	p = find_probe(&st);
	if (p) {
		*ni = p->ni;
		snprintf(ni->path, sizeof(ni->path), "%s", path); /* another name, same device */
		msg[0] = '\0';
		ret = 0;
	} else {
		ret = ns_probe(path, ni, msg, len);
		if (!ret)
			keep_probe(&st, ni);
	}
	pthread_mutex_unlock(&probe_lock);
	return ret;
}
