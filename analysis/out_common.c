// SPDX-License-Identifier: GPL-2.0-only
/* Small formatting helpers shared by the renderers. */
#include <math.h>
#include <stdio.h>

#include "out.h"

const char *fr_basis_name(enum fr_basis b)
{
	return b == FR_CLAT ? "clat" : "lat";
}

const char *fr_basis_desc(enum fr_basis b)
{
	return b == FR_CLAT ? "clat (completion latency, submission to completion)"
			    : "lat (total latency, including submission)";
}

const char *fr_num(char *buf, size_t len, double v, int prec)
{
	if (isnan(v) || isinf(v))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.*f", prec, v);
	return buf;
}

const char *fr_wp_metric_name(enum fr_wp_metric m)
{
	return m == FR_WP_MEAN ? "mean" : "p99";
}

void fr_cross_sentence(char *buf, size_t len, const struct fr_crossover *c)
{
	snprintf(buf, len, "%s %g MB/s%s, %s's %s read latency falls below %s's",
		 c->holds ? "from" : "at", c->from_mbps, c->holds ? " on" : "", c->lower->label,
		 c->metric == FR_WP_MEAN ? "mean" : "99th percentile", c->higher->label);
}

void fr_ns_name(char *buf, size_t len, unsigned nsid)
{
	if (nsid)
		snprintf(buf, len, "ns%u", nsid);
	else
		snprintf(buf, len, "all");
}

void fr_derived_text(const struct fr_drive *d, char *buf, size_t len)
{
	*buf = '\0';
	if (d->reference && d->group > 1)
		snprintf(buf, len,
			 "per drive: published for %u drives run together, IOPS / %u, latency as "
			 "published",
			 d->group, d->group);
}

void fr_ref_place_text(const struct fr_entry *e, char *buf, size_t len)
{
	if (e->drive->reference) {
		fr_derived_text(e->drive, buf, len);
		if (!*buf)
			snprintf(buf, len, "-");
	} else if (e->ref_total) {
		snprintf(buf, len, "%u of %u%s%s", e->ref_place, e->ref_total,
			 *e->ref_note ? "; " : "", e->ref_note);
	} else {
		snprintf(buf, len, "%s", *e->ref_note ? e->ref_note : "-");
	}
}

void fr_ref_places(const struct fr_ranking *r, const struct fr_drive *d, char *buf, size_t len)
{
	size_t used = 0;

	*buf = '\0';
	for (size_t p = 0; p < r->nprofiles; p++)
		for (size_t i = 0; i < r->profiles[p].n; i++) {
			const struct fr_entry *e = &r->profiles[p].e[i];
			int n;

			char place[320];

			if (e->drive != d || (!e->ref_total && !*e->ref_note) || used >= len)
				continue;
			fr_ref_place_text(e, place, sizeof(place));
			n = snprintf(buf + used, len - used, "%s%s %s", used ? ", " : "",
				     r->profiles[p].name, place);
			if (n > 0)
				used += (size_t)n;
		}
}
