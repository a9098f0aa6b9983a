/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef FIORANK_RANK_H
#define FIORANK_RANK_H

#include <stdbool.h>
#include <stddef.h>

#include "model/model.h"

/* One drive's result in one profile. */
struct fr_entry {
	const struct fr_drive *drive;
	const struct fr_step *peak; /* the step with the highest IOPS (MB/s) */
	double value;		    /* ranked figure: IOPS, or MB/s for sequential */
	double iops, mbps;
	double lat_ns; /* mean at the peak, operation-weighted */
	unsigned place;
	double margin_pct; /* over the next place; NAN for the last */
	double margin_abs;
	unsigned ref_place; /* among published drives, 0 when not computed */
	unsigned ref_total; /* comparable published drives + this one */
	/* Why published drives of this profile were left out of the place
	 * ("not comparable: ..."), "" when none was; for a measured drive. */
	char ref_note[512];
	/* listed after the placed entries without a place: a measured drive
	 * whose run is not comparable with the published drives beside it in
	 * this table (ref_note says why), or unlike the measured runs placed
	 * in it (place_note says why; rank.c) */
	bool unplaced;
	/* why a measured drive has no place among the measured drives: "unlike
	 * the placed runs (<first placed drive>): <differences>"; "" when it
	 * has one or ref_note is the reason */
	char place_note[512];
	const struct fr_step **curve; /* curve steps in step order (rank.c) */
	size_t ncurve;
};

struct fr_profile_rank {
	const char *name;
	bool by_mbps;
	struct fr_entry *e;
	size_t n;
	size_t nplaced; /* entries with a place: only these are ranked */
};

struct fr_wp_point {
	double write_mbps;
	double mean_ns, p99_ns;
	const struct fr_step *step;   /* the reader's step it comes from */
	const struct fr_step *writer; /* the paired writer's step (wp-write@ the same
				       * rate), NULL when the drive has none */
};

struct fr_wp_drive {
	const struct fr_drive *drive;
	struct fr_wp_point *pts;
	size_t n;
	struct fr_method run; /* its wp-read steps' method (fr_wp_run_of()) */
	/* a measured drive whose run is unlike the largest group of like
	 * measured runs: "no crossover with the like runs (<their first
	 * drive>): <differences>"; "" otherwise (rank.c) */
	char note[512];
};

enum fr_wp_metric { FR_WP_MEAN, FR_WP_P99 };

/* Where one drive's read latency falls below another's. */
struct fr_crossover {
	enum fr_wp_metric metric;
	double from_mbps;
	const struct fr_drive *lower, *higher;
	bool holds;	   /* stays below at every later common step */
	double after_mbps; /* the last common step with the old order */
	bool published;	   /* between two published drives: only their points are known */
};

struct fr_nn_entry {
	const struct fr_drive *drive;
	struct fr_lat lat;
	unsigned place;		    /* 0: a measured drive not placed among published ones */
	const struct fr_step *step; /* the step it comes from */
	/* a measured drive beside published ones whose run is unlike the
	 * published method: "not comparable: ..."; or unlike the measured runs
	 * placed in its namespace: "not placed: unlike the placed runs
	 * (<first placed drive>): <differences>" (rank_nn.c); "" otherwise */
	char note[512];
	bool unlike_placed; /* @note is the second kind: unlike the placed runs */
};

/* Noisy neighbor: one read namespace, drives ranked by their 99.99th. */
struct fr_nn_ns {
	unsigned nsid;
	struct fr_nn_entry *e;
	size_t n;
	struct fr_lat gap; /* second place minus first, ns (placed entries only) */
};

struct fr_wins {
	const struct fr_drive *drive;
	unsigned wins;	   /* profiles placed first (of those with 2+ placed drives) */
	unsigned profiles; /* profiles it took part in */
};

struct fr_ranking {
	enum fr_basis basis;
	struct fr_profile_rank *profiles;
	size_t nprofiles;
	struct fr_wp_drive *wp;
	size_t nwp;
	struct fr_crossover *cross;
	size_t ncross;
	struct fr_nn_ns *nn;
	size_t nnn;
	struct fr_wins *wins;
	size_t nwins;
	bool have_ref; /* ref_place was computed */
};

