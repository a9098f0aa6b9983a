// SPDX-License-Identifier: GPL-2.0-only
/*
 * Steady state judged on tails (issue 41 item 5): PTS's window rule
 * (pts_ss_judge()) applied to each round's p99 and p99.99 completion
 * latency as well as to its IOPS.  The tails are fiorank's own, from each
 * round's fio json+ bins; the runner's verdict file says only which
 * measures it waited for (--ss-measures), and its word on a tail is checked
 * against them as its word on IOPS is (pts_ss.c).  fio's own steady state
 * (ss=lat...) judges the mean latency, which a tail can drift under.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "report/pts_build.h"
#include "report/pts_ss.h"
#include "report/pts_tails.h"
#include "util/json_get.h"

#define MAX_ROUNDS 64

/* The tail measures: the runner's --ss-measures names and their percentile. */
static const struct {
	const char *name;
	double pct;
} tails[] = {{"p99", 99.0}, {"p99.99", 99.99}};

#define NTAILS (sizeof(tails) / sizeof(tails[0]))

/* A straight line from (x0, y0) to (x1, y1) as a series of the chart. */
static void segment(struct json_object *list, const char *prefix, const char *name, double x0,
		    double y0, double x1, double y1)
{
	char full[96];
	struct json_object *s;

	snprintf(full, sizeof(full), "%s%s", prefix, name);
	s = pts_series(list, full);
	pts_point(s, x0, y0);
	pts_point(s, x1, y1);
}

void pts_window_lines(struct json_object *list, struct json_object *v, const char *prefix)
{
	double avg = fr_json_num(v, "average"), slope = fr_json_num(v, "slope");
	double first = fr_json_num(v, "first_round"), w = fr_json_num(v, "window");
	double last = first + w - 1, mid = (first + last) / 2;

	if (isnan(avg) || isnan(first) || isnan(w) || w < 2)
		return;
	segment(list, prefix, "window average", first, avg, last, avg);
	segment(list, prefix, "average +10 %", first, 1.1 * avg, last, 1.1 * avg);
	segment(list, prefix, "average -10 %", first, 0.9 * avg, last, 0.9 * avg);
	if (!isnan(slope))
		segment(list, prefix, "least-squares slope", first, avg + slope * (first - mid),
			last, avg + slope * (last - mid));
}

/*
 * The round a run is, 0 when it is none: the workload-dependent
 * preconditioning's ss-round<N>, or round<N>'s tracking step (the step the
 * runner judges: IOPS 4 KiB 100 % write, throughput the block size's write).
 */
static unsigned round_of(const struct fr_pts_run *r)
{
	unsigned k;
	char tail;
	size_t len = strlen(r->step);

	if (!strcmp(r->test, "wdpc"))
		return sscanf(r->step, "ss-round%u%c", &k, &tail) == 1 ? k : 0;
	if (sscanf(r->test, "round%u%c", &k, &tail) != 1)
		return 0;
	if (!strcmp(r->suite, "pts-iops"))
		return strcmp(r->step, "4k-r0") ? 0 : k;
	return len > 3 && !strcmp(r->step + len - 3, "-r0") ? k : 0;
}

/* Each round's percentile pct into v; how many rounds, or 0 with why said
 * when a round is missing or has no bins. */
static size_t tail_rounds(struct fr_pts_run **runs, double pct, double *v, char *why, size_t len)
{
	size_t n = 0;

	for (size_t i = 0; i < MAX_ROUNDS; i++)
		v[i] = NAN;
	for (size_t i = 0; runs && runs[i]; i++) {
		unsigned k = round_of(runs[i]);

		if (!k || k > MAX_ROUNDS)
			continue;
		v[k - 1] = fr_pts_pct_us(runs[i], pct);
		n = k > n ? k : n;
	}
	for (size_t i = 0; i < n; i++)
		if (isnan(v[i])) {
			snprintf(why, len, "round %zu has no fio json+ latency bins", i + 1);
			return 0;
		}
	if (!n)
		snprintf(why, len, "no round's fio output");
	return n;
}

