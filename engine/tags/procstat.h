/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * /proc/PID/stat, read once for every user: the process start time (which
 * tells a reused pid from the process that had it) and whether it is a
 * zombie.  Used by the shared in-flight counters (inflight.c) and by the
 * glue's run id (identity.c).  No fio types.
 */
#ifndef SSDNVME_PROCSTAT_H
#define SSDNVME_PROCSTAT_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

/**
 * proc_start_time() - when a process started, from /proc/PID/stat
 * @pid: the process
 * @zombie: set (when not NULL) to whether it has exited but is not reaped
 *          (state Z or X)
 *
 * The start time tells a reused pid from the process that had it.
 *
 * Return: its start time in clock ticks since boot (field 22), 0 when
 * unreadable.
 */
uint64_t proc_start_time(pid_t pid, bool *zombie);

#endif
