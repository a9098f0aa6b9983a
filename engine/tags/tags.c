// SPDX-License-Identifier: GPL-2.0-only
/*
 * Tag table: key creation and lookup, and the rare paths of the inline
 * submission/completion hooks in tags.h (JSON output is in tags_json.c).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "inflight.h"
#include "taglog.h"
#include "tags.h"

/* fio's default percentile_list, plus the two a reviewer of tails asks for. */
static const double default_pct[] = {1.0,  5.0,	  10.0,	 20.0,	 30.0,	 40.0, 50.0,
				     60.0, 70.0,  80.0,	 90.0,	 95.0,	 99.0, 99.5,
				     99.9, 99.95, 99.99, 99.999, 99.9999};

const char *tag_dir_name(unsigned int dir)
{
	static const char *const names[TAG_DIR_NR] = {"read", "write", "trim", "flush"};

	return dir < TAG_DIR_NR ? names[dir] : "?";
}

static int pct_list_ok(const double *pct, unsigned int n)
{
	unsigned int i;

	if (!n || n > TAGS_MAX_PCT)
		return 0;
	for (i = 0; i < n; i++)
		if (!(pct[i] > 0.0 && pct[i] <= 100.0) || (i && pct[i] <= pct[i - 1]))
			return 0;
	return 1;
}

struct tags *tags_new(const struct tags_config *cfg)
{
	struct tags *t;

	if (cfg->pct && !pct_list_ok(cfg->pct, cfg->npct)) {
		errno = EINVAL;
		return NULL;
	}
	t = calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	t->cfg = *cfg;
	if (!t->cfg.interval_ns)
		t->cfg.interval_ns = TAGS_DEFAULT_INTERVAL_NS;
	if (!t->cfg.series_max_points)
		t->cfg.series_max_points = TAGS_DEFAULT_MAX_POINTS;
	if (!cfg->pct) {
		t->cfg.npct = sizeof(default_pct) / sizeof(default_pct[0]);
		memcpy(t->pct, default_pct, sizeof(default_pct));
	} else {
		memcpy(t->pct, cfg->pct, cfg->npct * sizeof(*cfg->pct));
	}
	t->cfg.pct = t->pct;
	return t;
}

/* The tag log wants every I/O; otherwise only one the outliers would admit. */
static void update_keep_from(const struct tags *t, struct tag_key *k)
{
	k->keep_from = t->cfg.log ? 0 : k->outliers.admit;
}

static void key_free(struct tag_key *k)
{
	if (!k)
		return;
	tag_outliers_free(&k->outliers);
	tag_series_free(&k->series);
	free(k->ctrl);
	free(k->label);
	free(k);
}

void tags_free(struct tags *t)
{
	size_t i;

	if (!t)
		return;
	for (i = 0; i < t->nkeys; i++)
		key_free(t->keys[i]);
	free(t->keys);
	free(t);
}

static struct tag_key *key_new(const struct tags *t, const char *ctrl, uint32_t nsid,
			       enum tag_dir dir, const char *label)
{
	struct tag_key *k = calloc(1, sizeof(*k));

	if (!k)
		return NULL;
	k->id = t->nkeys;
	k->nsid = nsid;
	k->dir = dir;
	tag_hist_init(&k->hist);
	k->ctrl = strdup(ctrl ? ctrl : "");
	k->label = strdup(label ? label : "");
	if (!k->ctrl || !k->label || tag_outliers_init(&k->outliers, t->cfg.outliers) < 0 ||
	    tag_series_init(&k->series, &k->hist, t->cfg.start_ns, t->cfg.interval_ns,
			    t->cfg.series_max_points) < 0) {
		key_free(k);
		errno = ENOMEM;
		return NULL;
	}
	return k;
}

static int key_matches(const struct tag_key *k, const char *ctrl, uint32_t nsid, enum tag_dir dir,
		       const char *label, int32_t pid)
{
	return k->nsid == nsid && k->dir == dir && k->placement == pid &&
	       !strcmp(k->ctrl, ctrl ? ctrl : "") && !strcmp(k->label, label ? label : "");
}

struct tag_key *tags_key(struct tags *t, const char *ctrl, struct inflight *inflight, uint32_t nsid,
			 enum tag_dir dir, const char *label)
{
	static const struct tag_placement none = {TAG_NO_PLACEMENT, TAG_NO_PLACEMENT};

	return tags_key_placed(t, ctrl, inflight, nsid, dir, label, &none);
}

struct tag_key *tags_key_placed(struct tags *t, const char *ctrl, struct inflight *inflight,
				uint32_t nsid, enum tag_dir dir, const char *label,
				const struct tag_placement *pl)
{
	struct tag_key *k;
	size_t i;

	for (i = 0; i < t->nkeys; i++)
		if (key_matches(t->keys[i], ctrl, nsid, dir, label, pl->pid))
			return t->keys[i];
	if (t->nkeys == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 8;
		struct tag_key **grown = realloc(t->keys, cap * sizeof(*grown));

		if (!grown)
			return NULL;
		t->keys = grown;
		t->cap = cap;
	}
	k = key_new(t, ctrl, nsid, dir, label);
	if (!k)
		return NULL;
	k->placement = pl->pid;
	k->placement_index = pl->index;
	k->inflight = inflight;
	update_keep_from(t, k);
	t->keys[t->nkeys++] = k;
	return k;
}

static void log_io(struct tags *t, const struct tag_key *k, const struct tag_io *io, int error)
{
	struct tag_io rec = *io;

	rec.submit_ns = tag_since(io->submit_ns, t->cfg.start_ns);
	rec.nsid = k->nsid;
	rec.key_id = k->id;
	rec.dir = k->dir;
	rec.flags = error ? TAG_IO_ERROR : 0;
	taglog_append(t->cfg.log, &rec);
}

/* A key without in-flight counters left the record's context unset. */
static void settle_context(const struct tag_key *k, struct tag_io *io)
{
	if (!k->inflight)
		memset(io->inflight, 0, sizeof(io->inflight));
}

void tags_keep(struct tags *t, struct tag_key *k, struct tag_io *io)
{
	settle_context(k, io);
	tag_outliers_add(&k->outliers, io);
	if (t->cfg.log)
		log_io(t, k, io, 0);
	update_keep_from(t, k);
}

void tags_fail(struct tags *t, struct tag_key *k, struct tag_io *io, uint64_t now_ns)
{
	tags_fail_after(t, k, io, tag_since(now_ns, io->submit_ns));
}

void tags_fail_after(struct tags *t, struct tag_key *k, struct tag_io *io, uint64_t lat_ns)
{
	if (k->inflight)
		inflight_dec(k->inflight, k->dir);
	io->lat_ns = lat_ns;
	settle_context(k, io);
	k->errors++;
	if (t->cfg.log)
		log_io(t, k, io, 1);
}

void tags_tick(struct tag_key *k, uint64_t now_ns)
{
	tag_series_roll(&k->series, now_ns);
	if (k->inflight)
		inflight_poll(k->inflight, now_ns);
}
