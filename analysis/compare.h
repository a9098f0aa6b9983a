/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef FIORANK_COMPARE_H
#define FIORANK_COMPARE_H

#include <stdbool.h>
#include <stddef.h>

#include "rank.h"

/* Reasons published drives were left out, each with the reviews (or
 * drives) it applies to; printed as "not comparable: R1 (A, B); R2". */
#define FR_MAX_REASONS 12

struct fr_reasons {
	char why[FR_MAX_REASONS][200];
	char who[FR_MAX_REASONS][200];
	size_t n;
};

/*
 * Whether measured entry e compares with published drive pub (re: pub's
 * entry in the same profile): the group sizes (a published group of N is
 * held per drive; a measured group only against the same N), the run itself
 * (a drive, full steps) and the review's method (outstanding I/O, block
 * size, read share; fr_step.method).  True with *per_drive set to the
 * divisor that puts e's figure on pub's per-drive footing; false with the
 * reasons added to rs.
 */
bool fr_comparable(const struct fr_entry *e, const struct fr_drive *pub, const struct fr_entry *re,
		   unsigned *per_drive, struct fr_reasons *rs);
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
void fr_nn_run_of(const struct fr_profile *p, struct fr_nn_run *out);
/* Whether that run compares with a published noisy-neighbor figure (pub:
 * the published step's method, who: its review); reasons to rs. */
bool fr_nn_comparable(const struct fr_nn_run *mine, const struct fr_method *pub, const char *who,
		      struct fr_reasons *rs);
/* "not comparable: <reason> (<reviews>); ...", "" when rs is empty. */
void fr_reasons_text(const struct fr_reasons *rs, char *buf, size_t len);

#endif
