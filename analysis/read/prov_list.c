// SPDX-License-Identifier: GPL-2.0-only
/*
 * The ", "-joined lists every provenance field is (prov_priv.h): a word
 * added once, namespace ids in order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read/prov_priv.h"

void fr_prov_add_word(char *buf, size_t len, const char *w)
{
	size_t used = strlen(buf), wl;
	const char *p = buf;

	if (!w || !*w)
		return;
	wl = strlen(w);
	while ((p = strstr(p, w))) {
		if ((p == buf || p[-1] == ' ') && (p[wl] == '\0' || p[wl] == ','))
			return;
		p += wl;
	}
	snprintf(buf + used, len - used, "%s%s", used ? ", " : "", w);
}

static int cmp_uint(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;

	return x < y ? -1 : x > y;
}

void fr_prov_ns_list(const char *in, char *out, size_t len, const char *sep)
{
	unsigned ids[64];
	size_t n = 0, used = 0;

	for (const char *p = in; *p && n < 64;) {
		char *end;
		unsigned long v = strtoul(p, &end, 10);

		if (end == p)
			break;
		ids[n++] = (unsigned)v;
		p = end + strspn(end, ", ");
	}
	qsort(ids, n, sizeof(*ids), cmp_uint);
	*out = '\0';
	for (size_t i = 0; i < n && used < len; i++) {
		int k = snprintf(out + used, len - used, "%s%u", i ? sep : "", ids[i]);

		used += k > 0 ? (size_t)k : 0;
	}
}
