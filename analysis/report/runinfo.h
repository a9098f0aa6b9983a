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

/* Fills ri from argv; 0 or -ENOMEM.  Inputs are added with
 * fr_run_info_add_input as the command line is read. */
int fr_run_info_init(struct fr_run_info *ri, const char *version, int argc, char **argv);
int fr_run_info_add_input(struct fr_run_info *ri, const char *path);
void fr_run_info_free(struct fr_run_info *ri);

#endif
