// SPDX-License-Identifier: GPL-2.0-only
/*
 * Health in the model: a step's write amplification (the drive's media
 * bytes over its own host bytes of the same window) and the verdict applied to the model
 * (invalid steps moved out of the ranking).  Apart from health.c, which
 * knows the record alone, so that the model (model.c copies and frees
 * records) and the health rules do not depend on each other.  The rules are
 * docs/fiorank.md's "Drive health".
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/escape.h"
#include "model/health.h"
#include "model/model.h"

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

/*
 * The drive's own host-write counter beside SRC's media counter, read at the
 * same moments (so over the same window): FDP's HBMW (bytes), SMART's data
 * units written for OCP C0 (the C0 log has no host counter), the endurance
 * group log's data units written (1000 x 512 B each).
 */
static enum fr_hc host_counter(enum fr_waf_src src)
{
	return src == FR_WAF_OCP ? FR_HC_DUW : src == FR_WAF_FDP ? FR_HC_FDP_HBMW : FR_HC_EG_HOST;
}

static double host_unit(enum fr_waf_src src)
{
	return src == FR_WAF_FDP ? 1.0 : 512000.0;
}

static const char *host_counter_name(enum fr_waf_src src)
{
	return src == FR_WAF_OCP   ? "SMART data units written"
	       : src == FR_WAF_FDP ? "FDP host bytes (HBMW)"
				   : "endurance group data units written";
}

static double src_host_bytes(const struct fr_health *h, enum fr_waf_src src)
{
	for (size_t i = 0; i < h->nctrl; i++)
		if (h->ctrl[i].read && h->ctrl[i].c[host_counter(src)].before < 0)
			return NAN; /* not recorded */
	return counter_bytes(h, host_counter(src), host_unit(src));
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
 * Why a host counter in UNIT-byte units gives no ratio: what it counted, and
 * what SMART counted over the same step where SMART is another counter.  A
 * counter that stayed put while SMART counted is one the drive does not
 * keep (QEMU's endurance group log); one under 100 units rounds too much.
 */
static void coarse_why(const struct fr_health *h, enum fr_waf_src src, double host, double unit,
		       char *why, size_t len)
{
	double smart = src == FR_WAF_OCP ? NAN : smart_host_bytes(h);
	char beside[64] = "";

	if (host == 0 && smart > 0) {
		snprintf(why, len,
			 "WAF n/a: %s moved 0 while SMART counted %.1f MB written: the drive "
			 "does not count host writes in its %s log, so that log gives no ratio",
			 host_counter_name(src), smart / 1e6, fr_waf_src_name(src));
		return;
	}
	if (smart >= 0)
		snprintf(beside, sizeof(beside), " (SMART: %.1f MB)", smart / 1e6);
	snprintf(why, len,
		 "WAF n/a: %s counted %.1f MB%s, %.0f units of %.0f B: under the 100 units a "
		 "ratio with %s needs",
		 host_counter_name(src), host / 1e6, beside, host / unit, unit,
		 fr_waf_src_name(src));
}

/*
 * The WAF by one media counter over the drive's host counter beside it, or
 * NAN with why.  A counter in 512000 B units is only used over 100 units
 * (its rounding then moves the ratio by 1 % at most); a media counter that
 * did not move while the host wrote is not kept by the drive (QEMU's
 * endurance group log).
 */
static double waf_by(const struct fr_health *h, enum fr_waf_src src, char *why, size_t len)
{
	double media = media_bytes(h, src), host = src_host_bytes(h, src);
	double unit = fmax(src_unit(src), host_unit(src));

	if (isnan(media)) {
		snprintf(why, len, "WAF n/a: the %s media counter went back or saturated",
			 fr_waf_src_name(src));
		return NAN;
	}
	if (isnan(host)) {
		snprintf(why, len,
			 "WAF n/a: the drive's host counter beside %s (%s) went back, saturated "
			 "or was not read",
			 fr_waf_src_name(src), host_counter_name(src));
		return NAN;
	}
	if (host < 100 * unit) {
		coarse_why(h, src, host, unit, why, len);
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
	char why[240];

	memset(w, 0, sizeof(*w));
	w->host_bytes = s->dir[FR_WRITE].io_bytes;
	w->host_bytes_smart = w->media_bytes = w->src_host_bytes = w->waf = NAN;
	w->host_counter = "";
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
		/* fio's bytes only say whether the step wrote (ramp left out) */
		if (w->host_bytes == 0)
			snprintf(why, sizeof(why), "WAF n/a: the step wrote nothing");
		else
			w->by_src[i] = waf_by(h, i, why, sizeof(why));
		/* the first counter present gives the WAF, or says why not */
		if (w->src == FR_WAF_NONE && !isnan(w->by_src[i])) {
			w->src = i;
			w->waf = w->by_src[i];
			w->media_bytes = media_bytes(h, i);
			w->src_host_bytes = src_host_bytes(h, i);
			w->host_counter = host_counter_name(i);
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
