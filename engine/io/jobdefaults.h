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

/*
 * One line of a job file's leading comment block: true and NAME/VALUE when
 * it declares a default (";" or "#", blanks, NAME=VALUE, VALUE up to the
 * next blank).  NAME must start with JOBDEFAULT_PREFIX.
 */
bool jobdefault_parse(const char *line, char *name, size_t name_len, char *value, size_t value_len);

/*
 * Reads the leading comment block of a job file (stops at the first line
 * that is neither blank nor a comment) and setenv()s, without overwriting,
 * every default it declares.  Returns the number of variables set.
 */
int jobdefaults_apply(FILE *job);

/*
 * Every argument of this process's command line (/proc/self/cmdline) that
 * names a regular file is read as a job file by jobdefaults_apply().
 */
void jobdefaults_from_cmdline(void);

#endif
