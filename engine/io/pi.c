// SPDX-License-Identifier: GPL-2.0-only
/*
 * Protection information: command fields, generation and checks (pure).
 *
 * A PI tuple, big-endian: 16-bit guard: guard(2) apptag(2) reftag(4);
 * 64-bit guard: guard(8) apptag(2) reftag(6) (no storage tag).  It lies in
 * the last pi_tuple_size() bytes of an LBA's metadata, or the first ones
 * when DPS bit 3 is set.  The guard covers the LBA's data and, when the PI
 * is last, the metadata bytes before it.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "pi.h"
#include "pi_crc.h"

#define APPTAG_ESCAPE 0xffffu

bool pi_format_supported(const struct pi_format *f, char *why, size_t len)
{
	if (!f->type)
		return true;
	if (f->type > 3)
		snprintf(why, len, "protection information type %u is not defined", f->type);
	else if (f->pif != PI_GUARD_16 && f->pif != PI_GUARD_64)
		snprintf(why, len,
			 "the %s guard format (PIF %u) is not supported (16-bit and 64-bit "
			 "guards are)",
			 f->pif == PI_GUARD_32 ? "32-bit" : "reserved", f->pif);
	else if (f->sts)
		snprintf(why, len,
			 "the format has a %u-bit storage tag, which the engine does not support",
			 f->sts);
	else if (f->ms < pi_tuple_size(f))
		snprintf(why, len, "%u bytes of metadata cannot hold a %u-byte PI tuple", f->ms,
			 pi_tuple_size(f));
	else
		return true;
	return false;
}

void pi_cmd_fields(const struct pi_format *f, const struct pi_mode *m, uint64_t slba,
		   bool write_zeroes, struct pi_cmd_fields *out)
{
	memset(out, 0, sizeof(*out));
	if (!f->type)
		return;
	out->control = pi_device_checks(f, m) | (m->act || write_zeroes ? PI_PRACT : 0);
	out->cdw14 = (uint32_t)slba;
	if (f->pif == PI_GUARD_64)
		out->cdw3 = (uint32_t)(slba >> 32) & 0xffff;
	out->cdw15 = (uint32_t)m->apptag_mask << 16 | m->apptag;
}

/* Offset of the PI tuple within an LBA's metadata. */
static uint32_t tuple_offset(const struct pi_format *f)
{
	return f->first ? 0 : f->ms - pi_tuple_size(f);
}

static void put_be(unsigned char *p, uint64_t v, unsigned int bytes)
{
	while (bytes--) {
		p[bytes] = (unsigned char)v;
		v >>= 8;
	}
}

static uint64_t get_be(const unsigned char *p, unsigned int bytes)
{
	uint64_t v = 0;
	unsigned int i;

	for (i = 0; i < bytes; i++)
		v = v << 8 | p[i];
	return v;
}

/* Guard of one LBA: DATA's lba_size bytes, then the metadata before the tuple. */
static uint64_t guard_of(const struct pi_format *f, const unsigned char *data,
			 const unsigned char *md)
{
	uint32_t before = tuple_offset(f);

	if (f->pif == PI_GUARD_64)
		return pi_crc64_nvme(pi_crc64_nvme(0, data, f->lba_size), md, before);
	return pi_crc16_t10dif(pi_crc16_t10dif(0, data, f->lba_size), md, before);
}

/* Width in bytes of the guard and reference tag fields. */
static unsigned int guard_bytes(const struct pi_format *f)
{
	return f->pif == PI_GUARD_64 ? 8 : 2;
}

static unsigned int ref_bytes(const struct pi_format *f)
{
	return f->pif == PI_GUARD_64 ? 6 : 4;
}

static uint64_t ref_mask(const struct pi_format *f)
{
	return f->pif == PI_GUARD_64 ? 0xffffffffffffull : 0xffffffffull;
}

/* Where LBA I's data and metadata lie. */
static void lba_at(const struct pi_format *f, const unsigned char *data, const unsigned char *md,
		   uint32_t i, const unsigned char **d, const unsigned char **m)
{
	if (f->extended) {
		*d = data + (size_t)i * (f->lba_size + f->ms);
		*m = *d + f->lba_size;
	} else {
		*d = data + (size_t)i * f->lba_size;
		*m = md + (size_t)i * f->ms;
	}
}

void pi_generate(const struct pi_format *f, const struct pi_mode *m, void *data, void *md,
		 uint32_t nlb, uint64_t slba)
{
	const unsigned char *d, *mdp;
	unsigned char *pi;
	uint32_t i;

	for (i = 0; i < nlb; i++) {
		lba_at(f, data, md, i, &d, &mdp);
		pi = (unsigned char *)mdp + tuple_offset(f);
		put_be(pi, guard_of(f, d, mdp), guard_bytes(f));
		put_be(pi + guard_bytes(f), m->apptag, 2);
		put_be(pi + guard_bytes(f) + 2, (slba + i) & ref_mask(f), ref_bytes(f));
	}
}

