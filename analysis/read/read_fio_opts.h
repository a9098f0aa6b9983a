/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What both fio readers share (read_fio_opts.c).  Private to read_fio.c,
 * read_fio_fast.c and fastread_scan.c.
 */
#ifndef FIORANK_READ_FIO_OPTS_H
#define FIORANK_READ_FIO_OPTS_H

#include <stdbool.h>
#include <stddef.h>

#include "model/group.h"
#include "model/label.h"
#include "model/ran.h"

/* Bounds past which a figure is not a measurement: no job completes 10^10
 * operations or 10^13 bytes per second, nor 2^63 operations. */
#define FR_MAX_IOPS 1e10
#define FR_MAX_BW   1e13
#define FR_MAX_IOS  9.2e18

/**
 * fr_bad_lat() - whether a latency holds a figure that is not a measurement
 * @l: the latency (NAN where absent)
 *
 * Return: true when a present figure is infinite or negative.
 */
bool fr_bad_lat(const struct fr_lat *l);

/**
 * fr_fio_bom_len() - the length of a UTF-8 byte order mark at the start
 * @buf: fio's output
 * @len: its length
 *
 * Return: 3 when @buf starts with one (it is not content), else 0.
 */
size_t fr_fio_bom_len(const char *buf, size_t len);

/**
 * fr_fio_next_doc() - where the next JSON document starts in fio's output
 * @buf: fio's output (text fio printed may stand before a document)
 * @pos: where to look from
 * @len: its length
 *
 * Return: the start of the next line that opens a JSON object, or @len.
 */
size_t fr_fio_next_doc(const char *buf, size_t pos, size_t len);

/**
 * fr_opts_append() - append "KEY=VAL\n" to a growing string
 * @s: the string (NULL or malloc'd), reallocated
 * @key: the option's name
 * @val: its value
 *
 * Return: 0, or -ENOMEM with *s unchanged.
 */
int fr_opts_append(char **s, const char *key, const char *val);

/**
 * fr_opts_append_workload() - append a workload option in one spelling
 * @s: the string, as for fr_opts_append()
 * @key: the option's name as the job gave it
 * @val: its value
 *
 * fr_opt_canon() gives the spelling ("bs=4k" and "blocksize=4096" alike);
 * an option at fio's default says nothing and is left out, so "iodepth=1"
 * is the job that does not say it.
 *
 * Return: 0, or -ENOMEM.
 */
int fr_opts_append_workload(char **s, const char *key, const char *val);

/**
 * fr_opts_sort_lines() - sort "k=v\n" lines in place
 * @s: the lines
 *
 * The order options were given in must not make two workloads.
 *
 * Return: 0, or -ENOMEM (s unchanged).
 */
int fr_opts_sort_lines(char *s);

/**
 * fr_drop_verify_reads() - keep fio's verify pass out of a write job
 * @o: the job's options
 * @d: the direction just read
 * @p: the job, whose direction @d is cleared when it is the verify pass
 * @ran: what the job did, corrected the same way (ran->verify set)
 *
 * A write job's reads are fio's verify pass, not the workload.
 *
 * Return: true when direction @d was the verify pass and was dropped.
 */
bool fr_drop_verify_reads(const struct fr_jobopts *o, int d, struct fr_pending *p,
			  struct fr_ran *ran);

#endif
