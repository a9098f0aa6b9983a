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
#include <stdio.h>

#include "model/model.h"

struct fr_bl_dirs {
	struct fr_model *m; /* one per directory */
	size_t n;
	bool problems; /* a file skipped or a job excluded in one of them */
};

struct fr_inputs;
struct fr_bl_read_opts {
	const char *option; /* "--baseline" or "--repeat" */
	unsigned threads;
	void (*list)(const struct fr_model *); /* lists a model's problems, or NULL */
	/* true (having said why) to refuse the inputs before reading, or NULL */
	bool (*refuse)(const struct fr_inputs *, const void *arg);
	const void *arg;
	FILE *err; /* where a directory that cannot be used is said (main.c: stderr) */
};

/**
 * fr_bl_dirs_read() - read each directory into a model of its own
 * @dirs: the directories (of --baseline, or of --repeat)
 * @n: how many
 * @o: how: the option named in messages, threads, the problem lister
 * @out: the models, one per directory read (fr_bl_dirs_free() them, also
 *       after a failure)
 *
 * Return: 0, or -1 having said why on @o->err (a directory that does not
 * exist or holds no readable fio output, inputs refused, out of memory).
 */
int fr_bl_dirs_read(const char *const *dirs, size_t n, const struct fr_bl_read_opts *o,
		    struct fr_bl_dirs *out);

/**
 * fr_bl_dirs_rename() - compare one drive of the baseline as another
 * @d: the baseline's runs
 * @dirs: their directories, for messages
 * @spec: "BASE=NEW" (--baseline-drive): the drive labelled BASE takes the
 *        label NEW in each run
 * @err: where a run without BASE, or with NEW already, is said
 *
 * Return: 0, or -1 having said why on @err (or out of memory).
 */
int fr_bl_dirs_rename(struct fr_bl_dirs *d, const char *const *dirs, const char *spec, FILE *err);

/**
 * fr_bl_dirs_free() - free what fr_bl_dirs_read() made
 * @d: the models (left empty)
 */
void fr_bl_dirs_free(struct fr_bl_dirs *d);

#endif
