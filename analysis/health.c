// SPDX-License-Identifier: GPL-2.0-only
/*
 * A step's health record: its verdict (invalid when the drive throttled,
 * ran hot or raised a critical warning during it) and its write
 * amplification.  The rules are docs/fiorank.md's "Drive health".
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "health.h"
#include "model.h"

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

/* A media counter's unit in bytes: OCP C0 and FDP count bytes, the
 * endurance group log 1000 x 512 B (as SMART's data units). */
static double src_unit(enum fr_waf_src src)
{
	return src == FR_WAF_EG ? 512000.0 : 1.0;
}

static enum fr_hc src_counter(enum fr_waf_src src)
{
	return src == FR_WAF_OCP   ? FR_HC_OCP_MEDIA
	       : src == FR_WAF_FDP ? FR_HC_FDP_MBMW
				   : FR_HC_EG_MEDIA;
}

/* Whether every read controller of the step has the counter. */
static bool src_present(const struct fr_health *h, enum fr_waf_src src)
{
	size_t read = 0;

	for (size_t i = 0; i < h->nctrl; i++) {
		if (!h->ctrl[i].read)
			continue;
		if (h->ctrl[i].c[src_counter(src)].before < 0)
			return false;
		read++;
	}
	return read > 0;
}

/* Bytes by counter K (of UNIT bytes) over the step's controllers; NAN when
 * one went back or saturated. */
static double counter_bytes(const struct fr_health *h, enum fr_hc k, double unit)
{
	double sum = 0;

	for (size_t i = 0; i < h->nctrl; i++) {
		int64_t d;

		if (!h->ctrl[i].read || fr_health_same_subsys(h, i))
			continue;
		d = fr_hc_delta(&h->ctrl[i], k);
		if (d < 0)
			return NAN;
		sum += (double)d * unit;
	}
	return sum;
}

static double media_bytes(const struct fr_health *h, enum fr_waf_src src)
{
	return counter_bytes(h, src_counter(src), src_unit(src));
}

/* The host bytes SRC's own log counts (FDP's HBMW); NAN for a source without. */
static double src_host_bytes(const struct fr_health *h, enum fr_waf_src src)
{
	return src == FR_WAF_FDP ? counter_bytes(h, FR_HC_FDP_HBMW, 1.0) : NAN;
}

static double smart_host_bytes(const struct fr_health *h)
{
	double sum = 0;
	size_t read = 0;

	for (size_t i = 0; i < h->nctrl; i++) {
		int64_t d;

		if (!h->ctrl[i].read || fr_health_same_subsys(h, i))
			continue;
		d = fr_hc_delta(&h->ctrl[i], FR_HC_DUW);
		if (d < 0)
			return NAN;
		sum += (double)d * 512000.0;
		read++;
	}
	return read ? sum : NAN;
}

/*
 * The WAF by one counter, or NAN with why.  A counter in 512000 B units is
 * only used over 100 units of host writes (its rounding then moves the
 * ratio by 1 % at most); one that did not move while the host wrote a
 * unit or more is not kept by the drive (QEMU's endurance group log).
 */
static double waf_by(const struct fr_health *h, enum fr_waf_src src, double host, char *why,
		     size_t len)
{
	double media = media_bytes(h, src), unit = src_unit(src), own = src_host_bytes(h, src);

	if (!isnan(own) && own > 0)
		host = own; /* the same log's host bytes: the same window */
	if (isnan(media)) {
		snprintf(why, len, "WAF n/a: the %s media counter went back or saturated",
			 fr_waf_src_name(src));
		return NAN;
	}
	if (host < 100 * unit) {
		snprintf(why, len,
			 "WAF n/a: the %s media counter counts %.0f B units, too coarse for "
			 "%.1f MB written",
			 fr_waf_src_name(src), unit, host / 1e6);
		return NAN;
	}
	if (media == 0) {
		snprintf(why, len,
			 "WAF n/a: the %s media counter did not move while the host wrote",
			 fr_waf_src_name(src));
		return NAN;
	}
	return media / host;
}

