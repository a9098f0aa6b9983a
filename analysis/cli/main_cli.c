// SPDX-License-Identifier: GPL-2.0-only
/*
 * fiorank's command line (main_cli.h).
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/main_cli.h"

#include "version.h" /* $(BUILD)/version.h: the project version */
#ifndef FIORANK_REFDIR
#define FIORANK_REFDIR "/usr/local/share/ssdnvme/reference"
#endif

/* Long options without a short one. */
enum {
	OPT_BASELINE = 256,
	OPT_FAIL_IF,
	OPT_CHECK,
	OPT_REPEAT,
	OPT_BASELINE_DRIVE,
	OPT_INCLUDE_INVALID,
	OPT_ALL_SECTIONS,
	OPT_TAIL_PCT
};

/* The output formats, the first the default: the help, the check of -f and
 * the renderer all come from this one table. */
static const struct format formats[] = {
	{"text", fr_out_text}, {"md", fr_out_md},     {"csv", fr_out_csv},
	{"json", fr_out_json}, {"html", fr_out_html},
};
#define NFORMATS (sizeof(formats) / sizeof(formats[0]))

static const struct format *find_format(const char *name)
{
	for (size_t i = 0; i < NFORMATS; i++)
		if (!strcmp(formats[i].name, name))
			return &formats[i];
	return NULL;
}

/* "text (default), md, csv, json or html" */
static void list_formats(FILE *f)
{
	for (size_t i = 0; i < NFORMATS; i++)
		fprintf(f, "%s%s%s",
			i == 0		    ? ""
			: i + 1 == NFORMATS ? " or "
					    : ", ",
			formats[i].name, i == 0 ? " (default)" : "");
}

static const char usage_head[] =
	"Usage: fiorank [OPTION]... [[-d DRIVE] [-p PROFILE] [-s STEP] INPUT]...\n"
	"Rank fio results (JSON, json+, client/server, --status-interval output,\n"
	"text before the JSON) per drive and profile: peak IOPS (MB/s for\n"
	"sequential profiles) with the mean latency at the peak, the curve, places\n"
	"and margins, write-pressure crossovers, noisy-neighbor tails, wins, and\n"
	"the place among published reference drives.\n"
	"\n"
	"INPUT is a fio output file (any name) or a directory, read recursively\n"
	"(its *.json files; manifest.json and *.engine.json are the runner's\n"
	"manifest and the ssdnvme engine's identity files).\n"
	"\n"
	"fiorank pts [-f text|json|csv|html] [-o FILE] DIR...: the SNIA PTS reports\n"
	"of ssdnvme-suite results directories (docs/fiorank.md).\n"
	"\n"
	"  -f, --format=FMT        ";
