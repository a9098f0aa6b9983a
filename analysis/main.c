// SPDX-License-Identifier: GPL-2.0-only
/*
 * fiorank: ranks fio results the way storage reviews publish them.
 * Command line and exit codes only; the work is in libfiorank.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "baseline.h"
#include "baseline_runs.h"
#include "escape.h"
#include "health.h"
#include "inputs.h"
#include "out.h"
#include "provenance.h"
#include "pts.h"
#include "rank.h"
#include "read_fio.h"
#include "read_ref.h"
#include "slurp.h"

#include "version.h" /* $(BUILD)/version.h: the project version */
#ifndef FIORANK_SRC_TOP
#define FIORANK_SRC_TOP ""
#endif
#ifndef FIORANK_REFDIR
#define FIORANK_REFDIR "/usr/local/share/ssdnvme/reference"
#endif

enum {
	EXIT_ALL_READ = 0,
	EXIT_SOME_SKIPPED = 1,
	EXIT_USAGE = 2,
	EXIT_THRESHOLD = 3,
	EXIT_UNDECIDED = 4, /* --fail-if: a term could not be evaluated */
};

/* Long options without a short one. */
enum {
	OPT_BASELINE = 256,
	OPT_FAIL_IF,
	OPT_CHECK,
	OPT_REPEAT,
	OPT_INCLUDE_INVALID,
	OPT_ALL_SECTIONS
};

/* --baseline and --repeat directories at most */
#define MAX_RUNS 64

/* The output formats, the first the default: the help, the check of -f and
 * the renderer all come from this one table. */
static const struct format {
	const char *name;
	int (*render)(FILE *, const struct fr_report *);
} formats[] = {
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
	"  -j, --jobs=N            parse with N threads (default: online CPUs, at most 8)\n"
	"  -q, --quiet             do not list unusable inputs on stderr\n"
	"      --baseline=DIR      compare with an earlier run in DIR, per drive and\n"
	"                          step of every section (curve, write pressure,\n"
	"                          noisy neighbor, tq-sweep): IOPS, MB/s, mean, p99,\n"
	"                          p99.99 latency; again for more runs of the baseline\n"
	"      --repeat=DIR        with --baseline: DIR holds another run of the inputs;\n"
	"                          with repeated runs a threshold counts as crossed only\n"
	"                          when every new run is beyond every baseline run\n"
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
	"     side only or ran other parameters (not compared)\n"
	"  4  with --baseline and --fail-if: cannot decide: a term could not be\n"
	"     evaluated on a compared step (figure absent on a side: stderr names the\n"
	"     term, the side and the fix, e.g. -b clat or lat_percentiles=1), or\n"
	"     nothing was compared; no threshold crossed (3 wins over 4)\n";

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
static const char *default_refdir(char *buf, size_t len)
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

static int render(const struct opts *o, const struct fr_report *rep)
{
	FILE *f = stdout;
	int ret;

	if (o->output && !(f = fopen(o->output, "w"))) {
		fprintf(stderr, "fiorank: cannot write %s: %s\n", o->output, strerror(errno));
		return -1;
	}
	ret = o->format->render(f, rep);
	if ((f == stdout ? fflush(f) : fclose(f)) || ret) {
		fprintf(stderr, "fiorank: writing %s failed: %s\n",
			o->output ? o->output : "stdout", strerror(errno ? errno : EIO));
		return -1;
	}
	return 0;
}

/* One problem on stderr, control characters from input shown as "\xNN". */
static void print_problem(const char *what, const struct fr_problem *p)
{
	char *src = fr_escape_str(p->source, FR_ESC_CONTROLS);
	char *why = fr_escape_str(p->reason, FR_ESC_CONTROLS);

	fprintf(stderr, "fiorank: %s %s: %s\n", what, src ? src : "?", why ? why : "?");
	free(src);
	free(why);
}

static void list_problems(const struct fr_model *m)
{
	for (size_t i = 0; i < m->nskipped; i++)
		print_problem("skipped", &m->skipped[i]);
	for (size_t i = 0; i < m->nexcluded; i++)
		print_problem("excluded from", &m->excluded[i]);
	for (size_t i = 0; i < m->nnotes; i++)
		print_problem("note:", &m->notes[i]);
}

static bool has_review(const char *const *ids, size_t n, const char *id)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(ids[i], id))
			return true;
	return false;
}

