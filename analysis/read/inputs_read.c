// SPDX-License-Identifier: GPL-2.0-only
/*
 * The files the walk planned (inputs.c), parsed in parallel, each into a
 * model of its own, then merged in list order: parsing dominates the run
 * time (json-c builds every value), files are independent, and the result
 * must not depend on the thread count.
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "read/inputs.h"
#include "read/inputs_priv.h"
#include "read/read_engine.h"
#include "read/read_health.h"
#include "read/read_clients.h"
#include "read/read_fio.h"
#include "util/slurp.h"

static bool read_sidecar(struct fr_model *m, const char *path, struct fr_engine *e)
{
	char err[256];
	size_t len;
	char *buf = path ? fr_slurp(path, &len) : NULL;

	if (!buf)
		return false; /* no sidecar: the engine did not run */
	if (fr_read_engine(buf, len, e, err, sizeof(err))) {
		fr_model_skip(m, path, "%s", err);
		free(buf);
		return false;
	}
	free(buf);
	return true;
}

/* The drive's health over each step (issue 25); a malformed section is
 * said, and the figures are still used. */
static void attach_health(struct fr_model *m, const struct fr_engine *e, const char *sidecar)
{
	char err[256];

	if (fr_health_attach(m, e->health, err, sizeof(err)))
		fr_model_skip(m, sidecar, "its \"health\" section is not used: %s", err);
}

/* A worker's read buffer, reused for every file it reads. */
struct rbuf {
	char *buf;
	size_t cap;
};

/* Parses one file into the task's own model (runs in a worker thread). */
static void read_task(struct task *t, struct rbuf *rb)
{
	struct fr_label label = {t->drive,	  t->profile,	t->step,	  t->fallback,
				 t->profile_hint, t->step_hint, t->host_entrants, t->fleet};
	struct fr_model *m = &t->result;
	struct fr_read_info info = {0};
	struct fr_engine eng;
	char *elabel = NULL;
	bool have_engine = read_sidecar(m, t->sidecar, &eng);
	size_t len;

	if (!label.drive && have_engine && (eng.model || eng.serial)) {
		elabel = fr_engine_label(&eng);
		if (!elabel)
			fr_model_skip(m, t->sidecar, "out of memory");
		label.drive = elabel;
	}
	/* fr_engine_ramp_check() reads the fio options the reader kept */
	if (have_engine && m->keep == FR_KEEP_NONE)
		m->keep = FR_KEEP_OPTIONS;
	if (fr_slurp_into(t->path, &rb->buf, &rb->cap, &len)) {
		fr_model_skip(m, t->path, "cannot read: %s", strerror(errno));
	} else if (!fr_read_fio_buffer(m, rb->buf, len, t->path, &label, &info) && have_engine) {
		struct fr_drive *d = fr_model_find_drive(m, info.drive);

		if (d && fr_drive_set_ident(d, eng.model, eng.serial, eng.firmware))
			fr_model_skip(m, t->sidecar, "out of memory");
		fr_engine_ramp_check(m, &eng, t->sidecar);
		if (info.nn_jobs &&
		    fr_engine_add_tails(m, &eng, info.drive, info.nn_step, t->sidecar))
			fr_model_skip(m, t->sidecar, "out of memory");
		attach_health(m, &eng, t->sidecar);
		fr_model_keep_docs(m, t->path, NULL, eng.root);
	}
	if (have_engine)
		fr_engine_free(&eng);
	fr_read_info_free(&info);
	free(elabel);
}

/* An excluded fleet run's output, read for the fleet view alone (its
 * servers: which hosts it holds). */
static void read_fleet_only(struct task *t, struct rbuf *rb)
{
	struct fr_model *m = &t->result;
	struct fr_clients c = {0};
	size_t len;
	int r;

	/* none: the run failed before fio wrote it, which fleet.c says */
	if (fr_slurp_into(t->path, &rb->buf, &rb->cap, &len))
		r = errno == ENOENT ? 0 : fr_clients_unread(t->path, strerror(errno), &c);
	else
		r = fr_clients_read_buffer(rb->buf, len, t->path, &c);
	if (r || (c.source && fr_model_add_clients(m, &c)))
		(void)fr_model_skip(m, t->path, "out of memory");
	fr_clients_free(&c);
}

