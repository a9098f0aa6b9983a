// SPDX-License-Identifier: GPL-2.0-only
/*
 * The Copy method's runs in the model (copy.h).
 */
#include <stdlib.h>
#include <string.h>

#include "model/copy.h"

bool fr_copy_in_workload(const char *w)
{
	const char *k = "write_mode=copy\n";

	return w && (!strncmp(w, k, strlen(k)) || strstr(w, "\nwrite_mode=copy\n"));
}

void fr_copy_runs_free(struct fr_copy_run *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].drive);
		free(v[i].source);
	}
	free(v);
}
