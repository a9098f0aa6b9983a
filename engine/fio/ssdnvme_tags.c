// SPDX-License-Identifier: GPL-2.0-only
/*
 * The glue between the data path and the latency-tag library (tags.h,
 * docs/tags.md): one tag table per job, one key per file and direction
 * (created at the file's first I/O of that direction), the controllers'
 * shared in-flight counters, and the optional per-I/O log.
 *
 * Timing: an I/O's tag is stamped with the same fio_gettime() value fio
 * stamps as its issue time, right after the engine's io_uring_enter() submits
 * it, and finished with one clock read per reaped batch, so tag latencies
 * measure what fio's clat measures, minus fio's own completion bookkeeping.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fio.h"

#include "glue.h"
#include "taglog.h"
#include "ssdnvme_tags.h"
#include "tags.h"

/* The controller a file's I/O counts against: "nvme0", a block device, or "" (a file). */
static const char *ctrl_of(const struct file_state *fs)
{
	if (!fs)
		return "";
	return fs->ni.controller[0] ? fs->ni.controller : fs->ni.blockdev;
}

static struct inflight *find_ctrl(struct tagging *tg, const char *ident)
{
	unsigned int i;

	for (i = 0; i < tg->nr_ctrls; i++)
		if (!strcmp(tg->ctrls[i].ident, ident))
			return tg->ctrls[i].f;
	return NULL;
}

/* Attaches to the shared counters of every controller the job's files are on. */
static int attach_ctrls(struct thread_data *td, struct tagging *tg)
{
	char err[256], msg[MSG_LEN];
	struct fio_file *f;
	const char *ident;
	unsigned int i;

	for_each_file(td, f, i) {
		ident = ctrl_of(FILE_ENG_DATA(f));
		if (!*ident || find_ctrl(tg, ident))
			continue;
		if (tg->nr_ctrls == TAGGING_MAX_CTRLS) {
			snprintf(msg, sizeof(msg), "tags: more than %d controllers in one job",
				 TAGGING_MAX_CTRLS);
			ssdnvme_fail(td, EINVAL, msg);
			return 1;
		}
		tg->ctrls[tg->nr_ctrls].f = inflight_attach(ident, err, sizeof(err));
		if (!tg->ctrls[tg->nr_ctrls].f) {
			snprintf(msg, sizeof(msg), "tags: %s: %s", f->file_name, err);
			ssdnvme_fail(td, EIO, msg);
			return 1;
		}
		snprintf(tg->ctrls[tg->nr_ctrls].ident, INFLIGHT_NAME_MAX, "%s", ident);
		tg->nr_ctrls++;
	}
	return 0;
}

static uint64_t unix_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return ssdnvme_ts_ns(&ts);
}

/*
 * tag_log=1: the per-I/O log goes next to the results file, written to a new
 * file beside it (safefile.h) and renamed into place only when complete.
 */
static int open_log(struct thread_data *td, struct engine_data *ld, struct tagging *tg,
		    struct tags_config *cfg, const char *results)
{
	char err[MSG_LEN - 64], msg[MSG_LEN];

	if (!results) {
		ssdnvme_fail(
			td, EINVAL,
			"tag_log=1 needs somewhere to write: set ssdnvme_results= or --output");
		return 1;
	}
	tg->log_path = ssdnvme_taglog_path(td, results);
	if (!tg->log_path)
		return 1;
	tg->log_file = safefile_create("tag_log: ", tg->log_path, ld->deny, err, sizeof(err));
	if (!tg->log_file) {
		ssdnvme_fail(td, errno, err);
		return 1;
	}
	cfg->log = taglog_create_fd(safefile_fd(tg->log_file), safefile_tmp_path(tg->log_file),
				    unix_now_ns(), err, sizeof(err));
	if (!cfg->log) {
		snprintf(msg, sizeof(msg), "tag_log: %s", err);
		ssdnvme_fail(td, EIO, msg);
		return 1;
	}
	/* the log stops short of the room the results file still needs */
	taglog_set_reserve(cfg->log, ssdnvme_results_estimate(td));
	taglog_set_sync_at_flush(cfg->log, ((struct ssdnvme_options *)td->eo)->tag_log_sync);
	return 0;
}

