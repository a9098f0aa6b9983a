// SPDX-License-Identifier: GPL-2.0-only
/*
 * The provenance rows (report.h): each measured drive's header fields, in
 * the order every renderer prints them, made once per run.
 */
#include <errno.h>
#include <stdlib.h>

#include "report/report.h"

int fr_prov_rows_build(const struct fr_prov *p, struct fr_prov_row **rows)
{
	size_t n = p ? p->ndrives : 0;

	*rows = calloc(n + 1, sizeof(**rows));
	if (!*rows)
		return -ENOMEM;
	for (size_t d = 0; d < n; d++) {
		(*rows)[d].d = &p->drives[d];
		(*rows)[d].n = fr_prov_fields(&p->drives[d], (*rows)[d].f, FR_PROV_MAX_FIELDS);
	}
	return 0;
}
