/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The endurance section (issue 41 item 1; jobs/endurance.fio): per drive
 * and mix (endurance-jesd219, endurance-iu), its steps s1, s2, ... in
 * order, each with the host bytes fio wrote, the drive's own host and
 * media bytes over the step (its health record, health.h), the step's WAF
 * and the cumulative WAF over the steps so far, its write tails, and which
 * write unit the mix used against what the namespace reports.  Built once
 * by the report stage (report.h); the renderers print it.
 */
#ifndef FIORANK_REPORT_ENDURANCE_H
#define FIORANK_REPORT_ENDURANCE_H

#include <stdbool.h>
#include <stddef.h>

#include "model/health.h"
#include "model/model.h"

/* The profile names of the method's two mixes (the job names' part before '@'). */
#define FR_EI_JESD219 "endurance-jesd219"
#define FR_EI_IU      "endurance-iu"

/* One step of a mix. */
struct fr_ei_point {
	const struct fr_step *step;
	unsigned num;	   /* N of its name s<N> */
	unsigned nsid;	   /* the namespace written (engine file), 0 not known */
	double host_bytes; /* fio's written bytes, NAN unknown */
	double cum_host;   /* fio's written bytes of this and every earlier step */
	struct fr_waf waf; /* the step's (fr_health_waf()) */
	/* over this and every earlier step: the drive's media bytes and the
	 * host bytes its counter beside them counted, and their ratio; NAN
	 * from the first step without a WAF, or whose media counter is not
	 * the first step's, on (cum_why says which) */
	double cum_media, cum_src_host, cum_waf;
	double p99, p9999; /* write completion latency, ns; NAN not known */
};

/* One drive's steps of one mix. */
struct fr_ei_series {
	const struct fr_drive *drive;
	const struct fr_profile *profile;
	bool jesd219;	/* the 2010 mix; else the write-unit-aligned successor */
	char unit[200]; /* the write unit the steps used, as their job says it */
	/* what the namespace reports (the engine's write_hints): "NPWG 8 LBAs
	 * = 4096 B, NPWA ..." or why not known */
	char drive_unit[240];
	struct fr_ei_point *p; /* by step number */
	size_t n;
	char cum_why[320]; /* why the cumulative WAF stops, "" when it does not */
};

struct fr_endurance {
	struct fr_ei_series *s; /* drive order, then jesd219 before iu */
	size_t n;
};

/**
 * fr_endurance_build() - the endurance section of a model
 * @m: the model
 * @e: filled (fr_endurance_free() it); empty when no drive ran the method
 *
 * Steps whose name is not s<N> (N >= 1) are left out of a series: only
 * the method's steps form its curve.
 *
 * Return: 0, or -ENOMEM (@e then empty).
 */
int fr_endurance_build(const struct fr_model *m, struct fr_endurance *e);

/**
 * fr_endurance_free() - free what fr_endurance_build() made, and clear it
 * @e: the section
 */
void fr_endurance_free(struct fr_endurance *e);

#endif
