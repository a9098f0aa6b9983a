// SPDX-License-Identifier: GPL-2.0-only
/*
 * Labelling rules (docs/fiorank.md, "Labels"), in one place:
 *   - a job name under the results contract gives profile, step and kind;
 *   - otherwise the job's options (read as fio reads them) give the profile;
 *   - the drive is a client's hostname, or a label derived from the path.
 * The order between these sources (command line, manifest, engine identity)
 * is applied by the callers: inputs.c decides per file, read_fio.c per job.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model/label.h"

void fr_jobname_free(struct fr_jobname *n)
{
	free(n->profile);
	free(n->step);
	n->profile = n->step = NULL;
}

/* "nn-read-ns4" -> 4; 0 when the name carries no namespace. */
static unsigned ns_suffix(const char *name, const char *prefix)
{
	size_t pl = strlen(prefix);
	char *end;
	unsigned long v;

	if (strncmp(name, prefix, pl) || strncmp(name + pl, "-ns", 3) ||
	    !(name[pl + 3] >= '0' && name[pl + 3] <= '9'))
		return 0;
	v = strtoul(name + pl + 3, &end, 10);
	return (*end || v > 0xffffffffUL) ? 0 : (unsigned)v;
}

/* "nn-read" or "nn-read-ns<N>": the namespace in *nsid. */
static bool nn_name(const char *profile, const char *prefix, unsigned *nsid)
{
	size_t pl = strlen(prefix);

	if (strncmp(profile, prefix, pl))
		return false;
	*nsid = ns_suffix(profile, prefix);
	return !profile[pl] || *nsid;
}

int fr_label_set(char **dst, const char *src)
{
	char *s = strdup(src);

	if (!s)
		return -ENOMEM;
	free(*dst);
	*dst = s;
	return 0;
}

/* Test prefixes: wp-read/wp-write, nn-read/nn-write[-ns<N>], precond-<phase>. */
static int classify(struct fr_jobname *n)
{
	if (!strcmp(n->profile, "wp-read") || !strcmp(n->profile, "wp-write")) {
		n->kind = n->profile[3] == 'r' ? FR_KIND_WP_READ : FR_KIND_WP_WRITE;
		return fr_label_set(&n->profile, "write-pressure");
	}
	if (nn_name(n->profile, "nn-read", &n->nsid) || nn_name(n->profile, "nn-write", &n->nsid)) {
		n->kind = n->profile[3] == 'r' ? FR_KIND_NN_READ : FR_KIND_NN_WRITE;
		return fr_label_set(&n->profile, "noisy-neighbor");
	}
	/* the SATA roundup's method (issue 15): one profile, steps and rounds */
	if (!strcmp(n->profile, "tq-sweep") || !strcmp(n->profile, "tq-sweep-precond")) {
		n->kind = n->profile[8] ? FR_KIND_TQ_PRECOND : FR_KIND_TQ;
		return fr_label_set(&n->profile, "tq-sweep");
	}
	if (!strncmp(n->profile, "precond-", 8)) {
		n->kind = FR_KIND_PRECOND;
		if (fr_label_set(&n->step, n->profile + 8))
			return -ENOMEM;
		return fr_label_set(&n->profile, "precondition");
	}
	return 0;
}

int fr_parse_jobname(const char *jobname, struct fr_jobname *out)
{
	const char *at = strrchr(jobname, '@');

	memset(out, 0, sizeof(*out));
	out->kind = FR_KIND_CURVE;
	out->contract = at != NULL;
	out->profile = at ? strndup(jobname, (size_t)(at - jobname)) : strdup(jobname);
	out->step = strdup(at && at[1] ? at + 1 : "peak");
	if (!out->profile || !out->step || classify(out))
		goto oom;
	if (out->kind != FR_KIND_CURVE)
		out->contract = true;
	if (!*out->profile && fr_label_set(&out->profile, "unnamed"))
		goto oom;
	if (!*out->step && fr_label_set(&out->step, "peak"))
		goto oom;
	return 0;
oom:
	fr_jobname_free(out);
	return -ENOMEM;
}

/* "t<N>q<M>" with N, M >= 1 at the start of s; *rest (may be NULL) what
 * follows, which must be nothing when rest is NULL. */
