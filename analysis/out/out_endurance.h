/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The endurance section in the reports (issue 41 item 1): each format's in
 * its files (out_text_sect.c, out_md_sect.c, out_json_sect.c, and HTML with
 * the curve of WAF against the data written, out_html_endurance.c); the
 * step figures they share are out_cell.c's.  Nothing is printed when no
 * drive ran the method.
 */
#ifndef FIORANK_OUT_ENDURANCE_H
#define FIORANK_OUT_ENDURANCE_H

#include <stdio.h>

#include "report/endurance.h"
#include "chart/svg.h"

struct json_object;

/**
 * fr_ei_drive_host() - the drive's own host bytes over an endurance step
 * @p: the step
 *
 * Return: the host counter beside the media counter when the step has a
 * WAF, else SMART's data units written x 512000; NAN when not known.
 */
double fr_ei_drive_host(const struct fr_ei_point *p);

/**
 * fr_ei_waf_said() - what an endurance step's last column says
 * @p: the step
 *
 * Return: its WAF's media counter ("FDP", "OCP C0", "endurance group"), or
 * why it has no WAF.
 */
const char *fr_ei_waf_said(const struct fr_ei_point *p);

enum { FR_EI_CELLS = 8 };
/**
 * fr_ei_cells() - an endurance step's figures as the text and Markdown tables print them
 * @p: the step
 * @c: filled: fio MB, its running sum, the drive's host MB, media MB, WAF,
 *	cumulative WAF, write p99 and p99.99 in us ("-" where not known)
 */
void fr_ei_cells(const struct fr_ei_point *p, char c[FR_EI_CELLS][32]);

/**
 * fr_endurance_html() - the HTML report's endurance section
 * @f: the report being written
 * @e: the section, or NULL
 * @pal: the report's palette
 *
 * A table per drive and mix, then the chart of each mix's step and
 * cumulative WAF against the data fio wrote so far; in its place a note
 * when no step has a WAF.
 */
void fr_endurance_html(FILE *f, const struct fr_endurance *e, struct fr_palette *pal);

#endif
