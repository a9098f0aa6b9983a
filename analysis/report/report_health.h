/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Drive health per step as every renderer prints it (issues 24, 25): for
 * each step with a health record, its figures summed over its controllers,
 * its WAF with the counter it came from and its divisor, its critical
 * warning names and its verdict, made once per run by fr_report_build
 * (report.h), so that text, Markdown, CSV, JSON and HTML print the same
 * computation and none repeats it.
 */
#ifndef FIORANK_REPORT_HEALTH_H
#define FIORANK_REPORT_HEALTH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/health.h"
#include "model/model.h"

/* A step's health summed over its controllers (counts of several drives
 * that ran together add up; temperatures are the hottest). */
struct fr_hsum {
	int temp_before_k, temp_after_k, temp_max_k; /* 0 unknown */
	unsigned crit_warning;
	int64_t delta[FR_HC_N]; /* -1 unknown */
};

/**
 * fr_health_sum() - a step's health summed over its controllers
 * @h: the step's record, or NULL (every figure unknown)
 * @s: set to the sums; a controller of a subsystem already counted adds
 *     nothing (its counters may be the same counts)
 */
void fr_health_sum(const struct fr_health *h, struct fr_hsum *s);

/* One step's health as printed. */
struct fr_health_row {
	const struct fr_drive *drive;
	const struct fr_profile *profile;
	const struct fr_step *step; /* step->health: the record (controllers, why) */
	/* the step's name as printed: "peak", or "peak (job nn-write)" where
	 * another listed row of the drive and profile has that name too */
	char step_label[256];
	bool listed; /* a measured drive's: a row of the health section */
	struct fr_hsum sum;
	struct fr_waf waf; /* fr_health_waf()'s */
	char cw[128];	   /* the critical warning bits' names, "" when none is set */
	char verdict[512]; /* "valid", "INVALID: <reason>", "health not recorded ..." */
	int64_t (*ctrl_delta)[FR_HC_N]; /* per controller of the record: fr_hc_delta() */
	/* on the first of a run of steps of one drive and profile with
	 * nothing to report (valid, no warning, no throttling, no data units
	 * written, every controller read), printed as one line: how many
	 * rows the run folds (2 or more), and the words after its steps
	 * ("valid, nothing to report: temperature 50 °C throughout, ...");
	 * 0 and "" on every other row */
	size_t fold;
	char fold_text[256];
};

/* Every step's health as printed. */
struct fr_report_health {
	bool any; /* some step has a record (fr_health_any): the section is printed */
	/* every step with a record: the model's, then those the verdict moved
	 * to m->invalid, in drive, profile and step order */
	struct fr_health_row *rows;
	size_t n;
	const struct fr_health_row **by_step; /* rows by step address (fr_health_row_of) */
};

/**
 * fr_health_celsius() - a temperature as printed
 * @buf: where it is written (terminated, cut to fit)
 * @len: @buf's size in bytes
 * @k: the temperature in kelvin, 0 or less when not known
 *
 * Return: @buf, holding "36 °C", or "?" when not known.
 */
const char *fr_health_celsius(char *buf, size_t len, int k);

/**
 * fr_report_health_build() - every step's health rows, once
 * @m: the model (with m->invalid, the steps the verdict moved there)
 * @h: filled; fr_report_health_free() it
 *
 * Return: 0, or -ENOMEM (@h then empty).
 */
int fr_report_health_build(const struct fr_model *m, struct fr_report_health *h);

/**
 * fr_report_health_free() - free what fr_report_health_build() made
 * @h: the rows
 */
void fr_report_health_free(struct fr_report_health *h);

/**
 * fr_health_row_of() - the health row of a step
 * @h: the rows, or NULL
 * @s: a step of the model, or NULL
 *
 * Return: its row, or NULL when @s has no health record.
 */
const struct fr_health_row *fr_health_row_of(const struct fr_report_health *h,
					     const struct fr_step *s);

#endif
