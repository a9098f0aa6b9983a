// SPDX-License-Identifier: GPL-2.0-only
/*
 * The one driver of the report's renderers (out_ops.h): the sections in the
 * format's order, each through the format's entry.
 */
#include "out/out_ops.h"

int fr_out_walk(FILE *f, const struct fr_report *rep, const struct fr_out_ops *ops, void *fmt)
{
	struct fr_out o = {.f = f, .rep = rep, .fmt = fmt};
	size_t n = ops->order ? ops->norder : FR_SECT_N;
	int rc = ops->begin ? ops->begin(&o) : 0;

	for (size_t i = 0; !rc && i < n; i++) {
		enum fr_out_sect s = ops->order ? ops->order[i] : (enum fr_out_sect)i;

		if (ops->sect[s])
			rc = ops->sect[s](&o);
	}
	if (ops->end) {
		int end = ops->end(&o, rc);

		rc = rc ? rc : end;
	}
	return rc;
}