/**
 * fr_rank() - rank a model
 * @m: the measured drives
 * @ref: published drives to place the measured ones among, or NULL
 * @basis: the latency basis (clat or lat) every latency figure is taken from
 * @r: the ranking, filled (fr_ranking_free() it)
 *
 * Return: 0, or -ENOMEM.
 */
int fr_rank(const struct fr_model *m, const struct fr_model *ref, enum fr_basis basis,
	    struct fr_ranking *r);

/**
 * fr_ranking_free() - free what fr_rank() allocated
 * @r: the ranking
 */
void fr_ranking_free(struct fr_ranking *r);

/* Comparability with published drives (compare.c). */
/* Reasons published drives were left out, each with the reviews (or
 * drives) it applies to; printed as "not comparable: R1 (A, B); R2". */
#define FR_MAX_REASONS 12

struct fr_reasons {
	char why[FR_MAX_REASONS][200];
	char who[FR_MAX_REASONS][200];
	size_t n;
};

/**
 * fr_comparable() - whether a measured entry compares with a published drive
 * @e: the measured entry
 * @pub: the published drive
 * @re: @pub's entry in the same profile
 * @per_drive: set to the divisor that puts @e's figure on @pub's per-drive
 *             footing (a published group of N is held per drive)
 * @rs: where the reasons are added when it does not compare
 *
 * Compares the group sizes (a measured group only against the same N), the
 * run itself (a drive, full steps) and the review's method (outstanding I/O,
 * block size, read share; fr_step.method).
 *
 * Return: true when @e compares with @pub; false with the reasons in @rs.
 */
bool fr_comparable(const struct fr_entry *e, const struct fr_drive *pub, const struct fr_entry *re,
		   unsigned *per_drive, struct fr_reasons *rs);

/* What fr_comparable_memo() keeps of a run's own verdict between calls. */
struct fr_run_memo {
	bool known; /* worked out (and its reason added to the reasons) */
	bool like;  /* the run itself compares (a drive, full steps) */
};

/**
 * fr_comparable_memo() - fr_comparable() for one entry against many drives
 * @e: the measured entry
 * @pub: the published drive
 * @re: @pub's entry in the same profile
 * @per_drive: as fr_comparable()'s
 * @rs: the reasons, the same for every call of one entry
 * @memo: zeroed before an entry's first call, kept between its calls
 *
 * The same answer and reasons as fr_comparable(), with the run's own
 * verdict (its target and steps, the same against every published drive)
 * worked out at the first call that reaches it and taken from @memo after.
 *
 * Return: true when @e compares with @pub; false with the reasons in @rs.
 */
bool fr_comparable_memo(const struct fr_entry *e, const struct fr_drive *pub,
			const struct fr_entry *re, unsigned *per_drive, struct fr_reasons *rs,
			struct fr_run_memo *memo);
/**
 * fr_runs_like() - whether two measured runs compare with each other
 * @mine: the peak step's method of the run held against @placed
 * @placed: the peak step's method of a run placed in the same table
 * @buf: where the differences are written ("1 outstanding I/O, the placed
 *       runs 4"; "" when alike), or NULL for the answer alone (no text is
 *       formatted: what a count over every pair of runs asks)
 * @len: the room in @buf
 *
 * The rules fr_comparable() holds a run to beside a published method
 * (outstanding I/O, block size, read share: the values fio ran with, not
 * the option text), and of the run itself: its target (a drive, a file, or
 * not known) and its steps (full, or the same whole seconds; --short never
 * like full).  Symmetric: an unknown block size or share is a value of its
 * own; a run whose method is not known is like none.
 *
 * Return: true when the runs compare; false with the differences in @buf.
 */
bool fr_runs_like(const struct fr_method *mine, const struct fr_method *placed, char *buf,
		  size_t len);

/*
 * How a measured drive ran its noisy-neighbor test, from the steps of its
 * noisy-neighbor profile that fio jobs filled (not the engine's per-namespace
 * shares): namespaces addressed by the reader and the writer jobs, and the
 * readers' method (per reader job; bs 0 / read_pct -1 when they differ).
 */
struct fr_nn_run {
	bool known;
	unsigned readers, writers; /* namespaces; 0 unknown */
	struct fr_method read;	   /* outstanding: per reader job, 0 when they differ */
};

