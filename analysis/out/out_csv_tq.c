// SPDX-License-Identifier: GPL-2.0-only
/*
 * The tq-sweep section of the CSV report (out_tq.h): per drive, step and
 * figure one row (tq-iops, tq-lat-*), the preconditioning rounds' likewise
 * (tq-round-*), and the published point (tq-reference).
 */
#include <stdbool.h>
#include <stdio.h>

#include "util/escape.h"
#include "out/out_cell.h"
#include "out/out_tq.h"
#include "rank/tq.h"

/* One CSV row in out_csv.c's columns: the figure in iops (tq-iops) or
 * lat_us (the latency sections), its place, the step's origin. */
static void csv_row(FILE *f, const char *section, const char *drive, const char *step,
		    unsigned place, double v, bool iops, const struct fr_step *s,
		    const char *detail)
{
	char b[32];

	fputs(section, f);
	fputs(",tq-sweep,", f);
	fr_csv_str(f, drive);
	fprintf(f, place ? ",%u," : ",,", place);
	fr_csv_str(f, step);
	fprintf(f, ",%s,,%s,,,,,,,,", iops ? fr_num(b, sizeof(b), v, 3) : "",
		iops ? "" : fr_num(b, sizeof(b), v, 3));
	fputs(s ? ",0," : ",1,", f);
	fr_csv_str(f, detail);
	if (s) {
		char names[512] = "";
		size_t used = 0;

		for (size_t i = 0; i < s->njobnames && used < sizeof(names); i++) {
			int w = snprintf(names + used, sizeof(names) - used, "%s%s", i ? "|" : "",
					 s->jobnames[i]);

			used += w > 0 ? (size_t)w : 0;
		}
		fputc(',', f);
		fr_csv_str(f, names);
		fprintf(f, ",%ld,", s->groupid);
		fr_csv_str(f, s->source);
	} else
		fputs(",,,", f);
	fr_csv_end_after(f, "file");
}

int fr_tq_csv(FILE *f, const struct fr_report *rep)
{
	static const char *const sect[2][FR_TQ_NFIGS] = {
		{"tq-iops", "tq-lat-mean", "tq-lat-max", "tq-lat-stddev"},
		{"tq-round-iops", "tq-round-lat-mean", "tq-round-lat-max", "tq-round-lat-stddev"}};
	const struct fr_tq *t = fr_tq_section(rep);

	for (size_t i = 0; t && i < t->nd; i++) {
		const struct fr_tq_drive *d = &t->d[i];

		for (int r = 0; r < 2; r++)
			for (size_t k = 0; k < (r ? d->nrounds : d->nsteps); k++) {
				const struct fr_tq_point *pt = r ? &d->rounds[k] : &d->steps[k];

				for (int g = 0; g < FR_TQ_NFIGS; g++)
					csv_row(f, sect[r][g], d->drive->label, pt->step->name,
						pt->place[g], fr_tq_shown(pt, g), g == FR_TQ_IOPS,
						pt->step, pt->problem);
			}
	}
	for (size_t i = 0; t && i < t->nref; i++)
		csv_row(f, "tq-reference", t->ref[i].drive->label, t->ref[i].step->name, 0,
			fr_step_iops(t->ref[i].step), true, NULL, t->ref[i].note);
	return ferror(f) ? -1 : 0;
}
