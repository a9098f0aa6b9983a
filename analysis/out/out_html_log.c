// SPDX-License-Identifier: GPL-2.0-only
/*
 * Latency over time from fio's own latency logs, per profile at each
 * measured drive's peak step: the mean and the 99th percentile completion
 * latency per interval, each in its own chart and only where some drive's
 * logs give it, with a note under the chart saying what each point is and
 * why a drive's logs gave none.  The series are the report stage's
 * (report/report_peak.h: read once per run); nothing is read here.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/escape.h"
#include "out/out_html_chart.h"

struct drive_log {
	const struct fr_entry *e;
	const struct fr_log_series *ls;
	double *x, *y; /* the chart's finite points */
};

/* Fills d->x, d->y with the finite points of mean (p99 false) or p99. */
static size_t finite_points(struct drive_log *d, bool p99)
{
	size_t n = 0;

	for (size_t i = 0; i < d->ls->n; i++) {
		double v = p99 ? d->ls->p99_us[i] : d->ls->mean_us[i];

		if (isfinite(v)) {
			d->x[n] = d->ls->t_s[i];
			d->y[n++] = v;
		}
	}
	return n;
}

static void notes(FILE *f, const struct drive_log *d, size_t nd, bool p99)
{
	fputs("<p class=\"note\">", f);
	if (p99)
		fprintf(f,
			"Each point is the 99th percentile of the interval's completions: exact "
			"(nearest rank) from per-I/O logs, from the merged bins of histogram logs "
			"(fio's bins are 1/64 of a power of two wide, the value shown is the "
			"bin's middle); intervals with fewer than %d completions have none. "
			"Never from averaged logs or per-thread percentiles.",
			FR_LOG_P99_MIN_IOS);
	else
		fputs("Each point is the mean completion latency of the interval, over every "
		      "thread's per-I/O log, or one thread's averaged log (log_avg_msec); "
		      "averaged logs of several threads are not merged.",
		      f);
	for (size_t i = 0; i < nd; i++) {
		const struct fr_log_series *ls = d[i].ls;
		const char *from = p99 ? ls->p99_from : ls->mean_from;

		fputs(" ", f);
		fr_html_escape(f, d[i].e->drive->label);
		if (ls->damaged)
			fputs(": its fio log is damaged (see stderr), not charted.", f);
		else if (from)
			fprintf(f, ": %s, %g ms intervals.", from, ls->window_ms);
		else if (*ls->note)
			fprintf(f, ": none (%s).", ls->note);
		else if (!p99 && *ls->mean_note)
			fprintf(f, ": none (%s).", ls->mean_note);
		else
			fprintf(f, ": none (no per-I/O or %s log).",
				p99 ? "histogram" : "averaged");
	}
	fputs("</p>\n", f);
}

/* One chart (mean or p99) over the drives whose logs give it. */
static void chart(FILE *f, const struct fr_profile_rank *pr, struct drive_log *d, size_t nd,
		  struct fr_palette *pal, bool p99)
{
	struct fr_series *s = calloc(nd + 1, sizeof(*s));
	size_t ns = 0;
	char title[256];

	for (size_t i = 0; s && i < nd; i++) {
		size_t n = finite_points(&d[i], p99);

		if (n)
			s[ns++] = (struct fr_series){d[i].e->drive->label,
						     d[i].x,
						     d[i].y,
						     n,
						     false,
						     fr_palette_index(pal, d[i].e->drive->label),
						     NULL};
	}
	if (ns) {
		snprintf(title, sizeof(title),
			 "%s at the peak: %s completion latency over time (fio logs)", pr->name,
			 p99 ? "99th percentile" : "mean");
		fr_svg_lines(f, title, "time since the job's start (s)",
			     p99 ? "p99 latency (µs)" : "mean latency (µs)", s, ns);
		notes(f, d, nd, p99);
	}
	free(s);
}

void fr_html_fio_logs(FILE *f, const struct fr_profile_rank *pr, const struct fr_peak_series *ps,
		      struct fr_palette *pal)
{
	struct drive_log *d = calloc(pr->n + 1, sizeof(*d));
	size_t nd = 0;
	bool oom = !d;

	for (size_t i = 0; !oom && ps && i < pr->n; i++) {
		struct drive_log *x = &d[nd];

		if (!ps[i].has_log)
			continue;
		x->e = &pr->e[i];
		x->ls = &ps[i].log;
		x->x = calloc(x->ls->n + 1, sizeof(*x->x));
		x->y = calloc(x->ls->n + 1, sizeof(*x->y));
		nd++; /* counted before the test: the loop below frees it */
		oom = !x->x || !x->y;
	}
	/* out of memory: no chart rather than one that leaves drives out */
	if (!oom && nd) {
		chart(f, pr, d, nd, pal, false);
		chart(f, pr, d, nd, pal, true);
	}
	for (size_t i = 0; d && i < nd; i++) {
		free(d[i].x);
		free(d[i].y);
	}
	free(d);
}
