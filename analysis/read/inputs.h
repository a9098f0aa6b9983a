/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef FIORANK_INPUTS_H
#define FIORANK_INPUTS_H

#include <stdbool.h>
#include <sys/types.h>

#include "model/model.h"

/* Overrides given on the command line before an input argument. */
struct fr_input_opts {
	const char *drive;
	const char *profile;
	const char *step;
};

/* The inputs of one run: a list of files to read, in order. */
struct fr_inputs;

/**
 * fr_inputs_new() - an empty list of inputs
 *
 * Return: the list (free with fr_inputs_free()), or NULL when out of memory.
 */
struct fr_inputs *fr_inputs_new(void);
/**
 * fr_inputs_free() - free a list of inputs and all it holds
 * @in: the list, or NULL
 */
void fr_inputs_free(struct fr_inputs *in);

/**
 * fr_inputs_add() - add an input argument
 * @in: the list
 * @path: a file (whatever its name) or a directory (trailing slashes
 *        dropped)
 * @o: the overrides given before it on the command line
 *
 * A directory is walked recursively: its *.json files, except manifest.json
 * and *.engine.json, which are read as the runner's manifest and the
 * engine's sidecar files.  A file reached twice (same device and inode:
 * named again, a symlink, a hard link) is read once.  A path that cannot be
 * opened or is not a regular file is kept as a skipped input with why, for
 * fr_inputs_read() to record.
 *
 * Return: 0, or -ENOMEM.
 */
int fr_inputs_add(struct fr_inputs *in, const char *path, const struct fr_input_opts *o);

/**
 * fr_inputs_read() - read every input into a model
 * @in: the list
 * @m: the model the results are merged into
 * @threads: how many threads read (0 counts as 1, at most 64)
 *
 * Merges the results into @m in the order the files were added, so the model
 * does not depend on the thread count.  Problems (skipped and excluded
 * inputs, PTS results left to `fiorank pts`) are recorded in @m.
 *
 * Return: 0, or -ENOMEM (also when an fr_inputs_add() ran out of memory).
 */
int fr_inputs_read(struct fr_inputs *in, struct fr_model *m, unsigned threads);

/**
 * fr_inputs_reads() - whether a file is one the inputs read
 * @in: the list
 * @dev: the file's or directory's device
 * @ino: and inode
 *
 * Return: true when it is one the inputs read: fio output, manifest or
 * engine file, or a directory walked (-o must not overwrite it).
 */
bool fr_inputs_reads(const struct fr_inputs *in, dev_t dev, ino_t ino);

/**
 * fr_inputs_pts_left() - how many SNIA PTS results the walk left aside
 * @in: the list
 *
 * A note in the model says which, per manifest, drive and suite.
 *
 * Return: how many results of SNIA PTS suites the walk left to `fiorank pts`.
 */
size_t fr_inputs_pts_left(const struct fr_inputs *in);

/**
 * fr_file_type() - what kind of file a mode is, for messages
 * @mode: a stat() st_mode
 *
 * Return: a constant string: "a directory", "a FIFO (named pipe)", "a
 * socket", "a character device", "a block device", "a regular file" or "not
 * a regular file".
 */
const char *fr_file_type(mode_t mode);

#endif
