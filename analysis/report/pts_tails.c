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

/* A straight line from (x0, y0) to (x1, y1) as a line of the chart. */
static void segment(struct fr_pts_chart *c, const char *prefix, const char *name, double x0,
		    double y0, double x1, double y1)
{
	char full[96];
	struct fr_pts_line *s;

	snprintf(full, sizeof(full), "%s%s", prefix, name);
	s = pts_series(c, full);
	if (s)
		s->guide = true;
	pts_point(s, x0, y0);
	pts_point(s, x1, y1);
}

void pts_window_lines(struct fr_pts_chart *c, const struct fr_pts_verdict *v, const char *prefix)
{
	double avg = v->average, slope = v->slope;
	double first = v->first_round, w = v->window;
	double last = first + w - 1, mid = (first + last) / 2;

	if (!v->has_window || isnan(avg) || w < 2)
		return;
	if (c) { /* PTS's plot shades the measurement window */
		c->has_window = true;
		c->window_lo = first;
		c->window_hi = last;
	}
	segment(c, prefix, "window average", first, avg, last, avg);
	segment(c, prefix, "average +10 %", first, 1.1 * avg, last, 1.1 * avg);
	segment(c, prefix, "average -10 %", first, 0.9 * avg, last, 0.9 * avg);
	if (!isnan(slope))
		segment(c, prefix, "least-squares slope", first, avg + slope * (first - mid), last,
			avg + slope * (last - mid));
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

/* One tail measure's verdict from the rounds' bins into m. */
static void tail_verdict(struct fr_pts_run **runs, size_t t, struct fr_pts_verdict *m)
{
	double v[MAX_ROUNDS];
	char why[128] = "";
	size_t n = tail_rounds(runs, tails[t].pct, v, why, sizeof(why));

	m->measure = tails[t].name;
	m->unit = "us";
	m->round_values = n ? malloc(n * sizeof(*v)) : NULL;
	m->rounds = m->round_values ? n : 0;
	for (size_t i = 0; i < m->rounds; i++)
		m->round_values[i] = v[i];
	m->window = PTS_SS_WINDOW;
	if (n >= PTS_SS_WINDOW) {
		pts_ss_judge_v(v, n, m);
		return;
	}
	m->steady = false;
	snprintf(m->reason, sizeof(m->reason), "%s", *why ? why : "fewer than 5 rounds");
}

/* IOPS's verdict (fiorank's, in ss) as one of the measures into m. */
static void iops_verdict(const struct fr_pts_ss *ss, struct fr_pts_verdict *m)
{
	*m = ss->iops;
	m->measure = "iops";
	m->unit = "IOPS";
	m->round_values = NULL;
	if (ss->iops.rounds) {
		m->round_values = malloc(ss->iops.rounds * sizeof(double));
		if (m->round_values)
			memcpy(m->round_values, ss->iops.round_values,
			       ss->iops.rounds * sizeof(double));
		else
			m->rounds = 0;
	}
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
static void tail_disagreement(struct json_object *file, const struct fr_pts_verdict *m, bool chosen,
			      char *why, size_t len)
{
	const char *name = m->measure;
	struct json_object *fv =
		fr_json_get(fr_json_get(fr_json_get(file, "tails"), name), "steady");
	bool steady = m->steady;

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
static void table_row(struct fr_pts_table *t, const struct fr_pts_verdict *m, bool chosen)
{
	struct fr_pts_row *r = pts_row(t, m->measure);
	char win[32] = "-";

	pts_cell_str(r, chosen ? "yes" : "no");
	pts_cell(r, (double)m->rounds);
	if (m->has_window)
		snprintf(win, sizeof(win), "%d-%d", m->first_round,
			 m->first_round + PTS_SS_WINDOW - 1);
	pts_cell_str(r, win);
	pts_cell(r, m->has_window ? m->average : NAN);
	pts_cell_str(r, m->unit);
	pts_cell(r, m->has_window ? m->range_pct : NAN);
	pts_cell(r, m->has_window ? m->excursion_pct : NAN);
	pts_cell_str(r, m->steady ? "reached" : "NOT reached");
}

/* The tail convergence chart: each tail per round, with its window lines. */
static void tail_chart(struct fr_pts_fig *fig, const struct fr_pts_verdict *measures)
{
	struct fr_pts_chart *c =
		pts_chart(fig, "tail convergence", "round", "completion latency (us)");
	char name[64];

	for (size_t t = 0; t < NTAILS; t++) {
		const struct fr_pts_verdict *m = &measures[t + 1];
		struct fr_pts_line *s;

		snprintf(name, sizeof(name), "%s per round", tails[t].name);
		s = pts_series(c, name);
		for (size_t i = 0; i < m->rounds; i++)
			pts_point(s, (double)(i + 1), m->round_values[i]);
	}
	for (size_t t = 0; t < NTAILS; t++) {
		snprintf(name, sizeof(name), "%s ", tails[t].name);
		pts_window_lines(c, &measures[t + 1], name);
	}
}

/* Which measures were steady, "iops, p99" ("none"), into buf. */
static void steady_list(const struct fr_pts_verdict *measures, size_t n, char *buf, size_t len)
{
	size_t used = 0;

	*buf = '\0';
	for (size_t i = 0; i < n; i++)
		if (measures[i].steady && used < len)
			used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "",
						 measures[i].measure);
	if (!*buf)
		snprintf(buf, len, "none");
}

void pts_tails(struct fr_pts_fig *fig, struct fr_pts_ss *ss, struct json_object *file,
	       struct fr_pts_run **runs)
{
	struct fr_pts_verdict *measures = calloc(1 + NTAILS, sizeof(*measures));
	struct fr_pts_table *rows;
	bool chosen[1 + NTAILS] = {false}, all = true;
	char why[256] = "", list[64];

	if (!measures)
		return;
	iops_verdict(ss, &measures[0]);
	for (size_t t = 0; t < NTAILS; t++)
		tail_verdict(runs, t, &measures[t + 1]);
	if (!chosen_measures(file, chosen, why, sizeof(why)))
		chosen[0] = true;
	rows = pts_table(fig, "steady state per measure (PTS window rule on each)",
			 "measure,chosen,rounds,window,average,unit,range %,slope excursion %,"
			 "steady state");
	for (size_t i = 0; i < 1 + NTAILS; i++) {
		struct fr_pts_verdict *m = &measures[i];

		m->chosen = chosen[i];
		if (i)
			tail_disagreement(file, m, chosen[i], why, sizeof(why));
		all = all && (!chosen[i] || m->steady);
		table_row(rows, m, chosen[i]);
	}
	tail_chart(fig, measures);
	steady_list(measures, 1 + NTAILS, list, sizeof(list));
	ss->measures = measures;
	ss->nmeasures = 1 + NTAILS;
	ss->steady_measures = strdup(list);
	ss->has_chosen = true;
	ss->chosen_steady = all;
	if (*why && !ss->refused) {
		if (asprintf(&ss->refused, "verdict file %s refused: %s", ss->verdict_file, why) <
		    0)
			ss->refused = NULL;
		ss->refused_late = true;
		ss->iops.steady = false;
	}
}
