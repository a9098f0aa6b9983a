// SPDX-License-Identifier: GPL-2.0-only
/*
 * The steady state of a SNIA PTS test as fiorank judges it (issue 37 item
 * 6): the PTS rule recomputed from the rounds (fio's outputs of the
 * runner's wdpc rounds where the test has them, else the verdict file's
 * round_iops), never the verdict file's word alone; a verdict file that
 * disagrees with its rounds is refused, named.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "report/pts_ss.h"
#include "util/json_get.h"

#define SS_WINDOW PTS_SS_WINDOW

/* fio's IOPS of a run (reads + writes over its jobs); NAN when unreadable. */
static double run_iops(const struct fr_pts_run *r)
{
	struct json_object *jobs = fr_json_get(r->fio, "jobs");
	double sum = 0;

	if (!json_object_is_type(jobs, json_type_array) || !json_object_array_length(jobs))
		return NAN;
	for (size_t i = 0; i < json_object_array_length(jobs); i++) {
		struct json_object *j = json_object_array_get_idx(jobs, i);

		sum += fr_json_num(fr_json_get(j, "read"), "iops") +
		       fr_json_num(fr_json_get(j, "write"), "iops");
	}
	return sum;
}

/* The wdpc rounds' IOPS from fio (ss-round1, ss-round2, ...) into v (room
 * for max); how many, 0 when the test has none or one is unreadable. */
static size_t fio_rounds(struct fr_pts_run **runs, double *v, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; runs && runs[i]; i++) {
		unsigned k;
		char tail;

		if (strcmp(runs[i]->test, "wdpc") ||
		    sscanf(runs[i]->step, "ss-round%u%c", &k, &tail) != 1 || !k || k > max)
			continue;
		v[k - 1] = run_iops(runs[i]);
		if (isnan(v[k - 1]))
			return 0;
		n = k > n ? k : n;
	}
	for (size_t i = 0; i < n; i++)
		if (isnan(v[i]))
			return 0; /* a round missing between others */
	return n;
}

/* The verdict file's round_iops into v; how many (0: none or not numbers). */
static size_t file_rounds(struct json_object *file, double *v, size_t max)
{
	struct json_object *a = fr_json_get(file, "round_iops");
	size_t n = json_object_is_type(a, json_type_array) ? json_object_array_length(a) : 0;

	for (size_t i = 0; i < n && i < max; i++) {
		struct json_object *x = json_object_array_get_idx(a, i);

		if (!json_object_is_type(x, json_type_double) &&
		    !json_object_is_type(x, json_type_int))
			return 0;
		v[i] = json_object_get_double(x);
	}
	return n > max ? 0 : n;
}

void pts_ss_judge_v(const double *v, size_t n, struct fr_pts_verdict *out)
{
	const double *w = v + n - SS_WINDOW;
	double sx = 0, sy = 0, sxy = 0, sxx = 0, max = w[0], min = w[0], avg, slope, exc;

	for (int i = 0; i < SS_WINDOW; i++) {
		sx += i;
		sy += w[i];
		sxy += i * w[i];
		sxx += i * i;
		max = fmax(max, w[i]);
		min = fmin(min, w[i]);
	}
	avg = sy / SS_WINDOW;
	slope = (SS_WINDOW * sxy - sx * sy) / (SS_WINDOW * sxx - sx * sx);
	exc = fabs(slope) * (SS_WINDOW - 1);
	out->has_window = true;
	out->first_round = (int)(n - SS_WINDOW + 1);
	out->average = avg;
	out->max = max;
	out->min = min;
	out->range_pct = avg > 0 ? 100 * (max - min) / avg : NAN;
	out->slope = slope;
	out->excursion_pct = avg > 0 ? 100 * exc / avg : NAN;
	out->steady = avg > 0 && max - min <= 0.20 * avg && exc <= 0.10 * avg;
}

/* A figure as JSON: a number, or null (NULL) for what was not measured. */
static struct json_object *num(double v)
{
	return isnan(v) || isinf(v) ? NULL : json_object_new_double(v);
}

