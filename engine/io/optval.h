/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The engine's own integer and time options, read from the text the job
 * gave.  fio's FIO_OPT_INT checks maxval/minval on the value's low 32 bits
 * only (apptag=4294967297 passed a maximum of 0xffff as 1), splits a value
 * at '-' and takes its second half when the first is refused (apptag=-1
 * became 1), and reads "2s" as bytes (2).  So the options are plain strings
 * to fio, and their callbacks (engine/fio/options.c) read them here, whole.
 */
#ifndef SSDNVME_OPTVAL_H
#define SSDNVME_OPTVAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/**
 * optval_int() - an integer option within its range
 * @name: the option's name, for the message
 * @str: the value as written: decimal, or hexadecimal after 0x; with
 *       @bytes, optionally followed by k, m or g (KiB, MiB, GiB: fio's
 *       default kb_base, also spelt KiB/kb...)
 * @min: the least valid value
 * @max: the largest valid value
 * @bytes: whether @str may carry a size unit
 * @val: where the value goes
 * @msg: where the refusal is written: "NAME=STR is not a number ..." or
 *       "NAME=STR is out of range: valid MIN-MAX"
 * @len: @msg's size
 *
 * Return: true with @val set; false with @msg.
 */
bool optval_int(const char *name, const char *str, uint64_t min, uint64_t max, bool bytes,
		uint64_t *val, char *msg, size_t len);

/**
 * optval_ms() - a time option in milliseconds
 * @name: the option's name, for the message
 * @str: the value as written: digits, then optionally one of fio's time
 *       units (us, usec, ms, msec, s, m, h, d); a bare number is milliseconds
 * @min: the least valid value, in ms
 * @max: the largest valid value, in ms
 * @ms: where the value goes, in ms
 * @msg: where the refusal is written (not a time, not whole milliseconds,
 *       out of range)
 * @len: @msg's size
 *
 * Return: true with @ms set; false with @msg.
 */
bool optval_ms(const char *name, const char *str, uint64_t min, uint64_t max, uint64_t *ms,
	       char *msg, size_t len);

#endif
