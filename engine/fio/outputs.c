// SPDX-License-Identifier: GPL-2.0-only
/*
 * The engine's own files (the results JSON, tag logs; their names are
 * paths.c's): what they must never be (the job's data: a device, a symlink to one, a data
 * file), and the proof at set-up, before any I/O, that they can be written
 * with room for what the run will put in them.  All creation goes through
 * safefile.h.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fio.h"
#include "verify.h"

#include "glue.h"
#include "results_parts.h"
#include "safefile.h"

/* A job without runtime= is assumed to run this long for the time series. */
#define EST_DEFAULT_RUN_MS (10ull * 60 * 1000)

struct safefile_deny *ssdnvme_deny_list(struct thread_data *td)
{
	const char **paths = calloc(td->files_index + 1, sizeof(*paths));
	struct safefile_deny *deny;
	struct fio_file *f;
	unsigned int i;

	if (!paths)
		return NULL;
	for_each_file(td, f, i)
		paths[i] = f->file_name;
	deny = safefile_deny_new(paths, td->files_index);
	free(paths);
	return deny;
}

/* How long the job runs at most, in ms (runtime= plus ramp_time=), 0 if unbounded. */
static uint64_t run_ms(struct thread_data *td)
{
	if (!td->o.timeout)
		return 0;
	return (td->o.timeout + td->o.ramp_time) / 1000;
}

/* The smallest block size of the job's directions. */
static uint64_t min_block(struct thread_data *td)
{
	uint64_t bs = 0;
	int d;

	for (d = DDIR_READ; d <= DDIR_TRIM; d++)
		if (td->o.min_bs[d] && (!bs || td->o.min_bs[d] < bs))
			bs = td->o.min_bs[d];
	return bs ? bs : 512;
}

/* Bytes a job that is not time-based moves: size (or the files'), loops, verify. */
static uint64_t job_bytes(struct thread_data *td)
{
	uint64_t bytes = td->o.io_size, sum = 0;
	struct fio_file *f;
	unsigned int i;

	if (!bytes && td->o.size && td->o.size != -1ULL && !td->o.size_percent)
		bytes = td->o.size;
	if (!bytes) {
		for_each_file(td, f, i)
			if (f->real_file_size != -1ULL)
				sum += f->real_file_size;
		bytes = sum;
	}
	bytes *= td->o.loops ? td->o.loops : 1;
	if (td->o.verify != VERIFY_NONE && td_write(td))
		bytes *= 2; /* the verify pass reads it back */
	return bytes;
}

/* The job's own ceiling on its IOPS: rate_iops=, and rate= over each direction's smallest block. */
static uint64_t rate_bound_iops(struct thread_data *td)
{
	uint64_t iops = 0;
	int d;

	for (d = DDIR_READ; d <= DDIR_TRIM; d++) {
		iops += td->o.rate_iops[d];
		if (td->o.rate[d] && td->o.min_bs[d])
			iops += td->o.rate[d] / td->o.min_bs[d] + 1;
	}
	return iops;
}

/*
 * I/Os the job completes at most, as far as set-up can tell from the job's
 * own size, rate and run time; 0 when nothing bounds them (time-based with
 * no rate: the drive decides).
 */
static uint64_t job_ios(struct thread_data *td)
{
	uint64_t iops = rate_bound_iops(td), by_time = 0, by_size;

	if (iops)
		by_time = (run_ms(td) ? run_ms(td) : EST_DEFAULT_RUN_MS) * iops / 1000 + 1;
	if (td->o.time_based)
		return by_time;
	by_size = job_bytes(td) / min_block(td) + 1;
	return by_time && by_time < by_size ? by_time : by_size;
}

uint64_t ssdnvme_taglog_estimate(struct thread_data *td)
{
	uint64_t ios = job_ios(td);

	return ios ? (ios + 2) * 64 : 0; /* header, records, end record */
}

/*
 * The results JSON: identity per file, per tag key (4 directions per
 * file) its histogram, outliers and time series, and the drive health.  Twice: the merged file is
 * written beside the old one before it replaces it.
 */