/**
 * fr_nn_run_of() - how a measured drive ran its noisy-neighbor test
 * @p: the drive's noisy-neighbor profile (NULL: nothing known)
 * @out: the namespaces its reader and writer jobs addressed and the
 *       readers' method, from the steps fio jobs filled; known false when
 *       none said
 */
void fr_nn_run_of(const struct fr_profile *p, struct fr_nn_run *out);

/**
 * fr_nn_comparable() - whether a noisy-neighbor run compares with a published figure
 * @mine: the measured run (fr_nn_run_of())
 * @pub: the published step's method
 * @who: its review, named in the reasons
 * @rs: where the reasons are added when it does not compare
 *
 * Return: true when it compares; false with the reasons in @rs.
 */
bool fr_nn_comparable(const struct fr_nn_run *mine, const struct fr_method *pub, const char *who,
		      struct fr_reasons *rs);

/**
 * fr_nn_runs_like() - whether two measured noisy-neighbor runs compare
 * @mine: the run held against @placed (fr_nn_run_of())
 * @placed: a run placed in the same namespace's table
 * @buf: where the differences are written, "" when alike; NULL for the
 *       answer alone
 * @len: the room in @buf
 *
 * Alike: the same numbers of reading and writing namespaces, and readers
 * run alike by fr_runs_like() (per-reader outstanding I/O, block size, read
 * share, target class, step class).
 *
 * Return: true when the runs compare; false with the differences in @buf.
 */
bool fr_nn_runs_like(const struct fr_nn_run *mine, const struct fr_nn_run *placed, char *buf,
		     size_t len);

/**
 * fr_wp_run_of() - how a measured drive ran its write-pressure reads
 * @p: the drive's write-pressure profile (NULL: nothing known)
 * @out: the wp-read steps' method, folded as fr_nn_run_of() folds the
 *       readers (0 / -1 where the steps differ); known false when a
 *       wp-read step's method is not known or there is none
 */
void fr_wp_run_of(const struct fr_profile *p, struct fr_method *out);

/**
 * fr_wp_runs_like() - whether two measured write-pressure runs compare
 * @mine: a drive's wp-read method (fr_wp_run_of())
 * @like: the wp-read method of the like runs' first drive
 * @buf: where the differences are written ("4 outstanding I/O, the like
 *       runs 1"; "" when alike), or NULL for the answer alone
 * @len: the room in @buf
 *
 * fr_runs_like()'s rule (outstanding I/O, block size, read share, target
 * class, step class), its text naming "the like runs".
 *
 * Return: true when the runs compare; false with the differences in @buf.
 */
bool fr_wp_runs_like(const struct fr_method *mine, const struct fr_method *like, char *buf,
		     size_t len);

/* How fr_like_largest() asks about the runs of one table. */
struct fr_like_ops {
	bool (*placeable)(const void *ctx, size_t i);	   /* still to be placed */
	bool (*known)(const void *ctx, size_t i);	   /* its method is known */
	bool (*like)(const void *ctx, size_t i, size_t j); /* i and j run alike */
};

/**
 * fr_like_largest() - the first run of the largest group of like runs
 * @n: the runs, in the model's drive order
 * @ops: what a run is (placeable, known) and whether two are alike
 * @ctx: passed to @ops
 *
 * Groups the placeable runs by @ops->like, holding each against the first
 * run of each group so far ("alike" is an equivalence); a run whose method
 * is not known is a group of its own.  Of groups of one size, the one whose
 * first run comes first.  Never looks at the figures.
 *
 * Return: the index of that group's first run; @n when none is placeable;
 * SIZE_MAX when out of memory.
 */
size_t fr_like_largest(size_t n, const struct fr_like_ops *ops, const void *ctx);

/**
 * fr_rank_nn() - rank the noisy-neighbor victims per namespace
 * @m: the measured (and, with -R, published) drives
 * @basis: the latency basis
 * @r: the ranking, its nn and nnn filled
 *
 * Return: 0, or -ENOMEM.
 */
int fr_rank_nn(const struct fr_model *m, enum fr_basis basis, struct fr_ranking *r);

/**
 * fr_reasons_text() - the reasons as one line
 * @rs: the reasons
 * @buf: where the line is written: "not comparable: <reason> (<reviews>);
 *       ...", "" when @rs is empty
 * @len: the room in @buf (the line is cut to fit)
 */
void fr_reasons_text(const struct fr_reasons *rs, char *buf, size_t len);

#endif
