// SPDX-License-Identifier: GPL-2.0-only
/*
 * The job's health snapshots (health_job.h).  Samples during the job come
 * from a thread of their own, so the job's I/O thread never issues or waits
 * for an admin command: the thread sleeps on a condition variable between
 * samples, runs at SCHED_IDLE, blocks every signal (fio's handlers stay with
 * fio's threads), and
 * each sample is one Get Log Page per controller on the controller's admin
 * queue, which the job's I/O queues do not share.  Its CPU time is measured
 * per controller with the thread's own CPU clock.
 */
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "health_job.h"
#include "health_read.h"

static uint64_t clock_ns(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

struct health_job *health_job_new(unsigned int interval_ms, const char *sysfs)
{
	struct health_job *job = calloc(1, sizeof(*job));
	pthread_condattr_t attr;

	if (!job)
		return NULL;
	job->interval_ms = interval_ms;
	job->sysfs = sysfs;
	pthread_mutex_init(&job->lock, NULL);
	/* deadlines on the monotonic clock: a wall-clock step does not bunch samples */
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&job->wake, &attr);
	pthread_condattr_destroy(&attr);
	return job;
}

void health_job_free(struct health_job *job)
{
	size_t i;

	if (!job)
		return;
	health_job_stop(job);
	for (i = 0; i < job->nr_ctrls; i++) {
		if (job->ctrls[i].fd >= 0)
			close(job->ctrls[i].fd);
		free(job->ctrls[i].samples);
	}
	free(job->ctrls);
	pthread_cond_destroy(&job->wake);
	pthread_mutex_destroy(&job->lock);
	free(job);
}

static bool listed(const struct health_job *job, const char *name)
{
	size_t i;

	for (i = 0; i < job->nr_ctrls; i++)
		if (*name && !strcmp(job->ctrls[i].name, name))
			return true;
	return false;
}

