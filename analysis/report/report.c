// SPDX-License-Identifier: GPL-2.0-only
/*
 * The report stage (report.h).
 */
#include <errno.h>
#include <string.h>

#include "report/report.h"

int fr_report_build(struct fr_report *rep, struct fr_report_parts *parts)
{
	memset(parts, 0, sizeof(*parts));
	rep->nn = NULL;
	if (rep->r->nnn) {
		if (fr_nn_split(rep, &parts->nn))
			return -ENOMEM;
		rep->nn = &parts->nn;
	}
	return 0;
}

void fr_report_parts_free(struct fr_report_parts *parts)
{
	fr_nn_split_free(&parts->nn);
}
