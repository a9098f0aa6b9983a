/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Table cells of the CSV and HTML reports, one home for every renderer
 * (out_csv.c and the section files beside it, out_html*.c, baseline_out.c,
 * out_tq*.c): the CSV table's columns, and the cell writers.  How a string
 * is made safe for a format (quoting, formula guard, HTML entities) is
 * escape.h's; these only lay cells out.
 */
#ifndef FIORANK_OUT_CELL_H
#define FIORANK_OUT_CELL_H

#include <stdbool.h>
#include <stdio.h>

/* The health columns of the CSV (issue 25): section "health" rows fill them
 * (out_csv_row.c). */
#define FR_HEALTH_CSV_COLUMNS                                                                 \
	",valid,invalid_reason,temp_before_k,temp_after_k,temp_max_k,critical_warning,"       \
	"tmt1_count_delta,tmt2_count_delta,tmt1_time_s_delta,tmt2_time_s_delta,"              \
	"warning_temp_min_delta,critical_temp_min_delta,data_units_written_delta,host_bytes," \
	"host_bytes_smart,media_bytes,waf,waf_source"

/* The CSV header, without its newline: one table, a "section" column saying
 * what a row is.  Documented in docs/fiorank.md; only ever appended to. */
#define FR_CSV_COLUMNS                                                                             \
	"section,profile,drive,place,step,iops,mbps,lat_us,p99_us,p99_9_us,p99_99_us,"             \
	"margin_pct,ref_place,ref_total,write_mbps,nsid,reference,detail" /* origin block: where a \
									     row's figures came    \
									     from */               \
	",jobs,groupid,file"	 /* like-for-like comparison with published drives */              \
	",per_drive_of,ref_note" /* the io_uring_cmd cross-check run: of which drive, ratios to it \
				  */                                                               \
	",cross_check_of,mean_ratio,p99_ratio,p99_9_ratio,p99_99_ratio" /* a capped curve step's   \
									   rate target and the     \
									   share of it reached */  \
	",target_iops,target_reached_pct" /* drive health per step (issue 25): section "health"    \
					     rows */                                               \
		FR_HEALTH_CSV_COLUMNS

/**
 * fr_csv_ncommas() - how many commas a run of CSV columns holds
 * @columns: a part of FR_CSV_COLUMNS (constant text: the count of the run
 *           last asked for is kept, by its address)
 *
 * Return: the number of commas in @columns.
 */
size_t fr_csv_ncommas(const char *columns);

/**
 * fr_csv_commas() - the empty cells of a run of CSV columns
 * @f: the report being written
 * @columns: a part of FR_CSV_COLUMNS
 *
 * Writes one comma per comma in @columns, at once.
 */
void fr_csv_commas(FILE *f, const char *columns);

/**
 * fr_csv_end_after() - end a CSV row after a column, the rest left empty
 * @f: the report being written
 * @column: a column of FR_CSV_COLUMNS (not the last): the row's last filled one
 *
 * Writes one empty field per column after @column and the newline, so that
 * columns appended later never shift the rows of other sections.  An
 * unknown @column ends the row there.
 */
void fr_csv_end_after(FILE *f, const char *column);

/**
 * fr_html_cell() - an HTML table cell holding a string from input
 * @f: the report being written
 * @s: the cell's text (escaped here; NULL is an empty cell)
 * @left: left-aligned (class "l"), for names; numbers are right-aligned
 */
void fr_html_cell(FILE *f, const char *s, bool left);

/**
 * fr_html_num_cell() - an HTML table cell holding a figure
 * @f: the report being written
 * @v: the figure (NaN: "-")
 * @prec: digits after the point, as fr_num() writes them
 */
void fr_html_num_cell(FILE *f, double v, int prec);

#endif
