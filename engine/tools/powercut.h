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

struct pc_ns *pc_find_ns(struct pc_run *run, uint32_t nsid);
int pc_read_logs(struct pc_run *run);
int pc_open_devices(struct pc_run *run);
int pc_check(struct pc_run *run);
int pc_report(const struct pc_run *run, FILE *out);
void pc_free(struct pc_run *run);

#endif