/* -R=ID must name a review of the data: else a usage error listing them. */
static int check_review(const struct fr_ref *data, const char *id)
{
	size_t n = data->ncurves + data->nwp + data->nnn, k = 0;
	const char **ids = calloc(n + 1, sizeof(*ids));

	if (!ids)
		return -1;
	for (size_t i = 0; i < data->ncurves; i++)
		if (!has_review(ids, k, data->curves[i].review))
			ids[k++] = data->curves[i].review;
	for (size_t i = 0; i < data->nwp; i++)
		if (!has_review(ids, k, data->wp[i].review))
			ids[k++] = data->wp[i].review;
	for (size_t i = 0; i < data->nnn; i++)
		if (!has_review(ids, k, data->nn[i].review))
			ids[k++] = data->nn[i].review;
	if (has_review(ids, k, id)) {
		free(ids);
		return 0;
	}
	fprintf(stderr, "fiorank: unknown review id '%s'; the reference data has:", id);
	for (size_t i = 0; i < k; i++)
		fprintf(stderr, "%s %s", i ? "," : "", ids[i]);
	fprintf(stderr, "\nTry 'fiorank --help'.\n");
	free(ids);
	return -1;
}

/* "N published drives from: <each review of them, cited>" into note. */
static void cite_reviews(const struct fr_ref *data, const struct fr_model *ref, char *note,
			 size_t nlen)
{
	size_t used = (size_t)snprintf(note, nlen, "%zu published drives from:", ref->ndrives);

	for (size_t d = 0; d < ref->ndrives && used < nlen; d++) {
		const char *id = ref->drives[d].review;
		char cite[512];
		bool seen = false;

		for (size_t e = 0; e < d && !seen; e++)
			seen = !strcmp(ref->drives[e].review, id);
		if (seen)
			continue;
		fr_ref_cite(data, id, cite, sizeof(cite));
		used += (size_t)snprintf(note + used, nlen - used, "%s %s", d ? ";" : "", cite);
	}
}

/* Loads published data: into ref (for placing) and, with -R, into m. */
static int load_reference(const struct opts *o, struct fr_model *m, struct fr_model *ref,
			  char *note, size_t nlen)
{
	char buf[PATH_MAX], err[512];
	const char *dir = o->refdir ? o->refdir : default_refdir(buf, sizeof(buf));
	struct fr_ref data;
	struct stat st;

	if (o->no_ref)
		return 0;
	if (!o->refdir && !o->with_ref && stat(dir, &st))
		return 0; /* no data installed: no placing, said in the report */
	if (fr_read_ref_dir(dir, &data, err, sizeof(err))) {
		fprintf(stderr, "fiorank: reference data: %s\n", err);
		return -1;
	}
	if (o->ref_review && check_review(&data, o->ref_review)) {
		fr_ref_free(&data);
		return -1;
	}
	if (fr_ref_to_model(&data, NULL, ref) < 0 ||
	    (o->with_ref && fr_ref_to_model(&data, o->ref_review, m) < 0)) {
		fr_ref_free(&data);
		fprintf(stderr, "fiorank: out of memory\n");
		return -1;
	}
	if (!(o->ref_review && !o->with_ref))
		cite_reviews(&data, ref, note, nlen);
	fr_ref_free(&data);
	return 0;
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
	{"include-invalid", no_argument, NULL, OPT_INCLUDE_INVALID},
	{"all-sections", no_argument, NULL, OPT_ALL_SECTIONS},
	{NULL, 0, NULL, 0},
};

static const char *empty_is_null(const char *s)
{
	return s && *s ? s : NULL;
}

