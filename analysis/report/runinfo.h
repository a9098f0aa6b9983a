/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * How a report was made (runinfo.c): fiorank's version, when, the command
 * line and the inputs as given.  Every renderer prints it in its header, so
 * a published report says what produced it.
 */
#ifndef FIORANK_RUNINFO_H
#define FIORANK_RUNINFO_H

#include <stddef.h>

struct fr_run_info {
	const char *version; /* fiorank's (the project version) */
	/* when the report was made, UTC, ISO 8601; SOURCE_DATE_EPOCH when
	 * set (reproducible reports: the goldens) */
	char date[32];
	char *cmdline; /* argv, each word shell-quoted where it needs it */
	char **inputs; /* the input paths as given, in order */
	size_t ninputs;
};

/**
 * fr_run_info_init() - how this report is being made
 * @ri: filled: the version, the date (now, or SOURCE_DATE_EPOCH), the
 *      command line; no inputs yet (fr_run_info_add_input() adds them as
 *      the command line is read)
 * @version: fiorank's version
 * @argc: the command line's words
 * @argv: the words
 *
 * Return: 0 or -ENOMEM.
 */
int fr_run_info_init(struct fr_run_info *ri, const char *version, int argc, char **argv);

/**
 * fr_run_info_add_input() - record one input path as given
 * @ri: the run's information
 * @path: the path (copied)
 *
 * Return: 0 or -ENOMEM.
 */
int fr_run_info_add_input(struct fr_run_info *ri, const char *path);

/**
 * fr_run_info_free() - free what fr_run_info_init() and the inputs hold
 * @ri: the run's information (left empty)
 */
void fr_run_info_free(struct fr_run_info *ri);

#endif
