/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * How each profile's section is shown, decided once per run for every
 * format (report_sect.c): whether it is printed at all (a section of
 * published drives alone says nothing of the drives measured here and is
 * folded away unless --all-sections asks for it), and for the HTML the one
 * scale rule its mean and p99 charts share (log where their values
 * together span decades, util/logscale.h); the same for the write-pressure
 * charts.  The renderers print what is decided here.
 */
#ifndef FIORANK_REPORT_SECT_H
#define FIORANK_REPORT_SECT_H

#include <stdbool.h>
#include <stddef.h>

#include "model/model.h"
#include "rank/rank.h"
#include "util/logscale.h"

/* One profile's section. */
struct fr_section {
	/* printed: it holds a measured drive, --all-sections asked for every
	 * one, or published drives are all there is (fiorank -R, no input) */
	bool shown;
	/* the HTML's mean and p99 curve charts, one rule over both */
	struct fr_scales scales;
};

struct fr_sections {
	struct fr_section *p; /* per profile of the ranking, in its order */
	size_t np;
	size_t nfolded;	     /* profiles not shown */
	struct fr_scales wp; /* the write-pressure mean and p99 charts */
};

/**
 * fr_step_has_p99() - whether a step has a 99th percentile for a direction
 * @s: the step
 * @d: the direction
 * @basis: the latency basis
 *
 * Published curves give means only; a measured step that did no I/O in
 * @d has none either.
 *
 * Return: true when @s did I/O in @d and its p99 on @basis is known.
 */
bool fr_step_has_p99(const struct fr_step *s, enum fr_dir d, enum fr_basis basis);

/**
 * fr_sections_build() - decide how each profile's section is shown
 * @m: the model (whether any input was read)
 * @r: the ranking (its profiles, curves and write-pressure points)
 * @all_sections: --all-sections: show sections of published drives alone
 * @s: filled (fr_sections_free() it)
 *
 * Return: 0, or -ENOMEM (@s is then empty).
 */
int fr_sections_build(const struct fr_model *m, const struct fr_ranking *r, bool all_sections,
		      struct fr_sections *s);

/**
 * fr_sections_free() - free what fr_sections_build() allocated, and clear it
 * @s: the sections
 */
void fr_sections_free(struct fr_sections *s);

#endif
