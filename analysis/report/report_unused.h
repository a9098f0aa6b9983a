/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * "Inputs not used" as every renderer prints it (issue 38): the files
 * skipped and the jobs excluded, each list with the words that lead its
 * lines and the key it goes under (the CSV's section, the JSON's member),
 * made once by fr_report_build so that no format lists them its own way.
 */
#ifndef FIORANK_REPORT_UNUSED_H
#define FIORANK_REPORT_UNUSED_H

#include <stddef.h>

#include "model/model.h"

enum { FR_UNUSED_SKIPPED, FR_UNUSED_EXCLUDED, FR_UNUSED_NLISTS };

struct fr_unused_list {
	const char *key;  /* "skipped", "excluded" */
	const char *lead; /* "skipped", "excluded from": before the source */
	const struct fr_problem *p;
	size_t n;
};

struct fr_unused {
	struct fr_unused_list l[FR_UNUSED_NLISTS]; /* skipped files, then excluded jobs */
	size_t total;				   /* lines over both lists; 0: no section */
};

/**
 * fr_unused_build() - the inputs not used, as printed
 * @m: the model (its skipped files and excluded jobs)
 * @u: filled; it points into @m
 */
void fr_unused_build(const struct fr_model *m, struct fr_unused *u);

#endif
