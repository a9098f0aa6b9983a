/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * When an axis is drawn on a log scale: where its values span more than
 * FR_LOG_DECADES decades, so that a measured drive's curve does not
 * collapse onto the axis beside published figures a hundred times larger.
 * One rule for the report stage (which decides a section's scales once,
 * report/report_sect.c) and the charts (which decide a lone chart's).
 */
#ifndef FIORANK_LOGSCALE_H
#define FIORANK_LOGSCALE_H

#include <stdbool.h>
#include <stddef.h>

/* a log scale where the values span more than this many decades */
#define FR_LOG_DECADES 1.5

/* The scales of a chart, or of every chart of a section. */
struct fr_scales {
	bool xlog, ylog;
};

/**
 * fr_value_span() - the largest and the smallest positive finite value
 * @v: the values (NaN and infinities are skipped)
 * @n: how many
 * @max: set to the largest finite value, 0 when none is above 0
 * @minpos: set to the smallest positive finite value, INFINITY when none
 */
void fr_value_span(const double *v, size_t n, double *max, double *minpos);

/**
 * fr_wants_log() - whether values call for a log scale
 * @v: the values
 * @n: how many
 *
 * Return: true when their positive finite values span more than
 * FR_LOG_DECADES decades.
 */
bool fr_wants_log(const double *v, size_t n);

#endif
