// SPDX-License-Identifier: GPL-2.0-only
/*
 * The glue between a job and engine/health/: which controllers the job
 * touches, when their health is read (before the first I/O, during the job
 * from the sampler thread, after the last completion), the stderr line when
 * the step is suspect, and the "health" section of the results file.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "fio.h"

#include "glue.h"
#include "health_job.h"

/* Why FS has no controller to read health from; NULL when it has one. */
static const char *no_controller(const struct file_state *fs, char *buf, size_t len)
{
	if (fs->ni.kind == NS_KIND_FILE)
		snprintf(buf, len, "%s is a regular file: no NVMe controller to read health from",
			 fs->ni.path);
	else if (!fs->ni.dev.controller[0])
		snprintf(buf, len,
			 "%s is a block device that is not an NVMe namespace (%s): no NVMe "
			 "health log",
			 fs->ni.path, fs->ni.blockdev[0] ? fs->ni.blockdev : "no disk");
	else
		return NULL;
	return buf;
}

/* Whether every file of the job went through ->setup() (it may run after ->post_init). */
static bool files_ready(struct thread_data *td)
{
	struct fio_file *f;
	unsigned int i;

	for_each_file(td, f, i)
		if (!FILE_ENG_DATA(f))
			return false;
	return td->files_index > 0;
}

static int add_files(struct thread_data *td, struct health_job *job)
{
	struct file_state *fs;
	struct fio_file *f;
	char why[PATH_MAX + 256];
	const char *absent;
	unsigned int i;

	for_each_file(td, f, i) {
		fs = FILE_ENG_DATA(f);
		absent = no_controller(fs, why, sizeof(why));
		if (health_job_add(job, absent ? "" : fs->ni.dev.controller, fs->ni.path,
				   fs->ni.identified ? fs->ni.serial : "",
				   fs->ni.identified ? fs->ni.model : "", fs->ni.dev.nsid, absent))
			return -ENOMEM;
	}
	return 0;
}

int ssdnvme_health_start(struct thread_data *td, struct engine_data *ld)
{
	struct ssdnvme_options *o = td->eo;
	char why[HEALTH_WHY_LEN];
	int ret;

	if (!o->health || ld->health || !files_ready(td))
		return 0;
	ld->health = health_job_new(o->health_interval, "/sys");
	if (!ld->health || add_files(td, ld->health)) {
		ssdnvme_fail(td, ENOMEM, "out of memory for the drive health snapshots");
		return 1;
	}
	ret = health_job_start(ld->health, why, sizeof(why));
	if (ret) {
		ssdnvme_fail(td, -ret, why);
		return 1;
	}
	return 0;
}

void ssdnvme_health_finish(struct thread_data *td, struct engine_data *ld)
{
	char what[1024];
	size_t i;

	if (!ld->health)
		return;
	health_job_stop(ld->health);
	for (i = 0; i < ld->health->nr_ctrls; i++)
		if (health_ctrl_suspect(&ld->health->ctrls[i], what, sizeof(what)))
			log_err("ssdnvme: job '%s' on %s: %s\n", td->o.name ? td->o.name : "",
				ld->health->ctrls[i].name, what);
}

void ssdnvme_health_report(struct thread_data *td, struct engine_data *ld, struct results *r)
{
	json_object *section;
	char key[256];

	if (!ld->health)
		return;
	/* keyed like the tags: the jobs of one run merge into one file */
	snprintf(key, sizeof(key), "%s.%d", td->o.name ? td->o.name : "", td->thread_number);
	section = json_object_new_object();
	json_object_object_add(section, key,
			       health_job_json(ld->health, td->o.name, td->thread_number));
	results_add_section(r, "health", section);
}

void ssdnvme_health_free(struct engine_data *ld)
{
	health_job_free(ld->health);
	ld->health = NULL;
}
