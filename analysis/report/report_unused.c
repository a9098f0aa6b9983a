// SPDX-License-Identifier: GPL-2.0-only
/*
 * The inputs not used (report_unused.h).
 */
#include "report/report_unused.h"

void fr_unused_build(const struct fr_model *m, struct fr_unused *u)
{
	u->l[FR_UNUSED_SKIPPED] = (struct fr_unused_list){
		.key = "skipped", .lead = "skipped", .p = m->skipped, .n = m->nskipped};
	u->l[FR_UNUSED_EXCLUDED] = (struct fr_unused_list){
		.key = "excluded", .lead = "excluded from", .p = m->excluded, .n = m->nexcluded};
	u->total = m->nskipped + m->nexcluded;
}