void pts_verdict_put(struct json_object *o, const struct fr_pts_verdict *v, bool skip_nan)
{
	const struct {
		const char *key;
		double v;
	} figs[] = {{"average", v->average}, {"max", v->max},
		    {"min", v->min},	     {"range_pct", v->range_pct},
		    {"slope", v->slope},     {"excursion_pct", v->excursion_pct}};

	json_object_object_add(o, "first_round", json_object_new_int(v->first_round));
	for (size_t i = 0; i < sizeof(figs) / sizeof(*figs); i++) {
		struct json_object *v = num(figs[i].v);

		if (v || !skip_nan)
			json_object_object_add(o, figs[i].key, v);
	}
	json_object_object_add(o, "steady", json_object_new_boolean(v->steady));
}

void pts_ss_judge(const double *v, size_t n, struct json_object *ss)
{
	struct fr_pts_verdict out = {0};

	pts_ss_judge_v(v, n, &out);
	pts_verdict_put(ss, &out, false);
}

/* Where the verdict file disagrees with the rule on the rounds, in why. */
static void disagreement(struct json_object *file, const struct fr_pts_verdict *ss, const double *v,
			 size_t n, char *why, size_t len)
{
	const char *keys[] = {"range_pct", "excursion_pct"};
	const double mine[] = {ss->range_pct, ss->excursion_pct};
	double fv[64];
	size_t fn = file_rounds(file, fv, 64);
	bool steady = ss->steady;

	*why = '\0';
	if (fn != n)
		snprintf(why, len, "its round_iops are not fio's %zu rounds", n);
	for (size_t i = 0; !*why && i < n; i++)
		if (fabs(fv[i] - v[i]) > 0.05 + 1e-6 * fabs(v[i]))
			snprintf(why, len, "its round %zu is %g IOPS, fio's %g", i + 1, fv[i],
				 v[i]);
	if (!*why && (!json_object_is_type(fr_json_get(file, "steady"), json_type_boolean) ||
		      json_object_get_boolean(fr_json_get(file, "steady")) != steady))
		snprintf(why, len, "it says %s, the rule on its rounds %s",
			 json_object_get_boolean(fr_json_get(file, "steady")) ? "reached"
									      : "NOT reached",
			 steady ? "reached" : "NOT reached");
	for (size_t k = 0; !*why && k < 2; k++) {
		double f = fr_json_num(file, keys[k]), c = mine[k];

		if (!(fabs(f - c) <= 0.01))
			snprintf(why, len, "its %s is %g, the rounds give %.3f", keys[k], f, c);
	}
}

struct fr_pts_ss *pts_steady_state(struct json_object *file, const char *path,
				   struct fr_pts_run **runs)
{
	struct fr_pts_ss *ss = calloc(1, sizeof(*ss));
	double v[64];
	size_t n = fio_rounds(runs, v, 64);
	char why[512];

	if (!ss)
		return NULL;
	ss->verdict_file = strdup(path);
	ss->rounds_from = n ? "fio's outputs of the rounds" : "the verdict file";
	if (!n)
		n = file_rounds(file, v, 64);
	ss->iops.rounds = n;
	ss->iops.round_values = n ? malloc(n * sizeof(double)) : NULL;
	if (n && !ss->iops.round_values)
		ss->iops.rounds = n = 0;
	for (size_t i = 0; i < n; i++)
		ss->iops.round_values[i] = v[i];
	ss->iops.window = SS_WINDOW;
	if (n < SS_WINDOW) {
		ss->iops.steady = false;
		snprintf(ss->iops.reason, sizeof(ss->iops.reason), "fewer than 5 rounds");
		return ss;
	}
	pts_ss_judge_v(v, n, &ss->iops);
	disagreement(file, &ss->iops, v, n, why, sizeof(why));
	if (*why) {
		if (asprintf(&ss->refused, "verdict file %s refused: %s", path, why) < 0)
			ss->refused = NULL;
		ss->iops.steady = false;
	}
	return ss;
}
