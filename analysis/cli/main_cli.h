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
#include "report/tailwhy.h"

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
	double tail_pct;   /* --tail-pct: why the tail's percentile */
	const char *iops_file;
	bool check_only; /* --check: the --iops checks without the sum */
	enum fr_basis basis;
	unsigned threads;
	const char *baseline[MAX_RUNS]; /* --baseline DIR... */
	size_t nbaseline;
	const char *repeat[MAX_RUNS]; /* --repeat DIR... */
	size_t nrepeat;
	const char *fail_if;	    /* --fail-if as given */
	const char *baseline_drive; /* --baseline-drive BASE=NEW as given */
	bool include_invalid;	    /* --include-invalid: keep steps the health verdict rejects */
	struct fr_gate gate;
};

/**
 * cli_opts_init() - the options' defaults
 * @o: set to them: the first format (text), the clat basis, nothing else
 */
void cli_opts_init(struct opts *o);

/**
 * cli_parse_global() - the first pass over the command line
 * @argc: how many arguments
 * @argv: the arguments
 * @o: the options that are not positional, set and checked
 * @ninputs: set to how many inputs are given
 *
 * --help and --version print and exit.
 *
 * Return: 0, or an exit code (EXIT_USAGE, the usage said on stderr).
 */
int cli_parse_global(int argc, char **argv, struct opts *o, int *ninputs);

/**
 * cli_add_inputs() - the second pass: the inputs in order
 * @argc: how many arguments
 * @argv: the arguments
 * @in: the inputs, each added with the -d/-p/-s given before it
 * @run: how the report was made, each input added
 *
 * Return: 0, or -1 when out of memory.
 */
int cli_add_inputs(int argc, char **argv, struct fr_inputs *in, struct fr_run_info *run);

/**
 * cli_default_refdir() - where the published reference data is
 * @buf: room for a path beside this binary
 * @len: its size
 *
 * The build tree's analysis/reference or the install prefix's
 * share/ssdnvme/reference, found from /proc/self/exe.
 *
 * Return: @buf holding that directory when it exists, else the configured
 * FIORANK_REFDIR.
 */
const char *cli_default_refdir(char *buf, size_t len);

#endif
