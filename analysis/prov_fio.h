/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A fio output re-read for its method (provenance.c): per job the options
 * that decide a published comparison, from "global options" and "job
 * options" (fio prints only the options set; the defaults are fio's).
 */
#ifndef FIORANK_PROV_FIO_H
#define FIORANK_PROV_FIO_H

#include <stdbool.h>
#include <stddef.h>

#include "model.h"

/* One job of a fio output, in the terms of a method. */
struct fjob {
	char *name;
	long groupid; /* -1: unknown */
	unsigned iodepth, numjobs, bs;
	int read_pct;
	double step_s;
	bool error;
};

struct fsrc {
	char *path;
	struct fjob *jobs;
	size_t njobs;
	char fio[64];
	double timestamp; /* fio's "timestamp" (s since the epoch), 0 unknown */
};

/* Reads s->path (the last complete document of a fio output); a file that
 * cannot be read leaves s->njobs 0.  Returns 0 or -ENOMEM. */
int fr_fio_source_read(struct fsrc *s);
void fr_fio_source_free(struct fsrc *s);
/* The method of step st: its jobs (those the reader merged
 * into the step, else all), outstanding summed over distinct job
 * names, one block size and read share or unknown, the shortest step. */
void fr_fio_step_method(const struct fsrc *src, const struct fr_step *st, struct fr_method *me);
/* "4k-randread: 128 outstanding, 4 KiB, 100 % read, 30 s steps" */
void fr_fio_method_text(char *buf, size_t len, const char *profile, const struct fr_method *me);

#endif