/* First pass: options that are not positional; checks values. */
static int parse_global(int argc, char **argv, struct opts *o, int *ninputs)
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
		case OPT_REPEAT:
			if (o->nrepeat == MAX_RUNS)
				return usage_error("more than 64 --repeat directories at '%s'",
						   optarg);
			o->repeat[o->nrepeat++] = optarg;
			break;
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
	if (o->iops_file)
		return 0;
	if (o->nbaseline && !*ninputs)
		return usage_error("%s", "--baseline needs inputs to compare with it");
	if (!*ninputs && !o->with_ref)
		return usage_error("%s", "no input given");
	return 0;
}

/* Second pass: inputs in order, each with the -d/-p/-s given before it. */
static int add_inputs(int argc, char **argv, struct fr_inputs *in, struct fr_run_info *run)
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

static void sum_iops(const struct fr_model *m, double *iops)
{
	for (size_t d = 0; d < m->ndrives; d++)
		for (size_t p = 0; p < m->drives[d].nprofiles; p++) {
			const struct fr_profile *pr = &m->drives[d].profiles[p];

			for (size_t s = 0; s < pr->nsteps; s++)
				for (int i = 0; i < FR_NDIRS; i++)
					iops[i] += pr->steps[s].dir[i].iops;
		}
}

/* --iops FILE: the runner's question for computing capped steps.  With
 * check_only (--check FILE), whether the run is complete: the same checks,
 * but jobs of several fio groups are fine (nothing is summed). */
static int print_iops(const char *path, bool check_only)
{
	struct fr_label label = {.fallback_drive = "run"};
	double iops[FR_NDIRS] = {0};
	struct fr_read_info info;
	struct fr_model m;
	size_t len;
	struct stat st;
	char *buf;
	int ret = EXIT_SOME_SKIPPED;

	/* refuse a FIFO, socket or device by its type before opening it */
	if (!stat(path, &st) && !S_ISREG(st.st_mode)) {
		fprintf(stderr, "fiorank: %s: is %s, not a regular file\n", path,
			fr_file_type(st.st_mode));
		return ret;
	}
	buf = fr_slurp(path, &len);
	if (!buf) {
		fprintf(stderr, "fiorank: %s: cannot read: %s\n", path, strerror(errno));
		return ret;
	}
	fr_model_init(&m);
	if (!fr_read_fio_buffer(&m, buf, len, path, &label, &info) && info.groups_differ &&
	    !check_only) {
		/* jobs of several fio groups did not run together: no one sum */
		fprintf(stderr,
			"fiorank: %s: its jobs are in several fio groups (stonewall or "
			"new_group); their IOPS are not one figure\n",
			path);
	} else if (!m.nskipped && !m.nexcluded && m.jobs_read) {
		if (!check_only) {
			sum_iops(&m, iops);
			printf("%.3f %.3f\n", iops[FR_READ], iops[FR_WRITE]);
		}
		ret = EXIT_ALL_READ;
	} else {
		list_problems(&m);
		if (!m.jobs_read && !m.nskipped && !m.nexcluded)
			fprintf(stderr, "fiorank: %s: no jobs\n", path);
	}
	fr_read_info_free(&info);
	fr_model_free(&m);
	free(buf);
	return ret;
}

/* -o naming one of the inputs would overwrite what is being read. */
static bool output_is_input(const struct opts *o, const struct fr_inputs *in)
{
	struct stat st;

	if (!o->output || stat(o->output, &st) || !fr_inputs_reads(in, st.st_dev, st.st_ino))
		return false;
	fprintf(stderr, "fiorank: -o %s names one of the inputs; refusing to overwrite it\n",
		o->output);
	return true;
}

static void list_problems_cb(const struct fr_model *m)
{
	list_problems(m);
}

static bool refuse_output(const struct fr_inputs *in, const void *arg)
{
	return output_is_input(arg, in);
}

/* Steps the health verdict rejects leave a model (unless --include-invalid),
 * listed as excluded; 0, or -1 out of memory (said). */
