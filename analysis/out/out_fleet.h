/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The fleet view (report/fleet.h, issue 39) in text, Markdown and HTML
 * (out_fleet.c) and JSON (out_fleet_json.c), one function per format, each
 * taking the view as report/fleet.c made it.  Printed only when a manifest
 * ran on hosts, so that other reports are unchanged.
 */
#ifndef FIORANK_OUT_FLEET_H
#define FIORANK_OUT_FLEET_H

#include <stdio.h>

struct json_object;
struct fr_fleet;

/**
 * fr_fleet_text() - the fleet sections of the text report
 * @f: where they are written
 * @fleet: fr_report.fleet, or NULL: nothing written
 */
void fr_fleet_text(FILE *f, const struct fr_fleet *fleet);
/**
 * fr_fleet_md() - as fr_fleet_text(), in Markdown tables
 * @f: where they are written
 * @fleet: fr_report.fleet, or NULL: nothing written
 */
void fr_fleet_md(FILE *f, const struct fr_fleet *fleet);
/**
 * fr_fleet_html() - as fr_fleet_text(), in one <section class="fleet">
 * @f: where it is written
 * @fleet: fr_report.fleet, or NULL: nothing written
 */
void fr_fleet_html(FILE *f, const struct fr_fleet *fleet);

/**
 * fr_fleet_json() - the fleet view as the JSON report's "fleet"
 * @fleet: fr_report.fleet, or NULL
 *
 * Return: {"fleets": [...]} (docs/fiorank.md, "Fleet"), NULL when @fleet is
 * NULL or memory ran out.
 */
struct json_object *fr_fleet_json(const struct fr_fleet *fleet);

#endif