/*
 * When fio times with the CPU clock, latencies are counted in its cycles
 * (tag_clock.h): the rate is measured here against fio_gettime() over
 * CALIBRATE_US, each fio reading bracketed by two counter readings.
 */
#define CALIBRATE_US 2000

static bool calibrate_cycles(struct tagging *tg)
{
#ifdef ARCH_HAVE_CPU_CLOCK
	struct timespec t0, t1;
	uint64_t a0, b0, a1, b1;

	a0 = get_cpu_clock();
	fio_gettime(&t0, NULL);
	b0 = get_cpu_clock();
	usleep(CALIBRATE_US);
	a1 = get_cpu_clock();
	fio_gettime(&t1, NULL);
	b1 = get_cpu_clock();
	/* midpoints: the fio reading lies between each pair */
	return !tag_clock_set_rate(&tg->clock, (a1 / 2 + b1 / 2) - (a0 / 2 + b0 / 2),
				   ntime_since(&t0, &t1));
#else
	(void)tg;
	return false;
#endif
}

/*
 * fio's clocksource=clock_gettime reads CLOCK_MONOTONIC where fio was
 * configured with it; fio 3.42 no longer configures clock_gettime() itself
 * (CONFIG_CLOCK_GETTIME is gone: it is always there).
 */
#if defined(CONFIG_CLOCK_MONOTONIC) && \
	(defined(CONFIG_CLOCK_GETTIME) || SSDNVME_FIO_VERSION_NUM >= 342)
#define FIO_MONO_CLOCK 1
#endif

/* Which reading of fio's clock the stamps are (enum tagging_clock). */
static void choose_clock(struct tagging *tg)
{
	tag_clock_set_identity(&tg->clock);
	tg->clock_kind = TAGGING_CLOCK_FIO;
	if (fio_ts) /* gtod_cpu: fio reads a time another thread keeps */
		return;
	if (fio_clock_source == CS_CPUCLOCK && calibrate_cycles(tg))
		tg->clock_kind = TAGGING_CLOCK_CYCLES;
#ifdef FIO_MONO_CLOCK
	else if (fio_clock_source == CS_CGETTIME)
		tg->clock_kind = TAGGING_CLOCK_MONO; /* fio_get_mono_time()'s call */
#endif
}

int tagging_init(struct thread_data *td, struct engine_data *ld, const char *results_path)
{
	struct ssdnvme_options *o = td->eo;
	struct tags_config cfg = {
		.start_ns = ssdnvme_now_ns(),
		.interval_ns = (uint64_t)o->tag_interval * 1000000ull,
		.outliers = o->tag_outliers,
	};
	struct tagging *tg;

	if (o->tag_log_sync && (!o->tags || !o->tag_log)) {
		ssdnvme_fail(td, EINVAL,
			     "tag_log_sync=1 needs tag_log=1 (and tags=1): it syncs that log");
		return 1;
	}
	if (!o->tags)
		return 0;
	tg = calloc(1, sizeof(*tg));
	if (!tg)
		return 1;
	ld->tagging = tg;
	/* every file is known by now: namespaces= added its own in ->setup() */
	tg->nr_files = td->files_index > td->o.nr_files ? td->files_index : td->o.nr_files;
	tg->nr_slots = (size_t)tg->nr_files * TAGGING_DDIRS;
	tg->keys = calloc(tg->nr_slots, sizeof(*tg->keys));
	tg->placed_keys = calloc((size_t)tg->nr_files * FDP_MAX_PIDS, sizeof(*tg->placed_keys));
	tg->ios = calloc(ld->depth, sizeof(*tg->ios));
	tg->label = strdup(o->tag_label && *o->tag_label ? o->tag_label
			   : td->o.name			 ? td->o.name
							 : "job");
	if (!tg->keys || !tg->placed_keys || !tg->ios || !tg->label)
		return 1;
	if (attach_ctrls(td, tg))
		return 1;
	tg->td = td;
	tg->ramp_pending = td->o.ramp_time != 0;
	choose_clock(tg);
	if (o->tag_log && open_log(td, ld, tg, &cfg, results_path))
		return 1;
	tg->tags = tags_new(&cfg);
	if (!tg->tags) {
		taglog_free(cfg.log);
		ssdnvme_fail(td, errno ? errno : ENOMEM, "tags: cannot set up the tag table");
		return 1;
	}
	return 0;
}

