// SPDX-License-Identifier: GPL-2.0-only
/*
 * A job's fio options as fio reads them (label.h, struct fr_jobopts): the
 * defaults, rw=, bs=, rwmixread=, iodepth=, namespaces= and the rest a
 * label or a method needs, fio's sizes and units, which options only pace
 * a job, and the profile id the options name ("8k-randrw-70-30") for a job
 * outside the results contract.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model/label.h"

void fr_jobopts_init(struct fr_jobopts *o)
{
	memset(o, 0, sizeof(*o));
	o->rwmixread = 50;
	o->pct_random = 100;
	o->iodepth = 1;
	o->numjobs = 1;
	o->namespaces = 1;
	o->bs_kb_base = 1024;
	o->do_verify = true;
}

/* kb_base as fio takes it: 1024 (default) or 1000; 0 for anything else. */
static unsigned kb_base_of(const char *v)
{
	return !v || !strcmp(v, "1024") ? 1024 : !strcmp(v, "1000") ? 1000 : 0;
}

/* fio's bool options: bare or a number, 0 clears. */
static bool bool_value(const char *v)
{
	return !*v || strtol(v, NULL, 0) != 0;
}

/* iodepth=, numjobs=: a plain count (fio takes no unit there); 0 when not. */
static unsigned count_value(const char *v)
{
	char *end;
	unsigned long n = strtoul(v, &end, 10);

	return end != v && !*end && n <= 1u << 20 ? (unsigned)n : 0;
}

/* The ssdnvme engine's namespaces= list ("1,2,5-6"): how many ids it
 * names; 0 for "all" (the engine decides) or what the engine would refuse. */
static unsigned ns_count(const char *v)
{
	unsigned n = 0;

	while (*v) {
		char *end;
		unsigned long lo = strtoul(v, &end, 10), hi = lo;

		if (end == v || !lo)
			return 0;
		if (*end == '-') {
			v = end + 1;
			hi = strtoul(v, &end, 10);
			if (end == v || hi < lo || hi - lo > 1024)
				return 0;
		}
		n += (unsigned)(hi - lo + 1);
		if (*end && *end != ',')
			return 0;
		v = *end ? end + 1 : end;
	}
	return n;
}

unsigned fr_bs_split_one(const char *v, bool split, unsigned kb_base)
{
	unsigned long long one = 0, b;

	if (!kb_base || strchr(v, ','))
		return 0;
	for (const char *p = v; *p;) {
		size_t n = strcspn(p, split ? "/:" : "-");
		char buf[32];

		if (!n || n >= sizeof(buf))
			return 0;
		memcpy(buf, p, n);
		buf[n] = '\0';
		if (fr_fio_size(buf, kb_base, &b) || (one && b != one) || b > 1u << 30)
			return 0;
		one = b;
		p += n;
		if (split && *p == '/') /* the share: any, the size is the same */
			p += 1 + strcspn(p + 1, ":");
		if (*p)
			p++;
	}
	return (unsigned)one;
}

/* fio's rwmixread/rwmixwrite: an integer 0..100 (each sets the other). */
static int mix_value(const char *v)
{
	char *end;
	long n = strtol(v, &end, 10);

	return (end == v || *end || n < 0 || n > 100) ? -1 : (int)n;
}

/* percentage_random= ("R[,W[,T]]"): 0 or 100 when every part given says
 * so, -1 for a mix or a value that cannot be read. */
static int random_share(const char *v)
{
	int all = -2;

	for (const char *p = v; *p; p += *p == ',') {
		char *end;
		long n = strtol(p, &end, 10);

		if (end == p || n < 0 || n > 100 || (*end && *end != ','))
			return -1;
		if (all != -2 && all != n)
			return -1;
		all = (int)n;
		p = end;
	}
	return all == 0 || all == 100 ? all : -1;
}

