// SPDX-License-Identifier: GPL-2.0-only
/*
 * `fiorank pts`: the command line.  Loads every results directory (pts.c),
 * makes the report model of the drives (report/pts_report.h), then hands
 * it to one renderer (pts_out.c: text, CSV, JSON;
 * pts_html.c: HTML).  Kept apart from the renderers so that none of them
 * depends on another through the dispatch.
 */
#include <getopt.h>
#include <math.h>
#include <sys/stat.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "util/escape.h"
#include "read/read_fio_log.h"
#include "read/pts.h"
#include "report/pts_fig.h"
#include "report/runinfo.h"
#include "out/pts_out.h"
#include "cli/pts_main.h"

/* One renderer and what it renders, for the escaping byte layer. */
struct pts_render {
	int (*render)(FILE *, const struct fr_pts_report *);
	const struct fr_pts_report *r;
};

static int render_one(FILE *f, const void *arg)
{
	const struct pts_render *r = arg;

	return r->render(f, r->r);
}

/* The report in FORMAT on f: text, CSV and HTML through the byte layer
 * (util/escape.h: a control character or invalid UTF-8 from a manifest
 * becomes "\xNN", as in the ranking report), JSON as json-c escapes it. */
static int render(FILE *f, const char *format, const struct fr_pts_report *rep)
{
	struct pts_render r = {!strcmp(format, "csv")	 ? fr_pts_csv
			       : !strcmp(format, "html") ? fr_pts_html
							 : fr_pts_text,
			       rep};

	if (!strcmp(format, "json"))
		return fr_pts_json(f, rep);
	return fr_render_escaped(f, render_one, &r, FR_ESC_CONTROLS_NL);
}

/* The report of the drives in FORMAT to out (NULL: stdout); 2 when it
 * cannot be made or written, 1 when a test's steady state was not
 * reached (its figures are not the method's), else 0. */
static int report(const char *format, const char *out, struct fr_pts_drive *all, size_t n,
		  const struct fr_run_info *ri)
{
	struct fr_pts_report rep;
	FILE *f;
	int ret;

	if (fr_pts_report_build(&rep, all, n, ri)) {
		fputs("fiorank pts: out of memory\n", stderr);
		return 2;
	}
	f = out ? fopen(out, "w") : stdout;
	if (!f) {
		fprintf(stderr, "fiorank pts: cannot write %s\n", out);
		fr_pts_report_free(&rep);
		return 2;
	}
	ret = render(f, format, &rep) ? 2 : 0;
	if (out && fclose(f))
		ret = 2;
	if (!ret && fr_pts_report_problems(&rep, stderr))
		ret = 1;
	fr_pts_report_free(&rep);
	return ret;
}

static int usage(FILE *f, int rc)
{
	fputs("usage: fiorank pts [-f text|json|csv|html] [-o FILE] DIR...\n"
	      "       fiorank pts --tails FILE\n"
	      "  the SNIA PTS tests (pts-wsat, pts-hir, pts-xsr, pts-dirth, pts-lat,\n"
	      "  pts-iops, pts-tp) of\n"
	      "  ssdnvme-suite results directories: one report per drive and test;\n"
	      "  --tails: \"P99_US P99.99_US\" of one round's fio json+ output, the\n"
	      "  completion-latency percentiles the steady-state rule judges\n",
	      f);
	return rc;
}

/*
 * --tails FILE: one round's p99 and p99.99 completion latency (µs) from its
 * fio json+ bins, reads and writes together, exactly as the PTS pages take
 * them (fr_pts_pct_us()): the runner's --ss-measures judges these.
 */
static int print_tails(const char *path)
{
	struct fr_pts_run r = {.suite = "", .test = "", .step = ""};
	struct stat st;
	double p99, p9999;

	if (stat(path, &st) || !S_ISREG(st.st_mode)) {
		fprintf(stderr, "fiorank pts: --tails %s: not a readable regular file\n", path);
		return 2;
	}
	r.fio = fr_json_load_file(path);
	p99 = fr_pts_pct_us(&r, 99.0);
	p9999 = fr_pts_pct_us(&r, 99.99);
	json_object_put(r.fio);
	if (isnan(p99) || isnan(p9999)) {
		fprintf(stderr,
			"fiorank pts: --tails %s: no fio json+ completion-latency bins "
			"(--output-format=json+) in its first job\n",
			path);
		return 2;
	}
	printf("%.3f %.3f\n", p99, p9999);
	return 0;
}

/* Whether any drive of the directories read has a run of a PTS suite (the
 * loader keeps only those). */
static bool any_pts_run(const struct fr_pts_drive *d, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (d[i].nruns)
			return true;
	return false;
}

int fr_pts_main(int argc, char **argv, struct fr_run_info *ri)
{
	static const struct option opts[] = {{"format", required_argument, NULL, 'f'},
					     {"output", required_argument, NULL, 'o'},
					     {"help", no_argument, NULL, 'h'},
					     {"tails", required_argument, NULL, 't'},
					     {NULL, 0, NULL, 0}};
	const char *format = "text", *out = NULL;
	struct fr_pts_drive *all = NULL;
	size_t n = 0, i;
	int c, ret = 0;

	optind = 1;
	while ((c = getopt_long(argc, argv, "f:o:h", opts, NULL)) != -1) {
		switch (c) {
		case 'f':
			format = optarg;
			break;
		case 'o':
			out = optarg;
			break;
		case 'h':
			return usage(stdout, 0);
		case 't':
			return print_tails(optarg);
		default:
			return usage(stderr, 2);
		}
	}
	if (strcmp(format, "text") && strcmp(format, "json") && strcmp(format, "csv") &&
	    strcmp(format, "html")) {
		fprintf(stderr, "fiorank pts: unknown format '%s': text, json, csv or html\n",
			format);
		return 2;
	}
	if (optind >= argc)
		return usage(stderr, 2);
	for (; optind < argc; optind++) {
		struct fr_pts_drive *d;
		size_t nd;
		struct fr_pts_drive *grown;

		if (fr_run_info_add_input(ri, argv[optind])) {
			ret = 2;
			break;
		}
		if (fr_pts_load(argv[optind], &d, &nd, stderr)) {
			ret = 2;
			free(d);
			continue;
		}
		grown = realloc(all, (n + nd) * sizeof(*all));
		if (!grown) {
			for (i = 0; i < nd; i++)
				fr_pts_drive_free(&d[i]);
			free(d);
			ret = 2;
			break;
		}
		all = grown;
		memcpy(all + n, d, nd * sizeof(*d));
		n += nd;
		free(d);
	}
	if (!ret && !any_pts_run(all, n)) {
		fputs("fiorank pts: no SNIA PTS runs (pts-wsat, pts-hir, pts-xsr, pts-dirth, "
		      "pts-lat, "
		      "pts-iops, pts-tp) in the results given: nothing to report "
		      "(jobs/ssdnvme-suite "
		      "--suite pts-... makes them; fiorank DIR ranks the other suites)\n",
		      stderr);
		ret = 2;
	}
	if (!ret)
		ret = report(format, out, all, n, ri);
	for (i = 0; i < n; i++)
		fr_pts_drive_free(&all[i]);
	free(all);
	return ret;
}
