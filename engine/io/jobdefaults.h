/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Defaults for the ${VAR}s of a job file.  fio expands ${VAR} from the
 * environment and has no ${VAR:-default}: an unset variable becomes the
 * empty string, which most options refuse.  A job file declares a default
 * in a comment of its leading comment block,
 *     ;   SSDNVME_RUNTIME=30   seconds measured
 * and the engine, loaded by fio while it reads its command line (before any
 * job file), sets each declared variable that the environment does not have.
 */
#ifndef SSDNVME_JOBDEFAULTS_H
#define SSDNVME_JOBDEFAULTS_H

#include <stdbool.h>
#include <stdio.h>

/* Only variables with this prefix are read: other job files are unaffected. */
#define JOBDEFAULT_PREFIX "SSDNVME_"

/**
 * jobdefault_parse() - one line of a job file's leading comment block
 * @line: the line
 * @name: where a declared variable's name is written
 * @name_len: its room
 * @value: where its value is written (up to the next blank)
 * @value_len: its room
 *
 * A declaration is ";" or "#", blanks, NAME=VALUE; NAME must start with
 * JOBDEFAULT_PREFIX.
 *
 * Return: true with @name and @value set when @line declares a default.
 */
bool jobdefault_parse(const char *line, char *name, size_t name_len, char *value, size_t value_len);

/**
 * jobdefaults_apply() - set the defaults a job file declares
 * @job: the job file, read from where it stands
 *
 * Reads the leading comment block (up to the first line that is neither
 * blank nor a comment) and setenv()s, without overwriting, every default
 * it declares.
 *
 * Return: the number of variables set.
 */
int jobdefaults_apply(FILE *job);

/**
 * jobdefaults_from_cmdline() - apply the defaults of every job file on the command line
 *
 * Every argument of this process's command line (/proc/self/cmdline) that
 * names a regular file is read as a job file by jobdefaults_apply().
 */
void jobdefaults_from_cmdline(void);

#endif
