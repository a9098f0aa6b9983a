/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The Copy method (jobs/copy.fio, issue 41 item 4): the drive's Copy
 * command (NVMe 19h) against the host's read-then-write of the same blocks,
 * each phase with a reader on another namespace.  A fio output holding a
 * job with write_mode=copy in its options is such a run: its jobs are not
 * ranked as profiles (they are the two halves of one comparison), and the
 * reader (read/read_copy.c) keeps the comparison's figures here, per run,
 * for the Copy section of every format (out/out_copy.c).
 */
#ifndef FIORANK_COPY_H
#define FIORANK_COPY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Bytes a Copy command carries over the bus besides its command: one
 * source range entry of descriptor format 0 (NVMe 2.0, Copy), which the
 * engine sends one of per command. */
#define FR_COPY_RANGE_DESC 32

/* One phase: the jobs that copy (the Copy job; the host's read and write
 * jobs) and the reader beside them. */
struct fr_copy_phase {
	char movers[96];     /* their fio job names, ", "-joined */
	char reader[64];     /* the reader's job name, "" when none */
	double landed_bytes; /* written at the destination (the writer's io_bytes) */
	double mbps;	     /* the writer's bandwidth, 10^6 bytes/s */
	uint64_t commands;   /* NVMe commands of the movers (reads + writes) */
	double bus_bytes;    /* data over the bus: ranges for Copy, reads + writes for the host */
	double cpu_pct;	     /* usr + sys of the movers, % of one CPU, summed */
	double cpu_s;	     /* CPU seconds: each mover's (usr + sys) x its runtime */
	double cpu_s_per_gb; /* cpu_s per 10^9 bytes landed */
	double rd_iops;	     /* the reader's */
	double rd_p50, rd_p99, rd_p999; /* its completion latency, ns; NAN unknown */
};

struct fr_copy_run {
	char *drive;  /* the label the reader gave the output */
	char *source; /* the fio output */
	/* why the comparison is not made ("" when it is): a phase or a job
	 * missing, or more than one of a role */
	char why[256];
	unsigned range_bytes; /* bytes per Copy: its io_bytes / commands, 0 unknown */
	struct fr_copy_phase copy, host;
	/* the bus bytes the host's path would have moved for the Copy
	 * phase's bytes (2 per byte: read in, written out) less what the
	 * Copy moved (FR_COPY_RANGE_DESC per command) */
	double bus_saved;
	/* copy / host: MB/s, CPU seconds per GB, reader p50, p99, p99.9;
	 * NAN where either lacks the figure */
	double r_mbps, r_cpu_gb, r_p50, r_p99, r_p999;
};

/**
 * fr_copy_in_workload() - whether a job's own options ask for Copy
 * @workload: its options as "key=value\n" lines (fr_pending.workload)
 *
 * Return: true when they hold write_mode=copy.
 */
bool fr_copy_in_workload(const char *workload);

/**
 * fr_copy_runs_free() - free an array of Copy runs
 * @v: the runs (freed)
 * @n: how many
 */
void fr_copy_runs_free(struct fr_copy_run *v, size_t n);

#endif
