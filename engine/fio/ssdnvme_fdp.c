// SPDX-License-Identifier: GPL-2.0-only
/*
 * Flexible Data Placement through the engine.  With fio 3.33, which has no
 * placement options, the engine's own ssdnvme_fdp=1, ssdnvme_plids= and
 * ssdnvme_plid_select= (fio 3.39's meanings, docs/engine.md); built against
 * fio >= 3.38 (FIO_IOOPS_VERSION 36), fio's own fdp=1 / plids= /
 * plid_select= are honoured instead: fio asks ->fdp_fetch_ruhs for the
 * handles and picks each write's placement, the engine sends it.
 *
 * Either way the namespace's reclaim unit handle status is read at set-up,
 * so a namespace without FDP, or a plids index it does not have, is refused
 * with the reason before any I/O.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fio.h"

#include "ssdnvme_fdp.h"
#include "streams.h"

/* Placement the job asked for: the engine's options, or fio's (>= 3.38). */
static bool engine_asks(const struct ssdnvme_options *o)
{
	return o->fdp;
}

static bool fio_asks(const struct thread_data *td)
{
#if FIO_IOOPS_VERSION >= 36
	return td->o.fdp || td->o.dp_type == FIO_DP_FDP;
#else
	(void)td;
	return false;
#endif
}

#if FIO_IOOPS_VERSION >= 36
/* fio's plid_select, as the results name it. */
static enum fdp_select fio_select(const struct thread_data *td)
{
	switch (td->o.dp_id_select) {
	case FIO_DP_RANDOM:
		return FDP_SELECT_RANDOM;
	case FIO_DP_SCHEME:
		return FDP_SELECT_SCHEME;
	default:
		return FDP_SELECT_RR;
	}
}
#endif

/* A placement option that is set: not left out, not its default. */
static bool opt_given(const char *v, const char *dflt)
{
	return v && *v && strcmp(v, dflt);
}

/*
 * ssdnvme_plids= and ssdnvme_plid_select= choose among the engine's own
 * placements: without ssdnvme_fdp=1 nothing reads them, and a job that
 * named them would run unplaced without a word.
 */
static bool check_unplaced(struct thread_data *td)
{
	struct ssdnvme_options *o = td->eo;
	const char *name = "ssdnvme_plids", *val = o->plids;
	char msg[MSG_LEN];

	if (engine_asks(o))
		return true;
	if (!opt_given(val, "all")) {
		name = "ssdnvme_plid_select";
		val = o->plid_select;
		if (!opt_given(val, "roundrobin"))
			return true;
	}
	if (fio_asks(td))
		snprintf(msg, sizeof(msg),
			 "%s=%s with fio's fdp=1: fio picks each write's placement from its own "
			 "plids= and plid_select=; give those instead",
			 name, val);
	else
		snprintf(msg, sizeof(msg),
			 "%s=%s without ssdnvme_fdp=1: no write is placed, so it would be "
			 "ignored; add ssdnvme_fdp=1 or drop it",
			 name, val);
	ssdnvme_fail(td, EINVAL, msg);
	return false;
}

/* Refusals that do not depend on the device. */
static bool check_request(struct thread_data *td, const struct file_state *fs)
{
	struct ssdnvme_options *o = td->eo;
	char msg[MSG_LEN];

	if (engine_asks(o) && fio_asks(td))
		snprintf(msg, sizeof(msg),
			 "ssdnvme_fdp=1 and fio's fdp=1 both ask for placement: give one "
			 "(fio's, with this fio)");
	else if (fs->ni.kind != NS_KIND_NVME_CHAR)
		snprintf(msg, sizeof(msg),
			 "%s: data placement needs NVMe passthrough: give the namespace's "
			 "generic char device (/dev/ngXnY), not a %s",
			 fs->ni.path, ns_kind_name(fs->ni.kind));
	else if (!writes_carry_data(o) && td_write(td))
		snprintf(msg, sizeof(msg),
			 "%s with data placement: the engine places Write commands only, so "
			 "those writes would land unplaced; drop one of them",
			 ssdnvme_wmode_spelling(o));
	else
		return true;
	ssdnvme_fail(td, EINVAL, msg);
	return false;
}

