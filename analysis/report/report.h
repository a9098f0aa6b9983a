/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The report stage: between the ranking and the renderers, it builds once
 * per run what several renderers print, so that each format shows the same
 * computation and none repeats it (issue 24): the noisy-neighbor split and
 * its io_uring_cmd cross-check pairing (below; crosscheck.c), the tq-sweep
 * section (rank/tq.h), each drive's provenance fields (report_prov.c),
 * each step's drive health (report_health.h), the --baseline comparison's
 * rows (report_baseline.h) and,
 * for the HTML, the peak steps' json+, tag and fio-log series
 * (report_peak.h).  The inputs' contents come from the readers
 * (fr_step.fio_doc, fr_step.engine_doc, fr_model.manifests): no stage after
 * them opens an input.
 */
#ifndef FIORANK_REPORT_H
#define FIORANK_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "model/model.h"
#include "read/provenance.h"
#include "rank/rank.h"
#include "rank/tq.h"
#include "report/ai.h"
#include "report/runinfo.h"
#include "report/fdp.h"
#include "report/report_peak.h"
#include "report/report_health.h"
#include "report/report_baseline.h"
#include "report/report_unused.h"

struct json_object;
/* issue 24 item 1: which sections are shown and their charts' scales, the
 * steady-state rounds and fit, decided here and no longer by the renderers */
#include "report/report_sect.h"
#include "report/report_ss.h"
#include "report/endurance.h"
#include "report/tailwhy.h"

struct fr_baseline;
struct fr_nn_split;
struct fr_fleet;

/* What every renderer prints from: the renderers only print it, they open
 * no input and compute no analysis (report.c builds what they share). */
struct fr_report {
	const struct fr_model *m;
	const struct fr_ranking *r;
	const char *ref_note;		    /* where published data came from, or NULL */
	const struct fr_prov *prov;	    /* which drive and which run, or NULL */
	const struct fr_baseline *baseline; /* --baseline comparison, or NULL */
	const struct fr_model *ref;	    /* published drives (tq.c places among them), or NULL */
	const struct fr_run_info *run;	    /* how the report was made, or NULL */
	bool all_sections; /* --all-sections: also sections holding only published drives */
	/* the noisy-neighbor split (victims, aggressors, cross-checks;
	 * below), made once by fr_report_build; NULL without a
	 * noisy-neighbor ranking */
	const struct fr_nn_split *nn;
	/* the tq-sweep section (rank/tq.h), made once by fr_report_build;
	 * NULL or nd 0: no drive ran it */
	const struct fr_tq *tq;
	/* the checkpoint and KV-cache sections (report/ai.h), made once by
	 * fr_report_build; NULL or empty: no drive ran them */
	const struct fr_ai *ai;
	/* set before fr_report_build: also build the peak steps' series the
	 * HTML charts (peak, below); the other formats print none of them */
	bool want_peak_series;
	/* per profile of the ranking and entry, its peak step's series
	 * (report_peak.h); NULL unless want_peak_series */
	const struct fr_peak_series *const *peak;
	/* per measured drive (prov's order), its provenance fields; made
	 * once by fr_report_build, n 0 without provenance */
	const struct fr_prov_row *prov_rows;
	size_t nprov_rows;
	/* the placed noisy-neighbor runs beside the same drives' unplaced
	 * ones (report/fdp.h, issue 26), made once by fr_report_build; NULL
	 * when it could not be made */
	const struct fr_fdp_cmp *fdp;
	/* the runs on many hosts (report/fleet.h, issue 39), made once after
	 * the read (its withheld rows are said on stderr even
	 * when no report follows); NULL when no manifest has hosts */
	const struct fr_fleet *fleet;
	/* every step's health as printed (report_health.h); made once by
	 * fr_report_build */
	const struct fr_report_health *health;
	/* the --baseline comparison as printed (report_baseline.h), made
	 * once by fr_report_build from baseline; NULL without one */
	const struct fr_report_baseline *bl;
	/* made once by fr_report_build (issue 24 item 1): per profile of
	 * the ranking, whether its section is shown and its charts' scales
	 * (report_sect.h); each measured drive's steady-state rounds and fit
	 * (report_ss.h) */
	const struct fr_sections *sect;
	const struct fr_ss *ss;
	/* the endurance method's steps and WAF (report/endurance.h), made
	 * once by fr_report_build; n 0: no drive ran it */
	const struct fr_endurance *ei;
	/* set before fr_report_build: why the tail's percentile (0: the
	 * default); the section (tailwhy.h) made once by fr_report_build */
	double tail_pct;
	const struct fr_tailwhy *tw;
	/* the files skipped and jobs excluded as printed (report_unused.h),
	 * made once by fr_report_build */
	const struct fr_unused *unused;
};

/* The most header fields a drive's provenance has (read/provenance.c). */
#define FR_PROV_MAX_FIELDS 32

/* One measured drive's provenance as every renderer prints it: its header
 * lines' names and values in order (report_prov.c). */
struct fr_prov_row {
	const struct fr_prov_drive *d;
	struct fr_prov_field f[FR_PROV_MAX_FIELDS];
	size_t n;
};

/**
 * fr_prov_rows_build() - each measured drive's provenance as printed
 * @p: the provenance, or NULL (no rows)
 * @rows: set to the malloc'd rows, one per drive of @p
 *
 * Return: 0, or -ENOMEM.
 */
