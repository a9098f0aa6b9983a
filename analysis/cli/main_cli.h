/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fiorank's command line (main_cli.c): the options, their checks, the help
 * and the exit codes; main.c runs the stages with what it parsed.
 */
#ifndef FIORANK_MAIN_CLI_H
#define FIORANK_MAIN_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "gate/baseline.h"
#include "read/inputs.h"
#include "out/out.h"
#include "report/runinfo.h"

enum {
	EXIT_ALL_READ = 0,
	EXIT_SOME_SKIPPED = 1,
	EXIT_USAGE = 2,
	EXIT_THRESHOLD = 3,
	EXIT_UNDECIDED = 4, /* --fail-if: a term could not be evaluated */
};

/* --baseline and --repeat directories at most */
#define MAX_RUNS 64

/* An output format: its name for -f and its renderer. */
struct format {
	const char *name;
	int (*render)(FILE *, const struct fr_report *);
};

struct opts {
	const struct format *format;
	const char *output;
	const char *refdir;
	const char *ref_review;
	bool with_ref, no_ref, quiet;
	bool all_sections; /* also profiles that hold only published drives */
	const char *iops_file;
	bool check_only; /* --check: the --iops checks without the sum */
	enum fr_basis basis;
	unsigned threads;
	const char *baseline[MAX_RUNS]; /* --baseline DIR... */
	size_t nbaseline;
	const char *repeat[MAX_RUNS]; /* --repeat DIR... */
	size_t nrepeat;
	const char *fail_if;  /* --fail-if as given */
	bool include_invalid; /* --include-invalid: keep steps the health verdict rejects */
	struct fr_gate gate;
};

/* o with the defaults: the first format (text), the clat basis. */
void cli_opts_init(struct opts *o);
/* First pass over argv: the options that are not positional, checked;
 * counts the inputs.  Returns 0, or an exit code (usage said on stderr);
 * --help and --version print and exit. */
int cli_parse_global(int argc, char **argv, struct opts *o, int *ninputs);
/* Second pass: the inputs in order, each with the -d/-p/-s given before it. */
int cli_add_inputs(int argc, char **argv, struct fr_inputs *in, struct fr_run_info *run);
/* The reference data next to this binary, else the install prefix's. */
const char *cli_default_refdir(char *buf, size_t len);

#endif