static int fetch(struct thread_data *td, const struct file_state *fs, struct fdp_handles *h)
{
	char msg[MSG_LEN - PATH_MAX], out[MSG_LEN + 64];
	int fd, ret;

	fd = open(fs->ni.path, O_RDONLY);
	if (fd < 0) {
		ret = errno;
		snprintf(out, sizeof(out), "%s: cannot open for the placement handles: %s",
			 fs->ni.path, strerror(ret));
		ssdnvme_fail(td, ret, out);
		return 1;
	}
	ret = fdp_fetch_handles(fd, fs->ni.nsid, h, msg, sizeof(msg));
	close(fd);
	if (!ret)
		return 0;
	snprintf(out, sizeof(out), "%s: %s", fs->ni.path, msg);
	ssdnvme_fail(td, ret < 0 ? -ret : ENOTSUP, out);
	return 1;
}

/* The engine's plids= and plid_select=, or fio's plids= (fio picks each write's). */
static int make_plan(struct thread_data *td, struct file_state *fs, const struct fdp_handles *h)
{
	struct ssdnvme_options *o = td->eo;
	char msg[MSG_LEN - PATH_MAX], out[MSG_LEN + 64];
	uint16_t ids[FDP_MAX_PIDS];
	enum fdp_select sel = FDP_SELECT_RR;
	int nids = 0;

#if FIO_IOOPS_VERSION >= 36
	/*
	 * fio's plids (the same indices): the slots its choices are tagged by.
	 * Its scheme ignores plids and may name any handle: all of them.
	 */
	if (fs->fdp_by_fio) {
		sel = fio_select(td);
		if (sel != FDP_SELECT_SCHEME) {
			nids = (int)td->o.dp_nr_ids;
			memcpy(ids, td->o.dp_ids, (size_t)nids * sizeof(ids[0]));
		}
	}
#endif
	if (!fs->fdp_by_fio) {
		/* "all" (a job file's default): every handle, as no plids */
		if (o->plids && *o->plids && strcmp(o->plids, "all")) {
			nids = fdp_parse_ids("ssdnvme_plids", o->plids, ids, msg, sizeof(msg));
			if (nids < 0)
				goto fail;
		}
		if (fdp_parse_select("ssdnvme_plid_select", o->plid_select, &sel, msg, sizeof(msg)))
			goto fail;
	}
	fs->fdp = calloc(1, sizeof(*fs->fdp));
	if (!fs->fdp) {
		ssdnvme_fail(td, ENOMEM, "no memory for the placement plan");
		return 1;
	}
	/* each namespace its own random sequence, repeatable with fio's seed */
	if (!fdp_plan(h, ids, nids, sel, td->o.rand_seed * 2654435761u + fs->ni.nsid, fs->fdp, msg,
		      sizeof(msg)))
		return 0;
	free(fs->fdp);
	fs->fdp = NULL;
fail:
	snprintf(out, sizeof(out), "%s (nsid %u): %s", fs->ni.path, fs->ni.nsid, msg);
	ssdnvme_fail(td, EINVAL, out);
	return 1;
}

/*
 * The endurance group's FDP configuration in use, for its reclaim unit size
 * (docs/engine.md "Write amplification per handle").  Never a job error:
 * without it fiorank says the unit size is not known.
 */
static void read_config(struct file_state *fs)
{
	struct fdp_place *p = fs->fdp;
	int fd = open(fs->ni.path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		snprintf(p->cfg_absent, sizeof(p->cfg_absent),
			 "cannot open the namespace for its FDP configuration: %s",
			 strerror(errno));
		return;
	}
	p->have_cfg =
		!fdp_config_read(fd, fs->ni.nsid, &p->cfg, p->cfg_absent, sizeof(p->cfg_absent));
	close(fd);
}

/*
 * fio's dataplacement=streams: fio picks each write's stream identifier
 * from plids=, the engine sends it (directive type 1) where the namespace's
 * controller has the Streams directive enabled; refused before any I/O,
 * with the controller's reason, where not.
 */