static int drop_invalid(const struct opts *o, struct fr_model *m, bool list)
{
	size_t before = m->nexcluded;
	long n = o->include_invalid ? 0 : fr_health_exclude_invalid(m);

	if (n < 0) {
		fprintf(stderr, "fiorank: out of memory\n");
		return -1;
	}
	for (size_t i = before; list && !o->quiet && i < m->nexcluded; i++)
		print_problem("excluded from", &m->excluded[i]);
	return 0;
}

/* The same for the runs of a --baseline comparison: the gate never judges
 * a step the drive's health rejects. */
static int drop_invalid_runs(const struct opts *o, struct fr_bl_dirs *runs)
{
	for (size_t i = 0; i < runs->n; i++) {
		size_t before = runs->m[i].nexcluded;

		if (drop_invalid(o, &runs->m[i], true))
			return -1;
		runs->problems |= runs->m[i].nexcluded > before;
	}
	return 0;
}

/* --baseline DIR... and --repeat DIR..., each its own run, and the gate.
 * 0, or EXIT_USAGE having said why. */
static int compare_baseline(const struct opts *o, const struct fr_model *m, unsigned threads,
			    struct fr_bl_dirs *base, struct fr_bl_dirs *rep, struct fr_baseline *bl)
{
	struct fr_bl_read_opts ro = {"--baseline", threads, o->quiet ? NULL : list_problems_cb,
				     refuse_output, o};
	const struct fr_model *bm[MAX_RUNS], *cm[MAX_RUNS + 1] = {m};
	struct fr_bl_runs bruns = {bm, 0}, cruns = {cm, 1};

	if (fr_bl_dirs_read(o->baseline, o->nbaseline, &ro, base))
		return EXIT_USAGE;
	ro.option = "--repeat";
	if (fr_bl_dirs_read(o->repeat, o->nrepeat, &ro, rep))
		return EXIT_USAGE;
	if (drop_invalid_runs(o, base) || drop_invalid_runs(o, rep))
		return EXIT_USAGE;
	for (size_t i = 0; i < base->n; i++)
		bm[bruns.n++] = &base->m[i];
	for (size_t i = 0; i < rep->n; i++)
		cm[cruns.n++] = &rep->m[i];
	bl->dir = o->baseline[0];
	bl->fail_if = o->fail_if;
	if (fr_baseline_compare(&cruns, &bruns, o->basis, o->fail_if ? &o->gate : NULL, bl)) {
		fprintf(stderr, "fiorank: out of memory\n");
		return EXIT_USAGE;
	}
	return 0;
}

/* The exit status of a written report. */
static int report_status(const struct fr_model *m, bool other_problems,
			 const struct fr_baseline *bl)
{
	if (bl && bl->ncrossed)
		return EXIT_THRESHOLD;
	if (bl && bl->fail_if && bl->undecided)
		return EXIT_UNDECIDED;
	if (m->nskipped || m->nexcluded || other_problems || (bl && bl->nunmatched))
		return EXIT_SOME_SKIPPED;
	return EXIT_ALL_READ;
}

/* Why the gate cannot decide, on stderr: the gate's reason and each
 * compared step's (term, side, fix), at most 20 steps. */
static void say_undecided(const struct fr_baseline *bl)
{
	size_t shown = 0;

	fprintf(stderr, "fiorank: cannot decide --fail-if '%s'%s%s\n", bl->fail_if,
		bl->why ? ": " : "", bl->why ? bl->why : "");
	for (size_t i = 0; i < bl->nrows; i++) {
		const struct fr_bl_row *r = &bl->rows[i];
		char t[512], *d, *tt;

		if (!r->undecided || shown++ >= 20)
			continue;
		d = fr_escape_str(r->drive, FR_ESC_CONTROLS);
		tt = fr_escape_str(fr_bl_row_title(t, sizeof(t), r), FR_ESC_CONTROLS);
		fprintf(stderr, "fiorank: cannot decide %s / %s: %s\n", tt ? tt : "?", d ? d : "?",
			r->why);
		free(d);
		free(tt);
	}
	if (shown > 20)
		fprintf(stderr, "fiorank: cannot decide: %zu more steps (see the report)\n",
			shown - 20);
}