struct pool {
	struct fr_inputs *in;
	atomic_size_t next;
};

static void *worker(void *arg)
{
	struct pool *p = arg;
	struct rbuf rb = {0};
	size_t i;

	while ((i = atomic_fetch_add(&p->next, 1)) < p->in->ntasks)
		if (p->in->tasks[i].kind == TASK_FILE)
			read_task(&p->in->tasks[i], &rb);
		else if (p->in->tasks[i].kind == TASK_EXCLUDE && p->in->tasks[i].fleet)
			read_fleet_only(&p->in->tasks[i], &rb);
	free(rb.buf);
	return NULL;
}

static void run_pool(struct fr_inputs *in, unsigned threads)
{
	struct pool p = {.in = in};
	pthread_t tid[64];
	unsigned started = 0;

	atomic_init(&p.next, 0);
	if (threads > 64)
		threads = 64;
	/* the calling thread is one of the workers */
	while (started + 1 < threads && started + 1 < in->ntasks &&
	       !pthread_create(&tid[started], NULL, worker, &p))
		started++;
	worker(&p);
	for (unsigned i = 0; i < started; i++)
		pthread_join(tid[i], NULL);
}

/* The walk's manifest trees into the model (fr_model.manifests). */
static int keep_manifests(struct fr_model *m, struct fr_inputs *in)
{
	if (!in->manifest_docs)
		return 0;
	if (!m->manifests) {
		m->manifests = in->manifest_docs;
		in->manifest_docs = NULL;
		return 0;
	}
	json_object_object_foreach(in->manifest_docs, path, root)
	{
		if (json_object_object_add(m->manifests, path, json_object_get(root))) {
			json_object_put(root);
			return -ENOMEM;
		}
	}
	return 0;
}

/* One note per PTS suite the walk left to `fiorank pts` (struct pts_tally). */
static int note_pts(const struct fr_inputs *in, struct fr_model *m)
{
	for (size_t i = 0; i < in->npts; i++) {
		const struct pts_tally *p = &in->pts[i];

		if (fr_model_note(
			    m, p->manifest_dir,
			    "%zu result%s of the SNIA PTS suite %s (drive '%s') not ranked here: "
			    "PTS tests have their own figures and pages, `fiorank pts %s`",
			    p->n, p->n == 1 ? "" : "s", p->suite, p->drive, p->manifest_dir))
			return -ENOMEM;
	}
	return 0;
}

int fr_inputs_read(struct fr_inputs *in, struct fr_model *m, unsigned threads)
{
	if (in->oom)
		return -ENOMEM;
	for (size_t i = 0; i < in->ntasks; i++) {
		fr_model_init(&in->tasks[i].result);
		in->tasks[i].result.keep = m->keep;
	}
	run_pool(in, threads ? threads : 1);
	for (size_t i = 0; i < in->ntasks; i++) {
		struct task *t = &in->tasks[i];
		int r = 0;

		if (t->kind == TASK_SKIP)
			r = fr_model_skip(m, t->path, "%s", t->reason ? t->reason : "?");
		else if (t->kind == TASK_EXCLUDE)
			r = fr_model_exclude(m, t->path, "%s", t->reason ? t->reason : "?")
				    ?: fr_model_merge(m, &t->result);
		else
			r = fr_model_merge(m, &t->result);
		/* the fleet view's servers of the file, moved, not copied */
		r = r ?: fr_model_take_clients(m, &t->result);
		fr_model_free(&t->result);
		if (r)
			return -ENOMEM;
	}
	for (size_t i = 0; i < in->nidents; i++) {
		struct fr_drive *d =
			in->idents[i].label ? fr_model_find_drive(m, in->idents[i].label) : NULL;

		if (d && fr_drive_set_ident(d, in->idents[i].model, in->idents[i].serial,
					    in->idents[i].firmware))
			return -ENOMEM;
	}
	if (note_pts(in, m))
		return -ENOMEM;
	return keep_manifests(m, in);
}
