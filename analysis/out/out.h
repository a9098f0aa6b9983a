/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef FIORANK_OUT_H
#define FIORANK_OUT_H

#include <stdbool.h>
#include <stdio.h>

#include "model/model.h"
#include "rank/rank.h"
#include "report/report.h"
#include "report/runinfo.h"

/**
 * fr_out_text() - write the report as plain text (out_text.c)
 * @f: where it is written
 * @rep: the report, built by fr_report_build()
 *
 * The whole report is rendered into memory, then written through the
 * escaping byte layer (fr_render_escaped()), so names from input cannot
 * send control sequences to a terminal; so are Markdown, CSV and HTML.
 *
 * Return: 0, or -1 when rendering failed, memory ran out or a write failed.
 */
int fr_out_text(FILE *f, const struct fr_report *rep);
/**
 * fr_out_md() - write the report as Markdown (out_md.c)
 * @f: where it is written
 * @rep: the report, built by fr_report_build()
 *
 * Return: 0, or -1 when rendering failed, memory ran out or a write failed.
 */
int fr_out_md(FILE *f, const struct fr_report *rep);
/**
 * fr_out_csv() - write the report as CSV (out_csv.c)
 * @f: where it is written
 * @rep: the report, built by fr_report_build()
 *
 * Return: 0, or -1 when rendering failed, memory ran out or a write failed.
 */
int fr_out_csv(FILE *f, const struct fr_report *rep);
/**
 * fr_out_json() - write the report as JSON (out_json.c)
 * @f: where it is written
 * @rep: the report, built by fr_report_build()
 *
 * One pretty-printed document of schema "fiorank/2"; its strings are
 * escaped one by one (fr_escape_str() for invalid UTF-8, json-c for the
 * controls).
 *
 * Return: 0, or -1 when the tq-sweep section ran out of memory or a write
 * failed.
 */
int fr_out_json(FILE *f, const struct fr_report *rep);
/**
 * fr_out_html() - write the report as one HTML page with its SVG charts (out_html.c)
 * @f: where it is written
 * @rep: the report, built by fr_report_build()
 *
 * Return: 0, or -1 when rendering failed, memory ran out or a write failed.
 */
int fr_out_html(FILE *f, const struct fr_report *rep);

/* Shared by the renderers (out_common.c). */
/**
 * fr_basis_name() - the short name of a latency basis
 * @b: the basis
 *
 * Return: "clat" for FR_CLAT, "lat" otherwise (a static string).
 */
const char *fr_basis_name(enum fr_basis b);
/**
 * fr_basis_desc() - a latency basis named and explained
 * @b: the basis
 *
 * Return: a static string, "clat (completion latency, submission to
 * completion)" or "lat (total latency, including submission)".
 */
const char *fr_basis_desc(enum fr_basis b);
/**
 * fr_num() - a number as text with a fixed count of decimals
 * @buf: where the text is written (terminated, cut to fit)
 * @len: @buf's size in bytes
 * @v: the number
 * @prec: how many digits after the point
 *
 * Return: @buf, holding "%.*f" of @v, or "-" when @v is NaN or infinite
 * (a figure not known is not printed as one).
 */
const char *fr_num(char *buf, size_t len, double v, int prec);
/**
 * fr_us() - nanoseconds to microseconds
 * @ns: a time in nanoseconds (the model's unit for latency)
 *
 * Return: the time in microseconds (the reports' unit); NaN stays NaN.
 */
static inline double fr_us(double ns)
{
	return ns / 1000.0;
}
/**
 * fr_cross_sentence() - a write-pressure crossover in words
 * @buf: where the sentence is written (terminated, cut to fit)
 * @len: @buf's size in bytes
 * @c: the crossover (rank.h)
 *
 * "from 110 MB/s on, A's 99th percentile read latency falls below B's"
 * when it stays below at every later common step, "at 110 MB/s, ..." when
 * it does not; between two published drives, whose points say nothing
 * between them, "between the published points 10 and 110 MB/s (none
 * between them), ...".
 */
void fr_cross_sentence(char *buf, size_t len, const struct fr_crossover *c);
/**
 * fr_wp_any_unlike() - whether a measured write-pressure run has no crossover stated
 * @r: the ranking
 *
 * Return: true when a write-pressure drive has a note (its run is unlike
 * the like runs, so no crossover with them is stated).
 */
bool fr_wp_any_unlike(const struct fr_ranking *r);
/**
 * fr_statement_text() - a review's statement beside what its points allow
 * @r: the ranking, with its write-pressure drives and crossovers
 * @s: the statement, as the reference data publish it
 * @buf: where the text is written (terminated, cut to fit)
 * @len: @buf's size in bytes
 *
 * "P5510 p99 falls below PM9A3 from 110 MB/s on (p5510-vs-pm9a3, as
 * published); the published points (10, 700 MB/s) allow: between 10 and
 * 700 MB/s".  A crossover statement is checked against the published
 * crossover of the same metric, any other against the gap at the
 * statement's rate (or the nearest common point below it).  "" when fewer
 * than two of the review's write-pressure drives are ranked.
 */
void fr_statement_text(const struct fr_ranking *r, const struct fr_statement *s, char *buf,
		       size_t len);
/**
 * fr_wp_metric_name() - the name of a write-pressure metric
 * @m: the metric
 *
 * Return: "mean" for FR_WP_MEAN, "p99" otherwise (a static string).
 */
