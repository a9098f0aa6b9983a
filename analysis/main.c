// SPDX-License-Identifier: GPL-2.0-only
/*
 * fiorank: ranks fio results the way storage reviews publish them.
 * The stages in order (read, rank, report, render) and the exit status;
 * the command line is main_cli.c's, the work is in libfiorank.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <json-c/json.h>

#include "gate/baseline.h"
#include "gate/baseline_runs.h"
#include "util/escape.h"
#include "util/cpus.h"
#include "model/health.h"
#include "read/inputs.h"
#include "cli/main_cli.h"
#include "out/out.h"
#include "read/provenance.h"
#include "cli/pts_main.h"
#include "rank/rank.h"
#include "read/read_fio.h"
#include "read/read_ref.h"
#include "report/fleet.h"
#include "report/report.h"
#include "util/slurp.h"

#include "version.h" /* $(BUILD)/version.h: the project version */
#ifndef FIORANK_SRC_TOP
#define FIORANK_SRC_TOP ""
#endif

/* A report (a CSV of 2,000 outputs is 1.7 MB) written in 64 KiB pieces,
 * not stdio's default of the file's block size (4 KiB: 428 write()s);
 * set before the stream's first use, with a buffer of our own (glibc
 * takes the size only with the buffer).  A terminal keeps its line buffer.
 * One buffer per stream: stdout, and the one -o file render() opens. */
#define REPORT_BUF ((size_t)64 << 10)

static void report_buffer(FILE *f)
{
	static char for_stdout[REPORT_BUF], for_file[REPORT_BUF];

	if (!isatty(fileno(f)))
		setvbuf(f, f == stdout ? for_stdout : for_file, _IOFBF, REPORT_BUF);
}