/*
 * fio accounts a completion (io_u.c's should_account(), called right after
 * ->event()) once its ramp is over and the job is running or verifying.
 * Asking the same here, at the same moment, agrees with it: a ramp that
 * ends in this call ends for fio too.  From the first accounted completion
 * on, the question is not asked again.
 */
bool tagging_ramp_drop(struct tagging *tg, struct tag_key *k, const struct io_u *io_u)
{
	struct thread_data *td = tg->td;

	if (ssdnvme_ramp_over(td) && (td->runstate == TD_RUNNING || td->runstate == TD_VERIFYING)) {
		tg->ramp_pending = false;
		return false;
	}
	if (k->inflight)
		inflight_dec(k->inflight, k->dir);
	tg->ramp_left_out[(unsigned int)io_u->ddir < TAGGING_DDIRS ? io_u->ddir : 0]++;
	return true;
}

struct io_u *tagging_completed_in_ramp(struct tagging *tg, struct io_u *io_u, uint64_t stamp)
{
	if (tagging_ramp_drop(tg, tg->ios[io_u->index].key, io_u)) {
		tg->in_flight--;
		return io_u;
	}
	return tagging_completed_counted(tg, io_u, stamp);
}

/* "tags_ramp": fio's ramp_time and the completions left out of the tags. */
static json_object *ramp_json(const struct tagging *tg)
{
	static const char *const dirs[] = {"read", "write", "trim"};
	json_object *o, *left;
	unsigned int i;

	if (!tg->td->o.ramp_time)
		return NULL;
	o = json_object_new_object();
	left = json_object_new_object();
	if (!o || !left) {
		json_object_put(o);
		json_object_put(left);
		return NULL;
	}
	for (i = 0; i < TAGGING_DDIRS && i < sizeof(dirs) / sizeof(dirs[0]); i++)
		json_object_object_add(left, dirs[i],
				       json_object_new_int64((int64_t)tg->ramp_left_out[i]));
	json_object_object_add(o, "ramp_time_us",
			       json_object_new_int64((int64_t)tg->td->o.ramp_time));
	json_object_object_add(o, "left_out", left);
	return o;
}

/* Each key says which job it is from: a run's jobs share one results file. */
static void mark_keys(json_object *tags, const char *job, unsigned int thread)
{
	json_object *keys, *k;
	size_t i;

	if (!json_object_object_get_ex(tags, "keys", &keys))
		return;
	for (i = 0; i < json_object_array_length(keys); i++) {
		k = json_object_array_get_idx(keys, i);
		json_object_object_add(k, "job", json_object_new_string(job));
		json_object_object_add(k, "thread", json_object_new_int64(thread));
	}
}

/* The key of IO_U's file and direction, at its first I/O; NULL on ENOMEM. */
struct tag_key *tagging_new_key(struct tagging *tg, struct io_u *io_u)
{
	struct fio_file *f = io_u->file;
	struct file_state *fs = FILE_ENG_DATA(f);
	enum tag_dir dir = tagging_dir(io_u->ddir);
	const char *ctrl = ctrl_of(fs);
	struct tag_key *k;

	if ((unsigned int)f->fileno >= tg->nr_files || (unsigned int)io_u->ddir >= TAGGING_DDIRS)
		return NULL;
	k = tags_key(tg->tags, ctrl, *ctrl ? find_ctrl(tg, ctrl) : NULL, fs ? fs->ni.nsid : 0, dir,
		     tg->label);
	tg->keys[(size_t)f->fileno * TAGGING_DDIRS + io_u->ddir] = k;
	return k;
}

