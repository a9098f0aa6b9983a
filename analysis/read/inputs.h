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

struct fr_inputs *fr_inputs_new(void);
void fr_inputs_free(struct fr_inputs *in);

/*
 * Adds a file (whatever its name) or a directory (recursively: its *.json
 * files, except manifest.json and *.engine.json, which are read as the
 * runner's manifest and the engine's sidecar files).  A file reached twice
 * (same device and inode: named again, a symlink, a hard link) is read once.
 * Returns 0, or -ENOMEM.
 */
int fr_inputs_add(struct fr_inputs *in, const char *path, const struct fr_input_opts *o);

/*
 * Reads every file with up to `threads` threads and merges the results into
 * m in the order the files were added, so the model does not depend on the
 * thread count.  Problems are recorded in m.  Returns 0, or -ENOMEM.
 */
int fr_inputs_read(struct fr_inputs *in, struct fr_model *m, unsigned threads);

/* True when the file or directory (device, inode) is one the inputs read:
 * fio output, manifest or engine file (-o must not overwrite it). */
bool fr_inputs_reads(const struct fr_inputs *in, dev_t dev, ino_t ino);

/* How many results of SNIA PTS suites the walk left to `fiorank pts`
 * (a note in the model says which, per manifest, drive and suite). */
size_t fr_inputs_pts_left(const struct fr_inputs *in);

/* "a FIFO (named pipe)", "a socket", "a character device", ... */
const char *fr_file_type(mode_t mode);

#endif