static const char usage_text[] =
	"  -o, --output=FILE       write the report to FILE instead of stdout\n"
	"  -d, --drive=LABEL       label the inputs that follow as drive LABEL\n"
	"  -p, --profile=ID        treat the jobs of the inputs that follow as profile ID\n"
	"  -s, --step=STEP         treat them as curve step STEP (peak, 10..120)\n"
	"                          (-d/-p/-s apply until given again; \"\" resets)\n"
	"  -b, --basis=clat|lat    latency basis: completion (default) or total\n"
	"  -r, --reference=DIR     published reference data directory\n"
	"                          (default: ../analysis/reference or\n"
	"                          ../share/ssdnvme/reference next to this binary,\n"
	"                          else " FIORANK_REFDIR ")\n"
	"  -R, --with-reference[=REVIEW]\n"
	"                          rank the published drives (of one review id) too;\n"
	"                          with no INPUT, rank only them\n"
	"  -N, --no-reference      do not load published data\n"
	"      --all-sections      with --with-reference, also the profiles in which\n"
	"                          only published drives ran (folded away by default)\n"
	"      --tail-pct=P        \"why the tail\": the I/Os above percentile P of\n"
	"                          each tag key in the tag logs (default 99.9)\n"
	"  -j, --jobs=N            parse with N threads (default: one per processor core\n"
	"                          it may run on, at most 8)\n"
	"  -q, --quiet             do not list unusable inputs on stderr\n"
	"      --baseline=DIR      compare with an earlier run in DIR, per drive and\n"
	"                          step of every section (curve, write pressure,\n"
	"                          noisy neighbor, tq-sweep): IOPS, MB/s, mean, p99,\n"
	"                          p99.99 latency; again for more runs of the baseline\n"
	"      --repeat=DIR        with --baseline: DIR holds another run of the inputs;\n"
	"                          with repeated runs a threshold counts as crossed only\n"
	"                          when every new run is beyond every baseline run\n"
	"      --baseline-drive=BASE=NEW\n"
	"                          with --baseline: compare the baseline's drive BASE\n"
	"                          with the inputs' drive NEW on purpose (labels as\n"
	"                          the report prints them); without it a step is\n"
	"                          matched only by the same drive label\n"
	"      --fail-if=EXPR      with --baseline: exit 3 when a change crosses a\n"
	"                          threshold, e.g. 'p99.99>+10%,iops<-5%' (metrics:\n"
	"                          iops, mbps, mean, p99, p99.99); exit 4 when a term\n"
	"                          cannot be evaluated (a figure absent on a side)\n"
	"      --include-invalid   rank, place and gate steps the drive's health marks\n"
	"                          invalid (thermal throttling, warning or critical\n"
	"                          temperature time, a critical warning); by default\n"
	"                          they are excluded, each listed with its reason\n"
	"      --iops=FILE         print \"READ_IOPS WRITE_IOPS\" of one fio output, summed\n"
	"                          over its jobs (or clients) and nothing else; exit 1\n"
	"                          and print nothing if it is unreadable, a job failed\n"
	"                          or was excluded, or its jobs are in several fio groups\n"
	"      --check=FILE        exit 0 when FILE is one complete fio output whose jobs\n"
	"                          all ran without error and would all be used (several\n"
	"                          fio groups allowed), 1 otherwise; prints no figures\n"
	"  -h, --help              this help\n"
	"  -V, --version           version\n"
	"\n"
	"Drive label: -d, else the manifest, else the engine identity file\n"
	"(model serial), else the client hostname, else the first path component\n"
	"below the directory argument (or the file name without .json).\n"
	"Profile and step come from the fio job name (<profile>@<step>, wp-read@MBps,\n"
	"nn-read-ns<N>, ...), else the manifest, else the job's options read as fio\n"
	"reads them (e.g. 8k-randrw-70-30), else the job name.  Figures are added up\n"
	"only inside one fio group (groupid); groups differing by rate caps are the\n"
	"steps of one curve, others separate results named after their jobs.  A job\n"
	"whose figures (bytes per I/O, read share, jobs present) disagree with its\n"
	"name or options is excluded with the reason.\n"
	"\n"
	"Exit status:\n"
	"  0  every input was read and every job used\n"
	"  1  some input was skipped or some job excluded (each listed on stderr\n"
	"     with file name, job and reason, byte offset for parse errors: fio\n"
	"     error, nonsense figures, no I/O, a step of the wrong kind, ...); the\n"
	"     report covers the rest; or a drive's steady state was NOT reached\n"
	"  2  usage error, nothing readable, bad reference data, or the report could\n"
	"     not be written\n"
	"  3  with --baseline and --fail-if: a change crossed a threshold (the report\n"
	"     is written); with --baseline, 1 also when a drive or profile is on one\n"
	"     side only or ran other parameters (not compared), or a compared step\n"
	"     is missing from some baseline or --repeat run\n"
	"  4  with --baseline and --fail-if: cannot decide: a term could not be\n"
	"     evaluated on a compared step (figure absent on a side: stderr names the\n"
	"     term, the side and the fix, e.g. -b clat or lat_percentiles=1), or\n"
	"     nothing was compared; no threshold crossed (3 wins over 4)\n";

static int usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "fiorank: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'fiorank --help'.\n");
	return EXIT_USAGE;
}

/*
 * The reference data next to this binary, wherever the tree or the install
 * lies: BIN/../analysis/reference (the tree's build/), BIN/../../analysis/
 * reference (build/asan/), BIN/../share/ssdnvme/reference (PREFIX/bin);
 * else the install prefix compiled in.
 */