/*
 * Placed writes: one key per file and placement identifier, so that each
 * PID's (and, with namespaces=, each namespace x PID's) latencies stand
 * alone; the file's unplaced I/O keep their usual keys.
 */
struct tag_key *tagging_placed_key(struct tagging *tg, struct io_u *io_u, unsigned int place)
{
	struct fio_file *f = io_u->file;
	struct file_state *fs = FILE_ENG_DATA(f);
	const char *ctrl = ctrl_of(fs);
	struct tag_placement pl;
	struct tag_key **slot;

	if ((unsigned int)f->fileno >= tg->nr_files || !fs || !fs->fdp || place > fs->fdp->n)
		return NULL;
	slot = &tg->placed_keys[(size_t)f->fileno * FDP_MAX_PIDS + place - 1];
	if (*slot)
		return *slot;
	pl.pid = fs->fdp->pid[place - 1];
	pl.index = fs->fdp->index[place - 1];
	*slot = tags_key_placed(tg->tags, ctrl, *ctrl ? find_ctrl(tg, ctrl) : NULL, fs->ni.nsid,
				tagging_dir(io_u->ddir), tg->label, &pl);
	return *slot;
}

/* Starting LBA in the namespace's units; the byte offset for a file. */
static uint64_t start_lba(const struct io_u *io_u)
{
	const struct file_state *fs = FILE_ENG_DATA(io_u->file);

	return fs ? file_lbas(fs, io_u->offset) : io_u->offset;
}

/*
 * fio's submission latency of a kept record: its issue time (the record's
 * submit_ns, still fio's clock here) less the prep time fio stamped in
 * start_time, both fio_gettime() readings.  Taken only for kept records, so
 * the other I/Os pay nothing; 0 when fio took no start time (disable_lat).
 */
static uint32_t slat_of(const struct tag_io *io, const struct io_u *io_u)
{
	uint64_t prep = ssdnvme_ts_ns(&io_u->start_time), d;

	if (!prep || prep > io->submit_ns)
		return 0;
	d = io->submit_ns - prep;
	return d > UINT32_MAX ? UINT32_MAX : (uint32_t)d;
}

static void fill_where(struct tag_io *io, const struct io_u *io_u)
{
	io->lba = start_lba(io_u);
	io->len = (uint32_t)io_u->xfer_buflen;
	io->slat_ns = slat_of(io, io_u);
}

struct io_u *tagging_keep(struct tagging *tg, struct tag_key *k, struct tag_io *io,
			  struct io_u *io_u)
{
	fill_where(io, io_u);
	tags_keep(tg->tags, k, io);
	return io_u;
}

struct io_u *tagging_completed_slow(struct tagging *tg, struct io_u *io_u, uint64_t lat_ns)
{
	struct tagging_io *tio = &tg->ios[io_u->index];
	struct tag_key *k = tio->key;
	struct tag_io *io = &tio->io;

	tg->in_flight--;
	if (io_u->error) {
		fill_where(io, io_u);
		tags_fail_after(tg->tags, k, io, lat_ns);
	} else if (tags_complete(tg->tags, k, io, lat_ns)) {
		tagging_keep(tg, k, io, io_u);
	}
	return io_u;
}

/* How latencies were timed: {"source": "cpu", "ns_per_cycle": R}, or the
 * source of fio's own ns ("clock_gettime", "fio"). */
static json_object *clock_json(const struct tagging *tg)
{
	static const char *const names[] = {
		[TAGGING_CLOCK_FIO] = "fio",
		[TAGGING_CLOCK_CYCLES] = "cpu",
		[TAGGING_CLOCK_MONO] = "clock_gettime",
	};
	json_object *c = json_object_new_object();

	if (!c)
		return NULL;
	json_object_object_add(c, "source", json_object_new_string(names[tg->clock_kind]));
	if (tg->clock_kind == TAGGING_CLOCK_CYCLES)
		json_object_object_add(c, "ns_per_cycle",
				       json_object_new_double((double)tg->clock.mult /
							      (double)(1ull << TAG_CLOCK_SHIFT)));
	return c;
}

