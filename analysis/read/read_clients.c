// SPDX-License-Identifier: GPL-2.0-only
/*
 * The servers of a --hosts run's fio output (read_clients.h): their entries
 * of client_stats told apart by the host as --hosts gave it, summed per
 * direction with their exact json+ bins, and fio's "All clients" block.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "model/label.h"
#include "read/read_clients.h"
#include "util/json_get.h"

static const char *const dirs[] = {"read", "write"};
/* fio's percentile keys of p99, p99.9, p99.99 */
static const char *const fio_keys[FR_CLIENT_NPCT] = {"99.000000", "99.900000", "99.990000"};

/* Adds one entry's direction d; -ENOMEM or 0. */
static int add_dir(struct fr_client_dir *cd, struct json_object *job, int d)
{
	struct json_object *dj = fr_json_get(job, dirs[d]);
	struct json_object *clat = fr_json_get(dj, "clat_ns");
	double ios = fr_json_num(dj, "total_ios"), iops = fr_json_num(dj, "iops");
	double mean = fr_json_num(clat, "mean");
	int r;

	if (!(ios > 0))
		return 0;
	cd->ios += ios;
	cd->iops += isfinite(iops) ? iops : 0;
	cd->mean_sum += isfinite(mean) ? ios * mean : NAN;
	r = fr_hist_add_json(&cd->hist, fr_json_get(clat, "bins"));
	if (r == -2)
		return -ENOMEM;
	cd->no_bins |= r != 0;
	return 0;
}

/* The server of key in out, made when new (index -> its place); NULL when
 * out of memory. */
static struct fr_client_host *host_of(struct fr_clients *out, struct json_object *index,
				      const char *key)
{
	struct json_object *at;
	struct fr_client_host *h;

	if (json_object_object_get_ex(index, key, &at))
		return &out->hosts[json_object_get_int64(at)];
	h = realloc(out->hosts, (out->nhosts + 1) * sizeof(*h));
	if (!h)
		return NULL;
	out->hosts = h;
	h = memset(&h[out->nhosts], 0, sizeof(*h));
	if (!(h->key = strdup(key)) ||
	    json_object_object_add(index, key, json_object_new_int64((int64_t)out->nhosts))) {
		free(h->key);
		return NULL;
	}
	out->nhosts++;
	return h;
}

/* One entry of a server: up to its first error, each adds its figures. */
static int add_entry(struct fr_client_host *h, struct json_object *job, bool *stopped)
{
	double err = fr_json_num(job, "error");

	if (*stopped)
		return 0;
	if (isfinite(err) && err != 0) {
		snprintf(h->why, sizeof(h->why), "its job '%s' ended with error %.0f",
			 fr_json_str(job, "jobname") ?: "?", err);
		h->present = false;
		*stopped = true;
		return 0;
	}
	h->present = true;
	for (int d = 0; d < 2; d++)
		if (add_dir(&h->dir[d], job, d))
			return -ENOMEM;
	return 0;
}

static void read_all(struct json_object *all, struct fr_client_all *a)
{
	a->present = all != NULL;
	for (int d = 0; d < 2; d++) {
		struct json_object *dj = fr_json_get(all, dirs[d]);
		struct json_object *pct = fr_json_get(fr_json_get(dj, "clat_ns"), "percentile");

		a->dir[d].ios = fr_json_num(dj, "total_ios");
		a->dir[d].iops = fr_json_num(dj, "iops");
		a->dir[d].runtime = fr_json_num(dj, "runtime");
		a->dir[d].has_pct = pct != NULL;
		for (int k = 0; k < FR_CLIENT_NPCT; k++)
			a->dir[d].pct_ns[k] = fr_json_num(pct, fio_keys[k]);
	}
}

/* Every entry of client_stats into its server, one pass. */
static int read_entries(struct json_object *clients, struct fr_clients *out)
{
	struct json_object *index = json_object_new_object(), *all = NULL;
	bool *stopped = NULL;
	size_t n = json_object_array_length(clients);
	int ret = -ENOMEM;

	if (!index || !(stopped = calloc(n ? n : 1, sizeof(*stopped))))
		goto out;
	for (size_t i = 0; i < n; i++) {
		struct json_object *c = json_object_array_get_idx(clients, i);
		struct fr_client_host *h;
		char key[512];

		if (!strcmp(fr_json_str(c, "jobname") ?: "", "All clients")) {
			all = all ? all : c;
			continue;
		}
		if (!fr_client_key(fr_json_str(c, "hostname"), fr_json_num(c, "port"), key,
				   sizeof(key)))
			continue;
		if (!(h = host_of(out, index, key)) || add_entry(h, c, &stopped[h - out->hosts]))
			goto out;
	}
	for (size_t i = 0; i < out->nhosts; i++)
		for (int d = 0; d < 2; d++)
			fr_hist_sort(&out->hosts[i].dir[d].hist);
	read_all(all, &out->all);
	ret = 0;
out:
	free(stopped);
	json_object_put(index);
	return ret;
}

int fr_clients_read(struct json_object *root, const char *source, struct fr_clients *out)
{
	struct json_object *clients = fr_json_get(root, "client_stats");

	memset(out, 0, sizeof(*out));
	if (!(out->source = strdup(source)))
		return -ENOMEM;
	if (!json_object_is_type(clients, json_type_array))
		return (out->problem = strdup("its fio output has no \"client_stats\" (not a "
					      "client/server output)"))
			       ? 0
			       : -ENOMEM;
	return read_entries(clients, out);
}

int fr_clients_read_buffer(const char *buf, size_t len, const char *source, struct fr_clients *out)
{
	struct json_object *root = fr_json_last_doc_with(buf, len, "client_stats");
	int ret = fr_clients_read(root, source, out);

	json_object_put(root);
	return ret;
}

int fr_clients_unread(const char *source, const char *why, struct fr_clients *out)
{
	memset(out, 0, sizeof(*out));
	if (!(out->source = strdup(source)) ||
	    asprintf(&out->problem, "cannot read %s: %s", source, why) < 0) {
		out->problem = NULL;
		return -ENOMEM;
	}
	return 0;
}

int fr_clients_keep(struct fr_model *m, struct fr_clients *rec, const char *source, const char *err)
{
	struct fr_clients none = {0};
	int ret;

	if (rec->source)
		return fr_model_add_clients(m, rec);
	if (!(none.source = strdup(source)) ||
	    (err ? asprintf(&none.problem, "its fio output was not read: %s", err)
		 : asprintf(&none.problem, "its fio output has no \"client_stats\" (not a "
					   "client/server output)")) < 0) {
		free(none.source);
		return -ENOMEM;
	}
	ret = fr_model_add_clients(m, &none);
	fr_clients_free(&none);
	return ret;
}
