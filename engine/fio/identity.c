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
#include "results.h"
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

void ssdnvme_write_results(struct thread_data *td, struct engine_data *ld)
{
	struct results *r;
	char msg[MSG_LEN], out[MSG_LEN + 128], id[64];
	const char *path = ld->results_path;
	int ret;
	json_object *job;
	unsigned int i;

	if (!path)
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
		run_id(td, id, sizeof(id));
		ret = results_write_run(r, id, ((struct ssdnvme_options *)td->eo)->results_seen_run,
					job, path, ld->deny, msg, sizeof(msg));
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
}
