// SPDX-License-Identifier: GPL-2.0-only
/*
 * Like for like (issue 13): whether a measured drive's figure compares with a
 * published drive's, and why not.  rank.c places a measured drive only among
 * the published drives this lets through.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rank/rank.h"

/*
 * Whether a measured entry compares with a published drive's figures, and
 * on what footing: NULL and *per_drive set to the divisor that turns the
 * measured figure into the published drive's per-drive footing, or the
 * reason it does not compare.  A published group of N is held per drive
 * (ref_model.c); a measured group of the same N is compared as a group (its
 * figure / N against the per-drive figures, the same order as group against
 * group); one measured drive against per-drive figures.
 */
static const char *not_comparable(const struct fr_entry *e, const struct fr_drive *pub,
				  unsigned *per_drive, char *buf, size_t len)
{
	unsigned mine = e->drive->group > 1 ? e->drive->group : 1;
	unsigned theirs = pub->group > 1 ? pub->group : 1;

	*per_drive = 1;
	if (mine > 1 && mine != theirs) {
		snprintf(buf, len, "a group of %u drives run together against %s", mine,
			 theirs > 1 ? "a published group of another size" : "single drives");
		return buf;
	}
	*per_drive = mine;
	return NULL;
}

static void also(char *buf, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Appends one more ", "-separated reason. */
static void also(char *buf, size_t len, const char *fmt, ...)
{
	size_t used = strlen(buf);
	va_list ap;

	if (used && used + 2 < len) {
		strcpy(buf + used, ", ");
		used += 2;
	}
	va_start(ap, fmt);
	vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
}

/* The full step time of the method: the suite's default step, VDbench's
 * default elapsed (jobs/README.md); the reviews state none. */
#define FULL_STEP_S 30.0

static const char *target_word(enum fr_target t)
{
	return t == FR_TARGET_FILE    ? "a file, not a drive"
	       : t == FR_TARGET_BLOCK ? "a block device that is not an NVMe namespace"
				      : "a target no engine file or manifest identifies as a drive";
}

/*
 * How long a run's steps were: -1 not known, 1 full (the method's 30 s or
 * more), 0 short (a --short run, or under 30 s).  Two measured runs are
 * held alike on the class, not the seconds: a run bounded by size
 * (io_size=) lasts what the drive took, and short steps of any length are
 * equally not the method (ref_note says so).
 */
static int steps_class(const struct fr_method *m)
{
	if (!(m->step_s > 0))
		return -1;
	return !m->short_mode && m->step_s >= FULL_STEP_S - 1;
}

static void steps_text(const struct fr_method *m, char *buf, size_t len)
{
	int full = steps_class(m);

	if (full < 0)
		snprintf(buf, len, "steps of unknown length");
	else
		snprintf(buf, len, "%s steps (%.0f s)", full ? "full" : "short", m->step_s);
}

/*
 * What makes a measured step unlike any published figure, whatever the
 * review: a target that is not a drive (a file, tmpfs, or nothing says),
 * steps shorter than the method's (--short).  NULL, or one reason.
 */
static const char *run_mismatch(const struct fr_method *mine, char *buf, size_t len)
{
	*buf = '\0';
	if (!mine->known) {
		snprintf(buf, len,
			 "what the run did is not known (its fio output was not re-read)");
		return buf;
	}
	if (mine->target != FR_TARGET_NAMESPACE && mine->target != FR_TARGET_BLOCK)
		also(buf, len, "run on %s", target_word(mine->target));
	if (mine->short_mode)
		also(buf, len, "a --short run (%.0f s steps)", mine->step_s);
	else if (steps_class(mine) == 0)
		also(buf, len, "%.0f s steps, the method's are %.0f s", mine->step_s, FULL_STEP_S);
	return *buf ? buf : NULL;
}

/*
 * What the other side of a comparison is: the method a review published
 * (a block size or read share it does not state is left open) or the
 * measured runs placed in a table (an unknown or mixed size or share is a
 * value of its own, held exactly, so that "alike" stays symmetric).
 */
struct like_to {
	const struct fr_method *m;
	const char *who; /* named in the reason: "published", "the placed runs" */
	bool open;	 /* unstated (0 / -1) means any: a published method */
};

static void bs_text(char *buf, size_t len, unsigned bs)
{
	if (bs)
		snprintf(buf, len, "%u B", bs);
	else
		snprintf(buf, len, "mixed sizes");
}

/* The points that decide a result, as bits of what differs. */
enum like_point {
	LIKE_OUTSTANDING = 1 << 0,
	LIKE_BS = 1 << 1,
	LIKE_READ_PCT = 1 << 2,
};

/*
 * Which of the points that decide the result a measured step was run
 * unlike the other side: outstanding I/O, block size and read share.
 * Compared as numbers fio ran with (label.c parses bs=4k and 4096 alike;
 * an option left at fio's default is that default), never as option text.
 * Only bits, no text: place_like_runs() asks this of every pair of runs.
 */
static unsigned method_points(const struct fr_method *mine, const struct like_to *to)
{
	const struct fr_method *pub = to->m;
	unsigned differ = 0;

	if (mine->outstanding != pub->outstanding)
		differ |= LIKE_OUTSTANDING;
	if ((pub->bs || !to->open) && mine->bs != pub->bs)
		differ |= LIKE_BS;
	if ((pub->read_pct >= 0 || !to->open) && mine->read_pct != pub->read_pct)
		differ |= LIKE_READ_PCT;
	return differ;
}

/* The points in @differ, as one reason. */
static void method_text(const struct fr_method *mine, const struct like_to *to, unsigned differ,
			char *buf, size_t len)
{
	const struct fr_method *pub = to->m;
	char b[32];

	*buf = '\0';
	if (differ & LIKE_OUTSTANDING)
		also(buf, len, "%u outstanding I/O, %s %u", mine->outstanding, to->who,
		     pub->outstanding);
	if (differ & LIKE_BS) {
		bs_text(b, sizeof(b), pub->bs);
		if (mine->bs)
			also(buf, len, "%u B blocks, %s %s", mine->bs, to->who, b);
		else
			also(buf, len, "mixed block sizes, %s %s", to->who, b);
	}
	if (differ & LIKE_READ_PCT) {
		if (mine->read_pct < 0)
			also(buf, len, "share of reads unknown, %s %d %%", to->who, pub->read_pct);
		else if (pub->read_pct < 0)
			also(buf, len, "%d %% reads, %s share unknown", mine->read_pct, to->who);
		else
			also(buf, len, "%d %% reads, %s %d %%", mine->read_pct, to->who,
			     pub->read_pct);
	}
}

/* Whether a measured step was run like the other side (method_points()):
 * NULL, or every mismatch as one reason. */
static const char *method_mismatch(const struct fr_method *mine, const struct like_to *to,
				   char *buf, size_t len)
{
	unsigned differ;

	if (!to->m->known) {
		snprintf(buf, len, "%s",
			 *to->m->note ? to->m->note : "the published method is not known");
		return buf;
	}
	differ = method_points(mine, to);
	if (!differ)
		return NULL;
	method_text(mine, to, differ, buf, len);
	return buf;
}

/* What a run's target is, as two measured runs are held alike: a drive
 * (NVMe namespace or another block device), a file, or not known. */
static const char *target_class(enum fr_target t)
{
	return t == FR_TARGET_NAMESPACE || t == FR_TARGET_BLOCK ? "a drive"
	       : t == FR_TARGET_FILE				? "a file"
				     : "a target not identified as a drive";
}

/* fr_runs_like() with @who naming the other side in the differences. */
static bool runs_like(const struct fr_method *mine, const struct fr_method *placed, const char *who,
		      char *buf, size_t len)
{
	const struct like_to to = {placed, who, false};
	char why[200], a[64], b[64];
	unsigned differ;
	bool other_target, other_steps;

	if (!mine->known || !placed->known) {
		if (buf)
			snprintf(buf, len,
				 "what %s did is not known (its fio output was not re-read)",
				 mine->known ? who : "the run");
		return false;
	}
	differ = method_points(mine, &to);
	other_target = strcmp(target_class(mine->target), target_class(placed->target)) != 0;
	other_steps = steps_class(mine) != steps_class(placed);
	if (buf && len)
		*buf = '\0';
	if (!buf || !(differ || other_target || other_steps))
		return !(differ || other_target || other_steps);
	if (differ) {
		method_text(mine, &to, differ, why, sizeof(why));
		also(buf, len, "%s", why);
	}
	if (other_target)
		also(buf, len, "run on %s, %s on %s", target_class(mine->target), who,
		     target_class(placed->target));
	if (other_steps) {
		steps_text(mine, a, sizeof(a));
		steps_text(placed, b, sizeof(b));
		also(buf, len, "%s, %s %s", a, who, b);
	}
	return false;
}

bool fr_runs_like(const struct fr_method *mine, const struct fr_method *placed, char *buf,
		  size_t len)
{
	return runs_like(mine, placed, "the placed runs", buf, len);
}

bool fr_wp_runs_like(const struct fr_method *mine, const struct fr_method *like, char *buf,
		     size_t len)
{
	return runs_like(mine, like, "the like runs", buf, len);
}

static void add_reason(struct fr_reasons *rs, const char *why, const char *who)
{
	size_t i;

	for (i = 0; i < rs->n && strcmp(rs->why[i], why); i++)
		;
	if (i == rs->n) {
		if (rs->n == FR_MAX_REASONS)
			return;
		snprintf(rs->why[rs->n], sizeof(rs->why[0]), "%s", why);
		rs->who[rs->n++][0] = '\0';
	}
	if (who && !strstr(rs->who[i], who)) {
		size_t used = strlen(rs->who[i]);

		snprintf(rs->who[i] + used, sizeof(rs->who[0]) - used, "%s%s", used ? ", " : "",
			 who);
	}
}

/*
 * Folds one more reader step's method into a run's: the least drive-like
 * target, any short step, the shortest step, and 0 / -1 where the steps
 * differ (what fr_runs_like() holds as a value of its own).
 */
static void merge_reader(struct fr_method *run, const struct fr_method *me, unsigned outstanding)
{
	if (me->target == FR_TARGET_UNKNOWN || me->target > run->target)
		run->target = me->target;
	run->short_mode |= me->short_mode;
	if (me->step_s > 0 && (run->step_s <= 0 || me->step_s < run->step_s))
		run->step_s = me->step_s;
	if (outstanding != run->outstanding)
		run->outstanding = 0;
	if (me->bs != run->bs)
		run->bs = 0;
	if (me->read_pct != run->read_pct)
		run->read_pct = -1;
}

void fr_nn_run_of(const struct fr_profile *p, struct fr_nn_run *out)
{
	bool first = true;

	memset(out, 0, sizeof(*out));
	out->read.read_pct = -1;
	for (size_t i = 0; p && i < p->nsteps; i++) {
		const struct fr_step *s = &p->steps[i];
		const struct fr_method *me = &s->method;
		unsigned per_job = s->njobnames ? me->outstanding / (unsigned)s->njobnames : 0;

		if (!me->known || (s->kind != FR_KIND_NN_READ && s->kind != FR_KIND_NN_WRITE))
			continue;
		out->known = true;
		if (s->kind == FR_KIND_NN_WRITE) {
			out->writers += me->namespaces;
			continue;
		}
		out->readers += me->namespaces;
		if (first) {
			out->read = *me;
			out->read.outstanding = per_job;
			first = false;
			continue;
		}
		merge_reader(&out->read, me, per_job);
	}
}

void fr_wp_run_of(const struct fr_profile *p, struct fr_method *out)
{
	bool first = true;

	memset(out, 0, sizeof(*out));
	out->read_pct = -1;
	for (size_t i = 0; p && i < p->nsteps; i++) {
		const struct fr_method *me = &p->steps[i].method;

		if (p->steps[i].kind != FR_KIND_WP_READ)
			continue;
		if (!me->known) { /* one step not known: the run is not known */
			out->known = false;
			return;
		}
		if (first)
			*out = *me;
		else
			merge_reader(out, me, me->outstanding);
		first = false;
	}
}

bool fr_nn_runs_like(const struct fr_nn_run *mine, const struct fr_nn_run *placed, char *buf,
		     size_t len)
{
	bool same_ns = mine->readers == placed->readers && mine->writers == placed->writers;
	char why[400];

	if (buf && len)
		*buf = '\0';
	if (!buf)
		return same_ns && fr_runs_like(&mine->read, &placed->read, NULL, 0);
	if (!same_ns)
		also(buf, len,
		     "%u namespaces (%u writing, %u reading), the placed runs %u (%u, %u)",
		     mine->readers + mine->writers, mine->writers, mine->readers,
		     placed->readers + placed->writers, placed->writers, placed->readers);
	if (!fr_runs_like(&mine->read, &placed->read, why, sizeof(why)))
		also(buf, len, "%s", why);
	return !*buf;
}

size_t fr_like_largest(size_t n, const struct fr_like_ops *ops, const void *ctx)
{
	struct like_group {
		size_t first; /* the index of its first run */
		size_t size;
	} *group = malloc((n ? n : 1) * sizeof(*group));
	size_t ngroups = 0, best = n, best_size = 0;

	if (!group)
		return SIZE_MAX;
	for (size_t i = 0; i < n; i++) {
		size_t g = 0;

		if (!ops->placeable(ctx, i))
			continue;
		if (ops->known(ctx, i))
			while (g < ngroups && !ops->like(ctx, i, group[g].first))
				g++;
		else
			g = ngroups;
		if (g == ngroups)
			group[ngroups++] = (struct like_group){i, 0};
		group[g].size++;
	}
	/* groups are in the order of their first runs: the first of a size wins */
	for (size_t g = 0; g < ngroups; g++)
		if (group[g].size > best_size) {
			best = group[g].first;
			best_size = group[g].size;
		}
	free(group);
	return best;
}

bool fr_nn_comparable(const struct fr_nn_run *mine, const struct fr_method *pub, const char *who,
		      struct fr_reasons *rs)
{
	char why[200];
	bool like = true;

	if (!mine->known) {
		add_reason(rs,
			   "how the noisy-neighbor run was set up is not known (no fio job "
			   "options)",
			   NULL);
		return false;
	}
	if (run_mismatch(&mine->read, why, sizeof(why))) {
		add_reason(rs, why, NULL);
		like = false;
	}
	if (!pub->known) {
		add_reason(rs, *pub->note ? pub->note : "the published method is not known", who);
		return false;
	}
	*why = '\0';
	if (pub->namespaces &&
	    (mine->readers + mine->writers != pub->namespaces || mine->writers != pub->writers))
		also(why, sizeof(why),
		     "%u namespaces (%u writing, %u reading), published %u (%u, %u)",
		     mine->readers + mine->writers, mine->writers, mine->readers, pub->namespaces,
		     pub->writers, pub->namespaces - pub->writers);
	if (mine->read.outstanding != pub->outstanding)
		also(why, sizeof(why), "%s%u outstanding I/O per reader, method %u",
		     mine->read.outstanding ? "" : "readers differ: ", mine->read.outstanding,
		     pub->outstanding);
	if (pub->bs && mine->read.bs != pub->bs)
		also(why, sizeof(why), "reader blocks %u B, method %u B", mine->read.bs, pub->bs);
	if (pub->read_pct >= 0 && mine->read.read_pct != pub->read_pct)
		also(why, sizeof(why), "readers %d %% reads, method %d %%", mine->read.read_pct,
		     pub->read_pct);
	if (*why) {
		add_reason(rs, why, who);
		like = false;
	}
	return like;
}

bool fr_comparable(const struct fr_entry *e, const struct fr_drive *pub, const struct fr_entry *re,
		   unsigned *per_drive, struct fr_reasons *rs)
{
	return fr_comparable_memo(e, pub, re, per_drive, rs, NULL);
}

void fr_reasons_text(const struct fr_reasons *rs, char *buf, size_t len)
{
	size_t used = 0;

	*buf = '\0';
	for (size_t i = 0; i < rs->n && used < len; i++) {
		int n = snprintf(buf + used, len - used, "%s%s%s%s%s",
				 i ? "; " : "not comparable: ", rs->why[i], *rs->who[i] ? " (" : "",
				 rs->who[i], *rs->who[i] ? ")" : "");

		used += n > 0 ? (size_t)n : 0;
	}
}

bool fr_comparable_memo(const struct fr_entry *e, const struct fr_drive *pub,
			const struct fr_entry *re, unsigned *per_drive, struct fr_reasons *rs,
			struct fr_run_memo *memo)
{
	const char *who = pub->review ? pub->review : pub->label;
	const struct like_to published = {&re->peak->method, "published", true};
	char why[200];
	bool like = true;

	if (not_comparable(e, pub, per_drive, why, sizeof(why))) {
		add_reason(rs, why, who);
		return false;
	}
	/* the run's own reason applies to every review: said once (add_reason()
	 * keeps one of each text), and worked out once per run with a memo */
	if (memo && memo->known) {
		like = memo->like;
	} else {
		if (run_mismatch(&e->peak->method, why, sizeof(why))) {
			add_reason(rs, why, NULL);
			like = false;
		}
		if (memo)
			*memo = (struct fr_run_memo){.known = true, .like = like};
	}
	if (e->peak->method.known &&
	    method_mismatch(&e->peak->method, &published, why, sizeof(why))) {
		add_reason(rs, why, who);
		like = false;
	}
	return like;
}
