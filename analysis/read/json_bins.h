/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A fio job's completion latency from its raw json+ bins (json_bins.c), and
 * those bins added to a model/hist.h histogram.
 */
#ifndef FIORANK_JSON_BINS_H
#define FIORANK_JSON_BINS_H

struct json_object;
struct fr_hist;

/**
 * fr_hist_add_json() - add one of fio's json+ "bins" objects
 * @h: the bins so far (zeroed before the first)
 * @bins: {"<ns>": count, ...} as fio writes it under clat_ns
 *
 * Return: 0; -1 when @bins is not an object of non-negative counts with
 * numeric keys (@h then unchanged), -2 when out of memory.
 */
int fr_hist_add_json(struct fr_hist *h, struct json_object *bins);

/**
 * fr_job_max_us() - a fio job's largest completion latency
 * @job: the job's object of fio's JSON (NULL: none)
 *
 * Return: µs, over the directions that did I/O; NaN when none did.
 */
double fr_job_max_us(struct json_object *job);

/**
 * fr_job_pct_us() - a completion-latency percentile from json+'s bins
 * @job: the job's object of fio's JSON (NULL: none)
 * @p: the percentile (99.0, 99.99, ...)
 *
 * Nearest rank over reads and writes, at fio's own bin resolution, never
 * above the largest completion (a bin's value is its middle).
 *
 * Return: µs, NaN without bins.
 */
double fr_job_pct_us(struct json_object *job, double p);

#endif