/* One tail measure's verdict from the rounds' bins. */
static struct json_object *tail_verdict(struct fr_pts_run **runs, size_t t)
{
	struct json_object *m = json_object_new_object(), *vals = json_object_new_array();
	double v[MAX_ROUNDS];
	char why[128] = "";
	size_t n = tail_rounds(runs, tails[t].pct, v, why, sizeof(why));

	pts_put_str(m, "measure", tails[t].name);
	pts_put_str(m, "unit", "us");
	pts_put(m, "rounds", json_object_new_int((int)n));
	for (size_t i = 0; i < n; i++)
		json_object_array_add(vals, pts_num(v[i]));
	pts_put(m, "round_values", vals);
	pts_put(m, "window", json_object_new_int(PTS_SS_WINDOW));
	if (n >= PTS_SS_WINDOW) {
		pts_ss_judge(v, n, m);
		return m;
	}
	pts_put(m, "steady", json_object_new_boolean(false));
	pts_put_str(m, "reason", *why ? why : "fewer than 5 rounds");
	return m;
}

/* IOPS's verdict (fiorank's, in ss) as one of the measures. */
static struct json_object *iops_verdict(struct json_object *ss)
{
	static const char *const keys[] = {"rounds",	    "window", "first_round", "average",
					   "max",	    "min",    "range_pct",   "slope",
					   "excursion_pct", "steady", "reason"};
	struct json_object *m = json_object_new_object();

	pts_put_str(m, "measure", "iops");
	pts_put_str(m, "unit", "IOPS");
	pts_put(m, "round_values", json_object_get(fr_json_get(ss, "round_iops")));
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (fr_json_get(ss, keys[i]))
			pts_put(m, keys[i], json_object_get(fr_json_get(ss, keys[i])));
	return m;
}

/* Whether name is one of the measures; the file's measures chosen[]. */
static int measure_index(const char *name)
{
	if (!strcmp(name, "iops"))
		return 0;
	for (size_t t = 0; t < NTAILS; t++)
		if (!strcmp(name, tails[t].name))
			return (int)t + 1;
	return -1;
}

/* The measures the runner waited for (its file's "measures"; IOPS when it
 * names none) into chosen[]; false with why when it names another. */
static bool chosen_measures(struct json_object *file, bool *chosen, char *why, size_t len)
{
	struct json_object *a = fr_json_get(file, "measures");

	chosen[0] = !a;
	/* before the loop: json-c asserts (aborts) on the length of a non-list */
	if (a && !json_object_is_type(a, json_type_array)) {
		snprintf(why, len, "its measures are not a list");
		return false;
	}
	for (size_t i = 0; a && i < json_object_array_length(a); i++) {
		struct json_object *x = json_object_array_get_idx(a, i);
		int k = json_object_is_type(x, json_type_string)
				? measure_index(json_object_get_string(x))
				: -1;

		if (k < 0) {
			snprintf(why, len, "its measures name '%s', not iops, p99 or p99.99",
				 json_object_get_string(x));
			return false;
		}
		chosen[k] = true;
	}
	return true;
}

/* Where the file's word on a chosen tail disagrees with the bins', in why. */
static void tail_disagreement(struct json_object *file, struct json_object *m, bool chosen,
			      char *why, size_t len)
{
	const char *name = fr_json_str(m, "measure");
	struct json_object *fv =
		fr_json_get(fr_json_get(fr_json_get(file, "tails"), name), "steady");
	bool steady = json_object_get_boolean(fr_json_get(m, "steady"));

	if (!chosen || *why)
		return;
	if (!json_object_is_type(fv, json_type_boolean))
		snprintf(why, len, "it waits for %s but gives no %s verdict", name, name);
	else if (json_object_get_boolean(fv) != steady)
		snprintf(why, len, "it says %s %s, fio's bins of its rounds %s", name,
			 json_object_get_boolean(fv) ? "reached" : "NOT reached",
			 steady ? "reached" : "NOT reached");
}

