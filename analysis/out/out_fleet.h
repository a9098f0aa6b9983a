/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The fleet view (report/fleet.h, issue 39) in text, Markdown and HTML
 * (out_fleet.c); the JSON report carries its tree as it is.  Printed only
 * when a manifest ran on hosts, so that other reports are unchanged.
 */
#ifndef FIORANK_OUT_FLEET_H
#define FIORANK_OUT_FLEET_H

#include <stdio.h>

struct json_object;

/**
 * fr_fleet_text() - the fleet sections of the text report
 * @f: where they are written
 * @fleet: fr_report.fleet ({"fleets": [...]}), or NULL: nothing written
 */
void fr_fleet_text(FILE *f, struct json_object *fleet);
/**
 * fr_fleet_md() - as fr_fleet_text(), in Markdown tables
 * @f: where they are written
 * @fleet: fr_report.fleet, or NULL: nothing written
 */
void fr_fleet_md(FILE *f, struct json_object *fleet);
/**
 * fr_fleet_html() - as fr_fleet_text(), in one <section class="fleet">
 * @f: where it is written
 * @fleet: fr_report.fleet, or NULL: nothing written
 */
void fr_fleet_html(FILE *f, struct json_object *fleet);

#endif
