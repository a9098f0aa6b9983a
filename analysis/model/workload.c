// SPDX-License-Identifier: GPL-2.0-only
/*
 * Workloads as fio means them (issue 21): what a profile id names, what a
 * job's options ask for, and one spelling per option so that "bs=4096" and
 * "bs=4k", or "iodepth=1" and no iodepth at all, are the same workload.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/label.h"

/* "4k", "128k", "1m", "4000" (fr_profile_from_options' size_name()). */
static int name_size(const char *s, size_t len, unsigned *out)
{
	char buf[24];
	unsigned long long b;

	if (!len || len >= sizeof(buf))
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (fr_fio_size(buf, 1024, &b) || b > 1u << 30)
		return -1;
	*out = (unsigned)b;
	return 0;
}

/* "randrw-70-30" after its prefix: the read share, when the two add to 100. */
static int mix_of(const char *s, int *read_pct)
{
	char *end;
	long r = strtol(s, &end, 10), w;

	if (end == s || *end != '-' || !isdigit((unsigned char)end[1]))
		return -1;
	w = strtol(end + 1, &end, 10);
	if (*end || r < 0 || w < 0 || r + w != 100)
		return -1;
	*read_pct = (int)r;
	return 0;
}

int fr_workload_of_name(const char *profile, struct fr_workload *w)
{
	static const struct {
		const char *rw;
		int read_pct, random;
	} kinds[] = {{"randread", 100, 1}, {"randwrite", 0, 1}, {"seqread", 100, 0},
		     {"seqwrite", 0, 0},   {"randrw-", -1, 1},	{"seqrw-", -1, 0}};
	const char *dash = strchr(profile, '-'), *rest;

	if (!dash)
		return -1;
	rest = dash + 1;
	/* "r4k-w64k-randread": a size per direction */
	if (profile[0] == 'r' && isdigit((unsigned char)profile[1]) && !strncmp(rest, "w", 1)) {
		const char *d2 = strchr(rest, '-');

		if (!d2 || name_size(profile + 1, (size_t)(dash - profile - 1), &w->bs[0]) ||
		    name_size(rest + 1, (size_t)(d2 - rest - 1), &w->bs[1]))
			return -1;
		rest = d2 + 1;
	} else {
		if (name_size(profile, (size_t)(dash - profile), &w->bs[0]))
			return -1;
		w->bs[1] = w->bs[0];
	}
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		size_t n = strlen(kinds[i].rw);

		if (strncmp(rest, kinds[i].rw, n))
			continue;
		w->random = kinds[i].random;
		w->read_pct = kinds[i].read_pct;
		if (w->read_pct < 0)
			return mix_of(rest + n, &w->read_pct);
		return rest[n] ? -1 : 0;
	}
	return -1;
}

/* One size of bs=R,W[,T] in bytes (an empty part keeps the one before). */
static unsigned opt_size(const char *part, size_t len, unsigned kb_base)
{
	char buf[32];
	unsigned long long b;

	if (!len || len >= sizeof(buf))
		return 0;
	memcpy(buf, part, len);
	buf[len] = '\0';
	return fr_fio_size(buf, kb_base, &b) || b > 1u << 30 ? 0 : (unsigned)b;
}

void fr_workload_of_opts(const struct fr_jobopts *o, struct fr_workload *w)
{
	const char *rw = o->rw ? o->rw : "read", *bs = o->bs ? o->bs : "4096";
	size_t n0 = strcspn(bs, ",");

	w->bs[0] = w->bs[1] = 0;
	if (o->bs_split) /* bssplit= wins over bs=; one size is that size */
		w->bs[0] = w->bs[1] = o->bs_varies ? 0 : o->bs_split_one;
	else if (o->bs_kb_base) {
		const char *wpart = bs[n0] ? bs + n0 + 1 : bs;
		size_t n1 = strcspn(wpart, ",");

		w->bs[0] = opt_size(bs, n0, o->bs_kb_base);
		w->bs[1] = n1 ? opt_size(wpart, n1, o->bs_kb_base) : w->bs[0];
	}
	w->read_pct = fr_jobopts_read_pct(o);
	w->random = !strncmp(rw, "rand", 4) ? 1 : w->read_pct >= 0 ? 0 : -1;
	/* a random rw= with percentage_random=0 runs sequentially */
	if (w->random == 1 && o->pct_random != 100)
		w->random = o->pct_random == 0 ? 0 : -1;
}

/* fio's defaults of the options a workload is compared on. */
static const struct {
	const char *key, *value;
} defaults[] = {{"iodepth", "1"},
		{"numjobs", "1"},
		{"rw", "read"},
		{"bs", "4096"},
		{"rwmixread", "50"},
		{"kb_base", "1024"},
		{"direct", "0"},
		{"group_reporting", "0"},
		{"time_based", "0"},
		{"ramp_time", "0"},
		{"do_verify", "1"},
		{"verify", "0"},
		{"percentage_random", "100"}};

