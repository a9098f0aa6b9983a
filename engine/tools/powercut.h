/* SPDX-License-Identifier: GPL-2.0-only */
/* ssdnvme-powercut's parts: the logs' writes, the read-back, the report. */
#ifndef SSDNVME_POWERCUT_H
#define SSDNVME_POWERCUT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define PC_MAX_NS     64
#define PC_EXIT_FAIL  1 /* the drive lost or tore a write it promised to keep */
#define PC_EXIT_USAGE 2 /* bad input: nothing was judged */

/* What a write's range holds, by whether a flush covered the write. */
enum pc_verdict { PC_INTACT, PC_LOST, PC_PARTIAL, PC_TORN, PC_UNREADABLE, PC_NVERDICT };

struct pc_write {
	uint64_t lba;	 /* first LBA, the namespace's units */
	uint64_t ack_ns; /* acknowledged: submission + latency, the log's clock */
	uint32_t len;	 /* bytes */
	uint32_t nsid;
	uint32_t log;	 /* index in pc_run.logs */
	bool flushed;	 /* acknowledged before a completed flush of its namespace */
	uint8_t verdict; /* enum pc_verdict, after pc_check() */
};

struct pc_ns {
	uint32_t nsid;
	const char *dev;
	int fd;
	unsigned int lba_size;
	uint64_t lbas;
	unsigned int flushes;		/* completed flushes seen in the logs */
	uint64_t count[2][PC_NVERDICT]; /* [flushed][verdict] */
};

struct pc_run {
	const char **logs;
	int nlogs;
	unsigned long lba_size; /* --lba-size, for image files */
	unsigned long names;	/* failures named one by one, at most */
	struct pc_ns ns[PC_MAX_NS];
	int nns;
	struct pc_write *w;
	size_t nw, cap;
	unsigned int truncated; /* logs the cut left without their end record */
};

/**
 * pc_find_ns() - the namespace a --ns option named
 * @run: the run
 * @nsid: its nsid
 *
 * Return: the namespace, or NULL when no --ns named @nsid.
 */
struct pc_ns *pc_find_ns(struct pc_run *run, uint32_t nsid);

/**
 * pc_read_logs() - every acknowledged write of the tag logs, flushed or not
 * @run: the run, with its logs and namespaces from the command line
 *
 * Return: 0, or PC_EXIT_USAGE with a message on stderr (a log unreadable,
 * a write to a namespace no --ns names, no acknowledged write at all).
 */
int pc_read_logs(struct pc_run *run);

/**
 * pc_open_devices() - open each namespace for reading, check the writes fit
 * @run: the run, after pc_read_logs()
 *
 * Return: 0, or PC_EXIT_USAGE with a message on stderr (a device that
 * cannot be read, a write outside it, an LBA written twice).
 */
int pc_open_devices(struct pc_run *run);

/**
 * pc_check() - read every write's range back and judge it
 * @run: the run, after pc_open_devices()
 *
 * Return: 0, or PC_EXIT_USAGE when out of memory.
 */
int pc_check(struct pc_run *run);

/**
 * pc_report() - the counts per namespace, each failure named, the verdict
 * @run: the run, after pc_check()
 * @out: where the report goes
 *
 * Return: 0 (PASS) or PC_EXIT_FAIL.
 */
int pc_report(const struct pc_run *run, FILE *out);

/**
 * pc_free() - close the devices and free the writes
 * @run: the run
 */
void pc_free(struct pc_run *run);

#endif
