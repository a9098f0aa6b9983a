// SPDX-License-Identifier: GPL-2.0-only
/*
 * One step of a fleet run read per host (fleet.h): the runner's output
 * file read again for its json+ bins (the main reader drops them), and the
 * client_stats entries told apart by the host as --hosts gave it.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "model/label.h"
#include "report/fleet.h"
#include "util/json_get.h"
#include "util/slurp.h"

struct json_object *fr_fleet_index_clients(struct json_object *clients)
{
	struct json_object *by_key = json_object_new_object();

	for (size_t i = 0; by_key && i < json_object_array_length(clients); i++) {
		struct json_object *c = json_object_array_get_idx(clients, i), *list;
		char key[512];

		if (!strcmp(fr_json_str(c, "jobname") ?: "", "All clients") ||
		    !fr_client_key(fr_json_str(c, "hostname"), fr_json_num(c, "port"), key,
				   sizeof(key)))
			continue;
		if (!json_object_object_get_ex(by_key, key, &list) &&
		    (!(list = json_object_new_array()) ||
		     json_object_object_add(by_key, key, list))) {
			json_object_put(by_key);
			return NULL;
		}
		if (json_object_array_add(list, json_object_get(c))) {
			json_object_put(by_key);
			return NULL;
		}
	}
	return by_key;
}

struct json_object *fr_fleet_read_doc(const char *path, char *why, size_t len)
{
	struct json_object *last = NULL;
	size_t size, pos = 0;
	char *buf = fr_slurp(path, &size);

	if (!buf) {
		snprintf(why, len, "cannot read %s: %s", path, strerror(errno));
		return NULL;
	}
	/* each '{' that opens a line starts a document; the last is fio's
	 * final report (as the main reader takes it) */
	while (pos < size) {
		char *open = buf[pos] == '{' ? buf + pos : strstr(buf + pos, "\n{");
		struct json_tokener *tok;
		struct json_object *doc;

		if (!open)
			break;
		open += *open == '\n';
		tok = json_tokener_new();
		if (!tok)
			break;
		doc = json_tokener_parse_ex(tok, open, (int)(size - (size_t)(open - buf)));
		pos = (size_t)(open - buf) + (doc ? (size_t)json_tokener_get_parse_end(tok) : 1);
		json_tokener_free(tok);
		if (doc) {
			json_object_put(last);
			last = doc;
		}
	}
	free(buf);
	if (!last)
		snprintf(why, len, "%s holds no JSON document", path);
	return last;
}

static const char *const dirs[] = {"read", "write"};

/* Adds one job's direction d; -ENOMEM or 0. */
static int add_dir(struct fr_fleet_hdir *hd, struct json_object *job, int d)
{
	struct json_object *dj = fr_json_get(job, dirs[d]);
	struct json_object *clat = fr_json_get(dj, "clat_ns");
	double ios = fr_json_num(dj, "total_ios"), iops = fr_json_num(dj, "iops");
	double mean = fr_json_num(clat, "mean");
	int r;

	if (!(ios > 0))
		return 0;
	hd->ios += ios;
	hd->iops += isfinite(iops) ? iops : 0;
	hd->mean_sum += isfinite(mean) ? ios * mean : NAN;
	r = fr_hist_add_json(&hd->hist, fr_json_get(clat, "bins"));
	if (r == -2)
		return -ENOMEM;
	hd->no_bins |= r != 0;
	return 0;
}

int fr_fleet_host_figures(struct json_object *by_key, const char *host, struct fr_fleet_host *h)
{
	struct json_object *jobs = NULL;
	char key[512];

	memset(h, 0, sizeof(*h));
	snprintf(h->why, sizeof(h->why), "fio's output holds no result of it");
	if (fr_host_key(host, key, sizeof(key)))
		json_object_object_get_ex(by_key, key, &jobs);
	for (size_t i = 0; jobs && i < json_object_array_length(jobs); i++) {
		struct json_object *job = json_object_array_get_idx(jobs, i);
		double err = fr_json_num(job, "error");

		if (isfinite(err) && err != 0) {
			snprintf(h->why, sizeof(h->why), "its job '%s' ended with error %.0f",
				 fr_json_str(job, "jobname") ?: "?", err);
			h->present = false;
			return 0;
		}
		h->present = true;
		for (int d = 0; d < 2; d++)
			if (add_dir(&h->dir[d], job, d))
				return -ENOMEM;
	}
	if (h->present)
		*h->why = '\0';
	for (int d = 0; d < 2; d++)
		fr_hist_sort(&h->dir[d].hist);
	return 0;
}

void fr_fleet_host_free(struct fr_fleet_host *h)
{
	for (int d = 0; d < 2; d++)
		fr_hist_free(&h->dir[d].hist);
}

void fr_fleet_resumed_why(struct json_object *mf, struct json_object *run, const char *host,
			  char *why, size_t len)
{
	struct json_object *runs = fr_json_get(mf, "runs");
	const char *id = fr_json_str(run, "id");
	size_t n = json_object_is_type(runs, json_type_array) ? json_object_array_length(runs) : 0;

	for (size_t i = 0; id && i < n; i++) {
		struct json_object *r = json_object_array_get_idx(runs, i);

		if (!strcmp(fr_json_str(r, "resume_of") ?: "", id) &&
		    !strcmp(fr_json_str(r, "host") ?: "", host) &&
		    !strcmp(fr_json_str(r, "status") ?: "", "done")) {
			snprintf(why, len,
				 "it ran apart: rerun alone by --resume at %s; hosts that did not "
				 "run together are never summed",
				 fr_json_str(r, "started") ?: "a time not recorded");
			return;
		}
	}
}
