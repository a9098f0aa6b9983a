// SPDX-License-Identifier: GPL-2.0-only
/*
 * The tq-sweep section (tq.h) as text, Markdown, CSV and JSON: per step a
 * table of the drives with the four figures and each figure's place, the
 * preconditioning rounds, the published point.  HTML: out_tq_html.c.
 */
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>

#include "util/escape.h"
#include "out/out_cell.h"
#include "out/out_tq.h"
#include "rank/tq.h"

/* The section the report stage built (report.c), or NULL when no drive ran it. */
static const struct fr_tq *section(const struct fr_report *rep)
{
	return rep->tq && rep->tq->nd ? rep->tq : NULL;
}

/* A figure for print: IOPS as is, latency in µs. */
static double shown(const struct fr_tq_point *pt, int f)
{
	return f == FR_TQ_IOPS ? pt->fig[f] : fr_us(pt->fig[f]);
}

/* Rows of one step in IOPS order (unranked last). */
static size_t step_rows(const struct fr_tq *t, const struct fr_tq_series *k,
			const struct fr_tq_point **pts, const struct fr_drive **drv)
{
	size_t n = 0;

	for (unsigned want = 0; want <= t->nd; want++)
		for (size_t i = 0; i < t->nd; i++) {
			const struct fr_tq_point *pt = fr_tq_at(&t->d[i], k);

			if (pt && pt->place[FR_TQ_IOPS] == (want ? want : t->nd + 1)) {
				pts[n] = pt;
				drv[n++] = t->d[i].drive;
			}
		}
	for (size_t i = 0; i < t->nd; i++) {
		const struct fr_tq_point *pt = fr_tq_at(&t->d[i], k);

		if (pt && !pt->place[FR_TQ_IOPS]) {
			pts[n] = pt;
			drv[n++] = t->d[i].drive;
		}
	}
	return n;
}

static void text_cells(FILE *f, const struct fr_tq_point *pt, bool places)
{
	char b[32];

	for (int i = 0; i < FR_TQ_NFIGS; i++) {
		fprintf(f, " %11s", fr_num(b, sizeof(b), shown(pt, i), i == FR_TQ_IOPS ? 0 : 1));
		if (places)
			fprintf(f, pt->place[i] ? " (%u)" : " (-)", pt->place[i]);
	}
	if (pt->problem)
		fprintf(f, "  not ranked: %s", pt->problem);
	fputc('\n', f);
}

int fr_tq_text(FILE *f, const struct fr_report *rep)
{
	const struct fr_tq *t = section(rep);
	const struct fr_tq_point **pts;
	const struct fr_drive **drv;

	if (!t)
		return 0;
	pts = calloc(t->nd + 1, sizeof(*pts));
	drv = calloc(t->nd + 1, sizeof(*drv));
	if (!pts || !drv) {
		free(pts);
		free(drv);
		return -1;
	}
	fprintf(f, "\n== tq-sweep: 8K random 70/30, threads x queue depth (%s basis) ==\n",
		fr_basis_name(t->basis));
	fputs("IOPS: sum over the jobs of one fio group; mean: operation-weighted over reads,\n"
	      "writes and jobs; max: largest of any job and direction; stddev: pooled over jobs\n"
	      "and directions.  Latency in µs; (n) is the place at the step, for IOPS the\n"
	      "highest first, for latencies the lowest.\n",
	      f);
	for (size_t k = 0; k < t->nseries; k++) {
		size_t n = step_rows(t, &t->series[k], pts, drv);

		fprintf(f, "\nstep %s (%u job%s x queue depth %u = %u outstanding):\n",
			t->series[k].name, t->series[k].jobs, t->series[k].jobs == 1 ? "" : "s",
			t->series[k].depth, t->series[k].jobs * t->series[k].depth);
		fprintf(f, "  %-28s %15s %15s %15s %15s\n", "drive", "IOPS", "mean µs", "max µs",
			"stddev µs");
		for (size_t i = 0; i < n; i++) {
			fprintf(f, "  %-28s", drv[i]->label);
			text_cells(f, pts[i], true);
		}
	}
	for (size_t i = 0; i < t->nd; i++) {
		if (!t->d[i].nrounds)
			continue;
		fprintf(f, "\npreconditioning rounds of %s (the workload at t%uq%u):\n",
			t->d[i].drive->label, t->d[i].rounds[0].jobs, t->d[i].rounds[0].depth);
		fprintf(f, "  %-28s %11s %11s %11s %11s\n", "round", "IOPS", "mean µs", "max µs",
			"stddev µs");
		for (size_t r = 0; r < t->d[i].nrounds; r++) {
			fprintf(f, "  %-28s", t->d[i].rounds[r].step->name);
			text_cells(f, &t->d[i].rounds[r], false);
		}
	}
	for (size_t i = 0; i < t->nref; i++)
		fprintf(f, "\npublished (%s): %s, %.0f IOPS (%s); %s\n", t->ref[i].drive->review,
			t->ref[i].drive->label, fr_step_iops(t->ref[i].step), t->ref[i].step->name,
			t->ref[i].note);
	free(pts);
	free(drv);
	return ferror(f) ? -1 : 0;
}