const char *cli_default_refdir(char *buf, size_t len)
{
	static const char *const rel[] = {"../analysis/reference", "../../analysis/reference",
					  "../share/ssdnvme/reference"};
	char exe[PATH_MAX], *slash;
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	struct stat st;
	size_t i;

	if (n <= 0)
		return FIORANK_REFDIR;
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	if (!slash)
		return FIORANK_REFDIR;
	*slash = '\0';
	for (i = 0; i < sizeof(rel) / sizeof(rel[0]); i++) {
		if (snprintf(buf, len, "%s/%s", exe, rel[i]) >= (int)len)
			continue;
		if (!stat(buf, &st) && S_ISDIR(st.st_mode))
			return buf;
	}
	return FIORANK_REFDIR;
}

static const struct option long_opts[] = {
	{"format", required_argument, NULL, 'f'},
	{"output", required_argument, NULL, 'o'},
	{"drive", required_argument, NULL, 'd'},
	{"profile", required_argument, NULL, 'p'},
	{"step", required_argument, NULL, 's'},
	{"basis", required_argument, NULL, 'b'},
	{"reference", required_argument, NULL, 'r'},
	{"with-reference", optional_argument, NULL, 'R'},
	{"no-reference", no_argument, NULL, 'N'},
	{"jobs", required_argument, NULL, 'j'},
	{"quiet", no_argument, NULL, 'q'},
	{"help", no_argument, NULL, 'h'},
	{"version", no_argument, NULL, 'V'},
	{"iops", required_argument, NULL, 'I'},
	{"check", required_argument, NULL, OPT_CHECK},
	{"baseline", required_argument, NULL, OPT_BASELINE},
	{"fail-if", required_argument, NULL, OPT_FAIL_IF},
	{"repeat", required_argument, NULL, OPT_REPEAT},
	{"baseline-drive", required_argument, NULL, OPT_BASELINE_DRIVE},
	{"include-invalid", no_argument, NULL, OPT_INCLUDE_INVALID},
	{"all-sections", no_argument, NULL, OPT_ALL_SECTIONS},
	{"tail-pct", required_argument, NULL, OPT_TAIL_PCT},
	{NULL, 0, NULL, 0},
};

static const char *empty_is_null(const char *s)
{
	return s && *s ? s : NULL;
}