static bool tq_step(const char *s, char **rest)
{
	unsigned long j, q;
	char *end;

	if (s[0] != 't' || !isdigit((unsigned char)s[1]))
		return false;
	j = strtoul(s + 1, &end, 10);
	if (*end != 'q' || !isdigit((unsigned char)end[1]))
		return false;
	q = strtoul(end + 1, &end, 10);
	if (j < 1 || q < 1 || j > 65536 || q > 65536)
		return false;
	if (rest)
		*rest = end;
	return rest || !*end;
}

const char *fr_step_problem(const char *jobname, const struct fr_jobname *n)
{
	char *end;
	double v;

	switch (n->kind) {
	case FR_KIND_WP_READ:
	case FR_KIND_WP_WRITE:
		v = strtod(n->step, &end);
		if (!strchr(jobname, '@'))
			return "a write-pressure job needs its write rate as the step "
			       "(wp-read@<MBps>)";
		if (end == n->step || *end || !isfinite(v) || v <= 0)
			return "the write-pressure step is not a number of MB/s "
			       "(wp-read@<MBps>)";
		return NULL;
	case FR_KIND_NN_READ:
	case FR_KIND_NN_WRITE:
		if (strchr(jobname, '@'))
			return "a noisy-neighbor job takes no step (nn-read[-ns<N>])";
		return NULL;
	case FR_KIND_TQ:
		if (!tq_step(n->step, NULL))
			return "a tq-sweep step is t<numjobs>q<iodepth> (tq-sweep@t4q4)";
		return NULL;
	case FR_KIND_TQ_PRECOND:
		if (!tq_step(n->step, &end) || strncmp(end, "-r", 2) ||
		    !isdigit((unsigned char)end[2]) || strtoul(end + 2, &end, 10) < 1 || *end)
			return "a tq-sweep preconditioning round is t<numjobs>q<iodepth>-r<round> "
			       "(tq-sweep-precond@t16q16-r3)";
		return NULL;
	default:
		return NULL;
	}
}

void fr_jobopts_init(struct fr_jobopts *o)
{
	memset(o, 0, sizeof(*o));
	o->rwmixread = 50;
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

/* fio's rwmixread/rwmixwrite: an integer 0..100 (each sets the other). */
static int mix_value(const char *v)
{
	char *end;
	long n = strtol(v, &end, 10);

	return (end == v || *end || n < 0 || n > 100) ? -1 : (int)n;
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
		 !strcmp(key, "blocksize_range"))
		o->bs_varies = true;
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

	for (size_t i = 0; i < sizeof(rate) / sizeof(rate[0]); i++)
		if (!strcmp(key, rate[i]))
			return true;
	return false;
}