void fr_jobopts_set(struct fr_jobopts *o, const char *key, const char *value)
{
	int mix;

	if (!value)
		return;
	if (!strcmp(key, "rw") || !strcmp(key, "readwrite"))
		o->rw = value;
	else if (!strcmp(key, "bs") || !strcmp(key, "blocksize")) {
		o->bs = value;
		o->bs_kb_base = kb_base_of(o->kb_base);
	} else if (!strcmp(key, "kb_base"))
		o->kb_base = value;
	else if (!strcmp(key, "name"))
		o->name = value;
	else if (!strcmp(key, "verify"))
		o->verify = strcmp(value, "0") && strcmp(value, "none");
	else if (!strcmp(key, "do_verify"))
		o->do_verify = bool_value(value);
	else if (!strcmp(key, "unified_rw_reporting"))
		o->unified = value;
	else if (!strcmp(key, "rate") || !strcmp(key, "rate_iops")) {
		o->rate_capped = strspn(value, "0,") != strlen(value);
		if (!strcmp(key, "rate_iops"))
			o->rate_iops = value;
		else
			o->rate_bytes = o->rate_capped;
	} else if (!strcmp(key, "iodepth"))
		o->iodepth = count_value(value);
	else if (!strcmp(key, "numjobs"))
		o->numjobs = count_value(value);
	else if (!strcmp(key, "group_reporting"))
		/* a set-option: bare or with a number, group_reporting=0 clears it */
		o->group_reporting = bool_value(value);
	else if (!strcmp(key, "namespaces"))
		o->namespaces = ns_count(value);
	else if (!strcmp(key, "filename"))
		o->filename = value;
	else if (!strcmp(key, "bssplit") || !strcmp(key, "bsrange") ||
		 !strcmp(key, "blocksize_range")) {
		o->bs_split = value;
		o->bs_split_key = key;
		o->bs_split_one = fr_bs_split_one(value, key[2] == 's', kb_base_of(o->kb_base));
		o->bs_varies = !o->bs_split_one;
	} else if (!strcmp(key, "percentage_random") || !strcmp(key, "percentage_sequential"))
		o->pct_random = !strcmp(key, "percentage_random") ? random_share(value)
				: random_share(value) < 0	  ? -1
								  : 100 - random_share(value);
	else if (!strcmp(key, "rwmixread") && (mix = mix_value(value)) >= 0)
		o->rwmixread = mix;
	else if (!strcmp(key, "rwmixwrite") && (mix = mix_value(value)) >= 0)
		o->rwmixread = 100 - mix;
	else if (!strcmp(key, "rwmixread") || !strcmp(key, "rwmixwrite"))
		o->rwmixread = -1; /* fio would have refused the job */
}

bool fr_opt_is_rate(const char *key)
{
	static const char *const rate[] = {"rate",	 "rate_iops",	  "rate_min",
					   "ratemin",	 "rate_iops_min", "rate_process",
					   "rate_cycle", "ratecycle",	  "rate_ignore_thinktime"};

	/* every job's every option is asked: most are not "rate..." at all */
	if (strncmp(key, "rate", 4))
		return false;
	for (size_t i = 0; i < sizeof(rate) / sizeof(rate[0]); i++)
		if (!strcmp(key, rate[i]))
			return true;
	return false;
}

bool fr_opt_is_pacing(const char *key)
{
	static const char *const order[] = {
		"name", "description", "stonewall", "wait_for_previous", "new_group", "wait_for"};

	/* the first letters of those (a quick no for most options) */
	if (!key[0] || !strchr("ndsw", key[0]))
		return fr_opt_is_rate(key);
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++)
		if (!strcmp(key, order[i]))
			return true;
	return fr_opt_is_rate(key);
}

/* fio's unit prefixes (parse.c): p, t, g, m, k with an optional "b", or the
 * IEC forms "pib".."kib"; kb_base decides which of the two is 1024. */
static int unit_mult(const char *u, unsigned kb_base, unsigned long long *mult)
{
	static const char prefixes[] = "kmgtp";
	const char *at;
	unsigned base = kb_base;

	*mult = 1;
	if (!*u)
		return 0;
	at = strchr(prefixes, u[0] | 0x20);
	if (!at)
		return -1;
	if (!strcasecmp(u + 1, "ib"))
		base = kb_base == 1000 ? 1024 : 1000;
	else if (u[1] && strcasecmp(u + 1, "b"))
		return -1;
	for (long p = at - prefixes; p >= 0; p--)
		*mult *= base;
	return 0;
}

int fr_fio_size(const char *s, unsigned kb_base, unsigned long long *bytes)
{
	unsigned long long n, mult;
	char *end;

	if (!s || !(*s >= '0' && *s <= '9'))
		return -1;
	errno = 0;
	n = strtoull(s, &end, 10);
	if (errno || unit_mult(end, kb_base, &mult) || !n || n > ~0ULL / mult)
		return -1;
	*bytes = n * mult;
	return 0;
}

/* 4096 -> "4k", 1048576 -> "1m", 4000 -> "4000". */
static void size_name(char *out, size_t len, unsigned long long b)
{
	if (b % (1024ULL * 1024) == 0)
		snprintf(out, len, "%llum", b / (1024ULL * 1024));
	else if (b % 1024 == 0)
		snprintf(out, len, "%lluk", b / 1024);
	else
		snprintf(out, len, "%llu", b);
}

/* bs=R[,W[,T]]: the read and write sizes ("4k" or "4k,64k"; an empty part
 * keeps the one before, as fio does). */