/* First pass: options that are not positional; checks values. */
int cli_parse_global(int argc, char **argv, struct opts *o, int *ninputs)
{
	int c;

	optind = 1;
	while ((c = getopt_long(argc, argv, "-f:o:d:p:s:b:r:R::Nj:qhV", long_opts, NULL)) != -1) {
		switch (c) {
		case 1:
			(*ninputs)++;
			break;
		case 'f':
			o->format = find_format(optarg);
			if (!o->format) {
				fprintf(stderr, "fiorank: unknown format '%s' (", optarg);
				list_formats(stderr);
				fprintf(stderr, ")\nTry 'fiorank --help'.\n");
				return EXIT_USAGE;
			}
			break;
		case 'o':
			o->output = optarg;
			break;
		case 'b':
			if (strcmp(optarg, "clat") && strcmp(optarg, "lat"))
				return usage_error("unknown latency basis '%s' (clat or lat)",
						   optarg);
			o->basis = strcmp(optarg, "clat") ? FR_LAT : FR_CLAT;
			break;
		case 'r':
			o->refdir = optarg;
			break;
		case 'R':
			o->with_ref = true;
			/* "-R=ID" hands getopt's optional argument over with its '=' */
			o->ref_review =
				empty_is_null(optarg && *optarg == '=' ? optarg + 1 : optarg);
			break;
		case 'N':
			o->no_ref = true;
			break;
		case 'q':
			o->quiet = true;
			break;
		case 'j': {
			char *end;
			unsigned long n = strtoul(optarg, &end, 10);

			if (*end || !*optarg || n < 1 || n > 64)
				return usage_error("--jobs wants a number from 1 to 64, not '%s'",
						   optarg);
			o->threads = (unsigned)n;
			break;
		}
		case 'h':
			fputs(usage_head, stdout);
			list_formats(stdout);
			fputs("\n", stdout);
			fputs(usage_text, stdout);
			exit(EXIT_ALL_READ);
		case 'V':
			printf("fiorank %s\n", SSDNVME_PROJECT_VERSION);
			exit(EXIT_ALL_READ);
		case 'I':
			o->iops_file = optarg;
			o->check_only = false;
			break;
		case OPT_CHECK:
			o->iops_file = optarg;
			o->check_only = true;
			break;
		case OPT_BASELINE:
			if (o->nbaseline == MAX_RUNS)
				return usage_error("more than 64 --baseline directories at '%s'",
						   optarg);
			o->baseline[o->nbaseline++] = optarg;
			break;
		case OPT_ALL_SECTIONS:
			o->all_sections = true;
			break;
		case OPT_TAIL_PCT: {
			char *end;

			errno = 0;
			o->tail_pct = strtod(optarg, &end);
			/* above the median band, below every I/O */
			if (errno || end == optarg || *end || !(o->tail_pct > FR_TW_BAND_HI) ||
			    !(o->tail_pct < 100))
				return usage_error("--tail-pct wants a percentile above 55 and "
						   "below 100, not '%s'",
						   optarg);
			break;
		}
		case OPT_REPEAT:
			if (o->nrepeat == MAX_RUNS)
				return usage_error("more than 64 --repeat directories at '%s'",
						   optarg);
			o->repeat[o->nrepeat++] = optarg;
			break;
		case OPT_BASELINE_DRIVE: {
			const char *eq = strchr(optarg, '=');

			if (!eq || eq == optarg || !eq[1])
				return usage_error(
					"--baseline-drive wants BASE=NEW (the baseline's "
					"drive label, then the inputs'), not '%s'",
					optarg);
			o->baseline_drive = optarg;
			break;
		}
		case OPT_INCLUDE_INVALID:
			o->include_invalid = true;
			break;
		case OPT_FAIL_IF: {
			char err[512];

			fr_gate_free(&o->gate);
			if (fr_gate_parse(optarg, &o->gate, err, sizeof(err)))
				return usage_error("%s", err);
			o->fail_if = optarg;
			break;
		}
		case 'd':
		case 'p':
		case 's':
			break;
		default:
			return usage_error("%s", "invalid option");
		}
	}
	if (o->with_ref && o->no_ref)
		return usage_error("%s", "--with-reference and --no-reference exclude each other");
	if (o->fail_if && !o->nbaseline)
		return usage_error("%s", "--fail-if needs --baseline DIR");
	if (o->nrepeat && !o->nbaseline)
		return usage_error("%s", "--repeat needs --baseline DIR");
	if (o->baseline_drive && !o->nbaseline)
		return usage_error("%s", "--baseline-drive needs --baseline DIR");
	if (o->iops_file)
		return 0;
	if (o->nbaseline && !*ninputs)
		return usage_error("%s", "--baseline needs inputs to compare with it");
	if (!*ninputs && !o->with_ref)
		return usage_error("%s", "no input given");
	return 0;
}

/* Second pass: inputs in order, each with the -d/-p/-s given before it. */
int cli_add_inputs(int argc, char **argv, struct fr_inputs *in, struct fr_run_info *run)
{
	struct fr_input_opts io = {0};
	int c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "-f:o:d:p:s:b:r:R::Nj:qhV", long_opts, NULL)) != -1) {
		if (c == 1 &&
		    (fr_inputs_add(in, optarg, &io) || fr_run_info_add_input(run, optarg)))
			return -1;
		else if (c == 'd')
			io.drive = empty_is_null(optarg);
		else if (c == 'p')
			io.profile = empty_is_null(optarg);
		else if (c == 's')
			io.step = empty_is_null(optarg);
	}
	return 0;
}

void cli_opts_init(struct opts *o)
{
	memset(o, 0, sizeof(*o));
	o->format = &formats[0];
	o->basis = FR_CLAT;
	o->tail_pct = FR_TW_DEFAULT_PCT;
}
