/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The runs of a --baseline comparison that are read apart from the inputs:
 * each --baseline DIR (the baseline's runs) and each --repeat DIR (more
 * runs of the inputs), one model per directory, so that repeated runs of a
 * step are never added up: they estimate the noise (baseline_noise.c).
 */
#ifndef FIORANK_BASELINE_RUNS_H
#define FIORANK_BASELINE_RUNS_H

#include <stdbool.h>
#include <stddef.h>

#include "model/model.h"

struct fr_bl_dirs {
	struct fr_model *m; /* one per directory */
	size_t n;
	bool problems; /* a file skipped or a job excluded in one of them */
};

/*
 * Reads each of dirs[0..n) into its own model.  0, or -1 having said why on
 * stderr (a directory that does not exist or holds no readable fio output,
 * refused, out of memory).
 */
struct fr_inputs;
struct fr_bl_read_opts {
	const char *option; /* "--baseline" or "--repeat" */
	unsigned threads;
	void (*list)(const struct fr_model *); /* lists a model's problems, or NULL */
	/* true (having said why) to refuse the inputs before reading, or NULL */
	bool (*refuse)(const struct fr_inputs *, const void *arg);
	const void *arg;
};
int fr_bl_dirs_read(const char *const *dirs, size_t n, const struct fr_bl_read_opts *o,
		    struct fr_bl_dirs *out);
void fr_bl_dirs_free(struct fr_bl_dirs *d);

#endif