/* The controller's escapes: no check at all for this LBA. */
static bool escaped(const struct pi_format *f, uint16_t apptag, uint64_t ref)
{
	if (apptag != APPTAG_ESCAPE)
		return false;
	return f->type != 3 || ref == ref_mask(f);
}

static bool fail(struct pi_error *err, enum pi_field field, uint64_t lba, uint64_t expected,
		 uint64_t found)
{
	err->field = field;
	err->lba = lba;
	err->expected = expected;
	err->found = found;
	return false;
}

bool pi_verify(const struct pi_format *f, const struct pi_mode *m, const void *data, const void *md,
	       uint32_t nlb, uint64_t slba, struct pi_error *err)
{
	const unsigned char *d, *mdp, *pi;
	uint64_t guard, ref, want;
	uint16_t app;
	uint32_t i;

	for (i = 0; i < nlb; i++) {
		lba_at(f, data, md, i, &d, &mdp);
		pi = mdp + tuple_offset(f);
		app = (uint16_t)get_be(pi + guard_bytes(f), 2);
		ref = get_be(pi + guard_bytes(f) + 2, ref_bytes(f));
		if (escaped(f, app, ref))
			continue;
		if (m->chk & PI_CHK_GUARD) {
			guard = get_be(pi, guard_bytes(f));
			want = guard_of(f, d, mdp);
			if (guard != want)
				return fail(err, PI_FIELD_GUARD, slba + i, want, guard);
		}
		if ((m->chk & PI_CHK_APP) && (app & m->apptag_mask) != (m->apptag & m->apptag_mask))
			return fail(err, PI_FIELD_APPTAG, slba + i, m->apptag & m->apptag_mask,
				    app & m->apptag_mask);
		/* type 3's reference tag is the host's own: nothing to check it against */
		want = (slba + i) & ref_mask(f);
		if ((m->chk & PI_CHK_REF) && f->type != 3 && ref != want)
			return fail(err, PI_FIELD_REFTAG, slba + i, want, ref);
	}
	return true;
}

const char *pi_field_name(enum pi_field field)
{
	switch (field) {
	case PI_FIELD_GUARD:
		return "guard";
	case PI_FIELD_APPTAG:
		return "application tag";
	default:
		return "reference tag";
	}
}

static const struct {
	const char *name;
	uint16_t bit;
} chk_names[] = {{"GUARD", PI_CHK_GUARD}, {"REFTAG", PI_CHK_REF}, {"APPTAG", PI_CHK_APP}};

#define NR_CHK_NAMES (sizeof(chk_names) / sizeof(chk_names[0]))

void pi_chk_string(uint16_t chk, char *buf, size_t len)
{
	size_t i, used = 0;

	buf[0] = '\0';
	for (i = 0; i < NR_CHK_NAMES; i++)
		if (chk & chk_names[i].bit)
			used += (size_t)snprintf(buf + used, used < len ? len - used : 0, "%s%s",
						 used ? "," : "", chk_names[i].name);
	if (!used)
		snprintf(buf, len, "none");
}

bool pi_chk_parse(const char *spec, uint16_t *chk, char *msg, size_t len)
{
	const char *p = spec, *end;
	size_t i, n;

	*chk = 0;
	while (p && *p) {
		end = strchr(p, ',');
		n = end ? (size_t)(end - p) : strlen(p);
		for (i = 0; i < NR_CHK_NAMES; i++)
			if (n == strlen(chk_names[i].name) && !strncasecmp(p, chk_names[i].name, n))
				break;
		if (i == NR_CHK_NAMES) {
			snprintf(msg, len,
				 "pi_chk=%s: '%.*s' at position %zu is not GUARD, REFTAG or APPTAG",
				 spec, (int)n, p, (size_t)(p - spec) + 1);
			return false;
		}
		*chk |= chk_names[i].bit;
		p = end ? end + 1 : NULL;
	}
	return true;
}

void pi_describe(const struct pi_format *f, const struct pi_mode *m, char *buf, size_t len)
{
	char chk[32];
	size_t used;

	if (!f->type) {
		snprintf(buf, len, "%u bytes of %s metadata, no PI", f->ms,
			 f->extended ? "interleaved" : "separate");
		return;
	}
	pi_chk_string(m->chk, chk, sizeof(chk));
	snprintf(buf, len,
		 "PI type %u, %u-bit guard, PI %s in %u bytes of %s metadata: pi_act=%d (%s), "
		 "pi_chk=%s, apptag=0x%04x, apptag_mask=0x%04x",
		 f->type, f->pif == PI_GUARD_64 ? 64 : 16, f->first ? "first" : "last", f->ms,
		 f->extended ? "interleaved" : "separate", m->act ? 1 : 0,
		 m->act ? "the controller inserts and strips PI"
			: "the engine generates and checks PI",
		 chk, m->apptag, m->apptag_mask);
	used = strlen(buf);
	if (f->type == 3 && (m->chk & PI_CHK_REF) && used < len)
		snprintf(buf + used, len - used,
			 " (REFTAG is not checked: type 3 has no reference tag to check)");
}
