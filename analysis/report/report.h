/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The report stage: between the ranking and the renderers, it builds once
 * per run what several renderers print, so that each format shows the same
 * computation and none repeats it (issue 24).  Today: the noisy-neighbor
 * split (crosscheck.h).  The inputs' contents come from the readers
 * (fr_step.fio_doc, fr_step.engine_doc, fr_model.manifests): no stage after
 * them opens an input.
 */
#ifndef FIORANK_REPORT_H
#define FIORANK_REPORT_H

#include "out/crosscheck.h"
#include "out/out.h"

/* What fr_report_build makes, owned by the caller (one per report). */
struct fr_report_parts {
	struct fr_nn_split nn;
};

/* Fills rep's shared parts (rep->nn) into parts; rep's model, ranking and
 * provenance must be set.  Returns 0, or -ENOMEM (parts then empty). */
int fr_report_build(struct fr_report *rep, struct fr_report_parts *parts);
void fr_report_parts_free(struct fr_report_parts *parts);

#endif