uint64_t ssdnvme_results_estimate(struct thread_data *td)
{
	struct ssdnvme_options *o = td->eo;
	uint64_t ms = run_ms(td) ? run_ms(td) : EST_DEFAULT_RUN_MS, per_key, est;

	est = 64 * 1024 + (uint64_t)td->files_index * 2048;
	/* health: per controller (at most one per file) two snapshots, the other
	 * logs, and a sample of about 1 KiB per interval */
	if (o->health)
		est += (uint64_t)td->files_index *
		       (16 * 1024 + (o->health_interval ? ms / o->health_interval * 1024 : 0));
	if (o->tags) {
		per_key = 16 * 1024 + (uint64_t)o->tag_outliers * 640 +
			  ms / (o->tag_interval ? o->tag_interval : 1) * 320;
		est += (uint64_t)td->files_index * 4 * per_key;
	}
	return 2 * est;
}

/*
 * The results file this process last proved writable with room for NEED
 * bytes.  fio's main process sets up the jobs of a run one after another,
 * and they share one results file: the proof (a file created in its
 * directory, its file system's free space read, the file removed: round
 * trips on a network or virtio-9p share) is made once per path and process,
 * and each later job's target is checked again without it.  A job needing
 * more room than was proven probes again.
 */
static struct {
	pthread_mutex_t lock;
	pid_t pid;
	char path[PATH_MAX];
	uint64_t need;
} proven = {.lock = PTHREAD_MUTEX_INITIALIZER};

static bool proven_before(const char *path, uint64_t need)
{
	bool yes;

	pthread_mutex_lock(&proven.lock);
	yes = proven.pid == getpid() && !strcmp(proven.path, path) && need <= proven.need;
	pthread_mutex_unlock(&proven.lock);
	return yes;
}

static void note_proven(const char *path, uint64_t need)
{
	pthread_mutex_lock(&proven.lock);
	proven.pid = getpid();
	snprintf(proven.path, sizeof(proven.path), "%s", path);
	proven.need = need;
	pthread_mutex_unlock(&proven.lock);
}

static int probe(struct thread_data *td, const char *what, const char *path,
		 const struct safefile_deny *deny, uint64_t need, bool shared)
{
	char msg[MSG_LEN], out[MSG_LEN + 128];
	int err;

	if (shared && proven_before(path, need))
		err = safefile_check_target(what, path, deny, msg, sizeof(msg)) ? 0 : -EINVAL;
	else
		err = safefile_probe(what, path, deny, need, msg, sizeof(msg));
	if (!err) {
		if (shared)
			note_proven(path, need);
		return 0;
	}
	snprintf(out, sizeof(out), "%s; refusing to start: the run's %s would be lost", msg,
		 strstr(what, "tag") ? "tag log" : "results");
	ssdnvme_fail(td, -err, out);
	return 1;
}

/* A tag log of a job nothing bounds: said at set-up, not refused. */
static const char unbounded_log[] =
	"ssdnvme: tag_log: job '%s' is time-based with no rate, so the room its log needs "
	"(64 bytes per I/O) cannot be checked first: should %s's file system run short, the "
	"log stops there, kept truncated (set rate_iops= to have the room checked)\n";

int ssdnvme_check_outputs(struct thread_data *td)
{
	struct ssdnvme_options *o = td->eo;
	char *results = ssdnvme_results_path(td), *log = NULL;
	struct safefile_deny *deny;
	uint64_t need;
	int ret = 1;

	if (!results) {
		if (!o->tag_log)
			return 0;
		ssdnvme_fail(
			td, EINVAL,
			"tag_log=1 needs somewhere to write: set ssdnvme_results= or --output");
		return 1;
	}
	deny = ssdnvme_deny_list(td);
	if (!deny) {
		free(results);
		return 1;
	}
	/* what is there before this job runs is an earlier run's, to replace */
	if (!o->results_seen) {
		o->results_slot = results_pending_slot(results, o->results_seen_run,
						       sizeof(o->results_seen_run));
		o->results_seen = true;
	}
	need = ssdnvme_results_estimate(td);
	if (probe(td,
		  o->results_file && *o->results_file ? "ssdnvme_results="
						      : "the results file (next to --output) ",
		  results, deny, need, true))
		goto out;
	if (o->tag_log) {
		log = ssdnvme_taglog_path(td, results);
		if (!log ||
		    probe(td, "tag_log: ", log, deny, need + ssdnvme_taglog_estimate(td), false))
			goto out;
		if (!ssdnvme_taglog_estimate(td))
			ssdnvme_note(unbounded_log, td->o.name ? td->o.name : "", log);
	}
	ret = 0;
out:
	free(log);
	free(deny);
	free(results);
	return ret;
}
