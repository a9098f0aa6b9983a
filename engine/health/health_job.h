/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One job's drive health: per controller the job touches, a snapshot before
 * its first I/O, samples during it from a thread of its own, and one after
 * its last completion (health_sampler.c); the "health" JSON of it
 * (health_json.c) and what in it makes the step suspect (health_suspect.c).
 * No fio types.
 */
#ifndef SSDNVME_HEALTH_JOB_H
#define SSDNVME_HEALTH_JOB_H

#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <json-c/json.h>

#include "health_log.h"

#define HEALTH_WHY_LEN 512
/* Samples kept per controller: 55 hours at the default 2 s; later ones are counted, not kept. */
#define HEALTH_MAX_SAMPLES 100000

struct health_ctrl {
	char name[32];	     /* "nvme0"; "" for a file that is not on an NVMe controller */
	char path[PATH_MAX]; /* the job's first file on it */
	char serial[21];
	char model[41];
	char subsystem[224]; /* the subsystem NQN (sysfs), "" when unknown */
	uint32_t nsid;	     /* a namespace of the job on it (its endurance group), 0: none */
	int fd;
	char absent[HEALTH_WHY_LEN]; /* "": the SMART log was read before and after */
	bool have_before, have_after;
	struct health_snap before, after;
	struct health_snap *samples;
	size_t nr_samples, samples_dropped, sample_failures;
	char sample_error[HEALTH_WHY_LEN]; /* the first failed sample's reason */
	uint64_t sample_cpu_ns; /* the sampler thread's CPU time spent on this controller */
	bool have_ocp;
	struct health_ocp ocp_before, ocp_after;
	char ocp_absent[HEALTH_WHY_LEN];
	uint16_t endgid;
	bool have_fdp;
	struct health_fdp fdp_before, fdp_after;
	char fdp_absent[HEALTH_WHY_LEN];
	bool have_endgrp;
	struct health_endgrp endgrp_before, endgrp_after;
	char endgrp_absent[HEALTH_WHY_LEN];
};

struct health_job {
	struct health_ctrl *ctrls;
	size_t nr_ctrls;
	unsigned int interval_ms; /* 0: before and after only */
	const char *sysfs;
	uint64_t t0_ns; /* CLOCK_MONOTONIC at the before snapshots */
	pthread_t thread;
	bool running;
	bool stop;
	bool stopped; /* the after snapshots were taken (or tried) */
	pthread_mutex_t lock;
	pthread_cond_t wake;
};

/**
 * health_job_new() - a job's drive health, with no controllers yet
 * @interval_ms: the sampling interval; 0: before and after snapshots only
 * @sysfs: the sysfs root ("/sys"), kept (not copied) for the controller checks
 *
 * Return: the new job; NULL when memory is short.
 */
struct health_job *health_job_new(unsigned int interval_ms, const char *sysfs);
/**
 * health_job_free() - stop a job's health reading and free it
 * @job: the job, or NULL (nothing is done)
 *
 * Stops the sampler and takes the after snapshots when not done yet
 * (health_job_stop()), then closes the controllers' fds and frees all.
 */
void health_job_free(struct health_job *job);

/**
 * health_job_add() - add a file's controller(s) to the job
 * @job: the job
 * @controllers: the file's NVMe controller(s) ("nvme0", or "nvme0,nvme1" for
 *               a multipath head); "" or NULL when it is on none
 * @path: the file's path
 * @serial: the controller's serial number, or NULL
 * @model: its model, or NULL
 * @nsid: the file's namespace (for its endurance group), 0: none
 * @absent: for a file on no controller, the reason (NULL: "not NVMe")
 *
 * A file on no controller gets an entry of its own with @absent as the
 * reason.  A controller already listed is not listed again.
 *
 * Return: 0, or -ENOMEM.
 */
int health_job_add(struct health_job *job, const char *controllers, const char *path,
		   const char *serial, const char *model, uint32_t nsid, const char *absent);

/**
 * health_job_start() - take the before snapshots and start the sampler
 * @job: the job
 * @why: where the reason is written when the thread cannot be started
 * @len: its room
 *
 * Takes the before snapshots, then starts the sampler thread (all signals
 * blocked in it) when interval_ms is not 0 and some controller's before
 * snapshot was read.  What cannot be read is recorded as absent, not an error.
 *
 * Return: 0, or a negative errno when the thread cannot be started (@why says
 * so).
 */
int health_job_start(struct health_job *job, char *why, size_t len);

/**
 * health_job_stop() - stop the sampler and take the after snapshots
 * @job: the job
 *
 * Safe to call once started or not; calls after the first do nothing.  An
 * after snapshot that cannot be read is recorded as absent.
 */
void health_job_stop(struct health_job *job);

/**
 * health_job_json() - the job's entry of the "health" section (docs/engine.md)
 * @job: the job
 * @name: the job's name (NULL: "")
 * @thread: fio's job number
 *
 * Return: the entry, with one object per controller.
 */
json_object *health_job_json(const struct health_job *job, const char *name, int thread);

/**
 * health_ctrl_suspect() - what makes the step suspect on a controller
 * @c: the controller
 * @buf: where it is written ("thermal throttling during the job (TMT1 +3,
 *       12 s); critical warning 0x02 (temperature) after the job"); "" when
 *       nothing does
 * @len: its room
 *
 * Only a controller with both the before and the after snapshot is judged.
 *
 * Return: true when something makes the step suspect; false when nothing
 * does.
 */
bool health_ctrl_suspect(const struct health_ctrl *c, char *buf, size_t len);

#endif