int fr_tq_md(FILE *f, const struct fr_report *rep)
{
	const struct fr_tq *t = section(rep);
	char b[32];

	if (!t)
		return 0;
	fprintf(f,
		"\n## tq-sweep: 8K random 70/30, threads x queue depth (%s basis)\n\n"
		"| step | drive | IOPS | pl. | mean µs | pl. | max µs | pl. | stddev µs | "
		"pl. |\n"
		"|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n",
		fr_basis_name(t->basis));
	for (size_t k = 0; k < t->nseries; k++)
		for (size_t i = 0; i < t->nd; i++) {
			const struct fr_tq_point *pt = fr_tq_at(&t->d[i], &t->series[k]);

			if (!pt)
				continue;
			fprintf(f, "| %s | %s |", t->series[k].name, t->d[i].drive->label);
			for (int g = 0; g < FR_TQ_NFIGS; g++) {
				fprintf(f, " %s |", fr_num(b, sizeof(b), shown(pt, g), g ? 1 : 0));
				fprintf(f, pt->place[g] ? " %u |" : " - |", pt->place[g]);
			}
			fputc('\n', f);
		}
	for (size_t i = 0; i < t->nd; i++)
		for (size_t r = 0; r < t->d[i].nrounds; r++) {
			const struct fr_tq_point *pt = &t->d[i].rounds[r];

			fprintf(f, "%s| precondition %s | %s |", r ? "" : "\n", pt->step->name,
				t->d[i].drive->label);
			for (int g = 0; g < FR_TQ_NFIGS; g++)
				fprintf(f, " %s | |",
					fr_num(b, sizeof(b), shown(pt, g), g ? 1 : 0));
			fputc('\n', f);
		}
	for (size_t i = 0; i < t->nref; i++)
		fprintf(f, "\nPublished (%s): %s, %.0f IOPS (%s); %s\n", t->ref[i].drive->review,
			t->ref[i].drive->label, fr_step_iops(t->ref[i].step), t->ref[i].step->name,
			t->ref[i].note);
	return ferror(f) ? -1 : 0;
}

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
	const struct fr_tq *t = section(rep);

	for (size_t i = 0; t && i < t->nd; i++) {
		const struct fr_tq_drive *d = &t->d[i];

		for (int r = 0; r < 2; r++)
			for (size_t k = 0; k < (r ? d->nrounds : d->nsteps); k++) {
				const struct fr_tq_point *pt = r ? &d->rounds[k] : &d->steps[k];

				for (int g = 0; g < FR_TQ_NFIGS; g++)
					csv_row(f, sect[r][g], d->drive->label, pt->step->name,
						pt->place[g], shown(pt, g), g == FR_TQ_IOPS,
						pt->step, pt->problem);
			}
	}
	for (size_t i = 0; t && i < t->nref; i++)
		csv_row(f, "tq-reference", t->ref[i].drive->label, t->ref[i].step->name, 0,
			fr_step_iops(t->ref[i].step), true, NULL, t->ref[i].note);
	return ferror(f) ? -1 : 0;
}

static struct json_object *jnum(double v)
{
	return isnan(v) ? NULL : json_object_new_double(v);
}

static struct json_object *point_obj(const struct fr_tq_point *pt)
{
	static const char *const keys[] = {"iops", "lat_mean_us", "lat_max_us", "lat_stddev_us"};
	static const char *const pkeys[] = {"place_iops", "place_lat_mean", "place_lat_max",
					    "place_lat_stddev"};
	struct json_object *o = json_object_new_object();

	json_object_object_add(o, "step", json_object_new_string(pt->step->name));
	json_object_object_add(o, "numjobs", json_object_new_int64(pt->jobs));
	json_object_object_add(o, "iodepth", json_object_new_int64(pt->depth));
	if (pt->round)
		json_object_object_add(o, "round", json_object_new_int64(pt->round));
	for (int g = 0; g < FR_TQ_NFIGS; g++) {
		json_object_object_add(o, keys[g], jnum(shown(pt, g)));
		if (!pt->round)
			json_object_object_add(o, pkeys[g],
					       pt->place[g] ? json_object_new_int64(pt->place[g])
							    : NULL);
	}
	json_object_object_add(o, "problem",
			       pt->problem ? json_object_new_string(pt->problem) : NULL);
	json_object_object_add(o, "file", json_object_new_string(pt->step->source));
	return o;
}

struct json_object *fr_tq_json(const struct fr_report *rep, int *err)
{
	struct json_object *o, *drives, *refs;
	const struct fr_tq *t = section(rep);

	*err = 0;
	if (!t)
		return NULL;
	o = json_object_new_object();
	drives = json_object_new_array();
	refs = json_object_new_array();
	json_object_object_add(o, "latency_basis", json_object_new_string(fr_basis_name(t->basis)));
	for (size_t i = 0; i < t->nd; i++) {
		struct json_object *d = json_object_new_object(), *s = json_object_new_array(),
				   *r = json_object_new_array();

		json_object_object_add(d, "drive", json_object_new_string(t->d[i].drive->label));
		for (size_t k = 0; k < t->d[i].nsteps; k++)
			json_object_array_add(s, point_obj(&t->d[i].steps[k]));
		for (size_t k = 0; k < t->d[i].nrounds; k++)
			json_object_array_add(r, point_obj(&t->d[i].rounds[k]));
		json_object_object_add(d, "steps", s);
		json_object_object_add(d, "precondition_rounds", r);
		json_object_array_add(drives, d);
	}
	for (size_t i = 0; i < t->nref; i++) {
		struct json_object *r = json_object_new_object();

		json_object_object_add(r, "review",
				       json_object_new_string(t->ref[i].drive->review));
		json_object_object_add(r, "drive", json_object_new_string(t->ref[i].drive->label));
		json_object_object_add(r, "iops", jnum(fr_step_iops(t->ref[i].step)));
		json_object_object_add(r, "placing", json_object_new_string(t->ref[i].note));
		json_object_array_add(refs, r);
	}
	json_object_object_add(o, "drives", drives);
	json_object_object_add(o, "published", refs);
	return o;
}
