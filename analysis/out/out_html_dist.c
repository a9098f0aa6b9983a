// SPDX-License-Identifier: GPL-2.0-only
/*
 * Latency distribution and latency over time in the HTML report, per
 * profile at each measured drive's peak step:
 *   - the distribution from fio's json+ clat_ns.bins (fio only writes them
 *     with --output-format=json+), as a share of the step's I/Os;
 *   - over time from the ssdnvme engine's tag series (<step>.engine.json
 *     beside the fio output): the mean per interval, merged exactly over
 *     the keys of the step's jobs and direction.  Their p99s cannot be
 *     merged and are not charted over time.
 * Both as the report stage built them (report/report_peak.h): nothing is
 * read or computed here.  A chart is drawn only where some drive has the
 * data: no empty chart.
 */
#include <stdio.h>
#include <stdlib.h>

#include "out/out_html_chart.h"

typedef const struct fr_points *(*points_of)(const struct fr_peak_series *ps);

static const struct fr_points *dist_of(const struct fr_peak_series *ps)
{
	return &ps->dist;
}

static const struct fr_points *tags_of(const struct fr_peak_series *ps)
{
	return &ps->tags;
}

/* One chart of every measured drive's points, or nothing when none has any. */
static void chart(FILE *f, const struct fr_profile_rank *pr, const struct fr_peak_series *ps,
		  struct fr_palette *pal, points_of pick, const char *title, const char *xl,
		  const char *yl)
{
	struct fr_series *s = calloc(pr->n + 1, sizeof(*s));
	size_t ns = 0;

	for (size_t i = 0; s && ps && i < pr->n; i++) {
		const struct fr_entry *e = &pr->e[i];
		const struct fr_points *p = pick(&ps[i]);

		if (p->n)
			s[ns++] = (struct fr_series){e->drive->label,
						     p->x,
						     p->y,
						     p->n,
						     false,
						     fr_palette_index(pal, e->drive->label),
						     NULL};
	}
	if (ns)
		fr_svg_lines(f, title, xl, yl, s, ns);
	free(s);
}

void fr_html_dist(FILE *f, const struct fr_profile_rank *pr, const struct fr_peak_series *ps,
		  struct fr_palette *pal)
{
	char title[256];

	snprintf(title, sizeof(title),
		 "%s at the peak: completion latency distribution (fio json+)", pr->name);
	chart(f, pr, ps, pal, dist_of, title, "completion latency (µs)", "% of I/Os");
	snprintf(title, sizeof(title),
		 "%s at the peak: mean completion latency over time (engine tags)", pr->name);
	chart(f, pr, ps, pal, tags_of, title, "time since the step's start (s)",
	      "mean latency (µs)");
}
