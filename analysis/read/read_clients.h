/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A --hosts run's fio output read for the fleet view (read_clients.c): per
 * server of client_stats its figures and exact json+ bins, and fio's "All
 * clients" block (model/clients.h), from the tree the reader parsed once.
 */
#ifndef FIORANK_READ_CLIENTS_H
#define FIORANK_READ_CLIENTS_H

#include <stddef.h>

#include "model/clients.h"
#include "read/json_bins.h"

struct json_object;

/**
 * fr_clients_read() - an output's servers from its parsed document
 * @root: fio's document
 * @source: the output's path (copied)
 * @out: filled (zeroed first; fr_clients_free() it, also after a failure);
 *       @out->problem set when @root has no client_stats array
 *
 * A server's entries are taken in fio's order up to the first that ended
 * with an error (the server then not present, why said); entries without
 * a hostname and port, and "All clients", are no server.
 *
 * Return: 0, or -ENOMEM.
 */
int fr_clients_read(struct json_object *root, const char *source, struct fr_clients *out);

/**
 * fr_clients_read_buffer() - as fr_clients_read(), from an output's bytes
 * @buf: the output (fio's client lines before the JSON are skipped)
 * @len: its length
 * @source: its path
 * @out: as for fr_clients_read()
 *
 * For an output the reader reads for the fleet view alone (a run that
 * failed when a host was lost).
 *
 * Return: 0, or -ENOMEM.
 */
int fr_clients_read_buffer(const char *buf, size_t len, const char *source, struct fr_clients *out);

/**
 * fr_clients_unread() - the record of an output that could not be read
 * @source: its path
 * @why: the reason
 * @out: filled: no servers, @out->problem "cannot read SOURCE: WHY"
 *
 * Return: 0, or -ENOMEM.
 */
int fr_clients_unread(const char *source, const char *why, struct fr_clients *out);

struct fr_model;

/**
 * fr_clients_keep() - an output's record into the model
 * @m: the input's model
 * @rec: what fr_clients_read() filled (moved into @m), or an empty record
 *       when the reader read no client_stats document
 * @source: the output's path
 * @err: why the reader rejected the output, or NULL
 *
 * An empty @rec is kept as a problem: @err, or no client_stats.
 *
 * Return: 0, or -ENOMEM.
 */
int fr_clients_keep(struct fr_model *m, struct fr_clients *rec, const char *source,
		    const char *err);

#endif