static bool setup_streams(struct thread_data *td, struct file_state *fs)
{
#if FIO_IOOPS_VERSION >= 36
	char msg[MSG_LEN - PATH_MAX], out[MSG_LEN + 64];
	int fd, ret;

	if (td->o.dp_type != FIO_DP_STREAMS || fs->streams)
		return true;
	if (fs->ni.kind != NS_KIND_NVME_CHAR) {
		snprintf(out, sizeof(out),
			 "dataplacement=streams: %s is a %s; streams need NVMe passthrough "
			 "(/dev/ngXnY)",
			 fs->ni.path, ns_kind_name(fs->ni.kind));
		ssdnvme_fail(td, EINVAL, out);
		return false;
	}
	fd = open(fs->ni.path, O_RDONLY);
	if (fd < 0) {
		ret = errno;
		snprintf(out, sizeof(out), "dataplacement=streams: cannot open %s: %s", fs->ni.path,
			 strerror(ret));
		ssdnvme_fail(td, ret, out);
		return false;
	}
	ret = streams_check(fd, fs->ni.nsid, fs->ni.oacs, msg, sizeof(msg));
	close(fd);
	if (ret) {
		snprintf(out, sizeof(out), "dataplacement=streams: %s: %s", fs->ni.path, msg);
		ssdnvme_fail(td, -ret, out);
		return false;
	}
	fs->streams = true;
#else
	(void)td;
	(void)fs;
#endif
	return true;
}

bool ssdnvme_fdp_setup(struct thread_data *td, struct file_state *fs)
{
	struct fdp_handles h;

	if (!setup_streams(td, fs) || !check_unplaced(td))
		return false;
	if (!engine_asks(td->eo) && !fio_asks(td))
		return true;
	if (fs->fdp) /* set up already: setup runs again in the job's process */
		return true;
	if (!check_request(td, fs))
		return false;
	fs->fdp_by_fio = fio_asks(td);
	if (fetch(td, fs, &h) || make_plan(td, fs, &h))
		return false;
	read_config(fs);
	ssdnvme_fdp_events_start(fs);
	return true;
}

#if FIO_IOOPS_VERSION >= 36
/*
 * fio calls this twice per file: first with room for no descriptor, to learn
 * how many there are (nr_ruhs), then with room for that many.
 */
int ssdnvme_fdp_fetch_ruhs(struct thread_data *td, struct fio_file *f, struct fio_ruhs_info *ruhs)
{
	struct file_state *fs = FILE_ENG_DATA(f);
	struct fdp_handles h;
	uint32_t room = ruhs->nr_ruhs, i;

	/* a file fio added after ->setup() (read_iolog replay) is set up here first */
	if (!fs) {
		if (ssdnvme_setup_file(td, f)) {
			errno = td->error ? td->error : EINVAL;
			return -errno;
		}
		fs = FILE_ENG_DATA(f);
	}
	if (fs->ni.kind != NS_KIND_NVME_CHAR) {
		errno = EINVAL;
		return -EINVAL;
	}
	if (fetch(td, fs, &h)) {
		errno = td->error ? td->error : EIO;
		return -errno;
	}
	ruhs->nr_ruhs = h.n;
	for (i = 0; i < room && i < h.n; i++)
		ruhs->plis[i] = h.pid[i];
	return 0;
}
#endif

static json_object *u16_array(const uint16_t *v, unsigned int n)
{
	json_object *a = json_object_new_array();
	unsigned int i;

	for (i = 0; a && i < n; i++)
		json_object_array_add(a, json_object_new_int(v[i]));
	return a;
}

static json_object *u32_array(const uint32_t *v, unsigned int n)
{
	json_object *a = json_object_new_array();
	unsigned int i;

	for (i = 0; a && i < n; i++)
		json_object_array_add(a, json_object_new_int64(v[i]));
	return a;
}

static json_object *u64_array(const uint64_t *v, unsigned int n)
{
	json_object *a = json_object_new_array();
	unsigned int i;

	for (i = 0; a && i < n; i++)
		json_object_array_add(a, json_object_new_int64((int64_t)v[i]));
	return a;
}

/*
 * Each placement handle's RUAMW now, in the plan's slot order, into AFTER;
 * false with why in WHY.  Quiet: the job's I/O is over, a failed read here
 * is reported in the results, never a job error.
 */
static bool ruamw_now(const struct file_state *fs, uint64_t *after, char *why, size_t len)
{
	const struct fdp_place *p = fs->fdp;
	struct fdp_handles h;
	unsigned int i;
	int fd, ret;

	fd = open(fs->ni.path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(why, len, "cannot open %s: %s", fs->ni.path, strerror(errno));
		return false;
	}
	ret = fdp_fetch_handles(fd, fs->ni.nsid, &h, why, len);
	close(fd);
	if (ret)
		return false;
	for (i = 0; i < p->n; i++) {
		if (p->index[i] >= h.n || h.pid[p->index[i]] != p->pid[i]) {
			snprintf(why, len, "the namespace's handle list changed during the job");
			return false;
		}
		after[i] = h.ruamw[p->index[i]];
	}
	return true;
}

