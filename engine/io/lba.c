// SPDX-License-Identifier: GPL-2.0-only
/*
 * LBA arithmetic and namespace-list parsing (pure).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "idlist.h"
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

bool nslist_parse(const char *spec, struct nslist *out, char *msg, size_t len)
{
	static const struct idlist_rule rule = {
		.opt = "namespaces",
		.item = "namespace id",
		.items = "namespaces",
		.example = "1,2,5-6 or all",
		.min = 1,
		.max = 0xfffffffe, /* NVMe nsids; 0xffffffff means all */
		.cap = NSLIST_MAX,
		.sorted = true,
	};
	int n;

	memset(out, 0, sizeof(*out));
	if (spec && !strcmp(spec, "all")) {
		out->all = true;
		return true;
	}
	n = idlist_parse(&rule, spec, out->ids, msg, len);
	if (n < 0)
		return false;
	out->count = (unsigned int)n;
	return true;
}