const char *fr_wp_metric_name(enum fr_wp_metric m);
/**
 * fr_ref_places() - a measured drive's places among the published drives
 * @r: the ranking
 * @d: the drive
 * @buf: where the text is written (terminated, cut to fit)
 * @len: @buf's size in bytes
 *
 * Per profile where @d has a published place or a note why not, its
 * fr_ref_place_text(): "4k-randread 3 of 6, sql 2 of 4"; "" when it has
 * none.
 */
void fr_ref_places(const struct fr_ranking *r, const struct fr_drive *d, char *buf, size_t len);
/**
 * fr_ref_place_text() - the published-place cell of an entry
 * @e: the entry
 * @buf: where the text is written (terminated, cut to fit)
 * @len: @buf's size in bytes
 *
 * "3 of 6", "3 of 6; not comparable: <drive>: <reason>" when some published
 * drives were left out, "not comparable: <reason>" when all were, "per
 * drive: ..." (fr_derived_text()) for a published group, "-" otherwise.
 */
void fr_ref_place_text(const struct fr_entry *e, char *buf, size_t len);
/**
 * fr_derived_text() - how a published group's per-drive figures were derived
 * @d: the drive
 * @buf: where the text is written (terminated, cut to fit)
 * @len: @buf's size in bytes
 *
 * "per drive: published for 8 drives run together, IOPS / 8, latency as
 * published" for a published drive whose figures are a group's, ""
 * otherwise.
 */
void fr_derived_text(const struct fr_drive *d, char *buf, size_t len);
/**
 * fr_folded_text() - the note on the sections folded away
 * @rep: the report (the report stage folds them: fr_report.sect,
 *       report/report_sect.h)
 * @buf: where the note is written (terminated, cut to fit; "" when none)
 * @len: @buf's size in bytes
 *
 * "2 profiles that hold only published drives folded away (--all-sections
 * shows them)".
 *
 * Return: true when some profile is folded away, false otherwise.
 */
bool fr_folded_text(const struct fr_report *rep, char *buf, size_t len);
/**
 * fr_wins_folded_text() - the note under "profiles won" when sections are folded
 * @rep: the report
 * @buf: where the note is written ("" when none)
 * @len: @buf's size in bytes
 *
 * The wins count every profile, the folded ones too: "these counts include
 * the 2 profiles folded away above (only published drives; --all-sections
 * shows them)".
 *
 * Return: true when some section is folded, false otherwise.
 */
bool fr_wins_folded_text(const struct fr_report *rep, char *buf, size_t len);
/**
 * fr_place_text() - a place as text
 * @buf: where the text is written (terminated, cut to fit)
 * @len: @buf's size in bytes
 * @place: the place, 1 the best; 0 not placed (not comparable)
 *
 * Return: @buf, holding the number, or "-" for 0.
 */
const char *fr_place_text(char *buf, size_t len, unsigned place);
/**
 * fr_wins_shown() - whether the "profiles won" summary means anything
 * @r: the ranking
 *
 * Return: true when some profile places two drives or more (published ones
 * ranked with --with-reference count; an unplaced entry does not).
 */
bool fr_wins_shown(const struct fr_ranking *r);
/**
 * fr_place_note_text() - why a measured drive has no place among the measured ones
 * @e: the entry
 * @buf: where the text is written: "not placed: unlike the placed runs
 *       (<drive>): <differences>"
 * @len: @buf's size in bytes
 *
 * Return: true when @e has such a note (fr_entry.place_note), false and ""
 * otherwise (placed, or ref_note gives the reason).
 */
bool fr_place_note_text(const struct fr_entry *e, char *buf, size_t len);
/**
 * fr_target_missed_text() - the note on a step that fell short of its rate target
 * @s: the step
 * @buf: where the note is written (terminated, cut to fit; "" when none)
 * @len: @buf's size in bytes
 *
 * "120: target 20748 IOPS, reached 17286 (83 %)" for a capped step that
 * fell short (fr_step_target_missed(), model.h's FR_TARGET_MISS).
 *
 * Return: true when the step fell short, false otherwise.
 */
bool fr_target_missed_text(const struct fr_step *s, char *buf, size_t len);
/**
 * fr_peak_unstable_text() - the note on a capped step that beat the peak run
 * @e: a ranked entry
 * @by_mbps: whether its profile is ranked by MB/s
 * @buf: where the note is written (terminated, cut to fit; "" when none)
 * @len: @buf's size in bytes
 *
 * A curve is ranked by its best step; when that is a capped step more
 * than 1 / FR_TARGET_MISS (about 5 %) above the uncapped "peak" run, the
 * peak was not stable: "peak not stable:
 * capped step 120 reached 13043 IOPS, 19 % above the uncapped peak run
 * (10926); ranked by the step".
 *
 * Return: true when @e has such a step, false otherwise.
 */
bool fr_peak_unstable_text(const struct fr_entry *e, bool by_mbps, char *buf, size_t len);
/**
 * fr_step_only_dir() - the one direction a step did I/O in
 * @s: the step
 *
 * Return: that direction; FR_NDIRS for a mix (its percentiles are per
 * direction and never added up) or a step without I/O.
 */
enum fr_dir fr_step_only_dir(const struct fr_step *s);
/**
 * fr_ns_name() - the name of a noisy-neighbor namespace
 * @buf: where the name is written (terminated, cut to fit)
 * @len: @buf's size in bytes
 * @nsid: the namespace id; 0 for the steps of all namespaces
 *
 * "ns4", or "all" for 0.
 */
void fr_ns_name(char *buf, size_t len, unsigned nsid);

#endif