static const char *main_key(const char *key)
{
	static const struct {
		const char *alias, *key;
	} aliases[] = {{"readwrite", "rw"},
		       {"blocksize", "bs"},
		       {"rwmixwrite", "rwmixread"},
		       {"blockalign", "ba"},
		       {"io_limit", "io_size"}};

	for (size_t i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++)
		if (!strcmp(key, aliases[i].alias))
			return aliases[i].key;
	return key;
}

/* Options whose value is a size (or sizes "R,W,T"): written in bytes. */
static bool size_key(const char *key)
{
	static const char *const keys[] = {"bs",
					   "ba",
					   "size",
					   "io_size",
					   "filesize",
					   "offset",
					   "offset_increment",
					   "zonesize",
					   "zonerange",
					   "zoneskip"};

	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (!strcmp(key, keys[i]))
			return true;
	return false;
}

/* "4k,64k" -> "4096,65536"; an empty part repeats the one before, and
 * "4096,4096,4096" is "4096"; false when a part is not a size. */
static bool canon_sizes(const char *v, char *out, size_t len)
{
	unsigned long long part[3] = {0}, b;
	size_t np = 0;

	for (const char *p = v; np < 3; np++) {
		size_t n = strcspn(p, ",");
		char buf[32];

		if (n >= sizeof(buf))
			return false;
		memcpy(buf, p, n);
		buf[n] = '\0';
		if (!n && np)
			b = part[np - 1];
		else if (fr_fio_size(buf, 1024, &b))
			return false;
		part[np] = b;
		if (!p[n])
			break;
		p += n + 1;
	}
	np = np < 3 ? np + 1 : 3;
	while (np > 1 && part[np - 1] == part[np - 2])
		np--;
	if (np == 1)
		snprintf(out, len, "%llu", part[0]);
	else if (np == 2)
		snprintf(out, len, "%llu,%llu", part[0], part[1]);
	else
		snprintf(out, len, "%llu,%llu,%llu", part[0], part[1], part[2]);
	return true;
}

/* snprintf(dst, len, "%s", src) without the formatting machinery (every
 * option of every job passes here twice). */
static void copy_str(char *dst, size_t len, const char *src)
{
	size_t n = strlen(src);

	if (!len)
		return;
	if (n >= len)
		n = len - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

bool fr_opt_canon(const char *key, const char *value, char *ckey, size_t klen, char *cval,
		  size_t vlen)
{
	const char *k = main_key(key);

	copy_str(ckey, klen, k);
	copy_str(cval, vlen, value ? value : "");
	if (!strcmp(key, "rwmixwrite"))
		snprintf(cval, vlen, "%ld", 100 - strtol(value ? value : "50", NULL, 10));
	else if (!strcmp(k, "rw") && !strcmp(cval, "readwrite"))
		snprintf(cval, vlen, "rw");
	else if (size_key(k) && value && !strchr(value, '%') && !canon_sizes(value, cval, vlen))
		snprintf(cval, vlen, "%s", value);
	else if ((!strcmp(k, "bssplit") || !strcmp(k, "bsrange")) &&
		 fr_bs_split_one(cval, k[2] == 's', 1024)) {
		/* one size: bssplit=4k/100 is bs=4k */
		snprintf(cval, vlen, "%u", fr_bs_split_one(cval, k[2] == 's', 1024));
		copy_str(ckey, klen, "bs");
	} else if (!strcmp(k, "verify") && !strcmp(cval, "none"))
		snprintf(cval, vlen, "0");
	else if (!strcmp(k, "ioengine") && !strncmp(cval, "external:", 9) && strrchr(cval, '/'))
		/* the engine, not the checkout it was built in */
		memmove(cval + 9, strrchr(cval, '/') + 1, strlen(strrchr(cval, '/') + 1) + 1);
	for (size_t i = 0; i < sizeof(defaults) / sizeof(defaults[0]); i++)
		if (!strcmp(ckey, defaults[i].key) && !strcmp(cval, defaults[i].value))
			return false;
	return true;
}

bool fr_opt_not_workload(const char *key)
{
	/* where the data, the outputs and the engine's files went (its
	 * results file is named per run, docs/engine.md) */
	static const char *const keys[] = {"filename",	     "directory", "name",
					   "description",    "output",	  "per_job_logs",
					   "ssdnvme_results"};

	if (fr_opt_is_rate(key) || fr_opt_is_pacing(key) || !strncmp(key, "write_", 6) ||
	    !strncmp(key, "log_", 4))
		return true;
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (!strcmp(key, keys[i]))
			return true;
	return false;
}
