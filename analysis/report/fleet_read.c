// SPDX-License-Identifier: GPL-2.0-only
/*
 * A fleet step's servers by manifest host (fleet_read.h): the reader kept
 * them at its one parse of the output (read/read_clients.c); here they are
 * matched to the hosts as --hosts gave them.
 */
#include <stdint.h>
#include <stdio.h>

#include <json-c/json.h>

#include "model/label.h"
#include "report/fleet_read.h"

static const struct fr_client_host absent = {
	.why = "fio's output holds no result of it",
};

/* key -> index of the record's servers; NULL when out of memory. */
static struct json_object *index_of(const struct fr_clients *rec)
{
	struct json_object *by_key = json_object_new_object();

	for (size_t i = 0; by_key && i < rec->nhosts; i++)
		if (json_object_object_add(by_key, rec->hosts[i].key,
					   json_object_new_int64((int64_t)i))) {
			json_object_put(by_key);
			return NULL;
		}
	return by_key;
}

int fr_fleet_hosts_of(const struct fr_clients *rec, struct json_object *hosts,
		      const struct fr_client_host **out)
{
	struct json_object *by_key = index_of(rec);

	if (!by_key)
		return -1;
	for (size_t i = 0; i < json_object_array_length(hosts); i++) {
		struct json_object *at = NULL;
		char key[512];

		if (fr_host_key(json_object_get_string(json_object_array_get_idx(hosts, i)), key,
				sizeof(key)))
			json_object_object_get_ex(by_key, key, &at);
		out[i] = at ? &rec->hosts[json_object_get_int64(at)] : &absent;
	}
	json_object_put(by_key);
	return 0;
}

const char *fr_fleet_unlisted(const struct fr_clients *rec, struct json_object *hosts)
{
	struct json_object *known = json_object_new_object();
	const char *out = NULL;
	char key[512];

	for (size_t h = 0; known && h < json_object_array_length(hosts); h++)
		if (fr_host_key(json_object_get_string(json_object_array_get_idx(hosts, h)), key,
				sizeof(key)))
			json_object_object_add(known, key, NULL);
	for (size_t i = 0; known && !out && i < rec->nhosts; i++)
		if (!json_object_object_get_ex(known, rec->hosts[i].key, NULL))
			out = rec->hosts[i].key;
	json_object_put(known);
	return out;
}
