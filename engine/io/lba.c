// SPDX-License-Identifier: GPL-2.0-only
/*
 * LBA arithmetic and namespace-list parsing (pure).
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lba.h"

int lba_shift_of(uint32_t lba_size)
{
	int shift = 0;

	if (lba_size < 512 || (lba_size & (lba_size - 1)))
		return -1;
	while ((1u << shift) != lba_size)
		shift++;
	return shift;
}

static void describe_format(const struct lba_geom *g, char *buf, size_t len)
{
	if (g->ms && g->md_stripped)
		snprintf(buf, len,
			 "%u-byte LBAs with %u bytes of PI the controller inserts and strips "
			 "(pi_act=1), so %u bytes each on the host's side",
			 g->lba_size, g->ms, lba_unit(g));
	else if (g->ms && g->ms_extended)
		snprintf(buf, len,
			 "%u-byte LBAs with %u bytes of interleaved metadata (%u bytes each)",
			 g->lba_size, g->ms, lba_unit(g));
	else if (g->ms)
		snprintf(buf, len, "%u-byte LBAs with %u bytes of separate metadata", g->lba_size,
			 g->ms);
	else
		snprintf(buf, len, "%u-byte LBAs", g->lba_size);
}

bool lba_check_multiple(const struct lba_geom *g, const char *option, uint64_t value, char *msg,
			size_t len)
{
	char fmt[128];

	if (!g->lba_size || value % lba_unit(g) == 0)
		return true;
	describe_format(g, fmt, sizeof(fmt));
	snprintf(msg, len, "%s has %s: %s=%" PRIu64 " is not a multiple of %u", g->name, fmt,
		 option, value, lba_unit(g));
	return false;
}

bool lba_check_dirs(const struct lba_geom *g, unsigned int dirs,
		    const struct lba_dir_sizes sizes[3], char *msg, size_t len)
{
	static const char *const bs_names[] = {"bs (read)", "bs (write)", "bs (trim)"};
	static const char *const ba_names[] = {"blockalign (read)", "blockalign (write)",
					       "blockalign (trim)"};
	int d;

	for (d = 0; d < 3; d++) {
		if (!(dirs & (1u << d)))
			continue;
		if (!lba_check_multiple(g, bs_names[d], sizes[d].min_bs, msg, len) ||
		    !lba_check_multiple(g, bs_names[d], sizes[d].max_bs, msg, len) ||
		    !lba_check_multiple(g, ba_names[d], sizes[d].align, msg, len))
			return false;
	}
	return true;
}

bool lba_check_range(const struct lba_geom *g, const char *option, uint64_t offset, uint64_t length,
		     char *msg, size_t len)
{
	uint64_t cap_bytes;
	char fmt[128];

	if (!g->lba_size || !g->capacity_lbas)
		return true;
	cap_bytes = g->capacity_lbas * lba_unit(g);
	if (offset < cap_bytes && length <= cap_bytes - offset)
		return true;
	describe_format(g, fmt, sizeof(fmt));
	if (offset >= cap_bytes)
		snprintf(msg, len,
			 "%s has %" PRIu64 " %s (%" PRIu64 " bytes): %s=%" PRIu64
			 " is past its capacity",
			 g->name, g->capacity_lbas, fmt, cap_bytes, option, offset);
	else
		snprintf(msg, len,
			 "%s has %" PRIu64 " %s (%" PRIu64 " bytes): %s=%" PRIu64
			 " from offset %" PRIu64 " runs past its capacity",
			 g->name, g->capacity_lbas, fmt, cap_bytes, option, length, offset);
	return false;
}

/* Reads one nsid at *p; advances *p.  Returns false with a message if bad. */
static bool parse_nsid(const char **p, const char *spec, uint32_t *out, char *msg, size_t len)
{
	const char *start = *p;
	unsigned long long v;
	char *end;

	if (!isdigit((unsigned char)**p)) {
		snprintf(msg, len, "namespaces=%s: expected a namespace id at position %zu", spec,
			 (size_t)(start - spec) + 1);
		return false;
	}
	errno = 0;
	v = strtoull(start, &end, 10);
	if (errno || v < 1 || v > 0xfffffffeULL) {
		snprintf(msg, len,
			 "namespaces=%s: namespace id '%.*s' at position %zu is out of range "
			 "(1..4294967294)",
			 spec, (int)(end - start), start, (size_t)(start - spec) + 1);
		return false;
	}
	*out = (uint32_t)v;
	*p = end;
	return true;
}

static bool nslist_add(struct nslist *l, uint32_t id, const char *spec, char *msg, size_t len)
{
	unsigned int i, pos = 0;

	while (pos < l->count && l->ids[pos] < id)
		pos++;
	if (pos < l->count && l->ids[pos] == id)
		return true;
	if (l->count == NSLIST_MAX) {
		snprintf(msg, len, "namespaces=%s: more than %d namespaces", spec, NSLIST_MAX);
		return false;
	}
	for (i = l->count; i > pos; i--)
		l->ids[i] = l->ids[i - 1];
	l->ids[pos] = id;
	l->count++;
	return true;
}

bool nslist_parse(const char *spec, struct nslist *out, char *msg, size_t len)
{
	const char *p = spec;
	uint32_t lo, hi, id;

	memset(out, 0, sizeof(*out));
	if (!spec || !*spec) {
		snprintf(msg, len, "namespaces= is empty (want e.g. 1,2,5-6 or all)");
		return false;
	}
	if (!strcmp(spec, "all")) {
		out->all = true;
		return true;
	}
	for (;;) {
		if (!parse_nsid(&p, spec, &lo, msg, len))
			return false;
		hi = lo;
		if (*p == '-') {
			p++;
			if (!parse_nsid(&p, spec, &hi, msg, len))
				return false;
			if (hi < lo) {
				snprintf(msg, len, "namespaces=%s: range %u-%u is backwards", spec,
					 lo, hi);
				return false;
			}
			if (hi - lo >= NSLIST_MAX) {
				snprintf(msg, len, "namespaces=%s: range %u-%u is too long", spec,
					 lo, hi);
				return false;
			}
		}
		for (id = lo;; id++) {
			if (!nslist_add(out, id, spec, msg, len))
				return false;
			if (id == hi)
				break;
		}
		if (*p == '\0')
			return true;
		if (*p != ',') {
			snprintf(msg, len, "namespaces=%s: unexpected '%c' at position %zu", spec,
				 *p, (size_t)(p - spec) + 1);
			return false;
		}
		p++;
	}
}