void fr_health_waf(const struct fr_step *s, struct fr_waf *w)
{
	const struct fr_health *h = s->health;
	bool said = false; /* why already names a counter present */
	char why[160];

	memset(w, 0, sizeof(*w));
	w->host_bytes = s->dir[FR_WRITE].io_bytes;
	w->host_bytes_smart = w->media_bytes = w->src_host_bytes = w->waf = NAN;
	for (int i = 0; i < FR_WAF_NSRC; i++)
		w->by_src[i] = NAN;
	snprintf(w->why, sizeof(w->why), "WAF n/a: no drive health recorded");
	if (!h || !h->recorded)
		return;
	w->host_bytes_smart = smart_host_bytes(h);
	snprintf(w->why, sizeof(w->why), "WAF n/a: the drive reports no media counter");
	for (int i = FR_WAF_OCP; i < FR_WAF_NSRC; i++) {
		if (!src_present(h, i))
			continue;
		if (isnan(w->host_bytes))
			snprintf(why, sizeof(why), "WAF n/a: fio's written bytes are not known");
		else if (w->host_bytes <= 0)
			snprintf(why, sizeof(why), "WAF n/a: the step wrote nothing");
		else
			w->by_src[i] = waf_by(h, i, w->host_bytes, why, sizeof(why));
		/* the first counter present gives the WAF, or says why not */
		if (w->src == FR_WAF_NONE && !isnan(w->by_src[i])) {
			w->src = i;
			w->waf = w->by_src[i];
			w->media_bytes = media_bytes(h, i);
			w->src_host_bytes = src_host_bytes(h, i);
			if (!(w->src_host_bytes > 0))
				w->src_host_bytes = NAN;
		} else if (w->src == FR_WAF_NONE && !said) {
			snprintf(w->why, sizeof(w->why), "%s", why);
			said = true;
		}
	}
}

long fr_health_exclude_invalid(struct fr_model *m)
{
	long moved = 0;

	for (size_t d = 0; d < m->ndrives; d++) {
		struct fr_drive *dr = &m->drives[d];

		for (size_t p = 0; p < dr->nprofiles; p++) {
			for (size_t k = 0; k < dr->profiles[p].nsteps;) {
				struct fr_step *s = &dr->profiles[p].steps[k];
				bool last = dr->profiles[p].nsteps == 1;

				if (!s->health || !s->health->invalid) {
					k++;
					continue;
				}
				if (fr_model_exclude(
					    m, s->source,
					    "drive '%s' %s step %s is invalid (%s): left out "
					    "of ranks, places and the gate (--include-invalid "
					    "keeps it)",
					    dr->label, dr->profiles[p].name, s->name,
					    s->health->reason))
					return -1;
				m->jobs_read -= s->njobs;
				if (!m->invalid && !(m->invalid = calloc(1, sizeof(*m->invalid))))
					return -1;
				if (fr_model_take_step(m->invalid, dr, p, k))
					return -1;
				moved++;
				if (last) {
					p--; /* the profile went with its last step */
					break;
				}
			}
		}
	}
	return moved;
}

size_t fr_health_note_included(const struct fr_model *m, FILE *f)
{
	size_t n = 0;

	for (size_t d = 0; d < m->ndrives; d++) {
		const struct fr_drive *dr = &m->drives[d];

		for (size_t p = 0; p < dr->nprofiles; p++)
			for (size_t k = 0; k < dr->profiles[p].nsteps; k++) {
				const struct fr_step *s = &dr->profiles[p].steps[k];
				char *src, *why, *drive;

				if (!s->health || !s->health->invalid)
					continue;
				n++;
				src = fr_escape_str(s->source, FR_ESC_CONTROLS);
				why = fr_escape_str(s->health->reason, FR_ESC_CONTROLS);
				drive = fr_escape_str(dr->label, FR_ESC_CONTROLS);
				fprintf(f,
					"fiorank: included %s: drive '%s' %s step %s is invalid "
					"(%s): ranked, placed and gated only because of "
					"--include-invalid\n",
					src ? src : "?", drive ? drive : "?", dr->profiles[p].name,
					s->name, why ? why : "?");
				free(src);
				free(why);
				free(drive);
			}
	}
	return n;
}

bool fr_health_any(const struct fr_model *m)
{
	if (m->invalid && fr_health_any(m->invalid))
		return true;
	for (size_t d = 0; d < m->ndrives; d++)
		for (size_t p = 0; p < m->drives[d].nprofiles; p++)
			for (size_t k = 0; k < m->drives[d].profiles[p].nsteps; k++)
				if (m->drives[d].profiles[p].steps[k].health)
					return true;
	return false;
}