/* The per-measure table row of verdict m. */
static void table_row(struct json_object *rows, struct json_object *m, bool chosen)
{
	struct json_object *r = pts_row(rows, fr_json_str(m, "measure"));
	char win[32] = "-";

	json_object_array_add(r, json_object_new_string(chosen ? "yes" : "no"));
	pts_cell(r, fr_json_num(m, "rounds"));
	if (fr_json_get(m, "average"))
		snprintf(win, sizeof(win), "%d-%d",
			 json_object_get_int(fr_json_get(m, "first_round")),
			 json_object_get_int(fr_json_get(m, "first_round")) + PTS_SS_WINDOW - 1);
	json_object_array_add(r, json_object_new_string(win));
	pts_cell(r, fr_json_num(m, "average"));
	json_object_array_add(r, json_object_new_string(fr_json_str(m, "unit")));
	pts_cell(r, fr_json_num(m, "range_pct"));
	pts_cell(r, fr_json_num(m, "excursion_pct"));
	json_object_array_add(
		r, json_object_new_string(json_object_get_boolean(fr_json_get(m, "steady"))
						  ? "reached"
						  : "NOT reached"));
}

/* The tail convergence chart: each tail per round, with its window lines. */
static void tail_chart(struct json_object *fig, struct json_object *measures)
{
	struct json_object *list =
		pts_chart(fig, "tail convergence", "round", "completion latency (us)");
	char name[64];

	for (size_t t = 0; t < NTAILS; t++) {
		struct json_object *m = json_object_array_get_idx(measures, t + 1);
		struct json_object *vals = fr_json_get(m, "round_values");
		struct json_object *s;

		snprintf(name, sizeof(name), "%s per round", tails[t].name);
		s = pts_series(list, name);
		for (size_t i = 0; i < json_object_array_length(vals); i++)
			pts_point(s, (double)(i + 1),
				  json_object_get_double(json_object_array_get_idx(vals, i)));
	}
	for (size_t t = 0; t < NTAILS; t++) {
		snprintf(name, sizeof(name), "%s ", tails[t].name);
		pts_window_lines(list, json_object_array_get_idx(measures, t + 1), name);
	}
}

/* Which measures were steady, "iops, p99" ("none"), into buf. */
static void steady_list(struct json_object *measures, char *buf, size_t len)
{
	size_t used = 0;

	*buf = '\0';
	for (size_t i = 0; i < json_object_array_length(measures); i++) {
		struct json_object *m = json_object_array_get_idx(measures, i);

		if (json_object_get_boolean(fr_json_get(m, "steady")) && used < len)
			used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "",
						 fr_json_str(m, "measure"));
	}
	if (!*buf)
		snprintf(buf, len, "none");
}

void pts_tails(struct json_object *fig, struct json_object *ss, struct json_object *file,
	       struct fr_pts_run **runs)
{
	struct json_object *measures = json_object_new_array(), *rows;
	bool chosen[1 + NTAILS] = {false}, all = true;
	char why[256] = "", list[64];

	json_object_array_add(measures, iops_verdict(ss));
	for (size_t t = 0; t < NTAILS; t++)
		json_object_array_add(measures, tail_verdict(runs, t));
	if (!chosen_measures(file, chosen, why, sizeof(why)))
		chosen[0] = true;
	rows = pts_table(fig, "steady state per measure (PTS window rule on each)",
			 "measure,chosen,rounds,window,average,unit,range %,slope excursion %,"
			 "steady state");
	for (size_t i = 0; i < 1 + NTAILS; i++) {
		struct json_object *m = json_object_array_get_idx(measures, i);

		pts_put(m, "chosen", json_object_new_boolean(chosen[i]));
		if (i)
			tail_disagreement(file, m, chosen[i], why, sizeof(why));
		all = all && (!chosen[i] || json_object_get_boolean(fr_json_get(m, "steady")));
		table_row(rows, m, chosen[i]);
	}
	tail_chart(fig, measures);
	steady_list(measures, list, sizeof(list));
	pts_put(ss, "measures", measures);
	pts_put_str(ss, "steady_measures", list);
	pts_put(ss, "chosen_steady", json_object_new_boolean(all));
	if (*why && !fr_json_get(ss, "refused")) {
		char *t;

		if (asprintf(&t, "verdict file %s refused: %s", fr_json_str(ss, "verdict_file"),
			     why) > 0) {
			pts_put_str(ss, "refused", t);
			free(t);
		}
		pts_put(ss, "steady", json_object_new_boolean(false));
	}
}