static unsigned default_threads(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > 8 ? 8 : (unsigned)n;
}

int main(int argc, char **argv)
{
	struct opts o = {.format = &formats[0], .basis = FR_CLAT};
	struct fr_model m, ref;
	struct fr_bl_dirs base = {0}, repeats = {0};
	struct fr_prov prov = {0};
	struct fr_ranking r;
	struct fr_baseline bl = {0};
	struct fr_inputs *in;
	char note[PATH_MAX + 2048] = "";
	struct fr_run_info run = {0};
	int ninputs = 0, ret;

	/* fiorank pts DIR...: the SNIA PTS reports, a command of its own */
	if (argc > 1 && !strcmp(argv[1], "pts"))
		return fr_pts_main(argc - 1, argv + 1);
	ret = parse_global(argc, argv, &o, &ninputs);
	if (ret || o.iops_file) {
		fr_gate_free(&o.gate);
		return ret ? ret : print_iops(o.iops_file, o.check_only);
	}
	fr_model_init(&m);
	fr_model_init(&ref);
	in = fr_inputs_new();
	if (!in || load_reference(&o, &m, &ref, note, sizeof(note))) {
		ret = EXIT_USAGE;
		goto out;
	}
	if (fr_run_info_init(&run, SSDNVME_PROJECT_VERSION, argc, argv) ||
	    add_inputs(argc, argv, in, &run)) {
		fprintf(stderr, "fiorank: out of memory\n");
		ret = EXIT_USAGE;
		goto out;
	}
	if (output_is_input(&o, in)) {
		ret = EXIT_USAGE;
		goto out;
	}
	if (fr_inputs_read(in, &m, o.threads ? o.threads : default_threads())) {
		fprintf(stderr, "fiorank: out of memory\n");
		ret = EXIT_USAGE;
		goto out;
	}
	if (drop_invalid(&o, &m, false)) {
		ret = EXIT_USAGE;
		goto out;
	}
	if (!o.quiet)
		list_problems(&m);
	if (ninputs && !m.files_read) {
		fprintf(stderr, "fiorank: none of the inputs could be read\n");
		ret = EXIT_USAGE;
		goto out;
	}
	/* which drive and which run; fills the step methods placing compares */
	if (fr_prov_collect(&m, &prov) || fr_rank(&m, &ref, o.basis, &r)) {
		fprintf(stderr, "fiorank: out of memory\n");
		ret = EXIT_USAGE;
		goto out;
	}
	if (o.nbaseline)
		ret = compare_baseline(&o, &m, o.threads ? o.threads : default_threads(), &base,
				       &repeats, &bl);
	if (!ret) {
		struct fr_report rep = {
			&m,   &r,   *note ? note : NULL, &prov, o.nbaseline ? &bl : NULL,
			&ref, &run, o.all_sections};

		ret = render(&o, &rep)
			      ? EXIT_USAGE
			      : report_status(&m, base.problems || repeats.problems, rep.baseline);
		/* figures of a drive not in steady state are not the method's */
		if (ret == EXIT_ALL_READ && fr_prov_warn_steady(&prov, o.quiet ? NULL : stderr))
			ret = EXIT_SOME_SKIPPED;
		fr_prov_warn_pi(&prov, o.quiet ? NULL : stderr);
	}
	if (ret == EXIT_THRESHOLD)
		fprintf(stderr, "fiorank: %zu compared step%s crossed --fail-if '%s'\n",
			bl.ncrossed, bl.ncrossed == 1 ? "" : "s", o.fail_if);
	if (ret == EXIT_UNDECIDED)
		say_undecided(&bl);
	fr_baseline_free(&bl);
	fr_ranking_free(&r);
out:
	fr_prov_free(&prov);
	fr_run_info_free(&run);
	fr_inputs_free(in);
	fr_bl_dirs_free(&base);
	fr_bl_dirs_free(&repeats);
	fr_model_free(&m);
	fr_model_free(&ref);
	fr_gate_free(&o.gate);
	return ret;
}