static int block_sizes(const struct fr_jobopts *o, unsigned kb_base, char *out, size_t len)
{
	const char *bs = o->bs ? o->bs : "4096"; /* fio's default */
	char part[2][32], name[2][24];
	unsigned long long b;
	const char *comma = strchr(bs, ',');
	size_t n0 = comma ? (size_t)(comma - bs) : strlen(bs);

	if (n0 >= sizeof(part[0]) || (comma && strlen(comma + 1) >= sizeof(part[1])))
		return -1;
	snprintf(part[0], sizeof(part[0]), "%.*s", (int)n0, bs);
	snprintf(part[1], sizeof(part[1]), "%s", comma ? comma + 1 : "");
	/* a third (trim) size does not change what reads and writes did */
	if (strchr(part[1], ','))
		*strchr(part[1], ',') = '\0';
	if (!*part[1])
		snprintf(part[1], sizeof(part[1]), "%s", part[0]);
	if (!*part[0])
		return -1;
	for (int i = 0; i < 2; i++) {
		if (fr_fio_size(part[i], kb_base, &b))
			return -1;
		size_name(name[i], sizeof(name[i]), b);
	}
	if (strcmp(name[0], name[1]))
		snprintf(out, len, "r%s-w%s", name[0], name[1]);
	else
		snprintf(out, len, "%s", name[0]);
	return 0;
}

unsigned fr_jobopts_bs(const struct fr_jobopts *o)
{
	unsigned kb_base = o->bs_kb_base;
	const char *bs = o->bs ? o->bs : "4096"; /* fio's default */
	unsigned long long b = 0, other;
	char *dup, *part, *save = NULL;
	int n = 0;

	if (o->bs_split)
		return o->bs_varies ? 0 : o->bs_split_one; /* bssplit= wins over bs= */
	if (!kb_base || !(dup = strdup(bs)))
		return 0;
	for (part = strtok_r(dup, ",", &save); part && n < 2;
	     part = strtok_r(NULL, ",", &save), n++)
		if (fr_fio_size(part, kb_base, n ? &other : &b) || (n && other != b))
			b = 0;
	free(dup);
	return b <= 1u << 30 ? (unsigned)b : 0;
}

int fr_jobopts_read_pct(const struct fr_jobopts *o)
{
	const char *rw = o->rw ? o->rw : "read"; /* fio's default */
	size_t len = strcspn(rw, ":");

#define RW_IS(s) (len == strlen(s) && !strncmp(rw, s, len))
	if (RW_IS("read") || RW_IS("randread"))
		return 100;
	if (RW_IS("write") || RW_IS("randwrite"))
		return 0;
	if (RW_IS("rw") || RW_IS("readwrite") || RW_IS("randrw"))
		return o->rwmixread;
#undef RW_IS
	return -1; /* trim, trimwrite, ... */
}

char *fr_profile_from_options(const struct fr_jobopts *o)
{
	const char *rw = o->rw ? o->rw : "read"; /* fio's default */
	unsigned kb_base = o->bs_kb_base;
	size_t rwlen = strcspn(rw, ":"); /* "randread:8" is randread with an offset step */
	char bs[64], *out = NULL;
	int r = o->rwmixread, n;

	errno = 0;
	if (o->bs_varies || r < 0)
		return NULL;
	if (o->bs_split) /* one size: bssplit=4k/100 is bs=4k */
		size_name(bs, sizeof(bs), o->bs_split_one);
	else if (!kb_base || block_sizes(o, kb_base, bs, sizeof(bs)))
		return NULL;
#define RW_IS(s) (rwlen == strlen(s) && !strncmp(rw, s, rwlen))
	/* a mix that is all one direction is that direction's workload */
	if ((RW_IS("randrw") || RW_IS("rw") || RW_IS("readwrite")) && (r == 0 || r == 100))
		n = asprintf(&out, "%s-%s%s", bs, RW_IS("randrw") ? "rand" : "seq",
			     r ? "read" : "write");
	else if (RW_IS("randread") || RW_IS("randwrite"))
		n = asprintf(&out, "%s-%.*s", bs, (int)rwlen, rw);
	else if (RW_IS("read") || RW_IS("write"))
		n = asprintf(&out, "%s-seq%.*s", bs, (int)rwlen, rw);
	else if (RW_IS("randrw"))
		n = asprintf(&out, "%s-randrw-%d-%d", bs, r, 100 - r);
	else if (RW_IS("rw") || RW_IS("readwrite"))
		n = asprintf(&out, "%s-seqrw-%d-%d", bs, r, 100 - r);
	else
		return NULL;
#undef RW_IS
	if (n < 0) {
		errno = ENOMEM;
		return NULL;
	}
	return out;
}