void tagging_report(struct thread_data *td, struct engine_data *ld, struct results *r,
		    json_object *job_entry)
{
	struct tagging *tg = ld->tagging;
	json_object *section;

	if (!tg || !tg->tags)
		return;
	section = tags_json(tg->tags);
	if (!section) {
		log_err("ssdnvme: tags: out of memory writing the tags section\n");
		return;
	}
	mark_keys(section, td->o.name ? td->o.name : "job", td->thread_number);
	json_object_object_add(section, "clock", clock_json(tg));
	results_add_section(r, "tags", section);
	if (td->o.ramp_time)
		json_object_object_add(job_entry, "tags_ramp", ramp_json(tg));
	/* only a complete log is named; a lost one says why */
	json_object_object_add(job_entry, "taglog",
			       tg->log_path && !tg->log_lost ? json_object_new_string(tg->log_path)
							     : NULL);
	if (tg->log_lost)
		json_object_object_add(job_entry, "taglog_lost",
				       json_object_new_string(tg->log_lost));
	if (tg->log_truncated)
		json_object_object_add(job_entry, "taglog_truncated",
				       json_object_new_string(tg->log_truncated));
}

/* A log that stopped at its reserve is kept, truncated, and said so once. */
static void note_stopped(struct tagging *tg, const struct taglog *log)
{
	char msg[MSG_LEN + 256];
	uint64_t kept;

	if (!taglog_stopped(log, &kept))
		return;
	snprintf(msg, sizeof(msg),
		 "tag log %s stopped after %llu of %llu records: its file system was about to "
		 "run short of the room the results need; kept, truncated",
		 tg->log_path, (unsigned long long)kept, (unsigned long long)taglog_records(log));
	ssdnvme_note("ssdnvme: %s\n", msg);
	tg->log_truncated = strdup(msg);
}

void tagging_finish_log(struct thread_data *td, struct engine_data *ld)
{
	struct tagging *tg = ld->tagging;
	char err[MSG_LEN], msg[MSG_LEN + 256];
	struct taglog *log;
	uint64_t records;
	int ret;

	if (!tg || !tg->log_file)
		return;
	log = tg->tags ? tg->tags->cfg.log : NULL;
	records = log ? taglog_records(log) : 0;
	ret = log ? taglog_finish(log, err, sizeof(err)) : -1;
	if (!log)
		snprintf(err, sizeof(err), "%s: never started", tg->log_path);
	if (ret) {
		ret = -(log && taglog_error(log) ? taglog_error(log) : EIO);
		safefile_abort(tg->log_file); /* an incomplete log is not kept */
	} else {
		ret = safefile_commit(tg->log_file, err, sizeof(err));
	}
	tg->log_file = NULL;
	if (!ret) {
		note_stopped(tg, log);
		return;
	}
	snprintf(msg, sizeof(msg), "tag log %s not written: %s; lost: the %llu per-I/O records",
		 tg->log_path, err, (unsigned long long)records);
	tg->log_lost = strdup(msg);
	ssdnvme_fail(td, -ret, msg);
}

void tagging_free(struct engine_data *ld)
{
	struct tagging *tg = ld->tagging;
	unsigned int i;

	if (!tg)
		return;
	if (tg->log_file) /* cleanup without tagging_finish_log(): not complete */
		safefile_abort(tg->log_file);
	if (tg->tags)
		taglog_free(tg->tags->cfg.log);
	tags_free(tg->tags);
	for (i = 0; i < tg->nr_ctrls; i++)
		inflight_detach(tg->ctrls[i].f);
	free(tg->keys);
	free(tg->placed_keys);
	free(tg->ios);
	free(tg->label);
	free(tg->log_path);
	free(tg->log_lost);
	free(tg->log_truncated);
	free(tg);
	ld->tagging = NULL;
}