static int add_one(struct health_job *job, const char *name, size_t name_len, const char *path,
		   const char *serial, const char *model, uint32_t nsid, const char *absent)
{
	struct health_ctrl *c, *grown;
	char key[32];

	snprintf(key, sizeof(key), "%.*s", (int)name_len, name);
	if (listed(job, key))
		return 0;
	grown = realloc(job->ctrls, (job->nr_ctrls + 1) * sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	job->ctrls = grown;
	c = &job->ctrls[job->nr_ctrls++];
	memset(c, 0, sizeof(*c));
	c->fd = -1;
	snprintf(c->name, sizeof(c->name), "%s", key);
	snprintf(c->path, sizeof(c->path), "%s", path);
	snprintf(c->serial, sizeof(c->serial), "%s", serial ? serial : "");
	snprintf(c->model, sizeof(c->model), "%s", model ? model : "");
	c->nsid = nsid;
	if (!*key)
		snprintf(c->absent, sizeof(c->absent), "%s", absent ? absent : "not NVMe");
	return 0;
}

int health_job_add(struct health_job *job, const char *controllers, const char *path,
		   const char *serial, const char *model, uint32_t nsid, const char *absent)
{
	const char *p = controllers ? controllers : "";
	size_t n;
	int ret;

	if (!*p)
		return add_one(job, "", 0, path, serial, model, nsid, absent);
	while (*p) {
		n = strcspn(p, ",");
		ret = add_one(job, p, n, path, serial, model, nsid, absent);
		if (ret)
			return ret;
		p += n + (p[n] == ',');
	}
	return 0;
}

/* ms since the job's t0 */
static int64_t since_t0(const struct health_job *job)
{
	return (int64_t)(clock_ns(CLOCK_MONOTONIC) - job->t0_ns) / 1000000;
}

/* The before or after readings of every log but SMART; AFTER: the second pair. */
static void read_extras(struct health_ctrl *c, bool after)
{
	char why[HEALTH_WHY_LEN - 32]; /* room for "after the job: " */

	if (!c->ocp_absent[0]) {
		c->have_ocp = health_read_ocp(c->fd, after ? &c->ocp_after : &c->ocp_before, why,
					      sizeof(why));
		if (!c->have_ocp)
			snprintf(c->ocp_absent, sizeof(c->ocp_absent), "%s%s",
				 after ? "after the job: " : "", why);
	}
	if (!c->fdp_absent[0]) {
		c->have_fdp = health_read_fdp(
			c->fd, c->endgid, after ? &c->fdp_after : &c->fdp_before, why, sizeof(why));
		if (!c->have_fdp)
			snprintf(c->fdp_absent, sizeof(c->fdp_absent), "%s%s",
				 after ? "after the job: " : "", why);
	}
	if (!c->endgrp_absent[0]) {
		c->have_endgrp = health_read_endgrp(c->fd, c->endgid,
						    after ? &c->endgrp_after : &c->endgrp_before,
						    why, sizeof(why));
		if (!c->have_endgrp)
			snprintf(c->endgrp_absent, sizeof(c->endgrp_absent), "%s%s",
				 after ? "after the job: " : "", why);
	}
}

/* The endurance group the FDP and endurance group logs are read for. */
static void find_endgid(struct health_ctrl *c)
{
	char why[HEALTH_WHY_LEN];

	if (!c->nsid)
		snprintf(why, sizeof(why),
			 "no namespace of the job on %s to name its endurance group", c->name);
	else if (!health_ns_endgid(c->fd, c->nsid, &c->endgid, why, sizeof(why)))
		; /* why says so */
	else if (!c->endgid)
		snprintf(why, sizeof(why),
			 "namespace %u reports no endurance group (Identify Namespace ENDGID 0)",
			 c->nsid);
	else
		return;
	snprintf(c->fdp_absent, sizeof(c->fdp_absent), "%s", why);
	snprintf(c->endgrp_absent, sizeof(c->endgrp_absent), "%s", why);
}

/*
 * The controller's subsystem NQN: controllers of one subsystem may report
 * the same namespaces' counts (QEMU does), which must never be added up.
 */
static void read_subsystem(struct health_job *job, struct health_ctrl *c)
{
	char path[PATH_MAX];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/class/nvme/%s/subsysnqn", job->sysfs, c->name);
	fp = fopen(path, "r");
	if (!fp)
		return;
	if (!fgets(c->subsystem, sizeof(c->subsystem), fp))
		c->subsystem[0] = '\0';
	c->subsystem[strcspn(c->subsystem, "\n")] = '\0';
	fclose(fp);
}

static void open_and_read_before(struct health_job *job, struct health_ctrl *c)
{
	char why[HEALTH_WHY_LEN];

	if (c->absent[0])
		goto no_extras;
	read_subsystem(job, c);
	c->fd = health_ctrl_open(job->sysfs, c->name, why, sizeof(why));
	if (c->fd < 0 || !health_read_smart(c->fd, &c->before, why, sizeof(why))) {
		snprintf(c->absent, sizeof(c->absent), "%s", why);
		goto no_extras;
	}
	c->have_before = true;
	c->before.t_ms = 0;
	find_endgid(c);
	read_extras(c, false);
	return;
no_extras:
	snprintf(c->ocp_absent, sizeof(c->ocp_absent), "%s", c->absent);
	snprintf(c->fdp_absent, sizeof(c->fdp_absent), "%s", c->absent);
	snprintf(c->endgrp_absent, sizeof(c->endgrp_absent), "%s", c->absent);
}

static void take_sample(struct health_job *job, struct health_ctrl *c)
{
	uint64_t cpu0 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	struct health_snap s, *grown;
	char why[HEALTH_WHY_LEN];

	if (!health_read_smart(c->fd, &s, why, sizeof(why))) {
		if (!c->sample_failures++)
			snprintf(c->sample_error, sizeof(c->sample_error), "%s", why);
		goto out;
	}
	s.t_ms = since_t0(job);
	if (c->nr_samples == HEALTH_MAX_SAMPLES) {
		c->samples_dropped++;
		goto out;
	}
	if (!(c->nr_samples & (c->nr_samples + 1))) { /* 0, 1, 3, 7...: double */
		grown = realloc(c->samples, (2 * c->nr_samples + 1) * sizeof(*grown));
		if (!grown) {
			c->samples_dropped++;
			goto out;
		}
		c->samples = grown;
	}
	c->samples[c->nr_samples++] = s;
out:
	c->sample_cpu_ns += clock_ns(CLOCK_THREAD_CPUTIME_ID) - cpu0;
}

static void *sampler(void *arg)
{
	struct health_job *job = arg;
	uint64_t next = job->t0_ns;
	struct sched_param idle = {0};
	struct timespec deadline;
	size_t i;

	/*
	 * SCHED_IDLE: the sampler runs only on CPU time nothing else wants, so it
	 * never preempts the job's I/O thread; a sample delayed by that is
	 * stamped when it was read.  Not fatal when refused.
	 */
	pthread_setschedparam(pthread_self(), SCHED_IDLE, &idle);
	pthread_mutex_lock(&job->lock);
	for (;;) {
		next += (uint64_t)job->interval_ms * 1000000ull;
		deadline.tv_sec = (time_t)(next / 1000000000ull);
		deadline.tv_nsec = (long)(next % 1000000000ull);
		while (!job->stop &&
		       pthread_cond_timedwait(&job->wake, &job->lock, &deadline) != ETIMEDOUT)
			;
		if (job->stop)
			break;
		pthread_mutex_unlock(&job->lock);
		for (i = 0; i < job->nr_ctrls; i++)
			if (job->ctrls[i].have_before)
				take_sample(job, &job->ctrls[i]);
		pthread_mutex_lock(&job->lock);
		/* a sample slower than the interval: the next deadline is from now */
		if (next < clock_ns(CLOCK_MONOTONIC))
			next = clock_ns(CLOCK_MONOTONIC);
	}
	pthread_mutex_unlock(&job->lock);
	return NULL;
}

static bool any_present(const struct health_job *job)
{
	size_t i;

	for (i = 0; i < job->nr_ctrls; i++)
		if (job->ctrls[i].have_before)
			return true;
	return false;
}

int health_job_start(struct health_job *job, char *why, size_t len)
{
	sigset_t all, old;
	size_t i;
	int ret;

	job->t0_ns = clock_ns(CLOCK_MONOTONIC);
	for (i = 0; i < job->nr_ctrls; i++)
		open_and_read_before(job, &job->ctrls[i]);
	if (!job->interval_ms || !any_present(job))
		return 0;
	/* the thread starts with every signal blocked: fio's stay with fio */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	ret = pthread_create(&job->thread, NULL, sampler, job);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (ret) {
		snprintf(why, len, "cannot start the health sampler thread: %s", strerror(ret));
		return -ret;
	}
	job->running = true;
	return 0;
}

void health_job_stop(struct health_job *job)
{
	char why[HEALTH_WHY_LEN - 32]; /* room for "after the job: " */
	struct health_ctrl *c;
	size_t i;

	if (job->stopped)
		return;
	job->stopped = true;
	if (job->running) {
		pthread_mutex_lock(&job->lock);
		job->stop = true;
		pthread_cond_signal(&job->wake);
		pthread_mutex_unlock(&job->lock);
		pthread_join(job->thread, NULL);
		job->running = false;
	}
	for (i = 0; i < job->nr_ctrls; i++) {
		c = &job->ctrls[i];
		if (!c->have_before || c->have_after)
			continue;
		if (!health_read_smart(c->fd, &c->after, why, sizeof(why))) {
			snprintf(c->absent, sizeof(c->absent), "after the job: %s", why);
			continue;
		}
		c->after.t_ms = since_t0(job);
		c->have_after = true;
		read_extras(c, true);
	}
}
