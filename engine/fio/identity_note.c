// SPDX-License-Identifier: GPL-2.0-only
/*
 * identity_note=1: the engine's answer to a runner's preflight.  After
 * ->setup() has identified every file of the job, one line per file,
 *
 *   ssdnvme-identity: {"host": ..., "kernel": ..., "cpu": ..., "fio": ...,
 *                      "path": ..., "model": ..., "serial": ..., "in_use": ...}
 *
 * through ssdnvme_note(): under fio --server the client prints it, so the
 * runner on another machine learns what each server's device is, and what
 * uses it, from one job.  The job does no I/O: identity_note=1 turns on
 * fio's create_only=1 (set-up only), and ->setup() stops before the
 * engine's own files and the health logs.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "fio.h"

#include "glue.h"
#include "guard.h"
#include "lba.h"
#include "namespace.h"
#include "nsdev.h"
#include "results.h"

/* Where the note's text is bounded (ssdnvme_note() takes 1024 bytes). */
#define IN_USE_MAX 240

static void add_str(json_object *j, const char *key, const char *v)
{
	json_object_object_add(j, key, v && *v ? json_object_new_string(v) : NULL);
}

static void add_host(json_object *j)
{
	char host[256], cpu[256], kernel[3 * 65 + 2] = "";
	struct utsname u;

	ssdnvme_host_name(host, sizeof(host));
	if (!uname(&u))
		snprintf(kernel, sizeof(kernel), "%s %s %s", u.sysname, u.release, u.machine);
	ssdnvme_cpu_model(cpu, sizeof(cpu));
	add_str(j, "host", host);
	add_str(j, "kernel", kernel);
	add_str(j, "cpu", cpu);
	add_str(j, "fio", guard_running_fio_version());
}

/* What a write to the file would destroy beside it: mounted, swap, dm/md. */
static void add_in_use(json_object *j, const struct ns_info *ni)
{
	char what[PATH_MAX + 256];

	if (ni->kind == NS_KIND_FILE || !ni->dev.rdev ||
	    !guard_in_use(&ni->dev, "/proc/self/mountinfo", "/proc/swaps", what, sizeof(what))) {
		json_object_object_add(j, "in_use", NULL);
		return;
	}
	if (strlen(what) > IN_USE_MAX)
		strcpy(what + IN_USE_MAX - 3, "...");
	add_str(j, "in_use", what);
}

/* A file target: whether it is there (fio would lay out a missing one), and its size. */
static void add_file_size(json_object *j, const char *path)
{
	struct stat st;
	bool there = !stat(path, &st);

	json_object_object_add(j, "exists", json_object_new_boolean(there));
	json_object_object_add(j, "size_bytes", there ? json_object_new_int64(st.st_size) : NULL);
}

static void add_drive(json_object *j, const struct ns_info *ni)
{
	static const char *const kinds[] = {
		[NS_KIND_NVME_CHAR] = "nvme-char",
		[NS_KIND_BLOCK] = "block",
		[NS_KIND_FILE] = "file",
	};

	add_str(j, "path", ni->path);
	add_str(j, "kind", kinds[ni->kind]);
	add_str(j, "node", ni->dev.name[0] ? ni->dev.name : NULL);
	add_str(j, "controller", ni->identified ? ni->controller : NULL);
	add_str(j, "model", ni->identified ? ni->model : NULL);
	add_str(j, "serial", ni->identified ? ni->serial : NULL);
	add_str(j, "firmware", ni->identified ? ni->firmware : NULL);
	json_object_object_add(j, "nsid", ni->nsid ? json_object_new_int64(ni->nsid) : NULL);
	json_object_object_add(j, "lba_size",
			       ni->lba_size ? json_object_new_int64(ni->lba_size) : NULL);
	json_object_object_add(j, "metadata_size", json_object_new_int64(ni->ms));
	json_object_object_add(
		j, "capacity_bytes",
		ni->capacity_bytes ? json_object_new_int64((int64_t)ni->capacity_bytes) : NULL);
	add_in_use(j, ni);
	if (ni->kind == NS_KIND_FILE)
		add_file_size(j, ni->path);
}

/*
 * One line per namespace attached to an NVMe char device's controller,
 *
 *   ssdnvme-namespace: {"path": ..., "nsid": 3, "node": "ng0n3"}
 *
 * so that a runner on another machine knows each server's node of every
 * nsid (noisy neighbor sends one job naming nsid 1-6's nodes to every host).
 * One line each: a note is bounded, a controller may have many namespaces.
 * What cannot be listed is left out: the runner refuses what it then lacks.
 */
static void note_namespaces(const struct ns_info *ni)
{
	char msg[MSG_LEN], **paths = NULL;
	struct nslist *all = calloc(1, sizeof(*all));
	struct nsdev d;
	json_object *j;
	int n, i;

	if (!all)
		return;
	all->all = true;
	n = ns_expand(ni->path, all, &paths, msg, sizeof(msg));
	free(all);
	for (i = 0; i < n; i++) {
		if (nsdev_identify("/sys", paths[i], &d, msg, sizeof(msg)) || !d.nsid)
			continue;
		j = json_object_new_object();
		if (!j)
			break;
		add_str(j, "path", ni->path);
		json_object_object_add(j, "nsid", json_object_new_int64(d.nsid));
		add_str(j, "node", d.name);
		ssdnvme_note("ssdnvme-namespace: %s\n",
			     json_object_to_json_string_ext(j, JSON_C_TO_STRING_PLAIN));
		json_object_put(j);
	}
	ns_free_paths(paths, n < 0 ? 0 : n);
}

int ssdnvme_identity_note(struct thread_data *td)
{
	struct ssdnvme_options *o = td->eo;
	struct fio_file *f;
	unsigned int i;
	json_object *j;

	td->o.create_only = 1;
	if (o->identity_told)
		return 0;
	o->identity_told = true;
	for_each_file(td, f, i) {
		const struct file_state *fs = FILE_ENG_DATA(f);

		j = json_object_new_object();
		if (!j || !fs) {
			json_object_put(j);
			ssdnvme_fail(td, ENOMEM, "identity_note: out of memory");
			return 1;
		}
		add_host(j);
		add_drive(j, &fs->ni);
		ssdnvme_note("ssdnvme-identity: %s\n",
			     json_object_to_json_string_ext(j, JSON_C_TO_STRING_PLAIN));
		json_object_put(j);
		if (fs->ni.kind == NS_KIND_NVME_CHAR)
			note_namespaces(&fs->ni);
	}
	return 0;
}
