/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The CSV report's files (out_csv.c: its ops table and the rows of the
 * report's own sections; out_csv_rank.c: the ranking's rows; out_csv_row.c:
 * a row and how it is written): what they share.
 */
#ifndef FIORANK_OUT_CSV_H
#define FIORANK_OUT_CSV_H

#include <stdio.h>

#include "model/model.h"
#include "report/report_health.h"
#include "out/out_ops.h"

/* A row is built field by field; unused fields stay empty. */
struct fr_csv_row {
	const char *section, *profile, *drive, *step, *detail;
	double iops, mbps, lat, p99, p999, p9999, margin, write_mbps;
	unsigned place, ref_place, ref_total, nsid;
	int reference;			    /* -1: not applicable */
	const struct fr_step *origin;	    /* the step whose jobs made the row */
	const struct fr_step *paired;	    /* write pressure: the writer beside it */
	const char *file;		    /* a problem's file */
	unsigned per_drive_of;		    /* a published group's figure shown per drive */
	const char *ref_note;		    /* why published drives were left out of ref_place */
	const char *cross_check_of;	    /* nn_cross_check: the ssdnvme run's drive */
	struct fr_lat ratio;		    /* nn_cross_check: this run over that one */
	double target_iops;		    /* curve: the step's rate target, NAN none */
	const struct fr_health_row *health; /* a "health" row's step's (report_health.h) */
};

/**
 * fr_csv_blank() - a row of a section with every other field empty
 * @section: the "section" column's value
 *
 * Return: the row (figures NAN, reference not applicable).
 */
struct fr_csv_row fr_csv_blank(const char *section);
/**
 * fr_csv_emit() - write a row, its health cells last
 * @f: where it is written
 * @r: the row
 */
void fr_csv_emit(FILE *f, const struct fr_csv_row *r);

/* Entries of fr_csv_ops (out_csv_rank.c). */
/**
 * fr_csv_profiles() - the CSV report's profile rankings
 * @o: the report being written, an entry of fr_csv_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_csv_profiles(struct fr_out *o);
/**
 * fr_csv_write_pressure() - the CSV report's write-pressure section
 * @o: the report being written, an entry of fr_csv_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_csv_write_pressure(struct fr_out *o);
/**
 * fr_csv_nn() - the CSV report's noisy-neighbor section
 * @o: the report being written, an entry of fr_csv_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_csv_nn(struct fr_out *o);
/**
 * fr_csv_fdp() - the CSV report's placement (FDP) section
 * @o: the report being written, an entry of fr_csv_ops (out_ops.h)
 *
 * Return: 0, or -1 when memory ran out or a write failed.
 */
int fr_csv_fdp(struct fr_out *o);

#endif
