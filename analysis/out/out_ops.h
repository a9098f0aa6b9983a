/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * One axis for the renderers (issue 38): each output format is one table of
 * entries, one per section of the report, as nvme-cli's print ops are; one
 * driver (out_walk.c) walks the sections in order and calls the format's
 * entry.  A section's content is built once in report/ (rows and cells), so
 * a new section is one report/ file, one enum value below and one entry per
 * format that prints it.  A format without an entry for a section does not
 * print it (Markdown has no AI section, only HTML charts the steady state).
 */
#ifndef FIORANK_OUT_OPS_H
#define FIORANK_OUT_OPS_H

#include <stddef.h>
#include <stdio.h>

#include "report/report.h"

/* The report's sections, in the order a format prints them unless its
 * ops say otherwise (fr_out_ops.order). */
enum fr_out_sect {
	FR_SECT_HEADER,	    /* what was read, basis, units, how it was made */
	FR_SECT_PROVENANCE, /* which drive and which run */
	FR_SECT_DRIVES,	    /* every drive of the model (JSON) */
	FR_SECT_STEADY,	    /* steady-state rounds (HTML charts them) */
	FR_SECT_PROFILES,   /* the ranking, one part per profile */
	FR_SECT_WRITE_PRESSURE,
	FR_SECT_STATEMENTS, /* the reviews' own write-pressure statements */
	FR_SECT_NN,	    /* noisy neighbor: victims, aggressors, cross-checks */
	FR_SECT_FDP,
	FR_SECT_TAILWHY,
	/* the runs on many hosts (report/fleet.h): helper h38f plugs each
	 * format's fleet renderer in here */
	FR_SECT_FLEET,
	FR_SECT_COPY,
	FR_SECT_HEALTH,
	FR_SECT_ENDURANCE,
	FR_SECT_WINS,	    /* profiles won */
	FR_SECT_REF_PLACES, /* places among the published drives */
	FR_SECT_UNUSED,	    /* "Inputs not used": skipped files, excluded jobs */
	FR_SECT_NOTES,	    /* the model's notes on its inputs */
	FR_SECT_BASELINE,
	FR_SECT_AI,
	FR_SECT_TQ, /* last: the runner's report ends with the tq-sweep table */
	FR_SECT_N
};

/* What an entry prints with: the stream (for HTML, the page's body, which
 * its table of contents is made from), the report, and the format's own
 * state (the HTML palette, the JSON document). */
struct fr_out {
	FILE *f;
	const struct fr_report *rep;
	void *fmt;
};

/* An entry: prints its section (or nothing when the report has none);
 * non-zero when it failed (memory, a write). */
typedef int (*fr_out_fn)(struct fr_out *o);

struct fr_out_ops {
	/* before the first section and after the last (rc: the sections'
	 * result); either may be NULL */
	int (*begin)(struct fr_out *o);
	int (*end)(struct fr_out *o, int rc);
	fr_out_fn sect[FR_SECT_N]; /* NULL: the format does not print it */
	/* the format's section order when it is not the enum's (each
	 * format keeps the order its readers know); NULL for the default */
	const enum fr_out_sect *order;
	size_t norder;
};

/**
 * fr_out_walk() - render a report through a format's ops
 * @f: where it is written
 * @rep: the report, built by fr_report_build()
 * @ops: the format's entries
 * @fmt: the format's own state (struct fr_out.fmt), or NULL
 *
 * Calls begin, then each section's entry in the format's order, then end,
 * which is called even when a section failed.
 *
 * Return: 0, or the first non-zero an entry, begin or end returned.
 */
int fr_out_walk(FILE *f, const struct fr_report *rep, const struct fr_out_ops *ops, void *fmt);

/* The formats' tables (out_text.c, out_md.c, out_csv.c, out_json.c,
 * out_html.c). */
extern const struct fr_out_ops fr_text_ops;
extern const struct fr_out_ops fr_md_ops;
extern const struct fr_out_ops fr_csv_ops;
extern const struct fr_out_ops fr_json_ops;
extern const struct fr_out_ops fr_html_ops;

#endif
