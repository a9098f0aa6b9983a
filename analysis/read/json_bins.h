/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A fio job's completion latency from its raw json+ bins (json_bins.c).
 */
#ifndef FIORANK_JSON_BINS_H
#define FIORANK_JSON_BINS_H

struct json_object;

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
