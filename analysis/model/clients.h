/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the fleet view (report/fleet.h) reads of a --hosts run's fio output,
 * kept by the reader at its one parse of the file (read/read_clients.c):
 * per server of fio's client_stats, its entries together (one host's jobs
 * are one drive's) with their exact json+ bins, and fio's "All clients"
 * block.  Kept only for outputs of a manifest that names hosts, so that
 * no other run pays for the bins.
 */
#ifndef FIORANK_MODEL_CLIENTS_H
#define FIORANK_MODEL_CLIENTS_H

#include <stdbool.h>
#include <stddef.h>

#include "model/hist.h"

/* One server's figures of one direction, all its entries together. */
struct fr_client_dir {
	double ios, iops;
	double mean_sum;     /* sum of ios x mean (ns) */
	struct fr_hist hist; /* sorted (fr_hist_sort()) */
	bool no_bins;	     /* an entry had I/O but no json+ bins */
};

/* One server of the output: "name,port" as fr_client_key() makes it. */
struct fr_client_host {
	char *key;
	bool present; /* false: an entry of it ended with an error (why) */
	char why[200];
	struct fr_client_dir dir[2]; /* read, write */
};

/* fio's "All clients" block, per direction (read, write). */
#define FR_CLIENT_NPCT 3 /* p99, p99.9, p99.99 */
struct fr_client_all {
	bool present;
	struct {
		double ios, iops, runtime;     /* NAN when fio gave none */
		bool has_pct;		       /* it has a clat_ns percentile list */
		double pct_ns[FR_CLIENT_NPCT]; /* from it; NAN where absent */
	} dir[2];
};

/* One fio output of a --hosts run. */
struct fr_clients {
	char *source;		      /* the path as the walk read it */
	char *problem;		      /* why it holds no figures (not read, not JSON, no
				       * client_stats), or NULL */
	struct fr_client_host *hosts; /* in fio's order of first entries */
	size_t nhosts;
	struct fr_client_all all;
};

/**
 * fr_clients_free() - free one output's record and zero it
 * @c: the record
 */
void fr_clients_free(struct fr_clients *c);

/**
 * fr_clients_list_free() - free a list of records
 * @v: the records (freed)
 * @n: how many
 */
void fr_clients_list_free(struct fr_clients *v, size_t n);

/* model_docs.c */
struct fr_model;

/**
 * fr_model_add_clients() - move one output's record into a model
 * @m: the model (its clients list)
 * @c: the record; left zeroed when moved
 *
 * Return: 0, or -ENOMEM (@m and @c then unchanged).
 */
int fr_model_add_clients(struct fr_model *m, struct fr_clients *c);

/**
 * fr_model_take_clients() - move every record of one model into another
 * @dst: the model of the run
 * @src: one input's model; the records it gives are left zeroed (freeing
 *       @src frees the rest)
 *
 * Return: 0, or -ENOMEM.
 */
int fr_model_take_clients(struct fr_model *dst, struct fr_model *src);

/**
 * fr_model_find_clients() - the record of an output
 * @m: the model
 * @source: the output's path, as the walk read it
 *
 * Return: the record (@m's), or NULL when the reader kept none for it.
 */
const struct fr_clients *fr_model_find_clients(const struct fr_model *m, const char *source);

#endif
