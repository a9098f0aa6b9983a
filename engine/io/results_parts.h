/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Many jobs, one results file, at a cost linear in jobs: each job writes its
 * record once as a part file in the run's parts directory beside the
 * results file, and the run's last job to finish merges every part once
 * (results_pending_*() tells it that it is the last).  No fio types.
 */
#ifndef SSDNVME_RESULTS_PARTS_H
#define SSDNVME_RESULTS_PARTS_H

#include <stdbool.h>

#include "results.h"

/**
 * results_parts_dir() - the parts directory of a run: "PATH.parts.RUN_ID"
 * @path: the results file
 * @run_id: the run (digits and '-': the name stays in @path's directory)
 * @dir: where the path goes
 * @len: its room
 *
 * Return: 0, or -ENAMETOOLONG.
 */
int results_parts_dir(const char *path, const char *run_id, char *dir, size_t len);

/**
 * results_write_part() - write one job's record into the run's parts directory
 * @r: the job's document
 * @run_id: the run
 * @job_entry: the job's entry in "jobs", owned by @r from now on
 * @seq: the job's number in the run (fio's thread number): the part is
 *       "job-SEQ.json"
 * @path: the results file
 * @deny: the job's data files
 * @msg: where what went wrong goes
 * @len: its room
 *
 * Creates the parts directory (mode 0700; an existing one must be a real
 * directory of this user) under a shared flock on @path's directory, so a
 * merge never removes it under the writer.
 *
 * Return: 0, or a negative errno with @msg written.
 */
int results_write_part(struct results *r, const char *run_id, json_object *job_entry,
		       unsigned int seq, const char *path, const struct safefile_deny *deny,
		       char *msg, size_t len);

/**
 * results_merge_parts() - merge the run's parts into the results file, once
 * @path: the results file
 * @run_id: the run
 * @seen_run: the run @path held at set-up (results_run_in())
 * @deny: the job's data files
 * @msg: where what went wrong goes
 * @len: its room
 *
 * Under an exclusive flock on @path's directory: the file of this run
 * already there (an earlier merge of the run, e.g. before a stonewall)
 * first, then the parts in job order; written like results_write(); then
 * the merged parts and the directory are removed.  Another run's file
 * written after set-up is refused as results_write_run() does, and the
 * parts are then kept.  Only this run's directory is read: parts a killed
 * run left under its own run id are never taken for this run's.
 *
 * Return: 0 (also when there are no parts), or a negative errno with @msg
 * written, naming the directory where the parts are kept.
 */
int results_merge_parts(const char *path, const char *run_id, const char *seen_run,
			const struct safefile_deny *deny, char *msg, size_t len);

/**
 * results_pending_slot() - the run-wide count of jobs writing to a path
 * @path: the results file
 * @seen_run: where the run id @path held when the run's first job asked
 *            goes (results_run_in(), read once per path and run)
 * @len: its room
 *
 * Call in fio's main process before it forks the jobs: the counts live in
 * shared memory made there, which the forked jobs inherit (threads share
 * it anyway).
 *
 * Return: the slot (> 0), or 0 when there is none (no memory, or more
 * results files than the table holds): the job then merges by itself.
 */
int results_pending_slot(const char *path, char *seen_run, size_t len);

/**
 * results_pending_join() - a job that will write to the slot's path started
 * @slot: from results_pending_slot(), > 0
 */
void results_pending_join(int slot);

/**
 * results_pending_leave() - a joined job wrote its part
 * @slot: the slot it joined
 *
 * Return: true when no other job of the slot is still running: the caller
 * merges.
 */
bool results_pending_leave(int slot);

#endif