/*
 * What each handle's reclaim units took over the job (docs/engine.md
 * "Write amplification per handle"): RUAMW at set-up and at the end (the
 * device's count, in logical blocks of LBA_SIZE bytes), and the bytes the
 * job wrote with each PID.
 */
static void handle_usage(json_object *o, const struct file_state *fs)
{
	const struct fdp_place *p = fs->fdp;
	uint64_t after[FDP_MAX_PIDS];
	char why[MSG_LEN];
	bool have = ruamw_now(fs, after, why, sizeof(why));

	json_object_object_add(o, "lba_size", json_object_new_int64(fs->ni.lba_size));
	json_object_object_add(o, "bytes_written", u64_array(p->bytes, p->n));
	json_object_object_add(o, "write_max", u32_array(p->write_max, p->n));
	json_object_object_add(o, "ruamw_before", u64_array(p->ruamw_before, p->n));
	json_object_object_add(o, "ruamw_after", have ? u64_array(after, p->n) : NULL);
	json_object_object_add(o, "ruamw_absent", have ? NULL : json_object_new_string(why));
}

/* "fdp_config": the configuration in use, or null with "fdp_config_absent". */
static void config_json(json_object *o, const struct fdp_place *p)
{
	const struct fdp_config *c = &p->cfg;
	json_object *j = NULL;

	if (p->have_cfg && (j = json_object_new_object())) {
		json_object_object_add(j, "endurance_group", json_object_new_int(c->endgid));
		json_object_object_add(j, "index", json_object_new_int((int)c->index));
		json_object_object_add(j, "configurations", json_object_new_int((int)c->nconfigs));
		json_object_object_add(j, "runs", json_object_new_int64((int64_t)c->runs));
		json_object_object_add(j, "nrg", json_object_new_int64(c->nrg));
		json_object_object_add(j, "nruh", json_object_new_int(c->nruh));
		json_object_object_add(j, "maxpids", json_object_new_int(c->maxpids));
		json_object_object_add(j, "nnss", json_object_new_int64(c->nnss));
		json_object_object_add(j, "erutl", json_object_new_int64(c->erutl));
		json_object_object_add(j, "rgif", json_object_new_int((int)c->rgif));
	}
	json_object_object_add(o, "fdp_config", j);
	json_object_object_add(o, "fdp_config_absent",
			       j ? NULL : json_object_new_string(p->cfg_absent));
}

static const char *select_name(enum fdp_select sel)
{
	return sel == FDP_SELECT_RR ? "roundrobin" : sel == FDP_SELECT_RANDOM ? "random" : "scheme";
}

static json_object *file_placement(const struct file_state *fs)
{
	const struct fdp_place *p = fs->fdp;
	json_object *o = json_object_new_object();

	if (!o)
		return NULL;
	json_object_object_add(o, "path", json_object_new_string(fs->ni.path));
	json_object_object_add(o, "nsid", json_object_new_int64(fs->ni.nsid));
	json_object_object_add(o, "chosen_by",
			       json_object_new_string(fs->fdp_by_fio ? "fio" : "engine"));
	json_object_object_add(o, "select", json_object_new_string(select_name(p->select)));
	json_object_object_add(o, "plids", u16_array(p->index, p->n));
	json_object_object_add(o, "pids", u16_array(p->pid, p->n));
	json_object_object_add(o, "ruhids", u16_array(p->ruhid, p->n));
	handle_usage(o, fs);
	config_json(o, p);
	ssdnvme_fdp_events_json(o, fs);
	return o;
}

void ssdnvme_fdp_report(struct thread_data *td, struct engine_data *ld, json_object *job)
{
	json_object *arr = NULL;
	unsigned int i;

	(void)td;
	for (i = 0; i < ld->nr_opened; i++) {
		if (!ld->opened[i]->fdp)
			continue;
		if (!arr)
			arr = json_object_new_array();
		if (arr)
			json_object_array_add(arr, file_placement(ld->opened[i]));
	}
	if (arr)
		json_object_object_add(job, "placement", arr);
}
