// SPDX-License-Identifier: GPL-2.0-only
/*
 * Labelling rules (docs/fiorank.md, "Labels"), in one place:
 *   - a job name under the results contract gives profile, step and kind;
 *   - otherwise the job's options (read as fio reads them: jobopts.c)
 *     give the profile;
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

bool fr_host_drive_label(char *buf, size_t len, const char *model, const char *serial, double nsid)
{
	*buf = '\0';
	if (!model || !serial || !*model || !*serial)
		return false;
	if (isfinite(nsid))
		snprintf(buf, len, "%s %s ns%.0f", model, serial, nsid);
	else
		snprintf(buf, len, "%s %s", model, serial);
	return true;
}

/* fio's port when a --client names none */
#define FIO_NET_PORT 8765

bool fr_host_key(const char *host, char *buf, size_t len)
{
	const char *comma;
	double port = FIO_NET_PORT;
	size_t n;

	if (!strncmp(host, "ip:", 3))
		host += 3;
	else if (!strncmp(host, "ip6:", 4))
		host += 4;
	comma = strrchr(host, ',');
	n = comma ? (size_t)(comma - host) : strlen(host);
	if (comma) {
		char *end;

		port = strtod(comma + 1, &end);
		if (end == comma + 1 || *end || !(port >= 0))
			return false;
	}
	return snprintf(buf, len, "%.*s,%.0f", (int)n, host, port) < (int)len;
}

bool fr_client_key(const char *hostname, double port, char *buf, size_t len)
{
	return hostname && isfinite(port) && port >= 0 &&
	       snprintf(buf, len, "%s,%.0f", hostname, port) < (int)len;
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