static int render(const struct opts *o, const struct fr_report *rep)
{
	FILE *f = stdout;
	int ret;

	if (o->output && !(f = fopen(o->output, "w"))) {
		fprintf(stderr, "fiorank: cannot write %s: %s\n", o->output, strerror(errno));
		return -1;
	}
	if (f != stdout)
		report_buffer(f);
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
	const char *dir = o->refdir ? o->refdir : cli_default_refdir(buf, sizeof(buf));
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
	if (o->include_invalid && !o->quiet)
		fr_health_note_included(m, stderr);
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

/* The compared steps some runs lack, on stderr (at most 20). */
static void say_incomplete(const struct fr_baseline *bl)
{
	size_t shown = 0;

	for (size_t i = 0; i < bl->nrows; i++) {
		const struct fr_bl_row *r = &bl->rows[i];
		char t[512];

		if (r->status != FR_BL_COMPARED ||
		    (r->base_held == bl->nbase_runs && r->cur_held == bl->ncur_runs) ||
		    shown++ >= 20)
			continue;
		fprintf(stderr,
			"fiorank: %s / %s: held by %u of %zu baseline and %u of %zu new runs (the "
			"others lack the step): compared on those\n",
			fr_bl_row_title(t, sizeof(t), r), r->drive, r->base_held, bl->nbase_runs,
			r->cur_held, bl->ncur_runs);
	}
}

/* --baseline DIR... and --repeat DIR..., each its own run, and the gate.
 * 0, or EXIT_USAGE having said why. */
static int compare_baseline(const struct opts *o, const struct fr_model *m, struct fr_bl_dirs *base,
			    struct fr_bl_dirs *rep, struct fr_baseline *bl)
{
	struct fr_bl_read_opts ro = {"--baseline",  o->threads, o->quiet ? NULL : list_problems_cb,
				     refuse_output, o,		stderr};
	const struct fr_model *bm[MAX_RUNS], *cm[MAX_RUNS + 1] = {m};
	struct fr_bl_runs bruns = {bm, 0}, cruns = {cm, 1};

	if (fr_bl_dirs_read(o->baseline, o->nbaseline, &ro, base))
		return EXIT_USAGE;
	ro.option = "--repeat";
	if (fr_bl_dirs_read(o->repeat, o->nrepeat, &ro, rep))
		return EXIT_USAGE;
	if (drop_invalid_runs(o, base) || drop_invalid_runs(o, rep))
		return EXIT_USAGE;
	if (o->baseline_drive && fr_bl_dirs_rename(base, o->baseline, o->baseline_drive, stderr))
		return EXIT_USAGE;
	for (size_t i = 0; i < base->n; i++)
		bm[bruns.n++] = &base->m[i];
	for (size_t i = 0; i < rep->n; i++)
		cm[cruns.n++] = &rep->m[i];
	bl->dir = o->baseline[0];
	bl->fail_if = o->fail_if;
	bl->drive_as = o->baseline_drive;
	if (fr_baseline_compare(&cruns, &bruns, o->basis, o->fail_if ? &o->gate : NULL, bl)) {
		fprintf(stderr, "fiorank: out of memory\n");
		return EXIT_USAGE;
	}
	if (bl->nincomplete && !o->quiet)
		say_incomplete(bl);
	if (bl->other_drives && !o->quiet)
		fprintf(stderr, "fiorank: --baseline %s: %s\n", bl->dir, bl->other_drives);
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
	if (m->nskipped || m->nexcluded || other_problems ||
	    (bl && (bl->nunmatched || bl->nincomplete)))
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

/* One parse thread per processor core fiorank may run on, at most 8
 * (cpus.h: hardware threads of one core count once). */
static unsigned default_threads(void)
{
	return fr_cpu_cores(8);
}

int main(int argc, char **argv)
{
	struct opts o;
	struct fr_model m, ref;
	struct fr_bl_dirs base = {0}, repeats = {0};
	struct fr_prov prov = {0};
	struct fr_ranking r;
	struct fr_baseline bl = {0};
	struct fr_inputs *in;
	char note[PATH_MAX + 2048] = "";
	struct fr_run_info run = {0};
	struct fr_fleet *fleet = NULL;
	size_t fleet_said = 0;
	int ninputs = 0, ret;

	report_buffer(stdout); /* before anything is written to it */

	/* fiorank pts DIR...: the SNIA PTS reports, a command of its own */
	if (argc > 1 && !strcmp(argv[1], "pts")) {
		if (fr_run_info_init(&run, SSDNVME_PROJECT_VERSION, argc, argv)) {
			fputs("fiorank: out of memory\n", stderr);
			return 2;
		}
		ret = fr_pts_main(argc - 1, argv + 1, &run);
		fr_run_info_free(&run);
		return ret;
	}
	cli_opts_init(&o);
	ret = cli_parse_global(argc, argv, &o, &ninputs);
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
	    cli_add_inputs(argc, argv, in, &run)) {
		fprintf(stderr, "fiorank: out of memory\n");
		ret = EXIT_USAGE;
		goto out;
	}
	if (output_is_input(&o, in)) {
		ret = EXIT_USAGE;
		goto out;
	}
	if (!o.threads) /* read once: the baseline's parse below uses the same count */
		o.threads = default_threads();
	/* the json+ bins are drawn by the HTML report alone (report_peak.c),
	 * which finds fio's logs through the options as --baseline compares
	 * them (baseline_params.c); other runs keep no document */
	m.keep = !strcmp(o.format->name, "html") ? FR_KEEP_ALL
		 : o.nbaseline			 ? FR_KEEP_OPTIONS
						 : FR_KEEP_NONE;
	if (fr_inputs_read(in, &m, o.threads)) {
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
	/* a fleet row withheld names its host, also when nothing else is read */
	if (fr_fleet_build(&m, &fleet)) {
		fprintf(stderr, "fiorank: out of memory\n");
		ret = EXIT_USAGE;
		goto out;
	}
	fleet_said = fr_fleet_warn(fleet, o.quiet ? NULL : stderr);
	if (ninputs && !m.files_read && fr_inputs_pts_left(in) && !m.nskipped && !m.nexcluded) {
		fprintf(stderr, "fiorank: nothing to rank: the inputs hold only SNIA PTS results "
				"(`fiorank pts DIR` reports them)\n");
		ret = EXIT_USAGE;
		goto out;
	}
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
		ret = compare_baseline(&o, &m, &base, &repeats, &bl);
	if (!ret) {
		struct fr_report rep = {
			.m = &m,
			.r = &r,
			.ref_note = *note ? note : NULL,
			.prov = &prov,
			.baseline = o.nbaseline ? &bl : NULL,
			.ref = &ref,
			.run = &run,
			.all_sections = o.all_sections,
			.tail_pct = o.tail_pct,
			/* the HTML alone charts the peak steps' series */
			.want_peak_series = !strcmp(o.format->name, "html"),
			.fleet = fleet,
		};
		struct fr_report_parts parts;

		if (fr_report_build(&rep, &parts)) {
			fprintf(stderr, "fiorank: out of memory\n");
			ret = EXIT_USAGE;
		} else {
			ret = render(&o, &rep)
				      ? EXIT_USAGE
				      : report_status(&m, base.problems || repeats.problems,
						      rep.baseline);
		}
		fr_report_parts_free(&parts);
		if (ret == EXIT_ALL_READ && fleet_said)
			ret = EXIT_SOME_SKIPPED;
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
	fr_fleet_free(fleet);
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
