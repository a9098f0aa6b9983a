/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef FIORANK_OUT_H
#define FIORANK_OUT_H

#include <stdbool.h>
#include <stdio.h>

#include "model/model.h"
#include "rank/rank.h"
#include "report/report.h"
#include "report/runinfo.h"

int fr_out_text(FILE *f, const struct fr_report *rep);
int fr_out_md(FILE *f, const struct fr_report *rep);
int fr_out_csv(FILE *f, const struct fr_report *rep);
int fr_out_json(FILE *f, const struct fr_report *rep);
int fr_out_html(FILE *f, const struct fr_report *rep);

/* Shared by the renderers (out_common.c). */
const char *fr_basis_name(enum fr_basis b);
const char *fr_basis_desc(enum fr_basis b);
/* "%.*f" of v, or "-" when v is NaN. */
const char *fr_num(char *buf, size_t len, double v, int prec);
/* ns -> µs, keeping NaN. */
static inline double fr_us(double ns)
{
	return ns / 1000.0;
}
/* "from 110 MB/s on, A's p99 read latency is below B's". */
void fr_cross_sentence(char *buf, size_t len, const struct fr_crossover *c);
/* A review's statement as published, beside what its published points
 * allow: "P5510 p99 falls below PM9A3 from 110 MB/s on (p5510-vs-pm9a3, as
 * published); the published points (10, 700 MB/s) allow: between 10 and
 * 700 MB/s".  "" when the review's write-pressure drives are not ranked. */
void fr_statement_text(const struct fr_ranking *r, const struct fr_statement *s, char *buf,
		       size_t len);
const char *fr_wp_metric_name(enum fr_wp_metric m);
/* "4k-randread 3 of 6, sql 2 of 4" for a measured drive: its places among the
 * published drives per profile; "" when it has none. */
void fr_ref_places(const struct fr_ranking *r, const struct fr_drive *d, char *buf, size_t len);
/* The published-place cell of an entry: "3 of 6", "3 of 6; not comparable:
 * <drive>: <reason>" when some published drives were left out, "not
 * comparable: <reason>" when all were, "per drive: ..." for a published
 * group, "-" otherwise. */
void fr_ref_place_text(const struct fr_entry *e, char *buf, size_t len);
/* "per drive: published for 8 drives run together, IOPS / 8" for a
 * published group's drive, "" otherwise. */
void fr_derived_text(const struct fr_drive *d, char *buf, size_t len);
/* "N profiles that hold only published drives are folded away
 * (--all-sections shows them)", or false and "" when none is (the report
 * stage folds them: fr_report.sect, report/report_sect.h). */
bool fr_folded_text(const struct fr_report *rep, char *buf, size_t len);
/* A place, "-" for 0 (not placed: not comparable). */
const char *fr_place_text(char *buf, size_t len, unsigned place);
/* Whether the "profiles won" summary means anything: some profile ranks two
 * drives or more (published ones ranked with --with-reference count). */
bool fr_wins_shown(const struct fr_ranking *r);
/* "120: target 20748 IOPS, reached 17286 (83 %)" when capped step s fell
 * short of its rate target (model.h, FR_TARGET_MISS); false and "" else. */
bool fr_target_missed_text(const struct fr_step *s, char *buf, size_t len);
/* The one direction step s did I/O in; FR_NDIRS for a mix (its
 * percentiles are per direction and never added up) or none. */
enum fr_dir fr_step_only_dir(const struct fr_step *s);
/* Steps of one noisy-neighbor namespace: "ns4" or "all" for nsid 0. */
void fr_ns_name(char *buf, size_t len, unsigned nsid);

#endif
