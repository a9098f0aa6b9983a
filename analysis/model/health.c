// SPDX-License-Identifier: GPL-2.0-only
/*
 * A step's health record: its verdict (invalid when the drive throttled,
 * ran hot or raised a critical warning during it).  Its write amplification
 * and the verdict's effect on the model are health_step.c's.  The rules are
 * docs/fiorank.md's "Drive health".
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/health.h"

void fr_health_free(struct fr_health *h)
{
	if (!h)
		return;
	for (size_t i = 0; i < h->nctrl; i++)
		free(h->ctrl[i].temps);
	free(h->ctrl);
	free(h);
}

struct fr_health *fr_health_dup(const struct fr_health *h)
{
	struct fr_health *d = malloc(sizeof(*d));

	if (!d)
		return NULL;
	*d = *h;
	d->nctrl = 0;
	d->ctrl = calloc(h->nctrl ? h->nctrl : 1, sizeof(*d->ctrl));
	if (!d->ctrl) {
		free(d);
		return NULL;
	}
	for (size_t i = 0; i < h->nctrl; i++) {
		struct fr_hctrl *c = &d->ctrl[d->nctrl];

		*c = h->ctrl[i];
		c->temps = malloc((c->ntemps ? c->ntemps : 1) * sizeof(*c->temps));
		if (!c->temps) {
			fr_health_free(d);
			return NULL;
		}
		if (c->ntemps)
			memcpy(c->temps, h->ctrl[i].temps, c->ntemps * sizeof(*c->temps));
		d->nctrl++;
	}
	return d;
}

bool fr_health_same_subsys(const struct fr_health *h, size_t i)
{
	for (size_t k = 0; h->ctrl[i].subsys[0] && k < i; k++)
		if (h->ctrl[k].read && !strcmp(h->ctrl[k].subsys, h->ctrl[i].subsys))
			return true;
	return false;
}

int64_t fr_hc_delta(const struct fr_hctrl *c, enum fr_hc k)
{
	const struct fr_hcount *v = &c->c[k];

	if (v->before < 0 || v->after < 0 || v->after < v->before)
		return -1;
	return v->after - v->before;
}

void fr_health_cw_names(unsigned bits, char *buf, size_t len)
{
	static const char *const names[] = {"spare",	 "temperature",	    "reliability",
					    "read-only", "volatile backup", "PMR read-only"};
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned b = 0; b < 8 && used < len; b++) {
		if (!(bits & (1u << b)))
			continue;
		if (b < sizeof(names) / sizeof(names[0]))
			used += snprintf(buf + used, len - used, "%s%s", used ? ", " : "",
					 names[b]);
		else
			used += snprintf(buf + used, len - used, "%sbit %u", used ? ", " : "", b);
	}
}

/* Appends one reason, "; "-separated, to h->reason. */
static void add_reason(struct fr_health *h, const char *ctrl, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void add_reason(struct fr_health *h, const char *ctrl, const char *fmt, ...)
{
	size_t used = strlen(h->reason);
	va_list ap;

	if (used + 1 >= sizeof(h->reason))
		return;
	if (used || ctrl)
		used += snprintf(h->reason + used, sizeof(h->reason) - used, "%s%s%s",
				 used ? "; " : "", ctrl ? ctrl : "", ctrl ? ": " : "");
	if (used + 1 >= sizeof(h->reason))
		return;
	va_start(ap, fmt);
	vsnprintf(h->reason + used, sizeof(h->reason) - used, fmt, ap);
	va_end(ap);
	h->invalid = true;
}

/* "thermal throttling 12 s (TMT1 +3, TMT2 +1)" when thermal management
 * engaged: a transition count or a time at a level grew. */
static void thermal(struct fr_health *h, const struct fr_hctrl *c, const char *name)
{
	int64_t n1 = fr_hc_delta(c, FR_HC_TMT1_N), n2 = fr_hc_delta(c, FR_HC_TMT2_N);
	int64_t s1 = fr_hc_delta(c, FR_HC_TMT1_S), s2 = fr_hc_delta(c, FR_HC_TMT2_S);
	char counts[64] = "", secs[32] = "";

	if (n1 <= 0 && n2 <= 0 && s1 <= 0 && s2 <= 0)
		return;
	if (s1 >= 0 && s2 >= 0)
		snprintf(secs, sizeof(secs), " %lld s", (long long)(s1 + s2));
	if (n1 > 0 && n2 > 0)
		snprintf(counts, sizeof(counts), " (TMT1 +%lld, TMT2 +%lld)", (long long)n1,
			 (long long)n2);
	else if (n1 > 0 || n2 > 0)
		snprintf(counts, sizeof(counts), " (TMT%d +%lld)", n1 > 0 ? 1 : 2,
			 (long long)(n1 > 0 ? n1 : n2));
	add_reason(h, name, "thermal throttling%s%s", secs, counts);
}

void fr_health_verdict(struct fr_health *h)
{
	h->invalid = false;
	h->unknown = false;
	h->reason[0] = '\0';
	for (size_t i = 0; i < h->nctrl; i++) {
		const struct fr_hctrl *c = &h->ctrl[i];
		const char *name = h->nctrl > 1 ? c->name : NULL;
		int64_t warn = fr_hc_delta(c, FR_HC_WARN_MIN),
			crit = fr_hc_delta(c, FR_HC_CRIT_MIN);
		int64_t ocp = fr_hc_delta(c, FR_HC_OCP_THROTTLE);

		if (c->absent[0])
			continue;
		thermal(h, c, name);
		if (c->eg_warning)
			add_reason(h, name, "endurance group critical warning 0x%x", c->eg_warning);
		if (c->ocp_status)
			add_reason(h, name, "OCP thermal throttling status %u", c->ocp_status);
		if (warn > 0)
			add_reason(h, name, "warning temperature time +%lld min", (long long)warn);
		if (crit > 0)
			add_reason(h, name, "critical temperature time +%lld min", (long long)crit);
		if (ocp > 0)
			add_reason(h, name, "OCP thermal throttling count +%lld", (long long)ocp);
		if (c->crit_warning) {
			char bits[128];

			fr_health_cw_names(c->crit_warning, bits, sizeof(bits));
			add_reason(h, name, "critical warning: %s", bits);
		}
	}
	for (size_t i = 0; !h->invalid && i < h->nctrl; i++)
		if (h->ctrl[i].untrusted[0]) {
			/* no sign of trouble, but a record that cannot be trusted */
			add_reason(h, h->nctrl > 1 ? h->ctrl[i].name : NULL, "health unknown: %s",
				   h->ctrl[i].untrusted);
			h->unknown = true;
		}
}

const char *fr_waf_src_name(enum fr_waf_src s)
{
	switch (s) {
	case FR_WAF_OCP:
		return "OCP C0";
	case FR_WAF_FDP:
		return "FDP";
	case FR_WAF_EG:
		return "endurance group";
	default:
		return "";
	}
}