bool fr_opt_is_pacing(const char *key)
{
	static const char *const order[] = {
		"name", "description", "stonewall", "wait_for_previous", "new_group", "wait_for"};

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

	if (o->bs_varies || !kb_base || !(dup = strdup(bs)))
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
	if (o->bs_varies || !kb_base || block_sizes(o, kb_base, bs, sizeof(bs)) || r < 0)
		return NULL;
#define RW_IS(s) (rwlen == strlen(s) && !strncmp(rw, s, rwlen))
	if (RW_IS("randread") || RW_IS("randwrite"))
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

void fr_job_label_free(struct fr_job_label *l)
{
	free(l->drive);
	free(l->profile);
	free(l->step);
	l->drive = l->profile = l->step = NULL;
}

/* A job name outside the contract: the manifest's test, else the options. */
static int label_by_hints(const struct fr_label *lb, const struct fr_jobopts *opts,
			  struct fr_job_label *out)
{
	char *prof;

	if (lb->profile_hint) {
		out->profile_named = true;
		out->step_named = lb->step_hint != NULL;
		return fr_label_set(&out->profile, lb->profile_hint) ||
				       (lb->step_hint && fr_label_set(&out->step, lb->step_hint))
			       ? -ENOMEM
			       : 0;
	}
	prof = fr_profile_from_options(opts);
	if (!prof)
		return errno == ENOMEM ? -ENOMEM : 0; /* the job name stays the profile */
	free(out->profile);
	out->profile = prof;
	return 0;
}

int fr_label_job(const struct fr_label *lb, const char *jobname, const char *host,
		 const struct fr_jobopts *opts, struct fr_job_label *out)
{
	const char *drive = lb->drive ? lb->drive : host ? host : lb->fallback_drive;
	struct fr_jobname n;

	memset(out, 0, sizeof(*out));
	if (fr_parse_jobname(jobname, &n))
		return -ENOMEM;
	out->profile = n.profile;
	out->step = n.step;
	out->kind = n.kind;
	out->nsid = n.nsid;
	out->profile_named = out->step_named = n.contract;
	if ((!n.contract && label_by_hints(lb, opts, out)) ||
	    (lb->profile && fr_label_set(&out->profile, lb->profile)) ||
	    (lb->step && fr_label_set(&out->step, lb->step)) ||
	    !(out->drive = strdup(drive ? drive : "unknown"))) {
		fr_job_label_free(out);
		return -ENOMEM;
	}
	out->profile_named |= lb->profile != NULL;
	out->step_named |= lb->step != NULL;
	/* n's strings now belong to out; its kind and step still say what the
	 * job name claimed */
	n.profile = out->profile;
	n.step = out->step;
	out->problem = lb->step ? NULL : fr_step_problem(jobname, &n);
	return 0;
}

char *fr_client_label(const char *host, double port, bool shared_host)
{
	char *out;

	if (shared_host && !isnan(port) && port >= 0) {
		if (asprintf(&out, "%s:%.0f", host, port) < 0)
			return NULL;
		return out;
	}
	return strdup(host);
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && !strcmp(s + n - k, suffix);
}

char *fr_fallback_label(const char *root, const char *path)
{
	const char *rel, *slash;
	size_t rl = strlen(root), n;

	if (!strncmp(path, root, rl) && path[rl] == '/')
		rel = path + rl + 1;
	else
		rel = (slash = strrchr(path, '/')) ? slash + 1 : path;
	n = strcspn(rel, "/");
	if (!rel[n] && ends_with(rel, ".json") && n > 5)
		n -= 5;
	return strndup(rel, n);
}

bool fr_test_names_itself(const char *test)
{
	return !strcmp(test, "write-pressure") || !strcmp(test, "noisy-neighbor") ||
	       !strcmp(test, "precondition") || !strcmp(test, "tq-sweep");
}

/* Contract order of profile ids (docs/fiorank.md); others follow by name. */
static const char *const known_profiles[] = {
	"4k-randread",
	"4k-randwrite",
	"64k-seqread",
	"64k-seqwrite",
	"4k-randrw-70-30",
	"8k-randrw-70-30",
	"16k-randrw-70-30",
	"sql",
	"sql-90-10",
	"sql-80-20",
	"oracle",
	"oracle-90-10",
	"oracle-80-20",
	"vdi-fc-boot",
	"vdi-fc-initial-login",
	"vdi-fc-monday-login",
	"vdi-lc-boot",
	"vdi-lc-initial-login",
	"vdi-lc-monday-login",
};
#define NKNOWN (sizeof(known_profiles) / sizeof(known_profiles[0]))

bool fr_profile_by_mbps(const char *profile)
{
	return strstr(profile, "seq") != NULL;
}

unsigned fr_profile_block_size(const char *profile)
{
	char *end;
	unsigned long kib = strtoul(profile, &end, 10);

	if (end == profile || strncmp(end, "k-", 2) || !kib || kib > 65536)
		return 0;
	return (unsigned)kib * 1024;
}

static size_t profile_order(const char *name)
{
	size_t len = strlen(name), base = strlen("-high");
	bool high = len > base && !strcmp(name + len - base, "-high");

	for (size_t i = 0; i < NKNOWN; i++) {
		size_t kl = strlen(known_profiles[i]);

		if (!strcmp(name, known_profiles[i]))
			return 2 * i;
		if (high && kl == len - base && !strncmp(name, known_profiles[i], kl))
			return 2 * i + 1;
	}
	return 2 * NKNOWN;
}

int fr_profile_cmp(const char *a, const char *b)
{
	size_t oa = profile_order(a), ob = profile_order(b);

	if (oa != ob)
		return oa < ob ? -1 : 1;
	return strcmp(a, b);
}
