// SPDX-License-Identifier: GPL-2.0-only
/*
 * The glue between a job and results.c: what goes into the engine's JSON
 * (where it goes is paths.c's).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fio.h"

#include "glue.h"
#include "procstat.h"
#include "results_parts.h"
#include "ssdnvme_fdp.h"
#include "version.h" /* $(BUILD)/version.h: the project version */

/*
 * The fio run: fio's main process, which forks every job (or runs it as a
 * thread with thread=1), identified by pid and start time so that a reused
 * pid is another run.
 */
static pid_t fio_main_pid(struct thread_data *td)
{
	return td->o.use_thread ? getpid() : getppid();
}

static void run_id(struct thread_data *td, char *id, size_t len)
{
	pid_t fio_pid = fio_main_pid(td);

	snprintf(id, len, "%d-%llu", (int)fio_pid,
		 (unsigned long long)proc_start_time(fio_pid, NULL));
}

static json_object *job_entry(struct thread_data *td)
{
	json_object *j = json_object_new_object();

	json_object_object_add(j, "name", json_object_new_string(td->o.name ? td->o.name : ""));
	json_object_object_add(j, "thread", json_object_new_int64(td->thread_number));
	json_object_object_add(j, "pid", json_object_new_int64(getpid()));
	return j;
}

/*
 * The job's record: as a part in the run's parts directory when the job
 * joined the run's count (results_parts.h), else merged into the file at once.
 */
static int write_record(struct thread_data *td, struct engine_data *ld, struct results *r,
			json_object *job, char *msg, size_t len)
{
	const char *seen = ((struct ssdnvme_options *)td->eo)->results_seen_run;
	char id[RESULTS_RUN_ID_LEN + 16];

	run_id(td, id, sizeof(id));
	if (ld->results_joined && !results_write_part(r, id, job, td->thread_number,
						      ld->results_path, ld->deny, msg, len))
		return 0;
	/* no part (or no room for one): straight into the file, as a lone job writes */
	return results_write_run(r, id, seen, ld->results_joined ? json_object_get(job) : job,
				 ld->results_path, ld->deny, msg, len);
}

/* The last of the run's jobs to end merges every part, once. */
static void merge_if_last(struct thread_data *td, struct engine_data *ld)
{
	const char *seen = ((struct ssdnvme_options *)td->eo)->results_seen_run;
	char msg[MSG_LEN], id[RESULTS_RUN_ID_LEN + 16];
	int ret;

	if (!ld->results_joined || !results_pending_leave(ld->results_joined))
		return;
	ld->results_joined = 0;
	run_id(td, id, sizeof(id));
	ret = results_merge_parts(ld->results_path, id, seen, ld->deny, msg, sizeof(msg));
	if (ret)
		ssdnvme_fail(td, -ret, msg); /* msg names where the records are kept */
}

void ssdnvme_write_results(struct thread_data *td, struct engine_data *ld)
{
	struct results *r;
	char msg[MSG_LEN], out[MSG_LEN + 128];
	int ret;
	json_object *job;
	unsigned int i;

	if (!ld->results_path)
		return;
	r = results_new(SSDNVME_FIO_VERSION, SSDNVME_PROJECT_VERSION, td->o.name);
	job = job_entry(td);
	if (r && job) {
		for (i = 0; i < ld->nr_opened; i++)
			results_add_file(r, &ld->opened[i]->ni);
		tagging_report(td, ld, r, job);
		ssdnvme_fdp_report(td, ld, job);
		ssdnvme_health_report(td, ld, r);
		results_add_section(r, "system", ssdnvme_system_info(ld));
		ret = write_record(td, ld, r, job, msg, sizeof(msg));
		/* lost results fail the job: fio's exit status is then non-zero */
		if (ret) {
			snprintf(out, sizeof(out),
				 "%s; lost: the engine's results of job '%s' (identity of its "
				 "files%s)",
				 msg, td->o.name ? td->o.name : "",
				 ld->tagging ? ", latency tags" : "");
			ssdnvme_fail(td, -ret, out);
		}
	} else {
		json_object_put(job);
	}
	results_free(r);
	merge_if_last(td, ld);
}