int fr_prov_rows_build(const struct fr_prov *p, struct fr_prov_row **rows);

/*
 * The noisy-neighbor split (crosscheck.c): the noisy-neighbor ranking as every renderer shows it
 * (crosscheck.c): the suite's io_uring_cmd cross-check run is the same drive through fio's own
 * passthrough engine, not a competitor.  It is taken out of the per-namespace ranking and shown as
 * read-latency ratios to the ssdnvme run of the same drive.  The victims are the readers: a
 * namespace a drive's writers wrote to is an aggressor's, and the reads there (the writers' own
 * mix, from the engine's per-namespace tags) are shown with the writers,
 * not ranked.  The report stage (report.c) splits it once per run into
 * fr_report.nn; text, md, csv, json and html print that.
 */
/* One namespace's ranking without the cross-check runs. */
struct fr_nn_view {
	unsigned nsid;
	const struct fr_nn_entry **e; /* rank order, the placed first */
	unsigned *place;	      /* among them; 0: not placed (e[i]->note says why) */
	size_t n;
	struct fr_lat gap; /* second minus first placed, NAN when fewer than 2 */
};

/* A cross-check run's read latency on one namespace over the ssdnvme run's. */
struct fr_xcheck {
	unsigned nsid;
	const struct fr_nn_entry *run;	/* the io_uring_cmd run's figures */
	const struct fr_drive *of;	/* the ssdnvme run of the same drive */
	const struct fr_nn_entry *base; /* its figures there, NULL when it has none */
	struct fr_lat ratio;		/* run / base per figure, NAN where either lacks it */
};

/* An aggressor: one noisy-neighbor write step of a drive (fio's nn-write
 * job, nsid 0, or one namespace's share from the engine's tags). */
struct fr_nn_aggr {
	const struct fr_drive *drive;
	unsigned nsid;
	const struct fr_step *write; /* its write figures */
	/* the drive's reads on that namespace (a ranked read entry there) or,
	 * without one, the write step's own reads (a mixed writer job); NULL
	 * when it read nothing */
	const struct fr_lat *own_reads;
	const struct fr_step *own_reads_step; /* where they came from */
};

struct fr_nn_split {
	struct fr_nn_view *ns; /* one per ranked namespace, nsid order */
	size_t nns;
	struct fr_xcheck *xc; /* namespace order */
	size_t nxc;
	struct fr_nn_aggr *aggr; /* drive, then step order; not ranked */
	size_t naggr;
};

/**
 * fr_cross_check_of() - the ssdnvme run a cross-check run checks
 * @rep: the report (its model's drives)
 * @d: a drive of the model
 *
 * A cross-check run is the suite's io_uring_cmd run: engine io_uring_cmd,
 * the same model and serial as an ssdnvme run, both recorded.  Of several
 * such ssdnvme runs, the one of the same method (noisy neighbor) and
 * namespaces.
 *
 * Return: that ssdnvme run, or NULL when @d is not a cross-check run.
 */
const struct fr_drive *fr_cross_check_of(const struct fr_report *rep, const struct fr_drive *d);

/**
 * fr_nn_split() - split the noisy-neighbor ranking into victims, aggressors and cross-checks
 * @rep: the report (its model and ranking set)
 * @s: the split, filled (fr_nn_split_free() it)
 *
 * Views hold the victims only: a drive's reads on a namespace its writers
 * wrote to go with its aggressor row, and a namespace left with no victim
 * has no view.  A cross-check row is left out on a namespace the ssdnvme
 * run's writers wrote to.
 *
 * Return: 0, or -ENOMEM (@s is then empty).
 */
int fr_nn_split(const struct fr_report *rep, struct fr_nn_split *s);

/**
 * fr_nn_split_free() - free what fr_nn_split() allocated
 * @s: the split
 */
void fr_nn_split_free(struct fr_nn_split *s);

/* What fr_report_build makes, owned by the caller (one per report). */
struct fr_report_parts {
	struct fr_nn_split nn;
	struct fr_tq tq;
	struct fr_ai ai;
	struct fr_peak_series **peak;	  /* [profile][entry] */
	size_t npeak;			  /* profiles */
	const struct fr_ranking *ranking; /* what peak was built for */
	struct fr_prov_row *prov_rows;
	struct fr_fdp_cmp fdp; /* FDP pairs (report/fdp.h) */
	struct fr_report_health health;
	struct fr_report_baseline bl;
	struct fr_sections sect;
	struct fr_ss ss;
	struct fr_endurance ei;
	struct fr_tailwhy tw;
	struct fr_unused unused;
};

/**
 * fr_report_build() - build what several renderers print, once
 * @rep: the report; its model, ranking and provenance set; its shared parts
 *       (rep->nn, rep->tq, rep->peak, rep->prov_rows, rep->sect, rep->ss) are
 *       pointed at @parts
 * @parts: where the shared parts are kept, owned by the caller
 *
 * Return: 0, or -ENOMEM (@parts then empty).
 */
int fr_report_build(struct fr_report *rep, struct fr_report_parts *parts);

/**
 * fr_report_parts_free() - free what fr_report_build() made
 * @parts: the shared parts
 */
void fr_report_parts_free(struct fr_report_parts *parts);

#endif
